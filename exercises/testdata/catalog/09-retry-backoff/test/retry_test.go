package retry

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"testing/synctest"
	"time"
)

var errFlaky = errors.New("503 from the dependency")

// recorder is a fake Sleep and Jitter that write down what they were asked.
type recorder struct {
	ceilings []time.Duration // what Jitter was asked
	sleeps   []time.Duration // what Sleep was asked
	// cancel, if set, is the caller giving up during the first wait:
	// Sleep calls it and returns ctx.Err(), as a real Sleep whose context
	// ends does.
	cancel context.CancelFunc
}

func (r *recorder) jitter(ceiling time.Duration) time.Duration {
	r.ceilings = append(r.ceilings, ceiling)
	return ceiling / 2
}

func (r *recorder) sleep(ctx context.Context, d time.Duration) error {
	r.sleeps = append(r.sleeps, d)
	if r.cancel != nil {
		r.cancel()
		return ctx.Err()
	}
	return nil
}

func (r *recorder) policy(attempts int) Policy {
	return Policy{MaxAttempts: attempts, BaseDelay: 100 * time.Millisecond, MaxDelay: 2 * time.Second, Jitter: r.jitter, Sleep: r.sleep}
}

// failing returns fn that fails the first n calls with err, then succeeds,
// and a pointer to the number of calls.
func failing(n int, err error) (func(context.Context) error, *int) {
	calls := 0
	return func(context.Context) error {
		calls++
		if calls <= n {
			return err
		}
		return nil
	}, &calls
}

func TestSucceedsFirstTime(t *testing.T) {
	r := &recorder{}
	fn, calls := failing(0, nil)
	if err := Do(context.Background(), r.policy(5), fn); err != nil {
		t.Fatalf("Do returned %s, want no error", said(err))
	}
	if *calls != 1 || len(r.sleeps) != 0 {
		t.Fatalf("%s and %s, want 1 and 0", count(*calls, "call", "calls"), count(len(r.sleeps), "sleep", "sleeps"))
	}
}

func TestRetriesUntilSuccess(t *testing.T) {
	r := &recorder{}
	fn, calls := failing(2, errFlaky)
	if err := Do(context.Background(), r.policy(5), fn); err != nil {
		t.Fatalf("Do returned %s, want no error after two failures and a success", said(err))
	}
	if *calls != 3 || len(r.sleeps) != 2 {
		t.Fatalf("%s and %s, want 3 and 2", count(*calls, "call", "calls"), count(len(r.sleeps), "sleep", "sleeps"))
	}
}

func TestGivesUpAfterMaxAttempts(t *testing.T) {
	r := &recorder{}
	fn, calls := failing(100, errFlaky)
	err := Do(context.Background(), r.policy(4), fn)
	if !errors.Is(err, errFlaky) {
		t.Fatalf("Do returned %s, want the last error", said(err))
	}
	if *calls != 4 || len(r.sleeps) != 3 {
		t.Fatalf("%s and %s with MaxAttempts 4, want 4 and 3 (no sleep after the last attempt)", count(*calls, "call", "calls"), count(len(r.sleeps), "sleep", "sleeps"))
	}
}

func TestAtLeastOneAttempt(t *testing.T) {
	r := &recorder{}
	fn, calls := failing(100, errFlaky)
	_ = Do(context.Background(), r.policy(0), fn)
	if *calls != 1 {
		t.Fatalf("%s with MaxAttempts 0, want 1", count(*calls, "call", "calls"))
	}
}

// The ceiling doubles from BaseDelay and stops at MaxDelay; Jitter gets the
// ceiling, Sleep gets what Jitter picked.
func TestExponentialCeilings(t *testing.T) {
	r := &recorder{}
	fn, _ := failing(100, errFlaky)
	_ = Do(context.Background(), r.policy(8), fn)
	ms := time.Millisecond
	want := []time.Duration{100 * ms, 200 * ms, 400 * ms, 800 * ms, 1600 * ms, 2000 * ms, 2000 * ms}
	if fmt.Sprint(r.ceilings) != fmt.Sprint(want) {
		t.Fatalf("Jitter was asked for %v, want %v", r.ceilings, want)
	}
	for i, s := range r.sleeps {
		if s != want[i]/2 {
			t.Fatalf("Sleep %d was %v, want %v (what Jitter returned)", i+1, s, want[i]/2)
		}
	}
}

func TestCeilingNeverOverflows(t *testing.T) {
	for _, p := range []Policy{
		{BaseDelay: time.Second},
		{BaseDelay: time.Hour, MaxDelay: 0},
		{BaseDelay: 3 * time.Millisecond, MaxDelay: time.Minute},
	} {
		prev := time.Duration(0)
		for n := 1; n <= 200; n++ {
			c := p.Ceiling(n)
			if c < prev || c <= 0 {
				t.Fatalf("BaseDelay %v, MaxDelay %v: Ceiling(%d) = %v after %v; ceilings must grow and stay positive", p.BaseDelay, p.MaxDelay, n, c, prev)
			}
			if p.MaxDelay > 0 && c > p.MaxDelay {
				t.Fatalf("BaseDelay %v, MaxDelay %v: Ceiling(%d) = %v, above MaxDelay", p.BaseDelay, p.MaxDelay, n, c)
			}
			prev = c
		}
	}
	if c := (Policy{BaseDelay: time.Second}).Ceiling(1); c != time.Second {
		t.Fatalf("Ceiling(1) = %v, want BaseDelay", c)
	}
}

