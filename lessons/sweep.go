package lessons

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/sweep"
)

// A step's [sweep] table: the step's scenario and variant, with its [set]
// overrides, run over a grid of one or two knobs, every cell on a few
// seeds, and one quantity measured (the same plan `breakerlab sweep`
// makes). Prepare runs it, one job after another (this package has no
// goroutines of its own), and the sweep-* metrics quote it, so the text
// can name the boundary the heatmap shows.

type sweepTOML struct {
	Vary    []string `toml:"vary"`
	Measure string   `toml:"measure"`
	Goal    string   `toml:"goal"`
	Seeds   *int64   `toml:"seeds"`
}

// MaxSweepRuns bounds a lesson's sweep (cells × seeds): a lesson is
// prepared when it opens, so its sweep must be quick.
const MaxSweepRuns = 2000

// DefaultSweepSeeds is how many seeds each cell runs on unless the table
// says; they count up from the step's seed.
const DefaultSweepSeeds = 2

// SweepSpec is a step's sweep, checked when the lesson is parsed.
type SweepSpec struct {
	Line int // the line of the [sweep] table
	plan *sweep.Plan

	once sync.Once
	res  *sweep.Result
	err  error
}

// Plan is the sweep's plan: its axes, seeds, measure and goal.
func (s *SweepSpec) Plan() *sweep.Plan { return s.plan }

// Result runs the sweep the first time it is asked for, one job after
// another, and keeps the result; the player draws it, the sweep-* metrics
// quote it.
func (s *SweepSpec) Result() (*sweep.Result, error) {
	s.once.Do(func() {
		// One Runner for every job: the runs reuse one engine run's
		// buffers instead of each allocating its own.
		res, w := sweep.NewResult(s.plan), s.plan.Runner()
		for _, job := range s.plan.Jobs() {
			smp, err := w.Run(job)
			if err != nil {
				s.err = err
				return
			}
			res.Add(smp)
		}
		s.res = res
	})
	return s.res, s.err
}

// sweep checks a step's [sweep] table and plans it; the step must show an
// engine simulation, whose scenario, variant and overrides the sweep
// varies around.
func (p *parser) sweep(st *Step, t *sweepTOML, f *fieldLines) error {
	if t == nil {
		if slices.Contains(st.Panes, "sweep") {
			return p.errorf(f.line("panes"), "panes", "the sweep pane draws the step's [sweep] table, and this step has none")
		}
		return nil
	}
	line := f.line("sweep")
	if st.Sim == nil || st.Sim.IsShuffle() {
		return p.errorf(line, "sweep", "a sweep varies the knobs of the step's simulation: name an engine scenario (not shuffle) in the step")
	}
	spec := st.Sim
	build := func() *engine.Scenario {
		sc, err := buildScenario(spec)
		if err != nil {
			panic("lessons: a step's scenario that built once no longer builds: " + err.Error())
		}
		return sc
	}
	base := build()
	plan := &sweep.Plan{Build: build, Variant: spec.Variant, Set: SetKnob}
	if len(t.Vary) == 0 || len(t.Vary) > 2 {
		return p.errorf(f.line("sweep.vary"), "sweep.vary", "want one or two knobs and their ranges, such as [\"recommendations.bulkhead=5..60:12\", \"search.rate=100..400:7\"], got %d", len(t.Vary))
	}
	for i, v := range t.Vary {
		ax, err := sweep.ParseVary(v)
		if err != nil {
			return p.wrap(f.line("sweep.vary"), fmt.Sprintf("sweep.vary[%d]", i), errorWithoutFlag(err))
		}
		if _, err := knobCheck(base, spec.Variant, ax.Path); err != nil {
			return p.wrap(f.line("sweep.vary"), fmt.Sprintf("sweep.vary[%d]", i), err)
		}
		plan.Axes = append(plan.Axes, ax)
	}
	if strings.TrimSpace(t.Measure) == "" {
		return p.errorf(line, "sweep.measure", "the sweep needs a measure, such as \"search.ok\" or \"recommendations.first_open\"")
	}
	m, err := ParseMetric(t.Measure, base, spec.Variant)
	if err != nil {
		return p.wrap(f.line("sweep.measure"), "sweep.measure", err)
	}
	plan.Measure = m
	if t.Goal != "" {
		g, err := ParseGoal(t.Goal, base, spec.Variant)
		if err != nil {
			return p.wrap(f.line("sweep.goal"), "sweep.goal", err)
		}
		plan.Goal = &g
	}
	n := DefaultSweepSeeds
	if t.Seeds != nil {
		if *t.Seeds < 1 || *t.Seeds > 20 {
			return p.errorf(f.line("sweep.seeds"), "sweep.seeds", "want 1 to 20 seeds a cell, got %d", *t.Seeds)
		}
		n = int(*t.Seeds)
	}
	for k := range n {
		plan.Seeds = append(plan.Seeds, st.Seed+uint64(k))
	}
	nx, ny := plan.Size()
	if runs := nx * ny * n; runs > MaxSweepRuns {
		return p.errorf(line, "sweep", "%d cells × %d seeds is %d runs; a lesson's sweep may have at most %d: fewer steps or seeds", nx*ny, n, runs, MaxSweepRuns)
	}
	if err := plan.Prepare(); err != nil {
		return p.wrap(f.line("sweep.vary"), "sweep.vary", errorWithoutFlag(err))
	}
	st.Sweep = &SweepSpec{Line: line, plan: plan}
	return nil
}

