package engine

import (
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// A fork's copy of a FIFO of timers (cloneWaits) or of a ring of waiting
// ids (cloneRing) is made in the arrays of the run it replaces, which
// may be far larger than the copy needs: a sweep's Runner forks job
// after job into the same run. As the copy fills, it doubles within those
// arrays, with no new ones, and holds what a ring grown in new arrays
// would: the same entries in the same order, whatever their head and
// however they wrapped round the array's end.
func TestRingsGrowInPlace(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var w waitRing
		var q ring
		seq := uint64(0)
		// Fill both, taking from the front now and then, so that their
		// heads lie anywhere and their entries wrap round.
		for range rapid.IntRange(0, 200).Draw(t, "ops") {
			if w.n > 0 && rapid.Bool().Draw(t, "take") {
				w.head, w.n = (w.head+1)&(len(w.items)-1), w.n-1
				q.pop()
				continue
			}
			seq++
			*w.add() = timerWait{seq: seq, req: int32(seq)}
			q.push(int32(seq), seq)
		}
		room := rapid.IntRange(0, 2048).Draw(t, "room")
		wc := cloneWaits(waitRing{items: make([]timerWait, room)}, w)
		qc := cloneRing(ring{ids: make([]int32, room), stamps: make([]uint64, room)}, q)
		for range rapid.IntRange(0, 600).Draw(t, "more") {
			if w.n > 0 && rapid.IntRange(0, 3).Draw(t, "takeMore") == 0 {
				w.head, w.n = (w.head+1)&(len(w.items)-1), w.n-1
				wc.head, wc.n = (wc.head+1)&(len(wc.items)-1), wc.n-1
				q.pop()
				qc.pop()
				continue
			}
			wasW, wasQ := len(wc.items), len(qc.ids)
			inPlace := wasW > 0 && cap(wc.items) >= 2*wasW && wc.n == wasW
			var array *timerWait
			if inPlace {
				array = &wc.items[:1][0]
			}
			seq++
			*w.add() = timerWait{seq: seq, req: int32(seq)}
			*wc.add() = timerWait{seq: seq, req: int32(seq)}
			q.push(int32(seq), seq)
			qc.push(int32(seq), seq)
			if inPlace && &wc.items[0] != array {
				t.Fatalf("a FIFO of %d timers with room for %d grew into a new array", wasW, 2*wasW)
			}
			if !equalTimers(ringTimers(&wc), ringTimers(&w)) {
				t.Fatalf("after growing from %d, the copy holds\n%v\nthe original\n%v", wasW, ringTimers(&wc), ringTimers(&w))
			}
			if a, b := ringEntries(&qc), ringEntries(&q); !slices.Equal(a, b) {
				t.Fatalf("after growing from %d, the copied ring holds %v, the original %v", wasQ, a, b)
			}
			if qc.n > 0 && qc.stamps[qc.head] != uint64(qc.ids[qc.head]) {
				t.Fatal("a ring's ids and stamps parted")
			}
		}
	})
}

// A ring's ids, first to last.
func ringEntries(q *ring) []int32 {
	out := make([]int32, 0, q.n)
	for k := range q.n {
		out = append(out, q.ids[(q.head+k)&(len(q.ids)-1)])
	}
	return out
}
