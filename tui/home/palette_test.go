package home

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/challengeui"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// run sends msg and every message its commands answer with, as the program
// would, except ticks (a sandbox or a lesson playing would never stop) and
// the commands that wait on a timer.
func run(m Model, msg tea.Msg) Model {
	next, cmd := m.Update(msg)
	m = next.(Model)
	for _, reply := range drainQuick(cmd) {
		m = run(m, reply)
	}
	return m
}

// drainQuick is drain without the frames' ticks, which would go on for
// as long as something plays.
func drainQuick(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	msg := cmd()
	if strings.Contains(strings.ToLower(fmt.Sprintf("%T", msg)), "tick") {
		return nil
	}
	switch msg := msg.(type) {
	case tea.BatchMsg:
		var out []tea.Msg
		for _, c := range msg {
			out = append(out, drainQuick(c)...)
		}
		return out
	case tea.QuitMsg, nil:
		return nil
	default:
		return []tea.Msg{msg}
	}
}

// typed sends the keys one by one through run.
func typed(m Model, keys ...string) Model {
	for _, k := range keys {
		m = run(m, tuitest.Key(k))
	}
	return m
}

func TestPaletteJumpsAnywhere(t *testing.T) {
	racefree.Only(t)
	all := allLessons(t)
	m := newHome(t, Options{Lessons: all, Challenges: &challengeui.Options{}})

	// `:` on the menu opens it; a burst of keys types the line.
	m = typed(m, ":")
	if !m.pal.IsOpen() || !strings.Contains(ansi.Strip(m.View()), "lesson [N]") {
		t.Fatalf("`:` on the menu should open the palette listing the commands:\n%s", m.View())
	}
	m = typed(m, "lesson 4", "enter")
	if !m.InLessons() || !m.lessons.Open() || !strings.Contains(m.View(), "step 1/") {
		t.Fatalf(":lesson 4 should open lesson 4:\n%s", m.View())
	}
	if v := m.View(); !strings.Contains(v, all[3].Title) {
		t.Errorf(":lesson 4 opened another lesson than %q:\n%s", all[3].Title, v)
	}

	// In a lesson, which plays, `:` goes to a time; ctrl+k opens the
	// palette.
	m = typed(m, ":")
	if m.pal.IsOpen() {
		t.Fatal("`:` in a lesson must keep going to a time")
	}
	m = typed(m, "esc", PaletteKey)
	if !m.pal.IsOpen() {
		t.Fatalf("%s in a lesson should open the palette:\n%s", PaletteKey, m.View())
	}
	m = typed(m, "sandbox breaker-t", "enter")
	if !m.InSandbox() || !strings.Contains(m.View(), "breaker-timeline") {
		t.Fatalf(":sandbox breaker-t should open the breaker-timeline sandbox:\n%s", m.View())
	}
	if m.lessons.Open() {
		t.Error("the lesson left by a jump should be closed")
	}

	// The sandbox takes `:` for a time too.
	m = typed(m, ":")
	if m.pal.IsOpen() {
		t.Fatal("`:` in the sandbox must keep going to a time")
	}
	m = typed(m, "esc", PaletteKey, "challenge 3", "enter")
	if m.screen != onChallenges || !m.ch.Open() || !strings.Contains(m.View(), "Challenge 3 ·") {
		t.Fatalf(":challenge 3 should open challenge 3:\n%s", m.View())
	}

	m = typed(m, PaletteKey, "hom", "e", "enter") // "home" alone is the Home key
	if m.screen != onMenu || m.pal.IsOpen() {
		t.Fatalf(":home should come back to the menu:\n%s", m.View())
	}
	m = typed(m, ":", "sandbox", "enter")
	if m.screen != onPicker {
		t.Fatalf(":sandbox without a name should open the scenario picker:\n%s", m.View())
	}
	m = typed(m, ":", "lessons", "enter")
	if !m.InLessons() || m.lessons.Open() {
		t.Fatalf(":lessons should open the list of lessons:\n%s", m.View())
	}
	// The list of lessons is free: `:` opens the palette there.
	m = typed(m, ":", "esc")
	if m.pal.IsOpen() || !m.InLessons() {
		t.Fatal("esc should close the palette and leave the screen as it was")
	}
}

// The palette's key is listed in the help, and ctrl+c quits from it.
func TestPaletteKeyInHelpAndQuit(t *testing.T) {
	m := newHome(t, Options{})
	if v := press(m, "?").View(); !strings.Contains(v, PaletteKey) {
		t.Errorf("the help should list %s:\n%s", PaletteKey, v)
	}
	m = typed(m, PaletteKey)
	_, cmd := m.Update(tuitest.Key("ctrl+c"))
	if !quits(cmd) {
		t.Error("ctrl+c in the palette should quit")
	}
}

// A sandbox opened from a challenge says so in its breadcrumb, and esc
// leads back to the challenge, not home; from the scenario picker, esc
// says it leads back to the scenarios, and does.
func TestEscBreadcrumbSaysWhereItLeads(t *testing.T) {
	racefree.Only(t)
	m := newHome(t, Options{Challenges: &challengeui.Options{}})
	m = send(m, tea.WindowSizeMsg{Width: 200, Height: 60})
	m = typed(m, ":", "challenge 2", "enter", "v")
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "breakerlab › challenge 2 › ") || !strings.Contains(v, "esc/q back to the challenge") {
		t.Fatalf("the challenge's sandbox should say it is the challenge's, and where esc leads:\n%s", v)
	}
	m = typed(m, "esc")
	if m.screen != onChallenges || !m.ch.Open() {
		t.Fatalf("esc in the challenge's sandbox should come back to the challenge:\n%s", m.View())
	}

	m = typed(m, PaletteKey, "sandbox cascade", "enter")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "breakerlab › sandbox › cascade") || !strings.Contains(v, "esc/q back to the scenarios") {
		t.Fatalf("the sandbox should say esc leads back to the scenarios:\n%s", v)
	}
	m = typed(m, "esc")
	if m.screen != onPicker {
		t.Fatalf("esc in the sandbox should come back to the scenarios:\n%s", m.View())
	}
	m = typed(m, "esc")
	if m.screen != onMenu {
		t.Fatalf("esc in the scenarios should come back to the menu:\n%s", m.View())
	}
}
