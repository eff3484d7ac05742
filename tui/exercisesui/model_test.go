package exercisesui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/exercises/grade"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/internal/stabledir"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
)

// fake is a Backend whose checks return scripted reports at once.
type fake struct {
	mu        sync.Mutex
	exs       []exercises.Exercise
	done      map[string]bool
	solved    map[string]bool         // passed once: a failing check leaves it done, failing now
	script    map[string]grade.Report // by exercise name; a failure if absent
	outdated  map[string]bool         // exercises whose bundled tests changed since the workbook wrote them
	edited    map[string]bool         // exercises whose bundled test file the learner changed
	untouched map[string]bool         // exercises whose files are the stub as written
	missing   map[string]bool         // exercises whose check found a bundled test file missing
	checks    []string
	current   string
	resets    []string
	restores  []string
	solutions []string
	lost      error
}

func newFake() *fake {
	return &fake{exs: exercises.All(), done: map[string]bool{}, solved: map[string]bool{}, script: map[string]grade.Report{}}
}

func failing(name string) grade.Report {
	return grade.Report{
		Status:  grade.Failed,
		Summary: "1 of 2 tests pass; first failure: TestOpens",
		Tests: []grade.TestResult{
			{Name: "TestStarts", Passed: true},
			{Name: "TestOpens", Output: []string{"breaker_test.go:42: State() = closed, want open"}},
		},
	}
}

func passing() grade.Report {
	return grade.Report{Status: grade.Passed, Summary: "all 2 tests pass",
		Tests: []grade.TestResult{{Name: "TestStarts", Passed: true}, {Name: "TestOpens", Passed: true}}}
}

func (f *fake) pass(names ...string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, n := range names {
		f.script[n] = passing()
	}
}

func (f *fake) Exercises() []exercises.Exercise { return f.exs }
func (f *fake) Done(e exercises.Exercise) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.done[e.Name]
}
func (f *fake) Status(e exercises.Exercise) exercises.Status {
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case f.done[e.Name]:
		return exercises.Done
	case f.solved[e.Name]:
		return exercises.DoneFailing
	}
	return exercises.Pending
}
func (f *fake) Current() exercises.Exercise {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, e := range f.exs {
		if e.Name == f.current {
			return e
		}
	}
	return f.exs[0]
}
func (f *fake) SetCurrent(e exercises.Exercise) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.current = e.Name
	return nil
}
func (f *fake) Check(ctx context.Context, e exercises.Exercise, progress func(grade.Progress)) exercises.Result {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.checks = append(f.checks, e.Name)
	r, ok := f.script[e.Name]
	if !ok {
		r = failing(e.Name)
	}
	f.done[e.Name] = r.Status == grade.Passed
	f.solved[e.Name] = f.solved[e.Name] || f.done[e.Name]
	return exercises.Result{Exercise: e, Report: r, TestsOutdated: f.outdated[e.Name], TestsChanged: f.edited[e.Name] || f.outdated[e.Name], TestsMissing: f.missing[e.Name], Untouched: f.untouched[e.Name], Solved: f.solved[e.Name]}
}
func (f *fake) Reset(e exercises.Exercise) (exercises.Backup, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.resets = append(f.resets, e.Name)
	f.done[e.Name], f.solved[e.Name] = false, false
	return exercises.Backup{Dir: filepath.Join(f.Dir(), ".breakerlab", "backup", e.Name, "now"), Files: []string{e.MainFile()}}, nil
}
func (f *fake) RestoreTests(e exercises.Exercise) (exercises.Backup, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.restores = append(f.restores, e.Name)
	return exercises.Backup{}, nil
}
func (f *fake) WriteSolution(e exercises.Exercise) (string, exercises.Backup, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.solutions = append(f.solutions, e.Name)
	return filepath.Join(f.Dir(), "solutions", e.Name), exercises.Backup{}, nil
}
func (f *fake) Dir() string                             { return "/wb" }
func (f *fake) ExerciseDir(e exercises.Exercise) string { return filepath.Join("/wb", e.Name) }
func (f *fake) MainFile(e exercises.Exercise) string {
	return filepath.Join("/wb", e.Name, e.MainFile())
}
func (f *fake) ProgressLost() error { return f.lost }

func (f *fake) checked() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.checks...)
}

// driver feeds messages to the model and runs the commands it returns,
// the way bubbletea would, until nothing is left to do.
type driver struct {
	t *testing.T
	m Model
}

func start(t *testing.T, f *fake, width, height int) *driver {
	t.Helper()
	return startOn(t, f, width, height)
}

func startOn(t *testing.T, f Backend, width, height int) *driver {
	t.Helper()
	return startWith(t, f, width, height, func(*Options) {})
}

// startWith is startOn with the tests' options changed by set first.
func startWith(t *testing.T, f Backend, width, height int, set func(*Options)) *driver {
	t.Helper()
	opt := Options{Manual: true, NoColor: true, Debounce: time.Millisecond, Parallel: 3,
		Tick: time.Microsecond, Renderer: lipgloss.NewRenderer(io.Discard)}
	set(&opt)
	m := New(f, opt)
	d := &driver{t: t, m: m}
	d.send(tea.WindowSizeMsg{Width: width, Height: height})
	d.run(m.Init())
	return d
}

