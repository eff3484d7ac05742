package main

import (
	"github.com/breakerlab/breakerlab/internal/racefree"
	"strings"
	"testing"
)

// A value the flag package cannot read (a negative seed, a name where a
// number goes) is named with what the flag takes, where the package itself
// says only "parse error", in one line that says where the flags are
// explained (the whole list of them printed under it pushed the line off
// a terminal), exit 2.
func TestBadFlagValuesSayWhatTheyTake(t *testing.T) {
	racefree.Only(t) // no goroutine: every case is refused before anything starts
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "cascade", "--seed", "-1"}, `--seed takes a whole number, 0 or more, got "-1"`},
		{[]string{"run", "cascade", "--seed", "99999999999999999999"}, `--seed 99999999999999999999 is too large: the largest it takes is 18446744073709551615`},
		{[]string{"sweep", "cascade", "--variant", "protected", "--vary", "workers=1..3", "--measure", "search.ok"}, `--variant takes a whole number from 1 to the scenario's number of variants, got "protected"`},
		{[]string{"run", "cascade", "--wide=maybe"}, `--wide takes true or false (or nothing: --wide alone is true)`},
		{[]string{"lab", "checkout", "--rate", "x"}, `--rate takes a number`},
		// The program's own kinds word their refusal; the flag is named
		// with two dashes, as the help names it, not the package's one.
		{[]string{"run", "cascade", "--budget", "0"}, `breakerlab run: --budget: a budget must be between 1 and`},
		{[]string{"run", "cascade", "--format", "xml"}, `breakerlab run: --format: "xml" is not one of table, json, csv, svg, png`},
		{[]string{"run", "cascade", "--sede", "3"}, `breakerlab run: unknown flag --sede: did you mean --seed?`},
		{[]string{"serve", "--max-sesions", "3"}, `breakerlab serve: unknown flag --max-sesions: did you mean --max-sessions?`},
	} {
		_, errOut, code := run(t, c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) || strings.Contains(errOut, "parse error") || strings.Contains(errOut, "for flag -") || strings.Contains(errOut, "not defined: -") || !oneLineRefusal(errOut, c.args[0]) {
			t.Errorf("%q: exit %d, %q; want exit 2 and %q in one line that points to the help", c.args, code, errOut, c.want)
		}
	}
}

// A name typed one slip away from a command, a scenario, a lesson or a fact
// is suggested; facts under a name typed whole are listed.
func TestMisspelledNamesAreSuggested(t *testing.T) {
	racefree.Only(t) // no goroutine: every case is refused before anything starts
	tempConfig(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"rnu"}, `unknown command "rnu": did you mean run?`},
		{[]string{"help", "swep"}, `unknown command "swep": did you mean sweep?`},
		{[]string{"run", "chekout"}, `"chekout": did you mean checkout?`},
		{[]string{"sweep", "casade", "--vary", "workers=1..2", "--measure", "search.ok"}, `"casade": did you mean cascade?`},
		{[]string{"facts", "r4j.retry.atempts"}, `no fact is called "r4j.retry.atempts": did you mean r4j.retry.attempts?`},
		{[]string{"facts", "r4j"}, `no fact is called "r4j"; the facts under it are: r4j.`},
		{[]string{"lesson", "01-one-slow-dependancy"}, `unknown lesson "01-one-slow-dependancy": did you mean 01-one-slow-dependency?`},
	} {
		_, errOut, code := run(t, c.args...)
		if code != 2 || !strings.Contains(flat(errOut), c.want) {
			t.Errorf("%q: exit %d, %q; want exit 2 and %q", c.args, code, errOut, c.want)
		}
	}
}

// Names that are lower case are read whatever the case they are typed in.
func TestNamesIgnoreCase(t *testing.T) {
	// Commands in the test's process that print and end: no goroutine but
	// the command's watch for SIGTERM, which other tests run under -race.
	racefree.Only(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"presets", "POLLY"}, "polly"},
		{[]string{"completion", "Bash"}, "bash completion"},
		{[]string{"interview", "--rubric", "API-GATEWAY"}, "(api-gateway)"},
	} {
		out, errOut, code := run(t, c.args...)
		if code != 0 || !strings.Contains(out, c.want) {
			t.Errorf("%q: exit %d, %q; want exit 0 and %q", c.args, code, errOut, c.want)
		}
	}
}

// A flag that takes a value, given another flag where its value goes, is
// named with the flag it took for its value: the flag package read
// "--format" as --check's file, and the command refused "json" as a second
// challenge. A value that starts with a dash and is no flag is still the
// value's own to refuse.
func TestAFlagGivenAnotherFlagForItsValueSaysSo(t *testing.T) {
	racefree.Only(t) // no goroutine: every case is refused before anything starts
	tempConfig(t)
	// Unrefused, -o --wide writes the run to a file called --wide.
	t.Chdir(t.TempDir())
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"challenge", "8", "--check", "--format", "json"}, `--check takes a value, and the word after it is the flag --format: write --check FILE, then --format`},
		{[]string{"run", "cascade", "--seed", "--format", "json"}, `--seed takes a value, and the word after it is the flag --format: write --seed N, then --format`},
		{[]string{"run", "cascade", "-o", "--wide"}, `-o takes a value, and the word after it is the flag --wide: write -o FILE, then --wide`},
		{[]string{"sweep", "cascade", "--vary", "--measure", "search.ok"}, `--vary takes a value, and the word after it is the flag --measure`},
		{[]string{"run", "cascade", "--budget", "-1"}, `--budget: a budget must be`},
	} {
		_, errOut, code := run(t, c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) || !oneLineRefusal(errOut, c.args[0]) {
			t.Errorf("%q: exit %d, %q; want exit 2 and %q in one line that points to the help", c.args, code, errOut, c.want)
		}
	}
}

// oneLineRefusal reports whether errOut is one line, a flag's refusal by
// command cmd that ends with where its flags are explained.
func oneLineRefusal(errOut, cmd string) bool {
	return strings.Count(errOut, "\n") == 1 && strings.HasPrefix(errOut, "breakerlab "+cmd+": ") && strings.HasSuffix(errOut, "; see breakerlab "+cmd+" --help\n")
}
