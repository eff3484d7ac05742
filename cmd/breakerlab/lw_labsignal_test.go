//go:build linux || darwin

package main

import (
	"bufio"
	"errors"
	"io"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The headless lab stopped by ctrl+c or SIGTERM mid-run exits as a shell
// reports a program the signal stopped, 130 and 143, where it exited 1 as
// if the run had failed; it still shuts its servers down (their ports are
// free again) and says what it stopped.
func TestLabInterruptedBySignalExitsAsTheShellExpects(t *testing.T) {
	for _, c := range []struct {
		sig   syscall.Signal
		code  int
		words string
	}{
		{syscall.SIGINT, 130, "interrupted (interrupt signal received): the lab's servers were shut down before no timeout was measured"},
		{syscall.SIGTERM, 143, "interrupted (terminated signal received): the lab's servers were shut down before no timeout was measured"},
	} {
		t.Run(c.sig.String(), func(t *testing.T) {
			ports := [2]int{freePort(t), freePort(t)}
			cmd := exec.Command(os.Args[0], "lab", "checkout", "--mode", "none", "--scale", "0.25",
				"--api-port", strconv.Itoa(ports[0]), "--provider-port", strconv.Itoa(ports[1]))
			cmd.Env = append(append(os.Environ(), "BREAKERLAB_TEST_AS_MAIN=1"), ptyEnv(t)...)
			stderr, err := cmd.StderrPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Process.Kill()
			// The run has started once it says what it measures: the
			// signal handler is set by then.
			lines := make(chan string, 16)
			go func() {
				defer close(lines)
				sc := bufio.NewScanner(stderr)
				for sc.Scan() {
					lines <- sc.Text()
				}
			}()
			var said []string
			for started := false; !started; {
				select {
				case l, ok := <-lines:
					if !ok {
						t.Fatalf("the lab ended before it measured: %q", said)
					}
					said = append(said, l)
					started = strings.HasPrefix(l, "lab: measuring no timeout")
				case <-time.After(30 * time.Second):
					t.Fatalf("the lab never started measuring: %q", said)
				}
			}
			if err := cmd.Process.Signal(c.sig); err != nil {
				t.Fatal(err)
			}
			// Every line the lab says after the signal, then its exit.
			for l := range lines {
				said = append(said, l)
			}
			_, _ = io.Copy(io.Discard, stderr)
			err = cmd.Wait()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != c.code {
				t.Errorf("after %s the lab ended with %v, want exit status %d", c.sig, err, c.code)
			}
			if !strings.Contains(strings.Join(said, "\n"), c.words) {
				t.Errorf("after %s the lab said %q, want %q", c.sig, said, c.words)
			}
			for _, p := range ports {
				ln, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(p))
				if err != nil {
					t.Errorf("port %d is still held after the lab exited: %v", p, err)
					continue
				}
				ln.Close()
			}
		})
	}
}

// freePort is a loopback port no one listens on now.
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}
