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
	if v := ansi.Strip(m.View()); !strings.Contains(v, "≤ 165 MiB") || !strings.Contains(v, "par: peak memory") {
		t.Errorf("the goals panel should bound the par at 165 MiB:\n%s", v)
	}
	m = press(t, m, "i")
	v := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
	if !strings.Contains(v, "Par: peak memory ≤ 165 MiB") {
		t.Errorf("the brief should give the par with its unit:\n%s", ansi.Strip(m.View()))
	}
}

// The list of challenges at 200×60 uses the window: no summary wrapped in
// a narrow column, and under the list the challenge under the cursor, its
// goals and its par with the unit, rather than blank rows.
func TestPickerUsesATallWideWindow(t *testing.T) {
	p := picker(200, 60)
	for range len(p.all) - 1 {
		next, _ := p.Update(tea.KeyMsg{Type: tea.KeyDown})
		p = next.(Picker)
	}
	v := ansi.Strip(p.View())
	for _, want := range []string{
		"cap recommendations' workers without refusing its good calls", // one line, not two
		"╭─ 21 Budget the permits",
		"goal: times the process was killed  none", // a bound of 0 in words
		"par: peak memory  ≤ 165 MiB",
	} {
		if !strings.Contains(v, want) {
			t.Errorf("the list at 200×60 should show %q:\n%s", want, v)
		}
	}
	blank, most := 0, 0
	for _, l := range strings.Split(v, "\n") {
		if strings.TrimSpace(l) == "" {
			blank++
			most = max(most, blank)
		} else {
			blank = 0
		}
	}
	if most > 12 {
		t.Errorf("%d blank rows in a row at 200×60:\n%s", most, v)
	}
}
