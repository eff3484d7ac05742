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
	return cellPairs(strings.Split(ansi.Strip(view), "\n"), func(prev, next string) string {
		if !unicode.IsDigit([]rune(next)[0]) {
			return ""
		}
		for _, l := range labels {
			// The label as the cell's last words, not the end of a
			// longer word ("subbulkhead").
			if rest, ok := strings.CutSuffix(prev, l); ok && (rest == "" || !inWord([]rune(rest)[len([]rune(rest))-1])) {
				return "part " + quote(l) + " from its figure"
			}
		}
		return ""
	})
}

// CheckLabelsKeepFigures fails when FindLabelSplit finds a label parted
// from its figure in view.
func CheckLabelsKeepFigures(t testing.TB, where, view string, labels ...string) {
	t.Helper()
	if err := FindLabelSplit(view, labels...); err != "" {
		t.Errorf("%s: %s\n%s", where, err, ansi.Strip(view))
	}
}
