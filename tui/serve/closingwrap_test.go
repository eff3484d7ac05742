package serve

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// The line a session is closed with (the idle limit here; the class's
// end and the time limit likewise) is wrapped at its spaces to the
// window as it is when it closes. It was written as one line, which a
// terminal 40 columns wide broke mid-word ("Your progre" / "ss was
// saved."), as the refusals before a session were until tell wrapped
// them.
func TestTheClosingLineFitsTheWindow(t *testing.T) {
	ts := startServer(t, Config{IdleTimeout: patience(time.Second)})
	c := ts.dial(t, "narrow", PasswordAuth("x"), 40, 12)
	waitFor(t, c, 0, "Lessons")
	const w = 36
	if err := c.Resize(w, 12); err != nil {
		t.Fatal(err)
	}
	select {
	case <-c.Done():
	case <-time.After(patience(6 * time.Second)):
		t.Fatal("the idle session was not closed")
	}
	raw := c.Raw(0)
	i := strings.LastIndex(raw, "\x1b[?1049l") // the program's screen left
	if i < 0 {
		t.Fatalf("the program's screen was never left:\n%q", tail(raw, 400))
	}
	said := strings.TrimSpace(ansi.Strip(raw[i:]))
	lines := strings.Split(said, "\r\n")
	if len(lines) < 2 || !strings.Contains(flat(said), "with no key pressed or click (the teacher sets it with --idle-timeout)") {
		t.Fatalf("the closing line is not the idle limit's, wrapped: %q", said)
	}
	for _, l := range lines {
		if ansi.StringWidth(l) > w {
			t.Errorf("a closing line is %d columns wide, over the window's %d: %q", ansi.StringWidth(l), w, l)
		}
	}
}
