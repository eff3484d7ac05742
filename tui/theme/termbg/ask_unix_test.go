//go:build linux || darwin

package termbg

import (
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/creack/pty"
)

// openPty is a pseudo-terminal: the program's side (pts) and the
// terminal's (ptm).
func openPty(t *testing.T) (ptm, pts *os.File) {
	t.Helper()
	ptm, pts, err := pty.Open()
	if err != nil {
		t.Skip("no pseudo-terminal:", err)
	}
	t.Cleanup(func() { ptm.Close(); pts.Close() })
	return ptm, pts
}

// terminal reads the question from ptm and writes reply, as a terminal
// would; it sends on done what it read.
func terminal(ptm *os.File, reply string, done chan<- string) {
	var got []byte
	b := make([]byte, 64)
	for !strings.HasSuffix(string(got), "\x1b[6n") {
		n, err := ptm.Read(b)
		if err != nil {
			break
		}
		got = append(got, b[:n]...)
	}
	ptm.WriteString(reply)
	done <- string(got)
}

// A terminal that answers ends the wait at once, whether it knows OSC 11
// or answers the cursor's position alone, however long the timeout.
func TestQueryEndsWithTheAnswer(t *testing.T) {
	for _, reply := range []string{"\x1b]11;rgb:ffff/ffff/ffff\x1b\\\x1b[3;1R", "\x1b[3;1R"} {
		ptm, pts := openPty(t)
		done := make(chan string, 1)
		go terminal(ptm, reply, done)
		start := time.Now()
		got, _ := query(pts, 10*time.Second)
		if took := time.Since(start); took > 5*time.Second {
			t.Errorf("reply %q: query took %v", reply, took)
		}
		if got != reply {
			t.Errorf("query read %q, want %q", got, reply)
		}
		if asked := <-done; asked != question {
			t.Errorf("the terminal was asked %q, want %q", asked, question)
		}
	}
}

// Keys typed before the answers, however many (a paste), neither end the
// wait nor keep the answers out of it: the answers still end it, and are
// what query returns at its end.
func TestQueryReadsTheAnswerAfterKeys(t *testing.T) {
	const reply = "\x1b]11;rgb:ffff/ffff/ffff\x1b\\\x1b[3;1R"
	for _, keys := range []string{"q", strings.Repeat("pasted text ", 40)} {
		ptm, pts := openPty(t)
		done := make(chan string, 1)
		go terminal(ptm, keys+reply, done)
		got, interrupted := query(pts, 10*time.Second)
		<-done
		if interrupted || !strings.HasSuffix(got, reply) {
			t.Errorf("%d bytes of keys, then the answers: query read %q (interrupted %v), want it to end with %q", len(keys), got, interrupted, reply)
		}
		if dark := darkFrom(got, ""); dark {
			t.Errorf("%d bytes of keys, then a white background: taken for dark", len(keys))
		}
	}
}

// Ctrl-C typed while the terminal is waited for ends the wait at once,
// says so, and leaves the terminal as it found it (not in raw mode):
// raw mode turns it into a byte, which the wait used to swallow.
func TestQueryStopsAtCtrlC(t *testing.T) {
	ptm, pts := openPty(t)
	before, err := term.GetState(pts.Fd())
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan string, 1)
	go terminal(ptm, "x\x03", done)
	start := time.Now()
	got, interrupted := query(pts, 10*time.Second)
	<-done
	if took := time.Since(start); !interrupted || took > 5*time.Second {
		t.Errorf("Ctrl-C typed in the wait: query returned %q, interrupted %v, after %v", got, interrupted, took)
	}
	after, err := term.GetState(pts.Fd())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(before, after) {
		t.Errorf("the terminal's modes after Ctrl-C are %+v, were %+v", after, before)
	}
}

// A terminal that answers nothing is waited for timeout, not longer.
func TestQueryGivesUpAfterTheTimeout(t *testing.T) {
	_, pts := openPty(t)
	const timeout = 200 * time.Millisecond
	start := time.Now()
	got, _ := query(pts, timeout)
	took := time.Since(start)
	if got != "" || took < timeout || took > timeout+2*time.Second {
		t.Errorf("query on a silent terminal returned %q after %v, want nothing after %v", got, took, timeout)
	}
}

// Under CI, screen, tmux or a dumb terminal nothing is asked, as termenv
// asks nothing; nor by a process the terminal does not have in its
// foreground (this test's own, which pts is not the terminal of).
func TestAskWhenAllowed(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	for _, c := range []struct {
		env func(string) string
		may bool
	}{
		{env("TERM", "xterm-256color"), true},
		{env("TERM", "xterm-256color", "CI", "true"), false},
		{env("TERM", "screen-256color"), false},
		{env("TERM", "tmux-256color"), false},
		{env("TERM", "dumb"), false},
	} {
		if got := mayAsk(c.env); got != c.may {
			t.Errorf("TERM=%q CI=%q: may ask %v, want %v", c.env("TERM"), c.env("CI"), got, c.may)
		}
	}
	ptm, pts := openPty(t)
	if got := ask(pts, env("TERM", "xterm-256color"), time.Second); got != "" {
		t.Errorf("asked from the background, and read %q", got)
	}
	// A mark written after it comes first if ask wrote nothing.
	pts.WriteString("|")
	b := make([]byte, 64)
	if n, _ := ptm.Read(b); n == 0 || b[0] != '|' {
		t.Errorf("a process in the background wrote %q to the terminal", b[:n])
	}
}
