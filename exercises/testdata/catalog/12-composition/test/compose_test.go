package compose

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"
)

// Little's law with the numbers of a server whose recommendations
// dependency hangs: 100 calls a second waiting for a 5 s timeout want 500
// threads, and the server has 200.
func TestInFlight(t *testing.T) {
	for _, tc := range []struct {
		rate    float64
		latency time.Duration
		want    float64
	}{
		{300, 20 * time.Millisecond, 6}, // search
		{200, 30 * time.Millisecond, 6}, // profiles
		{100, 40 * time.Millisecond, 4}, // recommendations, healthy
		{100, 5 * time.Second, 500},     // recommendations, hanging until the timeout
		{20, 200 * time.Millisecond, 4}, // checkout at 20 req/s
		{0.5, 3 * time.Second, 1.5},
	} {
		got := InFlight(tc.rate, tc.latency)
		if got == 0 {
			// Nothing in flight at any rate is InFlight not written yet:
			// one message for the first step, not one per case.
			t.Fatalf("InFlight(%v/s, %v) = 0, want %v: Little's law, the calls in flight are the arrival rate times the latency in seconds", tc.rate, tc.latency, tc.want)
		}
		if math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("InFlight(%v/s, %v) = %v, want %v", tc.rate, tc.latency, got, tc.want)
		}
	}
}

func TestBulkheadSize(t *testing.T) {
	answers := map[int]int{} // how many cases got each answer
	var wrong []string
	for _, tc := range []struct {
		rate     float64
		latency  time.Duration
		headroom float64
		want     int
	}{
		{100, 40 * time.Millisecond, 5, 20},    // 4 in flight, five times that
		{20, 200 * time.Millisecond, 1, 4},     // the checkout demo's 4 slots
		{40, 200 * time.Millisecond, 1, 8},     // at 40 req/s those 4 fall short
		{30, 50 * time.Millisecond, 1, 2},      // 1.5 rounds up
		{300, 70 * time.Millisecond, 1, 21},    // 300 × 0.07 s is 21.000000000000004 in float64
		{200, 250 * time.Millisecond, 1.1, 55}, // 50 × 1.1 is 55.00000000000001 in float64
		{1, 1001 * time.Millisecond, 1, 2},     // 1.001 is not noise: it rounds up
		{0.1, 10 * time.Millisecond, 1, 1},     // never below 1
		{100, 40 * time.Millisecond, 0, 4},     // headroom below 1 counts as 1
	} {
		got := BulkheadSize(tc.rate, tc.latency, tc.headroom)
		answers[got]++
		if got == tc.want {
			continue
		}
		// One too many for a need that is whole, give or take float64
		// noise, is that noise rounded up.
		why := ""
		if need := tc.rate * tc.latency.Seconds() * max(tc.headroom, 1); got == tc.want+1 && math.Abs(need-float64(tc.want)) < 1e-6 {
			why = ": the need is a whole number, but float64 can compute it a hair above (300 × 0.07 s is 21.000000000000004, 50 × 1.1 is 55.00000000000001); " +
				"forgive that noise before rounding up (hint 2 shows one way)"
		}
		wrong = append(wrong, fmt.Sprintf("BulkheadSize(%v/s, %v, ×%v) = %d, want %d%s", tc.rate, tc.latency, tc.headroom, got, tc.want, why))
	}
	// One answer whatever the rate, latency and headroom is a size not yet
	// computed: one sentence says so, where a line a case would repeat it.
	if len(answers) == 1 && len(wrong) > 1 {
		for got := range answers {
			t.Fatalf("BulkheadSize returned %d for all %d cases, whatever the rate, latency and headroom; want the calls in flight, rate × latency (Little's law), "+
				"times the headroom and rounded up: BulkheadSize(100/s, 40ms, ×5) = 20, 4 in flight and five times that", got, answers[got])
		}
	}
	for _, w := range wrong {
		t.Error(w)
	}
}

var errDown = errors.New("503 from the dependency")

// dependency is a fake dependency that counts calls and answers from a
// script: one entry per call, "fail", "hang" or "ok" (the last entry
// repeats).
type dependency struct {
	mu     sync.Mutex
	script []string
	calls  int
	inUse  []int // the bulkhead's InUse seen during each call
	bh     *Bulkhead
}

