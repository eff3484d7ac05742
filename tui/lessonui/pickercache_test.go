package lessonui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// The lesson list draws from the progress it read when it was made, or
// when it came back into view: View takes nothing from the store (it read
// and remapped every lesson's record, under the store's lock, each frame).
// A lesson played and closed shows its new progress at once.
func TestPickerViewReadsNoProgress(t *testing.T) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	store, _ := newStore(t)
	var pk tea.Model = NewPicker(all, lessons.NewLab(), Options{Theme: tuitest.Plain(), Store: store})
	pk, _ = pk.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	before := pk.View()
	if strings.Contains(before, "seen 1 of") {
		t.Fatalf("a new store shows progress:\n%s", before)
	}
	// Behind the list's back: View draws what the list read.
	var pr lessons.Progress
	pr.SawStep(0)
	store.Set(all[0].ID, pr)
	if v := pk.View(); v != before {
		t.Errorf("View read the store again:\n%s", v)
	}

	// Open lesson 1, see a step, close it: the list shows it.
	pk, cmd := pk.Update(tea.KeyMsg{Type: tea.KeyEnter})
	for _, msg := range flatten(cmd) {
		pk, _ = pk.Update(msg)
	}
	if !pk.(Picker).Open() {
		t.Fatal("enter did not open the lesson")
	}
	pk, _ = pk.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'n'}})
	pk, cmd = pk.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'q'}})
	for _, msg := range flatten(cmd) {
		if _, ok := msg.(BackMsg); ok {
			pk, _ = pk.Update(msg)
		}
	}
	if pk.(Picker).Open() {
		t.Fatal("q did not close the lesson")
	}
	if v := pk.View(); !strings.Contains(v, "seen 2 of") {
		t.Errorf("closed, lesson 1 should show the steps seen:\n%s", v)
	}
}
