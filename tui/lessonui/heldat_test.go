package lessonui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/lessons"
)

// held-at's figure names what the run's Busy counts by present.Held's
// rule, as busy-at's does: a tasks server has no workers, so its
// endpoints' requests keep tasks live; it said "workers held by ..."
// there. A thread pool's words are as before.
func TestHeldAtSaysTasksOnATasksServer(t *testing.T) {
	for _, c := range []struct {
		snap        engine.Snapshot
		label, what string
	}{
		{engine.Snapshot{Workers: 200}, "workers held by checkout requests", "the workers held by checkout requests"},
		{engine.Snapshot{Tasks: &engine.TasksSnapshot{}}, "tasks live for checkout requests", "the tasks live for checkout requests"},
	} {
		f, _ := askedWords("held-at step checkout 10s", lessons.Shown{Now: &c.snap})
		if f.label != c.label || f.what != c.what || f.of != c.snap.Workers {
			t.Errorf("tasks server %v: held-at reads %q (held: %q) of %d; want %q, %q of %d",
				c.snap.Tasks != nil, f.label, f.what, f.of, c.label, c.what, c.snap.Workers)
		}
		if c.snap.Tasks != nil && strings.Contains(f.label+f.what, "worker") {
			t.Errorf("a tasks server's held-at speaks of workers: %q, %q", f.label, f.what)
		}
	}
}
