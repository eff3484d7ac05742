package serve

import (
	"bytes"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	"github.com/charmbracelet/x/ansi"
	gossh "golang.org/x/crypto/ssh"
)

// dialRaw signs in to ts with the password "x" (the open server takes
// any) and opens one session channel, without a PTY or a shell yet.
func dialRaw(t *testing.T, ts *testServer) (*gossh.Client, *gossh.Session) {
	t.Helper()
	conn, err := gossh.Dial("tcp", ts.addr, &gossh.ClientConfig{User: "curious", Auth: PasswordAuth("x"), HostKeyCallback: gossh.InsecureIgnoreHostKey()})
	if err != nil {
		t.Fatal(err)
	}
	sess, err := conn.NewSession()
	if err != nil {
		conn.Close()
		t.Fatal(err)
	}
	return conn, sess
}

// within runs f and fails the test if it has not returned after d: a
// request the server never answers would hold the test forever.
func within(t *testing.T, d time.Duration, what string, f func() error) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	case <-time.After(d):
		t.Fatalf("%s: no answer in %v", what, d)
	}
}

// lockedBuffer is a session's output, read while the session writes it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// drawnWithin reports whether out holds a line with text on it no wider
// than w cells.
func drawnWithin(out, text string, w int) bool {
	for l := range strings.SplitSeq(ansi.Strip(out), "\n") {
		if strings.Contains(l, text) && ansi.StringWidth(strings.TrimRight(l, " \r")) <= w {
			return true
		}
	}
	return false
}

// A window resized between the PTY request and the shell (a tiling
// window manager placing the new terminal) once held the session's
// requests forever: the library queued the new size behind the first,
// which nothing reads before the shell, so the shell was never answered
// and the stuck session outlived its connection.
func TestWindowChangesBeforeTheShell(t *testing.T) {
	ts := startServer(t, Config{})
	base := runtime.NumGoroutine()

	conn, sess := dialRaw(t, ts)
	out := &lockedBuffer{}
	sess.Stdout = out
	if err := sess.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	for _, w := range [][2]int{{90, 24}, {100, 30}, {20, 5}} {
		if err := sess.WindowChange(w[1], w[0]); err != nil {
			t.Fatal(err)
		}
	}
	within(t, patience(3*time.Second), "the shell request", sess.Shell)
	// The latest size is the one drawn: the menu's first item in 20
	// columns, where the PTY's 80 hold its summary beside it.
	deadline := time.Now().Add(patience(5 * time.Second))
	for !drawnWithin(out.String(), "Lessons", 20) {
		if time.Now().After(deadline) {
			t.Fatalf("the home screen was never drawn 20 columns wide; got:\n%s", tail(ansi.Strip(out.String()), 2000))
		}
		time.Sleep(20 * time.Millisecond)
	}
	sess.Close()
	conn.Close()

	// A client that resizes and leaves before asking for a shell leaves
	// nothing behind.
	conn, sess = dialRaw(t, ts)
	if err := sess.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if err := sess.WindowChange(30, 100+i); err != nil {
			t.Fatal(err)
		}
	}
	conn.Close()

	// A session the server refuses (a command, with a PTY) while the
	// client resizes: nothing reads its sizes, and its requests must
	// still end with it.
	conn, sess = dialRaw(t, ts)
	if err := sess.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if err := sess.WindowChange(30, 100+i); err != nil {
			t.Fatal(err)
		}
	}
	within(t, patience(3*time.Second), "the refused command", func() error {
		if err := sess.Run("cat /etc/passwd"); err == nil {
			t.Error("a command ran")
		}
		return nil
	})
	conn.Close()

	settleGoroutines(t, base)
}

// Environment variables a client sends before its shell are bounded in
// number and in size. Unbounded, one client signing in sent 286 MB of
// them in under three seconds (the server's memory went from 25 MB to
// 600 MB), and could go on until the sign-in timeout, from as many
// connections as it may have signing in at once.
func TestEnvironmentIsBounded(t *testing.T) {
	ts := startServer(t, Config{})
	conn, sess := dialRaw(t, ts)
	defer conn.Close()

	set := func(k, v string) bool {
		ok, err := sess.SendRequest("env", true, gossh.Marshal(struct{ Name, Value string }{k, v}))
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	// Variables a terminal really sends are taken.
	for _, kv := range [][2]string{{"LANG", "C"}, {"BREAKERLAB_THEME", "light"}, {"NO_COLOR", "1"}} {
		if !set(kv[0], kv[1]) {
			t.Errorf("%s=%s refused", kv[0], kv[1])
		}
	}
	// One larger than the whole budget is refused, and costs nothing.
	if set("BIG", strings.Repeat("v", maxEnvBytes)) {
		t.Errorf("a variable of %d bytes was taken; the budget is %d", maxEnvBytes, maxEnvBytes)
	}
	// Past the count, every one is refused.
	taken := 3
	for i := range 2 * maxEnvVars {
		if set("V"+strings.Repeat("x", i%8), "1") {
			taken++
		}
	}
	if taken != maxEnvVars {
		t.Errorf("%d variables taken, want %d", taken, maxEnvVars)
	}
	// The session still opens, with what was taken.
	out := &lockedBuffer{}
	sess.Stdout = out
	if err := sess.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	within(t, patience(3*time.Second), "the shell request", sess.Shell)
	deadline := time.Now().Add(patience(5 * time.Second))
	for !strings.Contains(out.String(), "Sandbox") {
		if time.Now().After(deadline) {
			t.Fatalf("no home screen after the shell; got:\n%s", tail(out.String(), 2000))
		}
		time.Sleep(20 * time.Millisecond)
	}
	// NO_COLOR was taken: the screen has no colour.
	if s := out.String(); strings.Contains(s, "\x1b[38;") {
		t.Errorf("NO_COLOR sent, but the screen has colour")
	}
}

// Agent forwarding (ssh -A) was taken, though nothing here uses an
// agent: a student checking what the server accepts read that theirs was
// forwarded. It is refused and logged with the other forwarding.
func TestAgentForwardingIsRefused(t *testing.T) {
	var logs syncBuf
	ts := startServer(t, Config{Logger: log.New(&logs)})
	conn, sess := dialRaw(t, ts)
	defer conn.Close()
	ok, err := sess.SendRequest(agentRequest, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	if ok {
		t.Error("agent forwarding was granted")
	}
	waitLog(t, &logs, "forwarding refused", "request="+agentRequest)
}
