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

// Each command that takes a scenario refuses a name that is neither a
// built-in nor a file, a missing .toml file, and a wrong count of
// scenarios, with the built-ins it takes, every one, shuffle only where it
// plays it, on lines that fit 80 columns with the "breakerlab CMD: "
// before them; scenarios --dump the same with the ones it writes. The
// shared loader listed every built-in on one line of some 300 columns, and
// offered sweep shuffle, which it refuses.
func TestUnknownScenarioListsWhatEachCommandTakes(t *testing.T) {
	cast := filepath.Join(t.TempDir(), "x.cast")
	missing := filepath.Join("no", "such.toml")
	for _, c := range []struct {
		args    []string
		shuffle bool
	}{
		{[]string{"run", "foo"}, true},
		{[]string{"run", missing}, true},
		{[]string{"run"}, true},
		{[]string{"sandbox", "foo"}, true},
		{[]string{"sandbox", missing}, true},
		{[]string{"sandbox", "cascade", "checkout"}, true},
		{[]string{"record", "-o", cast, "foo"}, true},
		{[]string{"record", "-o", cast, missing}, true},
		{[]string{"record", "-o", cast, "cascade", "checkout"}, true},
		{[]string{"sweep", "foo"}, false},
		{[]string{"sweep", missing}, false},
		{[]string{"scenarios", "--dump", "foo"}, false},
	} {
		out, errOut, code := run(t, c.args...)
		if code != 2 || out != "" {
			t.Errorf("%q: exit %d, stdout %q; want exit 2 and nothing on stdout", c.args, code, out)
			continue
		}
		if !strings.HasPrefix(errOut, "breakerlab "+c.args[0]+": ") {
			t.Errorf("%q: the refusal does not start with the command's name: %q", c.args, errOut)
		}
		for _, l := range strings.Split(strings.TrimSuffix(errOut, "\n"), "\n") {
			if w := utf8.RuneCountInString(l); w > 80 {
				t.Errorf("%q: a line of %d columns: %q", c.args, w, l)
			}
		}
		listed := map[string]bool{}
		for _, w := range strings.Fields(errOut) {
			listed[strings.Trim(w, ",;()")] = true
		}
		if listed["shuffle"] != c.shuffle {
			t.Errorf("%q lists shuffle: %v, want %v: %s", c.args, listed["shuffle"], c.shuffle, errOut)
		}
		for _, n := range scenarios.Names() {
			if !listed[n] {
				t.Errorf("%q does not list %s: %s", c.args, n, errOut)
			}
		}
	}
}

// flat is s with its runs of white space, line breaks and the indent of a
// wrapped refusal's lines, made one space: a phrase a test looks for reads
// the same wherever the message wraps it.
func flat(s string) string { return strings.Join(strings.Fields(s), " ") }