func (d *driver) send(msgs ...tea.Msg) {
	d.t.Helper()
	queue := append([]tea.Msg(nil), msgs...)
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 10_000 {
			d.t.Fatal("the model keeps producing messages")
		}
		msg := queue[0]
		queue = queue[1:]
		next, cmd := d.m.Update(msg)
		d.m = next.(Model)
		queue = append(queue, d.collect(cmd)...)
	}
}

func (d *driver) run(cmd tea.Cmd) { d.send(d.collect(cmd)...) }

// collect runs cmd and returns the messages it produced, opening batches
// and sequences.
func (d *driver) collect(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	msg := cmd()
	if msg == nil {
		return nil
	}
	if b, ok := msg.(tea.BatchMsg); ok {
		var out []tea.Msg
		for _, c := range b {
			out = append(out, d.collect(c)...)
		}
		return out
	}
	if v := reflect.ValueOf(msg); v.Kind() == reflect.Slice && v.Type().Elem() == reflect.TypeFor[tea.Cmd]() {
		var out []tea.Msg // a tea.Sequence
		for i := range v.Len() {
			out = append(out, d.collect(v.Index(i).Interface().(tea.Cmd))...)
		}
		return out
	}
	if _, ok := msg.(tea.QuitMsg); ok {
		return nil
	}
	return []tea.Msg{msg}
}

func (d *driver) keys(keys ...string) {
	d.t.Helper()
	for _, k := range keys {
		var msg tea.KeyMsg
		switch k {
		case "enter":
			msg = tea.KeyMsg{Type: tea.KeyEnter}
		case "esc":
			msg = tea.KeyMsg{Type: tea.KeyEsc}
		case "tab":
			msg = tea.KeyMsg{Type: tea.KeyTab}
		case "up":
			msg = tea.KeyMsg{Type: tea.KeyUp}
		case "down":
			msg = tea.KeyMsg{Type: tea.KeyDown}
		case "ctrl+c":
			msg = tea.KeyMsg{Type: tea.KeyCtrlC}
		default:
			msg = tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
		}
		d.send(msg)
	}
}

// view returns the screen as plain text, checking that it fits.
func (d *driver) view() string {
	d.t.Helper()
	v := d.m.View()
	checkFits(d.t, v, d.m.width, d.m.height)
	return ansi.Strip(v)
}

func checkFits(t *testing.T, v string, width, height int) {
	t.Helper()
	lines := strings.Split(v, "\n")
	if len(lines) > height {
		t.Fatalf("the view has %d lines on a terminal %d high", len(lines), height)
	}
	for i, l := range lines {
		if w := ansi.StringWidth(l); w > width {
			t.Fatalf("line %d is %d cells wide on a terminal %d wide: %q", i+1, w, width, ansi.Strip(l))
		}
	}
}

func (d *driver) wantView(parts ...string) {
	d.t.Helper()
	v := d.view()
	for _, p := range parts {
		if !strings.Contains(v, p) {
			d.t.Fatalf("the view lacks %q:\n%s", p, v)
		}
	}
}

func (d *driver) current() string { return d.m.current().Name }

func TestStartsByTestingTheCurrentExercise(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	f := newFake()
	f.current = "03-slow-calls"
	d := start(t, f, 100, 30)
	if got := f.checked(); len(got) != 1 || got[0] != "03-slow-calls" {
		t.Fatalf("checks at start: %v, want the current exercise only", got)
	}
	d.wantView(of("03/%d Slow calls count as failures"), "✗ failing", "03-slow-calls/breaker.go",
		"1 of 2 tests pass", "✗ TestOpens", "breaker_test.go:42: State() = closed, want open", "✓ passing: TestStarts",
		"── Task", of("0/%d"), "h hint", "q quit")
}

// The first view of an exercise the learner has started puts the failures
// first, as a save does: at 80×24 the reason it fails is on screen, not
// below the task (findings 3). An untouched stub shows the task first,
// its failures only saying nothing is written yet. t swaps them.
func TestFirstViewPutsFailuresFirstOnceStarted(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	// order reads the whole body, the part past the screen's end included.
	order := func(d *driver) (testsFirst bool) {
		t.Helper()
		v := ansi.Strip(strings.Join(d.m.body(), "\n"))
		i, j := strings.Index(v, "── Tests"), strings.Index(v, "── Task")
		if i < 0 || j < 0 {
			t.Fatalf("the view lacks the tests or the task:\n%s", v)
		}
		return i < j
	}
	// The learner has started: the failure is on the first screen.
	d := start(t, newFake(), 80, 24)
	d.wantView("✗ TestOpens", "breaker_test.go:42: State() = closed, want open")
	if !order(d) {
		t.Fatalf("a started exercise opens with the task first:\n%s", d.view())
	}
	d.keys("t")
	if order(d) {
		t.Fatalf("t did not put the task first:\n%s", d.view())
	}

	// An untouched stub: the task first, until t or a save.
	f := newFake()
	f.untouched = map[string]bool{"01-consecutive-breaker": true}
	d = start(t, f, 100, 60)
	if order(d) {
		t.Fatalf("an untouched stub opens with the tests first:\n%s", d.view())
	}
	d.keys("t")
	if !order(d) {
		t.Fatalf("t did not put the tests first:\n%s", d.view())
	}
	d.keys("t")
	f.untouched = nil // the save changed the stub
	d.send(fileSavedMsg{"01-consecutive-breaker"})
	if !order(d) {
		t.Fatalf("a save did not put the tests first:\n%s", d.view())
	}
}

