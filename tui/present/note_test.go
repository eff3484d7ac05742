package present_test

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/present"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/x/ansi"
)

// noted is a screen without a key number that says where presentation
// mode has one (present.Noter).
type noted struct{ notes []string }

func (n noted) View() string          { return "title\nbody\nq quit • ? help" }
func (n noted) PresentNote() []string { return n.notes }

// A Noter's note takes the left of the last line in presentation mode, the
// fullest form that fits beside the key corner, which keeps its key; where
// none fits, the line is the key corner's alone, as a screen's without a
// note.
func TestNoteOnTheLastLine(t *testing.T) {
	racefree.Only(t) // no goroutine: views drawn by hand
	th := theme.New(theme.Plain())
	screen := noted{[]string{"the sandbox shows its number big", "open the sandbox"}}
	for _, c := range []struct {
		w    int
		want string
	}{{60, "the sandbox shows its number big"}, {40, "open the sandbox"}, {30, ""}} {
		v := ansi.Strip(present.Show(th, screen, "j", c.w, 3))
		fits(t, v, c.w, 3)
		lines := strings.Split(v, "\n")
		last := lines[len(lines)-1]
		if strings.Contains(v, "quit") || !strings.HasSuffix(last, "[j] ") || lines[0] != pad("title", c.w) {
			t.Errorf("at %d columns, presented:\n%s", c.w, v)
		}
		got := strings.TrimSpace(strings.TrimSuffix(last, "[j] "))
		if got != c.want {
			t.Errorf("at %d columns the note reads %q, want %q", c.w, got, c.want)
		}
	}
}

func pad(s string, w int) string { return s + strings.Repeat(" ", w-len(s)) }
