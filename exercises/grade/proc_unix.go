//go:build unix

package grade

import (
	"os/exec"
	"syscall"
)

// procGroup is the go test process and every process it starts: on unix,
// a process group that go test leads.
type procGroup struct{ cmd *exec.Cmd }

// newProcGroup prepares cmd, before it starts, to lead a new process group,
// so that the test binary it builds and runs can be killed along with it.
func newProcGroup(cmd *exec.Cmd) *procGroup {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return &procGroup{cmd: cmd}
}

// started is called once cmd has started.
func (g *procGroup) started() {}

// kill kills the command and every process in its group.
func (g *procGroup) kill() {
	if g.cmd.Process == nil {
		return
	}
	_ = syscall.Kill(-g.cmd.Process.Pid, syscall.SIGKILL)
	_ = g.cmd.Process.Kill()
}

// close releases what the group holds.
func (g *procGroup) close() {}
