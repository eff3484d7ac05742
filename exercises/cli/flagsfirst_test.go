package cli

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A flag typed before a command (`--timeout 2m check 1`) makes Run open
// the runner, which does not take the command: the message must say that
// the command goes first, give the line in that order with the flags the
// command takes, and name those it does not, rather than call the command
// an unexpected argument.
func TestCommandAfterAFlagSaysToPutItFirst(t *testing.T) {
	racefree.Only(t) // parses arguments and fails before any workbook is read: no goroutine
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		says []string
	}{
		{[]string{"--timeout", "2m", "check", "1"}, []string{"check is a command", "`breakerlab exercises check 1 --timeout 2m`"}},
		{[]string{"--timeout=2m", "--manual", "check"}, []string{"`breakerlab exercises check --timeout=2m`", "--manual is for the runner, not for check"}},
		{[]string{"--manual", "list"}, []string{"`breakerlab exercises list`", "--manual is for the runner"}},
		{[]string{"-timeout", "1m", "hint", "2"}, []string{"`breakerlab exercises hint 2`", "--timeout is for the runner, not for hint"}},
		{[]string{"--manual", "bogus"}, []string{`unexpected argument "bogus"; the runner takes only --manual and --timeout`}},
	} {
		r := do(t, dir, tc.args...)
		if !isUsage(r.err) {
			t.Errorf("%q: %v, want a usage error", tc.args, r.err)
			continue
		}
		for _, want := range tc.says {
			if !strings.Contains(r.err.Error(), want) {
				t.Errorf("%q: %q\ndoes not say %q", tc.args, r.err, want)
			}
		}
		if strings.Contains(r.err.Error(), "unexpected argument") && tc.args[len(tc.args)-1] != "bogus" {
			t.Errorf("%q: %q calls a command an unexpected argument", tc.args, r.err)
		}
	}
}
