package exercisesui

import (
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/internal/fullscreen"
	"github.com/breakerlab/breakerlab/tui/asciiterm"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/mattn/go-isatty"
)

// Run opens the runner on a workbook in the terminal and returns when the
// learner quits. NO_COLOR in the environment turns colours off. start
// names the exercise to open on (Options.Start); "" opens where the
// learner left off.
func Run(w *exercises.Workbook, manual bool, timeout time.Duration, start string) error {
	if !isatty.IsTerminal(os.Stdout.Fd()) || !isatty.IsTerminal(os.Stdin.Fd()) {
		return errors.New("the runner needs a terminal; in scripts use `breakerlab exercises check` and `breakerlab exercises list`")
	}
	noColor := os.Getenv("NO_COLOR") != ""
	m := New(NewBackend(w, timeout), Options{Manual: manual, NoColor: noColor, Editor: EditorFromEnv(os.Getenv), Start: start})
	// The wait for the checks below is the program's too: a SIGTERM in
	// it is given the grace a running screen gets.
	end := fullscreen.Begin()
	defer end()
	final, err := fullscreen.Run(m, tea.WithAltScreen(), asciiterm.WithOutput(nil, os.Getenv))
	if fm, ok := final.(Model); ok {
		// Quitting canceled the checks in progress; give them a moment to
		// kill their go test processes before this process ends.
		fm.work.wait(3 * time.Second)
	}
	if err != nil {
		return fmt.Errorf("the exercise runner stopped: %w", err)
	}
	return nil
}
