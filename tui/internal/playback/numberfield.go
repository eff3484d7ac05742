package playback

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
)

// NumberChars are the characters a number answer is typed with: digits, a
// point, a minus, a percent sign.
const NumberChars = "0123456789.-%"

// MaxNumberLen bounds a number answer, as the classroom's does.
const MaxNumberLen = 16

// NumberField is a number answer being typed, edited as a line editor
// edits a line: the editing is bubbles' textinput's. It holds a string and
// a cursor, not a textinput, so that a player copied by value (every
// bubbletea model is) shares no slice with its copies.
//
// A teacher's review found ctrl+u did nothing in a number's box: "1e9"
// read 19, ctrl+u and 150 made 19150, which was refused.
type NumberField struct {
	Input string
	// Pos is the cursor, in characters from the start; at len(Input) it
	// is after the last (where typing goes by default).
	Pos int
	// LeftOut is what a paste or a long typing left out since the field
	// was last empty: "e" of "1e9". Only its first leftOutKept
	// characters are kept: the note shows no more, and a classroom
	// student's paste of a million letters was copied on each one.
	LeftOut string
	// Unchecked says a character was left out since the number was last
	// sent or emptied and no enter has asked about it yet; Asked says an
	// enter asked, and the next one sends (Enter).
	Unchecked, Asked bool
	// Selected says the number was sent and sent back (refused, or judged
	// wrong with tries left) and stands whole as a form's selected text:
	// the next character typed replaces it, an editing key edits it.
	// Typing after a refused 150 appended: the learner who typed 5 for
	// the corrected number sent 1505.
	Selected bool
	// Refused is what was typed into the empty box and not taken (a
	// letter typed alone, a paste with nothing of a number in it), up to
	// leftOutKept characters, until a number is typed: enter on the empty
	// box names it (EmptyNote). "abc" and enter said only "type a number
	// first", as if nothing had been typed.
	Refused string
}

// NumberEditKeys are the editing keys a number's box takes, those of
// readline and textinput the players leave free. The arrows, home and end
// move time in the players (100 ms, the start, the end), ctrl+k opens the
// home screen's palette and ctrl+p the presenter's view: the box leaves
// them to the player, and ctrl+b, ctrl+f, ctrl+a and ctrl+e move in it.
var NumberEditKeys = textinput.KeyMap{
	CharacterForward:        key.NewBinding(key.WithKeys("ctrl+f")),
	CharacterBackward:       key.NewBinding(key.WithKeys("ctrl+b")),
	WordForward:             key.NewBinding(key.WithKeys("alt+f")),
	WordBackward:            key.NewBinding(key.WithKeys("alt+b")),
	DeleteWordBackward:      key.NewBinding(key.WithKeys("ctrl+w", "alt+backspace")),
	DeleteWordForward:       key.NewBinding(key.WithKeys("alt+d")),
	DeleteBeforeCursor:      key.NewBinding(key.WithKeys("ctrl+u")),
	DeleteCharacterBackward: key.NewBinding(key.WithKeys("backspace", "ctrl+h")),
	DeleteCharacterForward:  key.NewBinding(key.WithKeys("delete", "ctrl+d")),
	LineStart:               key.NewBinding(key.WithKeys("ctrl+a")),
	LineEnd:                 key.NewBinding(key.WithKeys("ctrl+e")),
	// No paste from the clipboard (a terminal's paste arrives as typed
	// runes), no suggestions, no kill to the end: ctrl+k is the palette's.
	DeleteAfterCursor: key.NewBinding(key.WithDisabled()),
	Paste:             key.NewBinding(key.WithDisabled()),
	AcceptSuggestion:  key.NewBinding(key.WithDisabled()),
	NextSuggestion:    key.NewBinding(key.WithDisabled()),
	PrevSuggestion:    key.NewBinding(key.WithDisabled()),
}

// editing reports whether k is one of NumberEditKeys'.
func editing(k tea.KeyMsg) bool {
	e := NumberEditKeys
	return key.Matches(k, e.CharacterForward, e.CharacterBackward, e.WordForward, e.WordBackward,
		e.DeleteWordBackward, e.DeleteWordForward, e.DeleteBeforeCursor, e.DeleteCharacterBackward,
		e.DeleteCharacterForward, e.LineStart, e.LineEnd)
}

