package engine

import (
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"pgregory.net/rapid"
)

// dropDeadDials keeps a host's first dial, its last and exactly the dials
// between them that dialLive says are live, in order, whatever the
// ring's head and whatever has moved on: a slot reused (its generation),
// an attempt given up (its token), a dial done (its state), a request
// past the holds.
func TestDropDeadDialsKeepsTheLiveInOrder(t *testing.T) {
	racefree.Only(t) // a ring and slices on one goroutine
	rapid.Check(t, func(t *rapid.T) {
		const slots = 48
		r := &Run{requests: make([]request, slots), pools: &poolRun{holds: make([]connHold, slots-8)}}
		for i := range r.pools.holds {
			r.pools.holds[i].state = connDialing
		}
		var w waitRing
		seq := uint64(0)
		for range rapid.IntRange(0, 300).Draw(t, "ops") {
			if w.n > 0 && rapid.Bool().Draw(t, "take") {
				w.head, w.n = (w.head+1)&(len(w.items)-1), w.n-1
				continue
			}
			seq++
			id := int32(rapid.IntRange(0, slots-1).Draw(t, "req"))
			var tok uint32
			if int(id) < len(r.pools.holds) {
				r.pools.holds[id].tok++ // a new attempt dials
				tok = r.pools.holds[id].tok
			}
			*w.add() = timerWait{seq: seq, req: id, gen: r.requests[id].gen, tok: tok}
			switch rapid.IntRange(0, 4).Draw(t, "then") {
			case 0:
				r.requests[id].gen++ // its request ends
			case 1:
				if int(id) < len(r.pools.holds) {
					r.pools.holds[id].state = connHeld // its dial is done
				}
			}
		}
		if w.n <= 2 {
			return
		}
		all := ringTimers(&w)
		var live []timerWait
		for k := range all {
			if k == 0 || k == len(all)-1 || r.dialLive(&all[k]) {
				live = append(live, all[k])
			}
		}
		r.dropDeadDials(&w)
		if got := ringTimers(&w); !equalTimers(got, live) {
			t.Fatalf("dropping the dead dials of\n%v\nleft\n%v, want\n%v", all, got, live)
		}
	})
}
