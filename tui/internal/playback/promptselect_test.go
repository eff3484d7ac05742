package playback

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// A prompt opened with text in it (the builder's fault and rename
// prompts, the sandbox's chaos prompt) appended what was typed to it:
// "20s hang for 10s" and a spec typed over it read "20s hang for
// 10s20s hang for 10". The text stands selected as a number box's refused
// number does: typing replaces it, an editing key or an arrow edits it.
func TestPrefilledPromptIsSelected(t *testing.T) {
	racefree.Only(t) // no goroutine: a prompt and its keys
	const spec = "20s hang for 10s"
	open := func() *Prompt { return &Prompt{Label: "fault of db", Input: spec, Hint: "AT KIND [ARGS] [for TIME]"} }
	runes := func(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }

	cases := []struct {
		name string
		keys []tea.KeyMsg
		want string
	}{
		{"typing replaces it", []tea.KeyMsg{runes("2"), runes("0s hang for 10")}, "20s hang for 10"},
		{"a paste replaces it", []tea.KeyMsg{{Type: tea.KeyRunes, Runes: []rune("5s hang"), Paste: true}}, "5s hang"},
		{"a space replaces it", []tea.KeyMsg{tuitest.Key(" "), runes("x")}, " x"},
		{"backspace edits it", []tea.KeyMsg{tuitest.Key("backspace"), runes("5")}, "20s hang for 105"},
		{"an arrow keeps it", []tea.KeyMsg{tuitest.Key("left"), runes("0")}, "20s hang for 100s"},
		{"home keeps it", []tea.KeyMsg{tuitest.Key("home"), runes("1")}, "120s hang for 10s"},
		{"ctrl+e keeps it", []tea.KeyMsg{tuitest.Key("ctrl+e"), runes("x")}, spec + "x"},
		{"only the first key replaces", []tea.KeyMsg{runes("1"), runes("s")}, "1s"},
	}
	for _, c := range cases {
		p := open()
		if !p.Selected() {
			t.Fatalf("%s: a prompt opened with %q should stand selected", c.name, spec)
		}
		for _, k := range c.keys {
			if r := p.Key(k); r != PromptTyping {
				t.Fatalf("%s: %q closed the prompt (%v)", c.name, k.String(), r)
			}
		}
		if p.Input != c.want {
			t.Errorf("%s: the prompt holds %q, want %q", c.name, p.Input, c.want)
		}
		if p.Selected() {
			t.Errorf("%s: still selected after the learner's keys", c.name)
		}
	}

	// Enter takes the text as it stands.
	p := open()
	if r := p.Key(tuitest.Key("enter")); r != PromptDone || p.Input != spec {
		t.Errorf("enter on the selected text: %v, %q", r, p.Input)
	}
	// An empty prompt has nothing selected: typing goes in as ever.
	p = &Prompt{Label: "seed"}
	p.Key(runes("4"))
	p.Key(runes("2"))
	if p.Input != "42" {
		t.Errorf("an empty prompt holds %q after 4 and 2", p.Input)
	}

	// The line says what typing does while the text is selected, and no
	// more once the learner typed.
	p = open()
	if v := ansi.Strip(p.View(tuitest.Plain(), 120)); !strings.Contains(v, PromptReplaceNote) || !strings.Contains(v, spec) {
		t.Errorf("the selected prompt's line does not say typing replaces it: %q", v)
	}
	p.Key(tuitest.Key("end"))
	if v := ansi.Strip(p.View(tuitest.Plain(), 120)); strings.Contains(v, PromptReplaceNote) {
		t.Errorf("the note stayed after an edit: %q", v)
	}
	// At 80 columns the note gives way; the hint and the text stay.
	p = open()
	v := ansi.Strip(p.View(tuitest.Plain(), 60))
	if !strings.Contains(v, spec) || !strings.Contains(v, "AT KIND") || ansi.StringWidth(v) > 60 {
		t.Errorf("the selected prompt at 60 columns: %q", v)
	}
}
