package serve

import (
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A student who explored the teacher's lesson on their own (a guess of
// their own, another design, other steps, another speed) and follows
// again sees the teacher's lesson as a student who only followed does:
// the teacher's step, time, design and answers, not their own moved to
// the teacher's step. The sandbox's like of it: "9/100 busy" under
// "following the teacher" (TestFollowingAgainDropsTheStudentsOwnRun).
func TestFollowingAgainDropsTheStudentsOwnLesson(t *testing.T) {
	racefree.Only(t) // Updates and the commands they return; the lesson's preparing waits in awaitLesson
	_, predict, room, teacher, student, _ := forkAtPrediction(t)
	other := storeSession(t, room, false, tempStore(t), 100, 30)
	press(t, other, "ctrl+g")

	// The student's own moves: a guess, a design, a speed, the next
	// steps and back.
	press(t, student, "2", "v", "v", ">", ">", "n", "n", "p")
	if student.mode != exploring {
		t.Fatalf("the student does not explore (mode %d):\n%s", student.mode, student.View())
	}
	press(t, student, "ctrl+g")
	reads(student, other)
	if !student.Following() || !other.Following() {
		t.Fatalf("following: the student %v, the other %v", student.Following(), other.Following())
	}
	want, _ := teacher.home.Lessons()
	got, them := student.rl.State(), other.rl.State()
	if got != them || got.Step != predict || got.Step != want.State().Step || got.Variant != want.State().Variant || got.At != want.State().At {
		t.Fatalf("following again, the student shows %+v; a student who only followed %+v; the teacher %+v", got, them, want.State())
	}
	if sv, ov := student.rl.View(), other.rl.View(); sv != ov {
		t.Fatalf("following again, the student's lesson is not the teacher's as followed:\n%s\n\nwhere a student who only followed sees:\n%s", sv, ov)
	}

	// The teacher moves on: both show the same.
	press(t, teacher, "n")
	reads(student, other)
	if sv, ov := student.rl.View(), other.rl.View(); sv != ov {
		t.Fatalf("the teacher's next step, the student who had explored:\n%s\n\nwhere a student who only followed sees:\n%s", sv, ov)
	}
}
