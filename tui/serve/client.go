package serve

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/x/ansi"
	gossh "golang.org/x/crypto/ssh"
)

// Client is a scripted SSH client of the classroom, for the tests and the
// load measurement: it opens a session with a PTY, types keys, resizes,
// and keeps what the server drew, which it can search with the escape
// codes taken out.
type Client struct {
	conn    *gossh.Client
	sess    *gossh.Session
	in      io.WriteCloser
	mu      sync.Mutex
	out     []byte // the output since base
	base    int64  // bytes dropped from the front of out
	total   int64
	discard bool
	done    chan struct{}
}

// keepOutput is how much output a client keeps to search.
const keepOutput = 1 << 20

// Dial connects to addr as user with the given auth methods and opens a
// w×h PTY session running the program, with env ("KEY=value") sent
// first. discard keeps no output, only its count (for load).
func Dial(addr, user string, auth []gossh.AuthMethod, w, h int, discard bool, env ...string) (*Client, error) {
	cfg := &gossh.ClientConfig{
		User: user, Auth: auth,
		// The tests' server makes its host key on the spot.
		HostKeyCallback: gossh.InsecureIgnoreHostKey(),
		Timeout:         10 * time.Second,
	}
	conn, err := gossh.Dial("tcp", addr, cfg)
	if err != nil {
		return nil, err
	}
	c, err := start(conn, w, h, discard, env)
	if err != nil {
		conn.Close()
		return nil, err
	}
	return c, nil
}

func start(conn *gossh.Client, w, h int, discard bool, env []string) (*Client, error) {
	sess, err := conn.NewSession()
	if err != nil {
		return nil, err
	}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		if err := sess.Setenv(k, v); err != nil {
			return nil, fmt.Errorf("sending %s: %w", k, err)
		}
	}
	in, err := sess.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := sess.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := sess.RequestPty("xterm-256color", h, w, gossh.TerminalModes{}); err != nil {
		return nil, fmt.Errorf("asking for a terminal: %w", err)
	}
	if err := sess.Shell(); err != nil {
		return nil, fmt.Errorf("starting the session: %w", err)
	}
	c := &Client{conn: conn, sess: sess, in: in, discard: discard, done: make(chan struct{})}
	go c.read(out)
	return c, nil
}

func (c *Client) read(r io.Reader) {
	defer close(c.done)
	buf := make([]byte, 32<<10)
	for {
		n, err := r.Read(buf)
		c.mu.Lock()
		c.total += int64(n)
		if !c.discard {
			c.out = append(c.out, buf[:n]...)
			if over := len(c.out) - keepOutput; over > 0 {
				c.out = append(c.out[:0], c.out[over:]...)
				c.base += int64(over)
			}
		}
		c.mu.Unlock()
		if err != nil {
			return
		}
	}
}

// Type sends keys as the terminal would.
func (c *Client) Type(s string) error {
	_, err := io.WriteString(c.in, s)
	return err
}

// Resize tells the server the window changed.
func (c *Client) Resize(w, h int) error { return c.sess.WindowChange(h, w) }

// Mark is the position in the output now: WaitFor(…, Mark()) looks only
// at what came after.
func (c *Client) Mark() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.total
}

// Received is how many bytes the server sent.
func (c *Client) Received() int64 { return c.Mark() }

// Since is the output after mark, escape codes taken out.
func (c *Client) Since(mark int64) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	from := max(mark-c.base, 0)
	if from > int64(len(c.out)) {
		return ""
	}
	return ansi.Strip(string(c.out[from:]))
}

// Raw is the output after mark as sent, escape codes and all.
func (c *Client) Raw(mark int64) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	from := max(mark-c.base, 0)
	if from > int64(len(c.out)) {
		return ""
	}
	return string(c.out[from:])
}

// ErrTimeout is WaitFor's error when the text never came.
var ErrTimeout = errors.New("timed out")

// WaitFor waits until every one of texts appears in the output after mark.
func (c *Client) WaitFor(mark int64, timeout time.Duration, texts ...string) error {
	deadline := time.Now().Add(timeout)
	for {
		s := c.Since(mark)
		missing := ""
		for _, t := range texts {
			if !strings.Contains(s, t) {
				missing = t
				break
			}
		}
		if missing == "" {
			return nil
		}
		select {
		case <-c.done:
			return fmt.Errorf("the session ended before %q appeared", missing)
		default:
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%w after %v waiting for %q", ErrTimeout, timeout, missing)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Done is closed once the server has closed the session's output.
func (c *Client) Done() <-chan struct{} { return c.done }

// Close hangs up and waits for the reader to stop.
func (c *Client) Close() {
	_ = c.sess.Close()
	_ = c.conn.Close()
	<-c.done
}

// KeyAuth signs in with signer.
func KeyAuth(signer gossh.Signer) []gossh.AuthMethod {
	return []gossh.AuthMethod{gossh.PublicKeys(signer)}
}

// PasswordAuth signs in with a password, by both methods a server may ask.
func PasswordAuth(pw string) []gossh.AuthMethod {
	return []gossh.AuthMethod{
		gossh.Password(pw),
		gossh.KeyboardInteractive(func(_, _ string, qs []string, _ []bool) ([]string, error) {
			a := make([]string, len(qs))
			for i := range a {
				a[i] = pw
			}
			return a, nil
		}),
	}
}

// Wait waits for the session to end and returns how it ended: nil for an
// exit status of 0, an *ssh.ExitError for another, an
// *ssh.ExitMissingError when the connection closed without one.
func (c *Client) Wait() error { return c.sess.Wait() }
