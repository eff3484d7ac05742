package sweepui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

func shortCascade() *engine.Scenario {
	sc := scenarios.Cascade()
	sc.Duration, sc.MeasureTo = 12*time.Second, 12*time.Second
	return sc
}

func plan(t *testing.T, nx, ny int, goal string) *sweep.Plan {
	t.Helper()
	sc := shortCascade()
	x, err := sweep.ParseVary("recommendations.timeout=200ms..5s:" + itoa(nx))
	if err != nil {
		t.Fatal(err)
	}
	axes := []sweep.Axis{x}
	if ny > 0 {
		y, err := sweep.ParseVary("workers=100..300:" + itoa(ny))
		if err != nil {
			t.Fatal(err)
		}
		axes = append(axes, y)
	}
	m, err := sweep.ParseMetric("search.ok", sc, 0)
	if err != nil {
		t.Fatal(err)
	}
	p := &sweep.Plan{Build: shortCascade, Variant: 0, Axes: axes, Seeds: []uint64{5, 6}, Measure: m, Set: lessons.SetKnob}
	if goal != "" {
		g, err := sweep.ParseGoal(goal, sc, 0)
		if err != nil {
			t.Fatal(err)
		}
		p.Goal = &g
	}
	if err := p.Prepare(); err != nil {
		t.Fatal(err)
	}
	return p
}

func itoa(n int) string { return fmt.Sprint(n) }

// swept holds the sweeps sweptCascade ran, by their plan's arguments.
// The mutex guards the map should tests here run in parallel one day.
var swept struct {
	sync.Mutex
	results map[string]*sweep.Result
}

