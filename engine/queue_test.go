package engine

import (
	"slices"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// The queue hands every event back once, in (at, seq) order, whatever order
// they came in: near ones (the wheel, several to a slot), ones a whole turn
// of the wheel or more ahead (the far heap), and ties, between the two as
// well.
func TestQueueOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var q eventQueue
		var seq uint64
		var want []event // pending, as a reference
		var last event
		// Delays from the same instant to well past the wheel's horizon.
		delay := rapid.OneOf(
			rapid.Int64Range(0, 3),
			rapid.Int64Range(0, int64(10*time.Millisecond)),
			rapid.Int64Range(int64(time.Second), int64(30*time.Second)),
			rapid.Just(int64(wheelSlots)<<slotShift),
		)
		pop := func() {
			if q.len() != len(want) {
				t.Fatalf("len %d, want %d", q.len(), len(want))
			}
			head := *q.peek()
			e := q.pop()
			head.next, e.next = 0, 0
			if e != head {
				t.Fatalf("pop %v/%d differs from peek %v/%d", e.at, e.seq, head.at, head.seq)
			}
			want = dropPopped(t, want, e)
			last = e
		}
		for _, push := range rapid.SliceOf(rapid.Bool()).Draw(t, "ops") {
			if !push && len(want) > 0 {
				pop()
				continue
			}
			seq++
			// Only events not earlier than the last popped, as a simulation does.
			e := event{at: last.at + time.Duration(delay.Draw(t, "delay")), seq: seq, req: int32(seq)}
			if len(want) > 0 && rapid.IntRange(0, 3).Draw(t, "tie") == 0 {
				// At a pending event's time: a tie, one in the wheel
				// and one in the far heap, say, once that is near.
				e.at = want[rapid.IntRange(0, len(want)-1).Draw(t, "with")].at
			}
			q.push(e)
			e.next = 0
			want = append(want, e)
		}
		for len(want) > 0 {
			pop()
		}
		if q.len() != 0 || q.peek() != nil {
			t.Fatalf("an emptied queue holds %d events", q.len())
		}
	})
}

// A timer kept aside and queued later (placeAt, timers.go) has a smaller
// seq than events queued meanwhile; it still comes out in (at, seq) order,
// ties included, wherever it lands.
func TestQueuePlaceAtOlderSeq(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var q eventQueue
		var seq uint64
		var want, aside []event
		var last event
		// Mostly ties, where the order is down to seq.
		delay := rapid.OneOf(
			rapid.Int64Range(0, 1),
			rapid.Int64Range(0, 1),
			rapid.Int64Range(0, int64(10*time.Millisecond)),
			rapid.Int64Range(int64(time.Second), int64(30*time.Second)),
		)
		pop := func() {
			e := q.pop()
			e.next = 0
			want = dropPopped(t, want, e)
			last = e
		}
		for _, op := range rapid.SliceOf(rapid.IntRange(0, 3)).Draw(t, "ops") {
			switch {
			case op == 0 && len(want) > 0:
				pop()
			case op == 1:
				// Set a timer aside: its seq is taken now.
				seq++
				aside = append(aside, event{at: last.at + time.Duration(delay.Draw(t, "delay")), seq: seq, req: int32(seq)})
			case op == 2 && len(aside) > 0:
				// Queue the oldest timer aside, if it is not already past.
				e := aside[0]
				aside = aside[1:]
				if e.at < last.at {
					continue
				}
				queueAside(&q, e)
				want = append(want, e)
			default:
				seq++
				e := event{at: last.at + time.Duration(delay.Draw(t, "delay")), seq: seq, req: int32(seq)}
				q.push(e)
				want = append(want, e)
			}
		}
		for len(want) > 0 {
			pop()
		}
	})
}

// dropPopped checks that e, just popped, was pending in want and that no
// pending event comes before it, and returns want without it.
func dropPopped(t *rapid.T, want []event, e event) []event {
	i := slices.IndexFunc(want, func(w event) bool { return w.seq == e.seq })
	if i < 0 {
		t.Fatalf("popped %v/%d, which is not pending", e.at, e.seq)
	}
	for _, w := range want {
		if w.before(&e) {
			t.Fatalf("popped %v/%d while %v/%d is pending", e.at, e.seq, w.at, w.seq)
		}
	}
	return slices.Delete(want, i, i+1)
}

// A hang's end puts thousands of events in a few slots, in no order of
// time: past maxWalk steps of its slot, an event goes to the far heap,
// and the queue still hands every event back in (at, seq) order, ties
// included, wherever each one lies; some events near now do go there.
func TestQueueCrowdedSlots(t *testing.T) {
	crowded := 0
	rapid.Check(t, func(t *rapid.T) {
		var q eventQueue
		var seq uint64
		var want, aside []event
		var last event
		width := rapid.Int64Range(1, 3<<slotShift).Draw(t, "width")
		for range rapid.IntRange(50, 400).Draw(t, "bursts") {
			switch rapid.IntRange(0, 9).Draw(t, "op") {
			case 0:
				if len(want) > 0 {
					e := q.pop()
					e.next = 0
					want = dropPopped(t, want, e)
					last = e
				}
			case 1:
				// A timer set aside (its seq taken now), queued later
				// with placeAt, as timers.go does.
				seq++
				aside = append(aside, event{at: last.at + time.Duration(rapid.Int64Range(0, width).Draw(t, "at")), seq: seq, req: int32(seq)})
			case 2:
				if len(aside) == 0 || aside[0].at < last.at {
					continue
				}
				e := aside[0]
				aside = aside[1:]
				queueAside(&q, e)
				want = append(want, e)
			default:
				seq++
				e := event{at: last.at + time.Duration(rapid.Int64Range(0, width).Draw(t, "at")), seq: seq, req: int32(seq)}
				if len(want) > 0 && rapid.IntRange(0, 4).Draw(t, "tie") == 0 {
					e.at = want[rapid.IntRange(0, len(want)-1).Draw(t, "with")].at
				}
				q.push(e)
				want = append(want, e)
			}
			checkHead(t, &q)
			for k := range q.far.items {
				if q.far.items[k].at < last.at+time.Duration(wheelSlots/2)<<slotShift {
					crowded++
					break
				}
			}
		}
		for len(want) > 0 {
			e := q.pop()
			e.next = 0
			want = dropPopped(t, want, e)
		}
		if q.len() != 0 {
			t.Fatalf("an emptied queue holds %d events", q.len())
		}
	})
	if crowded == 0 {
		t.Error("no event near now went to the far heap: the test never crowds a slot past maxWalk")
	}
}

// checkHead checks that the head the queue keeps at hand (headAt,
// headSeq), which the run reads as the time of its next event, is the
// event peek finds.
func checkHead(t *rapid.T, q *eventQueue) {
	h := q.peek()
	if h == nil {
		if q.headSeq != 0 {
			t.Fatalf("an empty queue keeps a head %v/%d", q.headAt, q.headSeq)
		}
		return
	}
	if h.at != q.headAt || h.seq != q.headSeq {
		t.Fatalf("the queue keeps %v/%d as its head; its first event is %v/%d", q.headAt, q.headSeq, h.at, h.seq)
	}
}

// queueAside queues e, a timer set aside, as timers.go does: placeAt, or
// the far heap when the wheel does not take it.
func queueAside(q *eventQueue, e event) {
	if c := q.placeAt(e.at, e.seq); c != nil {
		c.req = e.req
		return
	}
	q.pushFar(e)
}
