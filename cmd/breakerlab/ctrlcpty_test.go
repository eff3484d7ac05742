//go:build linux || darwin

package main

import (
	"errors"
	"os"
	"os/exec"
	"os/signal"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/creack/pty"
	"golang.org/x/sys/unix"
)

// Ctrl-C typed while the program waits for the terminal's answer to the
// background question (the terminal in raw mode, which turns Ctrl-C into
// a byte) ends the program as Ctrl-C does before any handler is set: by
// SIGINT, exit status 130 to a shell, with nothing printed and the
// terminal's modes as they were. It used to be swallowed, and the command
// ran on.
func TestPtyCtrlCDuringTheBackgroundQuestion(t *testing.T) {
	t.Parallel()
	ptm, pts, err := pty.Open()
	if err != nil {
		t.Skip("no pseudo-terminal:", err)
	}
	defer ptm.Close()
	defer pts.Close()
	before, err := term.GetState(pts.Fd())
	if err != nil {
		t.Fatal(err)
	}
	// The keys must come within the program's wait (termbg.Timeout from
	// its question), which a test that pressed them on seeing the
	// question could not promise: on a loaded machine (the suite's -race
	// run, a load of 30) the wait ran out first. So the program's
	// question is held up: with the terminal's output full, its write
	// blocks, after it has put the terminal in raw mode and before its
	// wait begins. The keys are pressed then, and are there to be read
	// as the wait begins, however late the program or this test runs.
	fillOutput(t, pts)
	cmd := exec.Command(os.Args[0], "version")
	cmd.Env = append(append(os.Environ(), "BREAKERLAB_TEST_AS_MAIN=1", "TERM=xterm-256color"), ptyEnv(t)...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = pts, pts, pts
	// The terminal's own session, with the program in its foreground:
	// only then is the terminal asked.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	if err := startInterruptible(cmd); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer cmd.Process.Kill()

	// A change in the terminal's modes means the program is about to
	// ask: nothing else sets them before a command runs, and the
	// question's wait makes the terminal raw, where Ctrl-C is a byte and
	// no signal.
	deadline := time.Now().Add(10 * time.Second)
	for {
		now, err := term.GetState(pts.Fd())
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(now, before) {
			break
		}
		select {
		case err := <-exited:
			t.Fatalf("the program ended (%v) before it asked the terminal its background", err)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatal("the program did not put the terminal in raw mode to ask its background")
		}
		time.Sleep(5 * time.Millisecond)
	}
	// A key, then Ctrl-C, as a hurried learner types them.
	if _, err := ptm.WriteString("q\x03"); err != nil {
		t.Fatal(err)
	}

	chunks := make(chan string, 64)
	go func() {
		b := make([]byte, 4096)
		for {
			n, err := ptm.Read(b)
			if n > 0 {
				chunks <- string(b[:n])
			}
			if err != nil {
				close(chunks)
				return
			}
		}
	}()
	var drawn strings.Builder
	for !strings.Contains(drawn.String(), "\x1b[6n") {
		select {
		case s, ok := <-chunks:
			if !ok {
				t.Fatalf("the terminal closed before it was asked: %q", strings.TrimLeft(drawn.String(), "."))
			}
			drawn.WriteString(s)
		case <-time.After(10 * time.Second):
			t.Fatalf("the terminal was not asked its background: %q", strings.TrimLeft(drawn.String(), "."))
		}
	}

	select {
	case err = <-exited:
	case <-time.After(10 * time.Second):
		t.Fatal("the program still runs 10 s after Ctrl-C")
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		t.Fatalf("after Ctrl-C the program ended with %v, want SIGINT", err)
	}
	if ws, ok := exit.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGINT {
		t.Errorf("after Ctrl-C the program ended with %v, want SIGINT (130 to a shell)", err)
	}
	after, err := term.GetState(pts.Fd())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(before, after) {
		t.Errorf("the terminal's modes after Ctrl-C are %+v, were %+v", after, before)
	}
	// Whatever came after the question was drawn within this wait.
	time.Sleep(100 * time.Millisecond)
	for more := true; more; {
		select {
		case s := <-chunks:
			drawn.WriteString(s)
		default:
			more = false
		}
	}
	if _, rest, _ := strings.Cut(drawn.String(), "\x1b[6n"); strings.Contains(rest, "breakerlab") {
		t.Errorf("the command ran on after Ctrl-C: %q", rest)
	}
}

// startInterruptible starts cmd with SIGINT's default action, which
// ends it, as a shell starts a job in a terminal's foreground, whatever
// this test binary was given. `go tool test2json -t` ignores SIGINT before
// it runs a test binary (so that the binary, not it, sees a Ctrl-C), an
// ignored signal stays ignored across fork and exec, and the program,
// which honours an ignored SIGINT as it must under nohup, ran on after
// the Ctrl-C: the test failed there every time, and passed elsewhere. A
// signal this process catches is set back to its default in a child it
// starts, so SIGINT is caught, by a channel no one reads, while the child
// starts; Stop puts back what was there. It is caught whether or not it
// was ignored: signal.Ignored cannot tell once another test has caught
// and let go of SIGINT (run's ctrl+c), which leaves it ignored again. A
// SIGINT this binary gets in those moments is dropped.
func startInterruptible(cmd *exec.Cmd) error {
	caught := make(chan os.Signal, 1)
	signal.Notify(caught, os.Interrupt)
	defer signal.Stop(caught)
	return cmd.Start()
}

// fillOutput fills the terminal pts's output, which nothing reads yet,
// until one more byte would wait for a reader: the next write to it
// blocks until the other end reads. It writes through a descriptor of its
// own, without blocking; pts's is shared with the program, which must
// block. It fills it as the program writes, in raw mode: the terminal
// takes a write there while it has any room, where with its output
// processed (OPOST) it refused pieces the program's question then fitted
// in. The terminal moves what was written on to its other end's buffer
// after the write, making room meanwhile, so the pieces get smaller, down
// to a byte, until a byte has been refused for a while.
func fillOutput(t *testing.T, pts *os.File) {
	t.Helper()
	saved, err := term.MakeRaw(pts.Fd())
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := term.Restore(pts.Fd(), saved); err != nil {
			t.Fatal(err)
		}
	}()
	fd, err := unix.Open(pts.Name(), unix.O_WRONLY|unix.O_NONBLOCK|unix.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(fd)
	fill := []byte(strings.Repeat(".", 4096))
	refusedSince := time.Time{}
	for total := 0; ; {
		n, err := unix.Write(fd, fill)
		total += max(n, 0)
		switch {
		case err == unix.EAGAIN && len(fill) > 1:
			fill = fill[:len(fill)/2]
		case err == unix.EAGAIN && refusedSince.IsZero():
			refusedSince = time.Now()
		case err == unix.EAGAIN && time.Since(refusedSince) > 100*time.Millisecond:
			return
		case err == unix.EAGAIN:
			time.Sleep(time.Millisecond)
		case err != nil:
			t.Fatalf("filling the terminal's output: %v", err)
		default:
			refusedSince = time.Time{}
		}
		if total > 64<<20 {
			t.Fatalf("the terminal took %d bytes of output unread, and would not hold up the program's question", total)
		}
	}
}
