//go:build unix

package grade

import (
	"os/exec"
	"syscall"
)

// inOwnProcessGroup starts the command as the leader of a new process group,
// so that the test binary it builds and runs can be killed along with it.
func inOwnProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killProcessGroup kills the command and every process in its group.
func killProcessGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
}
