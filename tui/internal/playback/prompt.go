package playback

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Prompt is a one-line question that takes the keys while it is open: a
// time to go to, a seed, a file name. It lives in the key-help line. The
// screen that opened it checks the answer and, when the answer is bad,
// leaves it open with Err saying what is allowed.
type Prompt struct {
	// Kind tells the screen which question this is.
	Kind int
	// Label is the question: "go to time".
	Label string
	// Hint is what may be typed, shown after the input while it is short.
	Hint  string
	Input string
	// Back is the cursor, in characters before the end of Input: 0 (the
	// end, where typing goes) for a prompt a screen opens with an answer
	// in it, as every screen's Input alone put it.
	Back int
	// Subject is what the question is about, when that is not the input
	// (the file an overwrite question would write over).
	Subject string
	// Err says what was wrong with the last answer.
	Err string
	// touched says a key typed into the input or edited it. Until one
	// does, an Input the prompt opened with stands selected (Selected).
	touched bool
}

// Selected reports whether the text the prompt opened with stands whole
// and selected, as a form's pre-filled text does: no key has typed or
// edited yet, so the next character typed replaces it and an editing key
// (backspace, an arrow) keeps it and edits it. Typing appended: "20s hang
// for 10s" and a spec typed over it read "20s hang for 10s20s hang for
// 10". The number boxes' refused number behaves alike (NumberField.Select).
func (p *Prompt) Selected() bool { return !p.touched && p.Input != "" }

// Select makes the answer the screen refused stand whole and selected
// again, as a number box's refused number does (NumberField.Select): the
// next character typed replaces it, an editing key or an arrow edits it.
// A refused "2o" in the lesson player's time prompt took the 5 typed
// next on its end, "2o5", refused again.
func (p *Prompt) Select() { p.touched, p.Back = false, 0 }

// PromptReplaceNote is what a prompt says while the text it opened with
// is selected (Selected): what typing and editing do to it, as the number
// boxes' ReplaceNote says it of a number.
const PromptReplaceNote = "typing replaces it; backspace or an arrow edits it"

// PromptResult is what a key did to an open prompt.
type PromptResult int

const (
	// PromptTyping: the prompt stays open.
	PromptTyping PromptResult = iota
	// PromptDone: enter was pressed; Input is the answer.
	PromptDone
	// PromptCancelled: esc closed it.
	PromptCancelled
)

// maxInput bounds what a prompt holds: a path, a time or a seed fit.
const maxInput = 200

// PromptEditKeys are the editing keys of a prompt: the number boxes'
// (NumberEditKeys: ctrl+w, ctrl+u, ctrl+a/e/b/f, ctrl+d), and the arrows,
// home and end, which move time in the players but are the prompt's
// while it is open, and textinput's own word moves (alt+b/alt+f,
// alt+←/alt+→, ctrl+←/ctrl+→, alt+backspace and ctrl+w, alt+d and
// alt+delete). ctrl+u empties the prompt when the cursor is at its end,
// as it always did.
var PromptEditKeys = func() textinput.KeyMap {
	k := NumberEditKeys
	d := textinput.DefaultKeyMap
	k.CharacterForward = d.CharacterForward
	k.CharacterBackward = d.CharacterBackward
	k.WordForward = d.WordForward
	k.WordBackward = d.WordBackward
	k.DeleteWordBackward = d.DeleteWordBackward
	k.DeleteWordForward = d.DeleteWordForward
	k.LineStart = d.LineStart
	k.LineEnd = d.LineEnd
	return k
}()

// promptEditing reports whether k is one of PromptEditKeys'.
func promptEditing(k tea.KeyMsg) bool {
	e := PromptEditKeys
	return key.Matches(k, e.CharacterForward, e.CharacterBackward, e.WordForward, e.WordBackward,
		e.DeleteWordBackward, e.DeleteWordForward, e.DeleteBeforeCursor, e.DeleteCharacterBackward,
		e.DeleteCharacterForward, e.LineStart, e.LineEnd)
}

// Key handles one key: text is typed (a paste too) at the cursor, the
// line editor's keys edit (PromptEditKeys, on bubbles' textinput, as the
// number boxes'), enter answers, esc cancels: alone, or with a key after
// it that is no word move (esc and a key typed at once read as alt+key,
// as a word move does).
func (p *Prompt) Key(k tea.KeyMsg) PromptResult {
	// A word move arrives as alt+key (esc then b is alt+b): it edits,
	// where every alt+key cancelled and alt+b closed the prompt.
	if k.Alt && !promptEditing(k) {
		return PromptCancelled
	}
	switch {
	case k.Type == tea.KeyEnter:
		return PromptDone
	case k.Type == tea.KeyEsc, k.Type == tea.KeyCtrlC:
		return PromptCancelled
	case promptEditing(k):
		p.touched = true
		r := []rune(p.Input)
		ti := textinput.New()
		ti.KeyMap = PromptEditKeys
		ti.CharLimit = 0
		ti.SetValue(p.Input)
		ti.SetCursor(len(r) - min(max(p.Back, 0), len(r)))
		ti.Focus()
		ti, _ = ti.Update(k)
		p.Input = ti.Value()
		p.Back = len([]rune(p.Input)) - ti.Position()
	case k.Type == tea.KeySpace:
		p.typeOver(" ")
	case k.Type == tea.KeyRunes:
		p.typeOver(string(k.Runes))
	}
	return PromptTyping
}

