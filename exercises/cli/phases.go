package cli

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/exercises/grade"
)

// phaseLine shows on a terminal's standard error what check is doing while
// the learner waits, as the runner does: compiling, then running the tests
// against their time limit, with the seconds of each phase. It is one line,
// rewritten in place and cleared once check is done; tests that run past
// exercises.StuckAfter, and a build past exercises.SlowBuildAfter, get the
// runner's note on why, on a line of its own above it, which stays. Standard output, where the results go, is never
// written to.
type phaseLine struct {
	w     io.Writer
	width int // of the terminal; the line is cut to fit it
	now   func() time.Time

	mu     sync.Mutex
	total  int                   // exercises being checked
	done   map[string]bool       // of them, those checked, by name
	phases map[string]phaseSince // exercise name → the phase it is in
	noted  map[string]bool       // exercises whose stuck note is out
	built  bool                  // the slow build's note is out
	drawn  bool                  // a line is on the screen to clear
}

// phaseSince is a phase and when it began.
type phaseSince struct {
	grade.Progress
	since time.Time
}

// ctrlCStops is how a learner at `exercises check` stops tests that may be
// stuck: the interrupt cancels the check (cmd/breakerlab hands Run a
// context it cancels), which kills go test and its test binary.
const ctrlCStops = "Ctrl+C stops them."

func newPhaseLine(w io.Writer, width, total int, now func() time.Time) *phaseLine {
	return &phaseLine{w: w, width: width, now: now, total: total,
		done: map[string]bool{}, phases: map[string]phaseSince{}, noted: map[string]bool{}}
}

// phase is told each phase an exercise's check enters
// (exercises.CheckOptions.OnPhase); it returns at once. Of exercises
// checked at once, grade.Ended says one is checked, before its result
// comes with the others' (finished); one checked again on its own then
// goes back to compiling.
func (l *phaseLine) phase(e exercises.Exercise, p grade.Progress) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if p.Phase == grade.Ended {
		l.end(e)
		return
	}
	delete(l.done, e.Name)
	if old, ok := l.phases[e.Name]; !ok || old.Phase != p.Phase {
		// A new phase: its seconds count from now, as in the runner.
		l.phases[e.Name] = phaseSince{p, l.now()}
		delete(l.noted, e.Name)
	}
	l.draw()
}

// finished is told each exercise whose check has returned, which may
// have ended (grade.Ended) already.
func (l *phaseLine) finished(e exercises.Exercise) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.end(e)
}

// end counts e as checked and redraws the line without it.
func (l *phaseLine) end(e exercises.Exercise) {
	l.done[e.Name] = true
	delete(l.phases, e.Name)
	l.draw()
}

// show redraws the line every period, for its seconds to move on, until
// the function it returns is called; that one clears the line.
func (l *phaseLine) show(period time.Duration) (stop func()) {
	quit, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		tick := time.NewTicker(period)
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
				l.tick()
			case <-quit:
				return
			}
		}
	}()
	return func() {
		close(quit)
		<-stopped
		l.clear()
	}
}

// tick redraws the line.
func (l *phaseLine) tick() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.draw()
}

// clear takes the line off the screen, before the results are printed.
func (l *phaseLine) clear() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.drawn {
		fmt.Fprint(l.w, "\r\x1b[K")
		l.drawn = false
	}
}

// draw writes the notes due, then the line in place of the last.
func (l *phaseLine) draw() {
	now := l.now()
	names := make([]string, 0, len(l.phases))
	for name := range l.phases {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		p := l.phases[name]
		// A slow build is the Go cache's, shared by every exercise: its
		// note comes once, whichever exercise compiles long first.
		if note := exercises.SlowBuildNote(p.Progress, now.Sub(p.since)); note != "" && !l.built {
			l.built = true
			fmt.Fprintf(l.w, "\r\x1b[K%s\n", note)
			l.drawn = false
		}
		note := exercises.StuckNote(p.Progress, now.Sub(p.since))
		if note == "" || l.noted[name] {
			continue
		}
		l.noted[name] = true
		if l.total > 1 {
			note = name + ": " + note
		}
		// The note is longer than a line: the terminal wraps it, and it
		// stays above the line rewritten below it.
		fmt.Fprintf(l.w, "\r\x1b[K%s %s\n", note, ctrlCStops)
		l.drawn = false
	}
	fmt.Fprintf(l.w, "\r%s\x1b[K", cut(l.text(names, now), l.width-1))
	l.drawn = true
}

// text is the line: for one exercise, its phase as the runner words it
// ("running the tests… (3 s so far, time limit 30 s)"); for several, how
// many are done and what the others are doing.
func (l *phaseLine) text(names []string, now time.Time) string {
	secs := func(p phaseSince) int { return int(now.Sub(p.since) / time.Second) }
	if l.total == 1 {
		if len(names) == 0 {
			return "checking…" // before the grader's first phase
		}
		p := l.phases[names[0]]
		if p.Phase == grade.Testing {
			return fmt.Sprintf("running the tests… (%d s so far, time limit %s)", secs(p), seconds(p.Timeout))
		}
		return fmt.Sprintf("compiling your code and the tests… (%d s so far)", secs(p))
	}
	var compiling, testing []string
	for _, name := range names {
		p := l.phases[name]
		if p.Phase == grade.Testing {
			testing = append(testing, fmt.Sprintf("%s %d/%s", name, secs(p), seconds(p.Timeout)))
		} else {
			compiling = append(compiling, fmt.Sprintf("%s %d s", name, secs(p)))
		}
	}
	parts := []string{fmt.Sprintf("%d of %d checked", len(l.done), l.total)}
	if len(compiling) > 0 {
		parts = append(parts, "compiling "+strings.Join(compiling, ", "))
	}
	if len(testing) > 0 {
		parts = append(parts, "running tests "+strings.Join(testing, ", "))
	}
	return strings.Join(parts, "; ")
}

// seconds writes a time limit in whole seconds, as the runner does.
func seconds(d time.Duration) string {
	return fmt.Sprintf("%d s", int(d.Round(time.Second)/time.Second))
}

// cut shortens s to at most n characters, ending it with "…" if cut: a line
// that wrapped could not be rewritten in place. The line is plain text
// (names of exercises, digits, punctuation), a character a column.
func cut(s string, n int) string {
	if n < 1 || utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}
