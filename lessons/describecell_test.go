package lessons

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/sweep"
)

// A check's message names a cell as the author types it back into the
// lesson file: the setting the cell ran with, every digit and its unit
// (recommendations.timeout=4.136364s), where the map's short label
// (4.14s) typed back ran another design.
func TestDescribeCellTypesTheSetting(t *testing.T) {
	x, err := sweep.ParseVary("recommendations.timeout=250ms..5s:12")
	if err != nil {
		t.Fatal(err)
	}
	y, err := sweep.ParseVary("duration=2h..24h:4")
	if err != nil {
		t.Fatal(err)
	}
	res := sweep.NewResult(&sweep.Plan{Axes: []sweep.Axis{x, y}})
	if got, want := describeCell(res, 9, 1), "recommendations.timeout=4.136364s, duration=9h20m"; got != want {
		t.Errorf("describeCell = %q, want %q", got, want)
	}
	// Every setting written, typed back as --vary and a [sweep] table
	// take it, is the cell's value.
	for i := range x.X {
		for j := range y.X {
			for k, set := range strings.Split(describeCell(res, i, j), ", ") {
				ax := res.Plan.Axes[k]
				at := []int{i, j}[k]
				back, err := sweep.ParseVary(set + ".." + strings.TrimPrefix(set, ax.Path+"=") + ":1")
				if err != nil {
					t.Errorf("cell (%d, %d) names %q, which does not parse back: %v", i, j, set, err)
					continue
				}
				if got, want := durationOf(back, 0), durationOf(ax, at); got != want {
					t.Errorf("cell (%d, %d) ran at %v, named %q, which runs at %v", i, j, want, set, got)
				}
			}
		}
	}
}

// durationOf is a duration axis's value i as the knob gets it, whichever
// unit its range was read in.
func durationOf(ax sweep.Axis, i int) time.Duration {
	unit := time.Second
	if ax.Unit == "ms" {
		unit = time.Millisecond
	}
	return time.Duration(ax.X[i] * float64(unit))
}