// An open breaker is not a transient fault: retrying it only adds load. The
// error may come wrapped.
func TestNeverRetriesAnOpenBreaker(t *testing.T) {
	r := &recorder{}
	wrapped := fmt.Errorf("calling recommendations: %w", ErrBreakerOpen)
	fn, calls := failing(100, wrapped)
	err := Do(context.Background(), r.policy(5), fn)
	if !errors.Is(err, ErrBreakerOpen) {
		t.Fatalf("Do returned %s, want the breaker's error", said(err))
	}
	if *calls != 1 || len(r.sleeps) != 0 {
		t.Fatalf("%s and %s after the error %q, want 1 and 0: it wraps ErrBreakerOpen, and an open breaker is not retried. "+
			"Match it with errors.Is(err, ErrBreakerOpen), which sees through the wrapping; err == ErrBreakerOpen does not",
			count(*calls, "call", "calls"), count(len(r.sleeps), "sleep", "sleeps"), wrapped.Error())
	}
}

var errBadRequest = errors.New("400 bad request")

func TestNeverRetriesAPermanentError(t *testing.T) {
	r := &recorder{}
	fn, calls := failing(100, Permanent(errBadRequest))
	err := Do(context.Background(), r.policy(5), fn)
	if !errors.Is(err, errBadRequest) {
		t.Fatalf("Do returned %s, want it to match the wrapped error", said(err))
	}
	if *calls != 1 || len(r.sleeps) != 0 {
		t.Fatalf("%s and %s after a permanent error, want 1 and 0", count(*calls, "call", "calls"), count(len(r.sleeps), "sleep", "sleeps"))
	}
}

func TestPermanent(t *testing.T) {
	if Permanent(nil) != nil {
		t.Error("Permanent(nil) should be nil")
	}
	p := Permanent(errBadRequest)
	if !IsPermanent(p) || !IsPermanent(fmt.Errorf("ctx: %w", p)) {
		t.Error("IsPermanent should see a Permanent error, also when wrapped")
	}
	if IsPermanent(errBadRequest) || IsPermanent(nil) {
		t.Error("IsPermanent is true for an error never marked permanent")
	}
	if !errors.Is(p, errBadRequest) || p.Error() != errBadRequest.Error() {
		t.Errorf("Permanent(err) = %q; it should match err and read the same", p)
	}
}

func TestStopsWhenContextEndsDuringBackoff(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r := &recorder{cancel: cancel}
	fn, calls := failing(100, errFlaky)
	err := Do(ctx, r.policy(5), fn)
	if !errors.Is(err, context.Canceled) || !errors.Is(err, errFlaky) {
		t.Fatalf("Do returned %s, want an error matching both context.Canceled and the last error", said(err))
	}
	if *calls != 1 {
		t.Fatalf("%s, want 1: no attempt after the context ended", count(*calls, "call", "calls"))
	}
}

func TestAlreadyCanceledMakesNoAttempt(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := &recorder{}
	fn, calls := failing(0, nil)
	if err := Do(ctx, r.policy(5), fn); !errors.Is(err, context.Canceled) {
		t.Fatalf("Do returned %s, want context.Canceled", said(err))
	}
	if *calls != 0 {
		t.Fatalf("%s with a canceled context, want 0", count(*calls, "call", "calls"))
	}
}

func TestContextEndsBetweenAttempts(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r := &recorder{}
	calls := 0
	err := Do(ctx, r.policy(5), func(context.Context) error {
		calls++
		cancel() // the caller gives up while the first attempt runs
		return errFlaky
	})
	if calls != 1 || !errors.Is(err, context.Canceled) {
		t.Fatalf("Do returned %s after %s, want context.Canceled after 1", said(err), count(calls, "call", "calls"))
	}
}

// ceilingIs fails the test, naming Ceiling, when p.Ceiling(n) is not want.
// The tests of the default Jitter and Sleep say which ceiling they draw
// under; without this, a wrong Ceiling would read as a wrong Jitter or
// Sleep ("a wait of 1.7s with a ceiling of 1 s").
func ceilingIs(t *testing.T, p Policy, n int, want time.Duration) {
	t.Helper()
	if got := p.Ceiling(n); got != want {
		t.Fatalf("Ceiling(%d) = %v with BaseDelay %v, want %v: this test draws its waits under that ceiling, so Ceiling must be right first (TestExponentialCeilings)", n, got, p.BaseDelay, want)
	}
}

