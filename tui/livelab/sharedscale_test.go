package livelab

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/theme"
)

// gaugeTop is the label at the top of a gauge's y axis, as drawn.
var gaugeTop = regexp.MustCompile(`(?m)^│ *([0-9.]+)[│┤]`)

// The Go server's Transport charts, simulated and measured side by side,
// are drawn on one y scale, the larger of their own: on its own each, a
// measured pool whose most in use went past twice its size topped out
// higher than the simulated one beside it.
func TestPairedGaugesShareOneScale(t *testing.T) {
	racefree.Only(t) // no goroutine: the model is driven by hand
	sc := scenarios.GoServer()
	v := len(sc.Variants) - 1
	sim := fakeReal(t, sc, v, 6, 200*time.Millisecond)
	real := func() engine.Snapshot {
		s := sim()
		if len(s.Pools) > 0 {
			// The measured side's pool held three times the connections
			// the simulated one did, from the start.
			p := &s.Pools[0]
			p.Series = slices.Clone(p.Series)
			for i := range p.Series {
				p.Series[i].InUse = 3*p.Series[i].InUse + 1
			}
			p.InUseMax = 3*p.InUseMax + 1
		}
		return s
	}
	m, err := New(Options{Theme: theme.New(theme.Plain()), Scenario: sc, Variant: v, Seed: 5, Where: "127.0.0.1:7011", Real: real})
	if err != nil {
		t.Fatal(err)
	}
	for range 20 {
		m.Update(tickMsg{})
	}
	checkFrame(t, m, 200, 60)
	a, b := m.sides[0].conns, m.sides[1].conns
	own := [2]float64{a.ScaleTop(), b.ScaleTop()}
	if own[0] == own[1] {
		t.Fatalf("the two sides' own tops are both %v: the test shows nothing", own[0])
	}
	want := max(own[0], own[1])
	for i, view := range []string{a.View(), b.View()} {
		got := gaugeTop.FindStringSubmatch(view)
		if got == nil {
			t.Fatalf("side %d: no top label on the y axis:\n%s", i, view)
		}
		if got[1] != formatTop(want) {
			t.Errorf("side %d's scale tops out at %s, want the larger of %v, %s:\n%s", i, got[1], own, formatTop(want), view)
		}
	}
}

func formatTop(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// The calls in flight at the provider, simulated and measured side by
// side, are drawn on one y scale too.
func TestPairedInFlightShareOneScale(t *testing.T) {
	racefree.Only(t) // no goroutine: the model is driven by hand
	sc := scenarios.Checkout()
	sim := fakeReal(t, sc, 0, 6, 200*time.Millisecond)
	real := func() engine.Snapshot {
		s := sim()
		for i := range s.Dependencies {
			// The measured provider had three times the calls at once.
			d := &s.Dependencies[i]
			d.Series = slices.Clone(d.Series)
			for j := range d.Series {
				d.Series[j].InFlight = 3*d.Series[j].InFlight + 1
			}
			d.InFlightMax = 3*d.InFlightMax + 1
		}
		return s
	}
	m := newModel(t, 0, real)
	for range 20 {
		m.Update(tickMsg{})
	}
	for _, size := range [][2]int{{80, 40}, {200, 60}} {
		checkFrame(t, m, size[0], size[1])
		a, b := m.sides[0].inf, m.sides[1].inf
		own := [2]float64{a.ScaleTop(), b.ScaleTop()}
		if own[0] == own[1] {
			t.Fatalf("%v: the two sides' own tops are both %v: the test shows nothing", size, own[0])
		}
		want := formatTop(max(own[0], own[1]))
		for i, view := range []string{a.View(), b.View()} {
			if got := gaugeTop.FindStringSubmatch(view); got == nil || got[1] != want {
				t.Errorf("%v: side %d's scale tops out at %v, want the larger of %v, %s:\n%s", size, i, got, own, want, view)
			}
		}
	}
}

// A run that finished after its load ended says why, from its own
// figures, where the finish is shown: the time axes stop at the load's end.
func TestFinishPastTheLoadSaysWhy(t *testing.T) {
	racefree.Only(t) // no goroutine: the model is driven by hand
	m := newModel(t, 0, func() engine.Snapshot { return snapAt(11600*time.Millisecond, true, 0, 0) })
	m.run.AdvanceTo(m.run.End())
	m.Update(tickMsg{})
	for _, size := range [][2]int{{80, 24}, {200, 60}} {
		out := checkFrame(t, m, size[0], size[1])
		if !strings.Contains(strings.Join(strings.Fields(out), " "), "finished at 11.6 s, 5.6 s after its load ended at 6.0 s") {
			t.Errorf("%v: the finish past the load is not explained:\n%s", size, out)
		}
	}
	out := checkFrame(t, m, 200, 60)
	if !strings.Contains(out, "measured · finished at 11.6 s, 5.6 s past the load") {
		t.Errorf("the head at 200 columns does not say how far past the load:\n%s", out)
	}
}

// At 80 columns the head says the load's span beside the finish, and a
// finish a moment past the load is not explained at length.
func TestFinishJustPastTheLoad(t *testing.T) {
	racefree.Only(t) // no goroutine: the model is driven by hand
	m := newModel(t, 0, func() engine.Snapshot { return snapAt(6300*time.Millisecond, true, 0, 0) })
	m.run.AdvanceTo(m.run.End())
	m.Update(tickMsg{})
	out := checkFrame(t, m, 80, 24)
	if !strings.Contains(out, "measured · done 6.3 s (load 0–6.0 s)") || strings.Contains(out, "after its load ended") {
		t.Errorf("a finish 0.3 s past the load:\n%s", out)
	}
}
