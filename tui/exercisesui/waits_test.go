package exercisesui

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/exercises/grade"
	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// waiting is a runner at 100×30 whose check of the current exercise is in
// phase p, secs seconds in; again gives it a last result first. It never
// runs the runner's commands: the check only looks in progress.
func waiting(t *testing.T, manual, again bool, p grade.Progress, secs int) string {
	t.Helper()
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	f := newFake()
	m := New(f, Options{Manual: manual, NoColor: true, Now: func() time.Time { return clock },
		Renderer: lipgloss.NewRenderer(io.Discard)})
	update := func(msg tea.Msg) {
		next, _ := m.Update(msg)
		m = next.(Model)
	}
	update(tea.WindowSizeMsg{Width: 100, Height: 30})
	e := m.current()
	if again {
		_ = m.startCheck(e)
		update(checkedMsg{name: e.Name, gen: m.gen[e.Name], result: f.Check(context.Background(), e, nil)})
	}
	_ = m.startCheck(e)
	update(phaseMsg{name: e.Name, gen: m.gen[e.Name], progress: p, box: newPhaseBox()})
	clock = clock.Add(time.Duration(secs) * time.Second)
	update(tickMsg{})
	v := m.View()
	checkFits(t, v, 100, 30)
	return strings.Join(strings.Fields(ansi.Strip(v)), " ") // the words, however wrapped
}

// Tests that hang run to the time limit (30 s) with only a counter to
// watch. After 5 s of running, four times what the slowest solution's
// tests take (exercises.StuckAfter), the runner says the code may be
// stuck, in the words `exercises check` uses too (exercises.StuckNote),
// and how to stop the run; and a first compile that lasts says why it may.
func TestALongWaitSaysWhy(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	testing := grade.Progress{Phase: grade.Testing, Timeout: 30 * time.Second}
	compiling := grade.Progress{Phase: grade.Compiling}
	stuck := exercises.StuckNote(testing, exercises.StuckAfter)
	if stuck == "" {
		t.Fatal("exercises.StuckNote says nothing of tests running for exercises.StuckAfter")
	}
	const (
		save  = "Saving a change stops this run and tests again."
		press = "r stops this run and tests again."
		first = "The first build with a fresh Go cache can take from half a minute to two minutes, more on a busy machine."
		last  = "Until this run ends, the last result: ✗ FAIL 1 of 2 tests pass"
	)
	for _, c := range []struct {
		manual, again bool
		p             grade.Progress
		want          []string
	}{
		{false, false, testing, []string{"running the tests… (5 s so far, time limit 30 s) " + stuck + " " + save}},
		{true, false, testing, []string{stuck + " " + press}},
		{false, true, testing, []string{"running the tests again (5 s so far, time limit 30 s). " + stuck + " " + save + " " + last}},
		{false, false, compiling, []string{"compiling your code and the tests… (5 s so far) " + first}},
		{false, true, compiling, []string{"compiling your code and the tests again (5 s so far). " + first + " " + last}},
	} {
		name := fmt.Sprintf("%s, manual %v, again %v", c.p.Phase, c.manual, c.again)
		if v := waiting(t, c.manual, c.again, c.p, 4); strings.Contains(v, "may be stuck") || strings.Contains(v, "fresh Go cache") {
			t.Errorf("%s: at 4 s the runner already says why it waits:\n%s", name, v)
		}
		v := waiting(t, c.manual, c.again, c.p, 5)
		for _, w := range c.want {
			if !strings.Contains(v, w) {
				t.Errorf("%s: at 5 s the screen lacks %q:\n%s", name, w, v)
			}
		}
	}
}

// hangingBackend is the fake whose checks tell that the tests run, then
// hang until they are canceled, as a deadlocked test does until the
// runner stops go test.
type hangingBackend struct {
	*fake
	started  chan string // an exercise's check began
	canceled chan string // an exercise's check was canceled
}

func (h hangingBackend) Check(ctx context.Context, e exercises.Exercise, progress func(grade.Progress)) exercises.Result {
	progress(grade.Progress{Phase: grade.Testing, Timeout: 30 * time.Second})
	h.started <- e.Name
	<-ctx.Done()
	h.canceled <- e.Name
	return exercises.Result{Exercise: e, Report: grade.Report{Status: grade.Canceled}}
}

// What the note on a hang says stops the run does: a save (watching) or r
// (manual) cancels the hanging check and tests again.
func TestTheStuckNoteIsTrue(t *testing.T) {
	for _, manual := range []bool{false, true} {
		h := hangingBackend{newFake(), make(chan string, 4), make(chan string, 4)}
		clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		// Not started with Init: no files are watched, the saves are sent.
		m := New(h, Options{Manual: manual, NoColor: true, Tick: 5 * time.Millisecond, Debounce: time.Millisecond,
			Now: func() time.Time { return clock }, Renderer: lipgloss.NewRenderer(io.Discard)})
		next, _ := m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
		d := &asyncDriver{t: t, m: next.(Model), msgs: make(chan tea.Msg), quit: make(chan struct{})}
		d.run(func() tea.Msg { return startMsg{} })
		until[startMsg](d)
		until[phaseMsg](d)
		<-h.started
		clock = clock.Add(6 * time.Second)
		until[tickMsg](d)
		v := strings.Join(strings.Fields(ansi.Strip(d.m.View())), " ")
		how, stop := "Saving a change stops this run", tea.Msg(fileSavedMsg{d.m.current().Name})
		if manual {
			how, stop = "r stops this run", tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("r")}
		}
		if !strings.Contains(v, "may be stuck") || !strings.Contains(v, how) {
			t.Fatalf("manual %v: 6 s into hanging tests the screen does not say %q:\n%s", manual, how, v)
		}
		d.run(func() tea.Msg { return stop })
		if manual {
			until[tea.KeyMsg](d)
		} else {
			until[debounceMsg](d) // a save waits for more writes first
		}
		select {
		case <-h.canceled:
		case <-time.After(10 * time.Second):
			t.Fatalf("manual %v: %q did not cancel the hanging check", manual, how)
		}
		select {
		case <-h.started:
		case <-time.After(10 * time.Second):
			t.Fatalf("manual %v: %q canceled the hanging check but did not test again", manual, how)
		}
		d.m.stop() // the second check hangs too
		close(d.quit)
	}
}
