package sweepui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// splitApart returns the first place out's lines part what is read as one:
// a line ending in a comparison sign, or in a number whose unit begins the
// next line; "" if there is none.
func splitApart(out string) string {
	lines := strings.Split(ansi.Strip(out), "\n")
	for i := 1; i < len(lines); i++ {
		before := strings.Fields(lines[i-1])
		after := strings.Fields(lines[i])
		if len(before) == 0 || len(after) == 0 {
			continue
		}
		last := before[len(before)-1]
		if comparisons[last] || isNumberWord(last) && units[strings.TrimRight(after[0], ",.;:)")] {
			return fmt.Sprintf("%q / %q", lines[i-1], lines[i])
		}
	}
	return ""
}

// A goal wrapped as "held max ≤" over "80 calls", or "≤ 80" over "calls",
// read as a goal with no bound, or a bound with no unit; the latency
// caveat's "0" over "ms if refused" likewise. A number stays with its
// unit, and a comparison sign with its number, on every width a lesson's
// pane or a terminal gives the map.
func TestAMapKeepsANumberWithItsUnit(t *testing.T) {
	racefree.Only(t) // one goroutine: drawing alone
	value := func(i, j int) float64 { return 40 + float64(i)*10 + float64(j) }
	for _, c := range []struct{ measure, goal string }{
		{"recommendations.held_max", "recommendations.held_max<=80"},
		{"search.p99", "search.p99<=80"},
	} {
		res := filled(t, "recommendations.timeout=200ms..5s:8", "workers=100..300:4", c.measure, c.goal, value)
		for width := 30; width <= 80; width++ {
			for name, out := range map[string]string{
				"in words": HeatmapInWords(res, theme.New(theme.Plain()), width),
				"typed":    Heatmap(res, theme.New(theme.Plain()), width),
			} {
				if where := splitApart(out); where != "" {
					t.Errorf("%s, %s, %d wide: a line break parts %s:\n%s", c.goal, name, width, where, out)
				}
			}
		}
	}
}

func TestWrapWordsKeepsWhatIsReadAsOne(t *testing.T) {
	for _, c := range []struct {
		s     string
		width int
		want  string
	}{
		{"✓ meets recommendations held max ≤ 80 calls: 17 of 32 cells", 36, "✓ meets recommendations held max\n≤ 80 calls: 17 of 32 cells"},
		{"✓ meets recommendations held max ≤ 80 calls: 17 of 32 cells", 39, "✓ meets recommendations held max\n≤ 80 calls: 17 of 32 cells"},
		{"refused requests count too, 0 ms if refused at once", 30, "refused requests count too,\n0 ms if refused at once"},
		{"met from timeout 0.5 s, not met from (2 s", 19, "met from timeout\n0.5 s, not met from\n(2 s"},
		// Words that only look alike are wrapped as before.
		{"17 of 32 cells in 3 seeds", 12, "17 of 32\ncells in 3\nseeds"},
		// A run wider than the line is wrapped at its spaces, not let
		// past the width.
		{"≤ 80 calls", 5, "≤ 80\ncalls"},
	} {
		got := wrapWords(c.s, c.width)
		if got != c.want {
			t.Errorf("wrapWords(%q, %d) =\n%s\nwant\n%s", c.s, c.width, got, c.want)
		}
		for _, l := range strings.Split(got, "\n") {
			if lipgloss.Width(l) > c.width {
				t.Errorf("wrapWords(%q, %d): line %q is wider than the width", c.s, c.width, l)
			}
		}
	}
}
