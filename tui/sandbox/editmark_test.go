package sandbox

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// editAndWrite opens sc on variant, sets the fields (section, label,
// text) in the knob form, applies them and returns the scenario w writes,
// read back as breakerlab run reads it.
func editAndWrite(t *testing.T, sc *engine.Scenario, variant int, fields ...[3]string) *engine.Scenario {
	t.Helper()
	return applyAndWrite(t, newModel(t, 100, 30, Options{Scenario: sc, Variant: variant}), func(m Model) Model { return m }, fields...)
}

// applyAndWrite opens m's knob form, sets the fields, applies them
// (settle: what the model must do before it answers the next key) and
// returns the scenario w writes, read back.
func applyAndWrite(t *testing.T, m Model, settle func(Model) Model, fields ...[3]string) *engine.Scenario {
	t.Helper()
	m = press(settle(m), "e")
	for _, f := range fields {
		setField(t, m, f[0], f[1], f[2])
	}
	if m = settle(press(m, "enter")); m.form != nil {
		t.Fatalf("refused: %s", m.form.err)
	}
	data, err := m.dump()
	if err != nil {
		t.Fatal(err)
	}
	written, err := scenariofile.Parse("edited.toml", data)
	if err != nil {
		t.Fatal(err)
	}
	return written
}

// A file w wrote after an edit, opened and edited again, has one mark on
// its summary: the second edit's words merged with the first's, a knob
// edited twice said at its last value, however the first edit typed it.
// The summary read "... (edited: workers 300) (edited: accept queue
// 250)", and a third edit would have added a third.
func TestAReopenedFileIsMarkedOnce(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	first := editAndWrite(t, tuitest.Scenario(t, "multi-hop"), 1,
		[3]string{"The server", "workers", "300"},
		[3]string{"The server", "home patience", "2500ms"},
		[3]string{"Service inventory", "workers", "20"},
		[3]string{"Service inventory", "database slow from", "25s"},
		[3]string{"Service inventory", "until", "50s"})
	second := editAndWrite(t, first, 1,
		[3]string{"The server", "accept queue", "250"},
		[3]string{"The server", "home patience", "3s"})
	third := editAndWrite(t, second, 1,
		[3]string{"The server", "workers", "250"},
		[3]string{"Service inventory", "workers", "24"},
		[3]string{"Service inventory", "until", "45s"})
	built := tuitest.Scenario(t, "multi-hop").Summary
	for _, tc := range []struct {
		sc   *engine.Scenario
		want string
	}{
		{first, "database slow 25 s–50 s, workers 300, home patience 2500ms, inventory's workers 20"},
		{second, "database slow 25 s–50 s, workers 300, inventory's workers 20, accept queue 250, home patience 3s"},
		{third, "accept queue 250, home patience 3s, database slow 25 s–45 s, workers 250, inventory's workers 24"},
	} {
		want := built + " (edited: " + tc.want + "; outcomes still measured 20 s–40 s, as built)"
		if tc.sc.Summary != want {
			t.Errorf("the summary reads\n%q\nwant\n%q", tc.sc.Summary, want)
		}
	}
}

// A variant's name that no label rebuilds is marked once too: an edit of
// a file whose name carries an earlier edit's mark merges the two.
func TestAReopenedVariantNameIsMarkedOnce(t *testing.T) {
	racefree.Only(t) // no goroutine: Update and View on this one, their commands dropped
	sc := tuitest.Scenario(t, "multi-hop")
	sc.Variants[0].Name = "as the teacher built it (edited: workers 300)"
	for i := range sc.Variants {
		sc.Variants[i].System.Workers = 300
	}
	got := editAndWrite(t, sc, 1, [3]string{"The server", "workers", "250"}, [3]string{"The server", "accept queue", "250"})
	if want := "as the teacher built it (edited: workers 250, accept queue 250)"; got.Variants[0].Name != want {
		t.Errorf("the variant is named %q, want %q", got.Variants[0].Name, want)
	}
}

// splitEditMark reads back every mark editedSummary and editMarked write,
// and leaves a text of its own alone.
func TestSplitEditMark(t *testing.T) {
	for _, tc := range []struct {
		text, base string
		words      []string
		measured   bool
	}{
		{"a design (edited)", "a design", nil, false},
		{"a design (edited: workers 3, timeout 1s)", "a design", []string{"workers 3", "timeout 1s"}, false},
		{"edited: workers 3", "", []string{"workers 3"}, false},
		{"edited", "", nil, false},
		{"x (y) (edited: db slow 1 s–2 s; outcomes still measured 0 s–3 s, as built)", "x (y)", []string{"db slow 1 s–2 s"}, true},
		{"a design (with payment's retry attempts: 3)", "a design (with payment's retry attempts: 3)", nil, false},
		{"edited: by hand (edited: workers 3)", "edited: by hand", []string{"workers 3"}, false},
	} {
		base, words, measured := splitEditMark(tc.text)
		if base != tc.base || strings.Join(words, "|") != strings.Join(tc.words, "|") || measured != tc.measured {
			t.Errorf("splitEditMark(%q) = %q, %q, %v; want %q, %q, %v", tc.text, base, words, measured, tc.base, tc.words, tc.measured)
		}
	}
}
