package main

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// Without a terminal, every full-screen command refuses at once with exit
// code 2 and names what works without one, instead of failing to open
// /dev/tty. The test's stdout is a buffer, never a terminal.
func TestFullScreenCommandsNeedATerminal(t *testing.T) {
	racefree.Only(t) // no goroutine: each command refuses before its program starts
	tempConfig(t)
	t.Chdir(t.TempDir()) // no workbook here, nor above (most likely)
	for _, c := range []struct {
		args []string
		want []string
	}{
		{nil, []string{"the home screen needs a terminal", "breakerlab run SCENARIO", "breakerlab lessons", "breakerlab exercises list", "breakerlab exercises check"}},
		{[]string{"home"}, []string{"the home screen needs a terminal"}},
		{[]string{"sandbox"}, []string{"the sandbox needs a terminal", "`breakerlab run cascade`"}},
		{[]string{"sandbox", "breaker-timeline"}, []string{"`breakerlab run breaker-timeline`"}},
		{[]string{"sandbox", "shuffle"}, []string{"the shard view needs a terminal", "`breakerlab run shuffle`"}},
		{[]string{"lesson"}, []string{"the lesson list needs a terminal", "`breakerlab lessons`"}},
		{[]string{"lesson", "2"}, []string{"the lesson player needs a terminal", "`breakerlab lesson ID --check`"}},
	} {
		out, errOut, code := run(t, c.args...)
		if code != exitUsage {
			t.Errorf("%v: exit %d, want %d (stderr %q)", c.args, code, exitUsage, errOut)
		}
		if out != "" {
			t.Errorf("%v: wrote %q to stdout; a refusal belongs on stderr", c.args, out)
		}
		for _, w := range c.want {
			if !strings.Contains(errOut, w) {
				t.Errorf("%v: stderr %q lacks %q", c.args, errOut, w)
			}
		}
		if strings.Contains(errOut, "/dev/tty") {
			t.Errorf("%v: stderr %q still speaks of /dev/tty", c.args, errOut)
		}
	}
}

// The checks that need no terminal still come first: a bad argument is
// named as such, not as a missing terminal.
func TestBadArgumentsBeforeTheTerminal(t *testing.T) {
	racefree.Only(t) // no goroutine: every case is refused before anything starts
	for _, args := range [][]string{{"sandbox", "nope"}, {"home", "x"}, {"lesson", "99"}} {
		_, errOut, _ := run(t, args...)
		if strings.Contains(errOut, "needs a terminal") {
			t.Errorf("%v: %q should name the bad argument, not the terminal", args, errOut)
		}
	}
}

func TestTheExerciseRunnerNeedsATerminal(t *testing.T) {
	tempConfig(t) // init remembers the workbook's folder there
	dir := t.TempDir()
	if _, errOut, code := run(t, "exercises", "init", dir+"/wb"); code != 0 {
		t.Fatalf("init: exit %d: %s", code, errOut)
	}
	t.Chdir(dir + "/wb")
	_, errOut, code := run(t, "exercises")
	if code != exitUsage || !strings.Contains(errOut, "the exercise runner needs a terminal") ||
		!strings.Contains(errOut, "`breakerlab exercises list`") || !strings.Contains(errOut, "`breakerlab exercises check [ID]`") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}
