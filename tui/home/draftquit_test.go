package home

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// withDraft is the home screen back on the menu, the builder holding a
// system with one edit no file holds, left as how says: "jump" (the
// palette's home) or "esc" (esc, then y to the builder's question).
func withDraft(t *testing.T, how string) Model {
	t.Helper()
	m := newHome(t, Options{})
	m = typed(m, PaletteKey, "new", "enter", "enter", "s") // the empty server, a service
	if m.screen != onBuilder || !m.bd.Unsaved() {
		t.Fatalf("the builder should hold an unsaved system:\n%s", ansi.Strip(m.View()))
	}
	switch how {
	case "jump":
		m = typed(m, PaletteKey, "h", "ome", "enter")
	case "esc":
		m = typed(m, "esc", "y")
	}
	if m.screen != onMenu {
		t.Fatalf("%s should leave the builder for the menu:\n%s", how, ansi.Strip(m.View()))
	}
	return m
}

// pressQuits sends msg and every message its commands answer with, as run
// does, and reports whether any of them ended the program.
func pressQuits(m Model, msg tea.Msg) (Model, bool) {
	next, cmd := m.Update(msg)
	m = next.(Model)
	if quits(cmd) {
		return m, true
	}
	for _, reply := range drainQuick(cmd) {
		var quit bool
		if m, quit = pressQuits(m, reply); quit {
			return m, true
		}
	}
	return m, false
}

// asksAboutTheDraft fails unless the key, sent to m, shows the builder's
// quit question in place of quitting; then y quits.
func asksAboutTheDraft(t *testing.T, m Model, way, k string) {
	t.Helper()
	m, quit := pressQuits(m, tuitest.Key(k))
	if quit {
		t.Fatalf("%s quit and dropped the builder's unsaved system without asking", way)
	}
	v := ansi.Strip(m.View())
	if m.screen != onBuilder || !strings.Contains(v, "Quit with unsaved changes?") || !strings.Contains(v, "orders · 16 workers") {
		t.Fatalf("%s should show the system and ask, as the builder's ctrl+c does:\n%s", way, v)
	}
	if _, quit := pressQuits(m, tuitest.Key("y")); !quit {
		t.Errorf("%s: y, once asked, should quit", way)
	}
}

// No way out of the program drops the builder's unsaved system unasked:
// the menu's q and ctrl+c, and :quit, after the builder was left by a
// palette jump or by esc and y ("kept as a draft").
func TestQuittingFromTheMenuAsksAboutTheDraft(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	for _, how := range []string{"jump", "esc"} {
		asksAboutTheDraft(t, withDraft(t, how), how+", then q on the menu", "q")
		asksAboutTheDraft(t, withDraft(t, how), how+", then ctrl+c on the menu", "ctrl+c")
		m := typed(withDraft(t, how), PaletteKey, "quit")
		asksAboutTheDraft(t, m, how+", then :quit", "enter")
	}
	// Another screen's ctrl+c leaves it as :quit would, then asks.
	m := typed(withDraft(t, "jump"), PaletteKey, "sandbox", "enter")
	if m.screen != onPicker {
		t.Fatalf(":sandbox should open the picker:\n%s", ansi.Strip(m.View()))
	}
	asksAboutTheDraft(t, m, "ctrl+c on the picker", "ctrl+c")

	// With nothing unsaved, the menu's q quits at once, as it always did.
	m = newHome(t, Options{})
	m = typed(m, PaletteKey, "new", "enter", "enter", "s", "u") // an edit, undone
	m = typed(m, PaletteKey, "h", "ome", "enter")
	if _, quit := pressQuits(m, tuitest.Key("q")); !quit {
		t.Error("q on the menu should quit when the builder holds nothing unsaved")
	}
}

// ctrl+c in the sandbox playing the builder's system asks about the system
// (the faults injected there included) instead of dropping it.
func TestCtrlCWhilePlayingTheBuildersSystemAsks(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	m := newHome(t, Options{})
	m = typed(m, PaletteKey, "new", "enter", "enter", "s", "p")
	if !m.InSandbox() {
		t.Fatalf("p should play the system:\n%s", ansi.Strip(m.View()))
	}
	asksAboutTheDraft(t, m, "ctrl+c in the sandbox played from the builder", "ctrl+c")

	// Saved before playing, a fault injected while playing is the change.
	m = newHome(t, Options{})
	m = typed(m, PaletteKey, "new", "enter", "enter", "p")
	sp, err := chaos.Parse("20s /checkout surge x3 for 10s")
	if err != nil {
		t.Fatal(err)
	}
	if m.sb, err = m.sb.Inject(sp); err != nil {
		t.Fatal(err)
	}
	m, quit := pressQuits(m, tuitest.Key("ctrl+c"))
	if quit {
		t.Fatal("ctrl+c dropped the fault injected while playing the builder's system")
	}
	if v := ansi.Strip(m.View()); m.screen != onBuilder || !strings.Contains(v, "Quit with unsaved changes?") {
		t.Fatalf("ctrl+c should bring the fault back to the builder and ask:\n%s", v)
	}
}
