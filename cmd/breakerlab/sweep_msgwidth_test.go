package main

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
)

// A knob sweep does not know and a measure it cannot read are refused
// with a list of what would do. In a pipe those lists ran to 125 columns
// (the knobs, a line a part, from lessons' own message) and the first
// line past 80 with a long name: every line of both refusals, the
// "breakerlab sweep: " before the first included, now fits 80 columns,
// for every built-in scenario sweep takes, and no word is lost.
func TestSweepRefusalsFit80Columns(t *testing.T) {
	racefree.Only(t) // no goroutine: the command refuses before it sweeps
	fits := func(args []string, stderr string) {
		t.Helper()
		for i, line := range strings.Split(strings.TrimRight(stderr, "\n"), "\n") {
			if n := utf8.RuneCountInString(line); n > 80 {
				t.Errorf("%q: line %d is %d columns wide: %q", args, i+1, n, line)
			}
		}
	}
	for _, b := range scenarios.All() {
		if b.Name == shuffleScenario.Name {
			continue // sweep refuses it as a whole: it has no knobs
		}
		knobs := builtinSweepKnobs(b, 0)
		if len(knobs) == 0 {
			continue
		}
		unknown := "a.knob.whose.name.is.long.enough.to.wrap.the.first.line.alone"
		args := []string{"sweep", b.Name, "--vary", unknown + "=1..2", "--measure", "x.ok"}
		_, stderr, code := run(t, args...)
		if code != 2 || !strings.Contains(strings.Join(strings.Fields(stderr), " "), "has no knob \""+unknown+"\"") {
			t.Fatalf("%q: exit %d, want the knob refused as unknown:\n%s", args, code, stderr)
		}
		fits(args, stderr)
		said := strings.Join(strings.Fields(stderr), " ")
		for _, g := range lessons.GroupKnobs(knobs) {
			if line := g.Part + ": " + strings.Join(g.Keys, ", "); !strings.Contains(said, line) {
				t.Errorf("%q: the list lacks %q:\n%s", args, line, stderr)
			}
		}

		measure := "a-part-whose-name-is-long-enough-to-wrap.the_first_line_alone"
		args = []string{"sweep", b.Name, "--vary", knobs[0] + "=1..2", "--measure", measure}
		_, stderr, code = run(t, args...)
		if code != 2 || !strings.Contains(stderr, "endpoints:") {
			// The knob's values were refused first: this scenario
			// does not reach the measure.
			continue
		}
		fits(args, stderr)
	}
}
