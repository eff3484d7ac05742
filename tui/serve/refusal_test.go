package serve

import (
	"errors"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// A client that sent a command with a terminal (ssh -tt ... run cascade)
// was told to "connect with ssh -t", which it had: it is told to connect
// without a command, on the port and address the class joins with, and
// the terminal advice goes only to a client that asked for none.
func TestACommandIsRefusedWithTheWayIn(t *testing.T) {
	ts := startServer(t, Config{})
	conn, err := gossh.Dial("tcp", ts.addr, &gossh.ClientConfig{User: "dave", Auth: PasswordAuth("x"), HostKeyCallback: gossh.InsecureIgnoreHostKey()})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_, port, _ := net.SplitHostPort(ts.addr)
	want := "Connect without one:\r\n  ssh -t -p " + port + " dave@127.0.0.1\r\n"
	for _, pty := range []bool{true, false} {
		sess, err := conn.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		if pty {
			if err := sess.RequestPty("xterm", 24, 80, gossh.TerminalModes{}); err != nil {
				t.Fatal(err)
			}
		}
		out, err := sess.CombinedOutput("run cascade -o x.json")
		var exit *gossh.ExitError
		got := string(out)
		if !errors.As(err, &exit) || exit.ExitStatus() != 1 || !strings.Contains(got, "commands are refused") || !strings.Contains(got, want) {
			t.Errorf("a command (PTY %v): err %v, output %q; want it to say %q", pty, err, got, want)
		}
		if terminal := strings.Contains(got, "needs a terminal"); terminal == pty {
			t.Errorf("a command (PTY %v): the terminal advice given %v: %q", pty, terminal, got)
		}
	}
}

// The class password's prompt says the time there is to type it, and a
// client still signing in when that time is up is told why its connection
// closes, in an authentication banner (OpenSSH prints it before
// "Connection closed"): it was closed with no word.
func TestTheSignInTimeIsSaid(t *testing.T) {
	// 500 ms, 3 s under the race detector: a key exchange under it on a
	// make test loading both cores took longer than 500 ms, and the
	// server rightly closed the connection that was meant to get in.
	limit := patience(500 * time.Millisecond)
	ts := startServer(t, Config{Password: []byte("pw"), HandshakeTimeout: limit})
	var (
		mu      sync.Mutex
		prompts []string
		banners []string
	)
	signIn := func(wait time.Duration) error {
		cfg := &gossh.ClientConfig{User: "ada", HostKeyCallback: gossh.InsecureIgnoreHostKey(),
			BannerCallback: func(msg string) error {
				mu.Lock()
				defer mu.Unlock()
				banners = append(banners, msg)
				return nil
			},
			Auth: []gossh.AuthMethod{gossh.KeyboardInteractive(func(_, _ string, qs []string, _ []bool) ([]string, error) {
				mu.Lock()
				prompts = append(prompts, qs...)
				mu.Unlock()
				time.Sleep(wait)
				a := make([]string, len(qs))
				for i := range a {
					a[i] = "pw"
				}
				return a, nil
			})}}
		nc, err := net.Dial("tcp", ts.addr)
		if err != nil {
			return err
		}
		hc := &holdEOF{Conn: nc, wrote: make(chan struct{}, 1), closed: make(chan struct{})}
		c, chans, reqs, err := gossh.NewClientConn(hc, ts.addr, cfg)
		if err != nil {
			hc.Close()
			return err
		}
		return gossh.NewClient(c, chans, reqs).Close()
	}
	if err := signIn(0); err != nil {
		t.Fatalf("the class password in time: %v", err)
	}
	// The prompt says the whole limit, or, where the key exchange took
	// over a second of it, what is left.
	said := map[string]bool{}
	for spent := time.Duration(0); spent <= limit; spent += time.Millisecond {
		said["Class password (within "+signInLeftWords(limit, spent)+"): "] = true
	}
	if len(prompts) != 1 || !said[prompts[0]] || (raceSlowdown == 1 && prompts[0] != "Class password (within 500 ms): ") {
		t.Fatalf("the prompts: %q", prompts)
	}
	// The deadline counts from the connection's accept, before the
	// prompt: the whole limit and more at the prompt is past it, however
	// slow the run.
	if err := signIn(limit + time.Second); err == nil {
		t.Fatal("a password typed after the sign-in time got in")
	}
	mu.Lock()
	defer mu.Unlock()
	want := "the sign-in took longer than the " + limitWords(limit) + " allowed (the teacher sets it with --sign-in-timeout), so the connection is closed; connect again and type the class password within " + limitWords(limit) + "."
	if len(banners) != 1 || !strings.Contains(banners[0], want) {
		t.Fatalf("the banners: %q; want one saying %q", banners, want)
	}
}

// A connection refused before its handshake (over the per-address rate)
// is told why in a line before the SSH version, the one way the protocol
// leaves: OpenSSH shows it with -v. It was closed without a word.
func TestARefusedConnectionIsToldWhy(t *testing.T) {
	ts := startServer(t, Config{RatePerIP: 1, HandshakeTimeout: 300 * time.Millisecond})
	read := func() string { return greeting(t, ts.addr) }
	if first := read(); !strings.HasPrefix(first, "SSH-") {
		t.Fatalf("the first connection got %q", first)
	}
	want := "breakerlab: more new connections came from your address than this server takes a minute (1; the teacher sets it with --rate-per-ip); try again in a minute.\r\n"
	if second := read(); second != want {
		t.Fatalf("the refused connection got %q, want %q", second, want)
	}
}

// greeting is all a new connection to addr is sent, once it has sent
// its SSH version, until the server closes it: the server's version and
// more, or the line it is refused with.
func greeting(t *testing.T, addr string) string {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(patience(3 * time.Second)))
	_, _ = io.WriteString(c, "SSH-2.0-test\r\n")
	b, _ := io.ReadAll(c)
	return string(b)
}

