package sweepui

import (
	"math"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/tui/theme"
	xansi "github.com/charmbracelet/x/ansi"
)

// firstOpen is a result of a sweep of min_calls (and, with ny > 0, the
// rate) measuring when the breaker first opens, with the goal that it
// opens within 110 s, over six seeds: seconds(i, j) gives the seeds'
// values, NaN for a seed on which the breaker never opened.
func firstOpen(t *testing.T, ny int, seconds func(i, j int) []float64) *sweep.Result {
	t.Helper()
	m := sweep.Metric{Name: "dependency.first_open", Owner: "dependency", Field: "first_open"}
	p := &sweep.Plan{Seeds: []uint64{5, 6, 7, 8, 9, 10}, Measure: m, Goal: &sweep.Goal{Metric: m, Op: "<=", Threshold: 110}}
	specs := []string{"dependency.breaker.min_calls=100..130:4"}
	if ny > 0 {
		specs = append(specs, "caller.rate=1..2:2")
	}
	for _, s := range specs {
		ax, err := sweep.ParseVary(s)
		if err != nil {
			t.Fatal(err)
		}
		p.Axes = append(p.Axes, ax)
	}
	res := sweep.NewResult(p)
	nx, n := p.Size()
	for j := range n {
		for i := range nx {
			for s, v := range seconds(i, j) {
				res.Add(sweep.Sample{Job: sweep.Job{I: i, J: j, Seed: s}, Value: v, GoalValue: v})
			}
		}
	}
	return res
}

// The reviewer's sweep: min_calls 100 to 130 at one and two calls a
// second, the breaker opening on every seed but at 110 (5 of 6), 120 (3
// of 6) and 130 (none) at one a second. 120's mean, of its three seeds,
// is under 110 s.
func reviewersSweep(i, j int) []float64 {
	nan := math.NaN()
	if j == 1 {
		return []float64{50, 52, 54, 56, 58, 60}
	}
	return [][]float64{
		{98, 99, 100, 97, 96, 95},
		{104, 105, nan, 103, 106, 102},
		{103, nan, 116, nan, 109, nan},
		{nan, nan, nan, nan, nan, nan},
	}[i]
}

// A cell where the breaker opened on some seeds only is marked * and
// named in the legend with its count, a cell where it never opened is
// marked - and the legend says what - is, and neither meets the goal (the
// ✓ count and each cell's mark column agree), though 120's mean of the
// seeds that opened is under 110 s: drawn ✓ and counted before, as the
// CSV's values column showed the breaker had opened on 3 seeds of 6.
func TestHeatmapSaysOnHowManySeedsTheBreakerOpened(t *testing.T) {
	res := firstOpen(t, 2, reviewersSweep)
	out := xansi.Strip(Heatmap(res, theme.New(nil), 100))
	rows := gridRows(out)
	if len(rows) != 2 {
		t.Fatalf("want two rows of cells:\n%s", out)
	}
	// Each cell is three columns: two glyphs and the mark column, the
	// last cell's blank columns left off the row's end.
	cells := func(row string) []string {
		r := []rune(row)
		for len(r)%3 != 0 {
			r = append(r, ' ')
		}
		var out []string
		for k := 0; k+3 <= len(r); k += 3 {
			out = append(out, string(r[k:k+3]))
		}
		return out
	}
	low := cells(rows[1]) // rows are drawn top down: rate 1 is the second
	for i, want := range []struct{ mark, met bool }{{false, true}, {true, false}, {true, false}, {false, false}} {
		if i >= len(low) {
			t.Fatalf("row %q has %d cells", rows[1], len(low))
		}
		c := low[i]
		if got := strings.Contains(c, partMark); got != want.mark {
			t.Errorf("cell %d at rate 1 is %q: * drawn %v, want %v\n%s", i, c, got, want.mark, out)
		}
		if got := strings.Contains(c, "✓"); got != want.met {
			t.Errorf("cell %d at rate 1 is %q: ✓ drawn %v, want %v\n%s", i, c, got, want.met, out)
		}
	}
	if !strings.HasPrefix(low[3], noneMark) {
		t.Errorf("the cell where the breaker never opened is %q, want %q\n%s", low[3], noneMark, out)
	}
	flat := strings.Join(strings.Fields(out), " ")
	for _, s := range []string{
		"- dependency's breaker never opened, on any seed",
		"* dependency's breaker opened on only some seeds",
		"the cell meets no goal",
		"5 of 6 at dependency.breaker.min_calls=110, caller.rate=1; 3 of 6 at dependency.breaker.min_calls=120, caller.rate=1",
		"✓ meets dependency.first_open<=110: 5 of 8 cells",
		"at caller.rate=1: not met from dependency.breaker.min_calls=110",
	} {
		if !strings.Contains(flat, s) {
			t.Errorf("the map does not say %q:\n%s", s, out)
		}
	}
	// The ◆ on a partial cell says the count too, the * having given
	// way to it where the cell has one glyph.
	mark := &Mark{X: 120, Y: 1, Label: "the current design"}
	for _, width := range []int{100, 12} {
		out := xansi.Strip(HeatmapMarked(res, theme.New(nil), width, mark))
		if s := "(opened on 3 of 6 seeds) (misses the goal)"; !strings.Contains(strings.Join(strings.Fields(out), " "), s) {
			t.Errorf("at width %d the ◆'s line does not say %q:\n%s", width, s, out)
		}
	}
}

