package breaker

import "time"

// Counts are what a window holds: the recorded calls, how many failed, how
// many were slow (a slow call may also have failed), and the current run of
// consecutive failures.
type Counts struct {
	Calls, Failures, Slow int
	ConsecutiveFailures   int
}

// Bucket is one slice of a time window: the calls recorded from Start to
// Start plus the bucket's width.
type Bucket struct {
	Start                 time.Duration
	Calls, Failures, Slow int
}

// mark is one call in a count window.
type mark uint8

const (
	markFailure mark = 1 << iota
	markSlow
)

// bucket is one slice of a time window.
type bucket struct{ calls, failures, slow int }

// window is the closed state's memory of recent calls: a ring of the last N
// calls, or a ring of time buckets. Both are allocated once, in New, and the
// totals are kept up to date as calls enter and leave, so judging a rate
// never walks the ring.
type window struct {
	kind WindowKind

	// count window: ring[head] is the oldest of n marks.
	ring    []mark
	head, n int
	added   int // calls added since the window was last cleared (fork.go)

	// time window: buckets[e mod len] holds epoch e, the calls recorded in
	// [e×width, (e+1)×width); newest is the latest epoch the window has seen.
	buckets []bucket
	width   time.Duration
	newest  int64

	// floating time window (Config.FloatingBuckets): buckets is a ring of
	// fn buckets from fhead, oldest first; starts[i] is when bucket i began.
	floating bool
	starts   []time.Duration
	fhead    int
	fn       int
	span     time.Duration

	calls, failures, slow int
}

func newWindow(cfg Config) window {
	w := window{kind: cfg.Window}
	switch cfg.Window {
	case CountWindow:
		w.ring = make([]mark, cfg.WindowSize)
	case TimeWindow:
		n := cfg.buckets()
		w.buckets = make([]bucket, n)
		w.width = cfg.WindowSpan / time.Duration(n)
		if cfg.FloatingBuckets {
			w.floating = true
			w.starts = make([]time.Duration, n)
			w.span = cfg.WindowSpan
		}
	}
	return w
}

// The floating window follows Polly v8's RollingHealthMetrics.cs: on every
// call UpdateCurrentWindow starts a new bucket when there is none or the
// newest began a bucket's width ago or more, then drops from the oldest
// end every bucket that began a whole sampling duration ago or more.

// floatIndex is the ring position of the k-th live bucket, oldest first.
func (w *window) floatIndex(k int) int { return (w.fhead + k) % len(w.buckets) }

// floatDrop drops the buckets that began WindowSpan ago or more.
func (w *window) floatDrop(now time.Duration) {
	for w.fn > 0 && now-w.starts[w.fhead] >= w.span {
		b := &w.buckets[w.fhead]
		w.calls -= b.calls
		w.failures -= b.failures
		w.slow -= b.slow
		*b = bucket{}
		w.fhead = w.floatIndex(1)
		w.fn--
	}
}

// floatCurrent is the bucket a call recorded at now counts in, started
// if need be.
func (w *window) floatCurrent(now time.Duration) *bucket {
	w.floatDrop(now)
	if w.fn > 0 && now-w.starts[w.floatIndex(w.fn-1)] < w.width {
		return &w.buckets[w.floatIndex(w.fn-1)]
	}
	if w.fn == len(w.buckets) {
		// Only a clock that jumps backwards can fill the ring: make room.
		w.floatDrop(w.starts[w.fhead] + w.span)
	}
	i := w.floatIndex(w.fn)
	w.fn++
	w.starts[i] = now
	w.buckets[i] = bucket{}
	return &w.buckets[i]
}

// epoch is the bucket number that time t falls in (floor division, so
// that a clock before its origin still lands in the right bucket).
func (w *window) epoch(t time.Duration) int64 {
	e := int64(t / w.width)
	if t%w.width < 0 {
		e--
	}
	return e
}

func (w *window) slot(e int64) *bucket {
	n := int64(len(w.buckets))
	return &w.buckets[((e%n)+n)%n]
}

