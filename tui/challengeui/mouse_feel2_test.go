package challengeui

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// A click on a level selects it, and a click on the level selected opens
// it, as enter does (the wheel moved the cursor; a click did nothing).
func TestClickSelectsThenOpensALevel(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {200, 60}} {
		p := picker(sz[0], sz[1])
		c := p.all[1]
		y := -1
		for i, line := range strings.Split(ansi.Strip(p.View()), "\n") {
			if strings.Contains(line, fmt.Sprintf("%2d %s", c.Number, c.Title[:10])) {
				y = i
			}
		}
		if y < 0 {
			t.Fatalf("%v: level %d is not on screen:\n%s", sz, c.Number, ansi.Strip(p.View()))
		}
		click := func(p Picker, x, y int) Picker {
			next, _ := p.Update(tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
			return next.(Picker)
		}
		if p = click(p, 6, y); p.nav.Cursor != 1 || p.Open() {
			t.Fatalf("%v: a click on level %d should select it (cursor %d)", sz, c.Number, p.nav.Cursor)
		}
		if p = click(p, 6, y); !p.Open() {
			t.Fatalf("%v: a click on the level selected should open it", sz)
		}
		q := picker(sz[0], sz[1])
		if q = click(q, 6, 1); q.nav.Cursor != 0 || q.Open() {
			t.Errorf("%v: a click on the heading moved the cursor to %d", sz, q.nav.Cursor)
		}
	}
}