// Key takes k when it edits the number or types into it, and reports
// whether it did. A single character that is no part of a number is not
// taken: it is a player's key (n, q, ?). A paste (or several characters at
// once) is taken whole: what is no part of a number, or does not fit, is
// left out and LeftOut says what.
func (f *NumberField) Key(k tea.KeyMsg) bool {
	var in, out []rune // the characters this key takes, and leaves out
	left := 0          // characters this key left out
	typed := k.Type == tea.KeyRunes && !editing(k)
	switch {
	case k.Alt && k.Type == tea.KeyRunes && !editing(k):
		return false
	case k.Type == tea.KeyRunes && (k.Paste || len(k.Runes) > 1):
		for _, r := range k.Runes {
			if strings.ContainsRune(NumberChars, r) {
				in = append(in, r)
			} else {
				f.leaveOut([]rune{r})
				out = append(out, r)
				left++
			}
		}
	case k.Type == tea.KeyRunes && len(k.Runes) == 1 && strings.ContainsRune(NumberChars, k.Runes[0]):
		in = k.Runes
	case !editing(k):
		return false
	}
	if f.Selected && typed && len(in) > 0 {
		// What is typed replaces the number sent back (Select).
		f.Input, f.Pos = "", 0
	}
	f.Selected = false
	ti := textinput.New()
	ti.KeyMap = NumberEditKeys
	ti.SetValue(f.Input)
	ti.SetCursor(f.Pos)
	ti.Focus()
	if typed {
		if room := max(MaxNumberLen-len([]rune(f.Input)), 0); len(in) > room {
			f.leaveOut(in[room:])
			left += len(in) - room
			in = in[:room]
		}
		ti, _ = ti.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: in})
	} else {
		ti, _ = ti.Update(k)
	}
	f.Input, f.Pos = ti.Value(), ti.Position()
	// The number changed since an enter asked about it: the next asks
	// again if something more was left out, and sends it if not.
	f.Asked = false
	f.Unchecked = f.Unchecked || left > 0
	if f.Input == "" {
		// Started over: nothing typed is left to be missing a part. What
		// a paste brought that is no number is refused, as a letter
		// typed alone is (Refused).
		f.LeftOut, f.Unchecked = "", false
		f.refuse(out)
	} else {
		f.Refused = ""
	}
	return true
}

// refuse adds rs to Refused, up to leftOutKept characters in all.
func (f *NumberField) refuse(rs []rune) {
	if room := leftOutKept - len([]rune(f.Refused)); room > 0 {
		f.Refused += string(rs[:min(room, len(rs))])
	}
}

// Refusal says why the box is still empty after a key it took: a paste
// with nothing of a number in it (NotANumber). "" when the box holds a
// number or nothing was refused. A paste of letters into the lesson
// player's box left it empty without a word.
func (f NumberField) Refusal() string {
	if f.Input != "" || f.Refused == "" {
		return ""
	}
	return NotANumber([]rune(f.Refused))
}

// EmptyNote is what enter on the empty box says, wherever a number is
// asked (the lesson player's boxes, the classroom's poll): what was typed
// and not taken, if anything was, and what to type, with example, a
// number the question takes ("12", "40" for a share in percent). It ends
// without a full stop, as NotANumber does: the boxes add it.
func (f NumberField) EmptyNote(example string) string {
	if f.Refused == "" {
		return "Type a number first, like " + example
	}
	text := f.Refused
	if r := []rune(text); len(r) > 20 {
		text = string(r[:20]) + "…"
	}
	return fmt.Sprintf("Nothing was sent: %s is no part of a number, so the box took none of it. Type a number, like %s", strconv.Quote(text), example)
}

// Refuse takes r, a character typed alone that Key did not take and that
// no other key of the screen takes (a letter that is no key of the
// player's, any letter in the classroom's poll), and says why when the
// box should. Before any of the number is typed it is refused, and msg
// says what a number takes (NotANumber), naming every character refused
// in the empty box so far (Refused). After some of it, it is a slip
// inside the number: it is left out, as a paste's letters are, LeftOut
// says so and the number reads without it, and the next enter asks before
// it sends (Enter); msg is "".
//
// While the number sent back is selected (Select), r would have replaced
// it, as a digit does: it is refused as in an empty box, and the number
// stays selected.
func (f *NumberField) Refuse(r []rune) (msg string) {
	f.Asked = false
	if f.Input == "" {
		// Named with the letters refused before it: typed one by one,
		// "abc" read only "\"c\" is not part of a number".
		f.refuse(r)
		return NotANumber([]rune(f.Refused))
	}
	if f.Selected {
		return NotANumber(r)
	}
	f.leaveOut(r)
	f.Unchecked = true
	return ""
}

