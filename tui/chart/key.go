package chart

import (
	"math"
	"slices"

	"github.com/breakerlab/breakerlab/tui/pane"
)

// chartKey is the run and the samples a chart's picture was drawn from.
// Within a run (gen) the series and the transitions only grow, so their
// lengths say which of them the picture holds.
type chartKey struct {
	gen         uint64
	samples     int
	series      int
	transitions int // the History's: a mark and a count per transition
	// moment says whether the data wrote its times by a run's rule
	// (pane.Data.Moment), as the fault legends do.
	moment bool
}

// viewKey is everything a chart's picture depends on besides its size: a
// chart redraws when it changes, and only then. Besides the run and its
// samples (chartKey), the figures of the moment the chart reads that move
// between two samples (now: a breaker's state, the peak in flight the y
// scale counts, a pool's figures in the title), and the faults on the
// time axis. Keyed on the samples alone, the breaker history stopped at
// lesson 5's 1.726 s, a transition after the last sample, said "0
// changes" until a resize drew it afresh.
type viewKey struct {
	run    chartKey
	now    []int64
	faults []pane.FaultSpan
	ok     bool
	spare  []int64 // the buffer the next key's figures go into
}

// figures is an empty buffer for the next key's figures, to hand to
// update: the key's two buffers take turns, so a frame allocates none.
func (k *viewKey) figures() []int64 { return k.spare[:0] }

// update keys the picture on run, the figures now (from figures) and
// faults, and says whether that is another picture than the last one.
func (k *viewKey) update(run chartKey, now []int64, faults []pane.FaultSpan) bool {
	if k.ok && run == k.run && slices.Equal(now, k.now) && slices.Equal(faults, k.faults) {
		k.spare = now
		return false
	}
	k.run, k.ok = run, true
	k.now, k.spare = now, k.now
	if !slices.Equal(faults, k.faults) {
		k.faults = slices.Clone(faults)
	}
	return true
}

// bits is a figure of a key as an int64: a float by its bits.
func bits(f float64) int64 { return int64(math.Float64bits(f)) }

// flag is a key's figure for a yes or no.
func flag(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
