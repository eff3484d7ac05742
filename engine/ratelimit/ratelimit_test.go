package ratelimit

import (
	"slices"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"
)

const ms = time.Millisecond

type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

func mustBucket(t fataler, c BucketConfig) *Bucket {
	t.Helper()
	b, err := NewBucket(c)
	if err != nil {
		t.Fatalf("NewBucket(%+v): %v", c, err)
	}
	return b
}

func mustPeriod(t fataler, c PeriodConfig) *Period {
	t.Helper()
	p, err := NewPeriod(c)
	if err != nil {
		t.Fatalf("NewPeriod(%+v): %v", c, err)
	}
	return p
}

func TestBucketStartsFullAndRefusesWhenEmpty(t *testing.T) {
	b := mustBucket(t, BucketConfig{Rate: 1, Per: time.Second, Burst: 3})
	for i := range 3 {
		if w, ok := b.Acquire(0); !ok || w != 0 {
			t.Fatalf("call %d of a full bucket of 3: wait %v ok %v, want 0 true", i+1, w, ok)
		}
	}
	if w, ok := b.Acquire(0); ok || w != 0 {
		t.Fatalf("an empty bucket with no wait gave wait %v ok %v, want an immediate refusal", w, ok)
	}
	if got := b.Stats(); got != (Stats{Immediate: 3, Refused: 1}) {
		t.Fatalf("stats %+v", got)
	}
}

// A rate that does not divide the period (3 a second) must still be exact:
// the token is there at 333333334 ns, not a nanosecond earlier.
func TestBucketRefillIsExact(t *testing.T) {
	b := mustBucket(t, BucketConfig{Rate: 3, Per: time.Second, Burst: 1})
	b.Acquire(0)
	if _, ok := b.Acquire(333_333_333); ok {
		t.Fatal("a token was there after 333333333 ns at 3 a second")
	}
	if _, ok := b.Acquire(333_333_334); !ok {
		t.Fatal("no token after 333333334 ns at 3 a second")
	}
}

func TestBucketSmallStepsEqualOneStep(t *testing.T) {
	a := mustBucket(t, BucketConfig{Rate: 7, Per: time.Second, Burst: 10})
	b := mustBucket(t, BucketConfig{Rate: 7, Per: time.Second, Burst: 10})
	for range 10 {
		a.Acquire(0)
		b.Acquire(0)
	}
	for i := range 1000 {
		a.Available(time.Duration(i+1) * ms)
	}
	if x, y := a.Available(time.Second), b.Available(time.Second); x != 7 || y != 7 {
		t.Fatalf("after 1 s at 7 a second: %d tokens in 1 ms steps, %d in one step; want 7 and 7", x, y)
	}
}

func TestBucketDoesNotBankIdleTime(t *testing.T) {
	b := mustBucket(t, BucketConfig{Rate: 10, Per: time.Second, Burst: 2})
	if got := b.Available(time.Hour); got != 2 {
		t.Fatalf("after an hour idle the bucket holds %d, want its burst, 2", got)
	}
	b.Acquire(time.Hour)
	b.Acquire(time.Hour)
	if _, ok := b.Acquire(time.Hour); ok {
		t.Fatal("a third call got through a bucket of burst 2 after an hour idle")
	}
}

// Waiting calls queue behind each other: each takes a token that has not
// arrived, and a call that would wait past MaxWait is refused and takes
// nothing, so the next one is not pushed further back.
func TestBucketWaitsQueueAndRefusalsTakeNothing(t *testing.T) {
	b := mustBucket(t, BucketConfig{Rate: 1, Per: 100 * ms, Burst: 1, MaxWait: 250 * ms})
	want := []time.Duration{0, 100 * ms, 200 * ms}
	for i, w := range want {
		if got, ok := b.Acquire(0); !ok || got != w {
			t.Fatalf("call %d at 0: wait %v ok %v, want %v true", i+1, got, ok, w)
		}
	}
	for range 3 {
		if got, ok := b.Acquire(0); ok || got != 0 {
			t.Fatalf("a call that would wait 300 ms (max 250) gave %v %v, want an immediate refusal", got, ok)
		}
	}
	if got, ok := b.Acquire(50 * ms); !ok || got != 250*ms {
		t.Fatalf("at 50 ms: wait %v ok %v, want 250ms true (the refusals took nothing)", got, ok)
	}
}

