package home

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/exercises/cli"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/exercisesui"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// markOf is the home pane's mark for each status word `breakerlab
// exercises list` prints: a pass sticks, so done, failing now is counted
// done and marked apart from pending.
var markOf = map[string]string{
	exercises.Pending.String():     "·",
	exercises.Done.String():        "✓",
	exercises.DoneFailing.String(): "✗",
	exercises.DoneChanged.String(): "✓",
}

// The menu's Exercises figure and the progress pane's marks agree with
// `breakerlab exercises list` (and so with the runner, which reads the
// same Workbook.Status) for a workbook with one exercise done, one done
// and failing now, and the rest pending: the figure used to count only
// those passing now and mark the failing one · like one never started.
func TestExercisesAgreeWithList(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := t.TempDir()
	book := filepath.Join(dir, exercises.DefaultDir)
	w, err := exercises.Init(book)
	if err != nil {
		t.Fatal(err)
	}
	one, _ := exercises.Lookup("1")
	two, _ := exercises.Lookup("2")
	put := func(e exercises.Exercise, files map[string][]byte) {
		t.Helper()
		for name, b := range files {
			if err := os.WriteFile(filepath.Join(w.ExerciseDir(e), name), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	put(one, one.SolutionFiles())
	put(two, two.SolutionFiles())
	for _, r := range w.CheckAll(context.Background(), []exercises.Exercise{one, two}, 2, exercises.CheckOptions{}, nil) {
		if !r.Passed() {
			t.Fatalf("%s's solution does not pass: %s", r.Exercise.Name, r.Report.Summary)
		}
	}
	put(one, one.StubFiles()) // broken again: done, failing now once checked
	if r := w.Check(context.Background(), one, exercises.CheckOptions{}); r.Passed() {
		t.Fatalf("%s's stub passes", one.Name)
	}

	var out bytes.Buffer
	if err := cli.Run([]string{"list"}, cli.Env{Stdout: &out, Dir: book}); err != nil {
		t.Fatal(err)
	}
	listed := map[string]string{} // ID: status word
	done := 0
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		e, st, err := cli.ParseListLine(line)
		if err != nil {
			t.Fatal(err)
		}
		listed[e.ID()] = st
		if strings.HasPrefix(st, "done") {
			done++
		}
	}
	if listed["01"] != exercises.DoneFailing.String() || listed["02"] != exercises.Done.String() || listed["03"] != exercises.Pending.String() {
		t.Fatalf("the workbook is not set up as meant (01 done, failing now; 02 done; 03 pending):\n%s", out.String())
	}

	m := newHome(t, Options{Workbooks: workbooks(t, dir)})
	m = send(m, m.countExercises()())
	if want := fmt.Sprintf("%d of %d done · 1 failing now", done, len(listed)); m.figure(exercisesItem) != want {
		t.Errorf("the Exercises item says %q, list says %q", m.figure(exercisesItem), want)
	}
	if len(m.exDone.rows) != len(listed) {
		t.Fatalf("the pane has %d exercises, list %d", len(m.exDone.rows), len(listed))
	}
	for i, e := range exercises.All() {
		r := m.exDone.rows[i]
		if want := markOf[listed[e.ID()]]; r.mark != want {
			t.Errorf("%s is %q in list, marked %q on the home screen, want %q", e.ID(), listed[e.ID()], r.mark, want)
		}
	}

	// Drawn: the pane counts it done, and the row says it fails now.
	v := ansi.Strip(send(m, tea.WindowSizeMsg{Width: 200, Height: 60}).View())
	for _, want := range []string{"Exercises ──", fmt.Sprintf("%d of %d done ─╮", done, len(listed)), "✗ 01 A breaker that counts failures in a row", "failing now│", "✓ 02 ", "· 03 "} {
		if !strings.Contains(v, want) {
			t.Errorf("the home screen at 200x60 lacks %q:\n%s", want, v)
		}
	}
}

// statusBook is a workbook whose exercises stand as st says (pending when
// not named); the home screen asks it nothing else.
type statusBook struct {
	exercisesui.Backend
	st map[string]exercises.Status
}

func (b statusBook) Exercises() []exercises.Exercise { return exercises.All() }

func (b statusBook) Status(e exercises.Exercise) exercises.Status { return b.st[e.Name] }

func (b statusBook) Done(e exercises.Exercise) bool { return b.st[e.Name] == exercises.Done }

// Each status has its mark and the words list adds after "done, ", and
// the figure counts every done one, as the runner's does; without a go
// test run, so that it runs with -short too.
func TestExercisesFigureAndMarksFollowStatus(t *testing.T) {
	all := exercises.All()
	st := map[string]exercises.Status{all[0].Name: exercises.Done, all[1].Name: exercises.DoneFailing, all[2].Name: exercises.DoneChanged}
	m := newHome(t, Options{Workbooks: &Workbooks{Find: func() (exercisesui.Backend, error) { return statusBook{st: st}, nil }}})
	m = send(m, m.countExercises()())
	if got, want := m.figure(exercisesItem), fmt.Sprintf("3 of %d done · 1 failing now", len(all)); got != want {
		t.Errorf("figure = %q, want %q", got, want)
	}
	want := []struct{ mark, figure string }{{"✓", ""}, {"✗", "failing now"}, {"✓", "changed since"}, {"·", ""}}
	for i, w := range want {
		if r := m.exDone.rows[i]; r.mark != w.mark || r.figure != w.figure {
			t.Errorf("%s (%s): mark %q figure %q, want %q %q", all[i].ID(), st[all[i].Name], r.mark, r.figure, w.mark, w.figure)
		}
	}
	// The pane goes to the first not done: a failing one stays done.
	if ps := m.progressPanes(); len(ps) != 1 || ps[0].focus != 3 || ps[0].note != fmt.Sprintf("3 of %d done", len(all)) {
		t.Errorf("panes = %+v, want the exercises' alone, its note the count, its focus on 04", ps)
	}
}

// A pane's note is drawn whole wherever the layout gives the pane the
// width it said it needs: the layout's sum of the top edge once fell a
// cell short of pane.Frame's, and a figure on an exercise's row (which
// widens its pane) clipped the drill's note to "0 due · 10 n…" at 200
// columns.
func TestProgressPaneNotesFitTheirFrames(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	all := exercises.All()
	st := map[string]exercises.Status{all[0].Name: exercises.DoneFailing, all[1].Name: exercises.DoneChanged}
	m := newHome(t, Options{Workbooks: &Workbooks{Find: func() (exercisesui.Backend, error) { return statusBook{st: st}, nil }}})
	m = send(m, m.countExercises()())
	m.drillCounts, m.cardsOK = "0 due · 10 new", true
	m.cards.New, m.cards.Unseen = 10, 133
	for w := 40; w <= 220; w++ {
		lines := m.progressLines(w, 8)
		if len(lines) == 0 {
			continue
		}
		top := ansi.Strip(lines[0])
		panes := strings.Count(top, "╭")
		for _, note := range []string{fmt.Sprintf("2 of %d done", len(all)), m.drillCounts}[:min(panes, 2)] {
			if !strings.Contains(top, " "+note+" ─╮") {
				t.Errorf("at %d columns the top edge clips %q:\n%s", w, note, top)
			}
		}
	}
}
