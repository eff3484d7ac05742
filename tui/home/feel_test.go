package home

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// q on the scenario picker goes back to the menu, as esc does and as q
// does on the screens the menu opens (it quit the program); on the menu
// q quits. The key lines say so.
func TestQuitKeyOnThePickerGoesBack(t *testing.T) {
	m := newHome(t, Options{})
	if v := ansi.Strip(m.View()); !strings.Contains(v, "q quit") || !strings.Contains(v, "? keys") {
		t.Errorf("the menu should say q quit and ? keys:\n%s", v)
	}
	m = run(press(m, "down"), keyMsg("enter"))
	if m.screen != onPicker {
		t.Fatal("enter on Sandbox did not open the picker")
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "esc/q back") || strings.Contains(v, "q quit") {
		t.Errorf("the picker should say esc/q back:\n%s", v)
	}
	next, cmd := m.Update(keyMsg("q"))
	m = next.(Model)
	if cmd != nil {
		if _, quit := cmd().(tea.QuitMsg); quit {
			t.Fatal("q on the picker quit the program")
		}
	}
	if m.screen != onMenu {
		t.Fatalf("q on the picker should go back to the menu, not to screen %d", m.screen)
	}
	if _, cmd := m.Update(keyMsg("q")); cmd == nil {
		t.Fatal("q on the menu should quit")
	} else if _, quit := cmd().(tea.QuitMsg); !quit {
		t.Fatal("q on the menu should quit")
	}
	// ctrl+c quits from the picker.
	m = run(press(m, "down"), keyMsg("enter"))
	if _, cmd := m.Update(tea.KeyMsg{Type: tea.KeyCtrlC}); cmd == nil {
		t.Fatal("ctrl+c on the picker should quit")
	} else if _, quit := cmd().(tea.QuitMsg); !quit {
		t.Fatal("ctrl+c on the picker should quit")
	}
}

// The lessons' progress pane marks a started lesson as the lesson list
// does (◐), and the one c goes on with with →: ▸ is the menu's cursor
// alone (two lessons and the cursor were all ▸).
func TestProgressMarksAreNotTheCursor(t *testing.T) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	var pr lessons.Progress
	pr.SawStep(0)
	if r := lessonRow(all[0], pr); r.mark != "◐" {
		t.Errorf("a started lesson is marked %q, want ◐", r.mark)
	}
	if r := lessonRow(all[0], lessons.Progress{}); r.mark != "·" {
		t.Errorf("a lesson not started is marked %q, want ·", r.mark)
	}
	m := newHome(t, Options{})
	m.lessonsDone = lessonProgress{rows: []progressRow{lessonRow(all[0], pr), lessonRow(all[1], pr)}, next: all[1], total: 2}
	for _, p := range m.progressPanes() {
		for _, r := range p.rows {
			if r.mark == "▸" {
				t.Errorf("the %s pane marks %q with the cursor's ▸", p.title, r.text)
			}
		}
	}
}
