package home

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/livelab"
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
	golden.Check(t, "picker-100x30", run(press(m, "down"), keyMsg("enter")).View())
	golden.Check(t, "help-100x30", press(m, "?").View())
	// At 80 columns the descriptions wrap beside their titles.
	golden.Check(t, "home-80x24", send(m, tea.WindowSizeMsg{Width: 80, Height: 24}).View())
}

func TestMenuMoves(t *testing.T) {
	m := newHome(t, Options{})
	last := len(items) - 1
	steps := []struct {
		key  string
		want int
	}{{"down", 1}, {"j", 2}}
	for i := 3; i <= last; i++ {
		steps = append(steps, struct {
			key  string
			want int
		}{"down", i})
	}
	steps = append(steps, []struct {
		key  string
		want int
	}{{"down", 0}, {"up", last}, {"k", last - 1}}...)
	for i := last - 2; i >= 1; i-- {
		steps = append(steps, struct {
			key  string
			want int
		}{"k", i})
	}
	for _, c := range steps {
		m = press(m, c.key)
		if m.cursor != c.want {
			t.Fatalf("%s: cursor %d, want %d", c.key, m.cursor, c.want)
		}
	}
	if !strings.Contains(m.View(), "▸  Sandbox") {
		t.Errorf("the cursor should mark Sandbox:\n%s", m.View())
	}
}

// The live lab starts its servers in a command, opens its screen, and q
// comes back to the menu and stops the servers; without a way to start it
// the item says how to run it from a shell.
func TestLiveLabOpensAndStops(t *testing.T) {
	m := newHome(t, Options{})
	m = press(goTo(t, m, "Live lab"), "enter")
	if !strings.Contains(m.View(), "lab checkout --tui") {
		t.Fatalf("without a live lab the item should say how to run it:\n%s", m.View())
	}
	stopped := 0
	m = newHome(t, Options{LiveLab: func() (livelab.Options, func() error, error) {
		sc := tuitest.Scenario(t, "checkout")
		run, err := engine.New(sc, 3, tuitest.Seed)
		if err != nil {
			return livelab.Options{}, nil, err
		}
		real := func() engine.Snapshot { return run.Snapshot() }
		return livelab.Options{Scenario: sc, Variant: 3, Seed: tuitest.Seed, Where: "a test", Real: real},
			func() error { stopped++; return nil }, nil
	}})
	m = goTo(t, m, "Live lab")
	m, cmd := update(m, keyMsg("enter"))
	if !strings.Contains(m.View(), "starting the provider") {
		t.Fatalf("while the servers start the menu should say so:\n%s", m.View())
	}
	m = send(m, cmd())
	if m.screen != onLiveLab || !strings.Contains(m.View(), "q back") {
		t.Fatalf("the live lab should be open, with q to come back:\n%s", m.View())
	}
	m, cmd = update(m, keyMsg("q"))
	m, cmd = update(m, cmd()) // leftLiveLabMsg: back to the menu, stopping the servers
	m = follow(t, m, cmd)
	if m.screen != onMenu {
		t.Fatalf("q should come back to the menu:\n%s", m.View())
	}
	if stopped != 1 {
		t.Fatalf("leaving the live lab stopped its servers %d times, want once", stopped)
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
	racefree.Only(t) // no goroutine: the model driven by hand
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
	racefree.Only(t)
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
	racefree.Only(t)
	burst := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("jj")}
	m := send(newHome(t, Options{Lessons: allLessons(t)}), burst)
	if m.cursor != 2 {
		t.Fatalf("after the burst jj the menu's cursor is on %d, want 2 (Challenges)", m.cursor)
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

// A window too short for the menu scrolls with the cursor and says what is
// above and below, instead of cutting the menu off.
func TestAShortWindowScrollsTheMenu(t *testing.T) {
	m := send(newHome(t, Options{}), tea.WindowSizeMsg{Width: 40, Height: 10})
	for i := range items {
		v := ansi.Strip(m.View())
		if lines := strings.Split(v, "\n"); len(lines) != 10 {
			t.Fatalf("at 40×10 the menu has %d lines, want 10:\n%s", len(lines), v)
		}
		if !strings.Contains(v, items[i].title) {
			t.Fatalf("with the cursor on %s, the menu does not show it:\n%s", items[i].title, v)
		}
		if i == len(items)-1 && !strings.Contains(v, "more lines above") {
			t.Fatalf("on the last item the menu should say what is above:\n%s", v)
		}
		if i == 0 && !strings.Contains(v, "more lines below") {
			t.Fatalf("on the first item the menu should say what is below:\n%s", v)
		}
		m = press(m, "down")
	}
}
