package serve

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/charmbracelet/x/ansi"
)

// A paste into the interview's answer lost its middle to the input limits
// and only the log said so: over SSH, the student's own screen says how
// many characters were dropped.
func TestDroppedInputIsToldToTheStudent(t *testing.T) {
	ts := startServer(t, Config{})
	ada := ts.dial(t, "ada", PasswordAuth("x"), 100, 30)
	waitFor(t, ada, 0, "Sandbox")
	mark := ada.Mark()
	// A run of 5,000 characters with no space: cut at maxRun.
	if err := ada.Type(strings.Repeat("7", 5000) + " "); err != nil {
		t.Fatal(err)
	}
	// The run was cut for its length, and the note says so: it said
	// "input came faster", and a student told so pastes again, slowly,
	// and loses the same part.
	// It is read in pieces, and the note counts up as they come: the
	// whole count is the 3,976 characters past 1,024.
	waitFor(t, ada, mark, "a run with no space over the 1 KB limit was cut: 3,976 characters dropped")
	if strings.Contains(ada.Since(mark), "faster") {
		t.Fatalf("a run cut for its length is said to have come too fast:\n%s", tail(ada.Since(mark), 2000))
	}
}

// The note names what cut the input: a paste past maxPaste, a run past
// maxRun, or keys past the rate, each with its own words and count.
func TestTheDropNoteNamesTheLimit(t *testing.T) {
	racefree.Only(t)
	now := time.Unix(0, 0)
	for _, tc := range []struct {
		name, in, want string
	}{
		{"a paste of 100,000", pasteStart + strings.Repeat("x", 100_000) + pasteEnd,
			"a paste over the 32 KB limit was cut: 67,232 characters dropped"},
		{"a run of 5,000", strings.Repeat("7", 5000) + " ",
			"a run with no space over the 1 KB limit was cut: 3,976 characters dropped"},
		{"700 keys at once", strings.Repeat("j ", 350),
			"input came faster than the class server takes it: 100 characters dropped"},
	} {
		f := newInputFilter(strings.NewReader(tc.in), func() time.Time { return now })
		if _, err := io.Copy(io.Discard, f); err != nil {
			t.Fatal(err)
		}
		s := plainSession(t, NewRoom(), false, 120, 24)
		s.inputDropped(f.dropCounts())
		if got := s.dropNoteText(); got != tc.want {
			t.Errorf("%s: the note says %q, want %q", tc.name, got, tc.want)
		}
	}
}

// The note counts characters, a rune of two bytes once, and only those
// dropped since it came up; it stays dropNoteFor after the last drop, on
// the line above the screen's keys, and then goes.
func TestTheDropNote(t *testing.T) {
	racefree.Only(t)
	f := newInputFilter(bytes.NewReader([]byte(strings.Repeat("é", 2000))), nil)
	calls := 0
	f.onDrop = func() { calls++ }
	if _, err := io.Copy(io.Discard, f); err != nil {
		t.Fatal(err)
	}
	if b, c := f.Dropped(), f.DroppedChars(); c == 0 || b != 2*c || calls == 0 {
		t.Fatalf("2,000 é in one run: %d bytes, %d characters dropped, %d calls to onDrop; want twice as many bytes as characters, and a call", b, c, calls)
	}

	s := plainSession(t, NewRoom(), false, 80, 24)
	last := func() string { return strings.TrimSpace(noteLineOf(s.View())) }
	before := last()
	cmd := s.inputDropped(inputDroppedMsg{chars: 5984})
	if got := last(); got != "input came faster than the class server takes it: 5,984 characters dropped" {
		t.Fatalf("the last line after a drop: %q", got)
	}
	s.inputDropped(inputDroppedMsg{chars: 6000}) // more, while the note shows
	if got := last(); !strings.HasSuffix(got, ": 6,000 characters dropped") {
		t.Fatalf("the last line after a second drop: %q", got)
	}
	if cmd == nil {
		t.Fatal("no timer takes the note down")
	}
	s.Update(dropNoteDoneMsg{gen: 1}) // the first drop's timer: the second's holds
	if got := last(); !strings.Contains(got, "dropped") {
		t.Fatalf("the first drop's timer took the note down while the second's runs: %q", got)
	}
	s.Update(dropNoteDoneMsg{gen: 2})
	if got := last(); got != before {
		t.Fatalf("after its time the last line is %q, want the screen's own %q", got, before)
	}
	s.Update(inputDroppedMsg{chars: 6010})
	if got := last(); !strings.HasSuffix(got, ": 10 characters dropped") {
		t.Fatalf("a later drop counts from the last note: %q", got)
	}
}

