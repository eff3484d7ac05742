//go:build unix

package fullscreen

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// signalAtStart is a program option that sends this process sig as the
// program is made: before it has started, let alone asked bubbletea for
// signals, as a kill -INT in a screen's first instant comes.
func signalAtStart(t *testing.T, sig syscall.Signal) tea.ProgramOption {
	return func(*tea.Program) {
		if err := syscall.Kill(os.Getpid(), sig); err != nil {
			t.Error(err)
		}
	}
}

// waiting is a model that never quits by itself: only a signal ends its
// program. updates counts the messages it got.
type waiting struct{ updates *int }

func (w waiting) Init() tea.Cmd { return nil }

func (w waiting) Update(tea.Msg) (tea.Model, tea.Cmd) {
	*w.updates++
	return w, nil
}

func (w waiting) View() string { return "" }

// withDeadline ends a program a signal failed to end, so that the test
// says so instead of hanging.
func withDeadline(t *testing.T) tea.ProgramOption {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return tea.WithContext(ctx)
}

// A SIGINT that comes before the program has started ends it as one
// later does, with ErrInterrupted (the command's exit 130): it used to
// meet Go's default action, bubbletea not having asked for it yet, and
// end the process there, the terminal left raw on the alternate screen.
// Without Run's early request this test's binary dies of the signal. Not
// parallel: signals are the process's.
func TestASIGINTBeforeTheProgramStartsInterruptsIt(t *testing.T) {
	var updates int
	_, err := Run(waiting{&updates}, tea.WithInput(nil), tea.WithOutput(discard{}), withDeadline(t), signalAtStart(t, syscall.SIGINT))
	if !errors.Is(err, tea.ErrInterrupted) {
		t.Errorf("a SIGINT as the program started ended it with %v, want %v", err, tea.ErrInterrupted)
	}
}

// A SIGTERM that comes before the program has started quits it as q
// would: no error (the command's terminate watch makes the exit 143).
func TestASIGTERMBeforeTheProgramStartsQuitsIt(t *testing.T) {
	var updates int
	_, err := Run(waiting{&updates}, tea.WithInput(nil), tea.WithOutput(discard{}), withDeadline(t), signalAtStart(t, syscall.SIGTERM))
	if err != nil {
		t.Errorf("a SIGTERM as the program started ended it with %v, want a quit", err)
	}
}

// editing is a model that hands the terminal to cmd at once, and quits
// when cmd returns, keeping its error.
type editing struct {
	cmd *exec.Cmd
	err *error
}

type editedMsg struct{ err error }

func (e editing) Init() tea.Cmd {
	return Exec(e.cmd, func(err error) tea.Msg { return editedMsg{err} })
}

func (e editing) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if m, ok := msg.(editedMsg); ok {
		*e.err = m.err
		return e, tea.Quit
	}
	return e, nil
}

func (e editing) View() string { return "" }

// A SIGINT that comes while Exec has handed the terminal over is the
// command's (an editor's ctrl+c): the program goes on once it returns,
// as under bubbletea's own handler. The command sends this process the
// signal, then waits until Run has set it aside.
func TestASIGINTWhileTheTerminalIsHandedOverLeavesTheProgram(t *testing.T) {
	stdin, hold, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	var release sync.Once
	let := func() { release.Do(func() { hold.Close() }) }
	var asideMu sync.Mutex
	var aside []os.Signal
	saved := setAside
	setAside = func(s os.Signal) {
		asideMu.Lock()
		aside = append(aside, s)
		asideMu.Unlock()
		let()
	}
	defer func() { setAside = saved }()
	// Should Run act on the signal, the command would wait for ever.
	stop := time.AfterFunc(10*time.Second, let)
	defer stop.Stop()

	// The program reads its input again once the command returns: a nil
	// one would have it read from nothing and panic.
	input, silent, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer input.Close()
	defer silent.Close()

	cmd := exec.Command("sh", "-c", `kill -INT "$PPID" && cat >/dev/null`)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, io.Discard, io.Discard
	var ran error
	_, err = Run(editing{cmd, &ran}, tea.WithInput(input), tea.WithOutput(discard{}), withDeadline(t))
	if err != nil {
		t.Errorf("a SIGINT to the handed-over command ended the program with %v, want it to go on", err)
	}
	if ran != nil {
		t.Errorf("the command: %v", ran)
	}
	asideMu.Lock()
	defer asideMu.Unlock()
	if len(aside) != 1 || aside[0] != syscall.SIGINT {
		t.Errorf("set aside while handed over: %v, want the one SIGINT", aside)
	}
}
