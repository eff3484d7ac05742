package breaker_test

import (
	"errors"
	"fmt"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
)

// Wrapping real calls: the clock is time.Since(start) in real code; here a
// variable stands in for it so the example's output is fixed.
func ExampleBreaker_Execute() {
	var clock time.Duration
	now := func() time.Duration { return clock }
	b, _ := breaker.New(breaker.Gobreaker(), func(t breaker.Transition) {
		fmt.Printf("%v: %v -> %v (%s)\n", t.At, t.From, t.To, t.Reason())
	})
	errDown := errors.New("connection refused")
	for range 6 {
		b.Execute(now, func() error { return errDown }, nil)
	}
	err := b.Execute(now, func() error { return nil }, nil)
	fmt.Println(err, "- retry after", b.OpenRemaining(clock))

	// gobreaker leaves open only once its timeout is strictly over: at
	// exactly one minute the call is still refused.
	clock = time.Minute
	fmt.Println(b.Execute(now, func() error { return nil }, nil))
	clock += time.Millisecond
	status := 200
	b.Execute(now, func() error { return nil }, func(error) breaker.Result { return breaker.ClassifyHTTP(status) })
	// Output:
	// 0s: closed -> open (6 calls in a row failed)
	// circuit breaker is open - retry after 1m0.000000001s
	// circuit breaker is open
	// 1m0.001s: open -> half-open (the open wait ran out)
	// 1m0.001s: half-open -> closed (1 of 1 trial call passed)
}
