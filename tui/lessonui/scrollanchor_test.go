package lessonui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// textRows is the text column as the window shows it: the body's rows
// (not the title above, nor the status and keys below), cut at the text
// column's width.
func textRows(m Model) []string {
	tw, _ := m.columns()
	rows := strings.Split(ansi.Strip(m.View()), "\n")
	rows = rows[1+len(m.summaryLine()) : len(rows)-2] // not the design's line over the text (reading)
	for i, r := range rows {
		rows[i] = strings.TrimRight(ansi.Truncate(r, tw, ""), " ")
	}
	return rows
}

// firstShown is the first row of the text the column shows: the row under
// "↑ more (k)" when the text is scrolled.
func firstShown(rows []string) string {
	for _, r := range rows {
		if r = strings.TrimSpace(r); r != "↑ more (k)" {
			return r
		}
	}
	return ""
}

// longestStep is the step of a lesson with the most Markdown text, from 0.
func longestStep(p *lessons.Prepared) int {
	best := 0
	for i, st := range p.Steps {
		if len(st.Text) > len(p.Steps[best].Text) {
			best = i
		}
	}
	return best
}

// A learner who scrolled a step's text at 80×24 finds it where they left
// it after the window went larger (where all of it fits, and the shown
// scroll is 0) or smaller and came back: a teacher resizing a window in
// front of a room, a learner dragging a tmux split. The player kept one
// scroll offset, clamped to each size's text, and came back at another
// line (lesson 1's longest step at line 0 after 200×60, every scroll
// lost). At a narrower size in between, the words the learner was reading
// stay in view, though wrapped into other lines.
func TestTextScrollSurvivesARoundTripThroughAnotherSize(t *testing.T) {
	racefree.Only(t) // no goroutine: the players' messages are sent here
	t.Parallel()     // parallel_test.go says which tests may
	const w, h = 80, 24
	others := [][2]int{{200, 60}, {60, 20}, {100, 30}, {80, 60}, {40, 24}}
	tested := 0
	for _, p := range allLessons(t) {
		step := longestStep(p)
		m := open(t, p, step, w, h, Options{})
		room := max(m.textRows()-len(m.pinned()), 1)
		most := len(m.textLines()) - room // the farthest the text scrolls
		if most < 6 {
			continue // all but a few lines fit: nothing much to lose
		}
		tested++
		for _, down := range []int{1, 3, most / 2, most - 1, most} {
			at := send(m, keys(strings.Repeat("j", down))...)
			if at.scroll != down {
				t.Fatalf("%s step %d: %d presses of j scrolled to line %d", p.Lesson.ID, step+1, down, at.scroll)
			}
			before := textRows(at)
			read := firstShown(before)
			for _, o := range others {
				where := fmt.Sprintf("%s step %d scrolled %d lines at %dx%d", p.Lesson.ID, step+1, down, w, h)
				there := send(at, tea.WindowSizeMsg{Width: o[0], Height: o[1]})
				if o[0] < w {
					// Narrower: the line read at 80 columns is still on
					// screen, in the lines of this width.
					shown := strings.Join(strings.Fields(strings.Join(textRows(there), " ")), " ")
					if wanted := strings.Join(strings.Fields(read), " "); !strings.Contains(shown, wanted) {
						t.Errorf("%s, at %dx%d the line read before is out of sight:\n%q\nshown:\n%s",
							where, o[0], o[1], read, strings.Join(textRows(there), "\n"))
					}
				}
				back := send(there, tea.WindowSizeMsg{Width: w, Height: h})
				if got := textRows(back); strings.Join(got, "\n") != strings.Join(before, "\n") {
					t.Errorf("%s, through %dx%d and back, the text starts at\n%q\nnot at\n%q\nas before:\n%s\nafter:\n%s",
						where, o[0], o[1], firstShown(got), read, strings.Join(before, "\n"), strings.Join(got, "\n"))
				}
			}
		}
	}
	if tested < 3 {
		t.Fatalf("only %d lessons have a step longer than 80x24 shows: the test covers too little", tested)
	}
}

// At the width a textPos was taken at, it is the line it was taken from,
// for every line of every step's text: the title, the blank lines, the
// rules of a question or a table, the text's end. A translation that
// missed by a line where two lines without letters follow each other (a
// blank, then a question's rule) would move a learner who resized and
// came back.
func TestATextPositionIsItsLineAtItsWidth(t *testing.T) {
	racefree.Only(t) // no goroutine: the players are only read here
	t.Parallel()     // parallel_test.go says which tests may
	for _, p := range allLessons(t) {
		for step := range p.Steps {
			for _, s := range [][2]int{{80, 24}, {60, 20}} {
				m := open(t, p, step, s[0], s[1], Options{})
				// Guessed and revealed, where there is a prediction: the
				// outcome's lines are in the text too.
				if m.cur().Predict != nil {
					m = send(m, keys("1")...)
					m.reveal()
				}
				lines := m.textLines()
				for i := range lines {
					if got := lineAt(lines, posOf(lines, i)); got != i {
						t.Fatalf("%s step %d at %dx%d: line %d (%q) found again at line %d (%q)",
							p.Lesson.ID, step+1, s[0], s[1], i, ansi.Strip(lines[i]), got, ansi.Strip(lines[got]))
					}
				}
			}
		}
	}
}
