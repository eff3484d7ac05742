package challenge

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// windowWords writes a window as a goal line should, worked out here
// from the scenario's measure_from and measure_to rather than by the code
// under test: "5–25 s", or "0.5–2 s".
func windowWords(t *testing.T, from, to time.Duration) string {
	t.Helper()
	s := func(d time.Duration) string { return strings.TrimSuffix(fmt.Sprintf("%g", d.Seconds()), ".0") }
	if from%time.Millisecond != 0 || to%time.Millisecond != 0 {
		t.Fatalf("window %s–%s: write its words in milliseconds here", from, to)
	}
	return s(from) + "–" + s(to) + " s"
}

// A reviewer (level 6): "orders refused 87.8%" was a share of the requests
// that arrived in 5–25 s, and no line said so, while goals with a window of
// their own showed it. Every built-in goal, par and claim on a scenario now
// names the window its value is measured over, the scenario's
// measure_from–measure_to where it has none of its own, and that is the
// window the engine counts in: the start is run again with the window
// widened to the whole run, and a goal whose value moves must name it.
func TestGoalsNameTheWindowTheEngineMeasures(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	named := 0
	for _, c := range all {
		if c.Scenario == nil {
			continue // the shuffle lab has no window
		}
		sc := c.startScenario()
		whole := cloneScenario(sc)
		whole.MeasureFrom, whole.MeasureTo = 0, sc.Duration
		seed := c.Seeds[0]
		inWindow, err := c.run(sc, nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		overAll, err := c.run(whole, nil, seed)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range c.everyGoal() {
			if g.Window != nil {
				continue // its own window, shown already
			}
			label := LabelWithWindow(g.Label, g)
			m := metrics[g.Metric]
			a, aok, _ := m.eval(inWindow, g.Args)
			b, bok, _ := m.eval(overAll, g.Args)
			moves := aok != bok || a.F != b.F
			words := "(" + windowWords(t, sc.MeasureFrom, sc.MeasureTo) + ")"
			switch {
			case moves && !strings.HasSuffix(label, words):
				t.Errorf("%s: %q is measured in %s (%s there, %s over the whole run), and its line %q does not say so", c.ID, g.Text, words, g.FormatValue(a), g.FormatValue(b), label)
			case label != g.Label && label != g.Label+" "+words:
				t.Errorf("%s: %q names a window other than the scenario's %s: %q", c.ID, g.Text, words, label)
			case (g.Metric == "share" || g.Metric == "tenant-share") && (sc.MeasureFrom != 0 || sc.MeasureTo != sc.Duration) && !strings.HasSuffix(label, words):
				t.Errorf("%s: the share %q counts the requests of %s, and its line %q does not say so", c.ID, g.Text, words, label)
			}
			if strings.HasSuffix(label, words) {
				named++
			}
		}
	}
	if named < 11 {
		t.Errorf("only %d goals name the scenario's window; the reviewer counted 11 scenarios with one", named)
	}
	// The reviewer's line, as --check and the screen write it.
	c := lookup(t, "layer-order")
	for i := range c.Goals {
		if g := &c.Goals[i]; g.Text == "share orders rejected <= 1%" {
			if got := LabelWithWindow(g.Label, g); got != "orders refused (5–25 s)" {
				t.Errorf("level 6's refused orders read %q", got)
			}
			return
		}
	}
	t.Errorf("level 6 has no goal on its refused orders: %v", c.Goals)
}

// Level 8 at 80 columns, overlap-limited, 2 workers each, on most workers
// shared: the note under the knob read four lines of nested clauses. It now
// names the knob that holds it and what to do, in a line.
func TestEmptyRangeNoteNamesTheHoldingKnob(t *testing.T) {
	c := lookup(t, "shuffle-shards")
	s := Setting{"strategy": "overlap-limited", "per_customer": int64(2), "max_shared": int64(1)}
	lim := c.Limit(s, c.knobIndex("max_shared"))
	if !lim.Empty() {
		t.Fatalf("most workers shared beside 2 workers each should have no value: %s", lim.Range())
	}
	const want = "no value fits until you raise workers per customer"
	if got := lim.Range(); got != want {
		t.Errorf("Range() = %q\nwant %q", got, want)
	}
	if strings.Contains(lim.Range(), "(") {
		t.Errorf("the note nests clauses: %q", lim.Range())
	}
}
