package lessonui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

func feelPicker(t *testing.T, embedded bool, w, h int) Picker {
	t.Helper()
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	next, _ := NewPicker(all, lessons.NewLab(), Options{Theme: tuitest.Plain(), Embedded: embedded}).Update(tea.WindowSizeMsg{Width: w, Height: h})
	return next.(Picker)
}

// ? on the lesson list shows its keys in full, as the other screens do
// (it did nothing); any key closes it and does nothing else. The key line
// names ? and the way out: back inside the home screen, quit on its own.
func TestPickerHelpKey(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {40, 12}, {200, 60}} {
		p := feelPicker(t, true, sz[0], sz[1])
		v := ansi.Strip(p.View())
		if sz[0] >= 80 && (!strings.Contains(v, "? keys") || !strings.Contains(v, "esc/q back")) {
			t.Errorf("%dx%d: the key line should name ? and esc/q back:\n%s", sz[0], sz[1], v)
		}
		next, cmd := p.Update(tuitest.Key("?"))
		p = next.(Picker)
		if cmd != nil {
			t.Errorf("? should not leave")
		}
		v = p.View()
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		if sz[1] >= 24 {
			for _, want := range []string{"Keys", "g/G", "first/last", "enter", "open the lesson", "esc/q", "ctrl+c"} {
				if !strings.Contains(ansi.Strip(v), want) {
					t.Errorf("%dx%d: the full help lacks %q:\n%s", sz[0], sz[1], want, ansi.Strip(v))
				}
			}
		}
		cursor := p.nav.Cursor
		next, cmd = p.Update(tuitest.Key("j"))
		p = next.(Picker)
		if cmd != nil || p.showHelp || p.nav.Cursor != cursor {
			t.Errorf("%dx%d: a key should close the help and do nothing else", sz[0], sz[1])
		}
	}
	alone := feelPicker(t, false, 100, 30)
	if v := ansi.Strip(alone.View()); !strings.Contains(v, "q quit") || strings.Contains(v, "esc/q back") {
		t.Errorf("a list of its own should say q quit:\n%s", v)
	}
}
