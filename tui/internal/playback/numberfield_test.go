package playback

import (
	"strings"
	"testing"
	"unicode"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

func typeInto(f *NumberField, keys ...string) {
	for _, k := range keys {
		f.Key(tuitest.Key(k))
	}
}

// A teacher's review: "1e9" read 19, ctrl+u did nothing, and 150 after it
// made 19150, which was refused. A paste keeps the number's characters and
// says what it left out; ctrl+u then empties the box, note and all.
func TestNumberFieldCtrlUEmptiesAFilteredPaste(t *testing.T) {
	racefree.Only(t) // no goroutine: a field and its keys
	var f NumberField
	if !f.Key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("1e9"), Paste: true}) {
		t.Fatal("the field did not take a paste")
	}
	note := f.LeftOutNote("guess", "s")
	if f.Input != "19" || !strings.Contains(note, `"e" left out`) || !strings.Contains(note, "reads 19 s") {
		t.Errorf("pasted 1e9: input %q, note %q", f.Input, note)
	}
	typeInto(&f, "ctrl+u")
	if f.Input != "" || f.Pos != 0 || f.LeftOutNote("guess", "s") != "" {
		t.Errorf("after ctrl+u: input %q at %d, note %q; want all empty", f.Input, f.Pos, f.LeftOutNote("guess", "s"))
	}
	typeInto(&f, "1", "5", "0")
	if f.Input != "150" || f.LeftOutNote("guess", "s") != "" {
		t.Errorf("typed 150 after ctrl+u: the field holds %q, and says %q", f.Input, f.LeftOutNote("guess", "s"))
	}
}

// The box edits as readline does with the keys the players leave free;
// the arrows, home, end, ctrl+k and ctrl+p stay the players' (time, the
// palette, the presenter's view), and so does a letter typed alone (n, q).
func TestNumberFieldEditsLikeALine(t *testing.T) {
	racefree.Only(t) // no goroutine: a field and its keys
	var f NumberField
	typeInto(&f, "1", "2", "3", "4", "5", "ctrl+b", "ctrl+b")
	if f.Box("|") != "123|45" {
		t.Fatalf("ctrl+b twice: %q", f.Box("|"))
	}
	for _, c := range []struct{ key, want string }{
		{"ctrl+w", "|45"},
		{"ctrl+e", "45|"},
		{"6", "456|"},
		{"ctrl+a", "|456"},
		{"ctrl+d", "|56"},
		{"ctrl+f", "5|6"},
		{"backspace", "|6"},
		{"9", "9|6"},
		{"ctrl+u", "|6"},
	} {
		if !f.Key(tuitest.Key(c.key)) {
			t.Errorf("%s was not taken", c.key)
		}
		if got := f.Box("|"); got != c.want {
			t.Errorf("after %s: %q, want %q", c.key, got, c.want)
		}
	}
	for _, k := range []string{"left", "right", "home", "end", "ctrl+k", "ctrl+p", "n", "q", "enter", "esc", "space"} {
		before := f
		if f.Key(tuitest.Key(k)) || f != before {
			t.Errorf("%s is the player's, but the field took it: %q", k, f.Box("|"))
		}
	}
}

// A paste longer than a number keeps what fits and says what it left out.
func TestNumberFieldSaysWhatALongPasteLeftOut(t *testing.T) {
	racefree.Only(t) // no goroutine: a field and its keys
	var f NumberField
	f.Key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("12345678901234567890"), Paste: true})
	if f.Input != "1234567890123456" || f.LeftOut != "7890" {
		t.Errorf("input %q, left out %q", f.Input, f.LeftOut)
	}
	if n := f.LeftOutNote("answer", ""); !strings.Contains(n, `"7890" left out`) || !strings.Contains(n, "16 at most") {
		t.Errorf("the note: %q", n)
	}
}

// A paste of many letters keeps only as much of what it left out as the
// note shows: a classroom student's paste of a million letters was copied
// once a letter.
func TestNumberFieldKeepsLittleOfALongLeftOut(t *testing.T) {
	racefree.Only(t) // no goroutine: a field and its keys
	var f NumberField
	f.Key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("7" + strings.Repeat("x", 1<<16)), Paste: true})
	if f.Input != "7" || f.LeftOut != strings.Repeat("x", leftOutKept) {
		t.Errorf("input %q, left out %d characters, want %d", f.Input, len(f.LeftOut), leftOutKept)
	}
	if n := f.LeftOutNote("number", ""); !strings.Contains(n, `"`+strings.Repeat("x", 20)+`…" left out`) {
		t.Errorf("the note: %q", n)
	}
}

