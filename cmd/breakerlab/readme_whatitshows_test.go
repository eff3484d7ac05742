package main

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// The "What it shows" block is `breakerlab run cascade --seed 5` on a
// terminal 80 columns wide, cut at its "...": every line above the cut is
// the command's own, in order, so a figure the engine moves or a table
// laid out anew shows here as a README that no longer matches.
func TestReadmeWhatItShowsIsTheRun(t *testing.T) {
	racefree.Only(t) // no goroutine: one headless run and the README's text
	block := readmeBlockAfter(t, "## What it shows")
	const prompt = "$ breakerlab run cascade --seed 5"
	if len(block) < 3 || block[0] != prompt || block[len(block)-1] != "..." {
		t.Fatalf("the README's What it shows block should open with %q and end with \"...\"; update this test", prompt)
	}
	shown := block[1 : len(block)-1]
	out, errs, code := run(t, "run", "cascade", "--seed", "5", "--width", "80")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	got := strings.Split(out, "\n")
	if len(got) < len(shown) {
		t.Fatalf("the run prints %d lines, the README shows %d", len(got), len(shown))
	}
	for i, want := range shown {
		if strings.TrimRight(got[i], " ") != want {
			t.Errorf("README What it shows, line %d:\n the README: %q\n the run:    %q", i+2, want, got[i])
		}
	}
}
