package sweepui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/theme"
	xansi "github.com/charmbracelet/x/ansi"
)

// A breaker's minimum calls of 0 judge the whole window, the most calls
// there are: a map of it labelled that row "none", under 1, 2, 3, which
// read as no minimum at all, the opposite. The row says 0, and the line
// under the map says what 0 is; a timeout's 0 is still none.
func TestAZeroThatIsNoNoneIsLabelledZero(t *testing.T) {
	racefree.Only(t) // one goroutine: drawing alone
	res := filled(t, "recommendations.timeout=0..2s:3", "recommendations.breaker.min_calls=0..10:6", "search.ok", "", func(i, j int) float64 { return float64(i+j) / 10 })
	m := strings.ReplaceAll(xansi.Strip(HeatmapNamed(res, theme.New(theme.Plain()), 120, [2]string{"no timeout", "the whole window"})), "\u00a0", " ")
	var rows []string
	for _, l := range strings.Split(m, "\n") {
		if label, _, ok := strings.Cut(l, " │"); ok {
			rows = append(rows, strings.TrimSpace(label))
		}
	}
	if len(rows) == 0 || rows[len(rows)-1] != "0" {
		t.Errorf("the row of min_calls=0 is labelled %q, want 0:\n%s", rows, m)
	}
	if !strings.Contains(m, "the whole window (recommendations.breaker.min_calls=0)") || strings.Contains(m, "none: the whole window") {
		t.Errorf("the line under the map should say 0 is the whole window, not none:\n%s", m)
	}
	if !strings.Contains(m, " none ") {
		t.Errorf("the timeout's 0 is none, and the axis should say so:\n%s", m)
	}
	if got := NoneText("the whole window"); got != "0 (the whole window)" {
		t.Errorf("NoneText(the whole window) = %q, want 0 (the whole window)", got)
	}
}
