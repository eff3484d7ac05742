package home

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/challengeui"
	"github.com/breakerlab/breakerlab/tui/drillui"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// itemRows is the screen row of each menu item's name in view (-1: not
// shown).
func itemRows(view string) []int {
	names := make([]string, len(items))
	for i, it := range items {
		names[i] = it.title
	}
	rows := make([]int, len(items))
	for i := range rows {
		rows[i] = -1
	}
	for y, l := range strings.Split(ansi.Strip(view), "\n") {
		if j, ok := rowOf(l, names); ok {
			rows[j] = y
		}
	}
	return rows
}

// The stars and the drill's cards are counted in commands that take
// about a second; when a count comes, its item's figure takes the rows
// kept for it from the first frame: no item moves, so a click aimed at
// one in that second opens that one. At sizes where a figure wraps its
// description to another row, and where the menu scrolls.
func TestCountsComingMoveNoItem(t *testing.T) {
	deck, err := drill.Deck()
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	o := func() Options {
		return Options{Challenges: &challengeui.Options{}, Drill: &drillui.Options{Deck: deck, Now: func() time.Time { return at }}}
	}
	base := newHome(t, o())
	counts := []struct {
		item int
		msg  tea.Msg
		has  string
	}{
		{challengesItem, base.countChallenges()(), "stars"},
		{drillItem, base.countDrill()(), " new"},
	}
	for _, c := range counts {
		for _, sz := range [][2]int{{80, 24}, {100, 30}, {120, 40}, {200, 60}, {60, 40}, {36, 40}, {80, 14}} {
			where := fmt.Sprintf("%s at %dx%d", items[c.item].title, sz[0], sz[1])
			m := send(newHome(t, o()), tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
			for _, cursor := range []int{0, c.item + 1, len(items) - 1} {
				m.cursor = cursor
				before := m.View()
				counted := send(m, c.msg)
				if fig := counted.figure(c.item); !strings.Contains(fig, c.has) || m.figure(c.item) != "" {
					t.Fatalf("%s: the count should be the figure once counted, not before: %q", where, fig)
				}
				after := counted.View()
				if b, a := itemRows(before), itemRows(after); fmt.Sprint(b) != fmt.Sprint(a) {
					t.Errorf("%s, cursor on %d: the items' rows %v became %v when the count came\nbefore:\n%s\nafter:\n%s",
						where, cursor, b, a, ansi.Strip(before), ansi.Strip(after))
				}
			}
		}
	}
}
