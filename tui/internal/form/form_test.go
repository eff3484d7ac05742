package form

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

func TestFieldKeys(t *testing.T) {
	var f Field
	f.SetValue("20")
	f.Key(tea.KeyMsg{Type: tea.KeyBackspace})
	f.Key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("5s")})
	if f.Value() != "25s" {
		t.Errorf("after backspace and typing: %q", f.Value())
	}
	f.Key(tea.KeyMsg{Type: tea.KeyCtrlU})
	if f.Value() != "" {
		t.Errorf("ctrl+u should clear: %q", f.Value())
	}
	f.Key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(strings.Repeat("9", 40) + "\x7f")})
	if len(f.Value()) != fieldLimit {
		t.Errorf("a field holds %d characters, got %d", fieldLimit, len(f.Value()))
	}
	f.Key(tea.KeyMsg{Type: tea.KeyLeft}) // not an edit
	f.Key(tea.KeyMsg{Type: tea.KeyBackspace})
	f.Key(tea.KeyMsg{Type: tea.KeyBackspace})
	if len(f.Value()) != fieldLimit-2 {
		t.Errorf("backspace: %q", f.Value())
	}
}

func TestLinesScrollToTheFocusAndWrapTheMessage(t *testing.T) {
	th := tuitest.Plain()
	var items []Item
	for i := range 20 {
		items = append(items, Item{Label: fmt.Sprintf("knob %d", i), Hint: "a hint", Value: fmt.Sprint(i)})
	}
	items[15].Err = "too big"
	sections := []Section{{0, "First"}, {10, "Second"}}
	all := Lines(th, items, sections, 15, "", "footer", 60, 100)
	if len(all) != 20+2+1+2 || !strings.Contains(strings.Join(all, "\n"), "✗ too big") {
		t.Fatalf("unscrolled form:\n%s", strings.Join(all, "\n"))
	}
	short := Lines(th, items, sections, 15, "a long refusal that needs more than one line of this narrow form to be read in full", "", 40, 8)
	if len(short) != 8 {
		t.Fatalf("%d lines, want 8", len(short))
	}
	text := strings.Join(short, "\n")
	if !strings.Contains(text, "▸ knob 15") || !strings.Contains(text, "in full") {
		t.Errorf("the focused field and the whole message should show:\n%s", text)
	}
	for _, l := range short[len(short)-3:] {
		if ansi.StringWidth(l) > 40 {
			t.Errorf("a message line is wider than the form: %q", l)
		}
	}
	if got := Lines(th, items, sections, 0, strings.Repeat("word ", 40), "", 10, 3); len(got) != 3 {
		t.Errorf("a message taller than the form: %d lines", len(got))
	}
}
