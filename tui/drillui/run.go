package drillui

import (
	"fmt"
	"os"
	"time"

	"github.com/breakerlab/breakerlab/internal/fullscreen"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/asciiterm"
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
	if _, err := fullscreen.Run(New(o), tea.WithAltScreen(), asciiterm.WithOutput(nil, os.Getenv)); err != nil {
		return fmt.Errorf("running the drill: %w", err)
	}
	return nil
}

// CountsMsg carries the counts of a session that would start now: the due
// and new cards the home screen's Drill entry shows. OK is false when the
// deck did not load.
type CountsMsg struct {
	Counts drill.Counts
	OK     bool
}

// Counts is a command that counts the cards a session opened with o would
// hold now. Without a deck in o it loads drill.Deck (the engine runs once a
// program; the drill opened later finds the deck built).
func Counts(o Options) tea.Cmd {
	return func() tea.Msg {
		deck := o.Deck
		if deck == nil {
			deck, _ = drill.Deck()
		}
		if len(deck) == 0 {
			return CountsMsg{}
		}
		var states map[string]drill.State
		if o.Store != nil {
			states = o.Store.States()
		}
		now := time.Now
		if o.Now != nil {
			now = o.Now
		}
		return CountsMsg{Counts: drill.Count(deck, states, now(), o.Session), OK: true}
	}
}
