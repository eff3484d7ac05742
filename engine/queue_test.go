package engine

import (
	"testing"
	"time"

	"pgregory.net/rapid"
)

// The queue hands events back in (at, seq) order, whatever order they came in.
func TestQueueOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var q eventQueue
		var seq uint64
		popped := 0
		var last event
		for _, op := range rapid.SliceOf(rapid.IntRange(-1, 50)).Draw(t, "ops") {
			if op < 0 && q.len() > 0 {
				e := q.pop()
				if popped > 0 && e.before(&last) {
					t.Fatalf("popped %v/%d after %v/%d", e.at, e.seq, last.at, last.seq)
				}
				last, popped = e, popped+1
				continue
			}
			seq++
			// Only push events not earlier than the last popped, as a simulation does.
			q.push(event{at: last.at + time.Duration(max(op, 0)), seq: seq})
		}
		for q.len() > 0 {
			e := q.pop()
			if popped > 0 && e.before(&last) {
				t.Fatalf("drain popped %v/%d after %v/%d", e.at, e.seq, last.at, last.seq)
			}
			last, popped = e, popped+1
		}
	})
}
