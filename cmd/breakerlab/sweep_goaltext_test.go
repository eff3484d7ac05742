package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// The sweep's JSON writes its goal as --goal reads it, a share as a
// fraction and a time in the measure's unit, so that one goal typed two
// ways writes one goal; command keeps what was typed. The README said
// "goal as given", which the JSON did not do: it says what the JSON
// writes, with these goals as its examples.
func TestSweepJSONGoalIsAsReadAndTheREADMESaysSo(t *testing.T) {
	racefree.Only(t) // its sweep's workers and progress are TestSweepCSVMatchesRuns's, which runs under -race
	readme := readmeFlat(t)
	for _, c := range []struct{ typed, other string }{
		{"search.ok>=99%", "search.ok>=0.99"},
		{"search.p99<=0.25s", "search.p99<=250ms"},
	} {
		var goals [2]string
		for i, typed := range []string{c.typed, c.other} {
			out, stderr, code := run(t, "sweep", "cascade", "--vary", "workers=100..300:2", "--measure", "search.ok",
				"--goal", typed, "--seeds", "1", "--format", "json")
			if code != 0 {
				t.Fatalf("--goal %s: exit %d: %s", typed, code, stderr)
			}
			var doc struct{ Command, Goal string }
			if err := json.Unmarshal([]byte(out), &doc); err != nil {
				t.Fatalf("%v in %s", err, out)
			}
			if !strings.Contains(doc.Command, "--goal '"+typed+"'") {
				t.Errorf("--goal %s: command %q does not keep the goal as typed", typed, doc.Command)
			}
			goals[i] = doc.Goal
		}
		if goals[0] != goals[1] || goals[0] == c.typed {
			t.Errorf("--goal %s writes goal %q, --goal %s %q: want one goal as --goal reads it", c.typed, goals[0], c.other, goals[1])
		}
		if want := "`" + c.typed + "` is written `" + goals[0] + "`"; !strings.Contains(readme, want) {
			t.Errorf("the README's sweep JSON does not say what its goal is: want %q", want)
		}
	}
	if strings.Contains(readme, "`goal` as given") {
		t.Error("the README says the JSON's goal is written as given: it is written as --goal reads it")
	}
}
