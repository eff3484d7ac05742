//go:build linux || darwin

package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A headless command sent SIGTERM ends by it at once, as it did before the
// terminate watch: the watch's grace is for a full-screen program, which
// quits on the signal by itself, and a headless command has nothing that
// would end it within the grace. It waited the whole grace (two seconds)
// before the signal took its course. Each command here waits, its scenario
// file opened, for the file's first byte, which never comes.
func TestAHeadlessCommandEndsAtOnceOnSIGTERM(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"run"},
		{"sweep", "--vary", "workers=10..20:2", "--measure", "search.ok"},
	} {
		t.Run(args[0], func(t *testing.T) {
			t.Parallel()
			fifo := filepath.Join(t.TempDir(), "never.toml")
			if err := syscall.Mkfifo(fifo, 0o600); err != nil {
				t.Skip("no named pipe:", err)
			}
			cmd := exec.Command(os.Args[0], append([]string{args[0], fifo}, args[1:]...)...)
			cmd.Env = append(append(os.Environ(), "BREAKERLAB_TEST_AS_MAIN=1"), ptyEnv(t)...)
			var stderr strings.Builder
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Process.Kill()
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			writer := openWhenRead(t, fifo, exited)
			defer writer.Close()

			sent := time.Now()
			if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
			var err error
			select {
			case err = <-exited:
			case <-time.After(10 * time.Second):
				t.Fatalf("%s still runs 10 s after SIGTERM", args[0])
			}
			if took := time.Since(sent); took >= terminateGrace/2 {
				t.Errorf("%s ended %v after SIGTERM, want well within the full-screen programs' grace (%v): nothing runs that would end it", args[0], took.Round(time.Millisecond), terminateGrace)
			}
			var exit *exec.ExitError
			if !errors.As(err, &exit) {
				t.Fatalf("sent SIGTERM, %s ended with %v, want SIGTERM; it said %q", args[0], err, stderr.String())
			}
			if ws, ok := exit.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGTERM {
				t.Errorf("sent SIGTERM, %s ended with %v, want SIGTERM (143 to a shell); it said %q", args[0], err, stderr.String())
			}
		})
	}
}

// openWhenRead opens the named pipe fifo for writing once the command has
// opened it for reading: it has then reached its scenario file, long after
// the terminate watch started, and waits in the read for a byte the test
// never writes. A command that ended first fails the test with what it
// ended with.
func openWhenRead(t *testing.T, fifo string, exited <-chan error) *os.File {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		// Without a reader, a writer's non-blocking open fails (ENXIO).
		f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0)
		if err == nil {
			return f
		}
		if !errors.Is(err, syscall.ENXIO) {
			t.Fatal(err)
		}
		select {
		case err := <-exited:
			t.Fatalf("the command ended before it opened its scenario file: %v", err)
		case <-deadline:
			t.Fatal("the command did not open its scenario file within 10 s")
		case <-time.After(10 * time.Millisecond):
		}
	}
}
