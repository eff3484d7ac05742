package home

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/exercisesui"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/lessonui"
	tea "github.com/charmbracelet/bubbletea"
)

// allLessons loads the built-in lessons.
func allLessons(t *testing.T) []*lessons.Lesson {
	t.Helper()
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	return all
}

// update sends one message and returns the model and its command.
func update(m Model, msg tea.Msg) (Model, tea.Cmd) {
	next, cmd := m.Update(msg)
	return next.(Model), cmd
}

// follow runs cmd and sends its message back, as the program would; it
// fails when cmd is nil.
func follow(t *testing.T, m Model, cmd tea.Cmd) Model {
	t.Helper()
	if cmd == nil {
		t.Fatal("no command to follow")
	}
	return send(m, cmd())
}

func TestLessonsOpenInsideAndLeaveBackHome(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	m := newHome(t, Options{Lessons: allLessons(t)})
	m, cmd := update(m, keyMsg("enter")) // Lessons
	if !m.InLessons() {
		t.Fatal("enter on Lessons should open the lesson list inside the home screen")
	}
	if cmd != nil {
		if _, ok := cmd().(tea.QuitMsg); ok {
			t.Fatal("opening the lessons must not quit the home screen")
		}
	}
	v := m.View()
	if !strings.Contains(v, "breakerlab › lessons") || !strings.Contains(v, "1. One slow dependency") {
		t.Errorf("the lesson list should be on screen:\n%s", v)
	}
	if lines := strings.Split(v, "\n"); len(lines) != 30 {
		t.Errorf("the lesson list should fill the 30-line window it was given, has %d lines", len(lines))
	}
	// q in the list asks to go back; the home screen takes it.
	m, cmd = update(m, keyMsg("q"))
	if m = follow(t, m, cmd); m.InLessons() || m.screen != onMenu {
		t.Fatalf("q in the lesson list should come back to the menu:\n%s", m.View())
	}
	// esc does too, after opening again.
	m = press(m, "enter")
	m, cmd = update(m, keyMsg("esc"))
	if m = follow(t, m, cmd); m.InLessons() {
		t.Fatal("esc in the lesson list should come back to the menu")
	}
}

func TestALessonOpensAndEscGoesBackToTheList(t *testing.T) {
	racefree.Only(t)
	m := newHome(t, Options{Lessons: allLessons(t)})
	m = press(m, "enter")                // the lesson list
	m, cmd := update(m, keyMsg("enter")) // the first lesson: prepared in a command
	m = follow(t, m, cmd)                // preparedMsg opens the player
	if !m.InLessons() || !m.lessons.Open() {
		t.Fatal("enter in the list should open the lesson")
	}
	if v := m.View(); !strings.Contains(v, "step 1/") {
		t.Errorf("the lesson player should be on screen:\n%s", v)
	}
	// A resize reaches the player.
	m = send(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	if lines := strings.Split(m.View(), "\n"); len(lines) != 24 {
		t.Errorf("the player should follow the window to 24 lines, has %d", len(lines))
	}
	// esc in the player goes back to the list, not home.
	m, cmd = update(m, keyMsg("esc"))
	for _, msg := range drain(cmd) {
		m = send(m, msg)
	}
	if !m.InLessons() || m.lessons.Open() {
		t.Fatalf("esc in a lesson should go back to the lesson list:\n%s", m.View())
	}
	// And esc there goes home.
	m, cmd = update(m, keyMsg("esc"))
	if m = follow(t, m, cmd); m.screen != onMenu {
		t.Fatal("esc in the list should then come back to the menu")
	}
}

// drain runs cmd, and the commands of any batch it returns, and gives back
// their messages; a lesson's save needs no store here.
func drain(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		var out []tea.Msg
		for _, c := range msg {
			out = append(out, drain(c)...)
		}
		return out
	case nil:
		return nil
	default:
		return []tea.Msg{msg}
	}
}

// workbooks are Workbooks on a temporary folder, as the program wires them
// to the disk: Find looks in and above the folder, Create writes
// ./breakerlab-workbook.
func workbooks(t *testing.T, dir string) *Workbooks {
	t.Helper()
	def := filepath.Join(dir, exercises.DefaultDir)
	return &Workbooks{
		Here: "/home/learner",
		Dir:  "./" + exercises.DefaultDir,
		Find: func() (exercisesui.Backend, error) {
			w, err := exercises.Open(def)
			if err != nil {
				return nil, err
			}
			return exercisesui.NewBackend(w, 0), nil
		},
		Create: func() (exercisesui.Backend, error) {
			w, err := exercises.Init(def)
			if err != nil {
				return nil, err
			}
			return exercisesui.NewBackend(w, 0), nil
		},
	}
}

