//go:build linux || darwin

package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A full-screen program sent SIGTERM from outside (kill, a closing
// session) exits 143, as a shell reports a program SIGTERM ended and as the
// headless lab exits, with the terminal given back (the alternate screen
// left) and not a word after it. Bubbletea turns SIGTERM into a quit, as if
// q had been pressed, and the program exited 0: a script running it went
// on as if the learner had quit.
func TestPtyAFullScreenProgramTerminatedExits143(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args  []string
		shown string // a word of the screen once it is drawn
	}{
		{[]string{"sandbox", "cascade"}, "Worker pool"},
		{nil, "Sandbox"}, // the home screen
	} {
		t.Run(strings.Join(append([]string{"breakerlab"}, c.args...), " "), func(t *testing.T) {
			t.Parallel()
			d := startDialogue(t, []string{"BREAKERLAB_THEME=dark"}, c.args...)
			d.waitFor(c.shown)
			if err := d.cmd.Process.Signal(syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
			err := d.end()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 143 {
				t.Errorf("sent SIGTERM, it ended with %v, want exit status 143", err)
			}
			_, after, left := strings.Cut(d.got.String(), "\x1b[?1049l")
			if !left {
				t.Fatalf("the program never left the alternate screen: %q", d.got.String())
			}
			if words := strings.TrimSpace(ansiSequence.ReplaceAllString(after, "")); words != "" {
				t.Errorf("after the screen, the terminal shows %q, want nothing", words)
			}
		})
	}
}

// ansiSequence is a terminal's control sequence: CSI, OSC, or a two-byte
// escape.
var ansiSequence = regexp.MustCompile(`\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])`)

// A headless command without a handler of its own still ends by SIGTERM,
// as before the full-screen programs' watch (which asks for the signal,
// and so takes it from its default action) passes it on: here run,
// waiting to open a scenario file no one writes.
func TestAHeadlessCommandStillEndsBySIGTERM(t *testing.T) {
	t.Parallel()
	fifo := filepath.Join(t.TempDir(), "never.toml")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no named pipe:", err)
	}
	cmd := exec.Command(os.Args[0], "run", fifo)
	cmd.Env = append(append(os.Environ(), "BREAKERLAB_TEST_AS_MAIN=1"), ptyEnv(t)...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	// Time for the command to reach the open; a signal before it (in
	// the runtime's start) ends it the same way.
	time.Sleep(200 * time.Millisecond)
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	var err error
	select {
	case err = <-exited:
	case <-time.After(15 * time.Second): // the watch's grace, and ample room
		t.Fatal("run still waits 15 s after SIGTERM")
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		t.Fatalf("sent SIGTERM, run ended with %v, want SIGTERM", err)
	}
	if ws, ok := exit.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGTERM {
		t.Errorf("sent SIGTERM, run ended with %v, want SIGTERM (143 to a shell)", err)
	}
}
