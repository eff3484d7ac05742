package serve

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A student who follows the teacher, or has a room question on their
// screen, presses nothing for the whole lecture and is not idle: the idle
// limit dropped every follower 30 minutes in. Once the teacher has left,
// or the student is back on their own screen, the limit counts again.
func TestWatchingIsNotIdle(t *testing.T) {
	racefree.Only(t)
	now := time.Unix(1000, 0)
	clock := func() time.Time { return now }
	room := NewRoom()
	teacher := plainSession(t, room, true, 120, 40)
	keys(teacher, "j", "enter", "enter", " ")
	student := plainSession(t, room, false, 80, 24)
	student.SetIdleLimit(8*time.Second, clock)
	keys(student, "ctrl+g")
	for range 5 {
		now = now.Add(10 * time.Second)
		if student.Update(idleCheckMsg{}); student.IdledOut() {
			t.Fatalf("a follower was closed as idle %v into the lecture", now.Sub(time.Unix(1000, 0)))
		}
	}
	// Back on their own screen, the student is idle after the limit.
	keys(student, "esc")
	now = now.Add(9 * time.Second)
	if student.Update(idleCheckMsg{}); !student.IdledOut() {
		t.Fatal("a student on their own screen 9 s after their last key is not idle past 8 s")
	}

	// A question on the student's screen: they are reading it.
	asked := plainSession(t, room, false, 80, 24)
	asked.SetIdleLimit(8*time.Second, clock)
	room.Ask(testQuestion())
	reads(asked)
	now = now.Add(time.Minute)
	if asked.Update(idleCheckMsg{}); asked.IdledOut() {
		t.Fatal("a student with the room's question on screen was closed as idle")
	}
	room.EndQuestion()
	reads(asked)
	now = now.Add(9 * time.Second)
	if asked.Update(idleCheckMsg{}); !asked.IdledOut() {
		t.Fatal("once the question ended, the student should be idle past the limit")
	}
}

// The presenter is watched while anyone follows them: a teacher talking
// over one step presses nothing, and closing them as idle closed their
// followers next. With nobody following and no question open, the idle
// limit counts for the teacher as for anyone.
func TestAFollowedPresenterIsNotIdle(t *testing.T) {
	racefree.Only(t)
	now := time.Unix(1000, 0)
	clock := func() time.Time { return now }
	room := NewRoom()
	teacher := plainSession(t, room, true, 120, 40)
	teacher.SetIdleLimit(8*time.Second, clock)
	keys(teacher, "j", "enter", "enter")
	student := plainSession(t, room, false, 80, 24)
	keys(student, "ctrl+g")
	for range 5 {
		now = now.Add(10 * time.Second)
		if teacher.Update(idleCheckMsg{}); teacher.IdledOut() {
			t.Fatalf("the presenter, followed, was closed as idle %v after their last key", now.Sub(time.Unix(1000, 0)))
		}
	}
	keys(student, "esc") // nobody follows now
	room.Ask(testQuestion())
	now = now.Add(time.Minute)
	if teacher.Update(idleCheckMsg{}); teacher.IdledOut() {
		t.Fatal("the presenter was closed as idle with a question open to the room")
	}
	room.EndQuestion()
	now = now.Add(9 * time.Second)
	if teacher.Update(idleCheckMsg{}); !teacher.IdledOut() {
		t.Fatal("a presenter nobody follows, with no question open, is not idle 9 s past an 8 s limit")
	}
}

// The idle check ends a session with tea.Quit, a command: bubbletea takes
// the messages already queued before its QuitMsg. A follow key read in
// that gap, on a machine slow to start the session, was taken and drawn
// as "following the teacher", and then the session closed for the
// idleness before it. Once the check has decided, no key is taken.
func TestAKeyAfterTheIdleCheckIsNotTaken(t *testing.T) {
	racefree.Only(t)
	now := time.Unix(1000, 0)
	room := NewRoom()
	teacher := plainSession(t, room, true, 120, 40)
	keys(teacher, "j", "enter", "enter")
	student := plainSession(t, room, false, 80, 24)
	student.SetIdleLimit(8*time.Second, func() time.Time { return now })
	now = now.Add(9 * time.Second)
	if _, cmd := student.Update(idleCheckMsg{}); !student.IdledOut() || !isQuit(cmd) {
		t.Fatal("a student on the home screen 9 s after signing in is not idle past 8 s")
	}
	keys(student, "ctrl+g")
	if student.Following() || strings.Contains(student.View(), "following the teacher") {
		t.Fatalf("the follow key, read after the idle check ended the session, was taken:\n%s", student.View())
	}
}
