//go:build !unix && !windows

package grade

import "testing"

// processAlive cannot tell here; the test that needs it is skipped.
func processAlive(t *testing.T, pid int) bool {
	t.Skip("no way to look a process up by id on this system")
	return false
}
