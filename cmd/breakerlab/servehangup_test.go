//go:build linux || darwin

package main

import (
	"bytes"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// serve --teacher whose terminal goes away (its window closed, the tmux
// session or SSH connection it ran in ended: the kernel sends SIGHUP), or
// that is sent SIGHUP, stops as ctrl+c then y does: the connected student
// is told the class ended, and the log, in its file, says "stopped". It
// listened for ctrl+c and SIGTERM only, and SIGHUP's default action killed
// it: the student's screen went blank and the log ended mid-class.
func TestPtyServeStopsCleanlyOnHangUp(t *testing.T) {
	// Its server is this test binary run as main, race-built under -race;
	// the shutdown after the signal (serve's context ending) runs under
	// -race in TestPtyTeacherSeesTheServerStop, where q then y ends it.
	racefree.Only(t)
	t.Parallel()
	for _, c := range []struct {
		name   string
		hangUp func(d *ptyDialogue) error
	}{
		// The terminal itself closing: the pseudo-terminal's master end
		// closed, as tmux does when its session is killed.
		{"the terminal closed", func(d *ptyDialogue) error { return d.ptm.Close() }},
		{"kill -HUP", func(d *ptyDialogue) error { return d.cmd.Process.Signal(syscall.SIGHUP) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			d := startDialogue(t, []string{"BREAKERLAB_THEME=dark"}, "serve", "--teacher", "--listen", "127.0.0.1:0", "--data-dir", dir)
			d.waitFor("Sandbox") // the teacher's home screen
			m := regexp.MustCompile(`ssh -p ([0-9]+) YOUR-NAME@127\.0\.0\.1`).FindStringSubmatch(d.got.String())
			if m == nil {
				t.Fatalf("serve did not say its port: %q", d.got.String())
			}
			student := connectStudent(t, net.JoinHostPort("127.0.0.1", m[1]))
			student.waitFor(t, "Sandbox") // the student's home screen

			if err := c.hangUp(d); err != nil {
				t.Fatal(err)
			}
			exited := make(chan error, 1)
			go func() { exited <- d.cmd.Wait() }()
			var err error
			select {
			case err = <-exited:
			case <-time.After(15 * time.Second): // Shutdown's 5 s, and ample room
				t.Fatal("serve still runs 15 s after its terminal hung up")
			}
			var exit *exec.ExitError
			if errors.As(err, &exit) {
				if ws, ok := exit.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
					t.Errorf("serve was killed by %v, want it to stop on its own and exit 0", ws.Signal())
				} else {
					t.Errorf("serve ended with %v, want exit 0, as after ctrl+c", err)
				}
			} else if err != nil {
				t.Fatal(err)
			}
			logged, rerr := os.ReadFile(filepath.Join(dir, "serve.log"))
			if rerr != nil {
				t.Fatal(rerr)
			}
			if !regexp.MustCompile(`(?m)INFO serve: stopped$`).Match(logged) {
				t.Errorf("the log has no stopped line:\n%s", logged)
			}
			if !strings.Contains(string(logged), `why="class ended"`) {
				t.Errorf("the log does not say the student left because the class ended:\n%s", logged)
			}
			student.waitFor(t, "The teacher ended the class. Your progress was saved.")
		})
	}
}

// studentScreen is an SSH session with a terminal on serve, and what it
// has drawn so far.
type studentScreen struct {
	mu    sync.Mutex
	drawn bytes.Buffer
	ended chan struct{} // closed when the server has closed the session
}

// connectStudent signs in to serve at addr as a student, with a terminal
// of 80 × 24, and reads what it draws until the session ends.
func connectStudent(t *testing.T, addr string) *studentScreen {
	t.Helper()
	client, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User: "ann",
		// An open server lets anyone in by keyboard-interactive, asking
		// nothing.
		Auth:            []gossh.AuthMethod{gossh.KeyboardInteractive(func(_, _ string, _ []string, _ []bool) ([]string, error) { return nil, nil })},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), // the test's own server, on loopback
		Timeout:         10 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.Close() })
	sess, err := client.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	out, err := sess.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	s := &studentScreen{ended: make(chan struct{})}
	go func() {
		defer close(s.ended)
		b := make([]byte, 4096)
		for {
			n, err := out.Read(b)
			s.mu.Lock()
			s.drawn.Write(b[:n])
			s.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	return s
}

// waitFor waits, at most 30 s, until the student's screen has shown what,
// or fails the test with what it has shown when the session ended first.
func (s *studentScreen) waitFor(t *testing.T, what string) {
	t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		s.mu.Lock()
		drawn := s.drawn.String()
		s.mu.Unlock()
		if strings.Contains(drawn, what) {
			return
		}
		select {
		case <-s.ended:
			s.mu.Lock()
			drawn = s.drawn.String()
			s.mu.Unlock()
			if !strings.Contains(drawn, what) {
				t.Fatalf("the student's session ended without showing %q; its last words: %q", what, tail(drawn, 300))
			}
			return
		case <-deadline:
			t.Fatalf("the student's screen did not show %q within 30 s", what)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// tail is the last n bytes of s.
func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}