func TestBucketTimeGoingBackIsIgnored(t *testing.T) {
	b := mustBucket(t, BucketConfig{Rate: 1, Per: time.Second, Burst: 1})
	b.Acquire(10 * time.Second)
	if _, ok := b.Acquire(5 * time.Second); ok {
		t.Fatal("a reading earlier than the last one earned a token")
	}
	if _, ok := b.Acquire(11 * time.Second); !ok {
		t.Fatal("no token one period after the last real reading")
	}
}

func TestValidation(t *testing.T) {
	for _, c := range []struct {
		err  error
		want string
	}{
		{BucketConfig{Rate: 0, Per: time.Second, Burst: 1}.Validate(), "rate is 0"},
		{BucketConfig{Rate: 1, Per: 0, Burst: 1}.Validate(), "period is 0s"},
		{BucketConfig{Rate: 1, Per: time.Second, Burst: 0}.Validate(), "burst is 0"},
		{BucketConfig{Rate: 1, Per: time.Second, Burst: 1, MaxWait: -1}.Validate(), "max wait is -1ns"},
		{BucketConfig{Rate: 1, Per: time.Hour, Burst: 1 << 30}.Validate(), "too large"},
		{PeriodConfig{LimitForPeriod: 0, LimitRefreshPeriod: time.Second}.Validate(), "limitForPeriod is 0"},
		{PeriodConfig{LimitForPeriod: 1, LimitRefreshPeriod: 0}.Validate(), "limitRefreshPeriod is 0s"},
		{PeriodConfig{LimitForPeriod: 1, LimitRefreshPeriod: 1, TimeoutDuration: -ms}.Validate(), "timeoutDuration is -1ms"},
	} {
		if c.err == nil || !strings.Contains(c.err.Error(), c.want) {
			t.Errorf("error %v, want one containing %q", c.err, c.want)
		}
	}
	if _, err := NewBucket(BucketConfig{}); err == nil {
		t.Error("NewBucket accepted a zero config")
	}
	if _, err := NewPeriod(PeriodConfig{}); err == nil {
		t.Error("NewPeriod accepted a zero config")
	}
	if err := Resilience4jDefaults.Validate(); err != nil {
		t.Errorf("the Resilience4j defaults do not validate: %v", err)
	}
}

// AtomicRateLimiter refreshes at cycle boundaries, not on a sliding
// window: the permits spent at 0 come back at exactly 100 ms, all at once.
func TestPeriodRefreshesAtCycleBoundaries(t *testing.T) {
	p := mustPeriod(t, PeriodConfig{LimitForPeriod: 2, LimitRefreshPeriod: 100 * ms})
	steps := []struct {
		at time.Duration
		ok bool
	}{{0, true}, {0, true}, {0, false}, {99 * ms, false}, {100 * ms, true}, {100 * ms, true}, {199 * ms, false}}
	for i, s := range steps {
		if _, ok := p.Acquire(s.at); ok != s.ok {
			t.Fatalf("step %d at %v: ok %v, want %v", i+1, s.at, ok, s.ok)
		}
	}
}

// Around a boundary a period limiter lets twice the limit through in a
// moment: 5 at 999 ms and 5 more at 1000 ms.
func TestPeriodLetsTwiceTheLimitAcrossABoundary(t *testing.T) {
	p := mustPeriod(t, PeriodConfig{LimitForPeriod: 5, LimitRefreshPeriod: time.Second})
	n := 0
	for _, at := range []time.Duration{999 * ms, 1000 * ms} {
		for range 10 {
			if _, ok := p.Acquire(at); ok {
				n++
			}
		}
	}
	if n != 10 {
		t.Fatalf("%d permits in 1 ms across the boundary, want 10", n)
	}
}

