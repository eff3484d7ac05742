package listnav

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

func runes(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }

var names = []string{"cascade", "breaker-timeline", "multi-hop", "multi-region", "shuffle"}

func match(i int, f Filter) bool { return f.Match(names[i]) }

func TestFilterNarrowsAndEscDropsIt(t *testing.T) {
	var l List
	l.Cursor = 1
	for _, k := range []tea.KeyMsg{runes("/"), runes("mul"), runes("ti")} {
		if !l.Update(k, len(names), match) {
			t.Fatalf("%v should go to the filter", k)
		}
	}
	if got := l.Shown(len(names), match); len(got) != 2 || got[0] != 2 || got[1] != 3 {
		t.Fatalf("/multi shows %v", got)
	}
	if l.Cursor != 2 {
		t.Errorf("the cursor's row was filtered out: it should move to the first shown, is on %d", l.Cursor)
	}
	// enter keeps the filter and gives the keys back to the list.
	l.Update(tea.KeyMsg{Type: tea.KeyEnter}, len(names), match)
	if l.Filter.Typing() || !l.Filter.Active() {
		t.Fatal("enter should keep the filter and stop typing")
	}
	if l.Update(runes("j"), len(names), match) {
		t.Error("j after enter is the list's, not the filter's")
	}
	l.Update(tea.KeyMsg{Type: tea.KeyEnd}, len(names), match)
	if l.Cursor != 3 {
		t.Errorf("End should go to the last row shown, is on %d", l.Cursor)
	}
	// esc drops the filter before anything else.
	if !l.Update(tea.KeyMsg{Type: tea.KeyEsc}, len(names), match) || l.Filter.Active() {
		t.Fatal("esc should drop the filter")
	}
	if l.Update(tea.KeyMsg{Type: tea.KeyEsc}, len(names), match) {
		t.Error("esc without a filter is the list's (back)")
	}
}

func TestMoveEndsAndWheel(t *testing.T) {
	cases := []struct {
		msg    tea.Msg
		at, to int
	}{
		{runes("g"), 3, 0},
		{tea.KeyMsg{Type: tea.KeyHome}, 3, 0},
		{runes("G"), 0, 4},
		{tea.KeyMsg{Type: tea.KeyEnd}, 0, 4},
		{tea.MouseMsg{Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress}, 4, 4},
		{tea.MouseMsg{Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress}, 1, 2},
		{tea.MouseMsg{Button: tea.MouseButtonWheelUp, Action: tea.MouseActionPress}, 0, 0},
	}
	for _, c := range cases {
		if to, ok := Move(c.msg, c.at, 5); !ok || to != c.to {
			t.Errorf("%v from %d: %d %v, want %d", c.msg, c.at, to, ok, c.to)
		}
	}
	if _, ok := Move(runes("j"), 0, 5); ok {
		t.Error("j is not Move's")
	}
}

func TestMatchEveryWord(t *testing.T) {
	var f Filter
	f.Key(runes("/"))
	f.Key(runes("Slow DEP"))
	if !f.Match("One slow dependency") || f.Match("slow") || f.Match("dependency") {
		t.Error("every word must appear, in any case")
	}
}
