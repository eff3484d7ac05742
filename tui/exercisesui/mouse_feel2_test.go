package exercisesui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
)

// A click on an exercise's row selects it, and a click on the row selected
// opens it, as enter does (the wheel moved the cursor; a click did
// nothing).
func TestClickSelectsThenOpensAnExercise(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	for _, sz := range [][2]int{{80, 24}, {200, 60}} {
		d := start(t, newFake(), sz[0], sz[1])
		d.keys("l")
		name := d.m.exs[d.m.visible()[2]].Name
		y := -1
		for i, l := range strings.Split(d.view(), "\n") {
			if strings.Contains(l, " "+name+" ") {
				y = i
			}
		}
		if y < 0 {
			t.Fatalf("%v: %s is not on screen", sz, name)
		}
		click := tea.MouseMsg{X: 10, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft}
		d.send(click)
		if d.m.listCursor != 2 || d.m.screen != screenList {
			t.Fatalf("%v: a click on %s should select it (cursor %d, screen %d)", sz, name, d.m.listCursor, d.m.screen)
		}
		d.send(click)
		if d.m.screen != screenMain || d.m.exs[d.m.cur].Name != name {
			t.Fatalf("%v: a click on the row selected should open it (screen %d)", sz, d.m.screen)
		}
	}
}
