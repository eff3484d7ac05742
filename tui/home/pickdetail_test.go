package home

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/interviewui"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// countedHome is the home screen on two scenarios whose Build counts its
// calls, with the picker open at 200×60: the command that runs the map is
// handed back, not run.
func countedHome(t *testing.T) (Model, tea.Cmd, *int) {
	t.Helper()
	builds := 0
	build := func(name string) func() *engine.Scenario {
		return func() *engine.Scenario { builds++; return tuitest.Scenario(t, name) }
	}
	m := newHome(t, Options{Scenarios: []Entry{
		{Name: "cascade", Summary: "one hanging dependency takes a shared pool", Build: build("cascade")},
		{Name: "breaker-timeline", Summary: "a breaker trips and probes", Build: build("breaker-timeline")},
	}})
	m = send(m, tea.WindowSizeMsg{Width: 200, Height: 60})
	m, cmd := update(press(m, "down"), keyMsg("enter"))
	if m.screen != onPicker {
		t.Fatalf("Sandbox should open the picker:\n%s", ansi.Strip(m.View()))
	}
	return m, cmd, &builds
}

// View neither builds the scenario under the picker's cursor nor runs it:
// before the run comes back, the map's rows say it is running; the message
// the command returns draws the map; redraws build nothing.
func TestPickerViewRunsNoEngine(t *testing.T) {
	m, cmd, builds := countedHome(t)
	before := *builds
	v := ansi.Strip(m.View())
	if *builds != before {
		t.Errorf("View built the scenario %d times", *builds-before)
	}
	if strings.Contains(v, "╭─ Map") || !strings.Contains(v, "running design 1 to 20 s…") {
		t.Fatalf("before its run comes back the picker should say it is running, not draw the map:\n%s", v)
	}
	if !strings.Contains(v, "╭─ cascade") || !strings.Contains(v, "3 designs · 30 s") {
		t.Errorf("the detail (from the scenario built in Update) should be drawn at once:\n%s", v)
	}
	if cmd == nil {
		t.Fatal("opening the picker at 200×60 started no run")
	}
	m = run(m, cmd())
	v = ansi.Strip(m.View())
	if !strings.Contains(v, "╭─ Map") || !strings.Contains(v, "design 1, one shared pool of 200 threads, at 20 s") {
		t.Fatalf("the run's message should draw the map:\n%s", v)
	}
	before = *builds
	for range 3 {
		m.View()
	}
	if *builds != before {
		t.Errorf("redraws built the scenario %d times", *builds-before)
	}
}

// A run that comes back for a row the cursor has left is not drawn on the
// row it is on now; the run of that row follows, one at a time.
func TestPickerDropsAStaleRun(t *testing.T) {
	m, cmd, _ := countedHome(t)
	stale := cmd() // cascade's, still to come back
	m, next := update(m, keyMsg("down"))
	if next != nil {
		t.Error("a second run started while the first was in flight")
	}
	m, next = update(m, stale)
	v := ansi.Strip(m.View())
	if strings.Contains(v, "╭─ Map") || !strings.Contains(v, "╭─ breaker-timeline") {
		t.Fatalf("cascade's run should not be drawn under breaker-timeline:\n%s", v)
	}
	if next == nil {
		t.Fatal("the row under the cursor got no run once the stale one came back")
	}
	m = run(m, next())
	if v := ansi.Strip(m.View()); !strings.Contains(v, "╭─ Map") || !strings.Contains(v, "at 50 s") {
		t.Fatalf("breaker-timeline's own run should draw its map:\n%s", v)
	}
}

// The interview opened from the menu on a wide window gets the command
// that plays its side panel's runs (the size its Update is given at
// opening), and the home screen hands their message back to it.
func TestInterviewOpenedWideGetsItsRuns(t *testing.T) {
	racefree.Only(t)
	m := newHome(t, Options{Interview: &interviewui.Options{}})
	m = send(goTo(t, m, "Interview"), tea.WindowSizeMsg{Width: 200, Height: 60})
	m, cmd := update(m, keyMsg("enter"))
	if v := ansi.Strip(m.View()); !strings.Contains(v, "designs…") || strings.Contains(v, "What goes wrong") {
		t.Fatalf("the interview's panel should say its runs are being played:\n%s", v)
	}
	if cmd == nil {
		t.Fatal("opening the interview on a wide window started no runs")
	}
	m = run(m, cmd())
	if v := ansi.Strip(m.View()); !strings.Contains(v, "What goes wrong: the engine's worst design of") {
		t.Fatalf("the runs should reach the interview's panel:\n%s", v)
	}
}