// The one-knob table gives, in a column of its own, on how many seeds
// the breaker opened, and a row where it did not open on every seed
// meets no goal; a sweep where every seed has a value has no such
// column.
func TestTableSaysOnHowManySeedsTheBreakerOpened(t *testing.T) {
	out := xansi.Strip(Table(firstOpen(t, 0, reviewersSweep), theme.New(nil), 100))
	lines := strings.Split(out, "\n")
	if !strings.HasSuffix(strings.TrimSpace(lines[1]), "opened") {
		t.Errorf("the table's head has no opened column:\n%s", out)
	}
	for k, want := range []struct {
		count string
		met   bool
	}{{"6 of 6", true}, {"5 of 6", false}, {"3 of 6", false}, {"0 of 6", false}} {
		row := lines[2+k]
		if !strings.Contains(row, want.count) || strings.Contains(row, "✓") != want.met {
			t.Errorf("row %d is %q: want %q, met %v\n%s", k, row, want.count, want.met, out)
		}
	}
	if !strings.Contains(strings.Join(strings.Fields(out), " "), "✓ meets dependency.first_open<=110: 1 of 4 cells") {
		t.Errorf("the table's goal count should be 1 of 4:\n%s", out)
	}
	every := xansi.Strip(Table(firstOpen(t, 0, func(i, j int) []float64 { return reviewersSweep(i, 1) }), theme.New(nil), 100))
	if strings.Contains(every, "opened") {
		t.Errorf("a table where every seed opened has an opened column:\n%s", every)
	}
}

// A lesson's map (in words) marks and names the cells where the breaker
// opened on some seeds only, as the typed one does.
func TestHeatmapInWordsSaysOnHowManySeedsTheBreakerOpened(t *testing.T) {
	out := xansi.Strip(HeatmapInWords(firstOpen(t, 2, reviewersSweep), theme.New(nil), 100))
	flat := strings.Join(strings.Fields(out), " ")
	for _, s := range []string{"* dependency's breaker opened on only some seeds", "3 of 6 at min calls 120", "5 of 8 cells"} {
		if !strings.Contains(flat, s) {
			t.Errorf("the map in words does not say %q:\n%s", s, out)
		}
	}
}

// With a goal on when the breaker opens and another measure, the map's
// marks (of the measure) cannot say why a cell misses the goal: the
// goal's summary counts the cells where the breaker did not open on
// every seed.
func TestGoalSummaryCountsCellsLackingTheGoalsValue(t *testing.T) {
	p := firstOpen(t, 2, reviewersSweep).Plan
	p.Measure = sweep.Metric{Name: "caller.ok", Owner: "caller", Field: "ok"}
	other := sweep.NewResult(p)
	nx, ny := p.Size()
	for j := range ny {
		for i := range nx {
			for s, v := range reviewersSweep(i, j) {
				other.Add(sweep.Sample{Job: sweep.Job{I: i, J: j, Seed: s}, Value: 0.5, GoalValue: v})
			}
		}
	}
	out := xansi.Strip(Heatmap(other, theme.New(nil), 100))
	flat := strings.Join(strings.Fields(out), " ")
	for _, s := range []string{"✓ meets dependency.first_open<=110: 5 of 8 cells", "3 cells miss it because dependency's breaker never opened on one seed or more"} {
		if !strings.Contains(flat, s) {
			t.Errorf("the map does not say %q:\n%s", s, out)
		}
	}
	if strings.Contains(out, partMark) {
		t.Errorf("every seed measured caller.ok, yet the map marks a cell %s:\n%s", partMark, out)
	}
}
