package lessonui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	tea "github.com/charmbracelet/bubbletea"
)

// paneTops are the rows where the panes of the simulation column start.
func paneTops(view string, tw int) []int {
	var tops []int
	for i, l := range strings.Split(simColumn(view, tw), "\n") {
		if strings.ContainsRune(l, '╭') {
			tops = append(tops, i)
		}
	}
	return tops
}

// The panes at a moment of a step, at a size, are the ones a player made
// at that size draws, whatever sizes its window had before, and stand
// still while the step plays. The panes were placed when the size
// changed and kept while the run played on: a pane that asked for
// another height as it played kept the height of the moment they were
// placed (the tasks pane of lesson 14's seventh step a row too many), and
// the outcome table's least, taken at the width before a resize, left
// its legend out (lesson 1 at 80×24). The instances' footer and the
// tenants' note grew as the run went (lesson 12 at 20 s, lesson 13 at
// 10 s): counted as they will read at their longest, they hold still.
func TestResizedLessonPanesAreTheOnesMadeAtTheirSize(t *testing.T) {
	racefree.Only(t) // no goroutine: the players' messages are sent here
	t.Parallel()     // parallel_test.go says which tests may
	cases := []struct {
		lesson string
		step   int  // from 1
		still  bool // no pane moves while it plays
	}{
		{"01-one-slow-dependency", 1, false},
		{"12-a-fleet-of-breakers", 2, false}, // its transitions log grows as the breakers open
		{"13-partitioning-by-tenant", 2, true},
		{"14-no-thread-pool", 7, false},
	}
	sizes := [][2]int{{80, 24}, {100, 30}, {200, 60}}
	// A coarse frame: a few dozen moments a step, not a thousand.
	o := Options{Frame: 500 * time.Millisecond}
	for _, c := range cases {
		p := lessonByID(t, c.lesson)
		for si, s := range sizes {
			other := sizes[(si+1)%len(sizes)]
			a := send(open(t, p, c.step-1, s[0], s[1], o), keys(" ")...)
			b := send(open(t, p, c.step-1, other[0], other[1], o), keys(" ")...)
			if a.waiting() {
				a, b = send(a, keys(" ")...), send(b, keys(" ")...)
			}
			tw, _ := a.columns()
			tops := paneTops(a.View(), tw)
			for a.Playing() {
				a, b = send(a, tickMsg{a.tickID}), send(b, tickMsg{b.tickID})
				where := fmt.Sprintf("%s step %d at %v", c.lesson, c.step, a.Now())
				want := simColumn(a.View(), tw)
				btw, _ := b.columns()
				bBefore := simColumn(b.View(), btw)
				b = send(b, tea.WindowSizeMsg{Width: s[0], Height: s[1]})
				if got := simColumn(b.View(), tw); got != want {
					t.Fatalf("%s: made at %v and resized to %v, the panes are not the ones made at %v draws:\n%s\nmade at %v:\n%s",
						where, other, s, s, got, s, want)
				}
				b = send(b, tea.WindowSizeMsg{Width: other[0], Height: other[1]})
				if got := simColumn(b.View(), btw); got != bBefore {
					t.Fatalf("%s: resized from %v to %v and back, the panes changed:\n%s\nbefore:\n%s",
						where, other, s, got, bBefore)
				}
				if now := paneTops(a.View(), tw); c.still && fmt.Sprint(now) != fmt.Sprint(tops) && a.Playing() {
					t.Fatalf("%s at %v: the panes moved as it played, from rows %v to %v:\n%s", where, s, tops, now, want)
				}
			}
		}
	}
}

// lessonByID is the prepared built-in lesson id.
func lessonByID(t *testing.T, id string) *lessons.Prepared {
	t.Helper()
	for _, p := range allLessons(t) {
		if p.Lesson.ID == id {
			return p
		}
	}
	t.Fatalf("no lesson %s", id)
	return nil
}
