package sweepui

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/tui/theme"
)

// Each label of an axis gives the value its cells ran with: a setting
// typed back (recommendations.timeout=2840.909ms) sets the knob to that
// very value. Short's 2841 ran another scenario than the cell's 2840.909
// (0.97308 where the cell was 0.973139). The map's columns, the table's
// rows and a goal's boundary all label so.
func TestAxisLabelsGiveTheValueTheCellRanWith(t *testing.T) {
	for _, spec := range []string{"recommendations.timeout=250ms..5s:12", "recommendations.timeout=1s..20s:7", "payment.fault.probability=0..1:4", "workers=100..400:7"} {
		ax, err := sweep.ParseVary(spec)
		if err != nil {
			t.Fatal(err)
		}
		for i, val := range ax.Values {
			set := axisSetting(ax, i)
			switch v := val.(type) {
			case string: // a duration
				d, err := time.ParseDuration(set)
				if want, _ := time.ParseDuration(v); err != nil || d != want {
					t.Errorf("%s: value %d ran as %s, labelled %s", spec, i, v, set)
				}
			case float64:
				if f, err := strconv.ParseFloat(set, 64); err != nil || f != v {
					t.Errorf("%s: value %d ran as %v, labelled %s", spec, i, v, set)
				}
			case int64:
				if set != strconv.FormatInt(v, 10) {
					t.Errorf("%s: value %d ran as %d, labelled %s", spec, i, v, set)
				}
			}
		}
	}
	one := filled(t, "recommendations.timeout=250ms..5s:12", "", "search.ok", "", func(i, _ int) float64 { return 1 })
	if out := Heatmap(one, theme.New(theme.Plain()), 80); !strings.Contains(out, "2840.909") {
		t.Errorf("the table's rows do not give 2840.909:\n%s", out)
	}
}
