package main

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A recording's title names the design it plays, not only its number: an
// asciinema player shows the title alone, where "checkout, variant 4"
// left the viewer to guess which of five designs played.
func TestRecordTitleNamesTheVariant(t *testing.T) {
	racefree.Only(t) // no goroutine: tui/record draws the frames on this one
	out, errOut, code := run(t, "record", "checkout", "--variant", "4", "--size", "80x24", "--speed", "100", "--fps", "1", "-o", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	name := scenarios.Checkout().Variants[3].Name
	if h := castHeader(t, out); !strings.Contains(h.Title, "checkout, variant 4, "+name+" (seed 5)") {
		t.Errorf("the title %q does not name variant 4, %q", h.Title, name)
	}
}
