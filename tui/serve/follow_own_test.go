package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
)

// A student who explored the teacher's sandbox with a seed or knobs of
// their own, and follows again, sees the teacher's run: the presenter's
// scenario and seed, not theirs moved to the teacher's time. Over ssh a
// student who had set workers to 100 read "9/100 busy · free 91" under
// "following the teacher", where the teacher's screen said 9/200 and 191.
func TestFollowingAgainDropsTheStudentsOwnRun(t *testing.T) {
	racefree.Only(t) // Updates on one goroutine; no program runs
	room := NewRoom()
	teacher := plainSession(t, room, true, 120, 40)
	student := plainSession(t, room, false, 120, 40)
	keys(teacher, "j", "enter", "enter")
	if !teacher.home.InSandbox() {
		t.Fatal("the teacher's sandbox did not open")
	}
	keys(teacher, strings.Repeat(".", 50))
	sb, _ := teacher.home.Sandbox()
	want := sb.State()

	keys(student, "ctrl+g", "S", "enter") // enter alone: the next seed
	if student.mode != exploring || student.rs.State().Seed == want.Seed {
		t.Fatalf("S did not explore on another seed: mode %d, seed %d", student.mode, student.rs.State().Seed)
	}
	keys(student, "ctrl+g")
	if got := student.rs.State(); !student.Following() || got.Seed != want.Seed || got.At != want.At {
		t.Fatalf("following again shows seed %d at %v, the teacher's is seed %d at %v", got.Seed, got.At, want.Seed, want.At)
	}

	// The knobs: workers 200 becomes 100, applied, then ctrl+g.
	keys(student, "e")
	for range 3 {
		student.Update(tea.KeyMsg{Type: tea.KeyBackspace})
	}
	keys(student, "100", "enter")
	if v := student.View(); student.mode != exploring || !strings.Contains(v, "/100 busy") {
		t.Fatalf("the student's knobs did not apply (mode %d):\n%s", student.mode, v)
	}
	keys(student, "ctrl+g")
	if v := student.View(); !student.Following() || strings.Contains(v, "/100 busy") || !strings.Contains(v, "/200 busy") {
		t.Fatalf("following again shows the student's 100 workers, not the teacher's 200:\n%s", v)
	}
	if got := student.rs.State(); got.Edited || got.Seed != want.Seed || got.At != want.At {
		t.Fatalf("following again: edited %v, seed %d at %v; the teacher's seed %d at %v", got.Edited, got.Seed, got.At, want.Seed, want.At)
	}
}
