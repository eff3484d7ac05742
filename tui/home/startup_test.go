package home

import (
	"errors"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// The home screen's first frame does not wait for the lessons: they are
// parsed when Lessons is first chosen, once.
func TestLessonsLoadWhenChosen(t *testing.T) {
	calls := 0
	load := func() ([]*lessons.Lesson, error) {
		calls++
		return lessons.All()
	}
	m := newHome(t, Options{LoadLessons: load})
	if v := m.View(); !strings.Contains(v, "Lessons") {
		t.Fatalf("no menu:\n%s", v)
	}
	if calls != 0 {
		t.Fatalf("the lessons were loaded %d times before Lessons was chosen", calls)
	}
	m = press(m, "enter")
	if !m.InLessons() {
		t.Fatalf("Enter on Lessons did not open the list:\n%s", m.View())
	}
	if v := m.View(); !strings.Contains(v, "slow dependency") {
		t.Errorf("the list lacks lesson 1:\n%s", v)
	}
	m = press(m, "esc", "enter")
	if !m.InLessons() || calls != 1 {
		t.Errorf("reopening the list: in lessons %v, %d loads (want 1)", m.InLessons(), calls)
	}
}

func TestLessonsThatDoNotLoadSayWhy(t *testing.T) {
	m := newHome(t, Options{LoadLessons: func() ([]*lessons.Lesson, error) {
		return nil, errors.New("lessons/content/03-bulkheads.md:12: bad sweep")
	}})
	m = press(m, "enter")
	if m.InLessons() {
		t.Fatal("an empty lesson list opened")
	}
	if v := m.View(); !strings.Contains(strings.Join(strings.Fields(v), " "), "03-bulkheads.md:12: bad sweep") {
		t.Errorf("the note does not give the error:\n%s", v)
	}
}

// BenchmarkFirstFrame is the work between the home screen's start and its
// first frame at 80×24, as cmd/breakerlab/home.go sets it up (every
// scenario, the lessons behind a loader). With the program's package
// initialisers (GODEBUG=inittrace=1 breakerlab version) it is the time to
// the first frame of `breakerlab`.
func BenchmarkFirstFrame(b *testing.B) {
	th := tuitest.Plain()
	for b.Loop() {
		o := Options{Theme: th, Seed: tuitest.Seed, LoadLessons: lessons.All}
		for _, s := range scenarios.All() {
			o.Scenarios = append(o.Scenarios, Entry{Name: s.Name, Summary: s.Summary, Build: s.Build})
		}
		next, _ := New(o).Update(tea.WindowSizeMsg{Width: 80, Height: 24})
		if v := next.(Model).View(); !strings.Contains(v, "Lessons") {
			b.Fatalf("first frame lacks the menu:\n%s", v)
		}
	}
}
