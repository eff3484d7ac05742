package timewindow

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

type clock struct{ t time.Time }

// start is on a whole second, so buckets of a second begin exactly there.
var start = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

func newClock() *clock                   { return &clock{t: start} }
func (c *clock) now() time.Time          { return c.t }
func (c *clock) advance(d time.Duration) { c.t = c.t.Add(d) }
func (c *clock) at(d time.Duration)      { c.t = start.Add(d) }

func mustNew(t *testing.T, size time.Duration, n int, c *clock) *Window {
	t.Helper()
	w, err := New(size, n, c.now)
	if err != nil {
		t.Fatalf("New(%v, %d) failed: %s", size, n, said(err))
	}
	if w == nil {
		t.Fatalf("New(%v, %d) returned no window and no error", size, n)
	}
	return w
}

func wantCounts(t *testing.T, w *Window, calls, failures int, when string) {
	t.Helper()
	c, f := w.Counts()
	if c != calls || f != failures {
		t.Fatalf("%s: Counts() = %s, %s; want %d, %d", when, count(c, "call", "calls"), count(f, "failure", "failures"), calls, failures)
	}
}

// wantFresh is wantCounts after the window's old calls left it, for a
// bucket that counted them once and counts again a turn of the ring or
// more later. Counts that are the new ones plus the old say so: the
// bucket was reused without being emptied first.
func wantFresh(t *testing.T, w *Window, calls, failures, oldCalls, oldFailures int, when string) {
	t.Helper()
	c, f := w.Counts()
	if c == calls+oldCalls && f == failures+oldFailures {
		t.Fatalf("%s: Counts() = %s, %s; want %d, %d: the bucket's %s and %s from its previous turn of the ring carried over; "+
			"when Record finds a bucket holding an older stretch of time, empty it before counting",
			when, count(c, "call", "calls"), count(f, "failure", "failures"), calls, failures,
			count(oldCalls, "call", "calls"), count(oldFailures, "failure", "failures"))
	}
	wantCounts(t, w, calls, failures, when)
}

func TestCountsCallsAndFailures(t *testing.T) {
	c := newClock()
	w := mustNew(t, 10*time.Second, 10, c)
	wantCounts(t, w, 0, 0, "a new window")
	w.Record(false)
	w.Record(true)
	c.advance(3 * time.Second)
	w.Record(true)
	wantCounts(t, w, 3, 2, "3 calls within 3 s")
}

// A call recorded in the bucket that starts at 0 s is counted up to 9.999 s
// and gone at 10 s: the window is the current bucket and the 9 before it.
func TestBucketsExpireWhole(t *testing.T) {
	c := newClock()
	w := mustNew(t, 10*time.Second, 10, c)
	c.at(500 * time.Millisecond)
	w.Record(true)
	c.at(9999 * time.Millisecond)
	wantCounts(t, w, 1, 1, "at 9.999 s, for a call at 0.5 s")
	c.at(10 * time.Second)
	wantCounts(t, w, 0, 0, "at 10 s: the bucket [0 s, 1 s) has left the window")
}

func TestSlidingOneBucketAtATime(t *testing.T) {
	c := newClock()
	w := mustNew(t, 10*time.Second, 10, c)
	for s := range 10 {
		c.at(time.Duration(s) * time.Second)
		w.Record(s%2 == 0) // failures at 0, 2, 4, 6, 8 s
	}
	wantCounts(t, w, 10, 5, "one call in each of the 10 buckets")
	for now := 10; now < 20; now++ {
		c.at(time.Duration(now) * time.Second)
		calls, failures := 0, 0
		for s := now - 9; s < 10; s++ { // the buckets still in the window
			calls++
			if s%2 == 0 {
				failures++
			}
		}
		wantCounts(t, w, calls, failures, fmt.Sprintf("at %d s, with the buckets before %d s gone", now, now-9))
	}
}

// A bucket reused a full turn of the ring later must not keep its old counts.
func TestReusedBucketStartsEmpty(t *testing.T) {
	c := newClock()
	w := mustNew(t, 4*time.Second, 4, c)
	for range 5 {
		w.Record(true)
	}
	c.at(4 * time.Second) // the same slot of the ring, one turn later
	w.Record(false)
	wantFresh(t, w, 1, 0, 5, 5, "after one call in a reused bucket")
}

func TestIdleLongerThanTheWindow(t *testing.T) {
	c := newClock()
	w := mustNew(t, 10*time.Second, 10, c)
	w.Record(true)
	c.advance(time.Hour)
	wantCounts(t, w, 0, 0, "an hour later")
	w.Record(false)
	wantFresh(t, w, 1, 0, 1, 1, "one call an hour later")
}

// A window of one second in 1000 buckets, idle for ten years, must not
// walk through the 300 billion buckets it skipped.
func TestLongIdleIsCheap(t *testing.T) {
	c := newClock()
	w := mustNew(t, time.Second, 1000, c)
	w.Record(true)
	c.advance(10 * 365 * 24 * time.Hour)
	done := make(chan struct{})
	go func() {
		defer close(done)
		w.Record(false)
		w.Counts()
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Record and Counts took over 5 s after a long idle: clear at most one ring of buckets, not every bucket skipped")
	}
	wantFresh(t, w, 1, 0, 1, 1, "after ten idle years")
}

func TestFinerBuckets(t *testing.T) {
	c := newClock()
	w := mustNew(t, time.Second, 4, c) // buckets of 250 ms
	c.at(100 * time.Millisecond)
	w.Record(true)
	c.at(300 * time.Millisecond)
	w.Record(false)
	c.at(999 * time.Millisecond)
	wantCounts(t, w, 2, 1, "at 999 ms")
	c.at(1 * time.Second)
	wantCounts(t, w, 1, 0, "at 1 s: the bucket [0, 250 ms) is gone")
	c.at(1250 * time.Millisecond)
	wantCounts(t, w, 0, 0, "at 1.25 s: the bucket [250, 500 ms) is gone")
}

// Memory does not grow with traffic: Record allocates nothing.
func TestRecordDoesNotAllocate(t *testing.T) {
	c := newClock()
	w := mustNew(t, 10*time.Second, 10, c)
	allocs := testing.AllocsPerRun(1000, func() {
		w.Record(true)
		c.advance(7 * time.Millisecond)
	})
	if allocs != 0 {
		t.Fatalf("Record allocates %v times per call; keep fixed buckets instead of a list of calls", allocs)
	}
	calls, _ := w.Counts()
	if calls == 0 || calls > 1500 {
		t.Fatalf("Counts() = %s after 1000+ calls 7 ms apart in a 10 s window; want about 1430", count(calls, "call", "calls"))
	}
}

func TestBadArguments(t *testing.T) {
	for _, tc := range []struct {
		size time.Duration
		n    int
		word string
	}{
		{0, 10, "size"},
		{-time.Second, 10, "size"},
		{10 * time.Second, 0, "buckets"},
		{10 * time.Second, 3, "multiple"},
	} {
		_, err := New(tc.size, tc.n, newClock().now)
		if err == nil || !strings.Contains(err.Error(), tc.word) {
			t.Errorf("New(%v, %d) returned %s, want an error mentioning %q", tc.size, tc.n, said(err), tc.word)
		}
	}
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