func TestLostProgressChecksEverything(t *testing.T) {
	f := newFake()
	f.lost = exercises.ErrNoProgress
	f.pass("01-consecutive-breaker", "02-rate-window-breaker")
	d := start(t, f, 100, 30)
	if got := f.checked(); len(got) != total() {
		t.Fatalf("%d checks with the progress file lost, want all %d", len(got), total())
	}
	d.wantView(of("2/%d"), of("Checked all: 2 of %d pass"))
}

func TestHintsOneAtATime(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	d := start(t, newFake(), 100, 40)
	n := len(exercises.All()[0].Hints())
	d.keys("h")
	d.wantView("Hint 1 of "+fmt.Sprint(n), "h again for the next hint")
	d.keys("h")
	d.wantView("Hint 1 of", "Hint 2 of")
	for range n {
		d.keys("h")
	}
	d.wantView("That was the last hint")
}

func TestNextOnlyOnceItPasses(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	f := newFake()
	d := start(t, f, 100, 30)
	d.keys("n")
	if d.current() != "01-consecutive-breaker" {
		t.Fatalf("n moved on from a failing exercise to %s", d.current())
	}
	d.wantView("once this one passes")
	if strings.Contains(d.view(), "n next exercise") {
		t.Fatal("the help offers n before the exercise passes")
	}
	f.pass("01-consecutive-breaker")
	d.keys("r")
	d.wantView("✓ done", "✓ PASS", "Passed! n opens 02 A breaker that judges", of("1/%d"), "n next exercise")
	d.keys("n")
	if d.current() != "02-rate-window-breaker" || f.current != "02-rate-window-breaker" {
		t.Fatalf("after n: showing %s, saved %q; want 02 for both", d.current(), f.current)
	}
	if got := f.checked(); got[len(got)-1] != "02-rate-window-breaker" {
		t.Fatalf("the next exercise was not tested on arrival: %v", got)
	}
}

func TestListFilterSearchAndJump(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	f := newFake()
	f.done["01-consecutive-breaker"] = true
	f.pass("01-consecutive-breaker")
	d := start(t, f, 120, 30)
	d.keys("l")
	d.wantView("Exercises", of("1/%d done"), "show: all", "01-consecutive-breaker", "12-composition")
	d.keys("tab")
	if v := d.view(); !strings.Contains(v, "show: pending") || strings.Contains(v, "01-consecutive-breaker") {
		t.Fatalf("the pending filter still shows a done exercise:\n%s", v)
	}
	d.keys("tab")
	if v := d.view(); !strings.Contains(v, "show: done") || strings.Contains(v, "02-rate-window-breaker") {
		t.Fatalf("the done filter shows a pending exercise:\n%s", v)
	}
	d.keys("tab", "/", "bulk")
	v := d.view()
	if !strings.Contains(v, "filter: bulk") || !strings.Contains(v, "06-semaphore-bulkhead") || strings.Contains(v, "03-slow-calls") {
		t.Fatalf("searching for bulk:\n%s", v)
	}
	d.keys("enter", "down", "enter")
	if d.current() != "07-thread-pool-bulkhead" {
		t.Fatalf("enter on the second match opened %s, want 07", d.current())
	}
	d.wantView(of("07/%d A thread-pool bulkhead"))
}

func TestTypedFastRunesAreSeparateKeys(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	d := start(t, newFake(), 100, 30)
	d.keys("l", "/slow") // "/slow" arrives as one message, as fast typing can
	d.wantView("filter: slow", "03-slow-calls")
	d.keys("esc")
	if d.m.screen != screenList || d.m.search != "" {
		t.Fatal("esc while typing a search should clear it and stay in the list")
	}
	d.keys("esc")
	if d.m.screen != screenMain {
		t.Fatal("esc did not close the list")
	}
}

func TestResetAsksFirst(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	f := newFake()
	d := start(t, f, 160, 30)
	d.keys("x")
	d.wantView("Reset 01-consecutive-breaker to its stub?", "(y/n)")
	d.keys("n")
	if len(f.resets) != 0 {
		t.Fatal("reset without a yes")
	}
	d.wantView("Nothing changed.")
	d.keys("x", "y")
	if len(f.resets) != 1 {
		t.Fatalf("resets after yes: %v", f.resets)
	}
	d.wantView("Reset 01-consecutive-breaker to its stub.", "Your previous breaker.go is in .breakerlab/backup/01-consecutive-breaker/now.")
}

// realBackend is a workbook's own Backend whose checks are scripted, so a
// test sees the real files a reset or a solution replaces without running
// go test.
type realBackend struct {
	Backend
}

func (realBackend) Check(_ context.Context, e exercises.Exercise, _ func(grade.Progress)) exercises.Result {
	return exercises.Result{Exercise: e, Report: failing(e.Name)}
}

