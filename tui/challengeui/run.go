package challengeui

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/breakerlab/breakerlab/internal/fullscreen"
	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/breakerlab/breakerlab/tui/asciiterm"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
)

// Debounce is how long the knobs rest before a grading starts, in a
// terminal's session (Options.Debounce).
const Debounce = 120 * time.Millisecond

// Terminal returns options for the process's terminal: its theme (NO_COLOR
// read through getenv), the stars file in breakerlab's config folder (or a
// notice saying why stars are not kept), and the current folder for the
// designs `w` writes.
func Terminal(c *challenge.Challenge, getenv func(string) string) Options {
	o := Options{Challenge: c, Theme: theme.New(theme.NewRenderer(os.Stdout, theme.NoColor(getenv))), Debounce: Debounce}
	o.Progress, o.Notice = OpenProgress()
	if wd, err := os.Getwd(); err == nil {
		o.Dir = wd
	}
	return o
}

// OpenProgress opens the stars file; when it cannot, the progress is nil
// and the notice says why.
func OpenProgress() (*challenge.Progress, string) {
	path, err := challenge.DefaultProgressPath()
	if err != nil {
		return nil, err.Error() + "; stars will not be kept"
	}
	p, err := challenge.OpenProgress(path)
	if err != nil {
		return p, err.Error()
	}
	return p, p.Notice()
}

// Run plays the challenge until the learner quits; the terminal is
// restored whatever happens. out is where it draws (nil: stdout).
func Run(out io.Writer, o Options) error {
	m, err := New(o)
	if err != nil {
		return err
	}
	opts := []tea.ProgramOption{tea.WithAltScreen(), tea.WithFPS(30), asciiterm.WithOutput(out, os.Getenv)}
	if _, err := fullscreen.Run(m, opts...); err != nil {
		return fmt.Errorf("running the challenge: %w", err)
	}
	return nil
}

// RunPicker opens the list of challenges on its own, as the home screen's
// Challenges item does (`breakerlab challenge` with no argument, as
// `breakerlab lesson` opens the lesson list); enter plays one, esc in it
// comes back to the list, q quits. out is where it draws (nil: stdout).
func RunPicker(out io.Writer, o Options) error {
	o.Challenge = nil
	p := NewPicker(o)
	opts := []tea.ProgramOption{tea.WithAltScreen(), tea.WithFPS(30), asciiterm.WithOutput(out, os.Getenv)}
	if _, err := fullscreen.Run(p, opts...); err != nil {
		return fmt.Errorf("running the challenge list: %w", err)
	}
	return nil
}
