//go:build !unix

package grade

import "os/exec"

// inOwnProcessGroup does nothing where process groups are not available.
func inOwnProcessGroup(*exec.Cmd) {}

// killProcessGroup kills the go command; on these systems the test binary
// it started may outlive it until its own -timeout fires.
func killProcessGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}
