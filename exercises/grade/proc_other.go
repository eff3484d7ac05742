//go:build !unix && !windows

package grade

import "os/exec"

// procGroup is only the go test process where there are neither process
// groups nor job objects: the test binary it started may outlive a kill
// until its own -timeout fires.
type procGroup struct{ cmd *exec.Cmd }

func newProcGroup(cmd *exec.Cmd) *procGroup { return &procGroup{cmd: cmd} }
func (g *procGroup) started()               {}
func (g *procGroup) close()                 {}

func (g *procGroup) kill() {
	if g.cmd.Process != nil {
		_ = g.cmd.Process.Kill()
	}
}
