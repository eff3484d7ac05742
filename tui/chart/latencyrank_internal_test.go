package chart

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// A large column's percentiles, selected by their digits (ranked), are
// the values sorting finds at the same ranks, whatever the answers: the
// chart draws what it drew when it sorted every column.
func TestRankedIsTheSortedValue(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	gen := map[string]func(i int) uint32{
		"all equal":        func(int) uint32 { return 42_000 },
		"all zero":         func(int) uint32 { return 0 },
		"largest":          func(int) uint32 { return math.MaxUint32 },
		"rejections, slow": func(i int) uint32 { return uint32(i%3) * 30_000_000 },
		"spread":           func(int) uint32 { return rng.Uint32() },
		"milliseconds":     func(int) uint32 { return 1000 + rng.Uint32N(80_000) },
		"one digit apart":  func(i int) uint32 { return 1<<21 - 1 + uint32(i%2) },
		"ascending":        func(i int) uint32 { return uint32(i) },
		"descending":       func(i int) uint32 { return uint32(1_000_000 - i) },
	}
	for name, g := range gen {
		for _, n := range []int{1, 2, 99, 100, 101, sortedUpTo + 1, 45_000} {
			vs := make([]uint32, n)
			for i := range vs {
				vs[i] = g(i)
			}
			sorted := slices.Sorted(slices.Values(vs))
			for _, ks := range [][2]int{{rank(0.50, n), rank(0.99, n)}, {0, n - 1}, {n - 1, 0}, {n / 3, n / 3}} {
				got := ranked(vs, ks)
				if want := [2]uint32{sorted[ks[0]], sorted[ks[1]]}; got != want {
					t.Errorf("%s, %d values, ranks %v: %v, sorted %v", name, n, ks, got, want)
				}
			}
		}
	}
}

// A column of many answers is neither sorted nor copied to read its
// percentiles: the cache's scratch, which a sort needs, stays at the
// small columns' size. It held a whole column's answers, and the first
// draw of a 12-hour run sorted millions of them (BenchmarkLatencyFirstDraw).
func TestLargeColumnIsNotCopied(t *testing.T) {
	lat := make([]uint32, 50_000)
	for i := range lat {
		lat[i] = uint32(i * 7919 % 100_003)
	}
	var c latencyCache
	p := c.colPercentiles(lat, true)
	sorted := slices.Sorted(slices.Values(lat))
	if p.p50 != sorted[rank(0.50, len(lat))] || p.p99 != sorted[rank(0.99, len(lat))] || p.n != len(lat) {
		t.Errorf("percentiles %+v, sorted p50 %d p99 %d", p, sorted[rank(0.50, len(lat))], sorted[rank(0.99, len(lat))])
	}
	if cap(c.scratch) >= len(lat) {
		t.Errorf("a column of %d answers was copied to sort (scratch holds %d)", len(lat), cap(c.scratch))
	}
}
