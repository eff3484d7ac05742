package sweep_test

import (
	"strings"
	"testing"
)

// A cell the scenario refuses is named with its settings as --vary takes
// them: a whole number in full, where %v wrote workers=1e+09.
func TestRefusedCellNamesItsSettingsInFull(t *testing.T) {
	err := prepare(t, "cascade", 0, "search.ok", "workers=1e9..1e9")
	if err == nil || !strings.Contains(err.Error(), "workers=1000000000 is refused") {
		t.Errorf("Prepare = %v; want the cell named workers=1000000000", err)
	}
}