func (d *dependency) call(ctx context.Context) error {
	d.mu.Lock()
	step := d.script[min(d.calls, len(d.script)-1)]
	d.calls++
	if d.bh != nil {
		d.inUse = append(d.inUse, d.bh.InUse())
	}
	d.mu.Unlock()
	switch step {
	case "fail":
		return errDown
	case "hang":
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Hour):
			return errors.New("hung for an hour: no timeout ended the attempt")
		}
	}
	return nil
}

func (d *dependency) count() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.calls
}

func client(threshold, permits, attempts int) *Client {
	return &Client{
		Breaker:        NewBreaker(threshold),
		Bulkhead:       NewBulkhead(permits),
		Attempts:       attempts,
		Backoff:        100 * time.Millisecond,
		AttemptTimeout: time.Second,
	}
}

func TestHappyPath(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := client(5, 2, 3)
		d := &dependency{script: []string{"ok"}, bh: c.Bulkhead}
		if err := c.Call(context.Background(), d.call); err != nil {
			t.Fatalf("Call returned %s, want no error", said(err))
		}
		if d.count() != 1 || c.Breaker.Successes() != 1 {
			t.Fatalf("%s and %s recorded, want 1 and 1", count(d.count(), "call", "calls"), count(c.Breaker.Successes(), "success", "successes"))
		}
		if d.inUse[0] != 1 {
			t.Fatalf("the bulkhead had %s in use during the call, want 1: the call must hold a permit", count(d.inUse[0], "permit", "permits"))
		}
	})
}

// Retry sits outside the breaker, so the breaker sees every attempt. With
// the breaker outside the retry it would see one failure per Call, and a
// dependency failing every attempt would look three times healthier. Both
// Resilience4j's Spring aspects (retryAspectOrder and circuitBreakerAspectOrder
// in resilience4j-spring/.../configure/*ConfigurationProperties.java) and
// .NET's standard resilience handler (AddStandardResilienceHandler in
// dotnet/extensions, ResilienceHttpClientBuilderExtensions.StandardResilience.cs)
// put the retry outside the breaker.
func TestBreakerSeesEveryAttempt(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := client(10, 2, 3)
		d := &dependency{script: []string{"fail"}}
		err := c.Call(context.Background(), d.call)
		if !errors.Is(err, errDown) {
			t.Fatalf("Call returned %s, want the dependency's error after the last attempt", said(err))
		}
		if d.count() != 3 {
			t.Fatalf("the dependency was called %s, want 3 attempts", count(d.count(), "time", "times"))
		}
		if f := c.Breaker.Failures(); f != 3 {
			t.Fatalf("the breaker recorded %s for 3 failed attempts; it must see each attempt (retry outside the breaker)", count(f, "failure", "failures"))
		}
	})
}

// Once the breaker opens mid-Call, the next attempt is refused and that
// refusal is not retried.
func TestOpenBreakerIsNotRetried(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := client(2, 2, 5)
		d := &dependency{script: []string{"fail"}}
		start := time.Now()
		err := c.Call(context.Background(), d.call)
		if !errors.Is(err, ErrOpen) {
			t.Fatalf("Call returned %s, want ErrOpen once the breaker opened after 2 failures", said(err))
		}
		if d.count() != 2 {
			t.Fatalf("the dependency was called %s, want 2", count(d.count(), "time", "times"))
		}
		if took := time.Since(start); took != 200*time.Millisecond {
			t.Fatalf("Call took %v, want 200 ms: two backoffs, then the refusal, then no more waiting", took)
		}
		start = time.Now()
		err = c.Call(context.Background(), d.call)
		if !errors.Is(err, ErrOpen) || d.count() != 2 || time.Since(start) != 0 {
			t.Fatalf("a Call on an open breaker returned %s after %v with %s; want ErrOpen at once and no call", said(err), time.Since(start), count(d.count(), "dependency call", "dependency calls"))
		}
	})
}

