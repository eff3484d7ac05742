package main

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A command refused for its arguments says what it got as the rest of the
// program does (argsWords: "none", the one, or how many and which), not as
// Go prints a slice ([] or ["a" "b"]).
func TestArgumentRefusalsSayWhatCameInWords(t *testing.T) {
	racefree.Only(t) // no goroutine: every case is refused before anything starts
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"lab"}, "lab runs one experiment, checkout (lab checkout [flags]), got none"},
		{[]string{"lab", "other"}, `got "other"`},
		{[]string{"lab", "checkout", "extra"}, "got 2: checkout extra"},
		{[]string{"facts", "aws.retry.capacity", "extra"}, "facts takes at most one fact's name, got 2: aws.retry.capacity extra"},
		{[]string{"scenarios", "x", "y"}, "scenarios takes no arguments besides --dump NAME, got 2: x y"},
	} {
		_, errOut, code := run(t, c.args...)
		// flat: a refusal that ends pointing to the help is fitted to 80
		// columns (lab's).
		if code != exitUsage || !strings.Contains(flat(errOut), c.want) || strings.Contains(errOut, "[]") || strings.Contains(errOut, `["`) {
			t.Errorf("%q: exit %d, %q; want exit %d and %q", c.args, code, errOut, exitUsage, c.want)
		}
	}
}
