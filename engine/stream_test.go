package engine

import (
	"math"
	"math/rand/v2"
	"testing"
)

// A stream must draw exactly what math/rand/v2 draws from the same seeds,
// whatever the mix of draws: the engine's results depend on every bit.
func TestStreamDrawsWhatMathRandDraws(t *testing.T) {
	n := 2_000_000
	if testing.Short() {
		n = 200_000
	}
	for seed := range uint64(4) {
		s := newStream(seed, streamKey("search", 2))
		want := rand.New(rand.NewPCG(seed, streamKey("search", 2)))
		mix := rand.New(rand.NewPCG(seed, 99)) // chooses the next kind of draw
		slow := 0
		for i := range n {
			var got, exp float64
			switch k := mix.IntN(8); {
			case k < 5:
				got, exp = s.exp(), want.ExpFloat64()
				if got > 7.69 {
					slow++ // the ziggurat's tail, which std draws
				}
			case k < 7:
				got, exp = s.float64(), want.Float64()
			default:
				got, exp = s.norm(), want.NormFloat64()
			}
			if math.Float64bits(got) != math.Float64bits(exp) {
				t.Fatalf("seed %d, draw %d: %v, math/rand/v2 drew %v", seed, i, got, exp)
			}
		}
		if slow == 0 && n >= 1_000_000 {
			t.Errorf("seed %d: no draw reached the ziggurat's tail; the slow case went untested", seed)
		}
	}
}

// The fast case's tables are read from math/rand/v2 by probing; this checks
// them against draws that hit every index at its threshold: one below must
// be fast and equal to the library's, the threshold itself must be left to
// the library.
func TestExpTablesMatchTheLibrary(t *testing.T) {
	newStream(0, 0) // reads the tables
	fastCases := 0
	for i := range 256 {
		for _, j := range []uint32{0, 1, 2, expK[i] / 2, expK[i] - 1, expK[i], expK[i] + 1, math.MaxUint32} {
			u := uint64(i)<<32 | uint64(j)
			p := &probe{first: u}
			want := rand.New(p).ExpFloat64()
			if j < expK[i] {
				fastCases++
				if got := float64(j) * expW[i]; math.Float64bits(got) != math.Float64bits(want) {
					t.Fatalf("i=%d j=%d: fast case gives %v, math/rand/v2 %v", i, j, got, want)
				}
				if p.reads != 1 {
					t.Fatalf("i=%d j=%d: taken as fast but the library read %d numbers", i, j, p.reads)
				}
			} else if j == expK[i] && p.reads == 1 {
				t.Fatalf("i=%d: threshold %d is fast in the library: the table is too low", i, j)
			}
		}
	}
	if fastCases < 256*4 {
		t.Fatalf("only %d fast cases checked", fastCases)
	}
}

// NormFloat64's tables are probed as ExpFloat64's are; this checks normFast
// against the library on both sides of every strip's threshold, for j of
// either sign (the library compares |j|), and MinInt32, whose |j|
// overflows to 2^31.
func TestNormTablesMatchTheLibrary(t *testing.T) {
	newStream(0, 0) // reads the tables
	fastCases := 0
	for i := range uint64(128) {
		k := int64(normK[i])
		for _, j := range []int64{0, 1, -1, 2, k / 2, -k / 2, k - 1, -(k - 1), k, -k, k + 1, math.MaxInt32, math.MinInt32} {
			u := i<<32 | uint64(uint32(int32(j)))
			p := &probe{first: u}
			want := rand.New(p).NormFloat64()
			got, ok := normFast(u)
			if ok != (p.reads == 1) {
				t.Fatalf("i=%d j=%d: normFast says fast=%v, the library read %d numbers", i, j, ok, p.reads)
			}
			if ok {
				fastCases++
				if math.Float64bits(got) != math.Float64bits(want) {
					t.Fatalf("i=%d j=%d: fast case gives %v, math/rand/v2 %v", i, j, got, want)
				}
			}
		}
	}
	if fastCases < 127*6 {
		t.Fatalf("only %d fast cases checked", fastCases)
	}
}

// pcgStep, which drawEndpoint draws with, is next on a state kept aside:
// the same numbers and the same state after each.
func TestPCGStepIsNext(t *testing.T) {
	s := newStream(11, streamKey("search", 1))
	hi, lo := s.hi, s.lo
	for i := range 10_000 {
		var u uint64
		hi, lo, u = pcgStep(hi, lo)
		if want := s.next(); u != want || hi != s.hi || lo != s.lo {
			t.Fatalf("draw %d: pcgStep gave %#x, next %#x (or the states differ)", i, u, want)
		}
	}
}