// The breaker sits outside the bulkhead: an open breaker answers without
// touching the bulkhead, so a full bulkhead is not even looked at.
func TestOpenBreakerTakesNoPermit(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := client(1, 1, 1)
		d := &dependency{script: []string{"fail"}}
		_ = c.Call(context.Background(), d.call)
		if !c.Breaker.IsOpen() {
			t.Fatal("the breaker did not open after one failure with threshold 1")
		}
		before := c.Bulkhead.Acquisitions()
		if !c.Bulkhead.TryAcquire() { // someone else fills the bulkhead
			t.Fatal("could not fill the bulkhead")
		}
		defer c.Bulkhead.Release()
		err := c.Call(context.Background(), d.call)
		if !errors.Is(err, ErrOpen) {
			t.Fatalf("Call returned %s with the breaker open and the bulkhead full, want ErrOpen: check the breaker first", said(err))
		}
		if got := c.Bulkhead.Acquisitions() - before; got != 1 {
			t.Fatalf("the bulkhead saw %s, want only the test's own", count(got, "acquisition", "acquisitions"))
		}
	})
}

// A full bulkhead is our own limit, not a sign that the dependency is
// failing: the breaker must not count it, and it is not retried.
func TestFullBulkheadIsNotADependencyFailure(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := client(1, 1, 3)
		d := &dependency{script: []string{"ok"}}
		c.Bulkhead.TryAcquire()
		defer c.Bulkhead.Release()
		start := time.Now()
		err := c.Call(context.Background(), d.call)
		if !errors.Is(err, ErrBulkheadFull) {
			t.Fatalf("Call returned %s, want ErrBulkheadFull", said(err))
		}
		if d.count() != 0 {
			t.Fatal("the dependency was called without a permit")
		}
		if f := c.Breaker.Failures(); f != 0 || c.Breaker.IsOpen() {
			t.Fatalf("the breaker recorded %s for a full bulkhead; it must not count our own limit", count(f, "failure", "failures"))
		}
		if time.Since(start) != 0 {
			t.Fatalf("Call took %v; a full bulkhead fails fast and is not retried", time.Since(start))
		}
	})
}

// The timeout is per attempt, inside the retry: an attempt that hangs
// times out, and the next one can succeed. The breaker counts the timeout.
func TestEachAttemptHasItsOwnTimeout(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := client(5, 2, 3)
		d := &dependency{script: []string{"hang", "ok"}}
		start := time.Now()
		if err := c.Call(context.Background(), d.call); err != nil {
			t.Fatalf("Call returned %s, want no error: the first attempt times out, the second succeeds", said(err))
		}
		if took := time.Since(start); took != 1100*time.Millisecond {
			t.Fatalf("Call took %v, want 1 s (the first attempt's timeout) + 100 ms backoff", took)
		}
		if f, s := c.Breaker.Failures(), c.Breaker.Successes(); f != 1 || s != 1 {
			t.Fatalf("the breaker recorded %s and %s, want 1 and 1: a timed-out attempt is a failure", count(f, "failure", "failures"), count(s, "success", "successes"))
		}
	})
}

func TestTimeoutsAreReportedAsSuch(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := client(5, 2, 2)
		d := &dependency{script: []string{"hang"}}
		start := time.Now()
		err := c.Call(context.Background(), d.call)
		if !errors.Is(err, ErrAttemptTimeout) || !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("Call returned %s, want an error matching ErrAttemptTimeout and context.DeadlineExceeded", said(err))
		}
		if took := time.Since(start); took != 2100*time.Millisecond {
			t.Fatalf("Call took %v, want 2 × 1 s attempts + 100 ms backoff", took)
		}
	})
}

// AttemptTimeout 0 means no limit of the attempt's own (the stub's field
// says so, and exercise 08 has the same rule). context.WithTimeout(ctx, 0)
// would give every attempt a context already past its deadline, and a
// client without an attempt timeout could not make a single call.
func TestNoAttemptTimeoutMeansNoLimit(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := client(5, 2, 1)
		c.AttemptTimeout = 0
		var hadDeadline atomic.Bool
		slow := func(ctx context.Context) error {
			_, ok := ctx.Deadline()
			hadDeadline.Store(ok)
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(2 * time.Second):
				return nil
			}
		}
		err := c.Call(context.Background(), slow)
		switch {
		case hadDeadline.Load():
			t.Fatalf("with AttemptTimeout 0, fn's context had a deadline (Call returned %s): 0 means no limit on the attempt, so use context.WithTimeout only when AttemptTimeout > 0", said(err))
		case err != nil:
			t.Fatalf("with AttemptTimeout 0, a call taking 2 s returned %s, want no error: 0 means no limit on the attempt", said(err))
		}
	})
}

