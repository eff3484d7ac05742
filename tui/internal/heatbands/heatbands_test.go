package heatbands

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/sweep"
)

// planOf is a plan measuring metric on the cascade, with goal if not "".
func planOf(t *testing.T, metric, goal string) *sweep.Plan {
	t.Helper()
	sc := scenarios.Cascade()
	m, err := sweep.ParseMetric(metric, sc, 0)
	if err != nil {
		t.Fatal(err)
	}
	p := &sweep.Plan{Measure: m}
	if goal != "" {
		g, err := sweep.ParseGoal(goal, sc, 0)
		if err != nil {
			t.Fatal(err)
		}
		p.Goal = &g
	}
	return p
}

// best is the band drawn in the best colour of pl's palette.
func best(pl *sweep.Plan) int {
	p := For(pl)
	for k, c := range p.Colors {
		if c == goodToBad[0] {
			return k
		}
	}
	return -1
}

// A grid whose every cell holds one value is one band, and its legend
// says that value: never a range widened past it (a share of 1.12 to 2).
// A share's band is where the value lies from 0 to 1, so every search
// answered (ok 1) is the best colour, and every search refused the worst.
func TestUniformGridIsOneBand(t *testing.T) {
	for _, c := range []struct {
		metric, goal string
		value        float64
		band         int
		bestBand     bool // the band is the palette's best colour
	}{
		{"search.ok", "", 1, N - 1, true},
		{"search.ok", "search.ok>=0.99", 1, N - 1, true},
		{"search.ok", "", 0, 0, false},
		{"search.rejected", "", 0, 0, true},
		{"search.rejected", "", 1, N - 1, false},
		{"search.ok", "", 0.5, N / 2, false},
		{"search.p50", "", 14.2, N / 2, false},
		{"recommendations.in_flight_max", "", 800, N / 2, false},
	} {
		pl := planOf(t, c.metric, c.goal)
		s := NewScale(pl, c.value, c.value)
		if !s.Uniform {
			t.Errorf("%s = %v everywhere: not uniform", c.metric, c.value)
		}
		if got := s.Band(c.value); got != c.band {
			t.Errorf("%s = %v everywhere: band %d, want %d", c.metric, c.value, got, c.band)
		}
		if c.bestBand && s.Band(c.value) != best(pl) {
			t.Errorf("%s = %v everywhere: band %d, but the best colour is band %d's", c.metric, c.value, s.Band(c.value), best(pl))
		}
		legend := s.Legend(Figures{})
		want := "every cell: " + sweep.Short(c.value)
		if len(legend) != 1 || legend[0].Text("–") != want || legend[0].Band != c.band {
			t.Errorf("%s = %v everywhere: legend %+v, want one entry %q in band %d", c.metric, c.value, legend, want, c.band)
		}
	}
}

// Means that differ in their last bits only (a sum over seeds in another
// order) are one value; a spread a legend can write is not.
func TestNearUniformGrids(t *testing.T) {
	pl := planOf(t, "search.ok", "")
	if s := NewScale(pl, 1-1e-15, 1); !s.Uniform || s.Band(1) != N-1 {
		t.Errorf("1-1e-15 to 1: %+v, want uniform in the top band", s)
	}
	s := NewScale(pl, 0.9991, 1)
	if s.Uniform {
		t.Fatal("0.9991 to 1 is a spread, not one value")
	}
	if s.Band(0.9991) != 0 || s.Band(1) != N-1 {
		t.Errorf("0.9991 to 1: bands %d and %d, want 0 and %d", s.Band(0.9991), s.Band(1), N-1)
	}
	legend := s.Legend(Figures{})
	seen := map[string]bool{}
	for _, e := range legend {
		text := e.Text("–")
		if seen[text] || e.From == e.To {
			t.Errorf("0.9991 to 1: the legend cannot tell its bands apart: %+v", legend)
		}
		seen[text] = true
	}
}

