package cli

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/exercises/grade"
)

// screen is what a terminal shows after the bytes check wrote to its
// standard error: "\r" goes back to the start of the line, "\x1b[K" clears
// the rest of it, "\n" starts a new one.
func screen(out string) []string {
	lines := []string{""}
	col := 0
	for len(out) > 0 {
		switch {
		case strings.HasPrefix(out, "\x1b[K"):
			last := []rune(lines[len(lines)-1])
			lines[len(lines)-1] = string(last[:min(col, len(last))])
			out = out[len("\x1b[K"):]
			continue
		case out[0] == '\r':
			col = 0
		case out[0] == '\n':
			lines, col = append(lines, ""), 0
		default:
			r := []rune(out)[0]
			last := []rune(lines[len(lines)-1])
			if col < len(last) {
				last[col] = r
			} else {
				last = append(last, r)
			}
			lines[len(lines)-1], col = string(last), col+1
			out = out[len(string(r)):]
			continue
		}
		out = out[1:]
	}
	return lines
}

// clockedLine is a phase line width columns wide for total exercises,
// what it writes, and how the test moves its clock on.
func clockedLine(width, total int) (*phaseLine, *bytes.Buffer, func(time.Duration)) {
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	out := &bytes.Buffer{}
	l := newPhaseLine(out, width, total, func() time.Time { return clock })
	return l, out, func(d time.Duration) { clock = clock.Add(d) }
}

// On a terminal, check says what it is doing while the learner waits, in
// the runner's phases: compiling, then running the tests with the seconds
// so far and the time limit, on one line rewritten in place that fits the
// terminal. Past exercises.StuckAfter of running, the runner's note on
// why (exercises.StuckNote) comes once, with how to stop the run; and the
// line is gone when check is done.
func TestCheckShowsItsPhasesOnATerminal(t *testing.T) {
	l, out, pass := clockedLine(40, 1)
	e := exercises.All()[0]
	testing30 := grade.Progress{Phase: grade.Testing, Timeout: 30 * time.Second}
	last := func() string {
		s := screen(out.String())
		return s[len(s)-1]
	}

	// The line is cut to the terminal's width less one column: a line
	// that wrapped could not be rewritten in place, and writing the last
	// column wraps it on some terminals.
	fits := func(what, want string) {
		t.Helper()
		if got := last(); got != string([]rune(want)[:38])+"…" {
			t.Fatalf("%s, the line is %q, want %q cut to 39 columns", what, got, want)
		}
	}
	l.phase(e, grade.Progress{Phase: grade.Compiling, Timeout: 30 * time.Second})
	pass(2 * time.Second)
	l.tick()
	fits("compiling", "compiling your code and the tests… (2 s so far)")
	l.phase(e, testing30)
	pass(4 * time.Second)
	l.tick()
	fits("running", "running the tests… (4 s so far, time limit 30 s)")
	if strings.Contains(out.String(), "may be stuck") {
		t.Fatalf("4 s into the tests, check already says they may be stuck:\n%q", out.String())
	}
	pass(time.Second)
	l.tick()
	l.tick()
	note := exercises.StuckNote(testing30, exercises.StuckAfter) + " " + ctrlCStops
	if s := screen(out.String()); len(s) != 2 || s[0] != note || !strings.HasPrefix(s[1], "running the tests… (5 s so far") {
		t.Fatalf("5 s into the tests the terminal shows\n%q\nwant the note once, %q, above the line", s, note)
	}
	l.finished(e)
	l.clear()
	if s := screen(out.String()); len(s) != 2 || s[0] != note || s[1] != "" {
		t.Fatalf("once check is done the terminal shows %q; want the note, and the line cleared", s)
	}
}