// A waiting call reserves a permit of a future cycle (the count goes
// negative), so later callers wait for later cycles; a call whose wait
// would pass timeoutDuration reserves nothing, and acquirePermission holds
// it for the whole timeout before refusing while reservePermission answers
// at once.
func TestPeriodWaitReservesAFuturePermit(t *testing.T) {
	p := mustPeriod(t, PeriodConfig{LimitForPeriod: 1, LimitRefreshPeriod: 100 * ms, TimeoutDuration: 250 * ms})
	for i, want := range []time.Duration{0, 80 * ms, 180 * ms} {
		if got, ok := p.Acquire(20 * ms); !ok || got != want {
			t.Fatalf("call %d at 20 ms: wait %v ok %v, want %v true", i+1, got, ok, want)
		}
	}
	if got, ok := p.Acquire(20 * ms); ok || got != 250*ms {
		t.Fatalf("a call that would wait 280 ms: wait %v ok %v, want held 250ms then refused", got, ok)
	}
	if got, ok := p.Reserve(20 * ms); ok || got != 0 {
		t.Fatalf("Reserve of a call that would wait 280 ms: %v %v, want 0 false", got, ok)
	}
	// At 100 ms the new cycle's permit is already taken by the call that
	// waited 80 ms, and the next cycle's by the one that waited 180 ms.
	if got := p.Available(100 * ms); got != 0 {
		t.Fatalf("%d permits free at 100 ms, want 0: both were reserved", got)
	}
	if got, ok := p.Acquire(100 * ms); !ok || got != 200*ms {
		t.Fatalf("at 100 ms: wait %v ok %v, want 200ms true (the cycle starting at 300 ms)", got, ok)
	}
	if got := p.Stats(); got != (Stats{Immediate: 1, Waited: 3, Refused: 2}) {
		t.Fatalf("stats %+v", got)
	}
}

func TestPeriodWithoutTimeoutRefusesAtOnce(t *testing.T) {
	p := mustPeriod(t, PeriodConfig{LimitForPeriod: 1, LimitRefreshPeriod: time.Second})
	p.Acquire(0)
	if got, ok := p.Acquire(0); ok || got != 0 {
		t.Fatalf("timeoutDuration 0: wait %v ok %v, want an immediate refusal", got, ok)
	}
}

func TestPeriodLongIdleDoesNotOverflow(t *testing.T) {
	p := mustPeriod(t, PeriodConfig{LimitForPeriod: 1 << 30, LimitRefreshPeriod: time.Nanosecond, TimeoutDuration: time.Second})
	for range 3 {
		p.Acquire(0)
	}
	if got := p.Available(1 << 62); got != 1<<30 {
		t.Fatalf("after a long idle spell %d permits, want %d", got, 1<<30)
	}
}

func TestNoAllocations(t *testing.T) {
	b := mustBucket(t, BucketConfig{Rate: 5, Per: time.Second, Burst: 3, MaxWait: time.Second})
	p := mustPeriod(t, PeriodConfig{LimitForPeriod: 5, LimitRefreshPeriod: time.Second, TimeoutDuration: time.Second})
	now := time.Duration(0)
	if n := testing.AllocsPerRun(1000, func() {
		now += ms
		b.Acquire(now)
		p.Acquire(now)
	}); n != 0 {
		t.Fatalf("%v allocations per Acquire, want 0", n)
	}
}

// calls draws a non-decreasing sequence of call times.
func calls(t *rapid.T) []time.Duration {
	n := rapid.IntRange(1, 150).Draw(t, "n")
	out := make([]time.Duration, n)
	var now time.Duration
	for i := range out {
		now += time.Duration(rapid.SampledFrom([]int{0, 0, 1, 7, 50, 333, 1000, 4000}).Draw(t, "gapMs")) * ms
		out[i] = now
	}
	return out
}

