package sandbox

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// The walk's case: errors PERCENT chosen, "150" typed over the line the
// prompt offered. Typing replaces that line, so "150" was read as a whole
// spec and refused with the grammar, the learner's moment and target gone.
// The argument goes back into the offered line, and the refusal says what
// is wrong with it and what is allowed; an argument in range is injected
// with the offered moment, target and span.
func TestChaosPromptTakesTheArgumentAlone(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one
	m := newModel(t, 100, 30, Options{Scenario: tuitest.Scenario(t, "multi-hop")})
	m = goTo(m, "25")
	m = injectFromMenu(t, m, "inventory", chaos.Errors)
	if m.prompt == nil || !strings.HasPrefix(m.prompt.Input, "25s inventory errors ") {
		t.Fatalf("the prompt offers %+v, want errors of inventory at 25s", m.prompt)
	}
	offered := m.prompt.Input
	span := offered[strings.LastIndex(offered, " for "):]
	m = press(typeRunes(m, "150"), "enter")
	if m.prompt == nil || m.chaos == nil {
		t.Fatal("150 % was taken: the prompt closed")
	}
	if want := "25s inventory errors 150%" + span; m.prompt.Input != want {
		t.Errorf("after 150 the prompt holds %q, want %q", m.prompt.Input, want)
	}
	if want := "150% is over 100%: errors fails a share of the calls, above 0 and up to 100%"; !strings.Contains(m.chaos.err, want) {
		t.Errorf("refusal %q, want it saying %q", m.chaos.err, want)
	}
	if strings.Contains(m.chaos.err, "AT TARGET KIND") {
		t.Errorf("refusal %q gives the whole grammar for a lone argument", m.chaos.err)
	}
	m = press(typeRunes(m, "30"), "enter")
	if got, want := m.Injected(), []chaos.Spec{mustSpec(t, "25s inventory errors 30%"+span)}; len(got) != 1 || got[0] != want[0] {
		t.Errorf("30 typed over the refused line injected %v, want %v (refusal %q)", got, want, m.chaos.err)
	}
}