// age drops the buckets that have left a time window by now. A clock that
// goes backwards is treated as standing still.
func (w *window) age(now time.Duration) {
	if w.kind != TimeWindow {
		return
	}
	if w.floating {
		w.floatDrop(now)
		return
	}
	e := w.epoch(now)
	if e <= w.newest {
		return
	}
	if e-w.newest >= int64(len(w.buckets)) {
		clear(w.buckets)
		w.calls, w.failures, w.slow = 0, 0, 0
	} else {
		for k := w.newest + 1; k <= e; k++ {
			b := w.slot(k)
			w.calls -= b.calls
			w.failures -= b.failures
			w.slow -= b.slow
			*b = bucket{}
		}
	}
	w.newest = e
}

// add records one call at now.
func (w *window) add(now time.Duration, failed, slow bool) {
	switch w.kind {
	case CountWindow:
		if len(w.ring) == 0 {
			return
		}
		var m mark
		if failed {
			m |= markFailure
		}
		if slow {
			m |= markSlow
		}
		w.added++
		if w.n == len(w.ring) {
			w.drop(w.ring[w.head])
			w.ring[w.head] = m
			if w.head++; w.head == len(w.ring) {
				w.head = 0
			}
		} else {
			w.ring[(w.head+w.n)%len(w.ring)] = m
			w.n++
		}
	case TimeWindow:
		b := w.current(now)
		b.calls++
		if failed {
			b.failures++
		}
		if slow {
			b.slow++
		}
	}
	w.calls++
	if failed {
		w.failures++
	}
	if slow {
		w.slow++
	}
}

// current is the time bucket a call recorded at now counts in.
func (w *window) current(now time.Duration) *bucket {
	if w.floating {
		return w.floatCurrent(now)
	}
	w.age(now)
	return w.slot(w.newest)
}

func (w *window) drop(m mark) {
	w.calls--
	if m&markFailure != 0 {
		w.failures--
	}
	if m&markSlow != 0 {
		w.slow--
	}
}

func (w *window) reset() {
	w.head, w.n, w.added = 0, 0, 0
	w.fhead, w.fn = 0, 0
	clear(w.buckets)
	w.calls, w.failures, w.slow = 0, 0, 0
}

// countsAt is what the window would hold at now, without changing it.
func (w *window) countsAt(now time.Duration) (calls, failures, slow int) {
	if w.kind != TimeWindow {
		return w.calls, w.failures, w.slow
	}
	if w.floating {
		for k := range w.fn {
			if i := w.floatIndex(k); now-w.starts[i] < w.span {
				calls += w.buckets[i].calls
				failures += w.buckets[i].failures
				slow += w.buckets[i].slow
			}
		}
		return calls, failures, slow
	}
	e := max(w.epoch(now), w.newest)
	n := int64(len(w.buckets))
	for k := max(w.newest-n+1, e-n+1); k <= w.newest; k++ {
		b := w.slot(k)
		calls += b.calls
		failures += b.failures
		slow += b.slow
	}
	return calls, failures, slow
}

// appendBuckets appends the time window's buckets as of now, oldest first.
// A floating window appends as many as a grid would: the buckets still
// live, after empty ones dated a bucket's width apart before them.
func (w *window) appendBuckets(dst []Bucket, now time.Duration) []Bucket {
	if w.kind != TimeWindow {
		return dst
	}
	if w.floating {
		first, live := w.fn, 0
		for k := range w.fn {
			if now-w.starts[w.floatIndex(k)] < w.span {
				first, live = min(first, k), live+1
			}
		}
		oldest := now
		if live > 0 {
			oldest = w.starts[w.floatIndex(first)]
		}
		for k := live; k < len(w.buckets); k++ {
			dst = append(dst, Bucket{Start: oldest - time.Duration(len(w.buckets)-k)*w.width})
		}
		for k := first; k < w.fn; k++ {
			i := w.floatIndex(k)
			b := w.buckets[i]
			dst = append(dst, Bucket{Start: w.starts[i], Calls: b.calls, Failures: b.failures, Slow: b.slow})
		}
		return dst
	}
	e := max(w.epoch(now), w.newest)
	n := int64(len(w.buckets))
	for k := e - n + 1; k <= e; k++ {
		var b bucket
		if k <= w.newest && k > w.newest-n {
			b = *w.slot(k)
		}
		dst = append(dst, Bucket{Start: time.Duration(k) * w.width, Calls: b.calls, Failures: b.failures, Slow: b.slow})
	}
	return dst
}
