//go:build linux

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/charmbracelet/x/ansi"
)

// barCode is a one-knob table's bar as a 256-colour terminal is sent it:
// the colour's number, then the bar.
var barCode = regexp.MustCompile("\x1b\\[38;5;([0-9]+)m█+\x1b\\[0m")

// A one-knob sweep drawn to a terminal colours each row's bar by its
// mean's band, as the two-knob heat map colours a cell (tui/sweepui's
// TestOneKnobBarsShareTheHeatmapBands checks the bands agree): rows of
// 100% and of 63% are in different colours. Piped, written with -o FILE
// or under NO_COLOR, the table is the plain text it always was, which
// the README's captures are (TestSweepOneKnobTableIsPlainUnderNoColorOrToAFile).
// The bars were plain on a terminal too: only the title and the heading
// had colour.
func TestSweepOneKnobBarsColourOnATerminal(t *testing.T) {
	args := oneKnobColourSweep(t)

	out := sweepOnPTY(t, args...)
	colours := map[string]bool{}
	bars := 0
	for _, l := range strings.Split(out, "\n") {
		if !strings.Contains(l, "█") {
			continue
		}
		bars++
		m := barCode.FindStringSubmatch(l)
		if m == nil {
			t.Errorf("on a terminal a bar has no colour of its own: %q", l)
			continue
		}
		colours[m[1]] = true
	}
	if bars != 4 || len(colours) < 2 {
		t.Errorf("want 4 bars in at least 2 colours (100%% and 63%% are bands apart), got %d bars in %d colours:\n%q", bars, len(colours), out)
	}

	piped := oneKnobPiped(t, args)
	// The terminal's table is the piped one in colour: the same words and
	// bars. The pseudo-terminal ends its lines in \r\n, and the renderer
	// may ask the terminal about itself before the table.
	shown := strings.ReplaceAll(ansi.Strip(out), "\r\n", "\n")
	if !strings.HasSuffix(shown, piped) {
		t.Errorf("on a terminal the table reads otherwise than piped:\n%s\npiped:\n%s", shown, piped)
	}
}

// Under NO_COLOR, or written with -o FILE, a one-knob sweep run from a
// terminal is the plain table a pipe gets.
func TestSweepOneKnobTableIsPlainUnderNoColorOrToAFile(t *testing.T) {
	// Its two sweeps, each a table of four runs, cost half a second of CPU
	// under -race; their workers, the command's watches and sweepOnPTY's
	// reader run under -race in TestSweepOneKnobBarsColourOnATerminal, on
	// the same sweep, and what is checked here is the bytes.
	racefree.Only(t)
	args := oneKnobColourSweep(t)
	piped := oneKnobPiped(t, args)
	t.Setenv("NO_COLOR", "1")
	if plain := sweepOnPTY(t, args...); strings.Contains(plain, "\x1b[") {
		t.Errorf("NO_COLOR: the table is coloured:\n%q", plain)
	}
	t.Setenv("NO_COLOR", "")
	file := filepath.Join(t.TempDir(), "sweep.txt")
	sweepOnPTY(t, append(args, "-o", file)...)
	if b, err := os.ReadFile(file); err != nil || string(b) != piped {
		t.Errorf("-o FILE from a terminal: %v, wrote %q; want the plain table %q", err, b, piped)
	}
}

// oneKnobColourSweep sets a 256-colour terminal, dark, colour allowed, and
// returns the one-knob sweep the two tests above run on it: four rows, of
// means bands apart.
func oneKnobColourSweep(t *testing.T) []string {
	t.Helper()
	tempConfig(t)
	t.Setenv("TERM", "xterm-256color")
	t.Setenv("COLORTERM", "")
	t.Setenv("NO_COLOR", "")
	t.Setenv("BREAKERLAB_THEME", "dark")
	return []string{"sweep", "cascade", "--variant", "1", "--vary", "recommendations.timeout=100ms..3s:4", "--measure", "search.ok", "--seeds", "1"}
}

// oneKnobPiped is the table args print into a pipe: plain text, with no
// escape code.
func oneKnobPiped(t *testing.T, args []string) string {
	t.Helper()
	var piped, errs bytes.Buffer
	if code := runMain(args, &piped, &errs); code != 0 {
		t.Fatalf("piped: exit %d: %s", code, errs.String())
	}
	if strings.Contains(piped.String(), "\x1b[") {
		t.Errorf("piped: the table has escape codes:\n%q", piped.String())
	}
	return piped.String()
}