// Full jitter: the wait is anywhere from 0 to the ceiling, so clients that
// failed together spread out instead of retrying in lockstep.
func TestDefaultJitterIsFull(t *testing.T) {
	const n = 2000
	var waits []time.Duration
	p := Policy{MaxAttempts: 2, BaseDelay: time.Second, Sleep: func(_ context.Context, d time.Duration) error {
		waits = append(waits, d)
		return nil
	}}
	ceilingIs(t, p, 1, time.Second)
	for range n {
		_ = Do(context.Background(), p, func(context.Context) error { return errFlaky })
	}
	if len(waits) != n {
		t.Fatalf("%d waits, want %d", len(waits), n)
	}
	var sum, lo, hi time.Duration = 0, time.Hour, -1
	for _, w := range waits {
		if w < 0 || w > time.Second {
			t.Fatalf("a wait of %v with a ceiling of 1 s; full jitter picks from [0, 1 s]", w)
		}
		sum += w
		lo, hi = min(lo, w), max(hi, w)
	}
	mean := sum / n
	if lo == hi {
		// Every client that failed at the same moment would retry at the
		// same moment too: the thundering herd that jitter breaks up.
		t.Fatalf("all %d waits were %v with a ceiling of 1 s: that is backoff without jitter, and clients that failed together retry together, in waves; full jitter picks each wait at random from [0, 1 s]", n, lo)
	}
	if lo > 50*time.Millisecond || hi < 950*time.Millisecond || mean < 400*time.Millisecond || mean > 600*time.Millisecond {
		t.Fatalf("waits ranged %v..%v with mean %v; full jitter spreads them evenly over [0, 1 s]", lo, hi, mean)
	}
}

// waitsOfDefaultJitter runs Do n times with the default Jitter, each run
// failing twice, and returns the waits it slept.
func waitsOfDefaultJitter(t *testing.T, n int, base time.Duration) []time.Duration {
	t.Helper()
	var waits []time.Duration
	p := Policy{MaxAttempts: 2, BaseDelay: base, Sleep: func(_ context.Context, d time.Duration) error {
		waits = append(waits, d)
		return nil
	}}
	ceilingIs(t, p, 1, base)
	for range n {
		_ = Do(context.Background(), p, func(context.Context) error { return errFlaky })
	}
	return waits
}

// Full jitter picks from [0, ceiling], the ceiling included: with a
// ceiling of 1 ns, half the waits are 1 ns.
func TestDefaultJitterReachesTheCeiling(t *testing.T) {
	waits := waitsOfDefaultJitter(t, 200, time.Nanosecond)
	seen := map[time.Duration]int{}
	for _, w := range waits {
		seen[w]++
	}
	if len(waits) != 200 {
		t.Fatalf("%d waits from 200 runs of 2 failing attempts, want 200: one wait between the 2 attempts of each run", len(waits))
	}
	if seen[0] == 0 || seen[time.Nanosecond] == 0 || seen[0]+seen[time.Nanosecond] != 200 {
		t.Fatalf("200 waits with a ceiling of 1 ns: %d of 0, %d of 1 ns and %d others; full jitter picks 0 or 1 ns, the ceiling included, each about half the time", seen[0], seen[time.Nanosecond], 200-seen[0]-seen[time.Nanosecond])
	}
}

// A ceiling of 0 (BaseDelay 0: retry at once) is a wait of 0, not a panic.
func TestDefaultJitterOfZero(t *testing.T) {
	waits := waitsOfDefaultJitter(t, 3, 0)
	for _, w := range waits {
		if w != 0 {
			t.Fatalf("waits %v with a ceiling of 0; want 0", waits)
		}
	}
	if len(waits) != 3 {
		t.Fatalf("%d waits, want 3", len(waits))
	}
}

// The default Sleep waits on a real timer (here, synctest's fake clock)
// and stops early when the context ends.
func TestDefaultSleep(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := Policy{MaxAttempts: 3, BaseDelay: time.Second, Jitter: func(c time.Duration) time.Duration { return c }}
		ceilingIs(t, p, 1, time.Second)
		ceilingIs(t, p, 2, 2*time.Second)
		start := time.Now()
		_ = Do(context.Background(), p, func(context.Context) error { return errFlaky })
		if took := time.Since(start); took != 3*time.Second {
			t.Fatalf("three failing attempts took %v, want 1 s + 2 s of backoff", took)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
		defer cancel()
		start = time.Now()
		err := Do(ctx, p, func(context.Context) error { return errFlaky })
		if took := time.Since(start); took != 1500*time.Millisecond {
			t.Fatalf("Do returned after %v, want when the 1.5 s deadline passed during the second backoff", took)
		}
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("Do returned %s, want context.DeadlineExceeded", said(err))
		}
	})
}

// count is n and the noun for n of them: "1 call", "3 calls", "0 calls".
func count(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// said is what a call returned, in words: "no error", or the error's text
// in quotes.
func said(err error) string {
	if err == nil {
		return "no error"
	}
	return fmt.Sprintf("%q", err.Error())
}
