package main

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A value given as a flag of its own (--json where run takes --format
// json) is no misspelling of any flag, so the refusal listed the flags and
// left the reader to find which one takes json. It names the flag that
// takes the word, in the case that flag takes it; a word no flag takes is
// refused as before, with the list.
func TestValueGivenAsFlagNamesItsFlag(t *testing.T) {
	racefree.Only(t) // no goroutine: each command refuses before it runs the engine
	for _, c := range []struct {
		args []string
		want string
		not  string
	}{
		{[]string{"run", "cascade", "--json"}, "unknown flag --json: json is a value of --format: did you mean --format json?", ""},
		{[]string{"run", "cascade", "-CSV"}, "unknown flag --CSV: csv is a value of --format: did you mean --format csv?", ""},
		{[]string{"sweep", "cascade", "--png"}, "did you mean --format png?", ""},
		{[]string{"cheatsheet", "--markdown"}, "did you mean --format markdown?", ""},
		// run's text is its table: --text is no value of any flag of run.
		{[]string{"run", "cascade", "--text"}, "run takes --budget, --fault, --format", "did you mean"},
	} {
		_, stderr, code := run(t, c.args...)
		said := strings.Join(strings.Fields(stderr), " ")
		if code != 2 {
			t.Errorf("%v: exit code %d, want 2; stderr:\n%s", c.args, code, stderr)
		}
		if !strings.Contains(said, c.want) {
			t.Errorf("%v: stderr lacks %q:\n%s", c.args, c.want, stderr)
		}
		if c.not != "" && strings.Contains(said, c.not) {
			t.Errorf("%v: stderr says %q:\n%s", c.args, c.not, stderr)
		}
	}
}
