package lessonui

import (
	"fmt"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// The lesson player's keys (?) at 80×24, 120×40 and 200×60, no word cut.
func TestPlayerKeysAreWhole(t *testing.T) {
	help := send(open(t, allLessons(t)[0], 0, 80, 24, Options{}), tuitest.Key("?"))
	for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 60}} {
		v := send(help, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]}).View()
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		tuitest.CheckNoCuts(t, fmt.Sprintf("the player's keys at %dx%d", sz[0], sz[1]), v)
	}
}
