package main

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// sweep without a scenario (or with two) lists the built-in scenarios it
// takes, every one, and not shuffle, which it refuses next; on lines that
// fit a terminal's 80 columns, as its other refusals do. The list ran to
// one line of 292 columns and offered shuffle.
func TestSweepWithoutAScenarioListsWhatItTakes(t *testing.T) {
	for _, args := range [][]string{{"sweep"}, {"sweep", "cascade", "checkout"}} {
		out, errOut, code := run(t, args...)
		if code != 2 || out != "" {
			t.Fatalf("%q: exit %d, stdout %q; want exit 2 and nothing on stdout", args, code, out)
		}
		for _, l := range strings.Split(strings.TrimSuffix(errOut, "\n"), "\n") {
			if w := utf8.RuneCountInString(l); w > 80 {
				t.Errorf("%q: a line of %d columns: %q", args, w, l)
			}
		}
		words := strings.Join(strings.Fields(errOut), " ")
		if strings.Contains(words, "shuffle") {
			t.Errorf("%q lists shuffle, which sweep refuses: %s", args, errOut)
		}
		for _, name := range scenarios.Names() {
			if !strings.Contains(words, " "+name+",") && !strings.Contains(words, " "+name+")") {
				t.Errorf("%q does not list %s: %s", args, name, errOut)
			}
		}
	}
}