// A paste cut and keys past the rate at once: the note in its fullest
// wording fills 125 columns, and cut at the window's edge it lost the
// second count (and one reason's count, under 80 columns). In a narrower
// window it says every count in fewer words.
func TestTheDropNoteKeepsEveryCount(t *testing.T) {
	racefree.Only(t)
	for _, tc := range []struct {
		drop  inputDroppedMsg
		names []string
	}{
		{inputDroppedMsg{chars: 69_632 + 5_984, paste: 69_632}, []string{"69,632", "5,984"}},
		{inputDroppedMsg{chars: 5_984}, []string{"5,984"}},
	} {
		for _, w := range []int{120, 100, 80, 60, 40} {
			s := plainSession(t, NewRoom(), false, w, 24)
			s.inputDropped(tc.drop)
			last := noteLineOf(s.View())
			for _, n := range tc.names {
				if !strings.Contains(last, n) {
					t.Errorf("at %d columns the note leaves out %s: %q", w, n, strings.TrimSpace(last))
				}
			}
		}
	}
}

// noteLineOf is the line above view's last, where a note that has a line
// of its own goes.
func noteLineOf(view string) string {
	lines := strings.Split(ansi.Strip(view), "\n")
	if len(lines) < 2 {
		return ""
	}
	return lines[len(lines)-2]
}

// The note said over the screen's last line hid the keys for 10 s: on the
// home screen and on the room's sandbox followed at 200x60, and on the
// home screen at 80x24, it takes a line of its own above the keys, the
// screen laid out a line shorter, the window's height kept; after its
// time the screen has its line back.
func TestTheDropNoteKeepsTheKeys(t *testing.T) {
	racefree.Only(t) // no goroutine: sessions driven by hand, the timer's message sent by hand
	for _, tc := range []struct {
		name string
		w, h int
		keys []string
	}{
		{"the home screen at 80x24", 80, 24, nil},
		{"the home screen at 200x60", 200, 60, nil},
		{"the room's sandbox at 200x60", 200, 60, []string{"ctrl+g"}},
	} {
		room := NewRoom()
		teacher := lessonSession(t, room, true, 100, 30)
		press(t, teacher, "j", "enter", "enter")
		s := lessonSession(t, room, false, tc.w, tc.h)
		press(t, s, tc.keys...)
		before := strings.Split(ansi.Strip(s.View()), "\n")
		keyLine := before[len(before)-1]
		if strings.TrimSpace(keyLine) == "" {
			t.Fatalf("%s: no keys on the last line:\n%s", tc.name, strings.Join(before, "\n"))
		}
		s.Update(inputDroppedMsg{chars: 5984})
		lines := strings.Split(ansi.Strip(s.View()), "\n")
		if len(lines) != tc.h {
			t.Fatalf("%s: with the note the screen is %d lines in a window of %d:\n%s", tc.name, len(lines), tc.h, strings.Join(lines, "\n"))
		}
		if note := lines[tc.h-2]; !strings.Contains(note, "5,984 characters dropped") {
			t.Errorf("%s: the line above the keys is %q", tc.name, note)
		}
		if lines[tc.h-1] != keyLine {
			t.Errorf("%s: the note hid the keys: the last line is %q, was %q", tc.name, lines[tc.h-1], keyLine)
		}
		s.Update(dropNoteDoneMsg{gen: s.drops.gen})
		after := strings.Split(ansi.Strip(s.View()), "\n")
		if strings.Join(after, "\n") != strings.Join(before, "\n") {
			t.Errorf("%s: after its time the screen is not as it was:\n%s", tc.name, strings.Join(after, "\n"))
		}
	}
}

// The room's sandbox in a window of its least height (80x24) has no line
// to give: the note goes over its keys there, the sandbox kept whole, and
// they come back after its time.
func TestTheDropNoteOverTheKeysWhereNoLineIsFree(t *testing.T) {
	racefree.Only(t) // no goroutine: sessions driven by hand, the timer's message sent by hand
	room := NewRoom()
	teacher := lessonSession(t, room, true, 100, 30)
	press(t, teacher, "j", "enter", "enter")
	s := lessonSession(t, room, false, 80, 24)
	press(t, s, "ctrl+g")
	s.Update(inputDroppedMsg{chars: 5984})
	lines := strings.Split(ansi.Strip(s.View()), "\n")
	if len(lines) != 24 || strings.Contains(lines[0], "needs a window") || !strings.Contains(lines[23], "5,984 characters dropped") {
		t.Fatalf("at 80x24 the sandbox did not keep its size with the note over its last line:\n%s", strings.Join(lines, "\n"))
	}
	s.Update(dropNoteDoneMsg{gen: s.drops.gen})
	lines = strings.Split(ansi.Strip(s.View()), "\n")
	if len(lines) != 24 || strings.Contains(lines[23], "dropped") || !strings.Contains(lines[23], "F explores") && !strings.Contains(lines[23], "esc") {
		t.Fatalf("after its time the keys did not come back:\n%s", strings.Join(lines, "\n"))
	}
}