// For any range of shares, every band's range in the legend lies in
// [0, 1] and inside the range; the ranges follow one another, low to
// high; neighbouring bands are told apart; and every value of the range
// is in a band whose range holds it.
func TestLegendOfSharesStaysInRange(t *testing.T) {
	pl := planOf(t, "search.ok", "")
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		lo, hi := rng.Float64(), rng.Float64()
		switch rng.IntN(4) {
		case 0:
			hi = lo // uniform
		case 1:
			hi = min(1, lo+rng.Float64()*1e-4) // a tiny spread
		}
		if hi < lo {
			lo, hi = hi, lo
		}
		s := NewScale(pl, lo, hi)
		legend := s.Legend(Figures{})
		prev := math.Inf(-1)
		for i, e := range legend {
			from, err1 := strconv.ParseFloat(e.From, 64)
			to, err2 := strconv.ParseFloat(e.To, 64)
			if err1 != nil || err2 != nil {
				t.Fatalf("%v..%v: entry %+v does not read as numbers", lo, hi, e)
			}
			if from < 0 || to > 1 || from > to || from < prev {
				t.Fatalf("%v..%v: entry %d is %s–%s, outside [0, 1] or out of order: %+v", lo, hi, i, e.From, e.To, legend)
			}
			if i > 0 && e.Text("–") == legend[i-1].Text("–") {
				t.Fatalf("%v..%v: bands %d and %d read alike: %+v", lo, hi, i-1, i, legend)
			}
			prev = to
		}
		for _, x := range []float64{lo, hi, lo + (hi-lo)*rng.Float64()} {
			k := s.Band(x)
			if k < 0 || k >= N {
				t.Fatalf("%v..%v: %v is in band %d", lo, hi, x, k)
			}
			if s.Uniform && len(legend) != 1 {
				t.Fatalf("%v..%v: uniform, with %d legend entries", lo, hi, len(legend))
			}
			if !s.Uniform && legend[k].Band != k {
				t.Fatalf("%v..%v: entry %d is band %d's", lo, hi, k, legend[k].Band)
			}
		}
	}
}

// A latency is not called better for being low: its percentiles count
// refused requests, most at 0 ms, and the palette says so.
func TestLatencyIsFasterNotBetter(t *testing.T) {
	for _, c := range []struct{ metric, goal string }{{"search.p50", ""}, {"profile.p99", ""}, {"search.p95", "search.p95<=100"}} {
		p := For(planOf(t, c.metric, c.goal))
		if strings.Contains(p.Darker+p.Better, "better") {
			t.Errorf("%s: %q, %q calls a lower latency better", c.metric, p.Darker, p.Better)
		}
		owner := c.metric[:strings.IndexByte(c.metric, '.')]
		if !strings.Contains(p.Caveat, "refused requests count") || !strings.Contains(p.Caveat, owner+".ok") {
			t.Errorf("%s: caveat %q should say refusals count and name %s.ok", c.metric, p.Caveat, owner)
		}
	}
	if p := For(planOf(t, "search.ok", "")); p.Caveat != "" || p.Better != "higher is better" {
		t.Errorf("search.ok: %+v", p)
	}
}

// The words for the ends of the glyphs say what the colours say: the end
// called best (or fastest) is the darkest band, whichever way the measure
// runs, and a measure with no better way names neither end.
func TestEndsAgreeWithTheColours(t *testing.T) {
	for _, c := range []struct{ metric, goal, good string }{
		{"search.ok", "", "best"},
		{"search.rejected", "", "best"},
		{"search.rejected", "search.rejected<=0.01", "best"},
		{"search.p50", "", "fastest"},
		{"recommendations.in_flight_max", "", "best"},
	} {
		p := For(planOf(t, c.metric, c.goal))
		dark := -1
		for k, end := range []int{0, N - 1} {
			if p.Colors[end] == goodToBad[0] {
				dark = k
			}
		}
		if dark < 0 || p.Ends[dark] != c.good || p.Ends[1-dark] == "" {
			t.Errorf("%s %s: ends %q, the darkest band at the %d end: want %q there", c.metric, c.goal, p.Ends, dark, c.good)
		}
	}
}
