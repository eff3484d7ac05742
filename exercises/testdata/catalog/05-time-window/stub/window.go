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
	width int64 // nanoseconds per bucket
	now   func() time.Time
	// TODO: the buckets.
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
	// TODO: make the buckets.
	return &Window{width: int64(size) / int64(n), now: now}, nil
}

// Record counts one call, failed or not, at the current time.
func (w *Window) Record(failed bool) {
	// TODO: find the bucket for w.now(); if it still holds counts from an
	// older stretch of time, empty it first.
	_ = failed
}

// Counts returns the calls and failures recorded in the current bucket and
// the Buckets-1 before it.
func (w *Window) Counts() (calls, failures int) {
	// TODO
	return 0, 0
}
