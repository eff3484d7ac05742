package lessonui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A guess typed with a unit of its own shows no second one after the box,
// as the drill's box (lessons.TypedWithUnit, one rule for both): lesson
// 14's "The loop is idle" asks for a share, and "30%" typed
// there read "30%▏  %". A bare number still shows the question's unit.
func TestATypedUnitShowsNoOther(t *testing.T) {
	p := allLessons(t)[13]
	i := stepTitled(t, p, "The loop is idle")
	for _, c := range []struct{ typed, want, not string }{
		{"30%", "Your guess: 30%▏", "30%▏ %"},
		{"30", "Your guess: 30▏ %", ""},
	} {
		m := open(t, p, i, 100, 30, Options{})
		m = send(m, keys(c.typed)...)
		v := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
		if !strings.Contains(v, c.want) || (c.not != "" && strings.Contains(v, c.not)) {
			t.Errorf("typed %q: want %q (and not %q) on the screen:\n%s", c.typed, c.want, c.not, m.View())
		}
	}
}
