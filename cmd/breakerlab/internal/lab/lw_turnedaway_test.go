package lab

import (
	"context"
	"testing"
	"time"
)

// The JSON's bulkhead_full counts the calls the bulkhead turned away at
// once, as the engine's does, beside the simulated object that counts it
// so: the Go server's semaphore waits 100 ms before it refuses, and its
// refusals are the permits' "refusals" (full and waited out together).
// The measured side counted every refusal as full, so that a run read 9
// turned away at once against the simulation's 0, where both had waited.
func TestReportCountsOnlyCallsTurnedAwayAtOnceAsFull(t *testing.T) {
	cfg := DefaultGoConfig(Protected)
	rep := BuildReport([]Result{{Config: cfg, Variant: cfg.VariantName(), BulkheadFull: 9, BulkheadWaitedOut: 7}})
	v := rep.Variants[0]
	if got := v.Dependencies[Dependency].BulkheadFull; got != 2 {
		t.Errorf("bulkhead_full %d, want the 2 of 9 refusals that did not wait", got)
	}
	if v.Tasks == nil || v.Tasks.Permits[Dependency].Refusals != 9 {
		t.Errorf("the permits' refusals: %+v, want all 9", v.Tasks)
	}
}

// The live screen's measured side tells the two refusals apart for the
// thread-pool server with --bulkhead-wait as for the Go server: the
// panes read the turned away from BulkheadFull and the waits from
// BulkheadWaitedOut, as the simulated side's. The thread-pool server's
// counted every refusal as turned away at once.
func TestLiveSnapshotTellsWaitedOutFromTurnedAway(t *testing.T) {
	cfg := DefaultConfig(Protected)
	cfg.BulkheadWait = 100 * time.Millisecond
	l, err := Start(cfg, time.Now(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := l.Shutdown(context.Background()); err != nil {
			t.Error(err)
		}
	}()
	// Refusals as the API counts them: 5 in all, 3 of them after a wait.
	l.API.bulkheadFull.Add(5)
	l.API.permits.waitedOut.Add(3)
	d := l.Snapshot(nil).Dependencies[0]
	if d.BulkheadFull != 2 || d.BulkheadWaitedOut != 3 {
		t.Errorf("%d turned away and %d waited out, want 2 and 3", d.BulkheadFull, d.BulkheadWaitedOut)
	}
}
