package serve

import (
	"bytes"
	"io"
	"regexp"
	"strings"
	"testing"
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
	waitFor(t, ada, mark, "input came faster than the class server takes it:")
	got := regexp.MustCompile(`takes it: ([\d,]+) characters dropped`).FindStringSubmatch(ada.Since(mark))
	if got == nil || got[1] == "0" {
		t.Fatalf("the note does not say how many characters were dropped:\n%s", tail(ada.Since(mark), 2000))
	}
}

// The note counts characters, a rune of two bytes once, and only those
// dropped since it came up; it stays dropNoteFor after the last drop, on
// the screen's last line, and then goes.
func TestTheDropNote(t *testing.T) {
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
	last := func() string {
		v := s.View()
		return strings.TrimSpace(v[strings.LastIndexByte(v, '\n')+1:])
	}
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
