package challengeui

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons/challenge"
)

// After a design of the learner's own earned ★★★, s said "0 so far": it
// counted only designs that fell short. Three stars, whether earned in
// this window (no progress file) or kept in the file, open the reference
// solution to compare with; fewer still wait for the tries.
func TestSolutionOpensOnceThreeStarsAreEarned(t *testing.T) {
	path := filepath.Join(t.TempDir(), "challenges.json")
	for _, o := range []Options{{}, {Progress: progressAt(t, path)}} {
		m := sized(t, open(t, "bulkhead-20", o), 80, 24)
		m = press(t, m, "enter", "2", "4", "enter", "s") // 24: one star
		if r := m.Result(); r == nil || r.Stars != 1 {
			t.Fatalf("bulkhead 24: %+v, want one star", r)
		}
		if m.revealed || !strings.Contains(m.note, "0 so far") {
			t.Errorf("progress %v: s after one star: revealed %v, note %q; want it still waiting for tries", o.Progress != nil, m.revealed, m.note)
		}
		m = press(t, m, "enter", "2", "2", "enter", "s") // 22: three stars, no try fell short
		if r := m.Result(); r == nil || r.Stars != 3 || m.fails != 0 {
			t.Fatalf("bulkhead 22: %+v, %d tries fell short; want three stars and none", r, m.fails)
		}
		if !m.revealed || strings.Contains(m.note, "so far") || !strings.Contains(m.note, "the reference solution") {
			t.Errorf("progress %v: s after ★★★: revealed %v, note %q; want the reference shown", o.Progress != nil, m.revealed, m.note)
		}
	}
	// Reopened, the three stars the file keeps open it at once.
	m := press(t, sized(t, open(t, "bulkhead-20", Options{Progress: progressAt(t, path)}), 80, 24), "s")
	if !m.revealed {
		t.Errorf("reopened with ★★★ saved, s: note %q; want the reference shown", m.note)
	}
}

// progressAt opens the progress file at path, as a window of its own.
func progressAt(t *testing.T, path string) *challenge.Progress {
	t.Helper()
	p, err := challenge.OpenProgress(path)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
