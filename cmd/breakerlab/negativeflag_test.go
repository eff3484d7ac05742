package main

import (
	"flag"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// Every flag that takes a number refuses a negative one as a value, naming
// the flag and what it allows, exit 2: --history, a switch that takes an
// optional number, read "-1" as a flag of its own ("unknown flag -1").
func TestNegativeNumbersAreRefusedAsValues(t *testing.T) {
	racefree.Only(t) // no goroutine: every case is refused before anything starts
	tempConfig(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"interview", "--history", "-1"}, "breakerlab interview: --history must be 1 or more, got -1"},
		{[]string{"interview", "--history=-1"}, "breakerlab interview: --history must be 1 or more, got -1"},
		{[]string{"interview", "-history", "-3"}, "breakerlab interview: --history must be 1 or more, got -3"},
		{[]string{"interview", "--history", "0"}, "breakerlab interview: --history must be 1 or more, got 0"},
		{[]string{"interview", "--history", "-1", "--list"}, "breakerlab interview: --history lists the saved interviews: it takes no --list or --rubric"},
		{[]string{"interview", "--minutes", "-1"}, "breakerlab interview: --minutes wants 1 to 120, got -1"},
		{[]string{"drill", "--generate", "-1"}, "breakerlab drill: --generate wants a number of problems from 1 to 1000, got -1"},
		{[]string{"drill", "--new", "-1"}, "breakerlab drill: --new wants 0 or more cards, got -1"},
		{[]string{"drill", "--seed", "-1"}, `breakerlab drill: --seed takes a whole number, 0 or more`},
		{[]string{"lesson", "1", "--step", "-1"}, "breakerlab lesson: --step must be between 1 and 9 (the lesson's steps), got -1"},
		{[]string{"run", "cascade", "--variant", "-1"}, "breakerlab run: --variant must be between 1 and 3 for cascade"},
		{[]string{"run", "cascade", "--width", "-1"}, "breakerlab run: --width must be at least 40 columns, got -1"},
		{[]string{"run", "cascade", "--budget", "-1"}, `breakerlab run: --budget: a budget must be between 1 and 1e15 simulated requests, got "-1"`},
		{[]string{"sandbox", "cascade", "--variant", "-1"}, "breakerlab sandbox: --variant must be between 1 and 3 for cascade, got -1"},
		{[]string{"sweep", "cascade", "--vary", "workers=10..20", "--measure", "search.ok", "--seeds", "-1"}, "breakerlab sweep: --seeds must be between 1 and 1000, got -1"},
		{[]string{"serve", "--max-sessions", "-1"}, "breakerlab serve: --max-sessions -1: allowed are 1 to 10000"},
		{[]string{"lab", "checkout", "--api-port", "-1"}, "breakerlab lab: --api-port -1: allowed are 0 (a free one) to 65535"},
	} {
		out, errOut, code := run(t, c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
}

// Only a switch that takes an optional value is given the negative number
// after it: a flag that takes a value has it already, a plain switch takes
// none, and the words after "--" are no flags.
func TestNegativeValuesJoined(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	var h historyFlag
	fs.Var(&h, "history", "")
	fs.Int("minutes", 10, "")
	fs.Bool("list", false, "")
	for _, c := range []struct{ in, want []string }{
		{[]string{"--history", "-1"}, []string{"--history=-1"}},
		{[]string{"x", "-history", "-2.5", "y"}, []string{"x", "-history=-2.5", "y"}},
		{[]string{"--history", "3"}, []string{"--history", "3"}},
		{[]string{"--history", "-list"}, []string{"--history", "-list"}},
		{[]string{"--history=1", "-1"}, []string{"--history=1", "-1"}},
		{[]string{"--minutes", "-1"}, []string{"--minutes", "-1"}},
		{[]string{"--list", "-1"}, []string{"--list", "-1"}},
		{[]string{"--", "--history", "-1"}, []string{"--", "--history", "-1"}},
	} {
		if got := negativeValuesJoined(fs, c.in); !slices.Equal(got, c.want) {
			t.Errorf("negativeValuesJoined(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
