package serve

import (
	"io"
	"testing"

	"github.com/charmbracelet/ssh"
)

// writerSession is a session that is only somewhere to write, all the
// renderer uses of it.
type writerSession struct {
	ssh.Session
	w io.Writer
}

func (s writerSession) Write(p []byte) (int, error) { return s.w.Write(p) }

// A session draws for the background its client says: BREAKERLAB_THEME
// (ssh -o SetEnv=BREAKERLAB_THEME=light), else COLORFGBG, else dark. The
// client's terminal cannot be asked: its answer would arrive as keys.
func TestSessionBackground(t *testing.T) {
	for _, c := range []struct {
		env  []string
		dark bool
	}{
		{nil, true},
		{[]string{"BREAKERLAB_THEME=light"}, false},
		{[]string{"COLORFGBG=0;15"}, false},
		{[]string{"COLORFGBG=15;0"}, true},
		{[]string{"COLORFGBG=0;15", "BREAKERLAB_THEME=dark"}, true},
		{[]string{"BREAKERLAB_THEME=light", "NO_COLOR=1"}, false},
	} {
		env := append(c.env, "TERM=xterm-256color")
		if got := sessionRenderer(writerSession{w: io.Discard}, env).HasDarkBackground(); got != c.dark {
			t.Errorf("%q: dark background %v, want %v", env, got, c.dark)
		}
	}
}
