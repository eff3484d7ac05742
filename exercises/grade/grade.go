package grade

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// Defaults for the zero values of Options.
const (
	DefaultTimeout    = 30 * time.Second
	DefaultGrace      = 10 * time.Second
	DefaultMaxLines   = 40
	DefaultMaxLineLen = 400
)

// Options say what to test and how long to wait.
type Options struct {
	// Dir is the package directory to test; go test runs there on ".".
	Dir string
	// Timeout bounds the run of the tests (go test -timeout), 30 s if zero.
	Timeout time.Duration
	// Grace is how much longer than Timeout the whole go test process,
	// compilation included, may take before its process group is killed;
	// 10 s if zero.
	Grace time.Duration
	// Race runs the tests with the race detector.
	Race bool
	// Run, if set, is passed to go test -run.
	Run string
	// Go is the go command to run; if empty, "go" is looked up on PATH.
	Go string
	// Env is added to the environment (after GOWORK=off).
	Env []string
	// Binary, if set, is where go test -o keeps the test binary. The go
	// command links a test binary afresh for every run of go test, more
	// than half the CPU of grading a small package whose compilation the
	// build cache serves; with -o it leaves a binary that is already up to
	// date (the same code, options and toolchain) as it is and runs it. A
	// run that grades code it graded before then skips the link: the
	// catalog check, whose stubs, solutions and mutants rarely change.
	Binary string
	// MaxLines caps the lines kept per test and for build and package
	// output (40 if zero); MaxLineLen caps each line (400 bytes if zero).
	MaxLines   int
	MaxLineLen int
}

func (o Options) withDefaults() Options {
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.Grace <= 0 {
		o.Grace = DefaultGrace
	}
	if o.MaxLines <= 0 {
		o.MaxLines = DefaultMaxLines
	}
	if o.MaxLineLen <= 0 {
		o.MaxLineLen = DefaultMaxLineLen
	}
	return o
}

// noGoSummary is shown when there is no go command to run.
const noGoSummary = "the Go toolchain was not found: there is no `go` command on PATH. " +
	"Exercises are graded by `go test`; install Go 1.25 or newer from https://go.dev/dl/ and try again"

// Run tests the package in opt.Dir and reports what happened. It never
// panics and never waits longer than opt.Timeout+opt.Grace: when the time is
// up, or ctx is done, it kills go test and everything it started.
func Run(ctx context.Context, opt Options) Report {
	opt = opt.withDefaults()
	start := time.Now()
	r := run(ctx, opt)
	r.Elapsed = time.Since(start)
	return r
}

func run(ctx context.Context, opt Options) Report {
	dir, err := filepath.Abs(opt.Dir)
	if err != nil {
		return Report{Status: Errored, Summary: fmt.Sprintf("cannot resolve the package directory %q: %v", opt.Dir, err)}
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return Report{Status: Errored, Summary: fmt.Sprintf("the exercise folder %s is missing", dir)}
	}
	goBin := opt.Go
	if goBin == "" {
		goBin, err = exec.LookPath("go")
		if err != nil {
			return Report{Status: NoGo, Summary: noGoSummary}
		}
	}
	args := []string{"test", "-json", "-timeout=" + opt.Timeout.String()}
	if opt.Race {
		args = append(args, "-race")
	}
	if opt.Run != "" {
		args = append(args, "-run="+opt.Run)
	}
	if opt.Binary != "" {
		bin, err := filepath.Abs(opt.Binary)
		if err == nil {
			err = os.MkdirAll(filepath.Dir(bin), 0o755)
		}
		if err != nil {
			return Report{Status: Errored, Summary: fmt.Sprintf("cannot keep the test binary at %s: %v", opt.Binary, err)}
		}
		args = append(args, "-o", bin)
	}
	args = append(args, ".")

	cmd := exec.Command(goBin, args...)
	cmd.Dir = dir
	env := learnerEnv(os.Environ())
	if opt.Race {
		env = quickRaceExit(env)
	}
	cmd.Env = append(append(env, "GOWORK=off"), opt.Env...)
	cmd.Stdin = nil
	stderr := &cappedBuffer{max: 64 << 10}
	cmd.Stderr = stderr
	// If a grandchild keeps the pipes open after the kill, stop waiting.
	cmd.WaitDelay = 2 * time.Second
	group := newProcGroup(cmd)
	defer group.close()
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return Report{Status: Errored, Summary: fmt.Sprintf("cannot start go test: %v", err)}
	}
	if err := cmd.Start(); err != nil {
		if errors.Is(err, exec.ErrNotFound) || errors.Is(err, os.ErrNotExist) || errors.Is(err, os.ErrPermission) {
			return Report{Status: NoGo, Summary: noGoSummary, Output: []string{err.Error()}}
		}
		return Report{Status: Errored, Summary: fmt.Sprintf("cannot start go test: %v", err)}
	}
	group.started()

	col := newCollector(dir, opt.MaxLines, opt.MaxLineLen)
	var reading sync.WaitGroup
	reading.Add(1)
	go func() {
		defer reading.Done()
		readLines(stdout, col.line)
	}()
	waited := make(chan error, 1)
	go func() {
		reading.Wait() // Wait closes the pipe, so read everything first
		waited <- cmd.Wait()
	}()

	limit := opt.Timeout + opt.Grace
	timer := time.NewTimer(limit)
	defer timer.Stop()
	var stopped Status = -1
	var waitErr error
	select {
	case waitErr = <-waited:
	case <-timer.C:
		stopped = TimedOut
		group.kill()
		waitErr = <-waited
	case <-ctx.Done():
		stopped = Canceled
		group.kill()
		waitErr = <-waited
	}

	r := col.report()
	switch stopped {
	case TimedOut:
		r.Status = TimedOut
		if running := runningTests(r.Tests); running != "" {
			r.Summary = fmt.Sprintf("stopped after %s while %s was still running: an endless loop, or a wait that never ends?", limit.Round(time.Second), running)
		} else {
			r.Summary = fmt.Sprintf("stopped after %s before any test finished (compiling took too long, or init never returns)", limit.Round(time.Second))
		}
		return r
	case Canceled:
		r.Status, r.Summary = Canceled, "the run was stopped before it finished"
		return r
	}
	if !col.sawEvent && waitErr != nil {
		// The go command failed before testing anything: a broken go.mod,
		// a toolchain too old for it, a missing directory.
		r.Status = Errored
		r.Output = append(stderr.lines(opt.MaxLines), r.Output...)
		r.Summary = "go test failed"
		if len(r.Output) > 0 {
			r.Summary += ": " + strings.TrimSpace(r.Output[0])
		} else {
			r.Summary += ": " + waitErr.Error()
		}
		return r
	}
	if r.Status == BuildFailed && len(r.BuildOutput) == 0 {
		r.BuildOutput = stderr.lines(opt.MaxLines)
	}
	return r
}