// TestResetAndSolutionShowWhereTheCodeWent: on a real workbook, the runner
// says where a reset or a solution put the learner's changed files, in the
// words `breakerlab exercises reset|solution` print, and the folder it
// names holds what the learner wrote.
func TestResetAndSolutionShowWhereTheCodeWent(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	w, err := exercises.Init(filepath.Join(t.TempDir(), "wb"))
	if err != nil {
		t.Fatal(err)
	}
	e := exercises.All()[0]
	d := startOn(t, realBackend{NewBackend(w, 0)}, 80, 24)
	// The note names a folder of the workbook; the view shows it relative.
	shown := func(prefix string) string {
		t.Helper()
		v := strings.Join(strings.Fields(d.view()), " ")
		i := strings.Index(v, prefix)
		if i < 0 {
			t.Fatalf("the view lacks %q:\n%s", prefix, d.view())
		}
		rel, _, _ := strings.Cut(v[i+len(prefix):], " ")
		return filepath.Join(w.Dir, strings.TrimRight(rel, ".;"))
	}
	mine := []byte("package breaker\n\n// what I wrote\n")
	if err := os.WriteFile(w.MainFile(e), mine, 0o644); err != nil {
		t.Fatal(err)
	}
	// A Go file the learner added goes to the same folder, and the
	// message says so (findings 5).
	helper := []byte("package breaker\n\n// a helper of mine\n")
	if err := os.WriteFile(filepath.Join(w.ExerciseDir(e), "helpers.go"), helper, 0o644); err != nil {
		t.Fatal(err)
	}
	d.keys("x", "y")
	if v := strings.Join(strings.Fields(d.view()), " "); !strings.Contains(v, "; helpers.go, a file you added, was moved there too.") {
		t.Fatalf("the reset's message does not say where helpers.go went:\n%s", d.view())
	}
	dir := shown("Your previous " + e.MainFile() + " is in ")
	if b, err := os.ReadFile(filepath.Join(dir, e.MainFile())); err != nil || string(b) != string(mine) {
		t.Fatalf("the folder the runner names holds %q (%v), want the learner's code", b, err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "helpers.go")); err != nil || string(b) != string(helper) {
		t.Fatalf("the folder the runner names holds %q (%v), want the learner's helper", b, err)
	}

	// A solution written over a copy in solutions/ the learner changed.
	d.keys("s", "y")
	d.wantView("Wrote the solution to solutions/" + e.Name + "/")
	if strings.Contains(d.view(), "replaced your changed copy") {
		t.Fatal("the first solution replaced nothing, yet the runner says it did")
	}
	notes := []byte("// my notes\n")
	sol := filepath.Join(w.SolutionDir(e), e.MainFile())
	if err := os.WriteFile(sol, notes, 0o644); err != nil {
		t.Fatal(err)
	}
	d.keys("s", "y")
	dir = shown("The solution replaced your changed copy of " + e.MainFile() + "; it is kept in ")
	if b, err := os.ReadFile(filepath.Join(dir, e.MainFile())); err != nil || string(b) != string(notes) {
		t.Fatalf("the folder the runner names holds %q (%v), want the learner's notes", b, err)
	}
}

func TestSolutionAsksOnlyBeforePassing(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	f := newFake()
	d := start(t, f, 160, 30)
	d.keys("s")
	d.wantView("does not pass yet. Write its solution to solutions/01-consecutive-breaker anyway?")
	d.keys("esc")
	if len(f.solutions) != 0 {
		t.Fatal("a solution was written without a yes")
	}
	d.keys("s", "y")
	d.wantView("Wrote the solution to solutions/01-consecutive-breaker/")
	f.pass("01-consecutive-breaker")
	d.keys("r", "s")
	if len(f.solutions) != 2 || d.m.screen != screenMain {
		t.Fatalf("after passing, s should write at once: %v, screen %v", f.solutions, d.m.screen)
	}
}

// A pass sticks: an exercise that passed and then broke stays done (the
// count, n, s without a question), while the header, the verdict and the
// list say that its code fails now. A reset starts it over.
func TestAPassSticksWhenTheCodeBreaksLater(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	f := newFake()
	e := "01-consecutive-breaker"
	f.pass(e)
	d := start(t, f, 120, 30)
	d.wantView("✓ done", of("1/%d"))
	f.mu.Lock()
	f.script[e] = failing(e)
	f.mu.Unlock()
	d.send(fileSavedMsg{e})
	d.wantView("✗ done, failing now", of("1/%d"), "✗ FAIL", "It passed before, so it stays done", "n next exercise")
	d.keys("s")
	if len(f.solutions) != 1 || d.m.screen != screenMain {
		t.Fatalf("s on a once-passed exercise should write the solution at once: %v, screen %v", f.solutions, d.m.screen)
	}
	d.keys("l")
	d.wantView(of("1/%d done"), "✗ done, failing now 01-consecutive-breaker")
	// The pending filter: a done exercise is not among them, failing or
	// not. (Its row would hold "name "; the message names its solutions/
	// folder.)
	d.keys("tab")
	if strings.Contains(d.view(), e+" ") {
		t.Fatalf("the pending filter shows a once-passed exercise:\n%s", d.view())
	}
	d.keys("tab")
	d.wantView("show: done", e)
	d.keys("esc", "n")
	if d.current() != "02-rate-window-breaker" {
		t.Fatalf("n on a done exercise that fails now stayed on %s", d.current())
	}
	d.keys("l", "k", "enter") // back to 01: the cursor starts on the current one, 02
	if d.current() != e {
		t.Fatalf("the list opened %s, want %s", d.current(), e)
	}
	d.wantView("✗ done, failing now")
	d.keys("x")
	d.wantView("counts as pending again")
	d.keys("y")
	d.wantView("✗ failing", of("0/%d"))
	if strings.Contains(d.view(), "done, failing now") || strings.Contains(d.view(), "stays done") {
		t.Fatalf("after a reset the exercise still counts as done:\n%s", d.view())
	}
}

