package drillui

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// A key's frame on a tall window draws the session's list and the deck's
// queue beside and under the card, a line for each card: each card's
// question is wrapped or cut to its first words once for the width, not
// on every frame, and the rows are painted without a lipgloss rendering
// each. A frame at 200×60 made 50 allocations a line of the screen (3,018)
// before, 19 after; the budget is 30.
func TestKeyFrameAllocations(t *testing.T) {
	racefree.Only(t) // the detector's sync.Pool drops items: allocations vary
	deck, err := drill.Deck()
	if err != nil {
		t.Fatal(err)
	}
	for _, size := range [][2]int{{120, 40}, {200, 60}} {
		m := New(Options{Theme: tuitest.Color(), Deck: deck, Now: nowFunc, Session: drill.SessionOptions{New: 20, Seed: 1}})
		m = tuitest.Send(m, tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		for range len(m.cards) {
			if c, ok := m.Current(); !ok || c.Kind == drill.Choice {
				break
			}
			m = tuitest.Press(m, "1", "enter", "space", "3", "enter")
		}
		keys := [2]tea.Msg{tuitest.Key("down"), tuitest.Key("up")}
		i := 0
		n := testing.AllocsPerRun(10, func() {
			next, _ := m.Update(keys[i%2])
			m = next.(Model)
			_ = m.View()
			i++
		})
		if perLine := n / float64(size[1]); perLine > 30 {
			t.Errorf("%dx%d: a key's frame makes %.0f allocations, %.0f a line; the budget is 30", size[0], size[1], n, perLine)
		}
	}
}

func nowFunc() time.Time { return now }
