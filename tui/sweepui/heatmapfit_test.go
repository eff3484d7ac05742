package sweepui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/theme"
)

// fitsByDrawing is HeatmapFit as it was, for one map, theme, width and
// mark: the one-row map drawn to count its lines, then drawn again with
// taller cells. Each map it draws is drawn once, for every height that
// chooses it: the test asks for ninety-one heights.
type fitsByDrawing struct {
	res   *sweep.Result
	th    *theme.Theme
	width int
	mark  *Mark
	one   string         // the one-row map
	drawn map[int]string // the taller maps by their cells' rows
}

func newFitsByDrawing(res *sweep.Result, th *theme.Theme, width int, mark *Mark) *fitsByDrawing {
	return &fitsByDrawing{res: res, th: th, width: width, mark: mark,
		one: drawHeatmap(res, th, width, 1, mark, Typed), drawn: map[int]string{}}
}

// at is the map HeatmapFit drew, as it was, in a window height lines tall.
func (f *fitsByDrawing) at(height int) string {
	_, ny := f.res.Plan.Size()
	if len(f.res.Plan.Axes) == 1 || ny == 0 {
		return f.one
	}
	rows := min(maxCellRows, 1+(height-strings.Count(f.one, "\n"))/ny)
	if rows <= 1 {
		return f.one
	}
	if _, ok := f.drawn[rows]; !ok {
		f.drawn[rows] = drawHeatmap(f.res, f.th, f.width, rows, f.mark, Typed)
	}
	return f.drawn[rows]
}

// fitResults are maps of each kind: done and under way, with a goal or
// none, of one knob and of two.
func fitResults(t *testing.T) map[string]*sweep.Result {
	value := func(i, j int) float64 { return float64(i)/20 + float64(j)/100 }
	done := filled(t, "recommendations.timeout=200ms..5s:20", "workers=100..300:14", "search.ok", "search.ok>=0.5", value)
	half := sweep.NewResult(done.Plan)
	for j := range 14 {
		for i := j % 2; i < 20; i += 2 {
			half.Add(sweep.Sample{Job: sweep.Job{I: i, J: j}, Value: value(i, j), GoalValue: value(i, j)})
		}
	}
	return map[string]*sweep.Result{
		"done":      done,
		"under way": half.Clone(),
		"no goal":   filled(t, "recommendations.timeout=200ms..5s:12", "workers=100..300:8", "search.ok", "", value),
		"one knob":  filled(t, "recommendations.timeout=200ms..5s:12", "", "search.ok", "search.ok>=0.5", value),
	}
}

// HeatmapFit counts the one-row map's lines without drawing it: the map
// it draws is the one drawing it first chose, for every window height
// from none to far more than the tallest cells need, in windows wide and
// narrow (where the title, the legend and the goal's lines wrap), with
// the design marked and not, in colour and without.
func TestHeatmapFitIsTheMapDrawingChose(t *testing.T) {
	racefree.Only(t) // one goroutine: drawing alone
	mark := &Mark{X: 1000, Y: 200, Label: "the design in the form", None: [2]string{"", "no bulkhead"}}
	for name, res := range fitResults(t) {
		for _, th := range []*theme.Theme{tuitest.Color(), theme.New(theme.Plain())} {
			for _, mk := range []*Mark{mark, nil} {
				for _, width := range []int{30, 60, 116, 196} {
					byDrawing := newFitsByDrawing(res, th, width, mk)
					for height := 0; height <= 90; height++ {
						got, want := HeatmapFit(res, th, width, height, mk), byDrawing.at(height)
						if got != want {
							t.Fatalf("%s, marked %v, %d×%d: HeatmapFit drew\n%s\nwant\n%s", name, mk != nil, width, height, got, want)
						}
					}
				}
			}
		}
	}
}

// The count HeatmapFit goes by is the drawn map's, for cells of each
// height.
func TestHeatmapLinesCountTheMap(t *testing.T) {
	mark := &Mark{X: 1000, Y: 200, Label: "the design in the form"}
	for name, res := range fitResults(t) {
		if len(res.Plan.Axes) == 1 {
			continue
		}
		for _, width := range []int{30, 116} {
			m := layOutHeatmap(res, tuitest.Color(), width, mark, Typed)
			for rows := 1; rows <= maxCellRows; rows++ {
				if got, want := m.lines(rows), strings.Count(m.draw(rows), "\n"); got != want {
					t.Errorf("%s, width %d, cells %d rows: counted %d lines, drew %d", name, width, rows, got, want)
				}
			}
		}
	}
}

// In a window with room for the tallest cells, HeatmapFit draws the map
// once: its allocations are those of the map it draws and a few for
// counting, where drawing the one-row map first cost as many again as
// that map's.
func TestHeatmapFitDrawsTheMapOnce(t *testing.T) {
	racefree.Only(t) // the detector's sync.Pool drops items: allocations vary
	th := tuitest.Color()
	mark := &Mark{X: 1000, Y: 200, Label: "the design in the form"}
	for name, res := range fitResults(t) {
		if len(res.Plan.Axes) == 1 {
			continue
		}
		one := testing.AllocsPerRun(5, func() { _ = drawHeatmap(res, th, 196, 1, mark, Typed) })
		three := testing.AllocsPerRun(5, func() { _ = drawHeatmap(res, th, 196, maxCellRows, mark, Typed) })
		fit := testing.AllocsPerRun(5, func() { _ = HeatmapFit(res, th, 196, 200, mark) })
		if fit-three > one/4 {
			t.Errorf("%s: HeatmapFit makes %.0f allocations, the map it draws %.0f, the one-row map %.0f: counting cost %.0f",
				name, fit, three, one, fit-three)
		}
	}
}
