package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/charmbracelet/x/ansi"
)

// A follower who answers the followed lesson's prediction with a key
// stops following: only the tag's "exploring" said so. A line above the
// screen's keys says it in words and names the key that follows again,
// once: the next key takes it down, and ctrl+g follows again. Drawn over
// the last line, the note hid the keys until the next key: the screen
// gives the note a line of its own, and keeps the window's height.
func TestAFollowerWhoForksIsToldOnce(t *testing.T) {
	racefree.Only(t) // no goroutine: sessions driven by hand
	_, predict, _, _ := lessonTwo(t)
	room := NewRoom()
	teacher := lessonSession(t, room, true, 100, 30)
	student := storeSession(t, room, false, tempStore(t), 80, 24)
	press(t, teacher, "enter", "j", "enter")
	awaitLesson(t, teacher)
	goToStep(t, teacher, predict)
	press(t, student, "ctrl+g")
	if v := student.View(); strings.Contains(v, "stopped following") {
		t.Fatalf("a student who follows reads that they stopped:\n%s", v)
	}
	followed := strings.Split(ansi.Strip(student.View()), "\n")
	keyLine := strings.TrimSpace(followed[len(followed)-1])
	press(t, student, "2")
	if student.mode != exploring {
		t.Fatalf("2 at the prediction did not fork: mode %d", student.mode)
	}
	v := ansi.Strip(student.View())
	lines := strings.Split(v, "\n")
	if len(lines) != 24 {
		t.Fatalf("with the note the screen is %d lines in a window of 24:\n%s", len(lines), v)
	}
	note, last := lines[len(lines)-2], lines[len(lines)-1]
	if !strings.Contains(note, "stopped following the teacher") || !strings.Contains(note, followKey+" follows") {
		t.Fatalf("the line above the keys: %q\n%s", note, v)
	}
	if !strings.Contains(last, "q back") || !strings.Contains(last, "answer") {
		t.Fatalf("the note hid the keys: the last line is %q (following, it was %q)\n%s", last, keyLine, v)
	}
	if n := strings.Count(ansi.Strip(v), "stopped following"); n != 1 {
		t.Fatalf("the note shows %d times:\n%s", n, v)
	}
	// Drawn again with no key between, it stays; the next key takes it down.
	if !strings.Contains(student.View(), "stopped following") {
		t.Fatal("the note went with a redraw, before the student read it")
	}
	press(t, student, "down")
	if v := student.View(); strings.Contains(v, "stopped following") {
		t.Fatalf("the note stayed after the next key:\n%s", v)
	}
	// At 60 columns a shorter form still names the key.
	student.forkNote, student.noteOwnLine = true, true
	student.w = 60
	lines = strings.Split(student.withForkNote(strings.Repeat("x\n", 3)+"keys"), "\n")
	if note := ansi.Strip(lines[len(lines)-2]); !strings.Contains(note, followKey) || ansi.StringWidth(note) > 60 || strings.Contains(note, "…") || lines[len(lines)-1] != "keys" {
		t.Fatalf("at 60 columns: %q", lines)
	}
	student.w = 80
	press(t, student, followKey)
	if student.mode != following || strings.Contains(student.View(), "stopped following") {
		t.Fatalf("%s did not follow again, or the note stayed: mode %d\n%s", followKey, student.mode, student.View())
	}
}

// A follower who plays the followed sandbox (space) forks it: at 200x60
// the note takes the line above the sandbox's keys, the sandbox drawn a
// line shorter while it shows and at the window's height again after.
func TestTheForkNoteKeepsTheSandboxsKeys(t *testing.T) {
	racefree.Only(t) // no goroutine: sessions driven by hand
	room := NewRoom()
	teacher := lessonSession(t, room, true, 200, 60)
	student := lessonSession(t, room, false, 200, 60)
	press(t, teacher, "j", "enter", "enter")
	press(t, student, "ctrl+g", " ")
	if student.mode != exploring {
		t.Fatalf("space on the followed sandbox did not fork: mode %d", student.mode)
	}
	v := ansi.Strip(student.View())
	lines := strings.Split(v, "\n")
	if len(lines) != 60 {
		t.Fatalf("with the note the screen is %d lines in a window of 60:\n%s", len(lines), v)
	}
	if note, last := lines[58], lines[59]; !strings.Contains(note, "You stopped following the teacher") || !strings.Contains(last, "space pause") || !strings.Contains(last, "knobs") {
		t.Fatalf("the last two lines: %q, %q\n%s", note, last, v)
	}
	press(t, student, " ")
	if v := ansi.Strip(student.View()); strings.Contains(v, "stopped following") || len(strings.Split(v, "\n")) != 60 {
		t.Fatalf("after the next key the note stayed, or the screen is not 60 lines:\n%s", v)
	}
}

// In a window of the sandbox's least height (80x24) the sandbox has no
// line to give: the note goes over its keys, and they come back after
// forkNoteFor with no key pressed (the timer's message, driven here); a
// message of an earlier note does not take a later one down.
func TestTheForkNoteGivesTheKeysBackInTime(t *testing.T) {
	racefree.Only(t) // no goroutine: sessions driven by hand, the timer's message sent by hand
	room := NewRoom()
	teacher := lessonSession(t, room, true, 100, 30)
	student := lessonSession(t, room, false, 80, 24)
	press(t, teacher, "j", "enter", "enter")
	press(t, student, "ctrl+g", "F")
	lines := strings.Split(ansi.Strip(student.View()), "\n")
	if len(lines) != 24 || strings.Contains(lines[0], "needs a window") || !strings.Contains(lines[23], "stopped following") {
		t.Fatalf("at 80x24 the sandbox did not keep its size with the note over its last line:\n%s", strings.Join(lines, "\n"))
	}
	stale := forkNoteDoneMsg{student.forkNoteGen - 1}
	student.Update(stale)
	if !strings.Contains(student.View(), "stopped following") {
		t.Fatal("an earlier note's time took this one down")
	}
	student.Update(forkNoteDoneMsg{student.forkNoteGen})
	lines = strings.Split(ansi.Strip(student.View()), "\n")
	if len(lines) != 24 || strings.Contains(strings.Join(lines, "\n"), "stopped following") || !strings.Contains(lines[23], "knobs") {
		t.Fatalf("after its time the note stayed, or the keys did not come back:\n%s", strings.Join(lines, "\n"))
	}
	if student.mode != exploring {
		t.Fatalf("the note's time changed the mode: %d", student.mode)
	}
}
