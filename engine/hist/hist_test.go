package hist

import (
	"math"
	"strconv"
	"testing"
	"time"

	"pgregory.net/rapid"
)

func TestExactBelow64Microseconds(t *testing.T) {
	var h Histogram
	for i := 0; i < 64; i++ {
		h.Record(time.Duration(i) * time.Microsecond)
	}
	if got := h.Quantile(0.5); got != 31*time.Microsecond && got != 32*time.Microsecond {
		t.Fatalf("median of 0..63µs = %v, want 31µs or 32µs", got)
	}
	if got := h.Quantile(1); got != 63*time.Microsecond {
		t.Fatalf("max quantile = %v, want 63µs", got)
	}
}

func TestEmptyIsZero(t *testing.T) {
	var h Histogram
	if h.Quantile(0.99) != 0 || h.Count() != 0 {
		t.Fatal("an empty histogram must report zero")
	}
}

// Every recorded value comes back within the bucket's relative error.
func TestQuantileWithinRelativeError(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		us := rapid.Int64Range(0, int64(10*24*time.Hour/time.Microsecond)).Draw(t, "us")
		var h Histogram
		d := time.Duration(us) * time.Microsecond
		h.Record(d)
		got := h.Quantile(0.5)
		if diff := math.Abs(float64(got - d)); diff > 0.016*float64(d)+float64(time.Microsecond) {
			t.Fatalf("recorded %v, quantile gave %v", d, got)
		}
	})
}

func TestQuantilesOfUniformSpread(t *testing.T) {
	var h Histogram
	for ms := 1; ms <= 1000; ms++ {
		h.Record(time.Duration(ms) * time.Millisecond)
	}
	for _, c := range []struct {
		q    float64
		want time.Duration
	}{{0.5, 500 * time.Millisecond}, {0.95, 950 * time.Millisecond}, {0.99, 990 * time.Millisecond}} {
		got := h.Quantile(c.q)
		if math.Abs(float64(got-c.want)) > 0.02*float64(c.want) {
			t.Errorf("p%v = %v, want about %v", c.q*100, got, c.want)
		}
	}
}

func TestIndexIsMonotonic(t *testing.T) {
	prev := -1
	for us := uint64(0); us < 1<<22; us += 1 + us/1000 {
		i := index(us)
		if i < prev {
			t.Fatalf("index(%d)=%d went below %d", us, i, prev)
		}
		prev = i
	}
}

// TestCountIsIndex holds count, written for the prove pass, to index: at
// every bucket's edges (each power of two, and a step of the shift either
// side), at the top bucket and past it, one count must land in index's
// bucket and nowhere else.
func TestCountIsIndex(t *testing.T) {
	var probes []uint64
	for b := 0; b < 64; b++ {
		p := uint64(1) << b
		for _, d := range []uint64{0, 1, 2, 3} {
			probes = append(probes, p-d, p+d, p+p/2, p|(p-1))
		}
	}
	probes = append(probes, math.MaxUint64, math.MaxUint64-1, math.MaxInt64)
	for us := uint64(0); us < 1<<22; us += 1 + us/500 {
		probes = append(probes, us)
	}
	var h Histogram
	for _, us := range probes {
		h.counts = [numBuckets]uint32{}
		h.count(us)
		want := index(us)
		for i, c := range h.counts {
			if (i == want) != (c == 1) || c > 1 {
				t.Fatalf("count(%d) left bucket %d at %d; index(%d) = %d", us, i, c, us, want)
			}
		}
	}
}

func BenchmarkRecord(b *testing.B) {
	var h Histogram
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		h.Record(time.Duration(i%100000) * time.Microsecond)
	}
}

// RecordMicros, given a duration's microseconds, counts exactly what Record
// counts for it: the same buckets, total and max.
func TestRecordMicrosIsRecord(t *testing.T) {
	var a, b Histogram
	for i := range 200_000 {
		d := time.Duration(i*i%9_999_991) * 997 // nanoseconds, not whole microseconds
		a.Record(d)
		b.RecordMicros(d, d/time.Microsecond)
	}
	if a != b {
		t.Fatal("RecordMicros counted differently from Record")
	}
	if a.Count() != 200_000 || a.Max() == 0 {
		t.Fatalf("count %d, max %v: the histograms recorded nothing", a.Count(), a.Max())
	}
}

// A run where every request waited the same time (checkout's clients all
// giving up at their 3 s patience) has that time as every quantile: its
// bucket's middle, 2.982 s, lies below every value in it.
func TestQuantileOfOneValueIsThatValue(t *testing.T) {
	for _, d := range []time.Duration{3 * time.Second, 80 * time.Millisecond, 2 * time.Second, 777 * time.Microsecond} {
		var h Histogram
		for range 68 {
			h.Record(d)
		}
		for _, q := range []float64{0, 0.5, 0.95, 0.99, 1} {
			if got := h.Quantile(q); got != d {
				t.Errorf("%v recorded 68 times: quantile %v is %v", d, q, got)
			}
		}
	}
}

// Every quantile lies between the smallest and the largest value recorded,
// whatever was recorded.
func TestQuantileWithinRecordedRange(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var h Histogram
		n := rapid.IntRange(1, 50).Draw(t, "n")
		for i := range n {
			d := time.Duration(rapid.Int64Range(0, int64(time.Hour)).Draw(t, "d"+strconv.Itoa(i)))
			if rapid.Bool().Draw(t, "micros") {
				h.RecordMicros(d, d/time.Microsecond)
			} else {
				h.Record(d)
			}
		}
		q := rapid.Float64Range(0, 1).Draw(t, "q")
		if got := h.Quantile(q); got < h.Min() || got > h.Max() {
			t.Fatalf("quantile %v = %v, outside [%v, %v]", q, got, h.Min(), h.Max())
		}
	})
}

// RecordZero is Record(0) on any histogram: empty, holding zeros already,
// or holding random durations, the whole value (counts, count, smallest,
// largest) the same after either.
func TestRecordZeroIsRecordOfZero(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var a Histogram
		for _, d := range rapid.SliceOfN(rapid.Int64Range(0, int64(time.Hour)), 0, 20).Draw(t, "before") {
			a.Record(time.Duration(d))
		}
		b := a
		for range rapid.IntRange(1, 3).Draw(t, "zeros") {
			a.RecordZero()
			b.Record(0)
			if a != b {
				t.Fatalf("after RecordZero: %+v min %v; after Record(0): %+v min %v", a.total, a.Min(), b.total, b.Min())
			}
		}
	})
}
