package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A teacher prepares the live demo from `lesson --check`: it names each
// step's run as the commands count designs, from 1, with the design's name
// and the command that opens it (it wrote "cascade/1", the file's count
// from 0, and `sandbox cascade --variant 1` opens the shared pool, where
// the step plays the bulkhead); its moments read in seconds to the
// millisecond ("15.071816625s" was a raw duration); and the last step's
// note on the exercises comes after its question.
func TestLessonCheckNamesRunsAsCommandsDo(t *testing.T) {
	racefree.Only(t)
	tempConfig(t)
	out, errOut, code := run(t, "lesson", "03-bulkheads", "--check")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"simulation: cascade, design 2 of 3 (bulkhead: recommendations <= 20) (breakerlab sandbox cascade --variant 2), from 9 s, pauses at 30 s",
		"with recommendations.bulkhead = 4",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("lesson 3 --check lacks %q", want)
		}
	}
	if regexp.MustCompile(`simulation: [a-z-]+/\d`).MatchString(out) {
		t.Errorf("lesson 3 --check names a run by the file's count from 0:\n%s", out)
	}
	q, p := strings.LastIndex(out, "Question:"), strings.LastIndex(out, "**Practise it.**")
	if q < 0 || p < 0 || p < q {
		t.Errorf("the last step's Practise note (at %d) should follow its question (at %d)", p, q)
	}
	four, errOut, code := run(t, "lesson", "04-breaker-states", "--check")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if regexp.MustCompile(`\d\.\d{4,}s`).MatchString(four) || !strings.Contains(four, "pauses at 15.072 s") {
		t.Errorf("lesson 4 --check writes a moment as a raw duration, or lacks its pause at 15.072 s")
	}
}
