//go:build linux || darwin

package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"
)

// serve --teacher gives its terminal to the teacher's screen and its log
// to a file, so the log's "stopped" never reached the teacher: quitting
// the screen (q, then y to the question) left a shell prompt with not a
// word. The terminal the screen gives back now says the server stopped
// and where the class's log is.
func TestPtyTeacherSeesTheServerStop(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	cmd := exec.Command(os.Args[0], "serve", "--teacher", "--listen", "127.0.0.1:0", "--data-dir", data)
	cmd.Env = append(os.Environ(), "BREAKERLAB_TEST_AS_MAIN=1", "TERM=xterm-256color")
	cmd.Env = append(cmd.Env, ptyEnv(t)...)
	cmd.Env = append(cmd.Env, "BREAKERLAB_THEME=dark") // no background question to wait out
	ptm, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 30, Cols: 100})
	if err != nil {
		t.Skip("no pseudo-terminal:", err)
	}
	defer ptm.Close()
	var (
		got    bytes.Buffer
		chunks = make(chan []byte, 64)
	)
	go func() {
		defer close(chunks)
		for {
			b := make([]byte, 4096)
			n, err := ptm.Read(b)
			if n > 0 {
				chunks <- b[:n]
			}
			if err != nil {
				return
			}
		}
	}()
	deadline := time.After(30 * time.Second)
	waitFor := func(what string) {
		t.Helper()
		for !strings.Contains(got.String(), what) {
			select {
			case b, ok := <-chunks:
				if !ok {
					t.Fatalf("the program ended before showing %q: %q", what, got.String())
				}
				got.Write(b)
			case <-deadline:
				cmd.Process.Kill()
				t.Fatalf("no %q within 30 s: %q", what, got.String())
			}
		}
	}
	waitFor("Sandbox") // the teacher's home screen
	ptm.WriteString("q")
	waitFor("Press y to stop the server")
	ptm.WriteString("y")
	waitFor("stopped")
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	for open := true; open; {
		select {
		case b, ok := <-chunks:
			if !ok {
				open = false
				break
			}
			got.Write(b)
		case <-deadline:
			cmd.Process.Kill()
			t.Fatalf("the program did not end after saying it stopped: %q", got.String())
		}
	}
	if err := <-done; err != nil {
		t.Errorf("serve --teacher ended with %v after y, want success", err)
	}
	// What the screen left on the terminal after the alternate screen.
	_, after, _ := strings.Cut(got.String(), "\x1b[?1049l")
	if !strings.Contains(after, "breakerlab serve: stopped") || !strings.Contains(after, "serve.log") {
		t.Errorf("after the teacher's screen, the terminal shows %q, want the server's stop and the log's file", after)
	}
}
