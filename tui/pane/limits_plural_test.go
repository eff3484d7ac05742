package pane_test

import (
	"regexp"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// onePlural is a count of one before a plural: "1 tasks", "1 kills".
var onePlural = regexp.MustCompile(`(^|[^\d,.])1 (tasks|kills|tokens|calls|trials)\b`)

// TestLimitsSayOneTask: go-server at 0 s has one task live, the most so
// far: the limits pane says "1 task live" and "1 task (most 1)", at every
// width, where it said "1 tasks live" and "1 tasks (most 1)"; and a
// process killed once says "1 kill".
func TestLimitsSayOneTask(t *testing.T) {
	d := tuitest.At(t, "go-server", 0, 0)
	if d.Snap.Tasks == nil || d.Snap.Tasks.MemoryLimit == 0 {
		t.Fatal("go-server has no tasks server with a memory limit")
	}
	ts := *d.Snap.Tasks
	ts.Live, ts.LiveMax = 1, 1
	snap := *d.Snap
	snap.Tasks = &ts
	d.Snap = &snap
	saw := false
	for _, w := range []int{30, 40, 50, 60, 80, 100, 140} {
		v := limitsView(d, w, 12)
		if m := onePlural.FindString(v); m != "" {
			t.Errorf("width %d: %q:\n%s", w, m, v)
		}
		if regexp.MustCompile(`1 task\b`).MatchString(v) {
			saw = true
		}
	}
	if !saw {
		t.Error("no width says 1 task")
	}
	killed := ts
	killed.Kills, killed.Down, killed.UpAt = 1, true, 0
	snap.Tasks = &killed
	if v := limitsView(d, 140, 12); onePlural.MatchString(v) || lineWith(v, "1 kill") == "" {
		t.Errorf("killed once:\n%s", v)
	}
}
