package serve

import (
	"bytes"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	gossh "golang.org/x/crypto/ssh"
)

// Issue 30, item 4: a window change sent in the same breath as the shell
// request, before the handler has run, races nothing (run under -race:
// the handler never copies the PTY whose window the library writes on a
// window change), and later ones still reach the program.
func TestResizeAtOnceIsNotARace(t *testing.T) {
	ts := startServer(t, Config{})
	conn, err := gossh.Dial("tcp", ts.addr, &gossh.ClientConfig{User: "r", Auth: PasswordAuth("x"), HostKeyCallback: gossh.InsecureIgnoreHostKey()})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	win := func(w, h int) []byte {
		return gossh.Marshal(struct{ W, H, PW, PH uint32 }{uint32(w), uint32(h), 0, 0})
	}
	for i := range 8 {
		ch, reqs, err := conn.OpenChannel("session", nil)
		if err != nil {
			t.Fatal(err)
		}
		go gossh.DiscardRequests(reqs)
		pty := gossh.Marshal(struct {
			Term   string
			W, H   uint32
			PW, PH uint32
			Modes  string
		}{"xterm", 80, 24, 0, 0, ""})
		if ok, err := ch.SendRequest("pty-req", true, pty); !ok || err != nil {
			t.Fatalf("pty-req: %v %v", ok, err)
		}
		// shell and window changes without waiting for any reply.
		if _, err := ch.SendRequest("shell", false, nil); err != nil {
			t.Fatal(err)
		}
		for k := range 5 {
			if _, err := ch.SendRequest("window-change", false, win(100+k, 30)); err != nil {
				t.Fatal(err)
			}
		}
		buf := make([]byte, 64<<10)
		var got []byte
		deadline := time.Now().Add(patience(5 * time.Second))
		for !bytes.Contains(got, []byte("Sandbox")) && time.Now().Before(deadline) {
			n, err := ch.Read(buf)
			got = append(got, buf[:n]...)
			if err != nil {
				break
			}
		}
		if !bytes.Contains(got, []byte("Sandbox")) {
			t.Fatalf("session %d drew no home screen", i)
		}
		ch.Close()
	}
}

// syncBuf is a log written by many goroutines.
type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// waitLog waits until the log holds every one of texts.
func waitLog(t *testing.T, l *syncBuf, texts ...string) {
	t.Helper()
	deadline := time.Now().Add(patience(3 * time.Second))
	for {
		s := l.String()
		missing := ""
		for _, x := range texts {
			if !strings.Contains(s, x) {
				missing = x
			}
		}
		if missing == "" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the log has no %q:\n%s", missing, s)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Issue 30, item 5: forwarding requests, subsystem requests and a sign-in
// that opens no session are logged, with the user name escaped so that a
// name holding a newline forges no line; a connection that never signs in
// is logged once when its deadline closes it.
func TestRefusalsAreLogged(t *testing.T) {
	var logs syncBuf
	ts := startServer(t, Config{HandshakeTimeout: 500 * time.Millisecond, Logger: log.New(&logs)})
	user := "mallory\nINFO forged line"
	conn, err := gossh.Dial("tcp", ts.addr, &gossh.ClientConfig{User: user, Auth: PasswordAuth("x"), HostKeyCallback: gossh.InsecureIgnoreHostKey()})
	if err != nil {
		t.Fatal(err)
	}
	if c, err := conn.Dial("tcp", "127.0.0.1:22"); err == nil {
		c.Close()
		t.Error("a forwarded connection was opened")
	}
	if l, err := conn.Listen("tcp", "127.0.0.1:0"); err == nil {
		l.Close()
		t.Error("a remote forward was granted")
	}
	sess, err := conn.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.RequestSubsystem("sftp"); err == nil {
		t.Error("the sftp subsystem was granted")
	}
	sess.Close()
	conn.Close()
	quoted := `user="mallory\nINFO forged line"` // a backslash and an n, not a newline
	waitLog(t, &logs, "forwarding refused", "channel=direct-tcpip", "request=tcpip-forward",
		"subsystem refused", "subsystem=sftp", "signed in, no session", quoted)

	// Silent: one line when the deadline closes it, none when the
	// handshake then fails.
	raw, err := net.Dial("tcp", ts.addr)
	if err != nil {
		t.Fatal(err)
	}
	from := raw.LocalAddr().String()
	waitLog(t, &logs, "did not sign in within the sign-in timeout")
	time.Sleep(200 * time.Millisecond)
	raw.Close()
	s := logs.String()
	if n := strings.Count(s, from); n != 1 {
		t.Errorf("the silent connection from %s has %d lines in the log:\n%s", from, n, s)
	}
	for _, line := range strings.Split(s, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "INFO forged") {
			t.Errorf("a user name wrote a line of its own:\n%s", s)
		}
	}
}

// The log names a student as they signed in, quoted by the log only when
// it must be (and then once): user=alice, the key's fingerprint as a
// field of its own, the terminal bare.
func TestConnectLogNamesPlainly(t *testing.T) {
	var logs syncBuf
	ts := startServer(t, Config{Logger: log.New(&logs)})
	k := newSigner(t)
	ts.dial(t, "alice", KeyAuth(k), 80, 24)
	ts.dial(t, "bob", PasswordAuth("x"), 80, 24)
	waitLog(t, &logs, "connect user=alice key="+gossh.FingerprintSHA256(k.PublicKey())+" from=",
		"connect user=bob from=", "term=xterm-256color")
	// The connect line names the folder the student's progress is kept
	// in, the one the stores open (progress.go): the fingerprint alone
	// does not say which it is.
	waitLog(t, &logs, "progress="+studentID(k.PublicKey().Marshal(), "")+"\n", "progress=user-bob\n")
	if s := logs.String(); strings.Contains(s, `\"`) {
		t.Errorf("the log quotes a value twice:\n%s", s)
	}
}

// One connection holds at most MaxSessionsPerConn sessions at once: the
// limits on addresses count connections, and a single one could open
// session channels until the class was full. A session that ends gives
// its place back.
func TestOneConnectionHoldsFewSessions(t *testing.T) {
	var logs syncBuf
	ts := startServer(t, Config{Logger: log.New(&logs)})
	conn, err := gossh.Dial("tcp", ts.addr, &gossh.ClientConfig{User: "x", Auth: PasswordAuth("x"), HostKeyCallback: gossh.InsecureIgnoreHostKey()})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var open []*gossh.Session
	for i := range MaxSessionsPerConn {
		sess, err := conn.NewSession()
		if err != nil {
			t.Fatalf("session %d of %d: %v", i+1, MaxSessionsPerConn, err)
		}
		open = append(open, sess)
	}
	if sess, err := conn.NewSession(); err == nil {
		sess.Close()
		t.Fatalf("a connection opened session %d; at most %d", MaxSessionsPerConn+1, MaxSessionsPerConn)
	}
	waitLog(t, &logs, "session refused")
	open[0].Close()
	deadline := time.Now().Add(patience(3 * time.Second))
	for {
		sess, err := conn.NewSession()
		if err == nil {
			sess.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a session that ended did not give its place back: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