// The one rule the lesson player and the classroom's poll send by: a
// letter refused in an empty box says what a number takes; one after some
// of the number is left out, and the first enter asks, the second sends.
// Typing after the question takes the question back.
func TestNumberFieldAsksBeforeSendingWhatItLeftOut(t *testing.T) {
	racefree.Only(t) // no goroutine: a field edited by hand
	var f NumberField
	if msg := f.Refuse([]rune("e")); !strings.Contains(msg, `Not part of a number: "e". Type digits`) {
		t.Errorf("an e in the empty box says %q", msg)
	}
	if !f.Enter() {
		t.Error("an enter with nothing left out should send")
	}
	typeInto(&f, "1")
	if msg := f.Refuse([]rune("e")); msg != "" || f.LeftOut != "e" || !f.Unchecked {
		t.Errorf("an e after a digit: message %q, left out %q, unchecked %v", msg, f.LeftOut, f.Unchecked)
	}
	typeInto(&f, "3")
	if f.Enter() {
		t.Error("the first enter after the e sent 13")
	}
	if n := f.Note("number", ""); !strings.HasSuffix(n, "your number reads 13. Enter again sends it.") {
		t.Errorf("the note after the first enter is %q", n)
	}
	typeInto(&f, "0")
	if f.Asked || strings.Contains(f.Note("number", ""), "Enter again") {
		t.Errorf("typing after the question should take it back: %q", f.Note("number", ""))
	}
	if !f.Enter() {
		t.Error("nothing more was left out: the enter should send 130")
	}
	f.Clear()
	f.Key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("2x"), Paste: true})
	if f.Enter() {
		t.Error("the first enter after a paste left x out sent 2")
	}
}

// A number sent back (refused, or wrong with tries left) stayed in the box
// and typing went on its end: 150 refused and a 5 typed for the number
// meant read 1505. Sent back it stands selected: the next character typed
// replaces it, a paste too; an editing key edits it instead; a letter is
// refused as in an empty box, and the number stays selected.
func TestNumberFieldSentBackIsReplacedByTyping(t *testing.T) {
	racefree.Only(t) // no goroutine: a field and its keys
	var f NumberField
	typeInto(&f, "1", "5", "0")
	f.Select()
	if note := f.Note("guess", "s"); note != ReplaceNote {
		t.Errorf("sent back, the note is %q; want %q", note, ReplaceNote)
	}
	if msg := f.Refuse([]rune("x")); msg != NotANumber([]rune("x")) || f.Input != "150" || !f.Selected || f.Unchecked {
		t.Errorf("an x on the selected 150: message %q, input %q, selected %v, unchecked %v", msg, f.Input, f.Selected, f.Unchecked)
	}
	typeInto(&f, "5")
	if f.Box("|") != "5|" || f.Note("guess", "s") != "" {
		t.Errorf("a 5 typed on the selected 150 should replace it: %q, note %q", f.Box("|"), f.Note("guess", "s"))
	}
	typeInto(&f, "0")
	if f.Input != "50" {
		t.Errorf("once replaced, typing goes on: %q", f.Input)
	}

	f.Select()
	f.Key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("75"), Paste: true})
	if f.Input != "75" {
		t.Errorf("a paste on the selected 50 should replace it: %q", f.Input)
	}

	f.Select()
	typeInto(&f, "backspace", "1")
	if f.Input != "71" {
		t.Errorf("backspace on the selected 75 edits it, then typing goes on: %q; want 71", f.Input)
	}

	var empty NumberField
	empty.Select()
	if empty.Selected {
		t.Error("an empty box sent back has nothing to select")
	}
}

// What was typed into the empty box and not taken is named by enter's
// words (EmptyNote), until a number is typed: "abc" and enter said only
// "type a number first".
func TestTheEmptyBoxNamesWhatItRefused(t *testing.T) {
	racefree.Only(t) // no goroutine: a field and its keys
	var f NumberField
	if got := f.EmptyNote("12"); got != "Type a number first, like 12" {
		t.Errorf("enter on an untouched box: %q", got)
	}
	f.Refuse([]rune("a"))
	f.Key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("bc"), Paste: true})
	if got := f.Refusal(); got != NotANumber([]rune("abc")) {
		t.Errorf("a paste of letters into the empty box: %q", got)
	}
	if got, want := f.EmptyNote("40"), `Nothing was sent: "abc" is no part of a number, so the box took none of it. Type a number, like 40`; got != want {
		t.Errorf("enter after letters:\n got %q\nwant %q", got, want)
	}
	typeInto(&f, "7", "backspace")
	if f.Refused != "" || f.EmptyNote("12") != "Type a number first, like 12" {
		t.Errorf("a number typed forgets the letters refused before it: %q", f.EmptyNote("12"))
	}
}

// Every note of the number box starts with a capital: the refusal of
// letters started with them ("\"e\" is not part of a number"), in lower
// case beside "Type a number first" and "Nothing was sent".
func TestNumberBoxNotesStartWithACapital(t *testing.T) {
	refused := NumberField{Refused: "abc"}
	for _, note := range []string{NotANumber([]rune("e")), NotANumber([]rune("abc")), NumberField{}.EmptyNote("12"), refused.EmptyNote("12"), ReplaceNote, UnsentAnswer("12 workers")} {
		if r := []rune(note); len(r) == 0 || !unicode.IsUpper(r[0]) {
			t.Errorf("the note %q does not start with a capital", note)
		}
	}
}
