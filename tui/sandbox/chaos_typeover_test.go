package sandbox

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// The reviewer's case: the chaos prompt opens with "25s inventory hang
// for 10s" in it, and a spec typed key by key went on its end, a spec
// the engine refused. The text stands selected: typing replaces it and
// enter injects what was typed; an arrow keeps it to edit.
func TestChaosPromptTypingReplacesTheSpec(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	m := newModel(t, 100, 30, Options{Scenario: tuitest.Scenario(t, "multi-hop")})
	m = goTo(m, "25")
	m = injectFromMenu(t, m, "inventory", chaos.Hang)
	if m.prompt == nil || m.prompt.Input != "25s inventory hang for 10s" {
		t.Fatalf("the prompt offers %+v, want the spec at 25s", m.prompt)
	}
	if line := ansi.Strip(m.View()); !strings.Contains(line, playback.PromptReplaceNote) {
		t.Errorf("the key line does not say typing replaces the spec:\n%s", line)
	}
	const typed = "20s inventory hang for 5s"
	m = typeRunes(m, typed)
	if m.prompt == nil || m.prompt.Input != typed {
		t.Fatalf("after typing %q the prompt holds %+v", typed, m.prompt)
	}
	m = press(m, "enter")
	if got, want := m.Injected(), []chaos.Spec{mustSpec(t, typed)}; !reflect.DeepEqual(got, want) {
		t.Fatalf("injected %v, want %v (prompt %+v)", got, want, m.prompt)
	}

	// An arrow keeps the spec: the learner edits the duration's digit.
	m = press(m, "esc")
	m = injectFromMenu(t, m, "inventory", chaos.Slow)
	if m.prompt == nil {
		t.Fatalf("no prompt for a slow inventory; note %q", m.note)
	}
	offered := m.prompt.Input
	m = press(m, "left", "left", "backspace")
	m = typeRunes(m, "2")
	want := offered[:len(offered)-3] + "2" + offered[len(offered)-2:]
	if m.prompt == nil || m.prompt.Input != want {
		t.Fatalf("left, left, backspace and 2 on %q: the prompt holds %+v, want %q", offered, m.prompt, want)
	}
}

// A fault typed at a moment past the run's end is refused quoting the
// moment as typed, the run's end in its unit: "999s", not "16m39s".
func TestChaosPromptRefusesTheTimeAsTyped(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one
	m := newModel(t, 100, 30, Options{Scenario: tuitest.Scenario(t, "multi-hop")})
	m = injectFromMenu(t, m, "inventory", chaos.Hang)
	m = press(typeRunes(m, "999s inventory hang for 90s"), "enter")
	if m.chaos == nil {
		t.Fatal("the chaos menu closed on a refused fault")
	}
	want := `fault "999s inventory hang for 90s": at 999s, past the end of multi-hop's traffic, which runs from 0 to 60s`
	if got := m.chaos.err; !strings.Contains(got, want) || strings.Contains(got, "16m39s") || strings.Contains(got, "1m30s") {
		t.Errorf("refusal %q, want it saying %q", got, want)
	}
}

// A fault that outlasts the run is injected as typed, and its
// confirmation says it runs to the end: "for 30s" from 50 s promised 30 s
// of a hang a 60 s run shows 10 s of.
func TestChaosPromptSaysAFaultRunsToTheEnd(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one
	m := newModel(t, 100, 30, Options{Scenario: tuitest.Scenario(t, "multi-hop")})
	m = injectFromMenu(t, m, "inventory", chaos.Hang)
	m = press(typeRunes(m, "50s inventory hang for 30s"), "enter")
	if got := m.Injected(); len(got) != 1 || got[0] != mustSpec(t, "50s inventory hang for 30s") {
		t.Fatalf("injected %v, want the fault as typed", got)
	}
	if want := "injected inventory hang from 50s to the end"; !strings.Contains(m.note, want) {
		t.Errorf("note %q, want it saying %q", m.note, want)
	}
}

// A fault typed at the prompt and refused later, by a knob edit it no
// longer fits (a fleet cut to two instances, where it took down the
// third), is quoted as it was typed, as the prompt's own refusal quotes
// it: "20 api#3 down for 5000ms", not "20s api#3 down for 5s".
func TestAKeptFaultRefusedByAKnobIsQuotedAsTyped(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one
	m := newModel(t, 100, 30, Options{Scenario: tuitest.Scenario(t, "fleet-probes")})
	m = injectFromMenu(t, m, "api#3", chaos.Down)
	const typed = "20 api#3 down for 5000ms"
	m = press(typeRunes(m, typed), "enter")
	if got := m.Injected(); len(got) != 1 || got[0] != mustSpec(t, typed) {
		t.Fatalf("injected %v (note %q, refusal %q), want %q", got, m.note, m.chaos.err, typed)
	}
	edited := cloneScenario(m.sim.knobs())
	cut := false
	for i := range edited.Variants {
		sys := &edited.Variants[i].System
		sys.Services = slices.Clone(sys.Services)
		for j := range sys.Services {
			if sys.Services[j].Name == "api" {
				sys.Services[j].Instances, cut = 2, true
			}
		}
	}
	if !cut {
		t.Fatal("fleet-probes has no service api")
	}
	err := m.sim.setScenario(edited, []change{{words: "api.instances 2"}})
	want := `fault "` + typed + `": fleet-probes has no part called "api#3"`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("api cut to 2 instances under %q: %v\nwant it saying %s", typed, err, want)
	}
}