// In any closed window of length W, a token bucket lets at most
// Burst + W × Rate / Per permits be used, counting each at the end of its
// wait (to the nanosecond); no wait exceeds MaxWait.
func TestPropertyBucketNeverExceedsItsRate(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := BucketConfig{
			Rate:    rapid.IntRange(1, 10).Draw(t, "rate"),
			Per:     time.Duration(rapid.IntRange(1, 2000).Draw(t, "perMs")) * ms,
			Burst:   rapid.IntRange(1, 8).Draw(t, "burst"),
			MaxWait: time.Duration(rapid.IntRange(0, 3000).Draw(t, "maxWaitMs")) * ms,
		}
		b := mustBucket(t, c)
		var used []time.Duration
		for _, now := range calls(t) {
			w, ok := b.Acquire(now)
			if w < 0 || w > c.MaxWait || (!ok && w != 0) {
				t.Fatalf("at %v: wait %v ok %v with max wait %v", now, w, ok, c.MaxWait)
			}
			if ok {
				used = append(used, now+w)
			}
		}
		slices.Sort(used)
		for i := range used {
			for j := i; j < len(used); j++ {
				n := int64(j - i + 1)
				// A wait is rounded up to the next whole nanosecond,
				// so an earlier permit may start up to 1 ns late.
				span := int64(used[j]-used[i]) + 1
				if (n-int64(c.Burst))*int64(c.Per) > span*int64(c.Rate) {
					t.Fatalf("%d permits used within %v with %d per %v, burst %d", n, used[j]-used[i], c.Rate, c.Per, c.Burst)
				}
			}
		}
		s := b.Stats()
		if int(s.Immediate+s.Waited) != len(used) {
			t.Fatalf("stats %+v but %d permits granted", s, len(used))
		}
	})
}

// No cycle of a period limiter hands out more than limitForPeriod permits
// (counting each permit in the cycle its wait ends in); a wait never
// passes timeoutDuration and always ends on a cycle boundary.
func TestPropertyPeriodNeverExceedsItsLimit(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := PeriodConfig{
			LimitForPeriod:     rapid.IntRange(1, 6).Draw(t, "limit"),
			LimitRefreshPeriod: time.Duration(rapid.IntRange(1, 2000).Draw(t, "periodMs")) * ms,
			TimeoutDuration:    time.Duration(rapid.IntRange(0, 5000).Draw(t, "timeoutMs")) * ms,
		}
		p := mustPeriod(t, c)
		perCycle := map[int64]int{}
		for _, now := range calls(t) {
			w, ok := p.Acquire(now)
			if w < 0 || w > c.TimeoutDuration {
				t.Fatalf("at %v: wait %v with timeoutDuration %v", now, w, c.TimeoutDuration)
			}
			if !ok {
				if w != c.TimeoutDuration {
					t.Fatalf("a refused call was held %v, want the whole timeoutDuration %v", w, c.TimeoutDuration)
				}
				continue
			}
			at := now + w
			if w > 0 && at%c.LimitRefreshPeriod != 0 {
				t.Fatalf("a wait of %v from %v ends off a cycle boundary (period %v)", w, now, c.LimitRefreshPeriod)
			}
			cycle := int64(at / c.LimitRefreshPeriod)
			perCycle[cycle]++
			if perCycle[cycle] > c.LimitForPeriod {
				t.Fatalf("cycle %d used %d permits, limit %d", cycle, perCycle[cycle], c.LimitForPeriod)
			}
		}
	})
}

func TestLockedServesConcurrentCallers(t *testing.T) {
	l := NewLocked(mustBucket(t, BucketConfig{Rate: 1, Per: time.Hour, Burst: 100}))
	done := make(chan int)
	for range 10 {
		go func() {
			n := 0
			for range 50 {
				if _, ok := l.Acquire(0); ok {
					n++
				}
			}
			done <- n
		}()
	}
	total := 0
	for range 10 {
		total += <-done
	}
	if total != 100 {
		t.Fatalf("%d permits from a bucket of 100 shared by 10 goroutines", total)
	}
}

