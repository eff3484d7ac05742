package lessonui

import (
	"path/filepath"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// The lesson list's "what it teaches" is the whole recap, its numbers
// filled: lesson 1's lines with a placeholder were left out, its central
// one among them, at 200×60 with room to spare.
func TestPickerTeachesTheWholeRecap(t *testing.T) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	p, err := lessons.Prepare(all[0], lessons.NewLab())
	if err != nil {
		t.Fatal(err)
	}
	store, _ := lessons.OpenStore(filepath.Join(t.TempDir(), "lessons.json"))
	var pk tea.Model = NewPicker(all, lessons.NewLab(), Options{Theme: tuitest.Plain(), Store: store})
	pk, _ = pk.Update(tea.WindowSizeMsg{Width: 200, Height: 60})
	v := pk.View()
	if !hasWords(v, "what it teaches:") {
		t.Fatalf("lesson 1's detail at 200x60 says nothing of what it teaches:\n%s", v)
	}
	for _, line := range p.Recap {
		if !hasWords(v, "• "+line) {
			t.Errorf("lesson 1's detail leaves out the recap line %q:\n%s", line, v)
		}
	}
}
