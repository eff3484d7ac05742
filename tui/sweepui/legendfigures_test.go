package sweepui

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/tui/internal/heatbands"
	"github.com/breakerlab/breakerlab/tui/theme"
)

// holds says whether the legend entry e, written by w, reads as holding
// x: its From at most x, its To at least x, a bound ("<0.1%", ">99.9%")
// standing for every value past it, with the last bits a figure read
// back may differ by.
func holds(w heatbands.Writing, e heatbands.Entry, x float64) bool {
	from, fb := w.Read(e.From)
	to, tb := w.Read(e.To)
	near := 1e-9 * max(1e-12, x, -x)
	atMost := fb == '<' || from <= x+near || fb == '>' && from < x
	atLeast := tb == '>' || to >= x-near || tb == '<' && to > x
	return atMost && atLeast
}

// A latency's, a count's and a time's legend wrote the bands' edges with
// three significant digits, rounded to the nearest: a grid of p99 from
// 100 to 200 ms has an edge at 112.5, written 113, and its cell of 112.8,
// drawn in the band above it, read outside "113–138"; a lowest cell of
// 12.36 started its band at 12.4, above it. As a share's legend does,
// the ends are rounded outward and an edge gets digits until every cell
// reads inside the band it is drawn in.
func TestFigureLegendHoldsEveryCellInItsBand(t *testing.T) {
	p99 := sweep.Metric{Name: "search.p99", Owner: "search", Field: "p99"}
	for _, c := range []struct {
		cells []float64
		want  string
	}{
		{[]float64{100, 112.8, 150, 200}, "100–112.5 112.5–137.5 137.5–162.5 162.5–187.5 187.5–200"},
		{[]float64{12.36, 20, 30.5}, "12.3–14.6 14.6–19.2 19.2–23.7 23.7–28.2 28.2–30.5"},
		// No cell near an edge: three digits as before.
		{[]float64{100, 120, 150, 200}, "100–113 113–138 138–163 163–188 188–200"},
	} {
		scale := heatbands.NewScale(&sweep.Plan{Measure: p99}, c.cells[0], c.cells[len(c.cells)-1])
		var got []string
		for _, e := range Legend(scale, p99, c.cells...) {
			got = append(got, e.From+"–"+e.To)
		}
		if text := strings.Join(got, " "); text != c.want {
			t.Errorf("cells %v: legend %q, want %q", c.cells, text, c.want)
		}
	}
	// Any grid of any unit: each cell reads inside its band, and
	// neighbouring edges are told apart.
	rng := rand.New(rand.NewPCG(3, 4))
	for _, m := range []sweep.Metric{p99, {Name: "recommendations.in_flight_max", Owner: "recommendations", Field: "in_flight_max"}, {Name: "recommendations.first_open", Owner: "recommendations", Field: "first_open"}} {
		for range 500 {
			mag := []float64{0.01, 1, 100, 10000, 1e7}[rng.IntN(5)]
			cells := make([]float64, 2+rng.IntN(30))
			for i := range cells {
				cells[i] = mag * (1 + rng.Float64())
			}
			lo, hi := cells[0], cells[0]
			for _, x := range cells {
				lo, hi = min(lo, x), max(hi, x)
			}
			scale := heatbands.NewScale(&sweep.Plan{Measure: m}, lo, hi)
			entries := Legend(scale, m, cells...)
			for _, x := range cells {
				if e := entries[min(scale.Band(x), len(entries)-1)]; !holds(heatbands.Figures{}, e, x) {
					t.Fatalf("%s, cells %v: %v drawn in %s–%s", m.Name, cells, x, e.From, e.To)
				}
			}
			for k := 1; k < len(entries); k++ {
				if entries[k].Text("–") == entries[k-1].Text("–") {
					t.Fatalf("%s, cells %v: bands %d and %d read alike: %+v", m.Name, cells, k-1, k, entries)
				}
			}
		}
	}
	// The heatmap draws this legend.
	res := filled(t, "workers=50..400:8", "recommendations.rate=25..200:8", "search.p99", "",
		func(i, j int) float64 { return []float64{100, 112.8, 150, 200}[min(i, j, 3)] })
	flat := strings.Join(strings.Fields(strings.ReplaceAll(Heatmap(res, theme.New(theme.Plain()), 80), "\u00a0", " ")), " ")
	if !strings.Contains(flat, "· 100–112.5 ░ 112.5–137.5 ") {
		t.Errorf("the heatmap's legend:\n%s", flat)
	}
}

// BenchmarkLegendFigures is a latency map's legend, as the sandbox's
// largest sweep (20×14) draws it once a frame: its cells' means given.
func BenchmarkLegendFigures(b *testing.B) {
	p99 := sweep.Metric{Name: "search.p99", Owner: "search", Field: "p99"}
	rng := rand.New(rand.NewPCG(5, 6))
	cells := make([]float64, 20*14)
	for i := range cells {
		cells[i] = 100 + 4900*rng.Float64()
	}
	scale := heatbands.NewScale(&sweep.Plan{Measure: p99}, 100, 5000)
	var entries []heatbands.Entry
	b.ReportAllocs()
	for b.Loop() {
		entries = Legend(scale, p99, cells...)
	}
	if len(entries) != heatbands.N {
		b.Fatalf("%d entries", len(entries))
	}
}
