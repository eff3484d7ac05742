package sweepui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/sweeptest"
	"github.com/breakerlab/breakerlab/tui/theme"
)

// bareThousand is a count of a thousand or more written without the
// separator the rest of the program writes (pane.Count: 2,048).
var bareThousand = regexp.MustCompile(`(^|[^0-9.,])[0-9]{4,}([^0-9.,%]|$)`)

// A grid of 2,048 cells, one seed short of done, reads its counts as
// every other screen does, "2,048", not "2048": the goal's tally, the
// title's runs so far and the blank cells' line.
func TestSweepCountsOfAThousandOrMoreHaveSeparators(t *testing.T) {
	res := sweeptest.FilledBut(t, []string{"workers=1..64:64", "queue=1..32:32"}, "search.ok", "search.ok>=0.5",
		func(i, j int) float64 { return float64(i+j) / 96 }, func(i, j int) bool { return i+j == 0 })
	out := Heatmap(res, theme.New(theme.Plain()), 120)
	for _, want := range []string{"2,047 of 2,048 runs", "of the 2,047 cells run"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "│") || strings.Contains(l, "=") {
			continue // the grid's rows and a setting's value are no counts
		}
		if bareThousand.MatchString(l) {
			t.Errorf("a count without its separator: %q", l)
		}
	}
}
