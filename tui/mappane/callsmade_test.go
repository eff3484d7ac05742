package mappane

import (
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// reachedCases are moments where calls made to a part and the attempts
// that reached it part ways, and one where they do not: go-server's
// payments host unreachable, dialled and never reached (no bulkhead, then
// a full one), and hung, reached by every call; cascade's recommendations behind a full bulkhead, then an open
// breaker; fleet-probes' provider, its callers' breakers open; the
// limited catalog; api-gateway's shared breaker open; go-inventory
// answering every call.
var reachedCases = []struct {
	scenario string
	v        int
	at       time.Duration
}{
	{tuitest.UnreachableGoServer, 0, 30 * time.Second}, {tuitest.UnreachableGoServer, 1, 30 * time.Second},
	{"go-server", 0, 30 * time.Second}, {"cascade", 1, 20 * time.Second}, {"cascade", 2, 30 * time.Second},
	{"fleet-probes", 0, 30 * time.Second}, {"rate-limit-vs-bulkhead", 1, 20 * time.Second},
	{"api-gateway", 1, 25 * time.Second}, {"go-inventory", 0, 30 * time.Second},
}

// reachedOver is, for each part of s that is called (a dependency of the
// front, a service), the attempts the engine counted as reaching it since
// was, an earlier snapshot of the same run (DependencySnapshot.Calls,
// every caller's edges summed for a service).
func reachedOver(was, s *engine.Snapshot) map[string]uint64 {
	out := map[string]uint64{}
	add := func(now, then []engine.DependencySnapshot) {
		for i, d := range now {
			name := d.Name
			if d.Service != "" {
				name = d.Service
			}
			out[name] += d.Calls - then[i].Calls
		}
	}
	add(s.Dependencies, was.Dependencies)
	for i := range s.Services {
		add(s.Services[i].Dependencies, was.Services[i].Dependencies)
	}
	return out
}

// A part's calls/s on the map is the attempts that reached it: over the
// rate window, the engine's own count of them between the window's two
// ends, a second. It read the calls made, and so said go-server's
// unreachable payments took 190 calls a second while the host never
// accepted one,
// and cascade's recommendations 99/s while its open breaker refused
// every call.
func TestMapCallsAreTheAttemptsTheEngineSawReachIt(t *testing.T) {
	apart := 0 // parts whose calls made are not the ones that reached them
	for _, c := range reachedCases {
		r, err := engine.New(tuitest.Scenario(t, c.scenario), c.v, tuitest.Seed)
		if err != nil {
			t.Fatal(err)
		}
		r.AdvanceTo(c.at - rateWindow)
		was := r.Snapshot()
		r.AdvanceTo(c.at)
		s := r.Snapshot()
		m := newMap(&s, 200, 40)
		view := ansi.Strip(m.View())
		for name, n := range reachedOver(&was, &s) {
			want := float64(n) / rateWindow.Seconds()
			node := nodeNamed(t, m, name)
			if math.Abs(node.rate-want) > 1e-9*(want+1) {
				t.Errorf("%s variant %d at %v, %s: %.2f calls/s, want the %.2f a second that reached it (%d in %v)",
					c.scenario, c.v+1, c.at, name, node.rate, want, n, rateWindow)
			}
			if cell := rateCellOf(view, name); !strings.HasPrefix(cell, pane.Rate(want)) {
				t.Errorf("%s variant %d at %v, %s: calls/s reads %q, want %s first", c.scenario, c.v+1, c.at, name, cell, pane.Rate(want))
			}
			if strings.Contains(rateCellOf(view, name), " made") {
				apart++
			}
		}
	}
	if apart < 5 {
		t.Errorf("%d parts say calls made apart from the ones that reached them, want the hangs, breakers and limits these moments hold", apart)
	}
}

// Where most calls made to a part did not reach it, the map says the
// calls made beside the rate, and why when the sample shows it:
// payments' calls dialling the unreachable host, behind its full bulkhead
// in the second variant, recommendations' breaker open; the hung host
// accepts the dials, and every call made reaches it. The limiter's
// refusals and the fleet's open breakers leave no trace in the edge's
// sample: no reason is given there, rather than a guess. A dependency
// that answers its calls has no second figure. A hung dependency answers
// none: no failed share, not a 0% that reads as calls answering well.
func TestMapSaysTheCallsMadeThatDidNotReachIt(t *testing.T) {
	for _, c := range []struct {
		scenario string
		v        int
		at       time.Duration
		name     string
		why      string // "-": calls made not said
		none     bool   // none answered
	}{
		{tuitest.UnreachableGoServer, 0, 30 * time.Second, "payments", "still dialling", true},
		{tuitest.UnreachableGoServer, 1, 30 * time.Second, "payments", "bulkhead full", false},
		{"go-server", 0, 30 * time.Second, "payments", "-", false},
		{"cascade", 2, 30 * time.Second, "recommendations", "breaker open", false},
		{"cascade", 1, 20 * time.Second, "recommendations", "bulkhead full", false},
		{"fleet-probes", 0, 30 * time.Second, "provider", "", false},
		{"rate-limit-vs-bulkhead", 1, 20 * time.Second, "catalog", "", false},
		{"go-inventory", 0, 30 * time.Second, "inventory", "-", false},
	} {
		s := snapAt(t, c.scenario, c.v, c.at)
		m := newMap(s, 200, 40)
		view := ansi.Strip(m.View())
		n := nodeNamed(t, m, c.name)
		var calls pane.Calls
		for _, d := range everyEdgeTo(s, c.name) {
			e, _ := pane.CallsOver(d.Series, s.SampleEvery, rateWindow, 0)
			calls.Add(e)
		}
		made := pane.Rate(calls.MadeRate(s.SampleEvery))
		want := pane.Rate(n.rate) + " · " + made + " made"
		if c.why != "" {
			want += ", " + c.why
		}
		cell := rateCellOf(view, c.name)
		switch {
		case c.why == "-":
			if cell != pane.Rate(n.rate) {
				t.Errorf("%s variant %d at %v: %s's calls/s %q, want %s alone", c.scenario, c.v+1, c.at, c.name, cell, pane.Rate(n.rate))
			}
		case cell != want:
			t.Errorf("%s variant %d at %v: %s's calls/s %q, want %q", c.scenario, c.v+1, c.at, c.name, cell, want)
		}
		if c.none && !strings.Contains(lineOf(view, c.name+" "), cell+"  "+noneAnswered) {
			t.Errorf("%s variant %d at %v: %s's row %q, want %q for its failed share", c.scenario, c.v+1, c.at, c.name, lineOf(view, c.name+" "), noneAnswered)
		}
	}
}

// Narrow, the rate column shortens its words (the reason first, then the
// calls made) rather than give way or cut a number: at every width, each
// part's cell is one of its wordings whole.
func TestMapRateCellsShortenWhole(t *testing.T) {
	for _, c := range reachedCases {
		s := snapAt(t, c.scenario, c.v, c.at)
		for w := 40; w <= 200; w += 4 {
			view := ansi.Strip(newMap(s, w, 40).View())
			if !strings.Contains(lineOf(view, " node "), "calls/s") {
				continue
			}
			for i := range s.Dependencies {
				d := &s.Dependencies[i]
				if d.Service != "" {
					continue
				}
				calls, _ := pane.CallsOver(d.Series, s.SampleEvery, rateWindow, pane.OneCap(d))
				words := calls.RateWords(s.SampleEvery)
				cell := rateCellOf(view, d.Name)
				whole := false
				for _, word := range words {
					whole = whole || cell == word
				}
				if !whole {
					t.Errorf("%s variant %d at %v, %d wide: %s's calls/s %q is none of %q", c.scenario, c.v+1, c.at, w, d.Name, cell, words)
				}
			}
		}
	}
}

// everyEdgeTo is every edge of s that calls the part name.
func everyEdgeTo(s *engine.Snapshot, name string) []*engine.DependencySnapshot {
	var out []*engine.DependencySnapshot
	add := func(deps []engine.DependencySnapshot) {
		for i := range deps {
			if d := &deps[i]; d.Name == name && d.Service == "" || d.Service == name {
				out = append(out, d)
			}
		}
	}
	add(s.Dependencies)
	for i := range s.Services {
		add(s.Services[i].Dependencies)
	}
	return out
}

// rateCellOf is the calls/s cell of the row of the part name in a map's
// view: the text under the heading up to the next column's.
func rateCellOf(view, name string) string {
	head := []rune(lineOf(view, " node "))
	var row []rune
	for _, l := range strings.Split(view, "\n") {
		if strings.Contains(l, " "+name+" ") && !strings.Contains(l, "↑ ") {
			row = []rune(l)
			break
		}
	}
	at := strings.Index(string(head), "calls/s")
	if at < 0 || row == nil {
		return ""
	}
	from := len([]rune(string(head)[:at]))
	to := len(head) - 1 // the frame's edge
	if next := strings.Index(string(head[from:]), "failed"); next >= 0 {
		to = from + len([]rune(string(head[from:])[:next]))
	}
	if to > len(row) {
		return ""
	}
	return strings.TrimSpace(string(row[from:to]))
}

// Every built-in scenario, every variant, every other second, at three
// widths: the map draws each part's calls/s as one of its wordings,
// whole. A service called along two edges kept one edge's reason while
// the sum of their calls reached it, and the map asked for a wording the
// sum did not have (a lesson's map panicked mid-play).
func TestMapRatesAreWholeThroughEveryRun(t *testing.T) {
	checked, apart := 0, 0
	for _, b := range scenarios.All() {
		sc := b.Build()
		for v := range sc.Variants {
			r, err := engine.New(sc, v, tuitest.Seed)
			if err != nil {
				t.Fatal(err)
			}
			for at := 2 * time.Second; at <= sc.Duration; at += 2 * time.Second {
				r.AdvanceTo(at)
				s := r.Snapshot()
				for _, w := range []int{55, 90, 200} {
					m := newMap(&s, w, 40)
					view := ansi.Strip(m.View())
					for i := range m.g.nodes {
						n := &m.g.nodes[i]
						if n.kind != Service && n.kind != Leaf || !n.ok {
							continue
						}
						cell := rateCellOf(view, n.name)
						if cell == "" {
							continue
						}
						checked++
						if len(n.rateWords) > 1 {
							apart++
						}
						if !slices.Contains(n.rateWords, cell) {
							t.Errorf("%s variant %d at %v, %d wide: %s's calls/s %q is none of %q", sc.Name, v+1, at, w, n.name, cell, n.rateWords)
						}
					}
				}
			}
		}
	}
	if checked < 1000 || apart < 100 {
		t.Errorf("%d cells checked, %d of them with the calls made apart: want the runs' thousands, hundreds apart", checked, apart)
	}
}
