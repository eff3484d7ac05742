package interviewui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/palette"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Inside the home screen `:` asks it for the palette, as ctrl+k does, on
// the list, the keys and the rubric, and the keys list both; while the
// answer is written `:` is text, and while a question waits it answers
// nothing. On a screen of its own there is no palette to ask for.
func TestColonAsksTheHomeScreenForThePalette(t *testing.T) {
	asks := func(m Model) bool { return tuitest.AsksForKey(m, ":", palette.Key) }
	for _, home := range []bool{true, false} {
		m, err := New(Options{Theme: tuitest.Plain(), Dir: t.TempDir(), Embedded: home, Now: (&clockAt{start}).now})
		if err != nil {
			t.Fatal(err)
		}
		m = settle(tuitest.Send(m, tea.WindowSizeMsg{Width: 80, Height: 24}))
		if got := asks(m); got != home {
			t.Errorf("inside home %v: `:` on the list asks for the palette %v", home, got)
		}
		keys := tuitest.Press(m, "?")
		v := ansi.Strip(keys.View())
		if got := strings.Contains(v, ": "+palette.Key+"    go anywhere (lesson 4, sandbox NAME, drill)"); got != home {
			t.Errorf("inside home %v: the keys list the palette %v:\n%s", home, got, v)
		}
		if got := asks(keys); got != home {
			t.Errorf("inside home %v: `:` on the keys asks for the palette %v", home, got)
		}
		if home {
			if next, _ := keys.Update(tuitest.Key(":")); !next.(Model).showKey {
				t.Error("`:` should leave the keys open under the palette, as ctrl+k does")
			}
		}
		// The answer's text area shares its text among the model's
		// copies: asked once, on the copy handed in.
		writing := tuitest.Press(m, "enter")
		if asks(writing) || writing.area.Value() != ":" {
			t.Errorf("inside home %v: `:` while the answer is written should be text, not ask for the palette: the answer is %q", home, writing.area.Value())
		}
		rubric := tuitest.Press(writing, "ctrl+d")
		if got := asks(rubric); got != home {
			t.Errorf("inside home %v: `:` on the rubric asks for the palette %v", home, got)
		}
		if asking := tuitest.Press(rubric, "esc"); asking.ask == askNone || asks(asking) {
			t.Errorf("inside home %v: `:` while a question waits should not ask for the palette (asking %v)", home, asking.ask)
		}
	}
}
