//go:build linux || darwin

package main

import (
	"errors"
	"os"
	"os/exec"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/creack/pty"
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
	cmd := exec.Command(os.Args[0], "version")
	cmd.Env = append(append(os.Environ(), "BREAKERLAB_TEST_AS_MAIN=1", "TERM=xterm-256color"), ptyEnv(t)...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = pts, pts, pts
	// The terminal's own session, with the program in its foreground:
	// only then is the terminal asked.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer cmd.Process.Kill()

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
				t.Fatalf("the terminal closed before it was asked: %q", drawn.String())
			}
			drawn.WriteString(s)
		case <-time.After(10 * time.Second):
			t.Fatalf("the terminal was not asked its background: %q", drawn.String())
		}
	}
	// A key, then Ctrl-C, as a hurried learner types them.
	ptm.WriteString("q\x03")

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