// A period limiter that knows when its cycle ends (cycleEnd) answers as one
// that works the cycle out at every call, at times that may stand still or
// go back, and is left in the same state.
func TestPropertyPeriodCycleEndChangesNothing(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cfg := PeriodConfig{
			LimitForPeriod:     rapid.IntRange(1, 6).Draw(t, "limit"),
			LimitRefreshPeriod: time.Duration(rapid.IntRange(1, 2000).Draw(t, "periodMs")) * ms,
			TimeoutDuration:    time.Duration(rapid.IntRange(0, 5000).Draw(t, "timeoutMs")) * ms,
		}
		fast, _ := NewPeriod(cfg)
		slow, _ := NewPeriod(cfg)
		for i, now := range calls(t) {
			if rapid.IntRange(0, 9).Draw(t, "back") == 0 {
				now -= time.Duration(rapid.IntRange(0, 500).Draw(t, "backMs")) * ms
			}
			slow.cycleEnd = 0
			fw, fok := fast.Acquire(now)
			sw, sok := slow.Acquire(now)
			if fw != sw || fok != sok {
				t.Fatalf("call %d at %v: (%v, %v), working the cycle out (%v, %v)", i, now, fw, fok, sw, sok)
			}
			f, s := *fast, *slow
			f.cycleEnd, s.cycleEnd = 0, 0
			if f != s {
				t.Fatalf("call %d at %v: state %+v, working the cycle out %+v", i, now, f, s)
			}
		}
	})
}

// Take and Refuses, where they decide, must give Acquire's answer to the
// letter, leaving the limiter exactly as Acquire would (the fork's peak
// included); where they decline they must change nothing, so that Acquire
// then decides alone. TakeOrRefuse, the two in one, must do the same.
func TestPropertyPeriodTakeIsAcquire(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		timeout := time.Duration(rapid.IntRange(0, 5000).Draw(t, "timeoutMs")) * ms
		if rapid.Bool().Draw(t, "noWait") {
			timeout = 0 // Refuses decides only then
		}
		cfg := PeriodConfig{
			LimitForPeriod:     rapid.IntRange(1, 6).Draw(t, "limit"),
			LimitRefreshPeriod: time.Duration(rapid.IntRange(1, 2000).Draw(t, "periodMs")) * ms,
			TimeoutDuration:    timeout,
		}
		took, _ := NewPeriod(cfg)
		asked, _ := NewPeriod(cfg)
		quick, _ := NewPeriod(cfg)
		taken, refused := 0, 0
		for i, now := range calls(t) {
			if rapid.IntRange(0, 9).Draw(t, "back") == 0 {
				now -= time.Duration(rapid.IntRange(0, 500).Draw(t, "backMs")) * ms
			}
			before := *took
			tw, tok := time.Duration(0), true
			switch {
			case took.Take(now):
				taken++
			case took.Refuses(now):
				tw, tok = cfg.TimeoutDuration, false
				refused++
			default:
				if *took != before {
					t.Fatalf("call %d at %v: Take and Refuses declined but changed %+v to %+v", i, now, before, *took)
				}
				tw, tok = took.Acquire(now)
			}
			aw, aok := asked.Acquire(now)
			if tw != aw || tok != aok || *took != *asked {
				t.Fatalf("call %d at %v: Take then Acquire (%v, %v) %+v; Acquire (%v, %v) %+v", i, now, tw, tok, *took, aw, aok, *asked)
			}
			qw, qok, ahead := time.Duration(0), true, *quick
			switch quick.TakeOrRefuse(now) {
			case Refused:
				qw, qok = cfg.TimeoutDuration, false
			case Undecided:
				if *quick != ahead {
					t.Fatalf("call %d at %v: TakeOrRefuse declined but changed %+v to %+v", i, now, ahead, *quick)
				}
				qw, qok = quick.Acquire(now)
			}
			if qw != aw || qok != aok || *quick != *asked {
				t.Fatalf("call %d at %v: TakeOrRefuse then Acquire (%v, %v) %+v; Acquire (%v, %v) %+v", i, now, qw, qok, *quick, aw, aok, *asked)
			}
		}
		t.Log("taken by Take:", taken, "refused by Refuses:", refused)
	})
}
