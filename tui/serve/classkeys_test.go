package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/charmbracelet/x/ansi"
)

// The home screen's help (?) named none of the room's keys: a student read
// nothing of following (ctrl+g) or exploring (F), and the teacher, at 100
// columns, saw only ctrl+a on the join line, ctrl+l and ctrl+p nowhere. The
// help now names them, each side its own, whole on the smallest screen
// and on the projector's, the join line under it.
func TestTheHelpNamesTheRoomsKeys(t *testing.T) {
	racefree.Only(t) // drives Sessions directly: no server, no goroutine
	room := NewRoom()
	room.SetJoin(Join{Host: "192.168.1.20", Port: "2222", Access: "class password", Progress: "progress per name"})
	for _, c := range []struct {
		teacher bool
		want    []string
		not     string
	}{
		{true, []string{"ctrl+a asks the room", "ctrl+l who is here", "ctrl+p presentation mode"}, "ctrl+g follows"},
		{false, []string{"ctrl+g follows the teacher", "F explores", "ctrl+p presentation mode"}, "ctrl+a"},
	} {
		for _, size := range [][2]int{{80, 24}, {100, 30}} {
			s := plainSession(t, room, c.teacher, size[0], size[1])
			keys(s, "?")
			v := s.View()
			lines := strings.Split(v, "\n")
			if len(lines) != size[1] {
				t.Fatalf("teacher %v at %dx%d: the help has %d lines:\n%s", c.teacher, size[0], size[1], len(lines), v)
			}
			for i, l := range lines {
				if ansi.StringWidth(l) > size[0] {
					t.Fatalf("teacher %v at %dx%d: line %d is %d wide: %q", c.teacher, size[0], size[1], i, ansi.StringWidth(l), l)
				}
			}
			f := flat(v)
			for _, want := range c.want {
				if !strings.Contains(f, want) {
					t.Errorf("teacher %v at %dx%d: the help does not say %q:\n%s", c.teacher, size[0], size[1], want, v)
				}
			}
			// The note sits under the key table, so that what a short
			// window cuts is the help's last paragraph, not the room's
			// keys; only the teacher's 80x24, a row shorter for the join
			// line, cuts it.
			if !strings.Contains(f, "Any key closes this help.") && (!c.teacher || size[0] > 80) {
				t.Errorf("teacher %v at %dx%d: the note is cut:\n%s", c.teacher, size[0], size[1], v)
			}
			if strings.Contains(f, c.not) {
				t.Errorf("teacher %v at %dx%d: the help names the other side's key %q:\n%s", c.teacher, size[0], size[1], c.not, v)
			}
		}
	}
}
