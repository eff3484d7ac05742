package main

import (
	"path/filepath"
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

// A name that is neither a built-in scenario nor a file, and a missing
// .toml file, are refused by each command that takes a scenario with the
// built-ins it takes, every one, shuffle only where the command plays it,
// on lines that fit 80 columns with the "breakerlab CMD: " before them.
// The shared loader listed every built-in on one line of some 300 columns,
// and offered sweep shuffle, which it refuses.
func TestUnknownScenarioListsWhatEachCommandTakes(t *testing.T) {
	cast := filepath.Join(t.TempDir(), "x.cast")
	for _, c := range []struct {
		cmd     []string
		shuffle bool
	}{
		{[]string{"run"}, true},
		{[]string{"sandbox"}, true},
		{[]string{"record", "-o", cast}, true},
		{[]string{"sweep"}, false},
	} {
		for _, name := range []string{"foo", filepath.Join("no", "such.toml")} {
			args := append(c.cmd[:len(c.cmd):len(c.cmd)], name)
			out, errOut, code := run(t, args...)
			if code != 2 || out != "" {
				t.Errorf("%q: exit %d, stdout %q; want exit 2 and nothing on stdout", args, code, out)
				continue
			}
			if !strings.HasPrefix(errOut, "breakerlab "+c.cmd[0]+": ") {
				t.Errorf("%q: the refusal does not start with the command's name: %q", args, errOut)
			}
			for _, l := range strings.Split(strings.TrimSuffix(errOut, "\n"), "\n") {
				if w := utf8.RuneCountInString(l); w > 80 {
					t.Errorf("%q: a line of %d columns: %q", args, w, l)
				}
			}
			words := flat(errOut)
			if got := strings.Contains(words, "shuffle"); got != c.shuffle {
				t.Errorf("%q: lists shuffle %v, want %v (%s takes it: %v): %s", args, got, c.shuffle, c.cmd[0], c.shuffle, errOut)
			}
			for _, n := range scenarios.Names() {
				if !strings.Contains(words, " "+n+",") && !strings.Contains(words, " "+n+";") && !strings.Contains(words, " "+n+")") {
					t.Errorf("%q does not list %s: %s", args, n, errOut)
				}
			}
		}
	}
}

// flat is s with its runs of white space, line breaks and the indent of a
// wrapped refusal's lines, made one space: a phrase a test looks for reads
// the same wherever the message wraps it.
func flat(s string) string { return strings.Join(strings.Fields(s), " ") }