// sweptCascade is plan(t, nx, ny, goal) run on every core, once a test
// binary: several drawing tests draw the same sweep, and under -race each
// run of it costs a second or so of CPU. Its callers only read it.
func sweptCascade(t *testing.T, nx, ny int, goal string) *sweep.Result {
	t.Helper()
	key := fmt.Sprintf("%d×%d %s", nx, ny, goal)
	swept.Lock()
	defer swept.Unlock()
	if res, ok := swept.results[key]; ok {
		return res
	}
	res, err := Run(context.Background(), plan(t, nx, ny, goal), 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if swept.results == nil {
		swept.results = map[string]*sweep.Result{}
	}
	swept.results[key] = res
	return res
}

// onOneGoal is the goal of the plan firstPassOnOne sweeps.
const onOneGoal = "search.ok>=0.99"

// onOne holds firstPassOnOne's plan and what its first pass gave.
var onOne struct {
	sync.Mutex
	p     *sweep.Plan
	res   *sweep.Result
	forks int
	work  string
}

// firstPassOnOne is plan(t, 4, 3, onOneGoal) swept on one worker, once a
// test binary, with the runs it forked and its work: the first pass of
// TestAPlanRunsAgainAlike and the one worker
// TestResultIndependentOfWorkers compares the others with, which under
// -race cost half a second of CPU each. Its callers only read the result;
// TestAPlanRunsAgainAlike runs the plan again.
func firstPassOnOne(t *testing.T) (p *sweep.Plan, res *sweep.Result, forks int, work string) {
	t.Helper()
	onOne.Lock()
	defer onOne.Unlock()
	if onOne.res == nil {
		p := plan(t, 4, 3, onOneGoal)
		res, err := Run(context.Background(), p, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		onOne.p, onOne.res, onOne.forks, onOne.work = p, res, p.Forks(), fmt.Sprintf("%+v", p.Work())
	}
	return onOne.p, onOne.res, onOne.forks, onOne.work
}

// A sweep is the same whatever the number of workers. The run on every
// core (0 workers) is sweptCascade's, which the drawing tests share, and
// the one on one worker firstPassOnOne's: under -race a run of its own
// cost half a second of CPU.
func TestResultIndependentOfWorkers(t *testing.T) {
	const goal = onOneGoal
	_, one, _, _ := firstPassOnOne(t)
	p := plan(t, 4, 3, goal)
	var err error
	for _, w := range []int{2, 5, 0} {
		var many *sweep.Result
		if w == 0 {
			many = sweptCascade(t, 4, 3, goal)
		} else if many, err = Run(context.Background(), p, w, nil); err != nil {
			t.Fatal(err)
		}
		for j := range 3 {
			for i := range 4 {
				// %v, not ==, so that NaN equals NaN.
				if a, b := fmt.Sprintf("%+v", one.Cell(i, j)), fmt.Sprintf("%+v", many.Cell(i, j)); a != b {
					t.Errorf("%d workers, cell %d,%d: %+v, one worker %+v", w, i, j, b, a)
				}
			}
		}
	}
}

// A plan run a second time is a pass of its own (Run restarts it): the
// same cells, and as many runs forked, from the same starts, as the first
// time. Without the restart, the second pass found the seeds' prefixes
// and traffic let go and forked fewer runs. The first pass is
// firstPassOnOne's.
func TestAPlanRunsAgainAlike(t *testing.T) {
	p, first, firstForks, firstWork := firstPassOnOne(t)
	var cells [2]string
	var forks [2]int
	var work [2]string
	for pass := range 2 {
		res := first
		if pass == 0 {
			forks[pass], work[pass] = firstForks, firstWork
		} else {
			var err error
			if res, err = Run(context.Background(), p, 1, nil); err != nil {
				t.Fatal(err)
			}
			forks[pass], work[pass] = p.Forks(), fmt.Sprintf("%+v", p.Work())
		}
		for j := range 3 {
			for i := range 4 {
				cells[pass] += fmt.Sprintf("%+v\n", res.Cell(i, j))
			}
		}
	}
	if cells[0] != cells[1] {
		t.Errorf("the second pass measured\n%s\nthe first\n%s", cells[1], cells[0])
	}
	if forks[0] != forks[1] || work[0] != work[1] {
		t.Errorf("the second pass forked %d runs (%s), the first %d (%s)", forks[1], work[1], forks[0], work[0])
	}
	if forks[0] == 0 {
		t.Error("no run forked: the test does not cover what a pass shares")
	}
}

// A cancelled sweep stops starting runs and returns what is done.
func TestRunStopsWhenCancelled(t *testing.T) {
	p := plan(t, 6, 4, "")
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	res, err := Run(ctx, p, 2, func(done, total int) {
		calls++
		if done == 3 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if res.Runs < 3 || res.Runs >= res.Total || res.Complete() {
		t.Errorf("%d of %d runs done after cancelling at 3", res.Runs, res.Total)
	}
	if calls != res.Runs {
		t.Errorf("progress called %d times for %d runs", calls, res.Runs)
	}
}

// The heatmap fits 80 columns, labels both axes with their units (a
// duration's in each value, "0.2 s"), has a
// legend, and marks the cells that meet the goal.
func TestHeatmapFitsAndLabels(t *testing.T) {
	res := sweptCascade(t, 12, 6, "search.ok>=0.99")
	th := theme.New(theme.Plain())
	for _, width := range []int{80, 60} {
		out := Heatmap(res, th, width)
		for i, line := range strings.Split(out, "\n") {
			if w := lipgloss.Width(line); w > width {
				t.Errorf("width %d: line %d is %d columns: %q", width, i, w, line)
			}
		}
		for _, want := range []string{"search.ok (share)", "recommendations.timeout →", " 0.2 s ", "↑ workers\n", "meets search.ok>=99%", "300 │", "260 │"} {
			if !strings.Contains(out, want) {
				t.Errorf("width %d: heatmap lacks %q:\n%s", width, want, out)
			}
		}
		// A unit that is the knob's own name is not said twice.
		if strings.Contains(out, "workers (workers)") {
			t.Errorf("width %d: an axis says its unit twice:\n%s", width, out)
		}
	}
	// Each cell meeting the goal carries a ✓, and only those.
	out := Heatmap(res, th, 80)
	met := 0
	for j := range 6 {
		for i := range 12 {
			if res.Cell(i, j).Met {
				met++
			}
		}
	}
	if got := strings.Count(out, "✓") - 1; got != met { // one ✓ is the legend's
		t.Errorf("%d cells marked ✓, %d meet the goal", got, met)
	}
}

// A one-knob sweep is a table: a row per value with the mean, the fewest
// and most over the seeds, and ✓ on the rows that meet the goal.
func TestOneKnobTable(t *testing.T) {
	p := plan(t, 5, 0, "search.ok>=0.99")
	res, err := Run(context.Background(), p, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	out := Heatmap(res, theme.New(theme.Plain()), 80)
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	// The title may take two lines at 80 columns: the header follows it.
	for len(lines) > 2 && !strings.Contains(lines[1], "fewest") {
		lines = lines[1:]
	}
	if !strings.HasPrefix(lines[1], "recommendations.timeout  ") || !strings.Contains(lines[1], "fewest") {
		t.Fatalf("no header in\n%s", out)
	}
	met := 0
	for i := range 5 {
		row := lines[2+i]
		c := res.Cell(i, 0)
		if label := p.Axes[0].Labels()[i]; !strings.HasPrefix(strings.TrimSpace(row), label+" ") || !strings.Contains(row, " "+pane.Percent(c.Mean)+" ") {
			t.Errorf("row %d %q lacks its value %s and mean %s", i, row, label, pane.Percent(c.Mean))
		}
		if strings.Contains(row, "✓") != c.Met {
			t.Errorf("row %d %q: ✓ shown %v, goal met %v", i, row, !c.Met, c.Met)
		}
		if c.Met {
			met++
		}
		if w := lipgloss.Width(row); w > 80 {
			t.Errorf("row %d is %d columns", i, w)
		}
	}
	if !strings.Contains(out, fmt.Sprintf("%d of 5 cells", met)) {
		t.Errorf("no summary of %d met cells in\n%s", met, out)
	}
}

// A mark shows the cell nearest to it with ◆ and says in the legend what
// it is and what it measured.
func TestHeatmapMarksTheCurrentDesign(t *testing.T) {
	res := sweptCascade(t, 4, 3, "search.ok>=0.99")
	// The cascade's own settings: a 5 s timeout, 200 workers.
	out := HeatmapMarked(res, theme.New(theme.Plain()), 80, &Mark{X: 5000, Y: 200, Label: "the current design"})
	if strings.Count(out, "◆") != 2 {
		t.Fatalf("want ◆ once in the grid and once in the legend:\n%s", out)
	}
	c := res.Cell(3, 1)
	// The knob's value as --vary takes it (every digit the cell ran
	// with, TestTypedSettingsRunAsTheCell); the line may wrap.
	want := "◆ the current design: recommendations.timeout=5s, workers=200, search.ok " + pane.Percent(c.Mean)
	if !strings.Contains(strings.Join(strings.Fields(out), " "), want) {
		t.Errorf("legend lacks %q:\n%s", want, out)
	}
	// 80 columns give cells of three: two glyphs and the mark column. The
	// ◆ is on the last cell's first glyph, not in its mark column (the
	// gap right of it), which keeps the ✓ if the cell meets the goal.
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "200 │") {
			cells := []rune(strings.TrimPrefix(line, "200 │"))
			if len(cells) < 10 || cells[9] != '◆' || cells[10] == '◆' || (len(cells) > 11 && cells[11] == '◆') {
				t.Errorf("row 200 %q: ◆ is not on the last cell's first glyph", line)
			}
			if met := len(cells) > 11 && cells[11] == '✓'; met != c.Met {
				t.Errorf("row 200 %q: the marked cell's ✓ shown %v, goal met %v", line, met, c.Met)
			}
		}
	}
}

// The ◆ sits on the cell it marks, among its shade glyphs, at every cell
// width the map draws (one column, two, up to the seven of a cell three
// rows tall), in colour or not: never in the mark column after the
// glyphs, where it read as the gap before the next cell.
func TestHeatmapMarkSitsOnItsCell(t *testing.T) {
	racefree.Only(t) // drawing alone: TestHeatmapMarksTheCurrentDesign runs the sweep's workers under -race
	res := sweptCascade(t, 4, 3, "search.ok>=0.99")
	indent := utf8.RuneCountInString("200 │") // the y labels are 3 wide
	seen := map[int]bool{}
	for _, colour := range []bool{false, true} {
		th := theme.New(theme.Plain())
		if colour {
			th = theme.New(theme.Fixed(false))
		}
		// The timeout axis is 200, 1800, 3400 and 5000 ms; workers 100,
		// 200, 300.
		for _, mi := range []int{0, 1, 3} {
			mark := &Mark{X: []float64{200, 1800, 3400, 5000}[mi], Y: 200, Label: "the current design"}
			for rows := 1; rows <= maxCellRows; rows++ {
				for width := 9; width <= 60; width++ {
					out := ansi.Strip(drawHeatmap(res, th, width, rows, mark, Typed))
					lines := strings.Split(out, "\n")
					cw := -1
					for _, l := range lines {
						if rule, ok := strings.CutPrefix(l, "    └"); ok {
							cw = utf8.RuneCountInString(rule) / 4
						}
					}
					if cw < 1 {
						t.Fatalf("width %d, rows %d: no x axis rule:\n%s", width, rows, out)
					}
					seen[cw] = true
					glyphs := max(1, cw-1)
					var at []string
					for n, l := range lines {
						r := []rune(l)
						for col, c := range r {
							if c != '◆' || col == 0 { // col 0: the legend's ◆
								continue
							}
							at = append(at, fmt.Sprintf("line %d col %d", n, col))
							x := col - indent
							if !strings.HasPrefix(l, "200 │") || x < 0 || x/cw != mi || x%cw >= glyphs {
								t.Errorf("colour %v, width %d, cells %d wide and %d rows tall: ◆ at column %d of %q, want it on a glyph of cell %d of row 200 (columns %d to %d)",
									colour, width, cw, rows, col, l, mi, indent+mi*cw, indent+mi*cw+glyphs-1)
							}
						}
					}
					if len(at) != 1 {
						t.Errorf("colour %v, width %d, cells %d wide, %d rows: ◆ in the grid %d times (%v), want once:\n%s", colour, width, cw, rows, len(at), at, out)
					}
				}
			}
		}
	}
	for cw := 1; cw <= 2*maxCellRows+1; cw++ {
		if !seen[cw] {
			t.Errorf("no map drawn with cells %d wide: the test does not cover every width", cw)
		}
	}
}

// In a tall window the heatmap's cells grow (taller, and wider with them)
// to fill it without passing its height; each row of the grid still
// carries its label, its ✓ marks and the design's ◆ once, on its middle
// line; a window with no room to spare gets the one-row map.
func TestHeatmapFitFillsTheWindow(t *testing.T) {
	res := sweptCascade(t, 12, 6, "search.ok>=0.99")
	th := theme.New(theme.Plain())
	mark := &Mark{X: 5000, Y: 200, Label: "the current design"}
	small := HeatmapMarked(res, th, 120, mark)
	lines := strings.Count(small, "\n")
	if got := HeatmapFit(res, th, 120, lines, mark); got != small {
		t.Errorf("with no room to spare the map changed:\n%s", got)
	}
	for _, height := range []int{lines + 6, lines + 12, lines + 40} {
		out := HeatmapFit(res, th, 120, height, mark)
		n := strings.Count(out, "\n")
		if n > height {
			t.Errorf("height %d: the map takes %d lines", height, n)
		}
		rows := min(3, 1+(height-lines)/6)
		if n != lines+6*(rows-1) {
			t.Errorf("height %d: %d lines, want cells %d rows tall (%d lines)", height, n, rows, lines+6*(rows-1))
		}
		if strings.Count(out, "◆") != 2 || strings.Count(out, "✓") != strings.Count(small, "✓") {
			t.Errorf("height %d: ◆ %d times and ✓ %d times, want 2 and %d:\n%s", height, strings.Count(out, "◆"), strings.Count(out, "✓"), strings.Count(small, "✓"), out)
		}
		if strings.Count(out, "300 │") != 1 || strings.Count(out, " │") != 6*rows {
			t.Errorf("height %d: the row labels are not once a row of %d lines:\n%s", height, rows, out)
		}
		for i, line := range strings.Split(out, "\n") {
			if w := lipgloss.Width(line); w > 120 {
				t.Errorf("height %d: line %d is %d columns", height, i, w)
			}
		}
	}
}
