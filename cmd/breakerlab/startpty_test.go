//go:build linux || darwin

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/theme/termbg"
	"github.com/creack/pty"
)

// colourQuestion is how every asker of the terminal's background starts
// (OSC 11): termenv's and termbg's.
const colourQuestion = "\x1b]11;?"

// startOnPty runs breakerlab (this test binary, as main) with args on a
// 100x30 pseudo-terminal, in ptyEnv's environment with env over it,
// until its output shows want or limit passes. The
// terminal writes reply once it is asked the cursor's position, and
// answers nothing when reply is empty, as a serial console does. It
// returns what was drawn by settle after want showed, and how long want
// took to show (limit when it never did).
func startOnPty(t *testing.T, env []string, reply string, limit, settle time.Duration, want string, args ...string) (string, time.Duration) {
	t.Helper()
	return startOnPtyCols(t, 100, env, reply, limit, settle, want, args...)
}

// startOnPtyCols is startOnPty on a terminal cols columns wide.
func startOnPtyCols(t *testing.T, cols uint16, env []string, reply string, limit, settle time.Duration, want string, args ...string) (string, time.Duration) {
	t.Helper()
	drawn, took, err := drawOnPty(cols, append(ptyEnv(t), env...), reply, limit, settle, want, args...)
	if err != nil {
		t.Fatal(err)
	}
	return drawn, took
}

// drawOnPty is startOnPtyCols in env over the test's environment, without
// the test: it may run in a goroutine of the test's own.
func drawOnPty(cols uint16, env []string, reply string, limit, settle time.Duration, want string, args ...string) (string, time.Duration, error) {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "BREAKERLAB_TEST_AS_MAIN=1", "TERM=xterm-256color")
	cmd.Env = append(cmd.Env, env...)
	start := time.Now()
	// pty.Start makes the terminal the program's controlling one, with
	// the program in its foreground: both termenv and termbg ask only then.
	ptm, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 30, Cols: cols})
	if err != nil {
		return "", 0, err
	}
	chunks := make(chan []byte, 64)
	go func() {
		defer close(chunks)
		for {
			b := make([]byte, 4096)
			n, err := ptm.Read(b)
			if n > 0 {
				chunks <- b[:n]
			}
			if err != nil {
				return
			}
		}
	}()
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
		ptm.Close()
		for range chunks {
		}
	}()
	var got bytes.Buffer
	took := limit
	timer := time.NewTimer(limit)
	defer timer.Stop()
	for {
		select {
		case b, ok := <-chunks:
			if !ok {
				return got.String(), took, nil
			}
			got.Write(b)
			if reply != "" && strings.Contains(got.String(), "\x1b[6n") {
				ptm.WriteString(reply)
				reply = ""
			}
			if took == limit && strings.Contains(got.String(), want) {
				took = time.Since(start)
				timer.Reset(settle)
			}
		case <-timer.C:
			return got.String(), took, nil
		}
	}
}

// ptyEnv is the environment breakerlab runs in on a test's terminal, over
// the test's own: the terminal decides the background, and the program
// has a config folder of its own. It is given to the program rather than
// set in the test's (t.Setenv), which would keep the tests on terminals,
// most of whose time is waiting, from running in parallel.
func ptyEnv(t *testing.T) []string {
	dir := t.TempDir()
	return []string{
		"CI=", // termenv takes CI for no terminal, and would never ask
		"BREAKERLAB_THEME=", "NO_COLOR=", "COLORFGBG=",
		"XDG_CONFIG_HOME=" + dir, "HOME=" + dir,
	}
}

// runPiped runs breakerlab (this test binary, as main) with args in
// ptyEnv's environment with env over it, its standard output and error
// pipes.
func runPiped(t *testing.T, env []string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "BREAKERLAB_TEST_AS_MAIN=1", "TERM=xterm-256color")
	cmd.Env = append(append(cmd.Env, ptyEnv(t)...), env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return out.String(), errb.String(), code
}

// On a terminal that never answers the background question, the home
// screen's first frame comes once termbg's short wait has passed, not
// after termenv's five seconds, which bubbletea's init used to spend
// before main ran, whatever the command; and the terminal is asked once.
// BREAKERLAB_THEME and NO_COLOR ask nothing. The slack is for a machine
// busy with other tests; it stays under the five seconds the question
// took before. (Not in parallel: it times the program, which other
// programs on the terminals would slow.)
func TestPtyFirstFrameOnASilentTerminal(t *testing.T) {
	// It times programs of its own, which -race slows, and runs them as
	// TestPtyTheHomeScreenOnAnAnsweringTerminal does under -race (the home
	// screen on a terminal, its live strip too); so it runs without.
	racefree.Only(t)
	const slack = 2 * time.Second
	limit := termbg.Timeout + slack
	for _, c := range []struct {
		env       []string
		args      []string
		want      string
		questions int
	}{
		{nil, nil, "Sandbox", 1},
		{[]string{"BREAKERLAB_THEME=light"}, nil, "Sandbox", 0},
		{[]string{"NO_COLOR=1"}, nil, "Sandbox", 0},
		{nil, []string{"version"}, "breakerlab", 1},
	} {
		drawn, took := startOnPty(t, c.env, "", 2*limit, 0, c.want, c.args...)
		name := strings.Join(append(c.env, c.args...), " ")
		t.Logf("%q: %q shown after %v", name, c.want, took)
		if took > limit {
			t.Errorf("%q: %q shown after %v, want within %v (%v wait + %v slack); drawn %q", name, c.want, took, limit, termbg.Timeout, slack, drawn)
		}
		if n := strings.Count(drawn, colourQuestion); n != c.questions {
			t.Errorf("%q: the terminal was asked its background %d times, want %d", name, n, c.questions)
		}
	}
}

