package main

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/cmd/breakerlab/internal/lab"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// `lab --help` showed the --fault default as notation alone
// (slow:10s@500ms-3.5s): it says it in words too, made from the same
// faults.
func TestLabHelpSaysTheDefaultFaultInWords(t *testing.T) {
	racefree.Only(t) // no goroutine: it prints the lab's help
	stdout, stderr, _ := run(t, "lab", "checkout", "--help")
	out := strings.Join(strings.Fields(stdout+stderr), " ")
	for _, f := range lab.DefaultFaults() {
		if !strings.Contains(out, "(default "+f.String()+")") || !strings.Contains(out, "the default in words: "+f.Words()) {
			t.Errorf("lab --help does not say %s and %q:\n%s", f, f.Words(), stdout+stderr)
		}
	}
	if !strings.Contains(out, "slow: each call takes 10 s, from 500 ms to 3.5 s") {
		t.Errorf("the reference's incident is not in words:\n%s", stdout+stderr)
	}
}
