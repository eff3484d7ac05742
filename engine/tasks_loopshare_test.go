package engine

import (
	"testing"
	"time"
)

// A bucket's loop share never passes 100 %, a pause reads as 100 %, and a
// slice longer than a bucket fills the buckets it runs in rather than the
// one it started in: the shares add up to the loop time run plus the
// pauses.
func TestLoopSharePerBucket(t *testing.T) {
	sc := &Scenario{Name: "stall", Duration: 3 * time.Second, MeasureTo: 3 * time.Second, Variants: []Variant{{Name: "v", System: System{
		Tasks: &TaskServer{Threads: 1, Pauses: []Pause{{From: 2 * time.Second, To: 2500 * time.Millisecond}}},
		Endpoints: []Endpoint{
			{Name: "health", Interval: 100 * time.Millisecond, CPU: 10 * time.Millisecond},
			// One blocking call of 450 ms.
			{Name: "report", Interval: 10 * time.Second, Blocking: Latency{Kind: Constant, Value: 450 * time.Millisecond}},
		},
	}}}}
	r, err := New(sc, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	s := r.Snapshot()
	var sum float64
	for i, smp := range s.Tasks.Series {
		if smp.LoopShare < 0 || smp.LoopShare > 1 {
			t.Fatalf("bucket %d: loop share %v, outside 0..1", i, smp.LoopShare)
		}
		sum += float64(smp.LoopShare) * s.SampleEvery.Seconds()
	}
	// The buckets after the one the 450 ms call starts in run it still.
	start := -1
	for i, smp := range s.Tasks.Series {
		if smp.LoopBusy >= 450*time.Millisecond {
			start = i
			break
		}
	}
	if start < 0 || s.SampleEvery != 100*time.Millisecond {
		t.Fatalf("no bucket holds the blocking call's start (buckets of %v)", s.SampleEvery)
	}
	for b := start + 1; b <= start+3; b++ {
		if got := s.Tasks.Series[b].LoopShare; got < 0.999 {
			t.Errorf("bucket %d (the blocking call) has loop share %.3f, want 100 %%", b, got)
		}
	}
	for b := 20; b < 25; b++ {
		if got := s.Tasks.Series[b].LoopShare; got < 0.999 {
			t.Errorf("bucket %d (the pause) has loop share %.3f, want 100 %%", b, got)
		}
	}
	want := s.Tasks.LoopTime.Seconds() + 0.5
	if sum < want-1e-3 || sum > want+1e-3 {
		t.Errorf("the shares add up to %.4f s of loop time, want the %.4f s run plus the 0.5 s pause", sum, want)
	}
}
