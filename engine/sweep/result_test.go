package sweep

import (
	"math"
	"testing"
)

// A cell whose goal metric some seeds never had (a breaker that opened on
// 3 seeds of 6) meets no goal: its mean is of the seeds where it opened,
// and a goal judged on that mean alone said the breaker had opened within
// 110 s on every seed. A cell where every seed has a value is judged on
// its mean, as before.
func TestCellWithSeedsLackingAValueMeetsNoGoal(t *testing.T) {
	first := Metric{Name: "dependency.first_open", Owner: "dependency", Field: "first_open"}
	for _, op := range []string{"<=", ">="} {
		p := &Plan{Axes: []Axis{{Path: "x", X: []float64{1, 2}, Values: []any{int64(1), int64(2)}}},
			Seeds: []uint64{1, 2, 3, 4, 5, 6}, Measure: first, Goal: &Goal{Metric: first, Op: op, Threshold: 110}}
		res := NewResult(p)
		nan := math.NaN()
		partial := []float64{103, nan, 116, nan, 109, nan}
		whole := []float64{103, 104, 105, 106, 107, 108}
		if op == ">=" {
			whole = []float64{113, 114, 115, 116, 117, 118}
			partial = []float64{113, nan, 116, nan, 119, nan}
		}
		for s := range p.Seeds {
			res.Add(Sample{Job: Job{I: 0, Seed: s}, Value: partial[s], GoalValue: partial[s]})
			res.Add(Sample{Job: Job{I: 1, Seed: s}, Value: whole[s], GoalValue: whole[s]})
		}
		c := res.Cell(0, 0)
		if c.Runs != 6 || c.N != 3 || c.GoalN != 3 || c.Lacking() != 3 {
			t.Errorf("%s: the partial cell counts runs %d, values %d, goal values %d, lacking %d; want 6, 3, 3, 3", op, c.Runs, c.N, c.GoalN, c.Lacking())
		}
		if !p.Goal.Met(c.GoalMean) {
			t.Fatalf("%s: the test's partial mean %v should meet the goal on its own", op, c.GoalMean)
		}
		if c.Met {
			t.Errorf("%s: a cell where 3 seeds of 6 have no value meets the goal on the others' mean %v", op, c.GoalMean)
		}
		if w := res.Cell(1, 0); !w.Met || w.Lacking() != 0 {
			t.Errorf("%s: a cell with every seed's value meeting the goal: met %v, lacking %d", op, w.Met, w.Lacking())
		}
	}
}
