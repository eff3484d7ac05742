package lessons

import (
	"os"
	"regexp"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A default of 0 in FORMAT.md says what 0 does there: a step's variant 0
// and from 0 are values (the first variant, the run's start), not "none",
// and "(default 0)" alone left the author to guess which.
func TestFormatSaysWhatADefaultOfZeroDoes(t *testing.T) {
	racefree.Only(t) // no goroutine: reads a file
	for _, name := range []string{"FORMAT.md", "challenge/FORMAT.md"} {
		doc, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, bare := range regexp.MustCompile(`(?i)[^\n]{0,60}\(default:? 0\)`).FindAll(doc, -1) {
			t.Errorf("%s: a default of 0 that does not say what 0 does: %q", name, bare)
		}
	}
}