// The log's access field counted "1 teacher keys".
func TestAccessWordsCountInTheSingular(t *testing.T) {
	k := newSigner(t).PublicKey()
	s := &Server{cfg: Config{TeacherKeys: []gossh.PublicKey{k}}}
	if got := s.accessWords(); got != "open (loopback only), 1 teacher key" {
		t.Errorf("one teacher key: %q", got)
	}
	s.cfg = Config{AuthorizedKeys: []gossh.PublicKey{k}, TeacherKeys: []gossh.PublicKey{k, k}}
	if got := s.accessWords(); got != "1 authorized key, 2 teacher keys" {
		t.Errorf("one authorized key, two teacher keys: %q", got)
	}
}

// holdEOF is a client's connection that holds the server's hang-up back
// from the client until the client has written once more, as OpenSSH's
// client, blocked at the password prompt, reads nothing until the student
// has typed: x/crypto's client reads on its own, and once it has read the
// end of the connection it writes nothing and reads no banner either.
type holdEOF struct {
	net.Conn
	mu     sync.Mutex
	ended  bool
	wrote  chan struct{}
	closed chan struct{} // the client hung up itself: nothing is held
	once   sync.Once
}

func (h *holdEOF) Close() error {
	h.once.Do(func() { close(h.closed) })
	return h.Conn.Close()
}

func (h *holdEOF) Read(p []byte) (int, error) {
	n, err := h.Conn.Read(p)
	if err != nil && n == 0 {
		h.mu.Lock()
		h.ended = true
		h.mu.Unlock()
		t := time.NewTimer(patience(3 * time.Second))
		defer t.Stop()
		select {
		case <-h.wrote:
		case <-h.closed:
		case <-t.C:
		}
	}
	return n, err
}

func (h *holdEOF) Write(p []byte) (int, error) {
	n, err := h.Conn.Write(p)
	h.mu.Lock()
	ended := h.ended
	h.mu.Unlock()
	if ended {
		select {
		case h.wrote <- struct{}{}:
		default:
		}
	}
	return n, err
}

// A connection refused for the connections signing in from its address
// is told the limit and the flag that sets it, as the README's limits
// promise: "too many connections are signing in" left the teacher
// guessing between --max-pending-per-ip and --max-startups.
func TestAPendingRefusalNamesItsFlag(t *testing.T) {
	ts := startServer(t, Config{MaxPendingPerIP: 1})
	silent, err := net.Dial("tcp", ts.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()
	deadline := time.Now().Add(patience(3 * time.Second))
	for ts.Pending() < 1 {
		if time.Now().After(deadline) {
			t.Fatal("the first connection never counted as signing in")
		}
		time.Sleep(5 * time.Millisecond)
	}
	b := greeting(t, ts.addr)
	want := "breakerlab: too many connections are signing in just now: 1 connection from this address signing in already, the most this server allows (the teacher sets it with --max-pending-per-ip); try again in a moment.\r\n"
	if b != want {
		t.Fatalf("the refused connection got %q, want %q", b, want)
	}
}
