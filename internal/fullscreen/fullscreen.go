// Package fullscreen runs the full-screen programs (a bubbletea program on
// the terminal) of this process, and owns what they share with it:
//
//   - a count of those running, so that the command's SIGTERM watch
//     (cmd/breakerlab) can tell the two cases a SIGTERM meets apart: a
//     full-screen program quits on it by itself and gives the terminal
//     back, and is worth waiting for; a headless command (run, sweep,
//     picture) has no one to end it, and the signal should take its
//     course at once;
//   - their SIGINT and SIGTERM. Bubbletea asks for them in a goroutine its
//     Run starts, so until that goroutine ran a signal had its default
//     action: a kill -INT (or a script's ctrl+c to its process group) in
//     the first instant of a screen ended the process there, the terminal
//     left raw, on the alternate screen. Run asks for them before the
//     program starts, and turns them into a quit (Run returns a SIGINT
//     as bubbletea's interrupt).
//
// It imports the standard library and bubbletea only, so any package that
// starts a program (tui/ and its screens, cmd/) may use it; the engine,
// lessons and exercises have no program to run.
package fullscreen

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"sync/atomic"
	"syscall"

	tea "github.com/charmbracelet/bubbletea"
)

// running is how many full-screen programs run now: more than one only
// while a screen opens another of its own.
var running atomic.Int32

// handedOver is how many commands Exec runs now, the terminal theirs.
var handedOver atomic.Int32

// setAside is told of each signal that came while the terminal was handed
// over, which no program acted on; a test replaces it to know one came.
var setAside = func(os.Signal) {}

// Begin counts a full-screen program as running until the returned end is
// called (once; a second call does nothing). A caller that still has work
// to finish after the program quits (waiting for the go test processes it
// started) calls it before the program and ends it after that work, so
// that a SIGTERM in between is waited for too.
func Begin() (end func()) {
	running.Add(1)
	var ended atomic.Bool
	return func() {
		if ended.CompareAndSwap(false, true) {
			running.Add(-1)
		}
	}
}

// Run runs the program of m with opts, counted as running until it
// returns, and returns what the program's Run returns. A SIGINT ends it
// with tea.ErrInterrupted and a SIGTERM quits it, as bubbletea's own
// handler would, from the moment Run is called.
func Run(m tea.Model, opts ...tea.ProgramOption) (tea.Model, error) {
	end := Begin()
	defer end()
	// Asked for before the program exists: from here on neither signal
	// has its default action.
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, syscall.SIGINT, syscall.SIGTERM)
	// bubbletea's handler would get each signal too: both would send a
	// message, and its own send, which does not give up when the program
	// ends, would block its Run's shutdown for good.
	p := tea.NewProgram(escPairs{m}, append(opts[:len(opts):len(opts)], tea.WithoutSignalHandler())...)
	done := make(chan struct{})
	forwarded := make(chan struct{})
	var interrupted atomic.Bool
	go func() {
		defer close(forwarded)
		forward(p, signals, done, &interrupted)
	}()
	defer func() {
		signal.Stop(signals)
		close(done)
		<-forwarded
	}()
	final, err := p.Run()
	if e, ok := final.(escPairs); ok {
		m = e.m
	}
	if err == nil && interrupted.Load() {
		// What bubbletea's Run returns for its InterruptMsg.
		err = fmt.Errorf("%w: %w", tea.ErrProgramKilled, tea.ErrInterrupted)
	}
	return m, err
}

// forward sends p the message of each signal that comes until done is
// closed. p.Send gives up once p has ended, so a signal that comes as it
// quits blocks nothing; one sent before p's event loop began waits for it.
//
// A SIGINT quits p too, and sets interrupted, for Run to return
// tea.ErrInterrupted: bubbletea's InterruptMsg ends a program by its kill
// path, which closes the terminal's input reader without waiting for the
// read loop still in it (bubbletea@v1.3.10/tea.go, shutdown(true)), a
// data race a race-built program reported now and then (5 in 40 kill
// -INTs of the sandbox). A quit waits for the read loop first.
func forward(p *tea.Program, signals <-chan os.Signal, done <-chan struct{}, interrupted *atomic.Bool) {
	for {
		select {
		case <-done:
			return
		case s := <-signals:
			// The command that has the terminal got it too: its
			// interrupt is its own (an editor's ctrl+c), not an end
			// of the program, as bubbletea ignores signals then.
			if handedOver.Load() > 0 {
				setAside(s)
				continue
			}
			if s == syscall.SIGINT {
				interrupted.Store(true)
			}
			p.Send(tea.QuitMsg{})
		}
	}
}

// Running reports whether a full-screen program runs now.
func Running() bool {
	return running.Load() > 0
}

// Exec is tea.ExecProcess for the programs Run runs: c has the terminal
// until it exits, and a SIGINT or SIGTERM that comes meanwhile is its
// own, not the program's.
func Exec(c *exec.Cmd, fn tea.ExecCallback) tea.Cmd {
	return tea.Exec(handOver{c}, fn)
}

// handOver is an exec.Cmd run by Exec. Like bubbletea's own wrapper it
// gives c the program's input and output only where c has none of its
// own.
type handOver struct{ c *exec.Cmd }

func (h handOver) Run() error {
	handedOver.Add(1)
	defer handedOver.Add(-1)
	return h.c.Run()
}

func (h handOver) SetStdin(r io.Reader) {
	if h.c.Stdin == nil {
		h.c.Stdin = r
	}
}

func (h handOver) SetStdout(w io.Writer) {
	if h.c.Stdout == nil {
		h.c.Stdout = w
	}
}

func (h handOver) SetStderr(w io.Writer) {
	if h.c.Stderr == nil {
		h.c.Stderr = w
	}
}
