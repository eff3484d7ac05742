package main

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// --variant, --step and --width have ranges their command knows only once
// it opens the scenario or the lesson (--width has no top). A word given
// to one was told "takes a whole number" and no range, their help said
// none, sandbox's, record's and sweep's --variant refusals named no
// variant, and lesson --step 0 typed opened where the learner left off.
// Each refusal is one line that names the flag, what was given and what
// is allowed: the scenario's or the lesson's own range once it is known,
// the range as far as it goes before.
func TestOpenRangeFlagsSayTheirRange(t *testing.T) {
	racefree.Only(t) // no goroutine: every case is refused before anything starts
	tempConfig(t)
	const cascade = "--variant must be between 1 and 3 for cascade (1 one shared pool of 200 threads, 2 bulkhead: recommendations <= 20, 3 bulkhead and circuit breaker), got "
	sweep := []string{"sweep", "cascade", "--vary", "workers=10..20", "--measure", "search.ok"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "cascade", "--variant", "9"}, cascade + "9; leave it out to show every variant"},
		{[]string{"sandbox", "cascade", "--variant", "9"}, cascade + "9"},
		{[]string{"record", "cascade", "--variant", "4", "-o", "x.cast"}, cascade + "4"},
		{append(sweep, "--variant", "0"), cascade + "0"},
		{[]string{"run", "cascade", "--variant", "abc"}, `--variant takes a whole number from 1 to the scenario's number of variants, got "abc"`},
		{[]string{"sandbox", "cascade", "--variant", "two"}, `--variant takes a whole number from 1 to the scenario's number of variants, got "two"`},
		{[]string{"record", "cascade", "--variant", "x", "-o", "x.cast"}, `--variant takes a whole number from 1 to the scenario's number of variants, got "x"`},
		{append(sweep, "--variant", "1.5"), `--variant takes a whole number from 1 to the scenario's number of variants, got "1.5"`},
		{[]string{"run", "cascade", "--variant"}, "--variant needs a value after it: --variant N, a whole number from 1 to the scenario's number of variants"},
		{[]string{"lesson", "2", "--step", "99"}, "--step must be between 1 and 12 (the lesson's steps), got 99"},
		{[]string{"lesson", "2", "--step", "0"}, "--step must be between 1 and 12 (the lesson's steps), got 0"},
		{[]string{"lesson", "2", "--step", "two"}, `--step takes a whole number from 1 to the lesson's number of steps, got "two"`},
		{[]string{"record", "--lesson", "2", "--step", "x", "-o", "x.cast"}, `--step takes a whole number from 1 to the lesson's number of steps, got "x"`},
		{[]string{"lessons", "--width", "abc"}, `--width takes a whole number, at least 40, got "abc"`},
		{[]string{"run", "cascade", "--width", "wide"}, `--width takes a whole number, at least 40, got "wide"`},
		{append(sweep, "--width", "x"), `--width takes a whole number, at least 40, got "x"`},
		{[]string{"presets", "--width"}, "--width needs a value after it: --width N, a whole number, at least 40"},
		{[]string{"presets", "--width", "99999999999999999999"}, "--width 99999999999999999999 is too large"},
		{[]string{"drill", "--new", "x"}, `--new takes a whole number, 0 or more, got "x"`},
		{append(sweep, "--workers", "x"), `--workers takes a whole number from 0 (one per core) to the cores this process may use, got "x"`},
		// A command with no flags refuses one as an unknown flag, in
		// the words every other command uses: version's said `got
		// ["--json"]`, a Go slice, and man took --nope for its folder.
		{[]string{"version", "--json"}, "unknown flag --json: version takes no flags"},
		{[]string{"version", "now"}, `version takes no arguments, got "now"`},
		{[]string{"man", "--nope"}, "unknown flag --nope: man takes no flags, only one folder to write the pages into"},
		{[]string{"completion", "--nope"}, "unknown flag --nope: completion takes no flags, only one shell, one of bash, zsh, fish, powershell"},
	} {
		_, errOut, code := run(t, c.args...)
		want := "breakerlab " + c.args[0] + ": " + c.want
		if code != 2 || !strings.HasPrefix(errOut, want) || !strings.HasSuffix(errOut, "; see breakerlab "+c.args[0]+" --help\n") || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: exit %d, %q\nwant exit 2 and one line %q that points to the help", c.args, code, errOut, want)
		}
	}
	for _, c := range []struct{ cmd, flag, says string }{
		{"run", "--variant", "1 to the scenario's number of variants"},
		{"sandbox", "--variant", "1 to the scenario's number of variants"},
		{"record", "--variant", "1 to the scenario's number of variants"},
		{"sweep", "--variant", "1 to the scenario's number of variants"},
		{"lesson", "--step", "1 to the lesson's number of steps"},
		{"record", "--step", "1 to the lesson's number of steps"},
		{"run", "--width", "at least 40"},
		{"sweep", "--width", "at least 40"},
	} {
		help, _, _ := run(t, "help", c.cmd)
		if got := flagEntry(help, c.flag); !strings.Contains(got, c.says) {
			t.Errorf("help %s's %s reads %q, which does not say %q", c.cmd, c.flag, got, c.says)
		}
	}
}
