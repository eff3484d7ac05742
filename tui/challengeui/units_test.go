package challengeui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// The challenge screen gives a par with its unit: budget-permits' par is
// 165 MiB of memory, on the goals panel and in the brief (i), never a
// bare 165.
func TestParShownWithItsUnit(t *testing.T) {
	m := open(t, "budget-permits", Options{})
	next, _ := m.Update(tea.WindowSizeMsg{Width: 200, Height: 60})
	m = next.(Model)
	if v := ansi.Strip(m.View()); !strings.Contains(v, "≤ 165 MiB") || !strings.Contains(v, "par: memory-peak <= 165 MiB") {
		t.Errorf("the goals panel should bound the par at 165 MiB:\n%s", v)
	}
	m = press(t, m, "i")
	v := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
	if !strings.Contains(v, "Par: memory-peak <= 165 MiB") {
		t.Errorf("the brief should give the par with its unit:\n%s", ansi.Strip(m.View()))
	}
}
