package pane_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// inFlightColumn reads the chain pane's "in flight" column, one number per
// service row (the front first), from a view drawn with every column.
func inFlightColumn(t *testing.T, view string) []int {
	t.Helper()
	lines := strings.Split(ansi.Strip(view), "\n")
	head := -1
	for i, l := range lines {
		if strings.Contains(l, "in flight") {
			head = i
			break
		}
	}
	if head < 0 {
		t.Fatalf("no in-flight column:\n%s", view)
	}
	// The column is right-aligned under its head: its cells end where the
	// head does.
	end := len([]rune(lines[head][:strings.Index(lines[head], "in flight")])) + len("in flight")
	var out []int
	for _, l := range lines[head+1:] {
		r := []rune(l)
		if len(r) < end || strings.Contains(l, "(leaf)") {
			break
		}
		fields := strings.Fields(string(r[:end]))
		if len(fields) == 0 {
			break
		}
		n, err := strconv.Atoi(strings.ReplaceAll(fields[len(fields)-1], ",", ""))
		if err != nil {
			break // the leaf's line or the footer
		}
		out = append(out, n)
	}
	return out
}

// wantInFlight is what the engine counts for each service row: the front's
// calls in flight on every edge into the first service, and each service's
// on its edge to what it calls.
func wantInFlight(s *engine.Snapshot) []int {
	front := 0
	for _, d := range s.Dependencies {
		if d.Service == s.Services[0].Name {
			front += d.InFlight
		}
	}
	out := []int{front}
	for _, sv := range s.Services {
		n := 0
		for _, d := range sv.Dependencies {
			if d.Name == sv.Calls {
				n = d.InFlight
			}
		}
		out = append(out, n)
	}
	return out
}

// The chain's "in flight" is the engine's, on every built-in scenario with
// services: the front's counts all its edges into the next hop, as in
// lesson 10, where search and the partner reach catalog each on an edge of
// its own (at 17.8 s the front's 80 workers wait on catalog's 20 busy and
// 60 queued; the search edge alone carries 13 of them).
func TestChainInFlightIsTheEngines(t *testing.T) {
	const w = 200
	for _, b := range scenarios.All() {
		sc := b.Build()
		for v := range sc.Variants {
			r, err := engine.New(sc, v, 5)
			if err != nil {
				t.Fatal(err)
			}
			for _, at := range []time.Duration{sc.Duration / 4, 17800 * time.Millisecond, sc.Duration / 2} {
				if at < r.Now() {
					continue
				}
				r.AdvanceTo(at)
				s := r.Snapshot()
				if len(s.Services) == 0 {
					continue
				}
				c := pane.NewChain(tuitest.Plain())
				c.SetData(pane.Data{Snap: &s, Gen: 1})
				c.SetSize(w, c.Needs(w))
				view := c.View()
				got, want := inFlightColumn(t, view), wantInFlight(&s)
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("%s/%d at %v: in flight %v, the engine's %v:\n%s", b.Name, v, at, got, want, ansi.Strip(view))
				}
			}
		}
	}
}

// The front's edges each keep their own breaker's word: one edge with a
// breaker beside one without is not read as both having it.
func TestChainFrontEdgesEachWithItsBreaker(t *testing.T) {
	r, err := engine.New(scenarios.RateLimitVsBulkhead(), 0, 5)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(17800 * time.Millisecond)
	s := r.Snapshot()
	var names []string
	for _, d := range s.Dependencies {
		if d.Service != "" {
			names = append(names, d.Name)
		}
	}
	if len(names) != 2 {
		t.Fatalf("the scenario's front should reach catalog on two edges, got %v", names)
	}
	c := pane.NewChain(tuitest.Plain())
	c.SetData(pane.Data{Snap: &s, Gen: 1})
	c.SetSize(200, c.Needs(200))
	if v := ansi.Strip(c.View()); !strings.Contains(v, names[0]+" + "+names[1]+", no breaker") {
		t.Errorf("the front's row should name both edges:\n%s", v)
	}
	deps := append([]engine.DependencySnapshot(nil), s.Dependencies...)
	deps[1].Breaker = &engine.BreakerSnapshot{State: breaker.Open}
	s.Dependencies = deps
	c.SetData(pane.Data{Snap: &s, Gen: 2})
	v := ansi.Strip(c.View())
	for _, want := range []string{names[0] + " no breaker", names[1] + " " + string(pane.BandGlyph(breaker.Open)) + " open"} {
		if !strings.Contains(v, want) {
			t.Errorf("the front's row lacks %q:\n%s", want, v)
		}
	}
}
