package exercisesui

import (
	"fmt"
	"time"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/exercises/grade"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// phaseBox carries the phases of one check from its grader to the runner.
// It holds only the newest phase the runner has not yet taken: the grader
// tells it from the goroutine reading go test's output, and must never
// wait for the runner's Update to come round.
type phaseBox struct {
	ch   chan grade.Progress // holds at most the newest phase not yet taken
	done chan struct{}       // closed when the check has returned
}

func newPhaseBox() *phaseBox {
	return &phaseBox{ch: make(chan grade.Progress, 1), done: make(chan struct{})}
}

// put replaces a phase not yet taken with p. There is one grader a box, so
// after the box is emptied, the send finds room.
func (b *phaseBox) put(p grade.Progress) {
	for {
		select {
		case b.ch <- p:
			return
		default:
		}
		select {
		case <-b.ch:
		default:
		}
	}
}

// phaseMsg says that the check gen of an exercise entered a phase.
type phaseMsg struct {
	name     string
	gen      int
	progress grade.Progress
	box      *phaseBox
}

// wait is a command that returns the next phase the grader tells, or nil
// once the check has returned (its checkedMsg says the rest).
func (b *phaseBox) wait(name string, gen int) tea.Cmd {
	return func() tea.Msg {
		select {
		case p := <-b.ch:
			return phaseMsg{name: name, gen: gen, progress: p, box: b}
		case <-b.done:
			return nil
		}
	}
}

// phaseState words what the check of name is doing, for the header and the
// list: "compiling 3 s", or "running tests 2/30 s" (the seconds so far of
// the tests' time limit). Short enough that the header's mode still fits
// beside it and the longest file name at 80 columns.
func (m Model) phaseState(name string) string {
	p := m.phase[name]
	if p.Phase == grade.Testing {
		return fmt.Sprintf("running tests %d/%s", m.elapsed(name), seconds(p.Timeout))
	}
	return fmt.Sprintf("compiling %d s", m.elapsed(name))
}

// phaseCell words what the check of name is doing in at most width cells,
// for the list's state column: as phaseState does where it fits, else
// shorter, so that a check in progress neither widens the column nor
// moves the names each second.
func (m Model) phaseCell(name string, width int) string {
	p := m.phase[name]
	forms := []string{m.phaseState(name), "compiling", "building"}
	if p.Phase == grade.Testing {
		forms = []string{m.phaseState(name), fmt.Sprintf("tests %d/%s", m.elapsed(name), seconds(p.Timeout)), "testing"}
	}
	for _, f := range forms {
		if ansi.StringWidth(f) <= width {
			return f
		}
	}
	return ansi.Truncate(forms[len(forms)-1], width, "")
}

// phaseLines are the lines above the result while the check of name runs;
// again says that there is a last result below them. A phase that lasts
// well past its usual time gets a second line saying why it may.
func (m Model) phaseLines(name string, again bool) []string {
	p := m.phase[name]
	s := m.elapsed(name)
	what := "compiling your code and the tests"
	so := fmt.Sprintf("%d s so far", s)
	note := ""
	switch {
	case p.Phase == grade.Testing:
		what = "running the tests"
		so += ", time limit " + seconds(p.Timeout)
		if stuck := exercises.StuckNote(p, time.Duration(s)*time.Second); stuck != "" {
			note = stuck + " " + m.stopsTheRun()
		}
	default:
		note = exercises.SlowBuildNote(p, time.Duration(s)*time.Second)
	}
	if note == "" {
		if again {
			return []string{fmt.Sprintf("%s %s again (%s); until they finish, the last result:", m.spinner(), what, so)}
		}
		return []string{fmt.Sprintf("%s %s… (%s)", m.spinner(), what, so)}
	}
	if again {
		return []string{fmt.Sprintf("%s %s again (%s).", m.spinner(), what, so), note + " Until this run ends, the last result:"}
	}
	return []string{fmt.Sprintf("%s %s… (%s)", m.spinner(), what, so), note}
}

// stopsTheRun says how the learner stops tests that may be stuck: a save
// while the watcher runs, as any save does (startCheck cancels the run
// before it), or r.
func (m Model) stopsTheRun() string {
	if m.opt.Manual || m.watchErr != nil {
		return "r stops this run and tests again."
	}
	return "Saving a change stops this run and tests again."
}

// seconds writes a time limit in whole seconds, as the elapsed times are.
func seconds(d time.Duration) string {
	return fmt.Sprintf("%d s", int(d.Round(time.Second)/time.Second))
}
