package present_test

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/present"
)

// An engine snapshot's number says what it counts: the workers held of a
// thread pool, the tasks live of a tasks server, which has no workers
// (engine/snapshot.go: its Workers is 0, its Busy its live tasks). Lesson
// 14, "No thread pool", drew "5 workers held" on its projector.
func TestEngineMomentCountsWhatTheServerHas(t *testing.T) {
	for _, c := range []struct {
		name  string
		snap  engine.Snapshot
		label string
		words string
	}{
		{"thread pool", engine.Snapshot{Busy: 197, Workers: 200}, "workers held", "197 / 200 workers held"},
		{"tasks server", engine.Snapshot{Busy: 1925, Tasks: &engine.TasksSnapshot{}}, "tasks live", "1925 tasks live"},
	} {
		c.snap.Now, c.snap.Duration = time.Second, 30*time.Second
		mo := present.Engine("t", &c.snap, false, "")
		if mo.Label != c.label || mo.Words() != c.words {
			t.Errorf("%s: %q under the number (%q), want %q (%q)", c.name, mo.Label, mo.Words(), c.label, c.words)
		}
		if label, what := present.Held(&c.snap); label != c.label || what != "the "+c.label {
			t.Errorf("%s: Held says %q, %q", c.name, label, what)
		}
	}
}