// A reset in another shell (`exercises reset 01 --yes` while the runner
// is open) starts the exercise over: the runner's next check of the stub
// shows it failing, not "done, failing now" as if it had never been reset.
func TestAResetInAnotherShellIsKept(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	f := newFake()
	e := "01-consecutive-breaker"
	f.pass(e)
	d := start(t, f, 120, 30)
	d.wantView("✓ done", of("1/%d"))
	f.mu.Lock()
	f.script[e] = failing(e)
	f.done[e], f.solved[e] = false, false // what the other shell's reset left in the progress
	f.mu.Unlock()
	d.send(fileSavedMsg{e})
	d.wantView("✗ failing", of("0/%d"))
	if strings.Contains(d.view(), "done, failing now") {
		t.Fatalf("an exercise reset in another shell still counts as done:\n%s", d.view())
	}
}

// The runner takes where each exercise stands from the progress: done,
// done but failing at its last check, done but changed since, pending.
func TestRunnerShowsTheStatusOfTheProgress(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	f := newFake()
	f.pass("01-consecutive-breaker")
	st := map[string]exercises.Status{
		"02-rate-window-breaker": exercises.Done,
		"03-slow-calls":          exercises.DoneFailing,
		"04-half-open-trials":    exercises.DoneChanged,
	}
	d := startOn(t, statusFake{f, st}, 120, 30)
	d.keys("l")
	d.wantView(of("4/%d done"), "✓ done                02-rate-window-breaker", "✗ done, failing now   03-slow-calls",
		"✓ done, changed since 04-half-open-trials", "· pending             05-time-window")
}

// statusFake is a fake whose progress says what st says.
type statusFake struct {
	*fake
	st map[string]exercises.Status
}

func (s statusFake) Status(e exercises.Exercise) exercises.Status {
	if st, ok := s.st[e.Name]; ok {
		return st
	}
	return s.fake.Status(e)
}

func TestMissingTestsOffersARestore(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	f := newFake()
	f.script["01-consecutive-breaker"] = grade.Report{Status: grade.NoTests,
		Summary: "the bundled test file breaker_test.go is missing, so nothing can be graded"}
	f.missing = map[string]bool{"01-consecutive-breaker": true}
	d := start(t, f, 100, 30)
	d.wantView("NO TESTS", "breaker_test.go is missing")
	d.keys("x")
	d.wantView("Put back the bundled tests of 01-consecutive-breaker? Your code is kept.")
	f.pass("01-consecutive-breaker")
	d.keys("y")
	if len(f.restores) != 1 || len(f.resets) != 0 {
		t.Fatalf("restores %v, resets %v; want one restore and no reset", f.restores, f.resets)
	}
	d.wantView("✓ PASS")
}

// Tests the catalog updated since the workbook was made are put back by x,
// as missing ones are: only the tests, the learner's code kept.
func TestOutdatedTestsOfferARestore(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	f := newFake()
	f.outdated = map[string]bool{"01-consecutive-breaker": true}
	d := start(t, f, 100, 30)
	d.keys("x")
	d.wantView("Put back the bundled tests of 01-consecutive-breaker? Your code is kept.")
	f.outdated = nil
	f.pass("01-consecutive-breaker")
	d.keys("y")
	if len(f.restores) != 1 || len(f.resets) != 0 {
		t.Fatalf("restores %v, resets %v; want one restore and no reset", f.restores, f.resets)
	}
}

func TestBuildErrorsShowFileAndLine(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	f := newFake()
	f.script["01-consecutive-breaker"] = grade.Report{Status: grade.BuildFailed,
		Summary:     "does not compile: breaker.go:12:3: undefined: x",
		BuildErrors: []grade.BuildError{{File: "breaker.go", Line: 12, Col: 3, Message: "undefined: x"}}}
	d := start(t, f, 100, 30)
	d.wantView("✗ BUILD", "01-consecutive-breaker/breaker.go:12:3: undefined: x")
}

func TestCheckAllThenCongratulate(t *testing.T) {
	f := newFake()
	var names []string
	for _, e := range exercises.All() {
		names = append(names, e.Name)
	}
	f.pass(names...)
	d := start(t, f, 100, 30)
	d.keys("c")
	if got := len(f.checked()); got != 1+total() {
		t.Fatalf("%d checks, want the first one and %d more", got, total())
	}
	d.wantView(of("All %d exercises pass"), "checked again just before")
	d.keys("l")
	d.wantView(fmt.Sprintf("%d/%d done", total(), total()))
}

