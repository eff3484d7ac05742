package home

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
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

// The lessons and exercises done, the stars and the drill's cards are
// counted in commands (the lessons and exercises in a tenth of a second,
// the others in about a second); when a count comes, its item's figure takes the rows kept for
// it from the first frame: no item moves, so a click aimed at one in that
// time opens that one. At sizes where a figure wraps its description to
// another row, and where the menu scrolls. The lessons' figure is at its
// longest, a lesson to continue at a step: it added a row at 80×24; the
// exercises' moved the menu where it scrolls to the cursor on them.
func TestCountsComingMoveNoItem(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	deck, err := drill.Deck()
	if err != nil {
		t.Fatal(err)
	}
	all := allLessons(t)
	store, err := lessons.OpenStore(filepath.Join(t.TempDir(), "lessons.json"))
	if err != nil {
		t.Fatal(err)
	}
	var started lessons.Progress
	for step := range len(all[len(all)-1].Steps) - 1 {
		started.SawStep(step)
		started.Step = step
	}
	store.Set(all[len(all)-1].ID, started)
	at := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	o := func() Options {
		return Options{Challenges: &challengeui.Options{}, Drill: &drillui.Options{Deck: deck, Now: func() time.Time { return at }},
			Lessons: all, LessonStore: store, Workbooks: workbooks(t, t.TempDir())}
	}
	base := newHome(t, o())
	counts := []struct {
		item int
		msg  tea.Msg
		has  string
	}{
		{lessonsItem, base.countLessons()(), "c continues lesson"},
		{challengesItem, base.countChallenges()(), "stars"},
		{drillItem, base.countDrill()(), " new"},
		{exercisesItem, exercisesMsg{ok: true, looked: true, done: 6, total: 16, failing: 2}, "failing now"},
	}
	for _, c := range counts {
		for _, sz := range [][2]int{{80, 24}, {100, 30}, {120, 40}, {200, 60}, {60, 40}, {40, 12}, {36, 40}, {80, 14}} {
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