// knobCheck says whether path is a knob of variant v, listing the numeric
// knobs when it is not.
func knobCheck(sc *engine.Scenario, v int, path string) (string, error) {
	// A name quoted where the list writes it bare, or the other way
	// round, is the same knob; a path that reads two ways says so.
	if _, _, err := findKnob(&sc.Variants[v].System, path); err != nil {
		return "", err
	}
	canon, _ := canonicalKnob(sc, v, path)
	for _, k := range NumberKnobs(sc, v) {
		if k == canon {
			return k, nil
		}
	}
	return "", unknownKnob(sc, v, path, "numeric knob", "a sweep")
}

// errorWithoutFlag words engine/sweep's messages, written for the command
// line's --vary, for a lesson's table.
func errorWithoutFlag(err error) error {
	return fmt.Errorf("%s", strings.ReplaceAll(err.Error(), "--vary ", ""))
}

// prepareSweep runs a step's sweep, so the player has it at once and a
// failing run is reported with the table's line.
func prepareSweep(st *Step, fail func(int, string, error) error) error {
	if st.Sweep == nil {
		return nil
	}
	if _, err := st.Sweep.Result(); err != nil {
		return fail(st.Sweep.Line, "sweep", err)
	}
	return nil
}

func init() {
	if metrics == nil {
		metrics = map[string]metric{}
	}
	metrics["sweep-share"] = metric{kind: KindFraction, args: []argKind{argInt, argInt},
		help: "the step's [sweep]: the measured share's mean at the cell nearest x = the first number, y = the second (in the axes' units)",
		eval: evalSweepCell(true)}
	metrics["sweep-value"] = metric{kind: KindNumber, args: []argKind{argInt, argInt},
		help: "the step's [sweep]: the measure's mean at the cell nearest x, y, in its unit (ms for latency, s for first_open, calls)",
		eval: evalSweepCell(false)}
	metrics["sweep-edge"] = metric{kind: KindNumber, args: []argKind{argInt},
		help: "the step's [sweep]: on the row nearest y = N, the first x value whose cell meets the goal when the row's first cell does not, or misses it when the first cell meets it",
		eval: evalSweepEdge}
	metrics["sweep-met"] = metric{kind: KindCount, args: nil,
		help: "the step's [sweep]: how many cells meet its goal",
		eval: evalSweepMet}
}

// stepSweep is the result of the step's sweep.
func (c *evalCtx) stepSweep() (*sweep.Result, error) {
	if c.step == nil || c.step.Sweep == nil {
		return nil, fmt.Errorf("this step has no [sweep] table")
	}
	return c.step.Sweep.Result()
}

