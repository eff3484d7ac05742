package main

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A command line with a bad range and no --measure says both at once: the
// missing measure was said first, and the range only once it was given.
func TestSweepSaysBadRangesWithMissingMeasure(t *testing.T) {
	racefree.Only(t) // no goroutine: the command refuses before it sweeps
	_, stderr, code := run(t, "sweep", "cascade", "--vary", "workers=1..x", "--vary", "queue=3..1")
	for _, want := range []string{`--vary workers: "1".."x": give both ends as numbers`, "--vary queue: want FROM <= TO, got 3..1", "sweep needs --measure METRIC"} {
		if code != 2 || !strings.Contains(stderr, want) {
			t.Errorf("exit %d, want 2 and %q in\n%s", code, want, stderr)
		}
	}
}

// A whole-number knob's rounded steps are said once: in the table's
// heading, and on stderr beside a CSV, whose bytes are the values alone.
func TestSweepSaysRoundedStepsOnce(t *testing.T) {
	racefree.Only(t) // its sweep's workers and progress are TestSweepCSVMatchesRuns's, which runs under -race
	args := []string{"sweep", "cascade", "--variant", "2", "--vary", "recommendations.retry.attempts=1..4:3", "--measure", "search.ok", "--seeds", "1", "--workers", "1"}
	const note = "recommendations.retry.attempts takes whole numbers: swept 1, 3, 4\n"
	stdout, stderr, code := run(t, args...)
	if code != 0 || strings.Count(stdout, note) != 1 || strings.Contains(stderr, note) {
		t.Errorf("table: exit %d, want the note once on stdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	stdout, stderr, code = run(t, append(args, "--format", "csv")...)
	if code != 0 || strings.Contains(stdout, "whole") || strings.Count(stderr, note) != 1 {
		t.Errorf("csv: exit %d, want the note once on stderr:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
}