// When the last exercise passes, everything is checked once more before
// the congratulations.
func TestLastPassRechecksEverything(t *testing.T) {
	f := newFake()
	for _, e := range exercises.All()[:total()-1] {
		f.done[e.Name] = true
		f.pass(e.Name)
	}
	f.current = last()
	d := start(t, f, 100, 30)
	if len(f.checked()) != 1 || d.m.screen != screenMain {
		t.Fatal("congratulated before the last exercise passed")
	}
	f.pass(last())
	d.keys("r")
	if got := len(f.checked()); got != 2+total() {
		t.Fatalf("%d checks, want 2 and the %d of the final recheck", got, total())
	}
	d.wantView(of("All %d exercises pass"))
}

func TestFailingRecheckWithholdsCongratulations(t *testing.T) {
	f := newFake()
	for _, e := range exercises.All() {
		f.done[e.Name], f.solved[e.Name] = true, true // passing, so solved, as in a workbook
		f.pass(e.Name)
	}
	f.script["05-time-window"] = failing("05-time-window") // it broke since it last passed
	d := start(t, f, 100, 30)
	if d.m.screen == screenCongrats {
		t.Fatal("congratulated although an exercise fails")
	}
	// It passed before, so it stays done in the count; the message and
	// the list say it fails now.
	d.wantView("final check found 1 exercises failing", fmt.Sprintf("%d/%d", total(), total()))
	d.keys("l")
	d.wantView("✗ done, failing now 05-time-window")
}

func TestSavesAreDebounced(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	f := newFake()
	d := start(t, f, 100, 30)
	before := len(f.checked())
	d.send(fileSavedMsg{"01-consecutive-breaker"}, fileSavedMsg{"01-consecutive-breaker"}, fileSavedMsg{"01-consecutive-breaker"})
	if got := len(f.checked()) - before; got != 1 {
		t.Fatalf("three quick saves ran the tests %d times, want once", got)
	}
	d.wantView("── Tests") // after a save the test details come first
	if i, j := strings.Index(d.view(), "── Tests"), strings.Index(d.view(), "── Task"); i > j {
		t.Fatal("after a save the test details should come before the task")
	}
	d.send(fileSavedMsg{"05-time-window"})
	if got := f.checked(); got[len(got)-1] != "05-time-window" {
		t.Fatalf("a save in another exercise was not tested: %v", got)
	}
}

func TestStaleResultsAreIgnored(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	f := newFake()
	d := start(t, f, 100, 30)
	d.m.gen["01-consecutive-breaker"] = 5
	d.send(checkedMsg{name: "01-consecutive-breaker", gen: 4, result: exercises.Result{Exercise: exercises.All()[0], Report: passing()}})
	if d.m.states["01-consecutive-breaker"] == stateDone {
		t.Fatal("a superseded check's result was recorded")
	}
}

func TestWatchFailureFallsBackToManual(t *testing.T) {
	// Not manual: the fake's workbook folder does not exist, so watching
	// fails (a missing exercise folder alone is watched for).
	m := New(newFake(), Options{NoColor: true, Renderer: lipgloss.NewRenderer(io.Discard)})
	d := &driver{t: t, m: m}
	d.send(tea.WindowSizeMsg{Width: 160, Height: 30})
	d.run(m.Init())
	d.wantView("Watching for saves failed (cannot watch /wb:", "not watching: r re-runs", "r re-run")
	d.send(watchErrMsg{errors.New("too many open files")})
	d.wantView("Watching for saves failed (too many open files)")
}

func TestQuitCancelsWork(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	d := start(t, newFake(), 100, 30)
	_, cmd := d.m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("q")})
	if cmd == nil {
		t.Fatal("q returned no command")
	}
	if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Fatal("q did not quit")
	}
}

func TestLeaveInsteadOfQuitWhenEmbedded(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	type left struct{}
	m := New(newFake(), Options{Manual: true, Leave: func() tea.Msg { return left{} }})
	_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("q")})
	if _, ok := cmd().(left); !ok {
		t.Fatal("q did not run the Leave command")
	}
	// esc on the main screen leaves too, and the key help says so.
	_, cmd = m.Update(tea.KeyMsg{Type: tea.KeyEsc})
	if cmd == nil {
		t.Fatal("esc in an embedded runner did nothing")
	}
	if _, ok := cmd().(left); !ok {
		t.Fatal("esc did not run the Leave command")
	}
	next, _ := m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	if v := ansi.Strip(next.(Model).View()); !strings.Contains(v, "q back") {
		t.Errorf("an embedded runner's help should say q goes back:\n%s", v)
	}
	// A standalone runner ignores esc on its main screen.
	alone := New(newFake(), Options{Manual: true})
	if _, cmd := alone.Update(tea.KeyMsg{Type: tea.KeyEsc}); cmd != nil {
		t.Error("esc on a standalone runner's main screen should do nothing")
	}
}

func TestNoticeShownAtFirst(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	m := New(newFake(), Options{Manual: true, Notice: "Wrote a workbook of 12 exercises to /wb."})
	next, _ := m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	if v := ansi.Strip(next.(Model).View()); !strings.Contains(v, "Wrote a workbook of 12 exercises to /wb.") {
		t.Errorf("the notice should be on screen when the runner opens:\n%s", v)
	}
}

