package serve

import (
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
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
	teacher, store, session := graceInRoom(t)
	grace := session()
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

// grace is in the room in three sessions: one with lesson 2 open in her
// own player, one on the lesson list, and one following the teacher to
// the lesson's fifth step. Her other two screens show the steps she was
// shown as seen at once: the player's step list marks the fifth step
// seen, and the list counts two steps seen. Before, they showed the
// lesson as they had read it until she opened it again.
func TestStepsFollowedShowInTheStudentsOtherSessions(t *testing.T) {
	racefree.Only(t)
	l, _, _, _ := lessonTwo(t)
	teacher, store, session := graceInRoom(t)
	own, list, follows := session(), session(), session()
	press(t, own, "enter", "j", "enter")
	awaitLesson(t, own)
	press(t, list, "enter")
	if v := flat(list.View()); !strings.Contains(v, "seen 1 of") {
		t.Fatalf("grace's list does not show lesson 2 begun in her own player:\n%s", list.View())
	}
	press(t, follows, "ctrl+g")
	reads(follows)
	goToStep(t, teacher, 4)
	reads(follows)
	if !follows.Following() {
		t.Fatalf("ctrl+g did not follow:\n%s", follows.View())
	}
	if p := store.Get(l.ProgressKey()); !slices.Contains(p.Seen, 4) {
		t.Fatalf("following kept %v seen, want step 5 among them", p.Seen)
	}
	reads(own, list)

	press(t, own, "s") // the player's step list
	fifth := ""
	for line := range strings.SplitSeq(own.View(), "\n") {
		if strings.Contains(line, " 5. "+l.Steps[4].Title) {
			fifth = line
		}
	}
	if !strings.Contains(fifth, "·  5. ") {
		t.Errorf("grace's own player does not mark step 5, which she followed in another session, as seen: %q in\n%s", fifth, own.View())
	}
	if v := flat(list.View()); !strings.Contains(v, "seen 2 of") {
		t.Errorf("grace's lesson list does not count step 5, which she followed in another session, as seen:\n%s", list.View())
	}
}

// graceInRoom is a room with a teacher on lesson 2, grace's progress, and
// a new session of hers in the room at each call.
func graceInRoom(t *testing.T) (teacher *Session, store *lessons.Store, session func() *Session) {
	t.Helper()
	room := NewRoom()
	teacher = teacherOnLessonTwo(t, room)
	store = tempStore(t)
	return teacher, store, func() *Session {
		s := storeSession(t, room, false, store, 100, 30)
		s.SetStudent("user-grace", "grace")
		return s
	}
}
