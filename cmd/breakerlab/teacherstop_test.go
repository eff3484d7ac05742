//go:build linux || darwin

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// ptyDialogue is breakerlab (this test binary, as main) on a
// pseudo-terminal of 100 × 30, in ptyEnv's environment with env over it,
// to be talked to: waitFor reads until the terminal shows a text, type
// writes keys, end waits for the program to end.
type ptyDialogue struct {
	t        *testing.T
	cmd      *exec.Cmd
	ptm      *os.File
	got      bytes.Buffer
	chunks   chan []byte
	deadline <-chan time.Time
}

func startDialogue(t *testing.T, env []string, args ...string) *ptyDialogue {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "BREAKERLAB_TEST_AS_MAIN=1", "TERM=xterm-256color")
	cmd.Env = append(append(cmd.Env, ptyEnv(t)...), env...)
	ptm, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 30, Cols: 100})
	if err != nil {
		t.Skip("no pseudo-terminal:", err)
	}
	d := &ptyDialogue{t: t, cmd: cmd, ptm: ptm, chunks: make(chan []byte, 64), deadline: time.After(30 * time.Second)}
	go func() {
		defer close(d.chunks)
		for {
			b := make([]byte, 4096)
			n, err := ptm.Read(b)
			if n > 0 {
				d.chunks <- b[:n]
			}
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		ptm.Close()
	})
	return d
}

func (d *ptyDialogue) waitFor(what string) {
	d.t.Helper()
	for !strings.Contains(d.got.String(), what) {
		select {
		case b, ok := <-d.chunks:
			if !ok {
				d.t.Fatalf("the program ended before showing %q: %q", what, d.got.String())
			}
			d.got.Write(b)
		case <-d.deadline:
			d.t.Fatalf("no %q within 30 s: %q", what, d.got.String())
		}
	}
}

func (d *ptyDialogue) typeKeys(keys string) { d.ptm.WriteString(keys) }

// end reads what the program writes until it ends, and its exit.
func (d *ptyDialogue) end() error {
	d.t.Helper()
	for {
		select {
		case b, ok := <-d.chunks:
			if !ok {
				return d.cmd.Wait()
			}
			d.got.Write(b)
		case <-d.deadline:
			d.t.Fatalf("the program did not end: %q", d.got.String())
		}
	}
}

// serve --teacher gives its terminal to the teacher's screen and its log
// to a file, so the log's "stopped" never reached the teacher: quitting
// the screen (q, then y to the question) left a shell prompt with not a
// word. The terminal the screen gives back now says the server stopped
// and where the class's log is.
func TestPtyTeacherSeesTheServerStop(t *testing.T) {
	t.Parallel()
	// A theme set: no background question to wait out.
	d := startDialogue(t, []string{"BREAKERLAB_THEME=dark"}, "serve", "--teacher", "--listen", "127.0.0.1:0", "--data-dir", t.TempDir())
	d.waitFor("Sandbox") // the teacher's home screen
	d.typeKeys("q")
	d.waitFor("Press y to stop the server")
	d.typeKeys("y")
	if err := d.end(); err != nil {
		t.Errorf("serve --teacher ended with %v after y, want success", err)
	}
	// What the screen left on the terminal after the alternate screen.
	_, after, _ := strings.Cut(d.got.String(), "\x1b[?1049l")
	if !strings.Contains(after, "breakerlab serve: stopped") || !strings.Contains(after, "serve.log") {
		t.Errorf("after the teacher's screen, the terminal shows %q, want the server's stop and the log's file", after)
	}
}

// A SIGINT from outside (kill -INT; the screen's own ctrl+c is a key)
// stops the server as ctrl+c in a plain serve does. The teacher's screen
// had bubbletea's handler beside the command's: both got the signal, and
// now and then bubbletea's sent its message to a screen the command had
// already ended, and waited for ever: serve never stopped. A SIGTERM
// stops it too.
//
// Under -race the child is race-built: the screen used to end by its
// program's context, bubbletea's kill path, which closes the input
// reader while its read loop may still be in it, and the child reported
// that data race (exit 66) in about one stop in four.
func TestPtyTeacherInterruptedStopsTheServer(t *testing.T) {
	t.Parallel()
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			t.Parallel()
			d := startDialogue(t, []string{"BREAKERLAB_THEME=dark"}, "serve", "--teacher", "--listen", "127.0.0.1:0", "--data-dir", t.TempDir())
			d.waitFor("Sandbox")
			if err := d.cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			if err := d.end(); err != nil {
				t.Errorf("serve --teacher sent %v ended with %v, want success: %q", sig, err, d.got.String())
			}
			if _, after, _ := strings.Cut(d.got.String(), leaveAltScreen); !strings.Contains(after, "breakerlab serve: stopped") {
				t.Errorf("serve --teacher sent %v did not say it stopped after its screen: %q", sig, d.got.String())
			}
		})
	}
}

