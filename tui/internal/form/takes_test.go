package form

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// A field keeps every character typed, letters in a number included: it
// used to drop those its screen said no value was written with, so "1e3"
// typed into a workers' field stood there as 13. What a paste types past
// the field's limit is handed back, for the screen to say the text was
// cut, and the text before it stays.
func TestFieldKeepsWhatIsTypedAndHandsBackWhatDoesNotFit(t *testing.T) {
	var f Field
	f.SetValue("20")
	for _, r := range "0fg 1e3" {
		k := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}}
		if r == ' ' {
			k = tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{r}}
		}
		if cut := f.Key(k); cut != nil {
			t.Errorf("%q was cut from a field of %d characters", r, len(f.Value()))
		}
	}
	if f.Value() != "200fg 1e3" {
		t.Errorf("the field holds %q, want 200fg 1e3", f.Value())
	}
	paste := strings.Repeat("9", Limit) + "xyz"
	f.SetValue("")
	if cut := f.Key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(paste), Paste: true}); string(cut) != "xyz" {
		t.Errorf("a paste of %d characters cut %q, want xyz", len(paste), string(cut))
	}
	if f.Value() != paste[:Limit] {
		t.Errorf("after the paste the field holds %q, want its first %d characters", f.Value(), Limit)
	}
}
