package challengeui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/breakerlab/breakerlab/lessons/challenge"
)

// A share's field reads a bare number as the sandbox's knob form does:
// above 1 a percentage, up to 1 the share, a bare 1 asked. Typed over the
// percentage the field opens on, a bare 150 read as the share 150 and was
// refused as "got 15000%", a number the learner never typed, and a bare
// 50 as 5000 %.
func TestAShareFieldReadsABareNumberAsTheKnobFormDoes(t *testing.T) {
	const path = "catalog.breaker.slow_rate" // challenge 10's second knob, 10% to 100%
	m := sized(t, open(t, "slow-calls", Options{}), 100, 30)
	m = press(t, m, "down")
	if k := m.c.Knobs[m.focus]; k.Path != path || k.Kind != challenge.KnobShare {
		t.Fatalf("the second knob is %s, want the share %s", k.Path, path)
	}
	start := m.Setting()[path]
	typeIn := func(m Model, text string) Model {
		keys := []string{"enter", "ctrl+u"}
		for _, r := range text {
			keys = append(keys, string(r))
		}
		return press(t, m, append(keys, "enter")...)
	}
	for _, bad := range []struct{ text, note string }{
		// As "150%" is refused, in the words a scenario file uses.
		{"150", `slow share that opens must be from 0% to 100%, got "150%"`},
		{"150%", `slow share that opens must be from 0% to 100%, got "150%"`},
		// Inside 0–100 %, outside the knob's range: that range.
		{"5", "slow share that opens must be from 10% to 100%, got 5%"},
		{"1", "slow share that opens: 1 reads as 100% or as 1%: type 100% or 1%"},
	} {
		got := typeIn(m, bad.text)
		if !got.typing || !got.noteErr || got.note != bad.note {
			t.Errorf("%q: typing %v, note %q, want the field open with %q", bad.text, got.typing, got.note, bad.note)
		}
		if v := got.Setting()[path]; v != start {
			t.Errorf("%q was taken: the knob is %v", bad.text, v)
		}
	}
	for _, good := range []struct {
		text string
		want float64
	}{{"50", 0.5}, {"50%", 0.5}, {"0.5", 0.5}, {"100%", 1}} {
		got := typeIn(m, good.text)
		if got.typing || got.Setting()[path] != good.want {
			t.Errorf("%q: the knob is %v (field open %v, note %q), want %v", good.text, got.Setting()[path], got.typing, got.note, good.want)
		}
	}
}

// The refusal is on screen while the field is open, at every size: at the
// panel's foot, a short window's cut took it with the goals (40×14,
// 50×16), and enter on "150" seemed to do nothing.
func TestARefusedValueSaysWhyOnEverySize(t *testing.T) {
	const why = `slow share that opens must be from 0% to 100%, got "150%"`
	for _, sz := range [][2]int{{40, 14}, {50, 16}, {80, 24}, {160, 48}} {
		m := sized(t, open(t, "slow-calls", Options{}), sz[0], sz[1])
		m = press(t, m, "down", "enter", "ctrl+u", "1", "5", "0", "enter")
		if !m.typing || m.note != why {
			t.Fatalf("at %dx%d: typing %v, note %q, want the field open with %q", sz[0], sz[1], m.typing, m.note, why)
		}
		pw, ok := m.panelShown()
		if !ok {
			t.Fatalf("at %dx%d: no panel", sz[0], sz[1])
		}
		var words []string // the panel's, not the sandbox's beside it
		for _, l := range plainLines(m) {
			words = append(words, strings.Fields(ansi.Truncate(l, pw, ""))...)
		}
		if !strings.Contains(strings.Join(words, " "), why) {
			t.Errorf("at %dx%d the refusal is not on screen:\n%s", sz[0], sz[1], strings.Join(plainLines(m), "\n"))
		}
	}
}
