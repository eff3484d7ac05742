package main

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A bad value for one of serve's switches (--password=maybe) was refused
// with the switch's whole help, three lines of it, in parentheses inside
// the refusal. It names the switch and what it takes, on one line, as
// --max-sessions 0 or --listen foo are refused; the flags follow, exit 2.
func TestServeRefusesABadSwitchValueOnOneLine(t *testing.T) {
	racefree.Only(t) // no goroutine: every case is refused before anything starts
	for _, tc := range []struct{ arg, want string }{
		{"--password=maybe", `breakerlab serve: --password takes true or false (or nothing: --password alone is true), got "maybe"`},
		{"--teacher=2", `breakerlab serve: --teacher takes true or false (or nothing: --teacher alone is true), got "2"`},
		{"--present=x", `breakerlab serve: --present takes true or false (or nothing: --present alone is true), got "x"`},
	} {
		_, stderr, code := run(t, "serve", tc.arg)
		first, rest, _ := strings.Cut(stderr, "\n")
		if code != exitUsage || first != tc.want {
			t.Errorf("%s: exit %d, first line %q; want exit %d and %q", tc.arg, code, first, exitUsage, tc.want)
		}
		if !strings.HasPrefix(rest, "flags of serve:") {
			t.Errorf("%s: the flags do not follow the refusal:\n%s", tc.arg, stderr)
		}
	}
}
