package main

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// readmeRunMatches checks a README block that shows a headless run: its
// first line is "$ breakerlab ARGS...", and the lines after it are the
// command's own output, in order, where "..." stands for lines left out.
// Lines the README shows together are together in the output, so a figure
// the engine moves or a table laid out anew shows as a README that no
// longer matches. extra is appended to the command's arguments.
func readmeRunMatches(t *testing.T, marker string, extra ...string) {
	t.Helper()
	block := readmeBlockAfter(t, marker)
	cmd, ok := strings.CutPrefix(block[0], "$ breakerlab ")
	if !ok || len(block) < 2 {
		t.Fatalf("the README's block after %q should open with \"$ breakerlab …\"; update this test", marker)
	}
	out, errs, code := run(t, append(strings.Fields(cmd), extra...)...)
	if code != 0 {
		t.Fatalf("breakerlab %s: exit %d: %s", cmd, code, errs)
	}
	got := strings.Split(out, "\n")
	for i := range got {
		got[i] = strings.TrimRight(got[i], " ")
	}
	at := 0 // the output line the next README line must match
	skip := false
	for _, want := range block[1:] {
		if want == "..." {
			skip = true
			continue
		}
		if skip {
			for at < len(got) && got[at] != want {
				at++
			}
			skip = false
		}
		if at >= len(got) || got[at] != want {
			near := "(past the output's end)"
			if at < len(got) {
				near = got[at]
			}
			t.Errorf("the README's `breakerlab %s` shows %q; the run has %q there", cmd, want, near)
			return
		}
		at++
	}
}

// The "What it shows" block is `breakerlab run cascade --seed 5` at 80
// columns (the README wraps it as a terminal of that width would).
func TestReadmeWhatItShowsIsTheRun(t *testing.T) {
	racefree.Only(t) // no goroutine: one headless run and the README's text
	block := readmeBlockAfter(t, "## What it shows")
	if block[0] != "$ breakerlab run cascade --seed 5" {
		t.Fatalf("the README's What it shows block no longer opens with run cascade --seed 5: %q; update this test", block[0])
	}
	// The README shows no --width, as a user types it; the test gives the
	// width the block was taken at.
	readmeRunMatches(t, "## What it shows", "--width", "80")
}

// The multi-hop block of "Bigger systems" is `breakerlab run multi-hop
// --width 80`, with lines left out.
func TestReadmeMultiHopIsTheRun(t *testing.T) {
	racefree.Only(t) // no goroutine: one headless run and the README's text
	readmeRunMatches(t, "## Bigger systems")
}

// The README's sample recording block opens with the `record` command
// that wrote cmd/breakerlab/testdata/cascade.cast and the line it prints:
// the frames and the replay's length are the recording's own.
func TestReadmeRecordLineIsWhatRecordPrints(t *testing.T) {
	racefree.Only(t) // no goroutine: tui/record draws the frames on this one
	t.Setenv("NO_COLOR", "")
	block := readmeBlockAfter(t, "is one, kept current by a test:")
	cmd, ok := strings.CutPrefix(block[0], "$ breakerlab ")
	if !ok || len(block) < 2 || !strings.HasPrefix(block[1], "wrote ") {
		t.Fatalf("the README's recording block should open with \"$ breakerlab record …\" and the line it prints; update this test")
	}
	t.Chdir(t.TempDir()) // the command writes the file the README names, here
	out, errs, code := run(t, strings.Fields(cmd)...)
	if code != 0 {
		t.Fatalf("breakerlab %s: exit %d: %s", cmd, code, errs)
	}
	if got := strings.TrimRight(out+errs, "\n"); got != block[1] {
		t.Errorf("the README shows `breakerlab %s` printing\n %q\nit prints\n %q", cmd, block[1], got)
	}
}
