package exercisesui

import (
	"fmt"
	"os"
	"time"

	"github.com/breakerlab/breakerlab/exercises"
	tea "github.com/charmbracelet/bubbletea"
)

// Run opens the runner on a workbook in the terminal and returns when the
// learner quits. NO_COLOR in the environment turns colours off.
func Run(w *exercises.Workbook, manual bool, timeout time.Duration) error {
	noColor := os.Getenv("NO_COLOR") != ""
	m := New(NewBackend(w, timeout), Options{Manual: manual, NoColor: noColor})
	if _, err := tea.NewProgram(m, tea.WithAltScreen()).Run(); err != nil {
		return fmt.Errorf("the exercise runner stopped: %w", err)
	}
	return nil
}
