package lessonui

import (
	"errors"
	"fmt"
	"os"

	"github.com/breakerlab/breakerlab/internal/fullscreen"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/asciiterm"
	"github.com/breakerlab/breakerlab/tui/present"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/mattn/go-isatty"
)

// Terminal returns Options for the process's own terminal: a renderer on
// stdout with NO_COLOR honoured, and the progress store (with its notice).
// A store that cannot be opened is reported in the notice, and the lesson
// plays without remembering progress.
func Terminal(progressPath string) Options {
	o := Options{Theme: theme.New(theme.NewRenderer(os.Stdout, theme.NoColor(os.Getenv))), Step: -1}
	if progressPath == "" {
		p, err := lessons.DefaultProgressPath()
		if err != nil {
			o.Notice = err.Error()
			return o
		}
		progressPath = p
	}
	s, err := lessons.OpenStore(progressPath)
	switch {
	case err != nil:
		o.Notice = err.Error() + "; progress will not be remembered"
	default:
		o.Store, o.Notice = s, s.Notice()
	}
	return o
}

func needTerminal() error {
	if !isatty.IsTerminal(os.Stdout.Fd()) || !isatty.IsTerminal(os.Stdin.Fd()) {
		return errors.New("the lesson player needs a terminal; `breakerlab lessons` lists the lessons without one")
	}
	return nil
}

// Run plays a prepared lesson in the terminal until the learner quits.
func Run(p *lessons.Prepared, o Options) error {
	if err := needTerminal(); err != nil {
		return err
	}
	m, err := New(p, o)
	if err != nil {
		return err
	}
	if _, err := fullscreen.Run(present.Wrap(m, m.th, o.Present), tea.WithAltScreen(), tea.WithFPS(30), tea.WithMouseCellMotion(), asciiterm.WithOutput(nil, os.Getenv)); err != nil {
		return fmt.Errorf("running the lesson player: %w", err)
	}
	return nil
}

// RunPicker shows the lesson list in the terminal until the learner quits.
func RunPicker(all []*lessons.Lesson, o Options) error {
	if err := needTerminal(); err != nil {
		return err
	}
	p := NewPicker(all, nil, o)
	if _, err := fullscreen.Run(present.Wrap(p, p.th, o.Present), tea.WithAltScreen(), tea.WithFPS(30), tea.WithMouseCellMotion(), asciiterm.WithOutput(nil, os.Getenv)); err != nil {
		return fmt.Errorf("running the lesson list: %w", err)
	}
	return nil
}
