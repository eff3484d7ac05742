package playback

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
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
	// Subject is what the question is about, when that is not the input
	// (the file an overwrite question would write over).
	Subject string
	// Err says what was wrong with the last answer.
	Err string
}

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

// Key handles one key: text is typed (a paste too), backspace erases,
// ctrl+u clears, enter answers, esc (alone or with a key after it, which
// reads as alt+key) cancels.
func (p *Prompt) Key(k tea.KeyMsg) PromptResult {
	if k.Alt {
		// esc and a key typed at once arrive as alt+key: the esc cancels.
		return PromptCancelled
	}
	switch k.Type {
	case tea.KeyEnter:
		return PromptDone
	case tea.KeyEsc, tea.KeyCtrlC:
		return PromptCancelled
	case tea.KeyBackspace:
		if r := []rune(p.Input); len(r) > 0 {
			p.Input = string(r[:len(r)-1])
		}
	case tea.KeyCtrlU:
		p.Input = ""
	case tea.KeySpace:
		p.add(" ")
	case tea.KeyRunes:
		p.add(string(k.Runes))
	}
	return PromptTyping
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
	p.Input += string(r)
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
	in := p.Input
	room := w - ansi.StringWidth(head) - 1
	for room > 0 && ansi.StringWidth(in) > room {
		in = "…" + string([]rune(in)[2:])
	}
	cursor := in + th.Selected.Render(" ")
	keys := " · enter ok · esc cancel"
	var tries []string
	switch {
	case p.Err != "":
		e := th.Error.Render(p.Err)
		tries = []string{head + cursor + "  " + e, " " + cursor + "  " + e, " " + e}
	case p.Hint != "":
		tries = []string{head + cursor + th.Dim.Render("  "+p.Hint+keys), head + cursor + th.Dim.Render("  "+p.Hint)}
	default:
		tries = []string{head + cursor + th.Dim.Render("  "+strings.TrimPrefix(keys, " · "))}
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
