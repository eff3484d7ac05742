package picture

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/internal/sweeptest"
	"github.com/breakerlab/breakerlab/tui/sweepui"
	"github.com/breakerlab/breakerlab/tui/theme"
)

// A sweep's picture says what it measures as the table printed beside it
// does, from the same words: which requests a share or a latency counts
// (the measurement window), what a maximum includes, over how many seeds.
// The picture's title read "search.ok (share), mean of 3 seeds", the
// table's "…, of requests arriving from 10 s to 30 s, mean of 3 seeds".
func TestSweepPictureSaysWhatItMeasuresAsTheTableDoes(t *testing.T) {
	for _, c := range []struct{ metric, words string }{
		{"search.ok", "of requests arriving from 10 s to 30 s"},
		{"search.p99", "for requests arriving from 10 s to 30 s"},
		{"recommendations.in_flight_max", "abandoned calls included"},
	} {
		t.Run(c.metric, func(t *testing.T) {
			res := sweeptest.Filled(t, []string{"workers=100..300:3"}, c.metric, "", func(i, j int) float64 { return 0.5 })
			res.Plan.Build = scenarios.Cascade // the window is the scenario's
			res.Plan.Seeds = []uint64{5, 6, 7}
			f, err := sweepFigure(res, "cascade, variant 1 (one shared pool of 200 threads)", [2]string{})
			if err != nil {
				t.Fatal(err)
			}
			title := f.rows[0][0].Title.Text
			_, measured, _ := strings.Cut(title, "\n")
			if !strings.Contains(measured, c.words) || !strings.HasSuffix(measured, "mean of 3 seeds") {
				t.Errorf("the picture's title %q does not say %q and over how many seeds", title, c.words)
			}
			// Wide enough that the table's title is one line.
			table := sweepui.Table(res, theme.New(theme.Plain()), 200)
			if !strings.Contains(table, measured+"\n") {
				t.Errorf("the picture measures %q; the table says:\n%s", measured, table)
			}
		})
	}
}
