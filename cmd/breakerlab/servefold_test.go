package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// serve's own lines fit 80 columns where standard error is not a
// terminal, folded between words: written whole, a terminal of 80 columns
// broke them mid-word ("(from" / "this machine only)"). Its log's records
// are folded only on a terminal (TestPtyServeSaysHowToConnectOnASilentTerminal).
func TestServeLinesFoldTo80ColumnsInAPipe(t *testing.T) {
	stderr := serveBriefly(t)
	// serve's own lines fold at 80 columns; its log's records do not: in a
	// pipe (2>serve.log, a journal) a record is one line, for grep, as in
	// the teacher's log file.
	var own []string
	records, inRecord := 0, false
	for line := range strings.Lines(ansi.Strip(stderr)) {
		switch {
		case logRecord.MatchString(line):
			records, inRecord = records+1, true
			continue
		case inRecord && strings.HasPrefix(line, "  "):
			t.Errorf("a log record folded in a pipe, where grep needs it whole: %q", line)
			continue
		}
		inRecord = false
		own = append(own, line)
	}
	if records == 0 {
		t.Fatalf("no log record in serve's output:\n%s", stderr)
	}
	if !strings.Contains(ansi.Strip(stderr), "max_simulations=2 ") {
		t.Errorf("the start record is not whole on one line in a pipe:\n%s", stderr)
	}
	checkFolded(t, strings.Join(own, ""), 80, "(from this machine only); sign-in:")
}

// logRecord matches the first line of one of serve's log records, which
// opens on its date.
var logRecord = regexp.MustCompile(`^\d{4}/\d\d/\d\d \d\d:\d\d:\d\d `)

// checkFolded fails unless every line of text (escapes aside) is at most
// width columns, some line was folded (a continuation line, indented),
// and the words of the join line and the first record read whole once
// their lines are joined again.
func checkFolded(t *testing.T, text string, width int, wholes ...string) {
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
	for _, want := range wholes {
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
