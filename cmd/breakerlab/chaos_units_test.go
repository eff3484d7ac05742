package main

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/sandbox"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
)

// unitlessFaults are faults with a length typed as a bare number, each
// with the argument its refusal must name and the number typed.
var unitlessFaults = []struct{ spec, arg, bare string }{
	{"25s inventory slow 300 for 10s", "LATENCY in 'slow LATENCY'", "300"},
	{"25s inventory hang for 10", "DURATION in 'for DURATION'", "10"},
	{"25s inventory slow 2s for 1.5", "DURATION in 'for DURATION'", "1.5"},
}

// --fault, of run and of sandbox, refuses a latency or a span without its
// unit ("slow 300" ran as a 5-minute latency) in the words the knob form
// refuses a bare duration with, so a learner reads one rule everywhere.
func TestFaultFlagRefusesALengthWithoutItsUnit(t *testing.T) {
	racefree.Only(t) // no goroutine: every case is refused before anything starts
	for _, tc := range unitlessFaults {
		want := tc.arg + " takes " + lessons.UnitlessDuration(tc.bare).Error()
		for _, cmd := range []string{"run", "sandbox"} {
			_, errOut, code := run(t, cmd, "multi-hop", "--fault", tc.spec)
			if code != 2 || !strings.Contains(errOut, want) {
				t.Errorf("%s --fault %q: exit %d, %q; want exit 2 saying %q", cmd, tc.spec, code, errOut, want)
			}
		}
	}
}

// The reviewer's case: the sandbox's chaos prompt (f, then the spec
// edited) injects nothing for "slow 300" and says why above the prompt.
func TestSandboxChaosPromptRefusesALengthWithoutItsUnit(t *testing.T) {
	racefree.Only(t) // no goroutine: the model, driven here, runs no program
	b, _ := scenarios.Lookup("multi-hop")
	for _, tc := range unitlessFaults {
		m, err := sandbox.New(sandbox.Options{Theme: theme.New(nil), Scenario: b.Build(), Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		var tm tea.Model = m
		send := func(msgs ...tea.Msg) {
			for _, msg := range msgs {
				tm, _ = tm.Update(msg)
			}
		}
		keys := func(s string) tea.Msg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }
		paste := func(s string) tea.Msg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s), Paste: true} }
		enter := tea.KeyMsg{Type: tea.KeyEnter}
		// Wide enough that the refusal sits on one line of the menu.
		send(tea.WindowSizeMsg{Width: 240, Height: 50})
		send(keys(":"), paste("25"), enter)
		// n n: the map's selection moves to inventory; f opens its faults.
		send(keys("n"), keys("n"), keys("f"))
		for !strings.Contains(tm.View(), "▸ slow") {
			before := tm.View()
			send(keys("j"))
			if tm.View() == before {
				t.Fatalf("no slow among inventory's faults:\n%s", before)
			}
		}
		send(enter, tea.KeyMsg{Type: tea.KeyCtrlU}, paste(tc.spec), enter)
		if got := tm.(sandbox.Model).Injected(); len(got) != 0 {
			t.Errorf("%q: injected %v; want nothing", tc.spec, got)
		}
		want := tc.arg + " takes " + lessons.UnitlessDuration(tc.bare).Error()
		if view := tm.View(); !strings.Contains(view, want) {
			t.Errorf("%q: the chaos menu does not say %q:\n%s", tc.spec, want, view)
		}
	}
}
