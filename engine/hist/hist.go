// Package hist is a fixed-size latency histogram with log-linear buckets:
// exact below 64 µs and within about 1.6 % above, from 0 to days. Recording
// is a few instructions and never allocates, so the simulation can record
// every request. It imports only the standard library.
package hist

import (
	"math"
	"math/bits"
	"time"
)

const (
	subBits    = 6
	sub        = 1 << subBits // exact values below this many microseconds
	half       = sub / 2
	maxShift   = 40
	numBuckets = sub + maxShift*half
)

// Histogram counts durations. The zero value is empty and ready to use; it
// is a plain value, so copying it copies the counts.
type Histogram struct {
	counts [numBuckets]uint32
	total  uint64
	// The smallest and largest durations bound every quantile: a bucket's
	// middle lies up to 1.6 % from the values in it, and when every value
	// is the same (a client's patience run out, a fixed latency) the middle
	// alone would read 2.98 s for 3 s. The smallest is kept as its distance
	// below the largest duration there is, so that the zero value stands
	// for "none yet" and a record costs one comparison.
	belowMin time.Duration
	max      time.Duration
}

// Record counts one duration; negative durations count as zero.
func (h *Histogram) Record(d time.Duration) {
	if d < 0 {
		d = 0
	}
	h.count(uint64(d / time.Microsecond))
	if b := math.MaxInt64 - d; b > h.belowMin {
		h.belowMin = b
	}
	h.total++
	if d > h.max {
		h.max = d
	}
}

// RecordMicros is Record for a duration d that is not negative, given
// with its whole microseconds us (d / time.Microsecond): a caller that has
// worked them out already spares the division.
func (h *Histogram) RecordMicros(d, us time.Duration) {
	h.count(uint64(us))
	// (max, not an if, keeps the function within the inliner's budget
	// with count's steps.)
	h.belowMin = max(h.belowMin, math.MaxInt64-d)
	h.total++
	if d > h.max {
		h.max = d
	}
}

// RecordZero is Record(0): a request answered the moment it came (a
// refusal). Zero is the smallest duration there is, and no recorded one is
// below it, so it sets the smallest and leaves the largest as it was; a
// call small enough to inline where Record is not.
func (h *Histogram) RecordZero() {
	h.counts[0]++
	h.belowMin = math.MaxInt64
	h.total++
}

// Count is how many durations were recorded.
func (h *Histogram) Count() uint64 { return h.total }

// Min is the smallest duration recorded (zero when empty).
func (h *Histogram) Min() time.Duration {
	if h.total == 0 {
		return 0
	}
	return math.MaxInt64 - h.belowMin
}

// Max is the largest duration recorded.
func (h *Histogram) Max() time.Duration { return h.max }

// Quantile returns the duration below which a share q (0 to 1) of the
// recorded durations fall, as the middle of its bucket, kept within the
// smallest and largest recorded; zero when empty.
func (h *Histogram) Quantile(q float64) time.Duration {
	if h.total == 0 {
		return 0
	}
	rank := uint64(q*float64(h.total) + 0.5)
	rank = min(max(rank, 1), h.total)
	var seen uint64
	for i, c := range h.counts {
		seen += uint64(c)
		if seen >= rank {
			return max(min(middle(i), h.max), h.Min())
		}
	}
	return h.max
}

// count adds one to us's bucket, index(us), in steps whose ranges the
// compiler's prove pass follows to below numBuckets, so that no step
// takes a bounds check (index's one result, merged from its three
// returns, loses them): s is index's shift-1, which wraps for a shift of
// 0 (never, as us >= sub) and so is tested as a whole, and us>>(s+1),
// which has exactly subBits bits (half to sub-1), loses its top bit by a
// mask where index takes half off. TestCountIsIndex holds it to index.
func (h *Histogram) count(us uint64) {
	if us < sub {
		h.counts[us]++
		return
	}
	s := uint(bits.Len64(us)) - subBits - 1
	if s >= maxShift {
		h.counts[numBuckets-1]++
		return
	}
	h.counts[sub+s*half+uint(us>>(s+1))&(half-1)]++
}

func index(us uint64) int {
	if us < sub {
		return int(us)
	}
	shift := bits.Len64(us) - subBits
	if shift > maxShift {
		return numBuckets - 1
	}
	return sub + (shift-1)*half + int(us>>uint(shift)) - half
}

// middle is the representative duration of bucket i.
func middle(i int) time.Duration {
	if i < sub {
		return time.Duration(i) * time.Microsecond
	}
	shift := (i-sub)/half + 1
	m := uint64((i-sub)%half + half)
	lo := m << uint(shift)
	width := uint64(1) << uint(shift)
	return time.Duration(lo+width/2) * time.Microsecond
}
