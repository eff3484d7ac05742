package builder

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// builtIn is the scenario the builder's start name copies, as built.
func builtIn(t *testing.T, name string) (variants []string, summary string) {
	t.Helper()
	b, ok := scenarios.Lookup(name)
	if !ok {
		t.Fatalf("no built-in %q", name)
	}
	sc := b.Build()
	for _, v := range sc.Variants {
		variants = append(variants, v.Name)
	}
	return variants, sc.Summary
}

// An edited copy of a built-in no longer goes by the built-in's words: a
// breaker put on go-inventory's database in "no timeouts" marks that
// design's name and the summary as edited (the others keep theirs), in
// the builder's title, the sandbox p opens and the file w writes; undone,
// the words are the built-in's again.
func TestAnEditedCopyIsMarkedEdited(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	names, summary := builtIn(t, "go-inventory")
	m := fromStart(t, 200, 60, "go-inventory")
	if m.sc.Variants[0].Name != names[0] || m.sc.Summary != summary {
		t.Fatalf("an unedited copy should keep the built-in's words: %q, %q", m.sc.Variants[0].Name, m.sc.Summary)
	}
	m = selectKind(t, m, partLeaf, "database", "-")
	m = tuitest.Press(m, "b")
	if m.msgErr {
		t.Fatal(m.msg)
	}
	if got, want := m.sc.Variants[0].Name, names[0]+" (edited)"; got != want {
		t.Errorf("the edited design should be called %q, not %q", want, got)
	}
	for i := 1; i < len(names); i++ {
		if got := m.sc.Variants[i].Name; got != names[i] {
			t.Errorf("variant %d was not edited: it should keep %q, not %q", i+1, names[i], got)
		}
	}
	if want := summary + " (edited)"; m.sc.Summary != want {
		t.Errorf("the summary should be marked edited: %q", m.sc.Summary)
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, names[0]+" (edited)") {
		t.Errorf("the title should name the edited design as edited:\n%s", v)
	}
	_, cmd := m.Update(tuitest.Key("p"))
	play, ok := cmd().(PlayMsg)
	if !ok {
		t.Fatal("p should ask to play the system")
	}
	if got := play.Scenario; got.Variants[0].Name != names[0]+" (edited)" || got.Summary != summary+" (edited)" {
		t.Errorf("the sandbox p opens should get the marked words: %q, %q", got.Variants[0].Name, got.Summary)
	}
	path := filepath.Join(t.TempDir(), "mine.toml")
	m = tuitest.Press(m, "w", "ctrl+u", path)
	next, write := m.Update(tuitest.Key("enter"))
	m = tuitest.Send(next.(Model), write())
	if m.Unsaved() {
		t.Fatalf("w should save: %s", m.msg)
	}
	saved := parsed(t, path)
	if saved.Variants[0].Name != names[0]+" (edited)" || saved.Summary != summary+" (edited)" {
		t.Errorf("the file should hold the marked words: %q, %q", saved.Variants[0].Name, saved.Summary)
	}

	m = tuitest.Press(m, "u")
	if m.sc.Variants[0].Name != names[0] || m.sc.Summary != summary {
		t.Errorf("undone, the copy is the built-in again and should say so: %q, %q", m.sc.Variants[0].Name, m.sc.Summary)
	}
}

// A design name the built-in builds from a number is built again from the
// edited number, as the sandbox's knob form does ("one shared pool of 200
// threads" with 300 workers is called after 300), not marked.
func TestAnEditedNumberRenamesItsDesign(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	names, _ := builtIn(t, "cascade")
	m := fromStart(t, 120, 40, "cascade")
	m = focusField(t, tuitest.Press(m, "e"), "workers")
	m = tuitest.Press(m, "ctrl+u", "300", "enter")
	if m.msgErr || m.form != nil {
		t.Fatalf("300 workers should be taken: %s", m.msg)
	}
	if got := m.sc.Variants[0].Name; got == names[0] || !strings.Contains(got, "300") || strings.Contains(got, "edited") {
		t.Errorf("the design should be named after its 300 workers, not %q", got)
	}
}

// The note b leaves on a system of several designs names the one it
// edited; that design's edit mark follows its name after a comma there,
// not in parentheses nested in the note's: "in variant 1 of 4 only (no
// timeouts (edited))" read as a slip.
func TestTheEditMarkDoesNotNestInANote(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	names, _ := builtIn(t, "go-inventory")
	m := fromStart(t, 200, 60, "go-inventory")
	m = tuitest.Press(selectKind(t, m, partLeaf, "database", "-"), "b")
	if m.msgErr {
		t.Fatal(m.msg)
	}
	want := "only (" + names[0] + ", edited)"
	if !strings.HasSuffix(m.msg, want) || strings.Contains(m.msg, "))") {
		t.Errorf("the note should end %q: %q", want, m.msg)
	}
	// The sandbox's mark, which says what was edited, reads the same way.
	for name, want := range map[string]string{
		"no timeouts (edited: workers 300, timeout 2s)": "no timeouts, edited: workers 300, timeout 2s",
		"no timeouts" + editedMark:                      "no timeouts, edited",
		"one shared pool of 200 threads":                "one shared pool of 200 threads",
		"pool (shared)":                                 "pool (shared)",
	} {
		if got := inNote(name); got != want {
			t.Errorf("inNote(%q) = %q, want %q", name, got, want)
		}
	}
}
