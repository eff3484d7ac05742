package shardview

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

func TestSeekKeysAndTimePrompt(t *testing.T) {
	m := newModel(t, 100, 30, Options{})
	m = press(m, "]")
	first := m.Now()
	if first <= 0 || m.Playing() {
		t.Fatalf("] goes to the first change of the fleet: at %v", first)
	}
	lines := strings.Split(ansi.Strip(m.View()), "\n")
	if status := lines[len(lines)-2]; !strings.Contains(status, "crashes") && !strings.Contains(status, "customers") {
		t.Errorf("the status line says what happened: %q", status)
	}
	// The jump is exact: the same counts as stepping there.
	stepped := newModel(t, 100, 30, Options{})
	for stepped.Now() < first {
		stepped = press(stepped, "right")
	}
	if a, b := m.Snapshots(), stepped.Snapshots(); a[0].Now != b[0].Now || a[1].Now != b[1].Now {
		t.Errorf("] and → → … differ at %v: %+v vs %+v", first, a[0].Now, b[0].Now)
	}
	m = press(m, "]", "[")
	if m.Now() != first {
		t.Errorf("] then [ comes back to %v: %v", first, m.Now())
	}
	m = press(m, "G")
	if m.Now() != m.run.End() {
		t.Errorf("G: %v", m.Now())
	}
	m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(":12")}, tea.KeyMsg{Type: tea.KeyEnter})
	if m.Now() != 12*time.Second {
		t.Errorf(":12 enter: %v", m.Now())
	}
	m = press(m, "t", "x", "enter")
	if m.prompt == nil || !strings.Contains(m.prompt.Err, "not a time") {
		t.Errorf("a bad time keeps the prompt open with what is allowed")
	}
}
