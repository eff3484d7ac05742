//go:build linux || darwin

package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/asciiterm"
)

// Standard error on a terminal follows the rule standard output does: an
// error message's ≤ reads as < on a terminal whose locale is not UTF-8
// (or under BREAKERLAB_ASCII=1), where it printed as bytes the terminal
// shows as garbage; BREAKERLAB_ASCII=0 keeps it, and so does a pipe under
// any locale.
func TestPtyErrorsFollowTheLocale(t *testing.T) {
	// Five programs of its own that refuse a flag and start nothing; the
	// terminal's reader runs under -race in TestPtyTheAnswerPicksTheTheme.
	racefree.Only(t)
	t.Parallel()
	// A real refusal, with ≤ in it, printed on standard error alone.
	args := []string{"serve", "--max-startups", "0:0:0"}
	const want = "want 1 ≤ FULL ≤ 100000"
	// The locale is LANG's unless env says otherwise; the theme is settled
	// so that nothing waits for the terminal's answer.
	envWith := func(env ...string) []string {
		return append([]string{"LC_ALL=", "LC_CTYPE=", "BREAKERLAB_ASCII=", "TMUX=", "BREAKERLAB_THEME=dark"}, env...)
	}
	onPty := func(env ...string) string {
		t.Helper()
		drawn, _ := startOnPty(t, envWith(env...), "", 30*time.Second, 0, "\x00never shown", args...)
		return drawn
	}
	unicode := onPty("LANG=C.UTF-8")
	if !strings.Contains(unicode, want) {
		t.Fatalf("under C.UTF-8 the terminal shows %q, want it to hold %q", unicode, want)
	}
	var mapped bytes.Buffer
	if _, err := asciiterm.NewWriter(&mapped).Write([]byte(unicode)); err != nil {
		t.Fatal(err)
	}
	for _, env := range [][]string{{"LANG=C"}, {"LANG=C.UTF-8", "BREAKERLAB_ASCII=1"}} {
		if got := onPty(env...); got != mapped.String() {
			t.Errorf("%v: the terminal shows\n%q\nwant the UTF-8 message mapped\n%q", env, got, mapped.String())
		}
	}
	if got := onPty("LANG=C", "BREAKERLAB_ASCII=0"); got != unicode {
		t.Errorf("LANG=C BREAKERLAB_ASCII=0: the terminal shows %q, want %q", got, unicode)
	}

	// A pipe gets the message's bytes under LANG=C.
	if _, stderr, code := runPiped(t, envWith("LANG=C"), args...); code != exitUsage || !strings.Contains(stderr, want) {
		t.Errorf("in a pipe under LANG=C: exit %d, stderr %q, want it to hold %q", code, stderr, want)
	}
}
