package main

import (
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A bad value for one of serve's switches (--password=maybe) was refused
// with the switch's whole help, three lines of it, in parentheses inside
// the refusal. It names the switch and what it takes, on one line, as
// --max-sessions 0 or --listen foo are refused, ending with where the
// flags are explained, exit 2.
func TestServeRefusesABadSwitchValueOnOneLine(t *testing.T) {
	racefree.Only(t) // no goroutine: every case is refused before anything starts
	for _, tc := range []struct{ arg, want string }{
		{"--password=maybe", `breakerlab serve: --password takes true or false (or nothing: --password alone is true), got "maybe"; see breakerlab serve --help`},
		{"--teacher=2", `breakerlab serve: --teacher takes true or false (or nothing: --teacher alone is true), got "2"; see breakerlab serve --help`},
		{"--present=x", `breakerlab serve: --present takes true or false (or nothing: --present alone is true), got "x"; see breakerlab serve --help`},
	} {
		_, stderr, code := run(t, "serve", tc.arg)
		if code != exitUsage || stderr != tc.want+"\n" {
			t.Errorf("%s: exit %d, %q; want exit %d and the one line %q", tc.arg, code, stderr, exitUsage, tc.want)
		}
	}
}
