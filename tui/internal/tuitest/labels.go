package tuitest

import (
	"strings"
	"testing"
	"unicode"

	"github.com/charmbracelet/x/ansi"
)

// FindLabelSplit is "" when no line of view ends in one of labels (a
// setting's or a part's words: "bulkhead", "timeout", "bulkhead payment")
// whose figure starts the next line, cell by cell between "│" borders as
// FindCut compares them; else the two lines. A figure under a line of its
// own ("20." under "… › bulkhead") reads as belonging to nothing.
func FindLabelSplit(view string, labels ...string) string {
	lines := strings.Split(ansi.Strip(view), "\n")
	for i := 0; i+1 < len(lines); i++ {
		a, b := cells(lines[i]), cells(lines[i+1])
		if len(a) != len(b) {
			continue
		}
		for c := range a {
			prev, next := strings.TrimSpace(a[c]), strings.TrimSpace(b[c])
			if next == "" || !unicode.IsDigit([]rune(next)[0]) {
				continue
			}
			for _, l := range labels {
				// The label as the cell's last words, not the end of a
				// longer word ("subbulkhead").
				if rest, ok := strings.CutSuffix(prev, l); ok && (rest == "" || !inWord([]rune(rest)[len([]rune(rest))-1])) {
					return "lines " + itoa(i+1) + "-" + itoa(i+2) + " part " + quote(l) + " from its figure: " + quote(prev) + " / " + quote(next)
				}
			}
		}
	}
	return ""
}

// CheckLabelsKeepFigures fails when FindLabelSplit finds a label parted
// from its figure in view.
func CheckLabelsKeepFigures(t testing.TB, where, view string, labels ...string) {
	t.Helper()
	if err := FindLabelSplit(view, labels...); err != "" {
		t.Errorf("%s: %s\n%s", where, err, ansi.Strip(view))
	}
}
