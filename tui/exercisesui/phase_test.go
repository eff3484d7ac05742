package exercisesui

import (
	"context"
	"io"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/exercises/grade"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// gatedBackend is the fake whose checks tell, as their grader would, each
// phase the test sends on steps, and return once steps is closed.
type gatedBackend struct {
	*fake
	steps chan grade.Progress
}

func (g gatedBackend) Check(ctx context.Context, e exercises.Exercise, progress func(grade.Progress)) exercises.Result {
	for p := range g.steps {
		progress(p)
	}
	return g.fake.Check(ctx, e, nil)
}

// asyncDriver runs the runner's commands on goroutines, as bubbletea does,
// so that a check can be in progress while the test looks at the screen.
type asyncDriver struct {
	t    *testing.T
	m    Model
	msgs chan tea.Msg
	quit chan struct{} // closed at the end of the test: commands still out stop sending
}

func (d *asyncDriver) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() {
		switch msg := cmd().(type) {
		case nil:
		case tea.BatchMsg:
			for _, c := range msg {
				d.run(c)
			}
		default:
			select {
			case d.msgs <- msg:
			case <-d.quit:
			}
		}
	}()
}

// until hands the model the messages its commands send, until one of the
// type of want has been taken.
func until[T tea.Msg](d *asyncDriver) {
	d.t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case msg := <-d.msgs:
			next, cmd := d.m.Update(msg)
			d.m = next.(Model)
			d.run(cmd)
			if _, ok := msg.(T); ok {
				return
			}
		case <-timeout:
			var want T
			d.t.Fatalf("no %T came in 10 s", want)
		}
	}
}

// While the learner waits on a check, the runner says which wait it is:
// compiling, then the tests running, with the seconds of each phase and,
// while the tests run, the time limit they are stopped at. The state in
// the header keeps room for the mode beside the longest file name at 80
// columns, and the line above the result says it in words.
func TestACheckInProgressShowsItsPhase(t *testing.T) {
	f := newFake()
	g := gatedBackend{f, make(chan grade.Progress)}
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	m := New(g, Options{Manual: true, NoColor: true, Tick: 5 * time.Millisecond,
		Now: func() time.Time { return clock }, Renderer: lipgloss.NewRenderer(io.Discard)})
	d := &asyncDriver{t: t, m: m, msgs: make(chan tea.Msg), quit: make(chan struct{})}
	t.Cleanup(func() { close(d.quit) })
	// header is the state line, and the line above the result, at a size.
	show := func(width, height int) (header, body string) {
		t.Helper()
		next, _ := d.m.Update(tea.WindowSizeMsg{Width: width, Height: height})
		v := next.(Model).View()
		checkFits(t, v, width, height)
		lines := strings.Split(ansi.Strip(v), "\n")
		return lines[1], strings.Join(lines[3:6], " ")
	}
	want := func(state, line string) {
		t.Helper()
		for _, sz := range [][2]int{{80, 24}, {100, 30}} {
			header, body := show(sz[0], sz[1])
			if !strings.HasPrefix(header, state+"  01-consecutive-breaker/breaker.go") || !strings.HasSuffix(header, "manual: r re-runs") {
				t.Fatalf("at %dx%d the state line is %q, want %q, the file and the mode", sz[0], sz[1], header, state)
			}
			if !strings.Contains(body, line) {
				t.Fatalf("at %dx%d the screen lacks %q above the result:\n%s", sz[0], sz[1], line, body)
			}
		}
	}
	frame := func() string { return d.m.spinner() }

	d.run(func() tea.Msg { return startMsg{} })
	until[startMsg](d)
	// The go command has not said anything yet: it starts by compiling.
	want(frame()+" compiling 0 s", "compiling your code and the tests… (0 s so far)")

	g.steps <- grade.Progress{Phase: grade.Compiling, Timeout: 30 * time.Second}
	until[phaseMsg](d)
	clock = clock.Add(3 * time.Second)
	until[tickMsg](d)
	want(frame()+" compiling 3 s", "compiling your code and the tests… (3 s so far)")

	// The test binary starts: the seconds start again, beside the limit.
	g.steps <- grade.Progress{Phase: grade.Testing, Timeout: 30 * time.Second}
	until[phaseMsg](d)
	clock = clock.Add(2 * time.Second)
	until[tickMsg](d)
	want(frame()+" running tests 2/30 s", "running the tests… (2 s so far, time limit 30 s)")

	close(g.steps)
	until[checkedMsg](d)
	want("✗ failing", "1 of 2 tests pass")
}

// phaseRecorder is a Backend that keeps the phases its checks tell the
// runner, on their way to it.
type phaseRecorder struct {
	Backend
	mu  sync.Mutex
	got []grade.Progress
}

func (r *phaseRecorder) Check(ctx context.Context, e exercises.Exercise, progress func(grade.Progress)) exercises.Result {
	return r.Backend.Check(ctx, e, func(p grade.Progress) {
		r.mu.Lock()
		r.got = append(r.got, p)
		r.mu.Unlock()
		progress(p)
	})
}

// wantPhasesOf checks that a workbook's backend, made with a time limit
// of limit (--timeout), handed the runner its grader's phases with that
// limit, for one check whose code compiled: compiling, then the tests
// running. The check is another test's (TestFailuresShowPastPrints): a
// go command of its own would cost a second or more of CPU.
func wantPhasesOf(t *testing.T, r *phaseRecorder, limit time.Duration, report string) {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	want := []grade.Progress{{Phase: grade.Compiling, Timeout: limit}, {Phase: grade.Testing, Timeout: limit}}
	if !slices.Equal(r.got, want) {
		t.Fatalf("the check told %v, want %v; report:\n%s", r.got, want, report)
	}
}