func TestNoWorkbookExplainsAndCreatesOne(t *testing.T) {
	dir := t.TempDir()
	m := newHome(t, Options{Workbooks: workbooks(t, dir)})
	m = press(m, "up")
	m, cmd := update(m, keyMsg("enter")) // Exercises: looks for the workbook
	if cmd == nil || m.busy == "" {
		t.Fatal("Exercises should look for the workbook in a command")
	}
	m = follow(t, m, cmd)
	if m.screen != onNoWorkbook {
		t.Fatalf("with no workbook, Exercises should explain and offer one:\n%s", m.View())
	}
	golden.Check(t, "no-workbook-100x30", m.View())
	golden.Check(t, "no-workbook-80x24", send(m, tea.WindowSizeMsg{Width: 80, Height: 24}).View())

	// esc goes back; the runner was never opened.
	if b := press(m, "esc"); b.screen != onMenu {
		t.Error("esc on the no-workbook screen should go back to the menu")
	}

	// enter writes the workbook (as `exercises init` does) and opens the
	// runner on it.
	m, cmd = update(m, keyMsg("enter"))
	m = follow(t, m, cmd)
	if !m.InExercises() {
		t.Fatalf("enter should create the workbook and open the runner:\n%s", m.View())
	}
	if _, err := os.Stat(filepath.Join(dir, exercises.DefaultDir, "go.mod")); err != nil {
		t.Fatalf("the workbook was not written: %v", err)
	}
	v := m.View()
	for _, want := range []string{"breakerlab exercises", fmt.Sprintf("Wrote %d exercises to ./breakerlab-workbook.", len(exercises.All())), "Edit 01-consecutive-breaker/breaker.go there"} {
		if !strings.Contains(v, want) {
			t.Errorf("the runner should show %q after creating the workbook:\n%s", want, v)
		}
	}
	if lines := strings.Split(v, "\n"); len(lines) != 30 {
		t.Errorf("the runner should fill the 30-line window, has %d lines", len(lines))
	}

	// q leaves the runner for the menu; the home screen does not quit.
	m, cmd = update(m, keyMsg("q"))
	if cmd == nil {
		t.Fatal("q in the runner should ask to leave")
	}
	msg := cmd()
	if _, ok := msg.(tea.QuitMsg); ok {
		t.Fatal("q in the embedded runner must not quit the program")
	}
	if m = send(m, msg); m.screen != onMenu {
		t.Fatalf("leaving the runner should come back to the menu:\n%s", m.View())
	}
	if _, ok := m.Runner(); !ok {
		t.Error("the runner opened should be kept, for Wait and for coming back")
	}

	// Coming back opens the same runner at once, and esc leaves it too.
	m, _ = update(m, keyMsg("enter"))
	if !m.InExercises() {
		t.Fatal("Exercises should reopen the runner")
	}
	m, cmd = update(m, keyMsg("esc"))
	if m = follow(t, m, cmd); m.screen != onMenu {
		t.Error("esc in the embedded runner should come back to the menu")
	}
}

