package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// The README's sweep section shows how to list the measures a scenario
// offers: the command it gives, run, lists them, as a measure sweep
// cannot read lists them (sweep.MeasureChoices, one computation).
func TestReadmeShowsHowToListTheMeasures(t *testing.T) {
	racefree.Only(t) // no goroutine: the command refuses before it sweeps
	m := regexp.MustCompile("without `--measure` the measures it offers \\(`(breakerlab sweep ([a-z-]+) [^`]+)`").FindStringSubmatch(readmeFlat(t))
	if m == nil {
		t.Fatal("the README's sweep section no longer says \"without `--measure` the measures it offers (`breakerlab sweep …`\"; update this test")
	}
	args := strings.Fields(strings.TrimPrefix(m[1], "breakerlab "))
	_, stderr, code := run(t, args...)
	b, ok := scenarios.Lookup(m[2])
	if !ok {
		t.Fatalf("the README's example sweeps %q, no built-in scenario", m[2])
	}
	if want := sweep.MeasureChoices(b.Build(), 0, messageWidth); code != 2 || !strings.Contains(stderr, "\n"+want+"\n") {
		t.Errorf("%q: exit %d, stderr:\n%s\nwant the measures listed:\n%s", m[1], code, stderr, want)
	}
}
