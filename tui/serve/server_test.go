package serve

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/drillui"
	"github.com/breakerlab/breakerlab/tui/home"
	"github.com/charmbracelet/x/ansi"
	"go.uber.org/goleak"
	gossh "golang.org/x/crypto/ssh"
)

// Every test leaves no goroutine behind once its server has shut down.
func TestMain(m *testing.M) {
	// The sessions' drill draws from a few cards built alone (testDeck):
	// the whole deck runs the engine for every lesson, tens of seconds
	// under the race detector, and a test that opened the drill and left
	// would end with that build still running (bubbletea does not stop a
	// command when its program ends).
	deck, err := drill.Named("gen-little", "gen-pool", "gen-cycles", "ref-001-self-check-3")
	if err != nil {
		panic(err)
	}
	testDeck = deck
	goleak.VerifyTestMain(m)
}

// testDeck is the sessions' drill's deck in the tests.
var testDeck []drill.Card

func testHome() home.Options {
	o := home.Options{Seed: 5, Drill: &drillui.Options{Deck: testDeck}}
	for _, b := range scenarios.All() {
		o.Scenarios = append(o.Scenarios, home.Entry{Name: b.Name, Summary: b.Summary, Build: b.Build})
	}
	return o
}

func newSigner(t testing.TB) gossh.Signer {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	s, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// testServer is a server on a free loopback port.
type testServer struct {
	*Server
	addr string
	dir  string
}

// testLab is the Lab of every test's server but those that count its
// runs (startServerOwnLab). A server's Lab holds the runs of the lessons
// its sessions open, keyed by what they run (lessons.Lab): the tests'
// dozens of servers each ran lesson 2's steps, and lesson 1's, under the
// race detector, where one Lab for the process runs each step once. The
// Lab is safe for concurrent use, and sessions on several servers at once
// (the parallel tests) share it as a room's do.
var testLab = lessons.NewLab()

// startServer runs a server with cfg (its paths, Home and the listener
// filled in) until the test ends, on the tests' shared Lab.
func startServer(t testing.TB, cfg Config) *testServer {
	t.Helper()
	return startServerLab(t, cfg, testLab)
}

// startServerOwnLab is startServer with a Lab of the server's own, as
// the program makes, for a test that counts the Lab's runs.
func startServerOwnLab(t testing.TB, cfg Config) *testServer {
	t.Helper()
	return startServerLab(t, cfg, nil)
}

// startServerLab is startServer on lab; nil keeps the server's own.
func startServerLab(t testing.TB, cfg Config, lab *lessons.Lab) *testServer {
	t.Helper()
	dir := t.TempDir()
	cfg.HostKeyPath = filepath.Join(dir, "host_ed25519")
	cfg.DataDir = filepath.Join(dir, "students")
	if cfg.Home == nil {
		cfg.Home = testHome
	}
	// The tests connect from 127.0.0.1 many times over, as many students
	// at once: the places per address and per student are off unless a
	// test sets them.
	if cfg.MaxSessionsPerIP == 0 {
		cfg.MaxSessionsPerIP = -1
	}
	if cfg.MaxSessionsPerStudent == 0 {
		cfg.MaxSessionsPerStudent = -1
	}
	if cfg.NoPTY == "" {
		cfg.NoPTY = "Without a terminal, run breakerlab run SCENARIO at home."
	}
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if lab != nil {
		srv.lab = lab // before Serve: every session reads it
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), patience(5*time.Second))
		defer cancel()
		if err := srv.Shutdown(ctx); err != nil {
			t.Errorf("shutdown: %v", err)
		}
		if err := <-served; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	return &testServer{Server: srv, addr: ln.Addr().String(), dir: dir}
}

func (ts *testServer) dial(t *testing.T, user string, auth []gossh.AuthMethod, w, h int) *Client {
	t.Helper()
	c, err := Dial(ts.addr, user, auth, w, h, false)
	if err != nil {
		t.Fatalf("%s cannot connect: %v", user, err)
	}
	t.Cleanup(c.Close)
	return c
}

