package sandbox

import (
	"reflect"
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