// nearestIndex is the index of the value in xs nearest to x.
func nearestIndex(xs []float64, x float64) int {
	best := 0
	for i, v := range xs {
		if math.Abs(v-x) < math.Abs(xs[best]-x) {
			best = i
		}
	}
	return best
}

// cellAt finds the cell nearest (x, y); a one-knob sweep takes y as 0.
func cellAt(res *sweep.Result, xs, ys string) (int, int, error) {
	x, _ := strconv.Atoi(xs)
	y, _ := strconv.Atoi(ys)
	p := res.Plan
	i := nearestIndex(p.Axes[0].X, float64(x))
	j := 0
	if len(p.Axes) > 1 {
		j = nearestIndex(p.Axes[1].X, float64(y))
	}
	return i, j, nil
}

func evalSweepCell(share bool) func(*evalCtx, []string) (Value, error) {
	return func(c *evalCtx, a []string) (Value, error) {
		res, err := c.stepSweep()
		if err != nil {
			return Value{}, err
		}
		if share != (res.Plan.Measure.Unit() == "share") {
			if share {
				return Value{}, fmt.Errorf("the sweep measures %s, not a share: use sweep-value", res.Plan.Measure.Label())
			}
			return Value{}, fmt.Errorf("the sweep measures a share: use sweep-share")
		}
		i, j, _ := cellAt(res, a[0], a[1])
		cell := res.Cell(i, j)
		if cell.N == 0 {
			return Value{}, fmt.Errorf("the cell at %s has no value on any seed (a breaker that never opened)", describeCell(res, i, j))
		}
		if share {
			return fraction(cell.Mean), nil
		}
		return number(cell.Mean), nil
	}
}

// describeCell names a cell's settings as the author types them back
// into the lesson file, as --vary takes them: every digit the cell ran
// with and its unit (Axis.Setting: "recommendations.timeout=4.136364s").
// The map's short label (4.14s) typed back runs another design, and a
// bare 4136 left its unit to guess.
func describeCell(res *sweep.Result, i, j int) string {
	p := res.Plan
	s := p.Axes[0].Path + "=" + p.Axes[0].Setting(i)
	if len(p.Axes) > 1 {
		s += ", " + rowSetting(p, j)
	}
	return s
}

// rowSetting is row j's setting of a two-knob sweep, as describeCell
// writes a cell's.
func rowSetting(p *sweep.Plan, j int) string { return p.Axes[1].Path + "=" + p.Axes[1].Setting(j) }

// Edge is where row j of a sweep's result crosses its goal: the first x
// index whose cell's Met differs from the row's first cell, or -1.
func Edge(res *sweep.Result, j int) int {
	nx, _ := res.Plan.Size()
	first := res.Cell(0, j).Met
	for i := 1; i < nx; i++ {
		if res.Cell(i, j).Met != first {
			return i
		}
	}
	return -1
}

func evalSweepEdge(c *evalCtx, a []string) (Value, error) {
	res, err := c.stepSweep()
	if err != nil {
		return Value{}, err
	}
	if res.Plan.Goal == nil {
		return Value{}, fmt.Errorf("sweep-edge needs a goal in the step's [sweep] table")
	}
	_, j, _ := cellAt(res, "0", a[0])
	i := Edge(res, j)
	if i < 0 {
		row := ""
		if len(res.Plan.Axes) > 1 {
			row = " at " + rowSetting(res.Plan, j)
		}
		return Value{}, fmt.Errorf("the goal %s is met everywhere or nowhere%s: no edge to quote", res.Plan.Goal, row)
	}
	return number(res.Plan.Axes[0].X[i]), nil
}

func evalSweepMet(c *evalCtx, _ []string) (Value, error) {
	res, err := c.stepSweep()
	if err != nil {
		return Value{}, err
	}
	if res.Plan.Goal == nil {
		return Value{}, fmt.Errorf("sweep-met needs a goal in the step's [sweep] table")
	}
	nx, ny := res.Plan.Size()
	n := uint64(0)
	for j := range ny {
		for i := range nx {
			if res.Cell(i, j).Met {
				n++
			}
		}
	}
	return count(n), nil
}
