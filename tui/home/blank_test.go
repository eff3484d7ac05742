package home

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/challengeui"
	"github.com/breakerlab/breakerlab/tui/drillui"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// maxBlankHome is the most blank rows in a row the menu may leave at
// 200×60, the lesson player's own bound (tui/lessonui, blank_test.go).
const maxBlankHome = 12

// blankRun is the longest run of blank rows in view, its last line (the
// key help) left out.
func blankRun(view string) int {
	lines := strings.Split(ansi.Strip(view), "\n")
	best, run := 0, 0
	for _, l := range lines[:len(lines)-1] {
		if strings.TrimSpace(l) == "" {
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	return best
}

// progressHome is the home screen of a learner some way in: lesson 1 done,
// lesson 3 started at its third step, no workbook here, a drill deck; every
// count it reads in commands has come, the live picture's frames too.
func progressHome(t *testing.T, w, h int) Model {
	t.Helper()
	all := allLessons(t)
	dir := t.TempDir()
	store, err := lessons.OpenStore(filepath.Join(dir, "lessons.json"))
	if err != nil {
		t.Fatal(err)
	}
	store.Set(all[0].ID, lessons.Progress{Done: true, Seen: []int{0, 1}})
	var started lessons.Progress
	for s := range 3 {
		started.SawStep(s)
	}
	started.Step = 2
	store.Set(all[2].ID, started)
	stars, err := challenge.OpenProgress(filepath.Join(dir, "challenges.json"))
	if err != nil {
		t.Fatal(err)
	}
	now := func() time.Time { return time.Date(2026, 11, 30, 14, 0, 0, 0, time.UTC) }
	m := newHome(t, Options{Lessons: all, LessonStore: store, Challenges: &challengeui.Options{Progress: stars},
		Workbooks: workbooks(t, dir),
		Drill:     &drillui.Options{Deck: someCards(t)[:4], Now: now, Session: drill.SessionOptions{New: 3, Seed: 1}}})
	for _, msg := range drainQuick(m.Init()) {
		m = run(m, msg)
	}
	return send(m, tea.WindowSizeMsg{Width: w, Height: h})
}

// At 200×60 the menu leaves no more blank rows than a lesson step: under
// the menu and its live picture, the transitions so far and the progress
// panes (every lesson, challenge and exercise, the drill's cards) take the
// window's rows.
func TestHomeHasNoEmptyAreaAt200x60(t *testing.T) {
	racefree.Only(t)
	m := progressHome(t, 200, 60)
	v := m.View()
	if n := blankRun(v); n > maxBlankHome {
		t.Errorf("%d blank rows in a row on the menu at 200×60 (at most %d):\n%s", n, maxBlankHome, ansi.Strip(v))
	}
	plain := ansi.Strip(v)
	for _, want := range []string{
		"transitions, listed here as they happen", // the live picture's log, at its first frame
		"Lessons", "1 of 14 done", // the panes, with the sums the menu has
		"✓  1 One slow dependency takes every thread",
		"→  3 Bulkheads: a fenced-off share for each dependency", // the one c goes on with (▸ is the cursor's)
		"step 3 of",
		"Challenges", "☆☆☆ 21",
		"Exercises", "no workbook here", "16-context-bulkhead",
		"Drill", "new in a session",
	} {
		if !strings.Contains(plain, want) {
			t.Errorf("the menu at 200×60 should show %q:\n%s", want, plain)
		}
	}
}

// The check sees blank rows.
func TestBlankRunCounts(t *testing.T) {
	if got := blankRun("a\n\n \n\nb\n\nkeys"); got != 3 {
		t.Errorf("blank run %d, want 3", got)
	}
}

// At 80×24 the menu stays as it was: no panes, the picture's one line.
func TestHomeAt80x24KeepsTheMenuWhole(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	v := ansi.Strip(progressHome(t, 80, 24).View())
	for _, gone := range []string{"╭─ Lessons", "transitions, listed here"} {
		if strings.Contains(v, gone) {
			t.Errorf("at 80×24 the menu has no room for %q:\n%s", gone, v)
		}
	}
	if !strings.Contains(v, "Exercises") || !strings.Contains(v, "Lessons") {
		t.Errorf("the menu lost an item at 80×24:\n%s", v)
	}
}

// The scenario picker at 200×60, on every built-in scenario: under the
// list, the scenario's designs, endpoints and faults, and the map of its
// first design in the middle of its first fault, rather than blank rows.
func TestPickerHasNoEmptyAreaAt200x60(t *testing.T) {
	racefree.Only(t)
	m := builtinHome(t, Options{})
	// Each map's run comes in a command (pickdetail.go): run delivers it.
	m = run(press(m, "down", "enter"), tea.WindowSizeMsg{Width: 200, Height: 60})
	if m.screen != onPicker {
		t.Fatalf("Sandbox should open the picker:\n%s", ansi.Strip(m.View()))
	}
	for i, e := range m.o.Scenarios {
		if i > 0 {
			m = run(m, keyMsg("down"))
		}
		v := ansi.Strip(m.View())
		if n := blankRun(v); n > maxBlankHome {
			t.Errorf("%s: %d blank rows in a row in the picker at 200×60 (at most %d):\n%s", e.Name, n, maxBlankHome, v)
		}
		if !strings.Contains(v, "╭─ "+e.Name) {
			t.Errorf("%s: no detail of the scenario under the cursor:\n%s", e.Name, v)
		}
		if e.Build != nil && !e.ShardView && (!strings.Contains(v, "Designs, each run") || !strings.Contains(v, "╭─ Map")) {
			t.Errorf("%s: the detail should list the designs and draw the map:\n%s", e.Name, v)
		}
	}
}
