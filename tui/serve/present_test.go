package serve

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/present"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Presentation mode draws the open sandbox big, fits the window exactly at
// a projector's 100x30 and at 80x24, shows the key just pressed until its
// moment passes, and leaves the other screens as they are.
func TestPresentationMode(t *testing.T) {
	racefree.Only(t)
	for _, sz := range [][2]int{{100, 30}, {80, 24}} {
		s := plainSession(t, NewRoom(), true, sz[0], sz[1])
		s.Update(tea.KeyMsg{Type: tea.KeyCtrlP})
		if v := s.View(); !strings.Contains(v, "Lessons") || strings.Contains(v, "workers held") {
			t.Fatalf("presentation mode changed the menu:\n%s", v)
		}
		keys(s, "j", "enter", "enter", strings.Repeat(".", 150))
		v := s.View()
		lines := strings.Split(v, "\n")
		if len(lines) != sz[1] {
			t.Fatalf("%dx%d: %d lines", sz[0], sz[1], len(lines))
		}
		for i, l := range lines {
			if w := ansi.StringWidth(l); w > sz[0] {
				t.Fatalf("%dx%d: line %d is %d wide: %q", sz[0], sz[1], i, w, l)
			}
		}
		sb, _ := s.home.Sandbox()
		snap := sb.Snapshot()
		big := present.Big(fmt.Sprintf("%d/%d", snap.Busy, snap.Workers))
		for _, want := range []string{"workers held", "15.0 s / ", big[0], big[4], "[. ×150]", "teaching"} {
			if !strings.Contains(v, want) {
				t.Errorf("%dx%d: the presentation lacks %q:\n%s", sz[0], sz[1], want, v)
			}
		}
		if strings.Contains(v, "? keys") {
			t.Errorf("%dx%d: the key help is shown in presentation mode", sz[0], sz[1])
		}
		// The key fades when its moment is over, not before a later key's.
		// The corner's fade (tested in tui/present) empties it.
		if s.keys.Last = ""; strings.Contains(s.View(), "×150]") {
			t.Fatal("the key stayed after its fade")
		}
		s.Update(tea.KeyMsg{Type: tea.KeyCtrlP})
		if v := s.View(); !strings.Contains(v, "? keys") {
			t.Fatalf("ctrl+p did not leave presentation mode:\n%s", v)
		}
	}
}

// The teacher's own terminal runs the server: a quit from any screen (q
// on the menu, q in the sandbox, ctrl+c) asks before stopping it and says
// how many students it would disconnect; any other key keeps serving, y
// stops. A session over SSH quits at once, as before.
func TestLocalTeacherQuitAsks(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := plainSession(t, room, true, 80, 24)
	teacher.SetLocal(true)
	plainSession(t, room, false, 80, 24) // a student
	// quits sends k as the program would: through the filter, then the
	// command's message through the filter again; it reports whether the
	// program would end.
	quits := func(s *Session, k tea.KeyMsg) bool {
		msg := s.QuitFilter(s, k)
		_, cmd := s.Update(msg)
		if cmd == nil {
			return false
		}
		out := cmd()
		if b, ok := out.(tea.BatchMsg); ok {
			for _, c := range b {
				if c != nil {
					if m := c(); m != nil {
						out = m
					}
				}
			}
		}
		out = s.QuitFilter(s, out)
		if _, ok := out.(tea.QuitMsg); ok {
			return true
		}
		if out != nil {
			s.Update(out)
		}
		return false
	}
	for _, tc := range []struct {
		name string
		keys []string
		k    tea.KeyMsg
	}{
		{"ctrl+c", nil, tea.KeyMsg{Type: tea.KeyCtrlC}},
		{"q on the menu", nil, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("q")}},
	} {
		keys(teacher, tc.keys...)
		if quits(teacher, tc.k) {
			t.Fatalf("%s stopped the server without asking", tc.name)
		}
		v := teacher.View()
		if !strings.Contains(v, "Stop the class?") || !strings.Contains(v, "1 student is connected") {
			t.Fatalf("%s did not ask:\n%s", tc.name, v)
		}
		if quits(teacher, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("n")}) || strings.Contains(teacher.View(), "Stop the class?") {
			t.Fatalf("n after %s stopped the server or kept asking", tc.name)
		}
	}
	// q in a sandbox opened from the menu goes back, as on every screen
	// opened from home: to the scenarios, then to the menu, where q asks.
	q := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("q")}
	keys(teacher, "j", "enter", "enter")
	for i, where := range []string{"the sandbox", "the scenarios"} {
		if quits(teacher, q) || strings.Contains(teacher.View(), "Stop the class?") {
			t.Fatalf("q %d, in %s, stopped the server or asked, where it goes back:\n%s", i+1, where, teacher.View())
		}
	}
	if quits(teacher, q) || !strings.Contains(teacher.View(), "Stop the class?") {
		t.Fatalf("q on the menu, back from the sandbox, did not ask:\n%s", teacher.View())
	}
	quits(teacher, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("n")})
	quits(teacher, tea.KeyMsg{Type: tea.KeyCtrlC})
	if !quits(teacher, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("y")}) {
		t.Fatal("y did not stop")
	}
	// Over SSH ctrl+c quits at once.
	remote := plainSession(t, room, true, 80, 24)
	if !quits(remote, tea.KeyMsg{Type: tea.KeyCtrlC}) {
		t.Fatal("a remote session's ctrl+c did not quit")
	}
}

// A presenting session on the home menu shows the menu's note on its last
// line, that the mode is on and shows big on the sandbox and the lessons,
// as the lone program does (tui/home's PresentNote through present.Show):
// the session's wrapper passed the menu's view on and not its note, so
// the menu looked as it does without the mode. The note is the menu's
// own, the fullest form that fits; off the menu it is gone.
func TestPresentingOnTheMenuShowsItsNote(t *testing.T) {
	racefree.Only(t) // no goroutine: the session takes its keys and draws on this one
	for _, teacher := range []bool{true, false} {
		for _, sz := range [][2]int{{100, 30}, {80, 24}} {
			s := plainSession(t, NewRoom(), teacher, sz[0], sz[1])
			s.Update(tea.KeyMsg{Type: tea.KeyCtrlP})
			notes := s.home.PresentNote()
			if len(notes) == 0 {
				t.Fatal("the menu has no note to show: the test checks nothing")
			}
			v := ansi.Strip(s.View())
			shown := ""
			for _, n := range notes {
				if strings.Contains(v, n) {
					shown = n
					break
				}
			}
			// The lone program's note at the same size: the first form
			// that fits beside the key corner.
			lone := ansi.Strip(present.Show(s.pth, s.home, "", sz[0], sz[1]))
			lines := strings.Split(lone, "\n")
			if shown == "" || !strings.Contains(lines[len(lines)-1], shown) {
				t.Errorf("teacher %v, %dx%d: the presented menu shows note %q, the lone program's last line is %q:\n%s", teacher, sz[0], sz[1], shown, lines[len(lines)-1], v)
			}
			keys(s, "j", "enter", "enter")
			for _, n := range notes {
				if strings.Contains(ansi.Strip(s.View()), n) {
					t.Errorf("teacher %v, %dx%d: the sandbox still shows the menu's note %q", teacher, sz[0], sz[1], n)
				}
			}
		}
	}
}
