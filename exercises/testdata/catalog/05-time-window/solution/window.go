// Package timewindow counts calls and failures over the last stretch of
// time (say 10 seconds), in a fixed number of buckets, so that memory does
// not grow with traffic.
package timewindow

import (
	"fmt"
	"time"
)

// Window counts the calls of the last Size, in buckets of Size/Buckets.
// It is not safe for use by several goroutines at once.
type Window struct {
	width   int64 // nanoseconds per bucket
	now     func() time.Time
	buckets []bucket
}

// bucket holds the counts of one stretch of width nanoseconds: the one
// numbered epoch since 1970.
type bucket struct {
	epoch    int64
	calls    int
	failures int
}

// New returns an empty window of the given size split into n buckets. The
// size must be a positive whole multiple of n nanoseconds.
func New(size time.Duration, n int, now func() time.Time) (*Window, error) {
	switch {
	case n < 1:
		return nil, fmt.Errorf("buckets is %d; it must be at least 1", n)
	case size <= 0:
		return nil, fmt.Errorf("size is %v; it must be positive", size)
	case int64(size)%int64(n) != 0:
		return nil, fmt.Errorf("size %v does not split into %d equal buckets; pick a size that is a multiple of the bucket count", size, n)
	}
	w := &Window{width: int64(size) / int64(n), now: now, buckets: make([]bucket, n)}
	for i := range w.buckets {
		w.buckets[i].epoch = -1 // holds nothing yet
	}
	return w, nil
}

// Record counts one call, failed or not, at the current time.
func (w *Window) Record(failed bool) {
	e := w.epochNow()
	b := &w.buckets[e%int64(len(w.buckets))]
	if b.epoch != e {
		*b = bucket{epoch: e} // last used a full turn of the ring ago: start afresh
	}
	b.calls++
	if failed {
		b.failures++
	}
}

// Counts returns the calls and failures recorded in the current bucket and
// the Buckets-1 before it.
func (w *Window) Counts() (calls, failures int) {
	e := w.epochNow()
	oldest := e - int64(len(w.buckets)) + 1
	for _, b := range w.buckets {
		if b.epoch >= oldest && b.epoch <= e {
			calls += b.calls
			failures += b.failures
		}
	}
	return calls, failures
}

func (w *Window) epochNow() int64 { return w.now().UnixNano() / w.width }
