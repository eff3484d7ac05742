package lessonui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// maxBlankSim is the most rows in a row the simulation column may leave
// empty at 200×60: blank, or inside a pane with nothing there.
const maxBlankSim = 12

// simBlankRun is the longest run of empty rows in the simulation column
// of view, whose text column is tw wide.
func simBlankRun(view string, tw int) int {
	best, run := 0, 0
	lines := strings.Split(ansi.Strip(view), "\n")
	for _, l := range lines[1 : len(lines)-2] {
		r := []rune(l)
		cell := ""
		if tw < len(r) {
			cell = strings.TrimSpace(string(r[tw:]))
		}
		// The column's own edge, then a pane's sides, around nothing.
		if strings.Trim(cell, "│ ") == "" {
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	return best
}

// Every step of every lesson at 200×60, played to its pause: no pane
// stands stretched and empty (lesson 4's transitions log took every row
// left over), and no rows stay blank under the panes: the extras (the
// history, the map, the charts a step leaves out) take them
// (extras.go). The shuffle-sharding steps (lesson 8) are held to the
// same: their extras are the customer grid, the panes a step leaves out
// and the chart over time (shufflehistory.go).
//
// This is the walk that plays every step at the learner's 50 ms frames:
// each step stops where, and as, a play in one frame does (inOneFrame),
// which the other tests of where a play stops use.
func TestEveryStepHasNoEmptyAreaAt200x60(t *testing.T) {
	racefree.Only(t)
	t.Parallel() // parallel_test.go says which tests may
	tasks := 0
	for _, p := range allLessons(t) {
		for i := range p.Steps {
			m := play(t, open(t, p, i, 200, 60, Options{}))
			tw, sw := m.columns()
			if sw == 0 {
				continue
			}
			once := checkOneFrameStopsAlike(t, fmt.Sprintf("%s step %d", p.Lesson.ID, i+1), m, 200, 60)
			// TestTasksPaneKeepsEveryNumberAt80x24's check at this size,
			// on the one-frame play made here.
			tasks += checkTasksPaneNumbers(t, p, i, once, 200, 60)
			if n := simBlankRun(m.View(), tw); n > maxBlankSim {
				t.Errorf("%s step %d: %d empty rows in a row in the simulation column (at most %d):\n%s", p.Lesson.ID, i+1, n, maxBlankSim, ansi.Strip(m.View()))
			}
		}
	}
	if tasks < tasksStepsLeast {
		t.Errorf("only %d tasks panes checked at 200x60", tasks)
	}
}

// The check sees an empty pane.
func TestSimBlankRunSeesAnEmptyPane(t *testing.T) {
	view := "title\n" + strings.Repeat("text │╭──╮\n", 1) + strings.Repeat("text ││  │\n", 7) + "status\nkeys"
	if got := simBlankRun(view, 5); got != 7 {
		t.Errorf("run %d, want 7", got)
	}
}

// The lesson list at 200×60 leaves no more blank rows than a step: under
// the list, the lesson under the cursor, its steps marked as seen and what
// it teaches.
func TestPickerHasNoEmptyAreaAt200x60(t *testing.T) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	store, _ := lessons.OpenStore(filepath.Join(t.TempDir(), "lessons.json"))
	var seen lessons.Progress
	seen.SawStep(0)
	seen.SawStep(1)
	seen.Step = 1
	store.Set(all[0].ID, seen)
	var pk tea.Model = NewPicker(all, lessons.NewLab(), Options{Theme: tuitest.Plain(), Store: store})
	pk, _ = pk.Update(tea.WindowSizeMsg{Width: 200, Height: 60})
	for i, l := range all {
		if i > 0 {
			pk, _ = pk.Update(tea.KeyMsg{Type: tea.KeyDown})
		}
		v := ansi.Strip(pk.View())
		lines := strings.Split(v, "\n")
		run, most := 0, 0
		for _, line := range lines[:len(lines)-2] {
			if strings.TrimSpace(line) == "" {
				run++
				most = max(most, run)
			} else {
				run = 0
			}
		}
		if most > maxBlankSim {
			t.Errorf("lesson %d chosen: %d blank rows in a row in the list at 200×60 (at most %d):\n%s", l.Number, most, maxBlankSim, v)
		}
		if want := fmt.Sprintf("╭─ %d. %s", l.Number, l.Title); !strings.Contains(v, want) {
			t.Errorf("lesson %d chosen: no detail %q under the list:\n%s", l.Number, want, v)
		}
		if i == 0 && (!strings.Contains(v, "✓  1 "+l.Steps[0].Title) || !strings.Contains(v, "▸  2 "+l.Steps[1].Title)) {
			t.Errorf("lesson 1's first step should read seen and its second where the learner is:\n%s", v)
		}
	}
}
