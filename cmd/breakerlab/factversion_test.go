package main

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons/facts"
)

// TestFactsPrintTheVersionTheirSourceWasReadAt holds `breakerlab facts` to
// the version each library fact records: a default printed without it is
// one a later release may have changed, and the cheat sheet and the cards
// already name it beside the same figure.
func TestFactsPrintTheVersionTheirSourceWasReadAt(t *testing.T) {
	seen := 0
	for _, f := range facts.All() {
		out, errOut, code := run(t, "facts", "--wide", f.Name)
		if code != 0 {
			t.Fatalf("facts %s: exit %d, %s", f.Name, code, errOut)
		}
		if f.Version == "" {
			continue
		}
		seen++
		if !strings.Contains(out, "source: "+f.Version+": ") {
			t.Errorf("facts %s printed no %q before its source:\n%s", f.Name, f.Version, out)
		}
	}
	if seen == 0 {
		t.Fatal("no fact records a version: the test checks nothing")
	}
}
