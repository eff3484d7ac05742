//go:build linux || darwin

package main

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/theme/termbg"
)

// colourQuestionFg is how termenv asks the terminal its foreground (OSC 10).
const colourQuestionFg = "\x1b]10;?"

// On a terminal that never answers, serve says how students connect once
// termbg's short wait has passed: its log used to ask the terminal its
// foreground and background first, five seconds each, for styles that
// need neither. The log keeps its colours on the terminal, under a locale
// that is not UTF-8 too, and has none under NO_COLOR or in a pipe. The
// slack is for a machine busy with other tests; it stays well under the
// ten seconds the questions took. (Not in parallel: it times the program,
// which other programs on the terminals would slow.)
func TestPtyServeSaysHowToConnectOnASilentTerminal(t *testing.T) {
	// It times programs of its own, this test binary run as main, which
	// -race slows (three race-built programs, 0.7 s of CPU). Serve's
	// goroutines run under -race in TestServeSaysHowToConnect (in the
	// test's process, as the pipe's run here) and, on a terminal, in
	// TestPtyTeacherSeesTheServerStop; the terminal's reader in
	// TestPtyTheHomeScreenOnAnAnsweringTerminal.
	racefree.Only(t)
	tempConfig(t) // for the run in a pipe; the terminal's have ptyEnv's
	const slack = 2 * time.Second
	limit := termbg.Timeout + slack
	for _, c := range []struct {
		env       []string
		coloured  bool
		questions int
	}{
		{nil, true, 1},
		{[]string{"NO_COLOR=1"}, false, 0},
		// Standard error mapped to ASCII, behind which the log still
		// finds the terminal.
		{[]string{"LC_ALL=C"}, true, 1},
	} {
		// The log's first line follows the address at once: what is
		// timed is both shown, and nothing is waited for after them.
		drawn, took := startOnPty(t, c.env, "", 2*limit, 0, " serving ",
			"serve", "--listen", "127.0.0.1:0", "--data-dir", t.TempDir())
		name := strings.Join(c.env, " ")
		t.Logf("%q: the address and the log's first line shown after %v", name, took)
		if took > limit {
			t.Errorf("%q: the address and the log's first line shown after %v, want within %v (%v wait + %v slack); drawn %q", name, took, limit, termbg.Timeout, slack, drawn)
			continue
		}
		if n := strings.Count(drawn, colourQuestion); n != c.questions {
			t.Errorf("%q: the terminal was asked its background %d times, want %d", name, n, c.questions)
		}
		if strings.Contains(drawn, colourQuestionFg) {
			t.Errorf("%q: the terminal was asked its foreground", name)
		}
		_, logged, ok := strings.Cut(drawn, "students connect with")
		if !ok || !strings.Contains(logged, "serving") {
			t.Errorf("%q: no log line after the address: %q", name, drawn)
			continue
		}
		if got := sgr.MatchString(logged); got != c.coloured {
			t.Errorf("%q: the log has colours %v, want %v: %q", name, got, c.coloured, logged)
		}
	}

	// On a terminal of 80 columns the address and the log's records fold
	// between words to its width, as they do in a pipe.
	drawn, _ := startOnPtyCols(t, 80, nil, "", 2*limit, 200*time.Millisecond, " serving ",
		"serve", "--listen", "127.0.0.1:0", "--data-dir", t.TempDir())
	checkFolded(t, drawn, 80, "(from this machine only); sign-in:", "max_simulations=2 ")

	// In a pipe (here a buffer) the log has no escapes at all.
	stderr := serveBriefly(t)
	if !strings.Contains(stderr, "serving") || strings.Contains(stderr, "\x1b") {
		t.Errorf("in a pipe, the log is %q, want it without escapes", stderr)
	}
}
