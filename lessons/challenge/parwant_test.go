package challenge

import (
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A par of changes reads as a bound the design's count is held to, and a
// par of none says none, not "≤ 0".
func TestParChangesWant(t *testing.T) {
	racefree.Only(t) // no goroutine: formats a number
	for changes, want := range map[int]string{0: "none", 1: "≤ 1", 3: "≤ 3"} {
		if got := (&Par{Changes: changes}).ChangesWant(); got != want {
			t.Errorf("a par of %d changes reads %q, want %q", changes, got, want)
		}
	}
}
