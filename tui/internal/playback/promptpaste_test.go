package playback

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// A paste longer than a prompt holds keeps what fits and says what it
// left out, as the knob form does. It used to be dropped whole with no
// word: the prompt stayed empty, and enter said "no time given".
func TestPromptSaysWhatALongPasteLeftOut(t *testing.T) {
	paste := "12s" + strings.Repeat(" The gateway needs a bulkhead per upstream.", 120)
	p := TimePrompt(30e9)
	p.Key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(paste), Paste: true})
	if got := len([]rune(p.Input)); got != maxInput || !strings.HasPrefix(p.Input, "12s The gateway") {
		t.Errorf("the prompt should keep the paste's first %d characters, holds %d: %q", maxInput, got, p.Input)
	}
	if !strings.Contains(p.Err, "left out") || !strings.Contains(p.Err, "200 characters") {
		t.Errorf("the prompt should say what it left out, says %q", p.Err)
	}
	if v := ansi.Strip(p.View(tuitest.Plain(), 100)); !strings.Contains(v, "left out") {
		t.Errorf("the prompt's line should show the note:\n%s", v)
	}
	// The next edit that fits is the note's end.
	p.Key(tuitest.Key("ctrl+u"))
	p.Key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("15s"), Paste: true})
	if p.Input != "15s" || p.Err != "" {
		t.Errorf("a short paste after ctrl+u: input %q, note %q", p.Input, p.Err)
	}
}
