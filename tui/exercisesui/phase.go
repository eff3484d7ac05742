package exercisesui

import (
	"fmt"
	"time"

	"github.com/breakerlab/breakerlab/exercises/grade"
	tea "github.com/charmbracelet/bubbletea"
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

// phaseLine is the line above the result while the check of name runs;
// again says that there is a last result below it.
func (m Model) phaseLine(name string, again bool) string {
	p := m.phase[name]
	what := "compiling your code and the tests"
	so := fmt.Sprintf("%d s so far", m.elapsed(name))
	if p.Phase == grade.Testing {
		what = "running the tests"
		so += ", time limit " + seconds(p.Timeout)
	}
	if again {
		return fmt.Sprintf("%s %s again (%s); until they finish, the last result:", m.spinner(), what, so)
	}
	return fmt.Sprintf("%s %s… (%s)", m.spinner(), what, so)
}

// seconds writes a time limit in whole seconds, as the elapsed times are.
func seconds(d time.Duration) string {
	return fmt.Sprintf("%d s", int(d.Round(time.Second)/time.Second))
}
