package engine

import (
	"testing"

	"pgregory.net/rapid"
)

// A ring's timers, first to last.
func ringTimers(w *waitRing) []timerWait {
	out := make([]timerWait, 0, w.n)
	for k := range w.n {
		out = append(out, w.items[(w.head+k)&(len(w.items)-1)])
	}
	return out
}

// A ring filled through add, with its head anywhere in its array (some
// timers taken from the front as a FIFO's first are), copied by
// cloneWaits into any buffer, holds the same timers in the same order in
// an array of a power of two, and goes on growing as the original would;
// dropEnded keeps the first, the last and exactly the live timers between
// them, in order.
func TestWaitRingCopiesAndDrops(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var w waitRing
		reqs := make([]request, 64)
		seq := uint64(0)
		for range rapid.IntRange(0, 300).Draw(t, "ops") {
			if w.n > 0 && rapid.Bool().Draw(t, "take") {
				w.head, w.n = (w.head+1)&(len(w.items)-1), w.n-1
				continue
			}
			seq++
			id := rapid.IntRange(0, len(reqs)-1).Draw(t, "req")
			p := w.add()
			*p = timerWait{at: 0, seq: seq, req: int32(id), gen: reqs[id].gen}
			if rapid.Bool().Draw(t, "ends") {
				reqs[id].gen++ // its request ends: the timer is dead
			}
		}
		want := ringTimers(&w)
		var buf []timerWait
		if rapid.Bool().Draw(t, "buffer") {
			buf = make([]timerWait, rapid.IntRange(0, 600).Draw(t, "cap"))
		}
		c := cloneWaits(waitRing{items: buf}, w)
		if n := len(c.items); w.items != nil && (n < 64 || n&(n-1) != 0 || n < c.n) {
			t.Fatalf("a copy's array of %d for %d timers", n, c.n)
		}
		if got := ringTimers(&c); !equalTimers(got, want) {
			t.Fatalf("copied\n%v\nto\n%v", want, got)
		}
		if w.n <= 2 {
			return
		}
		w.dropEnded(reqs, false)
		got := ringTimers(&w)
		var live []timerWait
		for k, p := range want {
			if k == 0 || k == len(want)-1 || reqs[p.req].gen == p.gen {
				live = append(live, p)
			}
		}
		if !equalTimers(got, live) {
			t.Fatalf("dropping the ended of\n%v\nleft\n%v, want\n%v", want, got, live)
		}
		if w.n > len(w.items)/4 {
			t.Fatalf("%d timers left in a ring of %d: it should have grown", w.n, len(w.items))
		}
	})
}

func equalTimers(a, b []timerWait) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if a[k] != b[k] {
			return false
		}
	}
	return true
}
