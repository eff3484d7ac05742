package home

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/challengeui"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

var (
	wheelDown = tea.MouseMsg{Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress}
	wheelUp   = tea.MouseMsg{Button: tea.MouseButtonWheelUp, Action: tea.MouseActionPress}
)

// g/G, Home/End and the wheel move the menu's cursor; `/` filters it, and
// esc drops the filter before it leaves anything.
func TestMenuListKeys(t *testing.T) {
	m := newHome(t, Options{})
	last := len(items) - 1
	for _, c := range []struct {
		msg  tea.Msg
		want int
	}{{keyMsg("G"), last}, {keyMsg("g"), 0}, {keyMsg("end"), last}, {keyMsg("home"), 0}, {wheelDown, 1}, {wheelDown, 2}, {wheelUp, 1}} {
		m = send(m, c.msg)
		if m.cursor != c.want {
			t.Fatalf("%v: cursor on %d, want %d", c.msg, m.cursor, c.want)
		}
	}
	m = typed(m, "/", "dri")
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "/dri") || !strings.Contains(v, "Drill") || strings.Contains(v, "Sandbox") {
		t.Fatalf("/dri should leave the Drill alone on the menu:\n%s", v)
	}
	if items[m.cursor].title != "Drill" {
		t.Errorf("the cursor should be on the one item left, is on %s", items[m.cursor].title)
	}
	// q while typing is text, not quit.
	if _, cmd := m.Update(keyMsg("q")); cmd != nil {
		t.Error("q while the filter is typed should be text")
	}
	m = typed(m, "esc")
	if m.menuFilter.Active() || !strings.Contains(m.View(), "Sandbox") || m.screen != onMenu {
		t.Errorf("esc should drop the filter and stay on the menu:\n%s", m.View())
	}
}

func TestPickerFilterOpensTheOneLeft(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	m := newHome(t, Options{})
	m = typed(m, "down", "enter", "/", "timeline", "enter")
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "1 of 3") || strings.Contains(v, "cascade") {
		t.Fatalf("/timeline should leave one scenario:\n%s", v)
	}
	m = typed(m, "enter")
	if !m.InSandbox() || !strings.Contains(m.View(), "breaker-timeline") {
		t.Fatalf("enter should open the one scenario left:\n%s", m.View())
	}
}

func TestLessonAndChallengeListsFilter(t *testing.T) {
	racefree.Only(t)
	all := allLessons(t)
	m := newHome(t, Options{Lessons: all, Challenges: &challengeui.Options{}})
	m = typed(m, "enter", "/", "shuffle", "enter")
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "/shuffle") || strings.Contains(v, "1. One slow dependency") {
		t.Fatalf("/shuffle should narrow the lessons:\n%s", v)
	}
	// `:` is text while the filter is typed, the palette's otherwise.
	m = typed(m, "/", ":")
	if m.pal.IsOpen() {
		t.Fatal("`:` typed into the filter must stay text")
	}
	m = typed(m, "esc", "G", "esc")
	if m.screen != onMenu {
		t.Fatalf("esc drops the filter, then leaves the lessons:\n%s", m.View())
	}

	m = typed(m, ":", "challenges", "enter", "G")
	if !strings.Contains(ansi.Strip(m.View()), "▸ ") {
		t.Fatalf("the challenges should show a cursor:\n%s", m.View())
	}
	m = typed(m, "/", "tenant", "enter")
	v = ansi.Strip(m.View())
	if !strings.Contains(v, "A lane for each tenant") || strings.Contains(v, "Size a timeout") {
		t.Fatalf("/tenant should narrow the challenges:\n%s", v)
	}
	m = typed(m, "enter")
	if !m.ch.Open() || !strings.Contains(m.View(), "A lane for each tenant") {
		t.Fatalf("enter should open the challenge left:\n%s", m.View())
	}
}