func TestCreatingNeverOverwrites(t *testing.T) {
	dir := t.TempDir()
	mine := filepath.Join(dir, exercises.DefaultDir, "notes.txt")
	if err := os.MkdirAll(filepath.Dir(mine), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(mine, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	m := newHome(t, Options{Workbooks: workbooks(t, dir)})
	m = press(m, "up")
	m, cmd := update(m, keyMsg("enter"))
	m = follow(t, m, cmd)
	m, cmd = update(m, keyMsg("enter"))
	m = follow(t, m, cmd)
	if m.InExercises() || m.screen != onNoWorkbook {
		t.Fatal("a folder in the way should keep the no-workbook screen")
	}
	if v := m.View(); !strings.Contains(v, "not empty") {
		t.Errorf("the screen should say why it wrote nothing:\n%s", v)
	}
	if b, _ := os.ReadFile(mine); string(b) != "mine" {
		t.Error("the learner's file was touched")
	}
}

func TestAWorkbookFoundOpensTheRunner(t *testing.T) {
	dir := t.TempDir()
	if _, err := exercises.Init(filepath.Join(dir, exercises.DefaultDir)); err != nil {
		t.Fatal(err)
	}
	m := newHome(t, Options{Workbooks: workbooks(t, dir)})
	m = press(m, "up")
	m, cmd := update(m, keyMsg("enter"))
	m = follow(t, m, cmd)
	if !m.InExercises() {
		t.Fatalf("a workbook found should open the runner:\n%s", m.View())
	}
	if strings.Contains(m.View(), fmt.Sprintf("Wrote %d exercises", len(exercises.All()))) {
		t.Error("a workbook found was not written now; the runner should not say so")
	}
}

func TestOtherWorkbookErrorsAreShown(t *testing.T) {
	wb := &Workbooks{Find: func() (exercisesui.Backend, error) { return nil, errors.New("cannot read /x: permission denied") }}
	m := newHome(t, Options{Workbooks: wb})
	m = press(m, "up")
	m, cmd := update(m, keyMsg("enter"))
	m = follow(t, m, cmd)
	if m.screen != onMenu || !strings.Contains(m.View(), "permission denied") {
		t.Errorf("an error finding the workbook should be shown on the menu:\n%s", m.View())
	}
}

func TestCtrlCQuitsFromInside(t *testing.T) {
	dir := t.TempDir()
	m := newHome(t, Options{Lessons: allLessons(t), Workbooks: workbooks(t, dir)})
	inLessons := press(m, "enter")
	m2, cmd := update(press(m, "up"), keyMsg("enter"))
	m2 = follow(t, m2, cmd)
	m2, cmd = update(m2, keyMsg("enter"))
	inRunner := follow(t, m2, cmd)
	for name, mm := range map[string]Model{"lessons": inLessons, "exercises": inRunner} {
		_, cmd := update(mm, keyMsg("ctrl+c"))
		if cmd == nil {
			t.Fatalf("%s: ctrl+c gave no command", name)
		}
		// The sequence ends in tea.Quit; run it as the program would.
		if !quits(cmd) {
			t.Errorf("%s: ctrl+c should quit the program", name)
		}
	}
}

// quits reports whether cmd, run as the program runs sequences and
// batches, ends in tea.Quit.
func quits(cmd tea.Cmd) bool {
	if cmd == nil {
		return false
	}
	msg := cmd()
	if _, ok := msg.(tea.QuitMsg); ok {
		return true
	}
	if b, ok := msg.(tea.BatchMsg); ok {
		for _, c := range b {
			if quits(c) {
				return true
			}
		}
		return false
	}
	// tea.Sequence's message is an unexported slice of commands.
	if cmds, ok := asCmds(msg); ok {
		for _, c := range cmds {
			if quits(c) {
				return true
			}
		}
	}
	return false
}

func asCmds(msg tea.Msg) ([]tea.Cmd, bool) {
	v := reflect.ValueOf(msg)
	if v.Kind() != reflect.Slice || v.Type().Elem() != reflect.TypeFor[tea.Cmd]() {
		return nil, false
	}
	out := make([]tea.Cmd, v.Len())
	for i := range out {
		out[i], _ = v.Index(i).Interface().(tea.Cmd)
	}
	return out, true
}

func TestEmbeddedScreensSurviveAnySize(t *testing.T) {
	racefree.Only(t)
	dir := t.TempDir()
	m := newHome(t, Options{Lessons: allLessons(t), Workbooks: workbooks(t, dir)})
	noWB := press(m, "up")
	noWB, cmd := update(noWB, keyMsg("enter"))
	noWB = follow(t, noWB, cmd)
	runner, cmd := update(noWB, keyMsg("enter"))
	runner = follow(t, runner, cmd)
	for _, mm := range []Model{press(m, "enter"), noWB, runner} {
		for w := 1; w < 120; w += 13 {
			for h := 1; h < 40; h += 7 {
				v := send(mm, tea.WindowSizeMsg{Width: w, Height: h}).View()
				if n := len(strings.Split(v, "\n")); n > h {
					t.Fatalf("%dx%d: %d lines", w, h, n)
				}
			}
		}
	}
	_ = lessonui.BackMsg{}
}