// sgr is an escape that sets colours or text attributes.
var sgr = regexp.MustCompile("\x1b\\[[0-9;]*m")

// The terminal's answer still picks the theme: the home screen drawn
// after a light answer has the colours BREAKERLAB_THEME=light gives it,
// and after a dark one those of BREAKERLAB_THEME=dark. (Settling the
// default renderer on dark at start without asking would stop the five
// seconds' wait too, and fail here.)
func TestPtyTheAnswerPicksTheTheme(t *testing.T) {
	// Its five programs are this test binary run as main: under -race each
	// is the race-built program, 3 s of CPU for the five. One of them, the
	// home screen after a dark answer, runs under -race in
	// TestPtyTheHomeScreenOnAnAnsweringTerminal, and with it the reader of
	// the terminal (drawOnPty's); the comparison of their colours runs
	// without.
	racefree.Only(t)
	t.Parallel()
	const position = "\x1b[12;1R"
	// The first two are the themes' own colours, which each reply's
	// screen must have one of (like).
	cases := []struct {
		env   []string
		reply string
		like  int
	}{
		{[]string{"BREAKERLAB_THEME=light"}, "", 0},
		{[]string{"BREAKERLAB_THEME=dark"}, "", 1},
		{nil, "\x1b]11;rgb:ffff/ffff/ffff\x1b\\" + position, 0},
		{nil, "\x1b]11;rgb:1e1e/1e1e/1e1e\a" + position, 1},
		{nil, position, 1}, // no OSC 11: COLORFGBG, unset, so dark
	}
	// The home screens are drawn at once: most of the time is the wait for
	// each one's strip and the second after it. (In goroutines rather than
	// parallel subtests, which run no more at once than there are cores.)
	colours := make([][]string, len(cases))
	drawn := make([]string, len(cases))
	errs := make([]error, len(cases))
	var wg sync.WaitGroup
	for i, c := range cases {
		env := append(ptyEnv(t), c.env...)
		wg.Add(1)
		go func() {
			defer wg.Done()
			// The live strip under the menu is loaded by a command after
			// the first frame (on a busy machine, well after it), and its
			// colours are part of the theme: wait for its last field.
			drawn[i], _, errs[i] = drawOnPty(100, env, c.reply, 20*time.Second, time.Second, "refused")
		}()
	}
	wg.Wait()
	for i, c := range cases {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		if !strings.Contains(drawn[i], "Sandbox") || !strings.Contains(drawn[i], "refused") {
			t.Fatalf("%v, reply %q: no home screen with its live strip in %q", c.env, c.reply, drawn[i])
		}
		found := sgr.FindAllString(drawn[i], -1)
		slices.Sort(found)
		colours[i] = slices.Compact(found)
	}
	if slices.Equal(colours[0], colours[1]) {
		t.Fatalf("the home screen's colours are the same on light and dark: %q", colours[0])
	}
	for i, c := range cases[2:] {
		if got, want := colours[2+i], colours[c.like]; !slices.Equal(got, want) {
			t.Errorf("reply %q: colours %q, want %q", c.reply, got, want)
		}
	}
}

// The home screen on a terminal that answers the background question (a
// dark answer, then the cursor's position) draws its screen and its live
// strip. It is TestPtyTheAnswerPicksTheTheme's fourth program alone, which
// runs under -race here: the program, the race-built test binary, reads the
// answer and loads the strip in goroutines of its own, and drawOnPty reads
// the terminal in one of the test's.
func TestPtyTheHomeScreenOnAnAnsweringTerminal(t *testing.T) {
	t.Parallel()
	drawn, _, err := drawOnPty(100, ptyEnv(t), "\x1b]11;rgb:1e1e/1e1e/1e1e\a\x1b[12;1R", 20*time.Second, time.Second, "refused")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(drawn, "Sandbox") || !strings.Contains(drawn, "refused") {
		t.Fatalf("no home screen with its live strip in %q", drawn)
	}
	if !sgr.MatchString(drawn) {
		t.Errorf("the home screen after a dark answer has no colour: %q", drawn)
	}
}
