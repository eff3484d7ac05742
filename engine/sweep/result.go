package sweep

import "math"

// Result gathers a sweep's samples. Samples may arrive in any order; every
// figure it gives depends only on which jobs are in, never on their order.
type Result struct {
	Plan  *Plan
	Runs  int // samples added
	Total int // jobs in the plan
	// values[cell*seeds+seed] and goals[cell*seeds+seed], NaN until the
	// job is in: flat, so that a grid of 40,000 cells on 3 seeds holds
	// three arrays rather than 120,000 small ones.
	values, goals []float64
	in            []bool
	seeds         int
	// Underway marks a copy taken while the sweep goes on (Clone): the
	// jobs not in are still to come, not stopped.
	Underway bool
}

// Clone returns a copy of r, marked Underway, that later Adds to r leave
// as it is: a view may draw it on another goroutine while the sweep goes
// on.
func (r *Result) Clone() *Result {
	c := *r
	c.Underway = true
	c.values = append([]float64(nil), r.values...)
	c.goals = append([]float64(nil), r.goals...)
	c.in = append([]bool(nil), r.in...)
	return &c
}

// NewResult makes an empty result for a prepared plan.
func NewResult(p *Plan) *Result {
	nx, ny := p.Size()
	n := nx * ny * len(p.Seeds)
	return &Result{Plan: p, Total: n, seeds: len(p.Seeds),
		values: make([]float64, n), goals: make([]float64, n), in: make([]bool, n)}
}

// Add records a sample; a second sample of the same job replaces the first.
func (r *Result) Add(s Sample) {
	nx, _ := r.Plan.Size()
	k := (s.J*nx+s.I)*r.seeds + s.Seed
	if !r.in[k] {
		r.Runs++
	}
	r.values[k], r.goals[k], r.in[k] = s.Value, s.GoalValue, true
}

// Complete says whether every job is in.
func (r *Result) Complete() bool { return r.Runs == r.Total }

// Cell is one grid cell's figures over the seeds that ran.
type Cell struct {
	Runs int // seeds run
	// N is how many of them gave a value (a breaker that never opened
	// gives none); Mean, Min, Max and Std are over those.
	N                   int
	Mean, Min, Max, Std float64
	// GoalN is how many seeds gave the goal's metric a value, and
	// GoalMean their mean.
	GoalN    int
	GoalMean float64
	// Met says whether the cell meets the goal: every seed run gave the
	// goal's metric a value and their mean meets it. A seed without one
	// fails any goal, as a challenge's goal does: a breaker that never
	// opened did not open within 110 s, and a mean of the seeds where it
	// did open said it had, on 3 seeds of 6. False without a goal.
	Met bool
}

// Lacking is how many of the seeds run gave the measure no value (a
// breaker that never opened): the views say so beside a mean that is of
// the other seeds only.
func (c Cell) Lacking() int { return c.Runs - c.N }

// Cell returns cell (i, j)'s figures.
func (r *Result) Cell(i, j int) Cell {
	nx, _ := r.Plan.Size()
	lo, hi := (j*nx+i)*r.seeds, (j*nx+i+1)*r.seeds
	in, values, goals := r.in[lo:hi], r.values[lo:hi], r.goals[lo:hi]
	out := Cell{Mean: math.NaN(), Min: math.NaN(), Max: math.NaN(), Std: math.NaN(), GoalMean: math.NaN()}
	var sum, gsum float64
	gn := 0
	for s, ok := range in {
		if !ok {
			continue
		}
		out.Runs++
		if v := values[s]; !math.IsNaN(v) {
			if out.N == 0 || v < out.Min {
				out.Min = v
			}
			if out.N == 0 || v > out.Max {
				out.Max = v
			}
			out.N++
			sum += v
		}
		if g := goals[s]; !math.IsNaN(g) {
			gn++
			gsum += g
		}
	}
	if out.N > 0 {
		out.Mean = sum / float64(out.N)
		var ss float64
		for s, ok := range in {
			if v := values[s]; ok && !math.IsNaN(v) {
				ss += (v - out.Mean) * (v - out.Mean)
			}
		}
		out.Std = math.Sqrt(ss / float64(out.N))
	}
	out.GoalN = gn
	if gn > 0 {
		out.GoalMean = gsum / float64(gn)
		out.Met = r.Plan.Goal != nil && gn == out.Runs && r.Plan.Goal.Met(out.GoalMean)
	}
	return out
}

// Range is the smallest and largest cell mean, ignoring cells without one;
// ok is false when no cell has a value.
func (r *Result) Range() (lo, hi float64, ok bool) {
	nx, ny := r.Plan.Size()
	for j := range ny {
		for i := range nx {
			m := r.Cell(i, j).Mean
			if math.IsNaN(m) {
				continue
			}
			if !ok || m < lo {
				lo = m
			}
			if !ok || m > hi {
				hi = m
			}
			ok = true
		}
	}
	return lo, hi, ok
}
