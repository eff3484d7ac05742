package sweep

import "math"

// Result gathers a sweep's samples. Samples may arrive in any order; every
// figure it gives depends only on which jobs are in, never on their order.
type Result struct {
	Plan  *Plan
	Runs  int // samples added
	Total int // jobs in the plan
	// values[cell][seed] and goals[cell][seed], NaN until the job is in.
	values, goals [][]float64
	in            [][]bool
	// Underway marks a copy taken while the sweep goes on (Clone): the
	// jobs not in are still to come, not stopped.
	Underway bool
}

// Clone returns a copy of r, marked Underway, that later Adds to r leave
// as it is: a view may draw it on another goroutine while the sweep goes
// on.
func (r *Result) Clone() *Result {
	c := &Result{Plan: r.Plan, Runs: r.Runs, Total: r.Total, Underway: true}
	n, seeds := len(r.values), len(r.Plan.Seeds)
	vals, in := make([]float64, 2*n*seeds), make([]bool, n*seeds)
	vals, goals := vals[:n*seeds], vals[n*seeds:]
	c.values, c.goals, c.in = make([][]float64, n), make([][]float64, n), make([][]bool, n)
	for k := range n {
		lo, hi := k*seeds, (k+1)*seeds
		c.values[k], c.goals[k], c.in[k] = vals[lo:hi:hi], goals[lo:hi:hi], in[lo:hi:hi]
		copy(c.values[k], r.values[k])
		copy(c.goals[k], r.goals[k])
		copy(c.in[k], r.in[k])
	}
	return c
}

// NewResult makes an empty result for a prepared plan.
func NewResult(p *Plan) *Result {
	nx, ny := p.Size()
	r := &Result{Plan: p, Total: nx * ny * len(p.Seeds)}
	r.values = make([][]float64, nx*ny)
	r.goals = make([][]float64, nx*ny)
	r.in = make([][]bool, nx*ny)
	for c := range r.values {
		r.values[c] = make([]float64, len(p.Seeds))
		r.goals[c] = make([]float64, len(p.Seeds))
		r.in[c] = make([]bool, len(p.Seeds))
	}
	return r
}

// Add records a sample; a second sample of the same job replaces the first.
func (r *Result) Add(s Sample) {
	nx, _ := r.Plan.Size()
	c := s.J*nx + s.I
	if !r.in[c][s.Seed] {
		r.Runs++
	}
	r.values[c][s.Seed], r.goals[c][s.Seed], r.in[c][s.Seed] = s.Value, s.GoalValue, true
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
	// GoalMean is the goal metric's mean, and Met whether it meets the
	// goal (false without a goal or a value).
	GoalMean float64
	Met      bool
}

// Cell returns cell (i, j)'s figures.
func (r *Result) Cell(i, j int) Cell {
	nx, _ := r.Plan.Size()
	c := j*nx + i
	out := Cell{Mean: math.NaN(), Min: math.NaN(), Max: math.NaN(), Std: math.NaN(), GoalMean: math.NaN()}
	var sum, gsum float64
	gn := 0
	for s, ok := range r.in[c] {
		if !ok {
			continue
		}
		out.Runs++
		if v := r.values[c][s]; !math.IsNaN(v) {
			if out.N == 0 || v < out.Min {
				out.Min = v
			}
			if out.N == 0 || v > out.Max {
				out.Max = v
			}
			out.N++
			sum += v
		}
		if g := r.goals[c][s]; !math.IsNaN(g) {
			gn++
			gsum += g
		}
	}
	if out.N > 0 {
		out.Mean = sum / float64(out.N)
		var ss float64
		for s, ok := range r.in[c] {
			if v := r.values[c][s]; ok && !math.IsNaN(v) {
				ss += (v - out.Mean) * (v - out.Mean)
			}
		}
		out.Std = math.Sqrt(ss / float64(out.N))
	}
	if gn > 0 {
		out.GoalMean = gsum / float64(gn)
		out.Met = r.Plan.Goal != nil && r.Plan.Goal.Met(out.GoalMean)
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
