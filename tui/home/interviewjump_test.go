package home

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/interviewui"
	"github.com/breakerlab/breakerlab/tui/palette"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// paletteTo opens the palette, types place a key at a time (a burst
// "home" would be the home key) and takes it: the palette's answer, the
// jump, is handed to the home screen as the program would.
func paletteTo(t *testing.T, m Model, place string) Model {
	t.Helper()
	m = press(m, PaletteKey)
	for _, r := range place {
		m = press(m, string(r))
	}
	m, cmd := update(m, keyMsg("enter"))
	return follow(t, m, cmd)
}

// sequenced runs a command and, one by one, the commands of a sequence or
// batch it is, and gives back their messages in order, as the program
// would deliver them.
func sequenced(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	msg := cmd()
	if cmds, ok := asCmds(msg); ok {
		var out []tea.Msg
		for _, c := range cmds {
			out = append(out, sequenced(c)...)
		}
		return out
	}
	return []tea.Msg{msg}
}

// A palette jump away from an interview does not lose what the learner
// wrote: with an answer being written it asks first (n leaves without
// it, esc keeps writing), and on a rubric not saved it asks as esc does
// (y saves, then goes where the palette said). With nothing to lose it
// goes at once.
func TestPaletteJumpFromTheInterviewAsksFirst(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	now := func() time.Time { return time.Date(2026, 11, 30, 14, 0, 0, 0, time.UTC) }
	dir := t.TempDir()
	m := newHome(t, Options{Interview: &interviewui.Options{Now: now, Dir: dir}})
	m = press(goTo(t, m, "Interview"), "enter", "enter", "every call gets a timeout")

	m = paletteTo(t, m, "home")
	v := ansi.Strip(m.View())
	if m.screen != onInterview || !strings.Contains(v, "Your answer is not handed in") || !strings.Contains(v, "every call gets a timeout") {
		t.Fatalf("a jump away from an answer being written should ask first, the answer kept:\n%s", v)
	}
	m = press(m, "esc", " and a breaker")
	if v := ansi.Strip(m.View()); m.screen != onInterview || !strings.Contains(v, "every call gets a timeout and a breaker") {
		t.Fatalf("esc should go back to writing the answer:\n%s", v)
	}

	// y hands the answer in, and the rubric's marks are not saved yet.
	m = paletteTo(t, m, "home")
	m = press(m, "y", "y")
	if v := ansi.Strip(m.View()); m.screen != onInterview || !strings.Contains(v, "1 of ") {
		t.Fatalf("y should hand the answer in, and stay on the rubric to mark it:\n%s", v)
	}
	m = paletteTo(t, m, "new")
	if v := ansi.Strip(m.View()); m.screen != onInterview || !strings.Contains(v, "Save this graded interview before you leave?") || !strings.Contains(v, "y save and leave") {
		t.Fatalf("a jump away from a rubric not saved should ask, as esc does:\n%s", v)
	}
	m, cmd := update(m, keyMsg("y"))
	var jumped bool
	for _, msg := range sequenced(cmd) {
		if j, ok := msg.(palette.JumpMsg); ok && j.Command == "new" {
			jumped = true
		}
		m = send(m, msg)
	}
	if !jumped || m.screen != onBuilder {
		t.Fatalf("y should save, then go where the palette said (the builder); on %v:\n%s", m.screen, ansi.Strip(m.View()))
	}
	if f, _ := os.ReadDir(dir + "/interviews"); len(f) != 1 {
		t.Errorf("the graded interview should be saved once, got %v", f)
	}

	// An answer not yet begun loses nothing: the jump goes at once.
	m = paletteTo(t, m, "interview")
	m = press(m, "enter")
	if m = paletteTo(t, m, "home"); m.screen != onMenu {
		t.Errorf("a jump away from an empty answer should go at once:\n%s", ansi.Strip(m.View()))
	}

	// n leaves the answer and goes.
	m = paletteTo(t, m, "interview")
	m = press(m, "enter", "bulkheads")
	m = paletteTo(t, m, "home")
	m, cmd = update(m, keyMsg("n"))
	if m = follow(t, m, cmd); m.screen != onMenu {
		t.Errorf("n should leave the answer and go where the palette said:\n%s", ansi.Strip(m.View()))
	}
}

// A palette jump away from the sandbox playing the builder's system keeps
// what was injected there in the builder's draft, as esc does: :new finds
// it there.
func TestPaletteJumpFromTheBuildersSandboxKeepsItsFaults(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	m := newHome(t, Options{})
	m = typed(m, "up", "up", "enter", "enter", "s", "p") // New system, the empty server, a service, play
	if !m.InSandbox() {
		t.Fatalf("p should play the system:\n%s", ansi.Strip(m.View()))
	}
	sp, err := chaos.Parse("20s orders hang for 10s")
	if err != nil {
		t.Fatal(err)
	}
	if m.sb, err = m.sb.Inject(sp); err != nil {
		t.Fatal(err)
	}
	if m = paletteTo(t, m, "home"); m.screen != onMenu {
		t.Fatalf(":home should go to the menu:\n%s", ansi.Strip(m.View()))
	}
	m = paletteTo(t, m, "new")
	if v := ansi.Strip(m.View()); m.screen != onBuilder || !strings.Contains(v, "⚠ hang") {
		t.Errorf(":new should open the draft with the fault injected while playing:\n%s", v)
	}
	if s := m.bd.Scenario().Variants[0].System.Services[0]; len(s.Faults) != 1 {
		t.Errorf("orders should have the fault: %+v", s.Faults)
	}
}

// :quit over the builder with a system not saved asks, as ctrl+c there
// does: the draft, kept while the program runs, would be lost.
func TestPaletteQuitOverTheBuildersDraftAsks(t *testing.T) {
	m := newHome(t, Options{})
	m = typed(m, "up", "up", "enter", "enter", "s") // New system, the empty server, a service
	m = press(m, PaletteKey, "q", "u", "i", "t")
	m, cmd := update(m, keyMsg("enter"))
	next, cmd := m.Update(cmd())
	if quits(cmd) {
		t.Fatal(":quit dropped the builder's unsaved draft without asking")
	}
	m = next.(Model)
	if v := ansi.Strip(m.View()); m.screen != onBuilder || !strings.Contains(v, "Quit with unsaved changes?") {
		t.Fatalf(":quit should ask, as ctrl+c on the builder does:\n%s", v)
	}
	if _, cmd := m.Update(keyMsg("y")); !quits(cmd) {
		t.Error("y, once asked, should quit")
	}
}
