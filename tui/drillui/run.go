package drillui

import (
	"fmt"
	"os"
	"time"

	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
)

// Terminal returns options for the process's terminal: its theme (NO_COLOR
// honoured), a session of the due cards and drill.DefaultNew new ones, and
// the schedule in the progress directory, or a notice saying why it is not
// kept.
func Terminal() Options {
	o := Options{Theme: theme.New(theme.NewRenderer(os.Stdout, theme.NoColor(os.Getenv)))}
	o.Session.New = drill.DefaultNew
	o.Store, o.Notice = OpenStore()
	return o
}

// OpenStore opens the schedule in the progress directory; when it cannot,
// the store is nil and the notice says why.
func OpenStore() (*drill.Store, string) {
	dir, err := drill.DefaultDir()
	if err != nil {
		return nil, err.Error() + "; the schedule will not be saved"
	}
	s, err := drill.OpenStore(dir, time.Now())
	if err != nil {
		return nil, err.Error() + "; the schedule will not be saved"
	}
	return s, s.Notice()
}

// Run runs the drill in the terminal until the learner leaves.
func Run(o Options) error {
	if _, err := tea.NewProgram(New(o), tea.WithAltScreen()).Run(); err != nil {
		return fmt.Errorf("running the drill: %w", err)
	}
	return nil
}
