package serve

import (
	"slices"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// ada follows the teacher through lesson 2's first steps: her progress
// keeps each step her screen showed, as her own player keeps the steps
// she opens, and her lesson list says how far she got. A step the
// teacher moved past between two looks of her screen did not show, and
// is not kept. Before, following kept nothing: the lesson read as not
// started.
func TestFollowingKeepsTheStepsSeen(t *testing.T) {
	racefree.Only(t)
	l, _, _, _ := lessonTwo(t)
	store := tempStore(t)
	_, teacher, ada := adaFollows(t, store)
	reads(ada)
	goToStep(t, teacher, 1)
	reads(ada)
	goToStep(t, teacher, 3) // step 3 goes by between two looks
	reads(ada)
	if !ada.Following() {
		t.Fatalf("ada is not following:\n%s", ada.View())
	}
	p := store.Get(l.ProgressKey())
	if want := []int{0, 1, 3}; !slices.Equal(p.Seen, want) {
		t.Errorf("ada followed steps 1, 2 and 4: her progress keeps %v seen, want %v", p.Seen, want)
	}
	if p.Step != 3 {
		t.Errorf("ada's progress takes the lesson up at step %d, want 4, the last she saw", p.Step+1)
	}
	if got, want := p.Summary(l), "seen 3 of "; len(got) < len(want) || got[:len(want)] != want {
		t.Errorf("ada's lesson list says %q, want it to begin %q", got, want)
	}
}

// grace has lesson 2 open in her own player, on its first step, when she
// follows the teacher to its fifth: back in her own player, its next save
// keeps the steps she followed, where it put back its own record without
// them; her player stays on the step she left it on.
func TestFollowedStepsOutlastTheStudentsOwnPlayer(t *testing.T) {
	racefree.Only(t)
	l, _, _, _ := lessonTwo(t)
	room := NewRoom()
	teacher := teacherOnLessonTwo(t, room)
	store := tempStore(t)
	grace := storeSession(t, room, false, store, 100, 30)
	grace.SetStudent("user-grace", "grace")
	press(t, grace, "enter", "j", "enter")
	awaitLesson(t, grace)
	goToStep(t, teacher, 4)
	press(t, grace, "ctrl+g")
	reads(grace)
	if !grace.Following() {
		t.Fatalf("ctrl+g in her own player did not follow:\n%s", grace.View())
	}
	press(t, grace, "esc")
	own, ok := grace.home.Lessons()
	if !ok || !own.Open() || own.State().Step != 0 {
		t.Fatalf("esc did not take grace back to her own player on step 1:\n%s", grace.View())
	}
	grace.leftAt = grace.leftAt.Add(-questionGrace)
	press(t, grace, "n") // her player moves to step 2 and saves its copy
	if p := store.Get(l.ProgressKey()); !slices.Contains(p.Seen, 4) {
		t.Errorf("grace's own player saved over the step she followed: her progress keeps %v seen, want step 5 among them", p.Seen)
	}
}
