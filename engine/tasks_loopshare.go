package engine

import "time"

// The loop's busy share per time-series bucket (issue 23's sandbox pane):
// the loop's occupancy, where a stall reads as a plateau at 100 % (a CPU
// graph shows only the part of it a handler computes: a handler blocked
// on I/O holds the loop with the CPU idle).
//
// A handler's slice of loop time is counted in the bucket it starts in
// (TaskSample.LoopBusy), so a 2 s blocking call started in a 100 ms bucket
// would read as 2,000 % there and nothing after it. The loop cannot do more
// than its threads' time in a bucket: what a bucket's slices hold beyond
// that runs in the buckets after it, carried over until it is done. A
// pause (a stop-the-world) counts as busy for the whole of its span, as
// its tasks feel it.

// closeLoopShare sets the closing bucket's LoopShare; the bucket ends at
// end and lasts every.
func (t *taskRun) closeLoopShare(end, every time.Duration) {
	if every <= 0 {
		return
	}
	threads := time.Duration(len(t.free))
	from := end - every
	var paused time.Duration
	for _, p := range t.cfg.Pauses {
		paused += max(0, min(p.To, end)-max(p.From, from))
	}
	work := t.loopCarry + t.bucket.LoopBusy
	room := (every - paused) * threads
	done := min(work, room)
	t.loopCarry = work - done
	if t.down {
		// A killed process's slices die with it.
		t.loopCarry = 0
	}
	t.bucket.LoopShare = float32(float64(done+paused*threads) / float64(every*threads))
}