// readLines calls fn with each line read from rd, without its newline.
// Lines longer than 1 MiB are cut there; the rest of such a line is dropped.
func readLines(rd io.Reader, fn func([]byte)) {
	const maxLine = 1 << 20
	br := bufio.NewReaderSize(rd, 64<<10)
	var line []byte
	for {
		chunk, isPrefix, err := br.ReadLine()
		if len(line) < maxLine {
			line = append(line, chunk...)
		}
		if err != nil {
			if len(line) > 0 {
				fn(line)
			}
			return
		}
		if !isPrefix {
			fn(line)
			line = line[:0]
		}
	}
}

// cappedBuffer keeps the first max bytes written to it and drops the rest.
type cappedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
	max int
}

func (c *cappedBuffer) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if room := c.max - c.buf.Len(); room > 0 {
		c.buf.Write(p[:min(room, len(p))])
	}
	return len(p), nil
}

func (c *cappedBuffer) lines(max int) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	ls := splitLines(c.buf.String())
	if len(ls) > max {
		ls = append(ls[:max], fmt.Sprintf("... %d more lines not shown", len(ls)-max))
	}
	return ls
}

// quickRaceExit adds atexit_sleep_ms=0 to GORACE, unless the caller chose
// that option. A binary built with -race sleeps a second before it exits
// by default (atexit_sleep_ms=1000, the race detector's runtime options,
// https://go.dev/doc/articles/race_detector#Options), to let goroutines
// still running hit a race. A graded test has finished when the binary
// exits, so the second is only a wait: a learner's check under the race
// detector would take a second longer each time they save.
func quickRaceExit(env []string) []string {
	const opt = "atexit_sleep_ms=0"
	for i, kv := range env {
		v, ok := strings.CutPrefix(kv, "GORACE=")
		if !ok {
			continue
		}
		if strings.Contains(v, "atexit_sleep_ms=") {
			return env
		}
		out := slices.Clone(env)
		out[i] = strings.TrimSpace("GORACE=" + v + " " + opt)
		return out
	}
	return append(slices.Clip(env), "GORACE="+opt)
}

// learnerEnv is the environment the learner's tests run in: the caller's,
// less a -trimpath in GOFLAGS (which `make test` sets for its own build
// cache), since the grader finds the learner's frames in a panic by their
// files' paths in the workspace.
func learnerEnv(env []string) []string {
	out := make([]string, 0, len(env))
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "GOFLAGS="); ok {
			var keep []string
			for _, f := range strings.Fields(v) {
				if f != "-trimpath" && f != "-trimpath=true" {
					keep = append(keep, f)
				}
			}
			kv = "GOFLAGS=" + strings.Join(keep, " ")
		}
		out = append(out, kv)
	}
	return out
}
