package sweepui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/tui/theme"
)

// bareThousand is a count of a thousand or more written without the
// separator the rest of the program writes (pane.Count: 2,048).
var bareThousand = regexp.MustCompile(`(^|[^0-9.,])[0-9]{4,}([^0-9.,%]|$)`)

// A grid of 2,048 cells, one seed short of done, reads its counts as
// every other screen does, "2,048", not "2048": the goal's tally, the
// title's runs so far and the blank cells' line.
func TestSweepCountsOfAThousandOrMoreHaveSeparators(t *testing.T) {
	m := sweep.Metric{Name: "search.ok", Owner: "search", Field: "ok"}
	p := &sweep.Plan{Seeds: []uint64{5}, Measure: m, Goal: &sweep.Goal{Metric: m, Op: ">=", Threshold: 0.5}}
	for _, s := range []string{"caller.rate=1..64:64", "workers=1..32:32"} {
		ax, err := sweep.ParseVary(s)
		if err != nil {
			t.Fatal(err)
		}
		p.Axes = append(p.Axes, ax)
	}
	res := sweep.NewResult(p)
	nx, ny := p.Size()
	for j := range ny {
		for i := range nx {
			if i == nx-1 && j == ny-1 {
				continue // the one run the sweep did not get to
			}
			v := float64(i+j) / float64(nx+ny)
			res.Add(sweep.Sample{Job: sweep.Job{I: i, J: j}, Value: v, GoalValue: v})
		}
	}
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
