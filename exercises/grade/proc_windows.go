//go:build windows

package grade

import (
	"os/exec"
	"unsafe"

	"golang.org/x/sys/windows"
)

// procGroup is the go test process and every process it starts: on
// Windows, a job object. The processes go test starts (the compiler, the
// linker, the test binary) join its job, so terminating the job stops a
// test binary stuck in an endless loop, which killing go test alone would
// leave running. The job kills what is left in it when it is closed.
type procGroup struct {
	cmd *exec.Cmd
	job windows.Handle
}

func newProcGroup(cmd *exec.Cmd) *procGroup {
	g := &procGroup{cmd: cmd}
	job, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		return g // kill falls back to killing go test alone
	}
	info := windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION{
		BasicLimitInformation: windows.JOBOBJECT_BASIC_LIMIT_INFORMATION{LimitFlags: windows.JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE},
	}
	if _, err := windows.SetInformationJobObject(job, windows.JobObjectExtendedLimitInformation, uintptr(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info))); err != nil {
		windows.CloseHandle(job)
		return g
	}
	g.job = job
	return g
}

// started puts go test in the job. It has started by then; the processes it
// starts later join the job with it, and go test takes far longer to start
// its first child than this takes. If it cannot join, kill falls back to
// killing go test alone.
func (g *procGroup) started() {
	if g.job == 0 || g.cmd.Process == nil {
		return
	}
	h, err := windows.OpenProcess(windows.PROCESS_SET_QUOTA|windows.PROCESS_TERMINATE, false, uint32(g.cmd.Process.Pid))
	if err == nil {
		err = windows.AssignProcessToJobObject(g.job, h)
		windows.CloseHandle(h)
	}
	if err != nil {
		g.close()
	}
}

// kill terminates every process in the job, and go test itself.
func (g *procGroup) kill() {
	if g.job != 0 {
		_ = windows.TerminateJobObject(g.job, 1)
	}
	if g.cmd.Process != nil {
		_ = g.cmd.Process.Kill()
	}
}

// close closes the job, which kills any process still in it.
func (g *procGroup) close() {
	if g.job != 0 {
		windows.CloseHandle(g.job)
		g.job = 0
	}
}
