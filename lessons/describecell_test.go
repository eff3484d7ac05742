package lessons

import (
	"testing"

	"github.com/breakerlab/breakerlab/engine/sweep"
)

// A check's message names a cell as the lesson's map labels it, with its
// unit (recommendations.timeout=4.14 s), where it wrote a bare 4136.
func TestDescribeCellReadsAsTheMap(t *testing.T) {
	x, err := sweep.ParseVary("recommendations.timeout=250ms..5s:12")
	if err != nil {
		t.Fatal(err)
	}
	y, err := sweep.ParseVary("workers=100..400:2")
	if err != nil {
		t.Fatal(err)
	}
	res := sweep.NewResult(&sweep.Plan{Axes: []sweep.Axis{x, y}})
	if got, want := describeCell(res, 9, 1), "recommendations.timeout=4.14 s, workers=400"; got != want {
		t.Errorf("describeCell = %q, want %q", got, want)
	}
}
