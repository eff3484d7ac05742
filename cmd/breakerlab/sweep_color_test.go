//go:build linux

package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"golang.org/x/sys/unix"
)

// A sweep's table drawn to a terminal is in colour, for the background
// BREAKERLAB_THEME names; to a file, or with NO_COLOR, it is plain text.
// The terminal is a pseudo-terminal, so the colour profile is found as a
// user's shell would have it found: the table was plain on a terminal
// too while its renderer was built on the output's wrapper, which lipgloss
// cannot ask whether it is a terminal.
func TestSweepColourOnATerminal(t *testing.T) {
	// The heatmap is the larger table: its goroutines (the sweep's workers,
	// sweepOnPTY's reader, the command's watches) run under -race in
	// TestSweepOneKnobBarsColourOnATerminal, on one knob.
	racefree.Only(t)
	tempConfig(t)
	t.Setenv("TERM", "xterm-256color")
	t.Setenv("COLORTERM", "")
	t.Setenv("NO_COLOR", "")
	args := []string{"sweep", "cascade", "--variant", "2", "--vary", "recommendations.bulkhead=5..50:2", "--vary", "recommendations.timeout=100ms..2s:2", "--measure", "search.ok", "--seeds", "1"}

	t.Setenv("BREAKERLAB_THEME", "dark")
	dark := sweepOnPTY(t, args...)
	if !strings.Contains(dark, "\x1b[38;5;") {
		t.Fatalf("on a terminal the heatmap's cells have no colour:\n%q", dark)
	}
	t.Setenv("BREAKERLAB_THEME", "light")
	if light := sweepOnPTY(t, args...); light == dark || !strings.Contains(light, "\x1b[38;5;") {
		t.Errorf("BREAKERLAB_THEME=light draws what dark does, or no colour:\n%q", light)
	}

	t.Setenv("NO_COLOR", "1")
	if plain := sweepOnPTY(t, args...); strings.Contains(plain, "\x1b[") {
		t.Errorf("NO_COLOR: the table is coloured:\n%q", plain)
	}
	t.Setenv("NO_COLOR", "")
	file := filepath.Join(t.TempDir(), "sweep.txt")
	sweepOnPTY(t, append(args, "-o", file)...)
	if b, err := os.ReadFile(file); err != nil || bytes.Contains(b, []byte("\x1b[")) || len(b) == 0 {
		t.Errorf("-o FILE from a terminal: %v, wrote %q; want the plain table", err, b)
	}
}

// sweepOnPTY runs breakerlab with args, its standard output a new
// pseudo-terminal, and returns what the terminal was sent.
func sweepOnPTY(t *testing.T, args ...string) string {
	t.Helper()
	// termenv takes any CI variable for "no terminal" (Output.isTTY), and
	// CI runs this suite with CI=true: the pseudo-terminal is a terminal.
	t.Setenv("CI", "")
	ptm, pts := openPTY(t)
	got := make(chan []byte)
	go func() {
		// Read until the terminal's side closes (EIO), so a long table
		// never fills the pseudo-terminal's buffer and blocks the writer.
		b, _ := io.ReadAll(ptm)
		got <- b
	}()
	var errs bytes.Buffer
	code := runMain(args, pts, &errs)
	pts.Close()
	out := string(<-got)
	ptm.Close()
	if code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errs.String())
	}
	return out
}

// openPTY opens a new pseudo-terminal: its controlling side, and the side
// a program writes to as its terminal. Neither becomes the test's
// controlling terminal.
func openPTY(t *testing.T) (ptm, pts *os.File) {
	t.Helper()
	ptm, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	fd := int(ptm.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		ptm.Close()
		t.Fatalf("unlocking the pseudo-terminal: %v", err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		ptm.Close()
		t.Fatalf("naming the pseudo-terminal: %v", err)
	}
	pts, err = os.OpenFile("/dev/pts/"+strconv.Itoa(n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		ptm.Close()
		t.Fatalf("opening the pseudo-terminal: %v", err)
	}
	return ptm, pts
}