// Every screen, at every size from 1×1 up, renders without panicking and
// fits the terminal.
func TestEverySizeFits(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	sizes := [][2]int{{1, 1}, {2, 1}, {1, 5}, {5, 2}, {12, 4}, {29, 7}, {30, 8}, {31, 9}, {40, 10}, {80, 24}, {100, 30}, {200, 60}}
	screens := map[string]func(*driver){
		"main":     func(d *driver) {},
		"hints":    func(d *driver) { d.keys("h", "h", "h") },
		"list":     func(d *driver) { d.keys("l", "/", "zzz") },
		"confirm":  func(d *driver) { d.keys("x") },
		"help":     func(d *driver) { d.keys("?") },
		"scrolled": func(d *driver) { d.keys("G") },
		"congrats": func(d *driver) { d.m.screen = screenCongrats },
	}
	for name, setup := range screens {
		for _, s := range sizes {
			t.Run(fmt.Sprintf("%s/%dx%d", name, s[0], s[1]), func(t *testing.T) {
				d := start(t, newFake(), 100, 30)
				setup(d)
				d.send(tea.WindowSizeMsg{Width: s[0], Height: s[1]})
				d.view()
				d.keys("down", "up", "j")
				d.view()
			})
		}
	}
	d := start(t, newFake(), 0, 0)
	if v := d.m.View(); v != "" {
		t.Fatalf("View before the first size message = %q, want empty", v)
	}
}

func TestTinyTerminalSaysWhatItNeeds(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	d := start(t, newFake(), 20, 5)
	d.wantView("breakerlab", "needs 30×8")
}

func TestNoColorMeansNoColour(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	for _, noColor := range []bool{false, true} {
		f := newFake()
		r := lipgloss.NewRenderer(io.Discard)
		r.SetColorProfile(termenv.TrueColor)
		m := New(f, Options{Manual: true, NoColor: noColor, Renderer: r})
		d := &driver{t: t, m: m}
		d.send(tea.WindowSizeMsg{Width: 100, Height: 30})
		d.run(m.Init())
		hasColour := strings.Contains(d.m.View(), "38;2;")
		if hasColour == noColor {
			t.Errorf("NoColor %v: colour escapes present = %v", noColor, hasColour)
		}
		if !strings.Contains(ansi.Strip(d.m.View()), "✗ failing") {
			t.Errorf("NoColor %v: the state is not spelled out", noColor)
		}
	}
}

func TestWatcherSeesSaves(t *testing.T) {
	dir := t.TempDir()
	msg := startWatching(map[string]string{dir: "01-consecutive-breaker"})()
	ready, ok := msg.(watchReadyMsg)
	if !ok {
		t.Fatalf("startWatching = %#v", msg)
	}
	defer ready.w.close()
	got := make(chan tea.Msg, 1)
	go func() { got <- ready.w.next()() }()
	os.WriteFile(filepath.Join(dir, ".breaker.go.swp"), []byte("x"), 0o644) // an editor's temp file: ignored
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("x"), 0o644)
	os.WriteFile(filepath.Join(dir, "breaker.go"), []byte("package breaker\n"), 0o644)
	select {
	case m := <-got:
		if s, ok := m.(fileSavedMsg); !ok || s.name != "01-consecutive-breaker" {
			t.Fatalf("watcher sent %#v", m)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no message 5 s after saving a Go file")
	}
	// A missing exercise folder is watched for from its parent (see
	// TestTheWatcherWaitsForAMissingFolder); a missing workbook cannot be.
	if m := startWatching(map[string]string{filepath.Join(dir, "gone", "01-consecutive-breaker"): "x"})(); reflect.TypeOf(m) != reflect.TypeOf(watchErrMsg{}) {
		t.Fatalf("watching in a missing workbook = %#v, want an error message", m)
	}
}

// The task's Markdown shows **strong** words in bold, without asterisks,
// and paths with hyphens are never broken at a hyphen.
func TestTaskTextReadsAsText(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	m := New(newFake(), Options{Manual: true, Notice: "Edit 01-consecutive-breaker/breaker.go there: each save re-runs its tests."})
	next, _ := m.Update(tea.WindowSizeMsg{Width: 60, Height: 60})
	v := ansi.Strip(next.(Model).View())
	if strings.Contains(v, "**") {
		t.Errorf("Markdown's ** should not reach the screen:\n%s", v)
	}
	for _, l := range strings.Split(v, "\n") {
		if strings.HasSuffix(strings.TrimSpace(l), "01-") || strings.HasSuffix(strings.TrimSpace(l), "half-") {
			t.Errorf("a line breaks at a hyphen: %q", l)
		}
	}
	if !strings.Contains(v, "01-consecutive-breaker/breaker.go") {
		t.Errorf("the path should stay whole:\n%s", v)
	}
}

// A save that breaks a passing exercise must not leave "Passed!" on screen
// beside the compile error.
func TestCompileErrorAfterPassClearsThePassedMessage(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	f := newFake()
	f.pass("01-consecutive-breaker")
	d := start(t, f, 100, 30)
	d.wantView("Passed! n opens 02", of("1/%d"))
	f.mu.Lock()
	f.script["01-consecutive-breaker"] = grade.Report{Status: grade.BuildFailed, Summary: "build failed",
		BuildErrors: []grade.BuildError{{File: "breaker.go", Line: 12, Col: 2, Message: "undefined: x"}}}
	f.mu.Unlock()
	d.send(fileSavedMsg{"01-consecutive-breaker"})
	v := d.view()
	if strings.Contains(v, "Passed!") || !strings.Contains(v, "BUILD") {
		t.Fatalf("after a save that does not compile, the runner shows:\n%s", v)
	}
	// The pass sticks (the count keeps it), and the header says the code
	// fails now.
	d.wantView(of("1/%d"), "✗ done, failing now")
}

