package main

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A built system's endpoint named wider than a share column (/inventory,
// one column of ok) stands whole over its column, where it was cut to
// "/invento…": at 80 columns, with --wide, and at --width 40, where a name
// wider than the room beside the design column wraps at its path's parts.
func TestRunBuiltNamesWhole(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	var all strings.Builder
	for _, width := range [][]string{nil, {"--wide"}, {"--width", "40"}} {
		args := append([]string{"run", "testdata/built.toml"}, width...)
		out, errOut, code := run(t, args...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", strings.Join(args, " "), code, errOut)
		}
		if strings.Contains(out, "…") {
			t.Errorf("%s cuts a name:\n%s", strings.Join(args, " "), out)
		}
		// The names over the share tables' columns, their pieces joined:
		// every endpoint's name is there whole.
		var heads strings.Builder
		lines := strings.Split(out, "\n")
		for i := range lines {
			if i+1 < len(lines) && strings.HasPrefix(lines[i+1], "design ") {
				top := i
				for top > 0 && strings.HasPrefix(lines[top-1], " ") {
					top--
				}
				for _, h := range lines[top : i+1] {
					heads.WriteString(strings.Join(strings.Fields(h), ""))
				}
			}
		}
		for _, name := range []string{"/checkout", "/inventory", "/api/v2/inventory/reservations/by-warehouse"} {
			if !strings.Contains(heads.String(), name) {
				t.Errorf("%s does not name %s whole over its column:\n%s", strings.Join(args, " "), name, out)
			}
		}
		all.WriteString("$ breakerlab " + strings.Join(args, " ") + "\n" + out + "\n")
	}
	golden(t, "run_built.txt", all.String())
}
