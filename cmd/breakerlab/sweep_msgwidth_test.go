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

// A range refused as it is read (backwards, one step of two ends, too
// many steps) fits 80 columns as the other refusals do, with or without
// a --measure, and says how to write it: "100..400:1 asks for one value
// from a range of two: give 2 steps or more" ran to 123 columns.
func TestSweepRangeRefusalsFit80Columns(t *testing.T) {
	racefree.Only(t) // no goroutine: the command refuses before it sweeps
	for _, c := range []struct{ vary, want string }{
		{"recommendations.timeout=250ms..5000ms:1", "give 2 steps or more"},
		{"workers=400..100:4", "a range goes from low to high: workers=100..400:4"},
		{"recommendations.timeout=5s..250ms:12", "recommendations.timeout=250ms..5s:12"},
		{"workers=100..400:400", "steps must be a whole number from 1 to 200"},
	} {
		for _, measure := range [][]string{{"--measure", "search.ok"}, nil} {
			args := append([]string{"sweep", "cascade", "--vary", c.vary}, measure...)
			_, stderr, code := run(t, args...)
			if code != 2 || !strings.Contains(strings.Join(strings.Fields(stderr), " "), c.want) {
				t.Errorf("%q: exit %d, want it to say %q:\n%s", args, code, c.want, stderr)
			}
			for i, line := range strings.Split(strings.TrimRight(stderr, "\n"), "\n") {
				if n := utf8.RuneCountInString(line); n > 80 {
					t.Errorf("%q: line %d is %d columns wide: %q", args, i+1, n, line)
				}
			}
		}
	}
}
