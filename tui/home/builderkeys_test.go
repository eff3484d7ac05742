package home

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/exercisesui"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/livelab"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// `:` opens the palette in the builder, as on the home screen's lists and
// as its own help says (":/ctrl+k go anywhere"), where it meant nothing;
// while the builder takes text (a prompt) or asks, `:` is still its own.
func TestColonOpensThePaletteInTheBuilder(t *testing.T) {
	m := newHome(t, Options{})
	m = typed(m, PaletteKey, "new", "enter")
	if m.screen != onBuilder {
		t.Fatalf(":new should open the builder:\n%s", ansi.Strip(m.View()))
	}
	if got := typed(m, ":"); !got.pal.IsOpen() {
		t.Errorf("`:` on the builder's list of starts should open the palette:\n%s", ansi.Strip(got.View()))
	}
	m = typed(m, "enter", "s") // the empty server, a service
	if got := typed(m, ":"); !got.pal.IsOpen() {
		t.Errorf("`:` while building should open the palette:\n%s", ansi.Strip(got.View()))
	}
	if got := typed(m, ":", "h", "ome", "enter"); got.screen != onMenu || !got.bd.Unsaved() {
		t.Errorf("`:home` should leave the builder, its system kept as a draft:\n%s", ansi.Strip(got.View()))
	}

	// A prompt takes `:` as text: the save prompt's path.
	saving := typed(m, "w", "end", ":") // end keeps the path the prompt opened with, selected
	if saving.pal.IsOpen() || !strings.Contains(ansi.Strip(saving.View()), ".toml:") {
		t.Errorf("`:` in the save prompt should be typed there:\n%s", ansi.Strip(saving.View()))
	}
	// A question takes any key as its answer: `:` stays, as other keys do.
	asked := typed(m, "esc", ":")
	if asked.pal.IsOpen() || asked.screen != onBuilder {
		t.Errorf("`:` should answer the leave question by staying, not open the palette:\n%s", ansi.Strip(asked.View()))
	}
}

// slowFind is a workbook that is still being looked for: its command is
// never run by the test, so the home screen stays busy.
func slowFind() *Workbooks {
	return &Workbooks{Find: func() (exercisesui.Backend, error) { return nil, nil }}
}

// ctrl+c while the home screen looks for the workbook asks about the
// builder's unsaved system, as it does on every other screen: it quit at
// once, dropping the draft unasked. Once the search answers, the home
// screen is not left waiting for it.
func TestCtrlCWhileLookingForTheWorkbookAsksAboutTheDraft(t *testing.T) {
	m := newHome(t, Options{Workbooks: slowFind()})
	m = typed(m, PaletteKey, "new", "enter", "enter", "s", "esc", "y") // a draft, back on the menu
	if m.screen != onMenu || !m.bd.Unsaved() {
		t.Fatalf("the builder should hold an unsaved draft, the menu open:\n%s", ansi.Strip(m.View()))
	}
	m = moveTo(t, m, exercisesItem)
	next, find := m.Update(tuitest.Key("enter"))
	m = next.(Model)
	if m.busy == "" || find == nil {
		t.Fatalf("Exercises should look for the workbook in a command:\n%s", ansi.Strip(m.View()))
	}
	next, cmd := m.Update(tuitest.Key("ctrl+c"))
	m = next.(Model)
	if quits(cmd) {
		t.Fatal("ctrl+c while looking for the workbook quit and dropped the builder's unsaved system")
	}
	if v := ansi.Strip(m.View()); m.screen != onBuilder || !strings.Contains(v, "Quit with unsaved changes?") {
		t.Fatalf("ctrl+c should show the system and ask:\n%s", v)
	}
	// The search answers while the question is open: the builder keeps
	// the screen, and the menu is not stuck saying it is looking.
	m = send(m, find())
	if m.screen != onBuilder || m.busy != "" {
		t.Fatalf("the workbook's answer should not take the screen from the question, nor leave the menu busy (%q):\n%s", m.busy, ansi.Strip(m.View()))
	}
	m = typed(m, "n", "esc", "y") // stay; then leave the builder again
	if m.screen != onMenu || strings.Contains(ansi.Strip(m.View()), "looking for your workbook") {
		t.Errorf("back on the menu, nothing should be waited for:\n%s", ansi.Strip(m.View()))
	}
	if _, quit := pressQuits(m, tuitest.Key("ctrl+c")); quit {
		t.Error("ctrl+c on the menu should still ask about the draft")
	}

	// With nothing unsaved, ctrl+c while looking quits at once, as before.
	m = newHome(t, Options{Workbooks: slowFind()})
	m = moveTo(t, m, exercisesItem)
	m = send(m, tuitest.Key("enter"))
	if _, cmd := m.Update(tuitest.Key("ctrl+c")); !quits(cmd) {
		t.Error("ctrl+c while looking for the workbook should quit when nothing is unsaved")
	}
}

// The lab's servers, started while ctrl+c asked about the draft, are
// stopped: nobody is there to use them, and the menu is not left saying
// it starts them.
func TestLabStartedWhileAskingStops(t *testing.T) {
	stopped := false
	m := newHome(t, Options{LiveLab: func() (livelab.Options, func() error, error) {
		return livelab.Options{}, func() error { stopped = true; return nil }, nil
	}})
	m = typed(m, PaletteKey, "new", "enter", "enter", "s", "esc", "y")
	m = moveTo(t, m, liveLabItem)
	next, start := m.Update(tuitest.Key("enter"))
	m = next.(Model)
	if m.busy == "" || start == nil {
		t.Fatalf("the lab should start in a command:\n%s", ansi.Strip(m.View()))
	}
	m = send(m, tuitest.Key("ctrl+c"))
	if m.screen != onBuilder {
		t.Fatalf("ctrl+c should ask about the draft:\n%s", ansi.Strip(m.View()))
	}
	m = run(m, start())
	if m.screen != onBuilder || !stopped || m.busy != "" {
		t.Errorf("the servers should stop (%v) and the builder keep the screen, nothing left busy (%q):\n%s", stopped, m.busy, ansi.Strip(m.View()))
	}
}

// moveTo puts the menu's cursor on item i.
func moveTo(t *testing.T, m Model, i int) Model {
	t.Helper()
	for range items {
		if m.cursor == i {
			return m
		}
		m = send(m, tea.KeyMsg{Type: tea.KeyDown})
	}
	t.Fatalf("the menu has no item %d", i)
	return m
}
