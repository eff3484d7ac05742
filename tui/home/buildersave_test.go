package home

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Over SSH (WriteElsewhere) the New system screen's keys offer no w: its
// key line said "w save" while w only said saving was off. w still says
// why; the questions on leaving, quitting and starting over name no w
// either; the help lists no w. Locally all of them offer it.
func TestBuilderOffersNoSaveWhereItCannotSave(t *testing.T) {
	const off = "w is off over SSH: the file would be written on the server"
	for _, remote := range []bool{false, true} {
		o := Options{}
		if remote {
			o.WriteElsewhere = off
		}
		m := newHome(t, o)
		m = typed(m, PaletteKey, "new", "enter", "enter", "s") // the empty server, a service
		keyLine := lastLine(ansi.Strip(m.View()))
		if got := strings.Contains(keyLine, "w save"); got == remote {
			t.Errorf("remote=%v: the key line %q offers w: %v", remote, keyLine, got)
		}
		help := ansi.Strip(typed(m, "?").View())
		if got := strings.Contains(help, "save it as a scenario file"); got == remote {
			t.Errorf("remote=%v: the help lists w: %v\n%s", remote, got, help)
		}
		words := ansi.Strip(typed(m, "?", "end").View()) // the help's words, below its keys
		if got := strings.Contains(strings.Join(strings.Fields(words), " "), "w saves it"); got == remote {
			t.Errorf("remote=%v: the help's words say w saves: %v\n%s", remote, got, words)
		}
		if remote {
			if got := ansi.Strip(typed(m, "w").View()); !strings.Contains(got, "written on the server") {
				t.Errorf("w over SSH should say why saving is off:\n%s", got)
			}
		}
		for _, k := range []string{"esc", "n", "ctrl+c"} {
			q := lastLine(ansi.Strip(typed(m, k).View()))
			if got := strings.Contains(q, "w save"); got == remote {
				t.Errorf("remote=%v: %s asks %q, offering w: %v", remote, k, q, got)
			}
		}
	}
}

// lastLine is the last line of a view, its key line.
func lastLine(v string) string {
	lines := strings.Split(strings.TrimRight(v, "\n"), "\n")
	return lines[len(lines)-1]
}
