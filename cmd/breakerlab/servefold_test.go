package main

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// serve's own lines and its log's records fit 80 columns where standard
// error is not a terminal, folded between words: written whole, a
// terminal of 80 columns broke them mid-word ("(from" / "this machine
// only)", "max_si" / "mulations").
func TestServeLinesFoldTo80ColumnsInAPipe(t *testing.T) {
	stderr := serveBriefly(t)
	checkFolded(t, stderr, 80)
}

// checkFolded fails unless every line of text (escapes aside) is at most
// width columns, some line was folded (a continuation line, indented),
// and the words of the join line and the first record read whole once
// their lines are joined again.
func checkFolded(t *testing.T, text string, width int) {
	t.Helper()
	text = strings.ReplaceAll(ansi.Strip(text), "\r\n", "\n")
	folded := false
	for line := range strings.Lines(text) {
		line = strings.TrimSuffix(line, "\n")
		if w := ansi.StringWidth(line); w > width {
			t.Errorf("a line of %d columns, wider than %d: %q", w, width, line)
		}
		folded = folded || strings.HasPrefix(line, "  ")
	}
	if !folded {
		t.Errorf("no line folded at %d columns:\n%s", width, text)
	}
	whole := unfold(text)
	for _, want := range []string{"(from this machine only); sign-in:", "max_simulations=2 "} {
		if !strings.Contains(whole, want) {
			t.Errorf("%q is not whole once unfolded:\n%s", want, text)
		}
	}
}

// unfold joins serve's folded lines again: a continuation line starts
// with two spaces.
func unfold(text string) string {
	return strings.ReplaceAll(text, "\n  ", " ")
}
