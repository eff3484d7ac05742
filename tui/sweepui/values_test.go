package sweepui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/tui/internal/heatbands"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
)

// A teacher's handout (the findings room's section 11): a one-knob sweep
// of search.ok with the goal typed as 99% printed "0.406", "1" for a share
// that may be 0.9996, and "meets search.ok>=0.99", where `run`, the
// lessons and the sandbox write percentages. Every share reads as
// pane.Percent writes it; the goal reads as it was typed.
func TestShareFiguresReadAsPercentages(t *testing.T) {
	values := []float64{1, 0.9996, 0.993, 0.8, 0.406}
	res := filled(t, "recommendations.bulkhead=10..50:5", "", "search.ok", "search.ok>=99%",
		func(i, _ int) float64 { return values[i] })
	out := Heatmap(res, theme.New(theme.Plain()), 80)
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	for i, want := range []string{"100%", ">99.9%", "99%", "80%", "41%"} {
		row := strings.Fields(lines[2+i])
		if len(row) < 4 || row[1] != want || row[2] != want || row[3] != want {
			t.Errorf("row %d %q: want mean, fewest and most %s", i, lines[2+i], want)
		}
	}
	for _, l := range lines[2 : 2+len(values)] {
		for _, f := range strings.Fields(l)[1:4] {
			if !strings.HasSuffix(f, "%") {
				t.Errorf("a share as a bare decimal %q in %q", f, l)
			}
		}
	}
	if !strings.Contains(out, "✓ meets search.ok>=99%: 3 of 5 cells") {
		t.Errorf("the goal line should read as the goal was typed:\n%s", out)
	}
	// A latency and a count keep their units' figures.
	ms := filled(t, "recommendations.bulkhead=10..30:3", "", "search.p99", "search.p99<=250",
		func(i, _ int) float64 { return []float64{120, 250, 4999}[i] })
	out = Heatmap(ms, theme.New(theme.Plain()), 80)
	for _, want := range []string{" 120 ", " 250 ", " 4999 ", "✓ meets search.p99<=250: 2 of 3 cells"} {
		if !strings.Contains(out, want) {
			t.Errorf("a latency's table lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "%") {
		t.Errorf("a latency written as a percentage:\n%s", out)
	}
}

// The heatmap's legend and the mark's line write a share as a percentage;
// a count's legend writes figures.
func TestHeatmapLegendReadsAsPercentages(t *testing.T) {
	res := filled(t, "workers=50..400:8", "recommendations.rate=25..200:8", "search.ok", "",
		func(i, j int) float64 { return 0.0588 + (1-0.0588)*float64(i*j)/49 })
	out := strings.ReplaceAll(HeatmapMarked(res, theme.New(theme.Plain()), 80, &Mark{X: 200, Y: 100, Label: "the design in the form"}), "\u00a0", " ")
	flat := strings.Join(strings.Fields(out), " ")
	// The lowest cell, 5.88%, starts its band at 5.8%: "5.9%" put it
	// below the band it is drawn in.
	for _, want := range []string{"· 5.8%–18% ", "░ 18%–41% ", "▒ 41%–65% ", "▓ 65%–88% ", "█ 88%–100% ",
		"◆ the design in the form: workers=200, recommendations.rate=100, search.ok " + pane.Percent(res.Cell(3, 3).Mean)} {
		if !strings.Contains(flat, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
	calls := filled(t, "workers=50..400:8", "recommendations.rate=25..200:8", "recommendations.in_flight_max", "",
		func(i, j int) float64 { return float64(10 + i*j) })
	lo, hi, _ := calls.Range()
	scale := heatbands.NewScale(calls.Plan, lo, hi)
	got, want := Legend(scale, calls.Plan.Measure), scale.Legend(heatbands.Figures{})
	for k := range want {
		if got[k] != want[k] {
			t.Errorf("a count's legend entry %d is %+v, want its figures' %+v", k, got[k], want[k])
		}
	}
	if out := Heatmap(calls, theme.New(theme.Plain()), 80); strings.Contains(out, "%") {
		t.Errorf("a count written as a percentage:\n%s", out)
	}
}

// Edges that pane.Percent writes alike get decimals until they differ,
// and rounding never hides a remainder: an edge short of all never reads
// 100%, an edge above none never 0%.
func TestShareLegendKeepsEdgesApart(t *testing.T) {
	m := sweep.Metric{Name: "search.ok", Owner: "search", Field: "ok"}
	for _, c := range []struct {
		lo, hi float64
		want   []string
	}{
		{0.991, 0.999, []string{"99.1%", "99.2%", "99.4%", "99.6%", "99.8%", "99.9%"}},
		{0.99991, 0.99999, []string{"99.991%", "99.992%", "99.994%", "99.996%", "99.998%", "99.999%"}},
		{0, 0.0004, []string{"0%", "0.005%", "0.015%", "0.025%", "0.035%", "0.040%"}},
	} {
		scale := heatbands.NewScale(&sweep.Plan{Measure: m}, c.lo, c.hi)
		var got []string
		for _, e := range Legend(scale, m) {
			got = append(got, e.From+"–"+e.To)
		}
		text := strings.Join(got, " ")
		for _, w := range c.want {
			if !strings.Contains(" "+strings.ReplaceAll(text, "–", " ")+" ", " "+w+" ") {
				t.Errorf("%v..%v: legend %q lacks %s", c.lo, c.hi, text, w)
			}
		}
		if strings.Contains(text, "100") || strings.Contains(text, "0.00%") {
			t.Errorf("%v..%v: legend %q rounds a remainder away", c.lo, c.hi, text)
		}
	}
	for _, c := range []struct {
		x        float64
		decimals int
		want     string
	}{{0.99996, 2, ">99.99%"}, {0.00004, 2, "<0.01%"}, {0.5, 3, "50.000%"}, {1, 2, "100%"}, {0, 2, "0%"}, {0.123, 0, "12%"}} {
		if got := percentTo(c.x, c.decimals); got != c.want {
			t.Errorf("percentTo(%v, %d) = %q, want %q", c.x, c.decimals, got, c.want)
		}
	}
}

// A goal reads as a user types it: a share's threshold as a percentage
// with every digit it has; anything else as Goal.String, which the JSON
// keeps, writes it.
func TestGoalTextReadsAsTyped(t *testing.T) {
	sc := scenarios.Cascade()
	for typed, want := range map[string]string{
		"search.ok>=99%":                     "search.ok>=99%",
		"search.ok>=0.99":                    "search.ok>=99%",
		"search.ok>=0.9995":                  "search.ok>=99.95%",
		"search.rejected<0.1%":               "search.rejected<0.1%",
		"search.ok>1":                        "search.ok>100%",
		"search.p99<=250":                    "search.p99<=250",
		"recommendations.in_flight_max<=100": "recommendations.in_flight_max<=100",
	} {
		g, err := sweep.ParseGoal(typed, sc, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := GoalText(&g); got != want {
			t.Errorf("--goal %q reads %q, want %q", typed, got, want)
		}
	}
	g, _ := sweep.ParseGoal("search.ok>=99%", sc, 0)
	if g.String() != "search.ok>=0.99" {
		t.Errorf("Goal.String is %q: the JSON's goal keeps the fraction", g.String())
	}
}

// A figure never reads on the wrong side of the goal: a mean of 0.9896,
// which misses search.ok>=99%, is not written "99%" beside a goal of 99%.
func TestShareBesideTheGoalReadsOnItsSide(t *testing.T) {
	values := []float64{0.9896, 0.99, 0.9992, 0.9999}
	for _, c := range []struct {
		goal string
		want []string
	}{
		{"search.ok>=99%", []string{"98.96%", "99%", "99.9%", ">99.9%"}},
		{"search.ok>99.9%", []string{"99%", "99%", "99.92%", ">99.9%"}},
		{"search.ok>=99.95%", []string{"99%", "99%", "99.9%", "99.99%"}},
	} {
		res := filled(t, "recommendations.bulkhead=10..40:4", "", "search.ok", c.goal, func(i, _ int) float64 { return values[i] })
		lines := strings.Split(Heatmap(res, theme.New(theme.Plain()), 80), "\n")
		for i, want := range c.want {
			if row := strings.Fields(lines[2+i]); len(row) < 2 || row[1] != want {
				t.Errorf("goal %s: mean %v reads %q, want %s", c.goal, values[i], lines[2+i], want)
			}
		}
	}
}

// Every cell reads inside the band it is drawn in. The reviewer's sweep of
// search.ok (cascade, bulkhead 0..10 by timeout 2s..10s, 2 seeds) has its
// lowest cell at 19.74%, which the legend's "20%–30%" left out, and a cell
// of 49.94% drawn in the band above the edge 49.84%, which read
// "50%–70%". The grid's ends are rounded outward; an edge between bands
// gets decimals until no cell the caller gives lies between it and its
// rounding.
func TestShareLegendHoldsEveryCellInItsBand(t *testing.T) {
	m := sweep.Metric{Name: "search.ok", Owner: "search", Field: "ok"}
	means := []float64{0.1973765, 0.2937, 0.377904, 0.499369, 0.921046, 1}
	res := filled(t, "recommendations.bulkhead=0..5:6", "", "search.ok", "", func(i, _ int) float64 { return means[i] })
	cells := CellMeans(res)
	scale := heatbands.NewScale(&sweep.Plan{Measure: m}, cells[0], 1)
	for _, c := range []struct {
		cells []float64
		want  string
	}{
		{nil, "19%–30% 30%–50% 50%–70% 70%–90% 90%–100%"},
		{cells, "19.7%–29.8% 29.8%–49.8% 49.8%–69.9% 69.9%–90.0% 90.0%–100%"},
	} {
		var got []string
		for _, e := range Legend(scale, m, c.cells...) {
			got = append(got, e.From+"–"+e.To)
		}
		if text := strings.Join(got, " "); text != c.want {
			t.Errorf("with cells %v: legend %q, want %q", c.cells, text, c.want)
		}
	}
	// Any grid: each cell between its band's ends as read back, the
	// highest short of all never at 100%.
	for _, g := range [][]float64{{0.0588, 0.2, 0.4994, 0.7, 0.9912}, {0.9951, 0.99612, 0.9977, 0.99999}, {0.00031, 0.0009, 0.0042}} {
		scale := heatbands.NewScale(&sweep.Plan{Measure: m}, g[0], g[len(g)-1])
		entries := Legend(scale, m, g...)
		for _, x := range g {
			e := entries[scale.Band(x)]
			if !holds(percentages{}, e, x) {
				t.Errorf("grid %v: %v drawn in %s–%s", g, x, e.From, e.To)
			}
		}
		if top := entries[len(entries)-1].To; top == "100%" || g[len(g)-1] < 0.995 && strings.HasPrefix(top, ">") {
			t.Errorf("grid %v: its highest cell tops the legend as %s", g, top)
		}
	}
}
