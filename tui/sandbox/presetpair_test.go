package sandbox

import (
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// After C (one variant under Resilience4j's defaults against Polly's), P
// stepped the left side to the next library, Polly's: the same variant
// under the same breaker on both sides, two copies of one run, on the
// first key the status line suggests ("p and P try the others"). A step
// skips the library the other side shows when both sides are one variant.
func TestPresetStepsNeverPairALibraryWithItself(t *testing.T) {
	m := press(newModel(t, 80, 24, Options{}), "C")
	for _, k := range []string{"P", "P", "P", "P", "P", "P", "p", "p", "p", "p", "p", "p"} {
		m = press(m, k)
		on, vs, ps := m.Comparing()
		if !on {
			t.Fatalf("%s left compare mode", k)
		}
		if vs[0] == vs[1] && ps[0] == ps[1] {
			t.Fatalf("%s put variant %d under %q on both sides:\n%s", k, vs[0]+1, ps[0], ansi.Strip(m.View()))
		}
	}
	// The step still reaches every library, the variant's own breaker too.
	m = press(newModel(t, 80, 24, Options{}), "C")
	seen := map[string]bool{}
	for range presetNames() {
		m = press(m, "P")
		_, _, ps := m.Comparing()
		seen[ps[0]] = true
	}
	for _, n := range presetNames() {
		if n != "polly" && !seen[n] {
			t.Errorf("P never put %q on the left; it went through %v", n, seen)
		}
	}
}
