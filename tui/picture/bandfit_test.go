package picture

import (
	"bytes"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// fitRun is a run to fit the band labels of.
type fitRun struct {
	name  string
	sc    *engine.Scenario
	snaps []engine.Snapshot
}

// fitRuns is every built-in scenario's run at seed 5, and api-gateway's
// with every band giving four shares, which must leave some out.
func fitRuns(t *testing.T) []fitRun {
	t.Helper()
	var runs []fitRun
	for _, b := range scenarios.All() {
		sc := b.Build()
		snaps, err := engine.RunAll(sc, 5)
		if err != nil {
			t.Fatalf("%s: %v", b.Name, err)
		}
		runs = append(runs, fitRun{b.Name, sc, snaps})
		if b.Name == "api-gateway" {
			runs = append(runs, fitRun{b.Name + ", every outcome", sc, everyOutcome(snaps)})
		}
	}
	return runs
}

// The labels are fitted on a stand-in for the figure, which must place
// every panel, legend and band label where the figure does: then the
// labels fitted, and the picture, are the ones fitting on the figure
// itself gives.
func TestStandInFitsLabelsAsTheFigure(t *testing.T) {
	linesMove := false
	for _, r := range fitRuns(t) {
		f, err := buildRunFigure(r.sc, 5, r.snaps, nil)
		if err != nil {
			t.Fatal(err)
		}
		dc := draw.Canvas{Rectangle: vg.Rectangle{Max: vg.Point{X: width, Y: f.height}}}
		samePlaces(t, r.name, f, f.layoutStandIn(), dc)
		for _, row := range f.rows {
			if p := row[1]; p.DataCanvas(dc) != withoutPlotters(p).DataCanvas(dc) {
				linesMove = true
			}
		}

		forms, short := f.fitBandLabelsOn(f, r.snaps)
		if short {
			if f, err = buildRunFigure(r.sc, 5, r.snaps, forms); err != nil {
				t.Fatal(err)
			}
		}
		fitted, err := runFigure(r.sc, 5, r.snaps)
		if err != nil {
			t.Fatal(err)
		}
		samePlaces(t, r.name+", fitted", fitted, fitted.layoutStandIn(), dc)
		var want, got bytes.Buffer
		if err := f.write(&want, "svg"); err != nil {
			t.Fatal(err)
		}
		if err := fitted.write(&got, "svg"); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Errorf("%s: the picture with labels fitted on the stand-in is not the one fitted on the figure", r.name)
		}
	}
	// The in-flight panels' lines reach past the data's edge by half
	// their width, and the figure's layout makes room for that.
	if !linesMove {
		t.Error("no panel's lines move its data canvas: the test does not show that the stand-in keeps what they need")
	}
}

// samePlaces fails when lay does not lay out as f: every panel, legend
// and outcomes panel's band label in the same place.
func samePlaces(t *testing.T, name string, f, lay figure, dc draw.Canvas) {
	t.Helper()
	panels, legends := f.layout(dc)
	layPanels, layLegends := lay.layout(dc)
	for r := range panels {
		for c := range panels[r] {
			if layPanels[r][c] != panels[r][c] {
				t.Errorf("%s: row %d's panel %d stands at %v in the stand-in, at %v in the figure", name, r+1, c+1, layPanels[r][c].Rectangle, panels[r][c].Rectangle)
			}
		}
		if layLegends[r] != legends[r] {
			t.Errorf("%s: row %d's legend stands at %v in the stand-in, at %v in the figure", name, r+1, layLegends[r].Rectangle, legends[r].Rectangle)
		}
		spans, floor := bandLabelSpans(f.rows[r][0], panels[r][0])
		laySpans, layFloor := bandLabelSpans(lay.rows[r][0], panels[r][0])
		if floor != layFloor || len(spans) != len(laySpans) {
			t.Errorf("%s: row %d's band labels differ in the stand-in", name, r+1)
			continue
		}
		for k := range spans {
			if spans[k] != laySpans[k] {
				t.Errorf("%s: row %d's band %d label spans %v in the stand-in, %v in the figure", name, r+1, k+1, laySpans[k], spans[k])
			}
		}
	}
}

// withoutPlotters is p with its title and axes and nothing drawn in it.
func withoutPlotters(p *plot.Plot) *plot.Plot {
	q := plot.New()
	q.Title, q.X, q.Y = p.Title, p.X, p.Y
	return q
}

// countedGlyphs is a plotter that draws nothing, has no glyph boxes, and
// counts how often it is asked for them.
type countedGlyphs struct{ asked *int }

func (countedGlyphs) Plot(draw.Canvas, *plot.Plot) {}

func (g countedGlyphs) GlyphBoxes(*plot.Plot) []plot.GlyphBox {
	*g.asked++
	return nil
}

// A layout asks every plotter of every panel for its glyph boxes, and a
// line has one per point: fitting the labels, a step per label shortened,
// asks each panel's plotters once, however many steps it takes.
func TestBandFitMeasuresTheLinesOnce(t *testing.T) {
	sc := scenarios.APIGateway()
	snaps, err := engine.RunAll(sc, 5)
	if err != nil {
		t.Fatal(err)
	}
	snaps = everyOutcome(snaps)
	f, err := buildRunFigure(sc, 5, snaps, nil)
	if err != nil {
		t.Fatal(err)
	}
	asked := make([][]int, len(f.rows))
	for r, row := range f.rows {
		asked[r] = make([]int, len(row))
		for c, p := range row {
			if p != nil {
				p.Add(countedGlyphs{&asked[r][c]})
			}
		}
	}
	forms, _ := f.fitBandLabels(snaps)
	steps := 0
	for r := range forms {
		for k, form := range forms[r] {
			b := windowShares(&snaps[r].Endpoints[k])
			steps += b.forms()[0].lines() - form.lines()
		}
	}
	if steps < 2 {
		t.Fatalf("fitting took %d steps: the test does not reach a fitting that lays out again", steps)
	}
	for r := range asked {
		for c, n := range asked[r] {
			if f.rows[r][c] != nil && n != 1 {
				t.Errorf("row %d's panel %d: its plotters were asked for their glyph boxes %d times in a fitting of %d steps", r+1, c+1, n, steps)
			}
		}
	}
}
