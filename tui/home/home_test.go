package home

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/sandbox"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

func newHome(t *testing.T, o Options) Model {
	t.Helper()
	o.Theme = tuitest.Plain()
	if o.Scenarios == nil {
		o.Scenarios = []Entry{
			{Name: "cascade", Summary: "one hanging dependency takes a shared pool", Build: func() *engine.Scenario { return tuitest.Scenario(t, "cascade") }},
			{Name: "breaker-timeline", Summary: "a breaker trips and probes", Build: func() *engine.Scenario { return tuitest.Scenario(t, "breaker-timeline") }},
			{Name: "shuffle", Summary: "shuffle sharding", ShardView: true},
		}
	}
	o.Seed = tuitest.Seed
	return send(New(o), tea.WindowSizeMsg{Width: 100, Height: 30})
}

// The screen's drivers, from tuitest.
var (
	send   = tuitest.Send[Model]
	press  = tuitest.Press[Model]
	keyMsg = tuitest.Key
)

func TestHomeGolden(t *testing.T) {
	m := newHome(t, Options{})
	golden.Check(t, "home-100x30", m.View())
	golden.Check(t, "picker-100x30", press(m, "down", "enter").View())
	golden.Check(t, "help-100x30", press(m, "?").View())
	// At 80 columns the descriptions wrap beside their titles.
	golden.Check(t, "home-80x24", send(m, tea.WindowSizeMsg{Width: 80, Height: 24}).View())
}

func TestMenuMoves(t *testing.T) {
	m := newHome(t, Options{})
	for _, c := range []struct {
		key  string
		want int
	}{{"down", 1}, {"j", 2}, {"down", 3}, {"down", 4}, {"down", 0}, {"up", 4}, {"k", 3}, {"k", 2}, {"k", 1}} {
		m = press(m, c.key)
		if m.cursor != c.want {
			t.Fatalf("%s: cursor %d, want %d", c.key, m.cursor, c.want)
		}
	}
	if !strings.Contains(m.View(), "▸  Sandbox") {
		t.Errorf("the cursor should mark Sandbox:\n%s", m.View())
	}
}

func TestUnavailableItemsSaySo(t *testing.T) {
	m := newHome(t, Options{})
	m = press(m, "enter") // Lessons
	if m.InLessons() || !strings.Contains(m.View(), "lessons are not available") {
		t.Errorf("Lessons without lessons should explain:\n%s", m.View())
	}
	m = press(m, "up", "enter") // Exercises
	if m.InExercises() || !strings.Contains(m.View(), "exercise runner is not available") {
		t.Errorf("Exercises without a runner should explain:\n%s", m.View())
	}
}

func TestPickerOpensTheSandboxAndEscComesBack(t *testing.T) {
	m := newHome(t, Options{})
	m = press(m, "down", "enter")
	if m.screen != onPicker {
		t.Fatal("Sandbox should open the picker")
	}
	m = press(m, "enter") // cascade
	if !m.InSandbox() {
		t.Fatal("enter on cascade should open the sandbox")
	}
	if v := m.View(); !strings.Contains(v, "breakerlab › sandbox › cascade") {
		t.Errorf("the sandbox should be on screen:\n%s", v)
	}
	// The sandbox gets the keys: space plays.
	next, cmd := m.Update(keyMsg(" "))
	m = next.(Model)
	if cmd == nil || !m.sb.Playing() {
		t.Error("space in the sandbox should play")
	}
	// esc asks to go back; the home screen handles the BackMsg.
	next, cmd = m.Update(keyMsg("esc"))
	m = next.(Model)
	if cmd == nil {
		t.Fatal("esc in the sandbox should ask to go home")
	}
	m = send(m, cmd())
	if m.InSandbox() || m.screen != onPicker {
		t.Error("BackMsg should return to the picker")
	}
	m = press(m, "esc")
	if m.screen != onMenu {
		t.Error("esc in the picker should return to the menu")
	}
	_ = sandbox.BackMsg{}
}

func TestPickerOpensTheShardViewAndEscComesBack(t *testing.T) {
	m := newHome(t, Options{})
	m = press(m, "down", "enter", "up", "enter") // Sandbox, then shuffle (the last)
	if !m.InShardView() || m.InSandbox() {
		t.Fatal("enter on shuffle should open the shard view")
	}
	if v := m.View(); !strings.Contains(v, "breakerlab › sandbox › shuffle") || !strings.Contains(v, "plain sharding") {
		t.Errorf("the shard view should be on screen:\n%s", v)
	}
	next, cmd := m.Update(keyMsg(" "))
	m = next.(Model)
	if cmd == nil || !m.sv.Playing() {
		t.Error("space in the shard view should play")
	}
	next, cmd = m.Update(keyMsg("esc"))
	m = next.(Model)
	if cmd == nil {
		t.Fatal("esc in the shard view should ask to go home")
	}
	if m = send(m, cmd()); m.InShardView() || m.screen != onPicker {
		t.Error("BackMsg should return to the picker")
	}
}

func TestUnavailableScenarioSaysWhy(t *testing.T) {
	m := newHome(t, Options{Scenarios: []Entry{{Name: "later", Summary: "not yet", Unavailable: "later has no view yet"}}})
	m = press(m, "down", "enter", "enter")
	if m.InSandbox() || m.InShardView() || !strings.Contains(m.View(), "later has no view yet") {
		t.Errorf("an unavailable scenario should say why it does not open:\n%s", m.View())
	}
}

func TestHomeQuitsAndSurvivesAnySize(t *testing.T) {
	m := newHome(t, Options{})
	for _, k := range []string{"q", "ctrl+c"} {
		_, cmd := m.Update(keyMsg(k))
		if cmd == nil {
			t.Fatalf("%s gave no command", k)
		}
		if _, ok := cmd().(tea.QuitMsg); !ok {
			t.Errorf("%s should quit", k)
		}
	}
	for w := 1; w < 120; w += 11 {
		for h := 1; h < 40; h += 6 {
			for _, mm := range []Model{m, press(m, "down", "enter"), press(m, "?"), press(m, "down", "enter", "up", "enter")} {
				v := send(mm, tea.WindowSizeMsg{Width: w, Height: h}).View()
				lines := strings.Split(v, "\n")
				if len(lines) != h {
					t.Fatalf("%dx%d: %d lines", w, h, len(lines))
				}
				for _, l := range lines {
					if ansi.StringWidth(l) > w {
						t.Fatalf("%dx%d: line %q too wide", w, h, l)
					}
				}
			}
		}
	}
}

// Keys typed faster than they are read arrive as one message of several
// runes; the menu and the lesson list take them one at a time.
func TestABurstOfKeysIsTakenKeyByKey(t *testing.T) {
	burst := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("jj")}
	m := send(newHome(t, Options{Lessons: allLessons(t)}), burst)
	if m.cursor != 2 {
		t.Fatalf("after the burst jj the menu's cursor is on %d, want 2 (Exercises)", m.cursor)
	}
	m = press(m, "k", "k", "enter") // back to Lessons, open the list
	if !m.InLessons() {
		t.Fatal("enter on Lessons should open the lesson list")
	}
	m, cmd := update(m, burst)
	if cmd != nil {
		m = follow(t, m, cmd)
	}
	m, cmd = update(m, keyMsg("enter"))
	m = follow(t, m, cmd)
	if v := m.View(); !strings.Contains(v, "lesson 3 ·") {
		t.Fatalf("jj then enter in the lesson list should open lesson 3:\n%s", v)
	}
}
