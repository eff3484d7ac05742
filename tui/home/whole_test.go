package home

import (
	"fmt"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// The home screen's own screens (the menu, the scenario picker, the help,
// the no-workbook screen) at 120×40 and 200×60 as at 80×24
// (TestHomeCutsNoWord): no word cut, no description or summary shortened.
func TestHomeScreensWholeAtLargerSizes(t *testing.T) {
	racefree.Only(t)
	for name, m := range homeScreens(t) {
		for _, sz := range sizes {
			mm := resize(m, sz[0], sz[1])
			tuitest.CheckWhole(t, fmt.Sprintf("%s at %dx%d", name, sz[0], sz[1]), mm.View(), homeSources(mm)...)
		}
	}
}
