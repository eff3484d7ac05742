package interviewui

import (
	"fmt"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// The interview's keys (?) at 80×24, 120×40 and 200×60, no word cut.
func TestInterviewKeysAreWhole(t *testing.T) {
	picker, _, _ := model(t, 80, 24, "")
	help := tuitest.Press(picker, "?")
	for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 60}} {
		v := tuitest.Send(help, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]}).View()
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		tuitest.CheckNoCuts(t, fmt.Sprintf("the interview's keys at %dx%d", sz[0], sz[1]), v, promptTexts()...)
	}
}
