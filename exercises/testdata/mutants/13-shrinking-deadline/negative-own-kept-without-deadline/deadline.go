// Mutant: with no deadline the hop's own timeout is returned as it is, so
// a negative one (which means none) comes back negative instead of 0.

// Package deadline works out the timeout each hop of a call chain gives
// its outbound call when the caller's remaining deadline travels with the
// request.
package deadline

import (
	"errors"
	"fmt"
	"math"
	"time"
)

// NoDeadline is the time left for a request that has no deadline.
const NoDeadline = time.Duration(math.MaxInt64)

// ErrNoTimeLeft means a hop has no time left to make its call.
var ErrNoTimeLeft = errors.New("no time left for the call")

// Hop is one service on a request's path.
type Hop struct {
	Name    string
	Timeout time.Duration // its own timeout for its outbound call; <= 0 means none
	Work    time.Duration // the time it spends before it makes the call
}

// HopTimeout returns the timeout for a hop's outbound call: the smaller of
// its own (own <= 0: none) and the caller's time left minus margin (left ==
// NoDeadline: no deadline). 0 means no timeout at all. It fails with
// ErrNoTimeLeft when the deadline leaves nothing after the margin.
func HopTimeout(own, left, margin time.Duration) (time.Duration, error) {
	if margin < 0 {
		return 0, fmt.Errorf("margin is %v; it must be zero or more", margin)
	}
	if left < 0 {
		return 0, fmt.Errorf("time left is %v; it must be zero or more (NoDeadline for none)", left)
	}
	if left == NoDeadline {
		return own, nil
	}
	budget := left - margin
	if budget <= 0 {
		return 0, fmt.Errorf("%w: %v left, %v margin", ErrNoTimeLeft, left, margin)
	}
	if own <= 0 {
		return budget, nil
	}
	return min(own, budget), nil
}

// Plan walks a request down hops, starting with left, and returns the
// timeout each hop sets on its call. On ErrNoTimeLeft it returns the
// timeouts of the hops before the one that had no time, and an error
// naming that hop.
func Plan(hops []Hop, left, margin time.Duration) ([]time.Duration, error) {
	out := make([]time.Duration, 0, len(hops))
	for _, h := range hops {
		if left != NoDeadline {
			left = max(left-h.Work, 0)
		}
		t, err := HopTimeout(h.Timeout, left, margin)
		if err != nil {
			return out, fmt.Errorf("%s: %w", h.Name, err)
		}
		out = append(out, t)
		if t == 0 {
			left = NoDeadline
		} else {
			left = t
		}
	}
	return out, nil
}
