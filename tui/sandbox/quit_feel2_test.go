package sandbox

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"

	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// q in the help screen does what q does on the screen under it: inside
// the home screen it goes back (it quit the program), on its own it quits.
func TestQuitKeyInTheHelpGoesBackInsideAnotherScreen(t *testing.T) {
	inside := press(newModel(t, 120, 30, Options{CanGoHome: true}), "?")
	if !inside.showHelp {
		t.Fatal("? did not open the help")
	}
	next, cmd := inside.Update(keyMsg("q"))
	after := next.(Model)
	if cmd == nil || after.showHelp {
		t.Fatalf("q in the help inside the home screen should close it and go on (help open: %v)", after.showHelp)
	}
	msg := cmd()
	if _, quit := msg.(tea.QuitMsg); quit {
		t.Fatal("q in the help inside the home screen quit the program")
	}
	// What follows is the screen's own q: back.
	if _, did := keyDoes(t, after, msg.(tea.KeyMsg).String()); did != "back" {
		t.Errorf("q in the help then did %q on the screen, want back", did)
	}

	alone := press(newModel(t, 120, 30, Options{}), "?")
	if _, did := keyDoes(t, alone, "q"); did != "quit" {
		t.Errorf("q in the help of a sandbox of its own did %q, want quit", did)
	}
	if _, did := keyDoes(t, inside, "ctrl+c"); did != "quit" {
		t.Errorf("ctrl+c in the help did %q, want quit", did)
	}
}

// sweepDoneOn opens the sweep on the workers and stops it at once: the
// result screen, without running the sweep through.
func sweepDoneOn(t *testing.T, o Options) Model {
	t.Helper()
	o.Scenario = shortCascade(t)
	m := press(newModel(t, 80, 24, o), "e")
	m = send(m, ctrlS)
	if m.sw == nil {
		t.Fatal("ctrl+s did not open the sweep picker")
	}
	next, cmd := m.Update(tuitest.Key("enter"))
	m = drive(t, press(next.(Model), "esc"), cmd)
	if m.sw == nil || m.sw.stage != sweepDone {
		t.Fatal("the stopped sweep shows no result")
	}
	return m
}

// On the sweep's result q does what esc does inside the home screen, as it
// does on the sandbox's own screen (it quit the program): back to the
// form; on its own q quits. The key line says which.
func TestSweepResultQuitKey(t *testing.T) {
	racefree.Only(t) // its stopped sweeps are TestSweepStopsRunsUnderWay's, run under -race
	inside := sweepDoneOn(t, Options{CanGoHome: true})
	last := func(m Model) string {
		lines := strings.Split(ansi.Strip(m.View()), "\n")
		return lines[len(lines)-1]
	}
	if l := last(inside); !strings.Contains(l, "esc/q back to the form") || strings.Contains(l, "quit") {
		t.Errorf("the result's key line inside the home screen: %q", l)
	}
	after, did := keyDoes(t, inside, "q")
	if did != "" || after.sw != nil || after.form == nil {
		t.Errorf("q on the result inside the home screen did %q (sweep open: %v), want back to the form", did, after.sw != nil)
	}
	alone := sweepDoneOn(t, Options{})
	if l := last(alone); !strings.Contains(l, "esc back to the form") || !strings.Contains(l, "q quit") {
		t.Errorf("the result's key line on its own: %q", l)
	}
	if _, did := keyDoes(t, alone, "q"); did != "quit" {
		t.Errorf("q on the result of a sandbox of its own did %q, want quit", did)
	}
}

// The sweep's knob picker marks its cursor with the theme's one cursor
// glyph, ▸, as every other list does (it drew ›).
func TestSweepPickerCursorIsTheThemes(t *testing.T) {
	v := ansi.Strip(openSweepOn(t, 80, 24).View())
	if strings.Contains(v, "│ › ") || !strings.Contains(v, "│ ▸ ") {
		t.Errorf("the knob picker should mark its cursor with ▸:\n%s", v)
	}
}

// The chaos menu's parts keep their columns when a name is long: the part
// and the faults start in one column on every row, and a name too long for
// its column is cut with … ("endpoint:recommendations" pushed its row out).
func TestChaosColumnsStayInLine(t *testing.T) {
	for _, w := range []int{80, 200} {
		m := press(newModel(t, w, 30, Options{}), "f")
		if m.chaos == nil {
			t.Fatal("f did not open the chaos menu")
		}
		// A spec names cascade's endpoint recommendations
		// endpoint:recommendations (the dependency has the name); the menu
		// shows the name alone, and a long one cut.
		long := []string{"endpoint:" + strings.Repeat("very-long-name-", 8)}
		m.chaos.targets = slices.Clone(m.chaos.targets)
		for _, n := range long {
			m.chaos.targets = append(m.chaos.targets, chaos.Target{Name: n, Part: chaos.EndpointPart, Kinds: []chaos.Kind{chaos.Surge, chaos.Recover}})
		}
		m.refresh()
		col := -1
		rows := 0
		for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
			for _, part := range []string{" service ", " dependency ", " endpoint ", " tenant ", " instance "} {
				at := strings.Index(l, part)
				if at < 0 || !strings.Contains(l, "│") {
					continue
				}
				rows++
				c := ansi.StringWidth(l[:at])
				if col < 0 {
					col = c
				} else if c != col {
					t.Errorf("%d columns: the part column moved from %d to %d:\n%s", w, col, c, l)
				}
				break
			}
		}
		if rows < 3 {
			t.Fatalf("%d columns: found %d part rows:\n%s", w, rows, ansi.Strip(m.View()))
		}
		v := ansi.Strip(m.View())
		if !regexp.MustCompile(`recommendations +endpoint `).MatchString(v) {
			t.Errorf("%d columns: a name that fits should be whole:\n%s", w, v)
		}
		cut := ""
		for _, l := range strings.Split(v, "\n") {
			if strings.Contains(l, "very-long") {
				cut = l
			}
		}
		if !strings.Contains(cut, "… endpoint") || strings.Contains(v, strings.TrimPrefix(long[0], "endpoint:")) {
			t.Errorf("%d columns: a name too long should be cut with …:\n%s", w, v)
		}
	}
}
