package slowcall

// outcome is what the window remembers about one call.
type outcome struct {
	failed bool // the call returned an error
	slow   bool // the call took longer than SlowCallDuration
}

// window holds the latest results in a ring and keeps running totals, so
// reading the counts costs nothing.
type window struct {
	ring   []outcome
	next   int
	n      int
	failed int
	slow   int
}

func newWindow(size int) window { return window{ring: make([]outcome, size)} }

// add records o, pushing out the oldest result once the ring is full.
func (w *window) add(o outcome) {
	if w.n == len(w.ring) {
		old := w.ring[w.next]
		w.failed -= count(old.failed)
		w.slow -= count(old.slow)
	} else {
		w.n++
	}
	w.ring[w.next] = o
	w.next = (w.next + 1) % len(w.ring)
	w.failed += count(o.failed)
	w.slow += count(o.slow)
}

// counts returns how many results the window holds, how many failed and
// how many were slow. A slow failure counts in both.
func (w *window) counts() (n, failed, slow int) { return w.n, w.failed, w.slow }

// reset empties the window.
func (w *window) reset() {
	clear(w.ring)
	w.next, w.n, w.failed, w.slow = 0, 0, 0, 0
}

func count(b bool) int {
	if b {
		return 1
	}
	return 0
}
