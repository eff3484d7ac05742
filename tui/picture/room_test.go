package picture

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// The run picture is a slide of lesson 3: a bulkhead keeps search and
// profile at 100% while the recommendations are refused. Each endpoint
// has a band of its own, labelled with its shares of the window's
// requests as `run`'s table prints them, not one set of lines summed over
// every endpoint ("ok about 83%").
func TestRunPictureHasABandPerEndpoint(t *testing.T) {
	sc := scenarios.Cascade()
	snaps, err := engine.RunAll(sc, 5)
	if err != nil {
		t.Fatal(err)
	}
	f, err := runFigure(sc, 5, snaps)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := f.write(&b, "svg"); err != nil {
		t.Fatal(err)
	}
	texts := svgTexts(t, b.Bytes())
	for v := range snaps {
		out := f.rows[v][0]
		ticks := out.Y.Tick.Marker.Ticks(out.Y.Min, out.Y.Max)
		if len(ticks) != len(snaps[v].Endpoints) {
			t.Errorf("design %d: the outcomes panel has %d bands, want one per endpoint (%d)", v+1, len(ticks), len(snaps[v].Endpoints))
		}
		for k := range snaps[v].Endpoints {
			e := &snaps[v].Endpoints[k]
			ok := fmt.Sprintf("ok %.1f%%", 100*report.WindowTally(e).Share(engine.OK))
			found := false
			for _, tk := range ticks {
				found = found || strings.HasPrefix(tk.Label, e.Name+"\n"+ok)
			}
			if !found {
				t.Errorf("design %d: no band labelled %q, %q", v+1, e.Name, ok)
			}
		}
	}
	// Design 2, the bulkhead: the bystanders whole, the recommendations
	// refused, as the table says.
	for _, want := range []string{"ok 100.0%", "ok 0.0% · rejected 96.0%", "ok 0.0% · fallback 74.3%"} {
		if !hasText(texts, want) {
			t.Errorf("the picture does not say %q: %q", want, texts)
		}
	}
}

// The calls in flight are drawn as two series per dependency: held,
// which a bulkhead caps and which never pass it, and abandoned apart;
// summed they are the engine's calls in flight. A design without a
// breaker has no breaker panel.
func TestRunPictureHeldAndAbandonedApart(t *testing.T) {
	sc := scenarios.Cascade()
	snaps, err := engine.RunAll(sc, 5)
	if err != nil {
		t.Fatal(err)
	}
	s := &snaps[1] // bulkhead: recommendations <= 20
	d, _ := s.Dependency("recommendations")
	held, abandoned, any := inFlightSeries(s, d)
	if !any {
		t.Fatal("no abandoned call: the test tests nothing")
	}
	most := 0.0
	for i := range held {
		most = max(most, held[i].Y)
		if held[i].Y > float64(d.BulkheadCap) {
			t.Errorf("at %v s, %v calls held, above the bulkhead's %d", held[i].X, held[i].Y, d.BulkheadCap)
		}
		if got := held[i].Y + abandoned[i].Y; got != float64(d.Series[i].InFlight) {
			t.Errorf("at %v s, held %v + abandoned %v is not the %d in flight", held[i].X, held[i].Y, abandoned[i].Y, d.Series[i].InFlight)
		}
	}
	if most != float64(d.BulkheadCap) {
		t.Errorf("the most held is %v, want the hang to fill the bulkhead's %d", most, d.BulkheadCap)
	}
	f, err := runFigure(sc, 5, snaps)
	if err != nil {
		t.Fatal(err)
	}
	for v, row := range f.rows {
		has := hasBreaker(&snaps[v])
		if drawn := len(row) > 2 && row[2] != nil; drawn != has {
			t.Errorf("design %d: breaker panel drawn %v, the design has a breaker: %v", v+1, drawn, has)
		}
	}
	// A scenario without a breaker in any design has no breaker column.
	for _, b := range scenarios.All() {
		sc := b.Build()
		snaps, err := engine.RunAll(sc, 5)
		if err != nil {
			t.Fatal(err)
		}
		anyBreaker := false
		for v := range snaps {
			anyBreaker = anyBreaker || hasBreaker(&snaps[v])
		}
		if anyBreaker {
			continue
		}
		f, err := runFigure(sc, 5, snaps)
		if err != nil {
			t.Fatal(err)
		}
		if len(f.rows[0]) != 2 {
			t.Errorf("%s has no breaker, yet its picture has %d columns", b.Name, len(f.rows[0]))
		}
		return
	}
	t.Log("every built-in scenario has a breaker")
}

// Lesson 8's numbers stand on the shuffle picture's bars (249, 25, 452 as
// the table prints them), and each strategy's bars are shares of its own
// population, which its label states: overlap-limited degrades 12 of its
// 27, not 12 of 999.
func TestShufflePictureLabelsItsBars(t *testing.T) {
	f, rep := shuffleFig(t)
	var b bytes.Buffer
	if err := f.write(&b, "svg"); err != nil {
		t.Fatal(err)
	}
	texts := svgTexts(t, b.Bytes())
	for _, r := range rep.Simulation.Rows() {
		for _, want := range []string{fmt.Sprint(r.Lost), fmt.Sprint(r.Degraded), fmt.Sprintf("%d others", r.Customers)} {
			if !slices.Contains(texts, want) {
				t.Errorf("%s: the picture does not say %q: %q", r.Strategy, want, texts)
			}
		}
	}
	if sim := f.rows[1][0]; sim.Y.Max > 100 || !strings.Contains(sim.Y.Label.Text, "share") {
		t.Errorf("the simulation's bars are not shares: y axis %q to %v", sim.Y.Label.Text, sim.Y.Max)
	}
	if odds := f.rows[0][0]; strings.Contains(odds.Title.Text, "seed") || strings.Contains(odds.Y.Label.Text, "10^height") {
		t.Errorf("the odds chart's title %q or label %q: the odds are the same for every seed, and its ticks are chances", odds.Title.Text, odds.Y.Label.Text)
	}
}
