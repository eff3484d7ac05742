//go:build linux || darwin

package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// On a terminal 120 columns wide, a command's help wraps to 120 columns,
// as writeCommandHelp words it at that width: the same text the tests of
// the wrap read, now with the width the terminal reports.
func TestPtyHelpWrapsToTheTerminal(t *testing.T) {
	// Its program runs as a process of its own, which -race would only
	// slow; its one goroutine hands the terminal's bytes over a channel.
	racefree.Only(t)
	t.Parallel()
	const cols = 120
	drawn, _ := startOnPtyCols(t, cols, nil, "", 20*time.Second, 200*time.Millisecond, "breakerlab serve --authorized-keys keys.txt --teacher", "help", "serve")
	got := strings.ReplaceAll(drawn, "\r\n", "\n")
	// From the help's first line: the program asks the terminal its
	// background before it (termenv), whatever the command.
	if i := strings.Index(got, "breakerlab serve:"); i >= 0 {
		got = got[i:]
	}
	var want bytes.Buffer
	writeCommandHelp(&want, commands["serve"], cols)
	if got != want.String() {
		t.Errorf("help serve on a terminal %d columns wide:\n%s\nwant\n%s", cols, got, want.String())
	}
	if long := overWidth(got, textWidth); len(long) == 0 {
		t.Errorf("help serve on a terminal %d columns wide kept to %d columns", cols, textWidth)
	}
}
