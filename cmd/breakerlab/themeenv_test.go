package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A BREAKERLAB_THEME the program does not know is named on stderr with
// the values it takes, and the command runs on: the theme then comes from
// the terminal, as it would unset.
func TestUnknownThemeIsNamed(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	for v, warned := range map[string]bool{"ligth": true, "light": false, "": false} {
		t.Setenv("BREAKERLAB_THEME", v)
		var out, errs bytes.Buffer
		if code := runMain([]string{"version"}, &out, &errs); code != 0 || out.Len() == 0 {
			t.Errorf("BREAKERLAB_THEME=%q: version exits %d, says %q", v, code, out.String())
		}
		got := strings.Contains(errs.String(), `BREAKERLAB_THEME="ligth"`) && strings.Contains(errs.String(), "light, dark or auto")
		if got != warned || !warned && errs.Len() > 0 {
			t.Errorf("BREAKERLAB_THEME=%q: stderr %q", v, errs.String())
		}
	}
}