// typeOver types s at the cursor, in place of the text the prompt opened
// with while that stands selected (Selected).
func (p *Prompt) typeOver(s string) {
	if p.Selected() {
		p.Input, p.Back = "", 0
	}
	p.touched = true
	p.add(s)
}

func (p *Prompt) add(s string) {
	// A control or bidi character goes nowhere, as in every text input.
	s = strings.Map(func(r rune) rune {
		if !pane.Typable(r) {
			return -1
		}
		return r
	}, s)
	p.Err = ""
	r := []rune(s)
	if room := max(maxInput-len([]rune(p.Input)), 0); len(r) > room {
		// What does not fit is said, as the knob form says what it left
		// out: a paste dropped whole and silently left an empty prompt,
		// and enter then said "no time given".
		p.Err = LeftOutNote(r[room:], maxInput)
		r = r[:room]
	}
	in := []rune(p.Input)
	at := len(in) - min(max(p.Back, 0), len(in))
	p.Input = string(in[:at]) + string(r) + string(in[at:])
}

// LeftOutNote says which characters an input of at most limit left out,
// the first few of a long paste's, and why: the one wording of the
// sandbox's prompts and the challenge's knob field.
func LeftOutNote(left []rune, limit int) string {
	const shown = 8
	text := string(left)
	if len(left) > shown {
		text = string(left[:shown]) + "…"
	}
	return fmt.Sprintf("%s left out: takes %d characters at most", strconv.Quote(text), limit)
}

// View is the prompt in one line of w cells: the question, the input with
// a cursor, then the error or the hint and the keys. What does not fit
// gives way in order: the keys, then the question's words (an error is
// worth more than they are); a long input shows its end.
func (p *Prompt) View(th *theme.Theme, w int) string {
	label := p.Label
	if !strings.HasSuffix(label, "?") {
		label += ":"
	}
	head := " " + th.Bold.Render(label) + " "
	cursor := p.withCursor(th, w-ansi.StringWidth(head)-1)
	keys := " · enter ok · esc cancel"
	var tries []string
	switch {
	case p.Err != "":
		e := th.Error.Render(p.Err)
		tries = []string{head + cursor + "  " + e, " " + cursor + "  " + e, " " + e}
		if short, _, cut := strings.Cut(p.Err, ", e.g. "); cut {
			// A time's refusal gives way by its examples first: at 80
			// columns "type 9 s to 12 s, …" lost the range's end, the
			// part that says what is allowed.
			tries = append(tries, " "+th.Error.Render(short))
		}
	case p.Hint != "":
		tries = []string{head + cursor + th.Dim.Render("  "+p.Hint+keys), head + cursor + th.Dim.Render("  "+p.Hint)}
	default:
		tries = []string{head + cursor + th.Dim.Render("  "+strings.TrimPrefix(keys, " · "))}
	}
	if p.Err == "" && p.Selected() {
		// What typing does to the selected text is said where it fits:
		// with the hint, or in its place (the text in the prompt shows
		// what the hint would say), before the line does without it.
		note := "  " + PromptReplaceNote
		var with []string
		if p.Hint != "" {
			hinted := "  " + p.Hint + " · " + PromptReplaceNote
			with = []string{head + cursor + th.Dim.Render(hinted+keys), head + cursor + th.Dim.Render(hinted)}
		}
		with = append(with, head+cursor+th.Dim.Render(note+keys), head+cursor+th.Dim.Render(note))
		tries = append(with, tries...)
	}
	for _, t := range tries {
		if ansi.StringWidth(t) <= w {
			return pane.Fit(t, w)
		}
	}
	if p.Err != "" {
		// A refusal wider than the window is cut, not dropped: the
		// prompt stays open, and without it enter would seem to do
		// nothing.
		return pane.Fit(" "+th.Error.Render(p.Err), w)
	}
	return pane.Fit(head+cursor, w)
}

// withCursor is the input with the cursor drawn on it, in about room
// cells: at the end a blank cell after the input, as it always was, and
// inside it the character under the cursor shown selected. A long input
// shows its end, or, with the cursor further back, the stretch around the
// cursor.
func (p *Prompt) withCursor(th *theme.Theme, room int) string {
	if p.Selected() {
		// The text the prompt opened with is drawn selected, whole, the
		// cursor after it: the next character typed replaces it.
		in := p.Input
		for room > 1 && ansi.StringWidth(in) > room {
			in = "…" + string([]rune(in)[2:])
		}
		return th.Selected.Render(in) + " "
	}
	r := []rune(p.Input)
	at := len(r) - min(max(p.Back, 0), len(r))
	before, under, after := string(r[:at]), " ", ""
	if at < len(r) {
		under, after = string(r[at]), string(r[at+1:])
	}
	for room > 0 && ansi.StringWidth(before+after) > room {
		if ansi.StringWidth(after) > 1 && ansi.StringWidth(before) <= room/2 {
			a := []rune(after)
			after = string(a[:len(a)-2]) + "…"
			continue
		}
		b := []rune(before)
		if len(b) < 2 {
			break
		}
		before = "…" + string(b[2:])
	}
	return before + th.Selected.Render(under) + after
}
