package picture

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/sweep"
)

// A picture of a sweep stopped short says its runs as the terminal's map
// and every other screen write a count: "2,047 of 2,048 runs".
func TestStoppedSweepPictureCountsWithSeparators(t *testing.T) {
	m := sweep.Metric{Name: "search.ok", Owner: "search", Field: "ok"}
	p := &sweep.Plan{Seeds: []uint64{5}, Measure: m}
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
			if i+j > 0 { // the first cell never ran
				res.Add(sweep.Sample{Job: sweep.Job{I: i, J: j}, Value: float64(i+j) / float64(nx+ny)})
			}
		}
	}
	f, err := sweepFigure(res, "test", [2]string{})
	if err != nil {
		t.Fatal(err)
	}
	title := f.rows[0][0].Title.Text
	if !strings.Contains(title, "(stopped: 2,047 of 2,048 runs)") {
		t.Errorf("title %q, want it to say (stopped: 2,047 of 2,048 runs)", title)
	}
}
