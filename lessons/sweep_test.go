package lessons

import (
	"errors"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// sweepLesson is a lesson of one step with the [sweep] table given.
func sweepLesson(stepFront, body string) string {
	return "+++\ntitle = \"t\"\nsummary = \"s\"\n+++\n\n+++ step\ntitle = \"Sweep\"\n" + stepFront + "+++\n" + body + "\n"
}

const goodSweep = `scenario = "cascade"
variant = 1
panes = ["sweep"]
expect = ["sweep-edge 100 == 10", "sweep-share 4 100 > 0.2"]
[set]
recommendations.healthy = true
[sweep]
vary = ["recommendations.bulkhead=2..12:6", "recommendations.rate=50..150:3"]
measure = "recommendations.rejected"
goal = "recommendations.rejected<=0.01"
seeds = 2
`

// A [sweep] step parses, prepares, and every number it quotes is the
// engine's: the cell equals the mean of separate runs of the same design
// on the same seeds, and the placeholders print the cells.
func TestSweepStepPreparesTheEnginesNumbers(t *testing.T) {
	l, err := Parse("sweep.md", []byte(sweepLesson(goodSweep, "edge {{sweep-edge 100}}; cap 4 refuses {{sweep-share 4 100}}; met {{sweep-met}}")))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Prepare(l, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Verify(); err != nil {
		t.Fatal(err)
	}
	st := p.Steps[0]
	res, err := st.Sweep.Result()
	if err != nil || !res.Complete() || res.Total != 6*3*2 {
		t.Fatalf("sweep result %+v, %v", res, err)
	}
	// Cell bulkhead 4, rate 100 against two plain runs.
	var sum float64
	for _, seed := range []uint64{DefaultSeed, DefaultSeed + 1} {
		sc := scenarios.Cascade()
		sys := &sc.Variants[1].System
		sys.Dependencies[2].Faults = nil
		sys.Dependencies[2].Policy.Bulkhead = 4
		sys.Endpoints[2].Rate = 100
		r, err := engine.New(sc, 1, seed)
		if err != nil {
			t.Fatal(err)
		}
		r.Run()
		snap := r.Snapshot()
		e, _ := snap.Endpoint("recommendations")
		sum += e.Window.Share(engine.Rejected)
	}
	want := sum / 2
	if got := res.Cell(1, 1).Mean; got != want {
		t.Errorf("cell (4, 100) is %v; separate runs give %v", got, want)
	}
	wantText, _ := fraction(want).Format("")
	if !strings.Contains(st.Text, "edge 10;") || !strings.Contains(st.Text, "cap 4 refuses "+wantText+";") {
		t.Errorf("text %q, want the edge 10 and the cell %s", st.Text, wantText)
	}
	if Edge(res, 1) != 4 || res.Plan.Axes[0].X[4] != 10 {
		t.Errorf("edge at rate 100 is index %d, want 4 (bulkhead 10)", Edge(res, 1))
	}
}

// A malformed [sweep] table is refused with the line and the field at
// fault, and a message saying what is allowed.
func TestMalformedSweepNamesLineAndField(t *testing.T) {
	base := "scenario = \"cascade\"\nvariant = 1\n"
	for _, c := range []struct {
		name, front string
		line        int
		field, want string
	}{
		{"unknown knob", base + "[sweep]\nvary = [\"recommendations.bulk=2..12\"]\nmeasure = \"search.ok\"\n", 11, "sweep.vary[0]", "Its knobs are:"},
		{"bad range", base + "[sweep]\nvary = [\"workers=5\"]\nmeasure = \"search.ok\"\n", 11, "sweep.vary[0]", `has no ".."`},
		{"three knobs", base + "[sweep]\nvary = [\"workers=1..2\", \"queue=1..2\", \"search.rate=1..2\"]\nmeasure = \"search.ok\"\n", 11, "sweep.vary", "one or two knobs"},
		{"bad measure", base + "[sweep]\nvary = [\"workers=100..200\"]\nmeasure = \"search.speed\"\n", 12, "sweep.measure", "unknown field"},
		{"no measure", base + "[sweep]\nvary = [\"workers=100..200\"]\n", 10, "sweep.measure", "needs a measure"},
		{"bad goal", base + "[sweep]\nvary = [\"workers=100..200\"]\nmeasure = \"search.ok\"\ngoal = \"search.ok=1\"\n", 13, "sweep.goal", "want METRIC>=NUMBER"},
		{"seeds", base + "[sweep]\nvary = [\"workers=100..200\"]\nmeasure = \"search.ok\"\nseeds = 0\n", 13, "sweep.seeds", "1 to 20 seeds"},
		{"invalid value", base + "[sweep]\nvary = [\"recommendations.bulkhead=100..300:3\"]\nmeasure = \"search.ok\"\n", 11, "sweep.vary", "recommendations.bulkhead=300"},
		{"too many runs", base + "[sweep]\nvary = [\"workers=100..199:100\", \"search.rate=1..100:100\"]\nmeasure = \"search.ok\"\n", 10, "sweep", "at most 2000"},
		{"no scenario", "[sweep]\nvary = [\"workers=100..200\"]\nmeasure = \"search.ok\"\n", 8, "sweep", "name an engine scenario"},
		{"pane without table", base + "panes = [\"sweep\"]\n", 10, "panes", "has none"},
	} {
		_, err := Parse("bad.md", []byte(sweepLesson(c.front, "text")))
		var le *Error
		if !errors.As(err, &le) {
			t.Errorf("%s: error %v, want a lesson error", c.name, err)
			continue
		}
		if le.Line != c.line || le.Field != c.field || !strings.Contains(le.Error(), c.want) {
			t.Errorf("%s: line %d field %q: %v; want line %d field %q saying %q", c.name, le.Line, le.Field, err, c.line, c.field, c.want)
		}
	}
}

// The sweep metrics refuse what they cannot quote, naming why.
func TestSweepMetricsRefuse(t *testing.T) {
	front := strings.Replace(goodSweep, "goal = \"recommendations.rejected<=0.01\"\n", "", 1)
	front = strings.Replace(front, "expect = [\"sweep-edge 100 == 10\", \"sweep-share 4 100 > 0.2\"]\n", "", 1)
	for body, want := range map[string]string{
		"{{sweep-edge 100}}":    "needs a goal",
		"{{sweep-value 4 100}}": "use sweep-share",
	} {
		l, err := Parse("m.md", []byte(sweepLesson(front, body)))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Prepare(l, nil); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want one saying %q", body, err, want)
		}
	}
	l, err := Parse("n.md", []byte(sweepLesson("", "{{sweep-met}}")))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Prepare(l, nil); err == nil || !strings.Contains(err.Error(), "no [sweep] table") {
		t.Errorf("a sweep metric on a step without a sweep: %v", err)
	}
}

// TestLessonCosts: every built-in lesson's cost is within the default
// budget, with room to spare.
func TestLessonCosts(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range all {
		c := l.Cost()
		t.Logf("%-28s %s requests (%d runs)", l.ID, engine.FormatCount(c.Requests), c.Runs)
		if c.Requests > engine.DefaultBudget/2 {
			t.Errorf("lesson %s costs %s requests, more than half the default budget", l.ID, engine.FormatCount(c.Requests))
		}
	}
}
