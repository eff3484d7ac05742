package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// At 80 columns presets printed failsafe-go's threshold as "... on): 1"
// and "failure of 1, 60 s" on the next line: a count parted from what it
// counts. Its notes wrap through report.Wrap, which keeps a count with its
// word and "of N" with the words before it, at 80 (a pipe's width) and at
// --width 60 alike.
func TestPresetsKeepACountWithItsPhrase(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	var phrase string
	for _, p := range breaker.Presets() {
		if p.Name == "failsafe-go" {
			phrase = regexp.MustCompile(`[0-9]+ failures? of [0-9]+`).FindString(p.Source)
		}
	}
	if phrase == "" {
		t.Fatal("failsafe-go's source no longer states its threshold as N failures of M: this test needs a new phrase")
	}
	// A line of the notes that ends with a bare count, "1" or "(1",
	// while the text goes on, has parted the count from its word (the
	// tables' rows end in counts of their own).
	countLast := regexp.MustCompile(`(^|\s)\(?[0-9][0-9,]*$`)
	for _, args := range [][]string{{"presets"}, {"presets", "--width", "60"}} {
		out, errOut, code := run(t, args...)
		if code != 0 {
			t.Fatalf("%q: exit %d: %s", args, code, errOut)
		}
		if n := strings.Count(out, phrase); n != 2 {
			t.Errorf("%q: %q should be whole on a line in failsafe-go's source and note, found %d times whole:\n%s", args, phrase, n, out)
		}
		_, notes, _ := strings.Cut(out, "Where each column comes from")
		lines := strings.Split(notes, "\n")
		for i := 0; i+1 < len(lines); i++ {
			next := strings.TrimSpace(lines[i+1])
			if countLast.MatchString(lines[i]) && next != "" && !strings.HasPrefix(next, "note:") && !strings.HasPrefix(lines[i+1], "  "+next) {
				t.Errorf("%q: a count ends a line apart from its word:\n%s\n%s", args, lines[i], lines[i+1])
			}
		}
	}
}
