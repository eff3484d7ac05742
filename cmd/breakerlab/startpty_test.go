//go:build linux || darwin

package main

import (
	"bytes"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/tui/theme/termbg"
	"github.com/creack/pty"
)

// colourQuestion is how every asker of the terminal's background starts
// (OSC 11): termenv's and termbg's.
const colourQuestion = "\x1b]11;?"

// startOnPty runs breakerlab (this test binary, as main) with args on a
// 100x30 pseudo-terminal until its output shows want or limit passes. The
// terminal writes reply once it is asked the cursor's position, and
// answers nothing when reply is empty, as a serial console does. It
// returns what was drawn by settle after want showed, and how long want
// took to show (limit when it never did).
func startOnPty(t *testing.T, env []string, reply string, limit, settle time.Duration, want string, args ...string) (string, time.Duration) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "BREAKERLAB_TEST_AS_MAIN=1", "TERM=xterm-256color")
	cmd.Env = append(cmd.Env, env...)
	start := time.Now()
	// pty.Start makes the terminal the program's controlling one, with
	// the program in its foreground: both termenv and termbg ask only then.
	ptm, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 30, Cols: 100})
	if err != nil {
		t.Fatal(err)
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
				return got.String(), took
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
			return got.String(), took
		}
	}
}

// ptyEnv is an environment in which the terminal decides the background.
func ptyEnv(t *testing.T) {
	t.Setenv("CI", "") // termenv takes CI for no terminal, and would never ask
	t.Setenv("BREAKERLAB_THEME", "")
	t.Setenv("NO_COLOR", "")
	t.Setenv("COLORFGBG", "")
	tempConfig(t)
}

// On a terminal that never answers the background question, the home
// screen's first frame comes once termbg's short wait has passed, not
// after termenv's five seconds, which bubbletea's init used to spend
// before main ran, whatever the command; and the terminal is asked once.
// BREAKERLAB_THEME and NO_COLOR ask nothing. The slack is for a machine
// busy with other tests; it stays under the five seconds the question
// took before.
func TestPtyFirstFrameOnASilentTerminal(t *testing.T) {
	ptyEnv(t)
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
	ptyEnv(t)
	colours := func(env []string, reply string) []string {
		// The live strip under the menu is loaded by a command after
		// the first frame (on a busy machine, well after it), and its
		// colours are part of the theme: wait for its last field.
		drawn, _ := startOnPty(t, env, reply, 20*time.Second, time.Second, "refused")
		if !strings.Contains(drawn, "Sandbox") || !strings.Contains(drawn, "refused") {
			t.Fatalf("%v, reply %q: no home screen with its live strip in %q", env, reply, drawn)
		}
		found := sgr.FindAllString(drawn, -1)
		slices.Sort(found)
		return slices.Compact(found)
	}
	light, dark := colours([]string{"BREAKERLAB_THEME=light"}, ""), colours([]string{"BREAKERLAB_THEME=dark"}, "")
	if slices.Equal(light, dark) {
		t.Fatalf("the home screen's colours are the same on light and dark: %q", light)
	}
	const position = "\x1b[12;1R"
	for _, c := range []struct {
		reply string
		want  []string
	}{
		{"\x1b]11;rgb:ffff/ffff/ffff\x1b\\" + position, light},
		{"\x1b]11;rgb:1e1e/1e1e/1e1e\a" + position, dark},
		{position, dark}, // no OSC 11: COLORFGBG, unset, so dark
	} {
		if got := colours(nil, c.reply); !slices.Equal(got, c.want) {
			t.Errorf("reply %q: colours %q, want %q", c.reply, got, c.want)
		}
	}
}
