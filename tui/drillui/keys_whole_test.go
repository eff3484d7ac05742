package drillui

import (
	"fmt"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// The drill's keys (?) at 80×24, 120×40 and 200×60, no word cut.
func TestDrillKeysAreWhole(t *testing.T) {
	m, _ := model(t, 80, 24, choiceID(t))
	help := tuitest.Press(m, "?")
	for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 60}} {
		v := tuitest.Send(help, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]}).View()
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		tuitest.CheckNoCuts(t, fmt.Sprintf("the drill's keys at %dx%d", sz[0], sz[1]), v)
	}
}
