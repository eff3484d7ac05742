package form

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

func typed(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }

// A field the cursor has just entered stands selected: the first
// character typed replaces its value, as a form's pre-filled field does.
// Typing 1s into a timeout holding 5s made 5s1s, which Go reads as 6 s.
func TestTypingOnAFieldJustEnteredReplacesIt(t *testing.T) {
	var f Field
	f.SetValue("5s")
	f.Select()
	if !f.Selected() {
		t.Fatal("a field with text, selected, should say so")
	}
	f.Key(typed("1"))
	f.Key(typed("s"))
	if f.Value() != "1s" || f.Selected() {
		t.Errorf("typing 1s on the selected 5s: %q (selected %v), want 1s", f.Value(), f.Selected())
	}
	// A paste replaces it too.
	f.Select()
	f.Key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("250ms"), Paste: true})
	if f.Value() != "250ms" {
		t.Errorf("a paste on the selected 1s: %q, want 250ms", f.Value())
	}
	// An empty field has nothing to select.
	var empty Field
	empty.Select()
	if empty.Selected() {
		t.Error("an empty field should not stand selected")
	}
}

// The editing keys keep the selected text and edit it in place, at its
// end, as the form's key help says (KeyHelp).
func TestEditingKeysKeepTheSelectedText(t *testing.T) {
	for _, c := range []struct {
		key  tea.KeyMsg
		want string // after the key and then "0"
	}{
		{tea.KeyMsg{Type: tea.KeyBackspace}, "500"},
		{tea.KeyMsg{Type: tea.KeyLeft}, "5000"},
		{tea.KeyMsg{Type: tea.KeyRight}, "5000"},
		{tea.KeyMsg{Type: tea.KeyEnd}, "5000"},
		{tea.KeyMsg{Type: tea.KeyCtrlE}, "5000"},
		{tea.KeyMsg{Type: tea.KeyCtrlU}, "0"},
	} {
		var f Field
		f.SetValue("500")
		f.Select()
		f.Key(c.key)
		if f.Selected() {
			t.Errorf("%s should end the selection", c.key)
		}
		f.Key(typed("0"))
		if f.Value() != c.want {
			t.Errorf("%s then 0 on the selected 500: %q, want %q", c.key, f.Value(), c.want)
		}
	}
	for _, k := range []string{"←/→", "backspace", "ctrl+e", "end", "replaces"} {
		if !strings.Contains(KeyHelp, k) {
			t.Errorf("the key help should name %s: %s", k, KeyHelp)
		}
	}
}

// The focused field's selected value is drawn selected, the cursor after
// it; a field not selected, or not focused, is drawn plain.
func TestSelectedValueIsDrawnSelected(t *testing.T) {
	th := tuitest.Color()
	items := []Item{{Label: "timeout", Value: "5s", Selected: true}, {Label: "bulkhead", Value: "20", Selected: true}, {Label: "rate", Value: "10"}}
	for focus, want := range []string{"[" + th.Selected.Render("5s") + "▏", "[" + th.Selected.Render("20") + "▏", "[10▏"} {
		lines := Lines(th, items, nil, focus, "", "", 60, 10)
		if !strings.Contains(lines[focus], want) || th.Selected.Render("x") == "x" {
			t.Errorf("field %d, focused: want %q in %q", focus, want, lines[focus])
		}
		for i, l := range lines[:len(items)] {
			if i != focus && strings.Contains(l, th.Selected.Render(items[i].Value)) {
				t.Errorf("field %d, the cursor on %d, is drawn selected: %q", i, focus, l)
			}
		}
	}
}

// Entered selects the field the cursor came to, however it came: the
// focus moved, or Anew for a refusal on the field it is on; a key there
// then edits what it typed, unselected.
func TestEnteredSelectsTheFieldTheCursorCameTo(t *testing.T) {
	fields := []Field{{}, {}}
	fields[0].SetValue("5s")
	fields[1].SetValue("20")
	var e Entered
	if !e.Selected(0, 0, &fields[0]) || e.Selected(1, 0, &fields[1]) {
		t.Error("the field the form opens on, and it alone, stands selected")
	}
	e.Key(0, &fields[0])
	fields[0].Key(typed("1s"))
	if fields[0].Value() != "1s" || e.Selected(0, 0, &fields[0]) {
		t.Errorf("1s typed on the field opened on: %q", fields[0].Value())
	}
	e.Key(0, &fields[0])
	fields[0].Key(typed("0"))
	if fields[0].Value() != "1s0" {
		t.Errorf("a second key on the field goes on its end: %q", fields[0].Value())
	}
	// The focus moved to field 1 by any way: it is selected at its key.
	e.Key(1, &fields[1])
	fields[1].Key(typed("7"))
	if fields[1].Value() != "7" {
		t.Errorf("7 typed on the field moved to: %q", fields[1].Value())
	}
	// Refused where it is: selected again.
	e.Anew()
	if !e.Selected(1, 1, &fields[1]) {
		t.Error("after Anew the field the cursor is on stands selected")
	}
	e.Key(1, &fields[1])
	fields[1].Key(typed("8"))
	if fields[1].Value() != "8" {
		t.Errorf("8 typed after Anew: %q", fields[1].Value())
	}
}
