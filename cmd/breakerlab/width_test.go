package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/charmbracelet/x/ansi"
)

// Headless tables fit the width they are given; in a pipe (as here) run's
// wraps to 80 columns as presets and facts do, and --wide alone leaves a
// row a line.
func TestHeadlessTablesFitTheWidth(t *testing.T) {
	racefree.Only(t)
	for _, args := range [][]string{
		{"run", "cascade", "--width", "80"},
		{"run", "checkout", "--width", "80"},
		{"run", "breaker-timeline", "--width", "80"},
		{"scenarios", "--width", "80"},
		{"run", "cascade", "--width", "60"},
	} {
		var out, errOut bytes.Buffer
		if code := runMain(args, &out, &errOut); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut.String())
		}
		width := 80
		if args[len(args)-1] == "60" {
			width = 60
		}
		for i, l := range strings.Split(out.String(), "\n") {
			if n := len([]rune(l)); n > width {
				t.Errorf("%v: line %d is %d columns: %q", args, i+1, n, l)
			}
		}
	}
	var wide, piped, eighty, errOut bytes.Buffer
	runMain([]string{"run", "cascade", "--wide"}, &wide, &errOut)
	runMain([]string{"run", "cascade"}, &piped, &errOut)
	runMain([]string{"run", "cascade", "--width", "80"}, &eighty, &errOut)
	if !strings.Contains(wide.String(), "profile             recommendations") {
		t.Errorf("--wide should print the unwrapped table:\n%s", wide.String())
	}
	if piped.String() != eighty.String() {
		t.Errorf("a pipe should print what --width 80 prints:\n--- piped\n%s\n--- --width 80\n%s", piped.String(), eighty.String())
	}
}

// run's output in a pipe (| cat, | less, a file with -o) fits 80 columns,
// the rule presets and facts follow (addTextWidthFlags), for every
// built-in scenario, shuffle's included: its table wrapped no line, and
// `breakerlab run cascade | cat` ran a paragraph to 280 columns.
func TestRunFitsEightyColumnsInAPipe(t *testing.T) {
	racefree.Only(t) // runs in the test's own goroutine
	for _, name := range scenarioNames() {
		out, errOut, code := run(t, "run", name)
		if code != 0 {
			t.Fatalf("run %s: exit %d: %s", name, code, errOut)
		}
		for i, l := range strings.Split(out, "\n") {
			if n := ansi.StringWidth(l); n > 80 {
				t.Errorf("run %s in a pipe: line %d is %d columns: %q", name, i+1, n, l)
			}
		}
	}
}

func TestWidthFlagsRefuseNonsense(t *testing.T) {
	racefree.Only(t) // no goroutine: every case is refused before anything starts
	for _, args := range [][]string{
		{"run", "cascade", "--width", "10"},
		{"run", "cascade", "--width", "-5"},
		{"run", "cascade", "--wide", "--width", "100"},
		{"scenarios", "--width", "abc"},
	} {
		var out, errOut bytes.Buffer
		if code := runMain(args, &out, &errOut); code != exitUsage || errOut.Len() == 0 {
			t.Errorf("%v: exit %d, message %q; want 2 and a message", args, code, errOut.String())
		}
	}
}

func TestHelpFitsEightyColumns(t *testing.T) {
	racefree.Only(t) // no goroutine: help and completion print and run nothing
	var out, errOut bytes.Buffer
	if code := runMain([]string{"help"}, &out, &errOut); code != 0 {
		t.Fatalf("help: exit %d", code)
	}
	for i, l := range strings.Split(out.String(), "\n") {
		if n := len([]rune(l)); n > 80 {
			t.Errorf("help line %d is %d columns: %q", i+1, n, l)
		}
	}
	for _, name := range commandNames() {
		if !strings.Contains(out.String(), "  "+name+" ") {
			t.Errorf("help does not list %s", name)
		}
	}
}

// run shuffle's table honours --width and --wide as every scenario's
// does: it wrapped at 80 whatever they said.
func TestRunShuffleHonoursTheWidth(t *testing.T) {
	racefree.Only(t) // runs in the test's own goroutine
	narrow, errOut, code := run(t, "run", "shuffle", "--width", "50")
	if code != 0 {
		t.Fatalf("run shuffle --width 50: exit %d: %s", code, errOut)
	}
	for i, l := range strings.Split(narrow, "\n") {
		if n := ansi.StringWidth(l); n > 50 {
			t.Errorf("run shuffle --width 50: line %d is %d columns: %q", i+1, n, l)
		}
	}
	wide, errOut, code := run(t, "run", "shuffle", "--wide")
	if code != 0 {
		t.Fatalf("run shuffle --wide: exit %d: %s", code, errOut)
	}
	rep, err := shuffleScenario.Run(defaultSeed)
	if err != nil {
		t.Fatal(err)
	}
	note := "  overlap-limited: " + rep.Simulation.OverlapLimited.Note + "\n"
	if !strings.Contains(wide, "Shuffle sharding: how likely two customers are to share workers\n") || !strings.Contains(wide, note) {
		t.Errorf("run shuffle --wide should keep a sentence a line, such as %q:\n%s", note, wide)
	}
	have := map[string]bool{}
	for _, f := range strings.Fields(narrow) {
		have[f] = true
	}
	for _, f := range strings.Fields(wide) {
		if !have[f] {
			t.Errorf("--width 50 lost or split %q, which --wide printed:\n%s", f, narrow)
		}
	}
}