// Enter reports whether an enter sends the number now. The first enter
// after a character was left out does not: it asks (Asked, and Note says
// so), and the next one sends, so that a number the student never typed
// whole ("1e9" reads 19) is not sent without a look. The classroom's poll
// and the lesson player's boxes send by this one rule.
func (f *NumberField) Enter() bool {
	if f.Unchecked && f.Input != "" {
		f.Unchecked, f.Asked = false, true
		return false
	}
	f.Asked = false
	return true
}

// NotANumber says that runes, typed where a number goes, are no part of
// one, and what is: the message of a box that refuses a key (Refuse).
func NotANumber(runes []rune) string {
	s := string(runes)
	if r := runes; len(r) > 20 {
		s = string(r[:20]) + "…"
	}
	// The figure last, so that the note starts with a capital as the
	// box's others do ("Type a number first", "Nothing was sent"): it
	// started with the letters typed, "e" in lower case.
	return fmt.Sprintf("Not part of a number: %q. Type digits, with a point, a minus or a percent sign where it needs one", s)
}

// ReplaceNote is Note while the number sent back is selected (Select):
// what typing and editing do to it.
const ReplaceNote = "Typing a number replaces it; backspace or ctrl+b edits it."

// Note is LeftOutNote and what enter does now (Enter): after a character
// was left out, that the next enter asks again, and once it asked, that
// the next sends; while the number sent back is selected, ReplaceNote.
// "" when nothing was left out or nothing is typed.
func (f NumberField) Note(what, unit string) string {
	if f.Selected && f.Input != "" {
		return ReplaceNote
	}
	note := f.LeftOutNote(what, unit)
	switch {
	case note == "":
	case f.Unchecked:
		note += " Check it: enter asks again before it sends it."
	case f.Asked:
		note += " Enter again sends it."
	}
	return note
}

// leftOutKept is how much of what was left out LeftOut keeps: one more
// than LeftOutNote shows, so that it knows to add an ellipsis.
const leftOutKept = 21

// leaveOut adds rs to LeftOut, up to leftOutKept characters in all.
func (f *NumberField) leaveOut(rs []rune) {
	if room := leftOutKept - len([]rune(f.LeftOut)); room > 0 {
		f.LeftOut += string(rs[:min(room, len(rs))])
	}
}

// UnsentAnswer says an answer was typed and not sent when the answer was
// shown, typed as its box shows it (with its unit): "Your answer 19150
// workers was typed but not sent." The lesson player's follower and the
// classroom's poll say it alike.
func UnsentAnswer(typed string) string {
	return "Your answer " + typed + " was typed but not sent."
}

// Sent forgets what was left out of the number, which was just sent and
// judged and stays in the box to be edited: the note about it went on
// under a wrong answer's verdict, about an answer no longer waiting, and
// the next slip read as one with it ("ex" left out).
func (f *NumberField) Sent() { f.LeftOut, f.Unchecked, f.Asked = "", false, false }

// Select is Sent for a number sent back to the learner, refused (not a
// number, out of the range it can be) or judged wrong with tries left:
// it stays in the box, whole and selected, so that the next character
// typed replaces it (Key) where it went on the end: "150" refused and a
// 5 typed for the number meant read 1505. An editing key (backspace,
// ctrl+b) edits it instead. The lesson player's boxes and the classroom's
// poll send back by this one rule.
func (f *NumberField) Select() {
	f.Sent()
	f.Selected = f.Input != ""
}

// Clear empties the field, as after an answer is sent.
func (f *NumberField) Clear() { *f = NumberField{} }

// Set puts s in the field with the cursor after it.
func (f *NumberField) Set(s string) { *f = NumberField{Input: s, Pos: len([]rune(s))} }

// Box is the input with the cursor mark at the cursor: at the end, after
// the last character, as the boxes always drew it.
func (f NumberField) Box(cursor string) string {
	r := []rune(f.Input)
	p := min(max(f.Pos, 0), len(r))
	return string(r[:p]) + cursor + string(r[p:])
}

// LeftOutNote says what was left out and what the number reads without
// it, with its unit: "\"e\" left out, so your guess reads 19"; "" when
// nothing was.
func (f NumberField) LeftOutNote(what, unit string) string {
	if f.LeftOut == "" || f.Input == "" {
		return ""
	}
	left := []rune(f.LeftOut)
	text := f.LeftOut
	if len(left) > 20 {
		text = string(left[:20]) + "…"
	}
	reads := f.Input
	if unit != "" {
		reads += " " + unit
	}
	return fmt.Sprintf("%s left out: a number takes digits and . - %%, %d at most; your %s reads %s.", strconv.Quote(text), MaxNumberLen, what, reads)
}