// A class password too short is asked for again, up to three times, as
// passwd does: the command used to end with a usage error at the first
// mistyped password, and the teacher typed it all again.
func TestPtyAShortClassPasswordIsAskedAgain(t *testing.T) {
	// Its two programs are this test binary run as main, race-built under
	// -race. The password is read before serve starts anything; the server
	// it then starts, and a dialogue like this one, run under -race in
	// TestPtyTeacherSeesTheServerStop.
	racefree.Only(t)
	t.Parallel()
	d := startDialogue(t, []string{"BREAKERLAB_THEME=dark"}, "serve", "--password", "--listen", "127.0.0.1:0", "--data-dir", t.TempDir())
	d.waitFor("Class password")
	d.typeKeys("abc\r")
	d.waitFor("Too short: at least 6 characters, got 3. Try again.")
	d.typeKeys("secret1\r")
	d.waitFor("students connect with")
	if n := strings.Count(d.got.String(), "Class password (students type it"); n != 2 {
		t.Errorf("the password was asked for %d times, want 2: %q", n, d.got.String())
	}

	// Three short ones end it, saying why.
	d = startDialogue(t, []string{"BREAKERLAB_THEME=dark"}, "serve", "--password", "--listen", "127.0.0.1:0", "--data-dir", t.TempDir())
	for range 3 {
		d.waitFor("Class password")
		d.got.Reset()
		d.typeKeys("abc\r")
	}
	if err := d.end(); err == nil || !strings.Contains(d.got.String(), "at least 6 characters, got 3 (3 tries)") {
		t.Errorf("three short passwords: exit %v, shown %q", err, d.got.String())
	}
}

// A full-screen program sent SIGINT from outside (`kill -INT`; its own
// terminal's ctrl+c is a key) exits 130, as the headless lab and a shell's
// interrupted program do, so that a script running it stops too. It
// exited 1, as for any error.
func TestPtyAFullScreenProgramInterruptedExits130(t *testing.T) {
	t.Parallel()
	d := startDialogue(t, []string{"BREAKERLAB_THEME=dark"}, "sandbox", "checkout")
	d.waitFor("checkout")
	d.interruptExits130("once its screen shows")
}

// So does one sent the instant the program takes the terminal, before it
// has drawn a thing. Bubbletea asked for SIGINT in a goroutine its Run
// started, so a SIGINT that came first met Go's default action: the
// process died of it, the terminal left raw on the alternate screen.
// GOMAXPROCS=1 keeps that goroutine waiting while the program sets the
// terminal up, as a loaded machine does now and then; fullscreen.Run asks
// for the signal before the program starts.
func TestPtyAFullScreenProgramInterruptedAsItStartsExits130(t *testing.T) {
	t.Parallel()
	d := startDialogue(t, []string{"BREAKERLAB_THEME=dark", "GOMAXPROCS=1"}, "sandbox", "checkout")
	d.waitFor(enterAltScreen)
	d.interruptExits130("as it took the terminal")
}

// enterAltScreen and leaveAltScreen are what a program writes to take the
// whole terminal and to give it back.
const (
	enterAltScreen = "\x1b[?1049h"
	leaveAltScreen = "\x1b[?1049l"
)

// interruptExits130 sends the program SIGINT, and checks that it exits
// 130 having given the terminal back.
func (d *ptyDialogue) interruptExits130(when string) {
	d.t.Helper()
	if err := d.cmd.Process.Signal(syscall.SIGINT); err != nil {
		d.t.Fatal(err)
	}
	err := d.end()
	// A race-built program's race report does not change its exit 130:
	// bubbletea's kill path (its InterruptMsg) closed the input reader
	// while its read loop was in it, and said so now and then.
	if strings.Contains(d.got.String(), "WARNING: DATA RACE") {
		d.t.Errorf("the sandbox sent SIGINT %s reported a data race: %q", when, d.got.String())
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 130 {
		d.t.Errorf("the sandbox sent SIGINT %s ended with %v, want exit status 130", when, err)
	}
	if _, after, _ := strings.Cut(d.got.String(), enterAltScreen); !strings.Contains(after, leaveAltScreen) {
		d.t.Errorf("the sandbox sent SIGINT %s left the terminal on the alternate screen: %q", when, d.got.String())
	}
	// It says what ended it in the lab's words, not bubbletea's chain of
	// wrappings ("program was killed: program was interrupted").
	if _, after, _ := strings.Cut(d.got.String(), leaveAltScreen); !strings.Contains(after, "breakerlab sandbox: interrupt signal received") || strings.Contains(after, "killed") {
		d.t.Errorf("the sandbox sent SIGINT %s said %q after its screen, want \"breakerlab sandbox: interrupt signal received\"", when, after)
	}
}