// Several exercises at once: the line counts those done and says what the
// others are doing, each by name; a note on tests that may be stuck names
// its exercise.
func TestCheckAllShowsWhatEachIsDoing(t *testing.T) {
	all := exercises.All()
	l, out, pass := clockedLine(200, len(all))
	l.phase(all[0], grade.Progress{Phase: grade.Compiling})
	l.phase(all[1], grade.Progress{Phase: grade.Testing, Timeout: 30 * time.Second})
	l.phase(all[3], grade.Progress{Phase: grade.Compiling})
	l.finished(all[2])
	pass(6 * time.Second)
	l.tick()
	l.tick()
	s := screen(out.String())
	wantLine := "1 of " + strconv.Itoa(len(all)) + " checked; compiling " + all[0].Name + " 6 s, " + all[3].Name + " 6 s; running tests " + all[1].Name + " 6/30 s"
	wantNote := all[1].Name + ": " + exercises.StuckNote(grade.Progress{Phase: grade.Testing}, exercises.StuckAfter) + " " + ctrlCStops
	// Two exercises compile long on one Go cache: why is said once.
	slow := exercises.SlowBuildNote(grade.Progress{Phase: grade.Compiling}, exercises.SlowBuildAfter)
	if want := []string{slow, wantNote, wantLine}; !slices.Equal(s, want) {
		t.Fatalf("the terminal shows\n%q\nwant\n%q", s, want)
	}
}

// A build says why it may take minutes only once it has lasted: on a warm
// Go cache a check compiles within a second, and a note on the first
// build's minutes before every check was noise.
func TestCheckSaysWhyABuildIsSlowOnlyWhenItIs(t *testing.T) {
	l, out, pass := clockedLine(80, 1)
	e := exercises.All()[0]
	compiling := grade.Progress{Phase: grade.Compiling, Timeout: 30 * time.Second}
	l.phase(e, compiling)
	pass(exercises.SlowBuildAfter - time.Second)
	l.tick()
	if strings.Contains(out.String(), "fresh Go cache") {
		t.Fatalf("%v into the build, check already says why it is slow:\n%q", exercises.SlowBuildAfter-time.Second, out.String())
	}
	pass(time.Second)
	l.tick()
	l.tick()
	note := "The first build with a fresh Go cache can take from half a minute to two minutes, more on a busy machine."
	if s := screen(out.String()); len(s) != 2 || s[0] != note || !strings.HasPrefix(s[1], "compiling your code and the tests… (5 s so far)") {
		t.Fatalf("%v into the build the terminal shows\n%q\nwant the note once, %q, above the line", exercises.SlowBuildAfter, s, note)
	}
	// Running the tests is not building: no note for it.
	if got := exercises.SlowBuildNote(grade.Progress{Phase: grade.Testing}, time.Minute); got != "" {
		t.Fatalf("SlowBuildNote of a minute of tests = %q, want none", got)
	}
}

// Exercises graded in one go command end one by one, each before the
// results come in together: an exercise whose tests have run counts as
// checked at once, and counts once when its result comes; one graded again
// on its own (its build failed) is back to compiling until it ends again.
func TestCheckAllCountsWhatEnded(t *testing.T) {
	all := exercises.All()
	l, out, _ := clockedLine(200, len(all))
	last := func() string {
		s := screen(out.String())
		return s[len(s)-1]
	}
	of := " of " + strconv.Itoa(len(all)) + " checked"
	compiling := grade.Progress{Phase: grade.Compiling, Timeout: 30 * time.Second}
	ended := grade.Progress{Phase: grade.Ended, Timeout: 30 * time.Second}
	l.phase(all[0], compiling)
	l.phase(all[1], compiling)
	l.phase(all[0], grade.Progress{Phase: grade.Testing, Timeout: 30 * time.Second})
	l.phase(all[0], ended)
	if want := "1" + of + "; compiling " + all[1].Name + " 0 s"; last() != want {
		t.Fatalf("with one exercise's tests run the line is %q, want %q", last(), want)
	}
	l.phase(all[1], ended)
	l.phase(all[1], compiling) // graded again on its own
	if want := "1" + of + "; compiling " + all[1].Name + " 0 s"; last() != want {
		t.Fatalf("with one exercise graded again the line is %q, want %q", last(), want)
	}
	l.phase(all[1], ended)
	l.finished(all[0])
	l.finished(all[1])
	if want := "2" + of; last() != want {
		t.Fatalf("with both results in the line is %q, want %q", last(), want)
	}
}
