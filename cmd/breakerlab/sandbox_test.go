package main

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// The sandbox's command line refuses what it cannot open, with exit code 2
// and a message that says what is allowed; none of these reach the terminal.
func TestSandboxUsageErrors(t *testing.T) {
	racefree.Only(t) // no goroutine: every case is refused before anything starts
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"sandbox", "shuffle", "--variant", "2"}, "shuffle has no variants"},
		{[]string{"sandbox", "shuffle", "--speed", "0"}, "--speed must be one of 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100"},
		// The sandbox plays a file too, and says so (it named the
		// built-ins alone).
		{[]string{"sandbox", "nope"}, "no built-in scenario or scenario file is called \"nope\""},
		{[]string{"sandbox", "nope"}, "a scenario file is a path to a .toml file"},
		{[]string{"sandbox", "cascade", "breaker-timeline"}, "at most one scenario"},
		{[]string{"sandbox", "--speed", "500"}, "--speed must be one of 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100"},
		{[]string{"sandbox", "--variant", "9"}, "--variant must be between 1 and 3"},
		{[]string{"sandbox", "--seed", "x"}, "see breakerlab sandbox --help"},
		{[]string{"sandbox", "--bogus"}, "see breakerlab sandbox --help"},
		{[]string{"sandbox", "missing/file.toml"}, "does not exist (give a built-in scenario"},
		{[]string{"home", "extra"}, "takes no arguments"},
	} {
		_, errOut, code := run(t, c.args...)
		if code != exitUsage || !strings.Contains(flat(errOut), c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", c.args, code, errOut, exitUsage, c.want)
		}
	}
}

func TestSandboxIsListed(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	out, _, code := run(t, "help")
	if code != 0 || !strings.Contains(out, "sandbox") {
		t.Errorf("help should list the sandbox command:\n%s", out)
	}
}