// The permit is held for the attempt only, and given back before the
// backoff: a bulkhead outside the retry would keep a permit asleep.
func TestPermitIsNotHeldDuringBackoff(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := client(10, 3, 2)
		c.Backoff = time.Second
		d := &dependency{script: []string{"fail", "ok"}, bh: c.Bulkhead}
		done := make(chan error, 1)
		go func() { done <- c.Call(context.Background(), d.call) }()
		time.Sleep(500 * time.Millisecond) // halfway through the backoff
		if n := c.Bulkhead.InUse(); n != 0 {
			t.Errorf("%s held during the backoff, want 0", count(n, "permit", "permits"))
		}
		if err := <-done; err != nil {
			t.Fatalf("Call returned %s, want no error", said(err))
		}
		for i, n := range d.inUse {
			if n != 1 {
				t.Fatalf("attempt %d ran with %d permits in use, want 1", i+1, n)
			}
		}
	})
}

// The caller's deadline bounds the whole Call, backoffs included.
func TestCallersDeadlineBoundsEverything(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := client(10, 2, 10)
		c.Backoff = time.Second
		d := &dependency{script: []string{"fail"}}
		ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
		defer cancel()
		start := time.Now()
		err := c.Call(ctx, d.call)
		if took := time.Since(start); took != 1500*time.Millisecond {
			t.Fatalf("Call returned after %v, want at the caller's 1.5 s deadline", took)
		}
		if !errors.Is(err, context.DeadlineExceeded) || d.count() != 2 {
			t.Fatalf("Call returned %s after %s; want context.DeadlineExceeded after 2", said(err), count(d.count(), "call", "calls"))
		}
	})
}

// A caller that gives up mid-call says nothing about the dependency's
// health: nothing is recorded.
func TestCallerGivingUpIsNotRecorded(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := client(1, 2, 3)
		d := &dependency{script: []string{"hang"}}
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		err := c.Call(ctx, d.call)
		if !errors.Is(err, context.DeadlineExceeded) || errors.Is(err, ErrAttemptTimeout) {
			t.Fatalf("Call returned %s, want the caller's context.DeadlineExceeded, not an attempt timeout", said(err))
		}
		if f := c.Breaker.Failures(); f != 0 || c.Breaker.IsOpen() {
			t.Fatalf("the breaker recorded %s because the caller gave up", count(f, "failure", "failures"))
		}
	})
}

// Many callers at once through a bulkhead of 4: at most 4 calls reach the
// dependency at a time, the rest are refused, and the race detector stays
// quiet.
func TestConcurrentCallers(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := client(1000, 4, 1)
		var inside, most atomic.Int32
		fn := func(ctx context.Context) error {
			n := inside.Add(1)
			defer inside.Add(-1)
			for {
				m := most.Load()
				if n <= m || most.CompareAndSwap(m, n) {
					break
				}
			}
			time.Sleep(10 * time.Millisecond)
			return nil
		}
		var ok, full atomic.Int32
		var wg sync.WaitGroup
		for range 40 {
			wg.Go(func() {
				switch err := c.Call(context.Background(), fn); {
				case err == nil:
					ok.Add(1)
				case errors.Is(err, ErrBulkheadFull):
					full.Add(1)
				default:
					t.Errorf("Call returned %s", said(err))
				}
			})
		}
		wg.Wait()
		if most.Load() > 4 || ok.Load()+full.Load() != 40 || ok.Load() < 4 {
			t.Fatalf("%d at once (limit 4), %d ok, %d refused", most.Load(), ok.Load(), full.Load())
		}
	})
}

// count is n and the noun for n of them: "1 call", "3 calls", "0 calls".
// said is what Call returned, in words: "no error", or the error's text
// in quotes.
func said(err error) string {
	if err == nil {
		return "no error"
	}
	return fmt.Sprintf("%q", err.Error())
}

func count(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}
