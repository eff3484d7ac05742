//go:build windows

package grade

import (
	"testing"

	"golang.org/x/sys/windows"
)

// processAlive says whether a process with this id still runs.
func processAlive(t *testing.T, pid int) bool {
	h, err := windows.OpenProcess(windows.PROCESS_QUERY_LIMITED_INFORMATION, false, uint32(pid))
	if err != nil {
		return false
	}
	defer windows.CloseHandle(h)
	var code uint32
	if err := windows.GetExitCodeProcess(h, &code); err != nil {
		return false
	}
	const stillActive = 259
	return code == stillActive
}
