package sweep

import (
	"errors"
	"fmt"
	"math"

	"github.com/breakerlab/breakerlab/engine"
)

// Setter sets the knob at path on variant v of sc; lessons.SetKnob is one.
type Setter func(sc *engine.Scenario, v int, path string, value any) error

// Plan is a sweep: which scenario and variant, the axes, the seeds, and what
// is measured. Fill it in, then call Prepare once before Run.
type Plan struct {
	Build   func() *engine.Scenario // returns a fresh copy on every call
	Variant int                     // counting from 0
	Axes    []Axis                  // one or two; the first is x
	Seeds   []uint64
	Measure Metric
	Goal    *Goal // optional; its metric is measured too
	Set     Setter

	cells []*engine.Scenario // one per cell, shared read-only by the runs
	// traffic holds each seed's traffic, drawn once from the first cell:
	// a cell whose endpoints send the same replays it (engine.NewShared),
	// the others draw their own. Nil when it would hold too much.
	traffic []*engine.Traffic
}

// MaxRuns bounds a sweep's runs (cells × seeds).
const MaxRuns = 200_000

// Size is the grid's width (the first axis's values) and height (the
// second's, or 1).
func (p *Plan) Size() (nx, ny int) {
	nx, ny = 1, 1
	if len(p.Axes) > 0 {
		nx = len(p.Axes[0].Values)
	}
	if len(p.Axes) > 1 {
		ny = len(p.Axes[1].Values)
	}
	return nx, ny
}

// Prepare checks the plan and builds every cell's scenario, so that a bad
// knob or value is reported before anything runs.
func (p *Plan) Prepare() error {
	switch {
	case len(p.Axes) == 0 || len(p.Axes) > 2:
		return fmt.Errorf("a sweep varies one or two knobs (--vary given %d times)", len(p.Axes))
	case len(p.Axes) == 2 && p.Axes[0].Path == p.Axes[1].Path:
		return fmt.Errorf("--vary names %s twice: vary two different knobs", p.Axes[0].Path)
	case len(p.Seeds) == 0:
		return errors.New("a sweep needs at least one seed")
	case p.Build == nil || p.Set == nil:
		return errors.New("sweep plan has no scenario or no setter")
	}
	nx, ny := p.Size()
	if runs := nx * ny * len(p.Seeds); runs > MaxRuns {
		return fmt.Errorf("%d cells × %d seeds is %d runs; at most %d are allowed: fewer steps or seeds", nx*ny, len(p.Seeds), runs, MaxRuns)
	}
	p.cells = make([]*engine.Scenario, nx*ny)
	for j := range ny {
		for i := range nx {
			sc := p.Build()
			if p.Variant < 0 || p.Variant >= len(sc.Variants) {
				return fmt.Errorf("scenario %s has variants 1 to %d, not %d", sc.Name, len(sc.Variants), p.Variant+1)
			}
			for a, ax := range p.Axes {
				k := i
				if a == 1 {
					k = j
				}
				if err := p.Set(sc, p.Variant, ax.Path, ax.Values[k]); err != nil {
					return fmt.Errorf("--vary %s=%v: %w", ax.Path, ax.Values[k], err)
				}
			}
			if err := sc.Validate(); err != nil {
				return fmt.Errorf("with %s the scenario is not valid: %w", p.describe(i, j), err)
			}
			p.cells[j*nx+i] = sc
		}
	}
	p.traffic = nil
	held := 0
	for _, seed := range p.Seeds {
		tr, err := engine.NewTraffic(p.cells[0], seed)
		if err != nil {
			return err
		}
		if held += tr.Requests(); held > maxSharedRequests {
			p.traffic = nil // too many to keep: every run draws its own
			break
		}
		p.traffic = append(p.traffic, tr)
	}
	return nil
}

// maxSharedRequests bounds the requests a plan's traffic holds (24 bytes
// each; a built-in scenario sends some 20,000 a run).
const maxSharedRequests = 1 << 21

// describe names cell (i, j)'s settings.
func (p *Plan) describe(i, j int) string {
	s := fmt.Sprintf("%s=%v", p.Axes[0].Path, p.Axes[0].Values[i])
	if len(p.Axes) > 1 {
		s += fmt.Sprintf(", %s=%v", p.Axes[1].Path, p.Axes[1].Values[j])
	}
	return s
}

// CellScenario is cell (i, j)'s scenario, after Prepare. It is shared: do
// not change it.
func (p *Plan) CellScenario(i, j int) *engine.Scenario {
	nx, _ := p.Size()
	return p.cells[j*nx+i]
}

// Job is one run of a sweep: a cell (i along x, j along y) and a seed.
type Job struct {
	I, J, Seed int // Seed indexes Plan.Seeds
}

// Jobs lists every run, row by row, seeds innermost.
func (p *Plan) Jobs() []Job {
	nx, ny := p.Size()
	out := make([]Job, 0, nx*ny*len(p.Seeds))
	for j := range ny {
		for i := range nx {
			for s := range p.Seeds {
				out = append(out, Job{I: i, J: j, Seed: s})
			}
		}
	}
	return out
}

// Sample is what one job measured: the metric and, with a goal, the
// goal's metric.
type Sample struct {
	Job
	Value, GoalValue float64
}

// Run runs one job to the end and measures it. It only reads the plan, so
// jobs may run concurrently.
func (p *Plan) Run(job Job) (Sample, error) {
	return p.Runner().Run(job)
}

// Runner runs a plan's jobs one after another on one engine run whose
// memory it keeps between jobs (engine's Run.Reset), so a sweep's worker
// does not allocate and collect a run's buffers for every cell. A Runner
// is for one goroutine; give each worker its own. Its samples are Plan.Run's.
type Runner struct {
	p *Plan
	r engine.Run
}

// Runner returns a Runner for p's jobs.
func (p *Plan) Runner() *Runner { return &Runner{p: p} }

// Run runs one job and measures it, as Plan.Run does.
func (w *Runner) Run(job Job) (Sample, error) {
	p, r := w.p, &w.r
	sc := p.CellScenario(job.I, job.J)
	var err error
	if p.traffic != nil {
		err = r.ResetShared(sc, p.Variant, p.traffic[job.Seed])
	} else {
		err = r.Reset(sc, p.Variant, p.Seeds[job.Seed])
	}
	if err != nil {
		return Sample{}, err
	}
	r.Run()
	snap := r.Snapshot()
	s := Sample{Job: job, Value: p.Measure.Measure(&snap), GoalValue: math.NaN()}
	if p.Goal != nil {
		s.GoalValue = p.Goal.Metric.Measure(&snap)
	}
	return s, nil
}
