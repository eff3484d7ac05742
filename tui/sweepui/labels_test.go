package sweepui

import (
	"strings"
	"testing"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/breakerlab/breakerlab/tui/theme"
)

// Each place a person reads a swept value as a scale says it by
// Axis.Labels: the one-knob table's rows, the map's columns and rows. A
// setting written as --vary takes it (a goal's boundary, "not met from
// …=4.226316s", the design and the cell under the cursor) keeps every
// digit the cell ran with, so that typed back it runs that very cell
// (TestTypedSettingsRunAsTheCell); so do the CSV and the JSON.
func TestEveryPlaceWritesShortLabels(t *testing.T) {
	th := theme.New(theme.Plain())
	plain := func(s string) string { return strings.ReplaceAll(xansi.Strip(s), "\u00a0", " ") }
	// The goal is missed from the 17th value on, 4226.316 ms.
	one := filled(t, "recommendations.timeout=100ms..5s:20", "", "search.ok", "search.ok>=0.99", func(i, _ int) float64 {
		if i >= 16 {
			return 0.9
		}
		return 1
	})
	out := plain(Table(one, th, 80))
	for _, want := range []string{"\nrecommendations.timeout  mean", " 1.13 s  ", " 0.358 s  ", "not met from recommendations.timeout=4.226316s"} {
		if !strings.Contains(out, want) {
			t.Errorf("the table has no %q:\n%s", want, out)
		}
	}
	two := filled(t, "recommendations.timeout=250ms..5s:12", "recommendations.breaker.open=100ms..5s:20", "search.ok", "search.ok>=0.99", func(i, j int) float64 {
		if i >= 8 {
			return 0.5
		}
		return 1
	})
	mark := &Mark{Cursor: Cursor{Shown: true, I: 3, J: 4}, Label: "the design"}
	for _, width := range []int{80, 200} {
		out = plain(HeatmapMarked(two, th, width, mark))
		flat := strings.Join(strings.Fields(out), " ")
		for _, want := range []string{" 1.13 s │", "    5 s │", "↑ recommendations.breaker.open\n", " 0.25 s "} {
			if !strings.Contains(out, want) {
				t.Errorf("at %d wide, the map has no %q:\n%s", width, want, out)
			}
		}
		for _, want := range []string{
			"at recommendations.breaker.open=4.742105s: not met from recommendations.timeout=3.704545s",
			"◆ the design: recommendations.timeout=250ms, recommendations.breaker.open=100ms,",
			"▣ the cell under the cursor: recommendations.timeout=1.545455s, recommendations.breaker.open=1.131579s",
		} {
			if !strings.Contains(flat, want) {
				t.Errorf("at %d wide, the map has no %q:\n%s", width, want, out)
			}
		}
		// The scale: the rows' labels and the columns' ticks, up to the
		// legend.
		scale := out[:strings.Index(out, "recommendations.timeout →")]
		for _, exact := range []string{"1131.579", "3704.545", "(ms)"} {
			if strings.Contains(scale, exact) {
				t.Errorf("at %d wide, the map's scale still writes %q:\n%s", width, exact, out)
			}
		}
	}
}