// While a check runs, the runner says so, with a spinner and the seconds
// it has taken, and keeps the done count until the result is in.
func TestACheckInProgressShowsItsElapsedTime(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	f := newFake()
	f.pass("01-consecutive-breaker")
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	m := New(f, Options{Manual: true, NoColor: true, Debounce: time.Millisecond, Parallel: 3,
		Tick: time.Microsecond, Now: func() time.Time { return clock },
		Renderer: lipgloss.NewRenderer(io.Discard)})
	d := &driver{t: t, m: m}
	d.send(tea.WindowSizeMsg{Width: 100, Height: 30})
	d.run(m.Init())
	d.wantView("PASS", of("1/%d"))
	// The learner saves; the debounce fires and the check starts, but its
	// go test has not answered yet: hold the command back.
	next, _ := d.m.Update(fileSavedMsg{"01-consecutive-breaker"})
	d.m = next.(Model)
	next, checkCmd := d.m.Update(debounceMsg{"01-consecutive-breaker", d.m.pending["01-consecutive-breaker"]})
	d.m = next.(Model)
	if checkCmd == nil {
		t.Fatal("the debounce started no check")
	}
	clock = clock.Add(12 * time.Second)
	next, _ = d.m.Update(tickMsg{})
	d.m = next.(Model)
	v := d.view()
	// No phase has come from the grader: the go command compiles first.
	for _, want := range []string{"compiling your code and the tests again (12 s so far)", "compiling 12 s", of("1/%d")} {
		if !strings.Contains(v, want) {
			t.Fatalf("a check running for 12 s: the view lacks %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "Passed!") {
		t.Fatalf("a check in progress still says Passed!:\n%s", v)
	}
	if frame := d.m.spinner(); frame == spinnerFrames[0] {
		t.Fatalf("the spinner did not move on a tick: %q", frame)
	}
}

// total is the number of exercises in the catalog; of puts it in a text.
func total() int { return len(exercises.All()) }

func of(format string) string { return fmt.Sprintf(format, total()) }

// last is the catalog's last exercise.
func last() string { return exercises.All()[total()-1].Name }

func TestMoreLinesInTheSingular(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	if got := moreLines(1); got != "1 more line" {
		t.Fatalf("moreLines(1) = %q", got)
	}
	if got := moreLines(3); got != "3 more lines" {
		t.Fatalf("moreLines(3) = %q", got)
	}
}

// A learner who debugs with prints sees in the runner why each test fails:
// the real check of code that prints 45 lines at every failure shows each
// failing test's file:line message, below the prints kept and a note of
// those left out (findings 1). The same check shows that a workbook's
// backend hands its grader's phases to the runner, with the time limit the
// runner was started with (--timeout): wantPhasesOf.
func TestFailuresShowPastPrints(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	w, err := exercises.Init(filepath.Join(stabledir.Dir(t), "wb"))
	if err != nil {
		t.Fatal(err)
	}
	e := exercises.All()[0]
	code := string(e.SolutionFiles()["breaker.go"])
	for old, mistaken := range map[string]string{
		// Opens one failure late, and prints 45 lines at every failure.
		"if b.failures >= b.threshold {":    "if b.failures > b.threshold {",
		"func (b *Breaker) OnFailure() {\n": "func (b *Breaker) OnFailure() {\n\tfor i := range 45 {\n\t\tfmt.Println(\"debug line\", i, b.failures)\n\t}\n",
	} {
		if !strings.Contains(code, old) {
			t.Fatalf("exercise 01's solution no longer has %q", old)
		}
		code = strings.Replace(code, old, mistaken, 1)
	}
	if err := os.WriteFile(w.MainFile(e), []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	// Tall enough for every failure with what it printed.
	b := &phaseRecorder{Backend: NewBackend(w, 40*time.Second)}
	d := startOn(t, b, 120, 1000)
	r := d.m.results[e.Name]
	wantPhasesOf(t, b, 40*time.Second, r.Report.Text())
	failures := r.Report.Failures()
	if len(failures) == 0 {
		t.Fatalf("no failing test; report:\n%s", r.Report.Text())
	}
	v := d.view()
	for _, ft := range failures {
		// The test's block in the view runs from its name to the next ✗ or ✓.
		_, block, ok := strings.Cut(v, "✗ "+ft.Name+"\n")
		if !ok {
			t.Fatalf("the view does not list %s:\n%s", ft.Name, v)
		}
		if i := strings.IndexAny(block, "✗✓"); i >= 0 {
			block = block[:i]
		}
		if !strings.Contains(block, "breaker_test.go:") {
			t.Errorf("the view does not show why %s failed:\n%s", ft.Name, block)
		}
	}
	d.wantView("debug line 0", "lines your code printed are not shown")
}
