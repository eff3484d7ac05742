package lessonui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// The lesson's "window too small" screen says, whole, the size it needs
// and how to leave, down to 20×5 (it said "make the window lar…" there),
// and says q goes back where q does (inside the home screen).
func TestTooSmallSaysTheSizeAndTheWayOut(t *testing.T) {
	p := allLessons(t)[0]
	for _, sz := range [][2]int{{20, 5}, {16, 4}, {23, 7}, {60, 6}} {
		for _, c := range []struct {
			o    Options
			want string
		}{{Options{}, "quit"}, {Options{Embedded: true}, "back"}} {
			v := open(t, p, 0, sz[0], sz[1], c.o).View()
			tuitest.CheckBlock(t, v, sz[0], sz[1])
			said := strings.Join(strings.Fields(v), " ")
			if strings.Contains(v, "…") || !strings.Contains(said, "24×8") || !strings.Contains(said, "q") || !strings.Contains(said, c.want) {
				t.Errorf("at %dx%d the message should say 24×8 and q %s, uncut:\n%s", sz[0], sz[1], c.want, v)
			}
		}
	}
}
