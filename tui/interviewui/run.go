package interviewui

import (
	"fmt"
	"os"

	"github.com/breakerlab/breakerlab/internal/fullscreen"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/asciiterm"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
)

// Terminal returns options for the process's terminal: its theme (NO_COLOR
// honoured) and the progress directory, or a notice saying why nothing will
// be saved.
func Terminal() Options {
	o := Options{Theme: theme.New(theme.NewRenderer(os.Stdout, theme.NoColor(os.Getenv)))}
	dir, err := drill.DefaultDir()
	if err != nil {
		o.Notice = err.Error() + "; the interview will not be saved"
		return o
	}
	o.Dir = dir
	o.Review = "`breakerlab interview --history` reads it back"
	return o
}

// Run runs the mock interview in the terminal until the learner leaves.
func Run(o Options) error {
	m, err := New(o)
	if err != nil {
		return err
	}
	if _, err := fullscreen.Run(m, tea.WithAltScreen(), asciiterm.WithOutput(nil, os.Getenv)); err != nil {
		return fmt.Errorf("running the mock interview: %w", err)
	}
	return nil
}