// waitFor waits until c's screen since mark shows every text. It returns as
// soon as they show, so its bound only decides how long a failing test
// takes: 15 s (90 s under the race detector), since a lesson's preparing,
// under -race on a 2-core machine at a load of 60 (helpers' builds beside
// make test), once took over the 30 s that 5 s gave.
func waitFor(t *testing.T, c *Client, mark int64, texts ...string) {
	t.Helper()
	if err := c.WaitFor(mark, patience(15*time.Second), texts...); err != nil {
		t.Fatalf("%v; the screen had:\n%s", err, tail(c.Since(mark), 2000))
	}
}

// waitForFrame waits until c has received a frame with some text in it
// after mark.
func waitForFrame(t *testing.T, c *Client, mark int64) {
	t.Helper()
	deadline := time.Now().Add(patience(5 * time.Second))
	for strings.TrimSpace(c.Since(mark)) == "" {
		select {
		case <-c.Done():
			t.Fatal("the session ended instead of drawing a frame")
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("no frame in %v after a resize (%d bytes since)", patience(5*time.Second), c.Received()-mark)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// patience is how long a test waits for something that normally takes a
// fraction of d: longer under the race detector.
func patience(d time.Duration) time.Duration { return d * raceSlowdown }

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// settleGoroutines waits until at most n goroutines run. It counts the
// process's goroutines, so a test that calls it is not parallel; the
// parallel ones (t.Parallel) start only once every other test has ended,
// and never count in it.
func settleGoroutines(t *testing.T, n int) {
	t.Helper()
	deadline := time.Now().Add(patience(3 * time.Second))
	for runtime.NumGoroutine() > n {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("%d goroutines left, %d at the start:\n%s", runtime.NumGoroutine(), n, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// A student connects, reads the home screen, opens the sandbox, plays it,
// resizes the window, and leaves: nothing of the session stays running.
func TestSessionPlaysTheSandboxAndResizes(t *testing.T) {
	ts := startServer(t, Config{})
	base := runtime.NumGoroutine()
	c, err := Dial(ts.addr, "ada", PasswordAuth("x"), 80, 24, false)
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, c, 0, "Lessons", "Sandbox", "Exercises", "q quit")
	if err := openSandbox(c, true); err != nil {
		t.Fatalf("%v; the screen had:\n%s", err, tail(c.Since(0), 2000))
	}
	// It plays: the clock moves past a second.
	waitFor(t, c, c.Mark(), "1.")
	// A larger window gets the wide layout's outcome chart title.
	mark := c.Mark()
	if err := c.Resize(160, 48); err != nil {
		t.Fatal(err)
	}
	waitFor(t, c, mark, "Outcomes per endpoint")
	mark = c.Mark()
	if err := c.Resize(80, 24); err != nil {
		t.Fatal(err)
	}
	waitFor(t, c, mark, "Outcomes as decided")
	c.Close()
	settleGoroutines(t, base)
}

// The teacher seeks to 12 s; the followers' screens, each at its own
// size, show 12 s. A student who forks stays where they were while the
// teacher moves on, and f brings them back to the teacher's moment.
func TestFollowTheTeacher(t *testing.T) {
	tk := newSigner(t)
	ts := startServer(t, Config{TeacherKeys: []gossh.PublicKey{tk.PublicKey()}})
	base := runtime.NumGoroutine()
	teacher := ts.dial(t, "teacher", KeyAuth(tk), 100, 30)
	waitFor(t, teacher, 0, "teaching · not shown to followers · 0 follow · 0 explore")
	if err := openSandbox(teacher, false); err != nil {
		t.Fatal(err)
	}
	var students []*Client
	// At 80 columns the tag says less, leaving the variant tabs room.
	following := []string{"following · F explores", "following the teacher · F explores"}
	for i, size := range [][2]int{{80, 24}, {120, 40}} {
		c := ts.dial(t, fmt.Sprintf("s%d", i), PasswordAuth("x"), size[0], size[1])
		waitFor(t, c, 0, "on the home screen · ctrl+g follows the teacher")
		mark := c.Mark()
		if err := c.Type("\x07"); err != nil {
			t.Fatal(err)
		}
		waitFor(t, c, mark, following[i], "[1 one shared pool of 200 threads]", "0.0 s /")
		students = append(students, c)
	}
	waitFor(t, teacher, 0, "teaching · 2 follow · 0 explore")
	// The teacher's next variant shows in the followers' tab bars.
	marks := []int64{students[0].Mark(), students[1].Mark()}
	if err := teacher.Type("\t"); err != nil {
		t.Fatal(err)
	}
	for i, c := range students {
		waitFor(t, c, marks[i], "[2 bulkhead: recommendations <= 20]", following[i])
	}
	if err := teacher.Type("\t\t"); err != nil { // back to the first
		t.Fatal(err)
	}

	marks = []int64{students[0].Mark(), students[1].Mark()}
	if err := teacher.Type(strings.Repeat(".", 120)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, teacher, 0, "12.0 s /")
	for i, c := range students {
		waitFor(t, c, marks[i], "12.0 s /")
	}

	// Student 0 forks; the teacher steps on to 13 s.
	explorer := students[0]
	mark := explorer.Mark()
	if err := explorer.Type("F"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, explorer, mark, "exploring · ctrl+g follows ")
	waitFor(t, teacher, 0, "teaching · 1 follow · 1 explore")
	mark, mark1 := explorer.Mark(), students[1].Mark()
	if err := teacher.Type(strings.Repeat(".", 10)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, students[1], mark1, "13.0 s /")
	if s := explorer.Since(mark); strings.Contains(s, "13.0 s") {
		t.Fatalf("the student who forked moved with the teacher:\n%s", tail(s, 1500))
	}
	// Their own keys move their own copy: one step back is 11.9 s.
	mark = explorer.Mark()
	if err := explorer.Type(","); err != nil {
		t.Fatal(err)
	}
	waitFor(t, explorer, mark, "11.9 s /")
	// f rejoins at the teacher's moment.
	mark = explorer.Mark()
	if err := explorer.Type("\x07"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, explorer, mark, following[0], "13.0 s /")

	for _, c := range append(students, teacher) {
		c.Close()
	}
	settleGoroutines(t, base)
}

// Exec, subsystem and port-forwarding requests are refused, and a session
// without a PTY is told, in one line, how to do without one.
func TestExecSubsystemAndNoPTYAreRefused(t *testing.T) {
	ts := startServer(t, Config{})
	conn, err := gossh.Dial("tcp", ts.addr, &gossh.ClientConfig{User: "x", Auth: PasswordAuth("x"), HostKeyCallback: gossh.InsecureIgnoreHostKey()})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()

	sess, err := conn.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	out, err := sess.CombinedOutput("cat /etc/passwd")
	var exit *gossh.ExitError
	if !errors.As(err, &exit) || exit.ExitStatus() != 1 || !strings.Contains(string(out), "commands are refused") || strings.Contains(string(out), "root:") {
		t.Fatalf("exec: err %v, output %q", err, out)
	}

	// No port forwarding either way.
	if c, err := conn.Dial("tcp", ts.addr); err == nil {
		c.Close()
		t.Fatal("a forwarded connection was opened")
	}
	if l, err := conn.Listen("tcp", "127.0.0.1:0"); err == nil {
		l.Close()
		t.Fatal("a remote forward was granted")
	}

	sess, err = conn.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.RequestSubsystem("sftp"); err == nil {
		t.Fatal("the sftp subsystem was granted")
	}
	sess.Close()

	if got := noPTYShell(t, ts, "x"); !strings.Contains(got, "asked for none") || !strings.Contains(got, "breakerlab run SCENARIO") {
		t.Fatalf("no-PTY message %q: want it to say the connection asked for no terminal, and the headless commands", got)
	}
}

// noPTYShell opens a shell as user with no PTY, as ssh without -t does,
// and returns what the server wrote before it ended the session with
// status 1.
func noPTYShell(t *testing.T, ts *testServer, user string) string {
	t.Helper()
	conn, err := gossh.Dial("tcp", ts.addr, &gossh.ClientConfig{User: user, Auth: PasswordAuth("x"), HostKeyCallback: gossh.InsecureIgnoreHostKey()})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	sess, err := conn.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	var buf strings.Builder
	sess.Stdout, sess.Stderr = &buf, &buf
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	var exit *gossh.ExitError
	if err := sess.Wait(); !errors.As(err, &exit) || exit.ExitStatus() != 1 {
		t.Fatalf("a shell without a PTY ended with %v", err)
	}
	return buf.String()
}

// A client without a terminal (ssh without -t, so no window width) was
// told in one line of 190 characters, which its terminal broke mid-word
// at 80 columns. It is told in lines of 80 columns or fewer, broken
// between words, what happened and, on a line of its own to copy, the
// command that connects with a terminal: the port and the user it came
// as.
func TestNoTerminalIsToldAt80Columns(t *testing.T) {
	advice := "Without a terminal, install breakerlab on your computer and run its headless commands: breakerlab run SCENARIO, scenarios, lessons, lesson ID --check."
	ts := startServer(t, Config{NoPTY: advice})
	_, port, _ := net.SplitHostPort(ts.addr)
	connect := "  ssh -t -p " + port + " alice@127.0.0.1"
	got := strings.TrimSuffix(noPTYShell(t, ts, "alice"), "\r\n")
	lines := strings.Split(got, "\r\n")
	if !slices.Contains(lines, connect) {
		t.Errorf("no line is the command to connect with, %q:\n%s", connect, got)
	}
	for _, l := range lines {
		if n := ansi.StringWidth(l); n > 80 {
			t.Errorf("a line of %d columns: %q", n, l)
		}
	}
	// Broken only between words: the lines' words are the message's.
	want := "breakerlab draws its screen in a terminal, and this connection asked for none. Connect with one (-t): " + strings.TrimSpace(connect) + " " + advice
	if g := strings.Join(strings.Fields(got), " "); g != want {
		t.Errorf("the message reads\n%q\nwant\n%q", g, want)
	}
	if len(lines) > 6 {
		t.Errorf("%d lines, where a short message was meant:\n%s", len(lines), got)
	}
}

// Without an access rule only loopback may be served.
func TestNonLoopbackNeedsAnAccessRule(t *testing.T) {
	dir := t.TempDir()
	base := Config{HostKeyPath: filepath.Join(dir, "k"), DataDir: dir, Home: testHome}
	for _, addr := range []string{"0.0.0.0:2222", ":2222", "192.168.1.5:2222", "[::]:2222"} {
		cfg := base
		cfg.Listen = addr
		_, err := New(cfg)
		if !errors.Is(err, ErrNoAccessRule) || !strings.Contains(err.Error(), "--authorized-keys") || !strings.Contains(err.Error(), "--password") {
			t.Errorf("%s with no rule: %v", addr, err)
		}
		cfg.Password = []byte("secret1")
		if _, err := New(cfg); err != nil {
			t.Errorf("%s with a password: %v", addr, err)
		}
	}
	for _, addr := range []string{"127.0.0.1:0", "localhost:2222", "[::1]:2222"} {
		cfg := base
		cfg.Listen = addr
		if _, err := New(cfg); err != nil {
			t.Errorf("%s: %v", addr, err)
		}
	}
}

// The host key is made once and reused.
func TestHostKeyIsReused(t *testing.T) {
	dir := t.TempDir()
	cfg := Config{HostKeyPath: filepath.Join(dir, "serve", "host_ed25519"), DataDir: dir, Home: testHome}
	keys := make([]string, 2)
	for i := range keys {
		srv, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if len(srv.srv.HostSigners) != 1 {
			t.Fatalf("%d host keys", len(srv.srv.HostSigners))
		}
		keys[i] = gossh.FingerprintSHA256(srv.srv.HostSigners[0].PublicKey())
	}
	if keys[0] != keys[1] {
		t.Fatalf("the host key changed between runs: %s then %s", keys[0], keys[1])
	}
}

// A class password lets in who types it and nobody else; authorized keys
// let in their holders only.
func TestPasswordAndAuthorizedKeys(t *testing.T) {
	student, stranger := newSigner(t), newSigner(t)
	ts := startServer(t, Config{Password: []byte("correct horse"), AuthorizedKeys: []gossh.PublicKey{student.PublicKey()}})
	for _, tc := range []struct {
		name string
		auth []gossh.AuthMethod
		ok   bool
	}{
		{"the password", PasswordAuth("correct horse"), true},
		{"a wrong password", PasswordAuth("correct horsf"), false},
		{"an authorized key", KeyAuth(student), true},
		{"another key", KeyAuth(stranger), false},
	} {
		c, err := Dial(ts.addr, "u", tc.auth, 80, 24, false)
		if (err == nil) != tc.ok {
			t.Errorf("%s: err %v, want ok=%v", tc.name, err, tc.ok)
		}
		if c != nil {
			c.Close()
		}
	}
}

// The session limit holds: one over it is told the class is full.
func TestMaxSessions(t *testing.T) {
	ts := startServer(t, Config{MaxSessions: 2})
	for i := range 2 {
		c := ts.dial(t, fmt.Sprint("u", i), PasswordAuth("x"), 80, 24)
		waitFor(t, c, 0, "Sandbox")
	}
	c := ts.dial(t, "late", PasswordAuth("x"), 80, 24)
	select {
	case <-c.Done():
	case <-time.After(patience(5 * time.Second)):
		t.Fatal("the third session was not closed")
	}
	if s := c.Since(0); strings.Contains(s, "Sandbox") {
		t.Fatalf("the third session got the program:\n%s", tail(s, 500))
	}
	if s := strings.Join(strings.Fields(c.Since(0)), " "); !strings.Contains(s, "The class is busy: this server takes 2 sessions at once, and all are in use (the teacher sets it with --max-sessions).") {
		t.Fatalf("the third session was not told the class is busy: %q", s)
	}
}

// Hundreds of connections at once, from one address: the per-address rate
// and the connection limit refuse most before any handshake, quickly, and
// the server still serves afterwards.
func TestConnectionFlood(t *testing.T) {
	ts := startServer(t, Config{MaxSessions: 5, RatePerIP: 20, HandshakeTimeout: 500 * time.Millisecond})
	base := runtime.NumGoroutine()
	start := time.Now()
	var wg sync.WaitGroup
	var mu sync.Mutex
	refused := 0
	for range 300 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			conn, err := net.DialTimeout("tcp", ts.addr, 2*time.Second)
			if err != nil {
				return
			}
			defer conn.Close()
			_ = conn.SetReadDeadline(time.Now().Add(patience(3 * time.Second)))
			// A refused connection is told why in a line before any
			// SSH version (refuseBeforeHandshake); an accepted one gets
			// the SSH banner.
			buf := make([]byte, 4)
			if _, err := io.ReadFull(conn, buf); err != nil || string(buf) != "SSH-" {
				mu.Lock()
				refused++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if refused < 300-20-1 {
		t.Errorf("%d of 300 connections refused; the rate allows 20", refused)
	}
	if open := ts.Pending(); open > DefaultMaxPendingPerIP {
		t.Errorf("%d connections pending from one address, limit %d", open, DefaultMaxPendingPerIP)
	}
	if d := time.Since(start); d > patience(4*time.Second) {
		t.Errorf("the flood took %v", d)
	}
	// The accepted ones never signed in: the handshake deadline closes
	// them, and nothing stays running.
	settleGoroutines(t, base)
	if open := ts.conns.Load(); open != 0 {
		t.Errorf("%d connections still counted open", open)
	}
}

// Garbage before the handshake, garbage keys, a flood of window changes
// and a client that never reads: each costs only its own session.
func TestBadClientsDoNotHurtOthers(t *testing.T) {
	tk := newSigner(t)
	ts := startServer(t, Config{TeacherKeys: []gossh.PublicKey{tk.PublicKey()}})
	base := runtime.NumGoroutine()

	// Not SSH at all.
	conn, err := net.Dial("tcp", ts.addr)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = conn.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n\x00\xff\xfe garbage\r\n"))
	conn.Close()

	// A teacher on the sandbox; a student who never reads, following it.
	// The teacher plays once the follower's window is full (space, below):
	// played while it fills, each of the teacher's frames was drawn again
	// at the follower's largest screen, a third of this test's CPU under
	// the race detector, which the repaints of the resizes fill faster.
	teacher := ts.dial(t, "teacher", KeyAuth(tk), 100, 30)
	if err := openSandbox(teacher, false); err != nil {
		t.Fatal(err)
	}
	mark := teacher.Mark()
	slow := rawSession(t, ts.addr, 800, 200)
	if _, err := slow.in.Write([]byte("\x07")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, teacher, mark, "1 follow")
	// Every resize repaints the whole large screen: soon the client's
	// SSH window (2 MB) is full and the server's writes to it wait.
	fillFrom := time.Now()
	stacks := make([]byte, 1<<20)
	for i := 0; !serverWriteBlocked(stacks); i++ {
		if time.Since(fillFrom) > patience(10*time.Second) {
			t.Fatalf("the slow reader's window never filled (%d resizes sent)", i)
		}
		if err := slow.sess.WindowChange(200, 800-i%2); err != nil {
			t.Fatal(err)
		}
		time.Sleep(25 * time.Millisecond)
	}
	// Random bytes typed, and a flood of resizes.
	noisy := ts.dial(t, "noisy", PasswordAuth("x"), 80, 24)
	waitFor(t, noisy, 0, "Sandbox")
	junk := make([]byte, 4096)
	_, _ = rand.Read(junk)
	for i := range junk {
		if junk[i] == 'q' || junk[i] == 3 { // q and ctrl+c would only quit
			junk[i] = 'x'
		}
	}
	if err := noisy.Type(string(junk)); err != nil {
		t.Fatal(err)
	}
	for i := range 1000 {
		if err := noisy.Resize(80+i%50, 24+i%20); err != nil {
			t.Fatal(err)
		}
	}
	// The teacher's clock and a fresh student's screen still move while
	// the slow reader's window is full.
	time.Sleep(500 * time.Millisecond)
	fresh := ts.dial(t, "fresh", PasswordAuth("x"), 80, 24)
	mark = fresh.Mark()
	if err := fresh.Type("\x07"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, fresh, mark, "following")
	// The teacher plays, with the follower's window full: to the run's end
	// (which pauses) and space, which replays it from the start, so that
	// the clock has to move.
	m := teacher.Mark()
	if err := teacher.Type("G"); err != nil {
		t.Fatal(err)
	}
	if err := teacher.Type(" "); err != nil {
		t.Fatal(err)
	}
	waitFor(t, teacher, m, ".5 s /")
	// The noisy session is still served: it answers a resize with a
	// frame. Its random keys may have left it on any screen (the palette
	// open, another lesson), so the frame is not checked for a text.
	mark = noisy.Mark()
	if err := noisy.Resize(81, 25); err != nil {
		t.Fatal(err)
	}
	waitForFrame(t, noisy, mark)

	slow.close()
	for _, c := range []*Client{teacher, noisy, fresh} {
		c.Close()
	}
	settleGoroutines(t, base)
}

// rawConn is a session whose output is never read.
type rawConn struct {
	conn *gossh.Client
	sess *gossh.Session
	in   io.WriteCloser
}

func rawSession(t *testing.T, addr string, w, h int) *rawConn {
	t.Helper()
	conn, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{User: "slow", Auth: PasswordAuth("x"), HostKeyCallback: gossh.InsecureIgnoreHostKey()})
	if err != nil {
		t.Fatal(err)
	}
	sess, err := conn.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	in, err := sess.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sess.StdoutPipe(); err != nil { // and never read
		t.Fatal(err)
	}
	if err := sess.RequestPty("xterm-256color", h, w, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	return &rawConn{conn: conn, sess: sess, in: in}
}

func (r *rawConn) close() {
	_ = r.sess.Close()
	_ = r.conn.Close()
}

// serverWriteBlocked reports whether some goroutine waits for an SSH
// window to open: a session writing to a client that does not read. The
// goroutines' stacks are written into buf, kept from call to call: a new
// megabyte each time, and its copy as a string, was work for the race
// detector at every one of the fill's resizes.
func serverWriteBlocked(buf []byte) bool {
	return bytes.Contains(buf[:runtime.Stack(buf, true)], []byte("(*window).reserve"))
}

// A connection that never starts its handshake is closed after the
// handshake timeout, not the (much longer) idle timeout.
func TestHandshakeTimeout(t *testing.T) {
	ts := startServer(t, Config{HandshakeTimeout: 300 * time.Millisecond})
	conn, err := net.Dial("tcp", ts.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetReadDeadline(time.Now().Add(patience(3 * time.Second)))
	start := time.Now()
	_, err = io.Copy(io.Discard, conn) // the banner, then EOF when closed
	if err != nil {
		t.Fatalf("the silent connection was not closed: %v", err)
	}
	if d := time.Since(start); d > patience(2*time.Second) {
		t.Fatalf("closed after %v", d)
	}
}

// Each session draws with its own colour profile: one client's NO_COLOR
// takes the colour out of its screen and nobody else's.
func TestColourProfilePerSession(t *testing.T) {
	ts := startServer(t, Config{})
	colour := ts.dial(t, "c", PasswordAuth("x"), 80, 24)
	plain, err := Dial(ts.addr, "p", PasswordAuth("x"), 80, 24, false, "NO_COLOR=1")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(plain.Close)
	for _, c := range []*Client{colour, plain} {
		waitFor(t, c, 0, "Sandbox", "q quit")
	}
	// Styles are SGR sequences; the ASCII profile NO_COLOR picks has none.
	sgr := regexp.MustCompile(`\x1b\[[0-9;]*[1-9][0-9;]*m`).MatchString
	if !sgr(colour.Raw(0)) {
		t.Errorf("the xterm-256color session has no colour:\n%q", tail(colour.Raw(0), 400))
	}
	if sgr(plain.Raw(0)) {
		t.Errorf("the NO_COLOR session has colour:\n%q", tail(plain.Raw(0), 400))
	}
}

// Over SSH the Exercises item explains how to do them at home instead of
// grading files on the server.
func TestExercisesExplainThemselvesOverSSH(t *testing.T) {
	ts := startServer(t, Config{Exercises: "The exercises run on your own computer: go install github.com/breakerlab/breakerlab/cmd/breakerlab@latest."})
	c := ts.dial(t, "e", PasswordAuth("x"), 100, 30)
	waitFor(t, c, 0, "Exercises")
	mark := c.Mark()
	if err := c.Type("k\r"); err != nil { // up from Lessons wraps to the last item
		t.Fatal(err)
	}
	waitFor(t, c, mark, "your own computer", "go install")
}

// A student who signs in with a key finds their lesson progress in their
// own folder, named from the key, once they leave.
func TestProgressIsKeptPerStudentKey(t *testing.T) {
	t.Parallel() // its own server; it counts no goroutines (settleGoroutines)
	o := testHome
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	ts := startServer(t, Config{Home: func() home.Options { h := o(); h.Lessons = all; return h }})
	key := newSigner(t)
	c := ts.dial(t, "ada", KeyAuth(key), 100, 30)
	waitFor(t, c, 0, "Lessons")
	if err := c.Type("\r"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, c, 0, all[0].Title)
	mark := c.Mark()
	if err := c.Type("\r"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, c, mark, "1/")
	c.Close()
	path := filepath.Join(ts.dir, "students", studentID(key.PublicKey().Marshal(), ""), "lessons.json")
	deadline := time.Now().Add(patience(3 * time.Second))
	for {
		data, err := os.ReadFile(path)
		if err == nil && strings.Contains(string(data), all[0].ID) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no progress for %s at %s: %v %s", all[0].ID, path, err, data)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
