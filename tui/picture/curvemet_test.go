package picture

import (
	"bytes"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/sweeptest"
)

// A one-knob curve whose goal is on the measure it draws crosses the
// points that meet it, as it does for a goal on another measure: a
// point of 99.34% beside search.ok>=99.5% sat on the goal's dashed line
// at the scale of 0% to 100%, where nothing told it from the points
// that meet it. With none met, the legend says so.
func TestCurveMarksThePointsThatMeetItsOwnGoal(t *testing.T) {
	one := []string{"recommendations.bulkhead=160..200:3"}
	for _, c := range []struct {
		name   string
		values []float64
		want   string
	}{
		{"some met", []float64{1, 0.9934, 0.41}, "meets search.ok>=99.5%"},
		{"none met", []float64{0.99, 0.9934, 0.41}, "none meets search.ok>=99.5%"},
	} {
		res := sweeptest.Filled(t, one, "search.ok", "search.ok>=99.5%", func(i, _ int) float64 { return c.values[i] })
		var b bytes.Buffer
		if err := Sweep(&b, res, "cascade, variant 1", "svg"); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		texts := svgTexts(t, b.Bytes())
		if !hasText(texts, c.want) {
			t.Errorf("%s: the picture does not say %q; its texts: %q", c.name, c.want, texts)
		}
		if !hasText(texts, "goal search.ok>=99.5%") {
			t.Errorf("%s: the goal's line is gone from the legend: %q", c.name, texts)
		}
	}
}
