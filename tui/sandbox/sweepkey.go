package sandbox

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/heatbands"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/sweepui"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
)

// The sweep overlay: from the knob form, ctrl+s sweeps the knob under the
// cursor against a second knob the learner picks, over a range around the
// design in the form (a quarter of each value to twice it), every cell on
// two seeds, and draws the measured quantity as a heatmap with the current
// design marked. The runs go on every core in a command (sweepui.RunEach),
// so Update and View only hand messages on and join strings; the heatmap
// fills in as the runs finish (each progress message carries a copy of
// the result so far, the first seed's pass covering the grid); esc stops a
// sweep under way (the runs in progress stop within a step of virtual
// time, the rest never start, and the runs' memory is let go) and shows
// what is done, and esc again goes back to the form as it was. Options'
// Limits bound a sweep: its workers, a slot it must get first, a budget,
// and a context whose end stops it (a classroom session's).

// sweepKeys are the overlay's own bindings.
var sweepKeys = struct {
	Measure, Other, Up, Down, Run, Back, Cell, Take key.Binding
}{
	Measure: playback.Bind([]string{"m"}, "m", "next measure"),
	Other:   playback.Bind([]string{"k"}, "k", "another second knob"),
	Up:      playback.Bind([]string{"up"}, "↑", "up"),
	Down:    playback.Bind([]string{"down", "tab"}, "↓", "down"),
	Run:     playback.Bind([]string{"enter"}, "enter", "sweep"),
	Back:    playback.Bind([]string{"esc"}, "esc", "back"),
	Cell:    playback.Bind([]string{"up", "down", "left", "right"}, "←↑↓→", "read a cell"),
	Take:    playback.Bind([]string{"enter"}, "enter", "try it in the form"),
}

// The grid: a quarter of each current value to twice it, so the design
// sits inside the map with room on both sides; a larger window gets a
// finer grid, not larger cells.
const (
	sweepLow, sweepHigh = 0.25, 2.0
	sweepSeeds          = 2
)

// gridSize is the grid's width and height for a window.
func gridSize(w, h int) (nx, ny int) {
	if w >= 120 && h >= 40 {
		return 20, 14
	}
	return 12, 8
}

// The overlay's stages.
const (
	sweepPicking = iota // choosing the second knob
	sweepRunning
	sweepDone
)

// sweepOverlay is the open sweep. It is a pointer in the model, so the
// copies bubbletea's value model makes share its cancel function.
type sweepOverlay struct {
	stage   int
	base    *engine.Scenario // the design in the form
	variant int
	seed    uint64
	x       string // the knob under the form's cursor
	// The picker: the knobs that can be the second axis, in the form's
	// order first, the filter typed so far, and the one under the cursor.
	choices []string
	filter  string
	cursor  int
	// parts holds the variant's parts by the file section that lists
	// them (partSections), for a filter typed as a section path; filled
	// on first use.
	parts map[[2]string]bool
	// What is measured: the choices and the one in use.
	measures []string
	measure  int
	// The run.
	id          int64
	plan        *sweep.Plan
	mark        sweepui.Mark
	done, total int
	res         *sweep.Result
	err         string
	fit         string // what was made smaller to fit the budget (fitPlan), or ""
	fitShort    string // the same in a line or two, under a heatmap with no room for fit
	// took says why enter could not put the cell under the cursor into
	// the form (a knob the form has no field for), until the next key.
	took     string
	stopped  bool
	stopping bool
	workers  int // the goroutines it runs on
	cancel   context.CancelFunc
	wait     tea.Cmd
	// kinds are the form's fields' kinds by their knob paths, so that the
	// overlay writes a knob's value as the form does (text).
	kinds map[string]valueKind
	// spans are the axes worked out so far, by knob and size (spanOf).
	spans map[spanKey]spanOrErr
	// whole is the design played to its end (designRun), nil until a
	// knob at none asks for it or when the run failed; ran says it was
	// asked for.
	whole *engine.Snapshot
	ran   bool
}

// designRun is the design (base, variant, seed) played to its end, drain
// included, as `breakerlab run` plays it: what the range of a knob at none
// is read from (runTop). It is the run on screen's own end when that run
// is of the same design and has been played out; else the design is run
// once, here, the first time a knob at none is swept (about a tenth of a
// second; the sweep then runs it a few hundred times more): the run on
// screen is most often stopped before its fault, and a peak so far would
// miss the one that matters.
func (s *sweepOverlay) designRun() *engine.Snapshot {
	if s.ran {
		return s.whole
	}
	s.ran = true
	// It runs here, in the key's Update: a design past designRunMost
	// requests (a day-long scenario file, say) would hold the screen
	// still for seconds, so its knobs at none keep the fixed range.
	sc := cloneScenario(s.base)
	if c := engine.EstimateCost(sc); c.Requests/float64(max(1, c.Variants)) > designRunMost {
		return nil
	}
	r, err := engine.New(sc, s.variant, s.seed)
	if err != nil {
		return nil // the sweep's own runs will say why
	}
	r.Run()
	fin := r.Snapshot()
	s.whole = &fin
	return s.whole
}

// designRunMost is the most requests (the engine's estimate for one
// variant) designRun plays in the key's Update: some 0.1 to 0.5 s of a
// core; the built-in scenarios take at most some 0.15 M a variant
// (fleet-probes).
const designRunMost = 1_000_000

type spanKey struct {
	path  string
	steps int
}

type spanOrErr struct {
	sp  span
	err error
}

// spanOf is path's axis on a grid of steps, as the sweep runs it and the
// picker announces it (one function, so the two agree), worked out once:
// the picker draws it on every frame, and cutting a range at a limit
// validates the scenario a few dozen times. The design does not change
// while the overlay is open.
func (s *sweepOverlay) spanOf(path string, steps int) (span, error) {
	k := spanKey{path, steps}
	if got, ok := s.spans[k]; ok {
		return got.sp, got.err
	}
	sp, err := spanAroundRun(s.base, s.variant, path, steps, s.designRun)
	if s.spans == nil {
		s.spans = map[spanKey]spanOrErr{}
	}
	s.spans[k] = spanOrErr{sp, err}
	return sp, err
}

// sweepProgressMsg says how many runs of sweep id are done, with a copy
// of the result so far (sweep.Result.Clone) that the overlay draws.
type sweepProgressMsg struct {
	id          int64
	done, total int
	res         *sweep.Result
}

// sweepDoneMsg carries sweep id's result, complete or stopped.
type sweepDoneMsg struct {
	id  int64
	res *sweep.Result
	err error
}

// sweepIDs numbers the sweeps, so that a message from a sweep that was
// left is ignored. It is atomic because a classroom server runs one model
// per session, each on its own goroutine; a number is never reused, so no
// overlay takes another's messages.
var sweepIDs atomic.Int64

// sweepMsg handles what belongs to the sweep overlay: ctrl+s in the knob
// form, every key while the overlay is open, and the runs' messages. ok is
// false for everything else. It works on update's model, not a copy: a
// copy, returned as a tea.Model on some paths, moved the whole model to
// the heap on every message, each animation frame's included, where few
// are the sweep's.
func (m *Model) sweepMsg(msg tea.Msg) (tea.Model, tea.Cmd, bool) {
	switch msg := msg.(type) {
	case sweepProgressMsg:
		s := m.sw
		if s == nil || s.id != msg.id || s.stage != sweepRunning {
			return *m, nil, true
		}
		s.done, s.total, s.res = msg.done, msg.total, msg.res
		return *m, s.wait, true
	case sweepDoneMsg:
		s := m.sw
		if s == nil || s.id != msg.id {
			return *m, nil, true
		}
		s.stage, s.res, s.cancel = sweepDone, msg.res, nil
		if msg.res != nil {
			s.done, s.total = msg.res.Runs, msg.res.Total
		}
		s.stopped = errors.Is(msg.err, context.Canceled)
		if msg.err != nil && !s.stopped {
			s.err = msg.err.Error()
		}
		return *m, nil, true
	case tea.KeyMsg:
		if m.sw != nil {
			next, cmd := m.sweepKey(msg)
			return next, cmd, true
		}
		if m.form != nil && key.Matches(msg, m.keys.Sweep) {
			m.openSweep()
			return *m, nil, true
		}
	}
	return nil, nil, false
}

// openSweep opens the picker for the knob under the form's cursor, on the
// design the form holds (refused, with the form's reasons, when it does
// not build).
func (m *Model) openSweep() {
	f := m.form
	sc, x, ok := m.sweepStart()
	if !ok {
		return // f.err says why
	}
	s := &sweepOverlay{base: sc, variant: f.variant, seed: m.sim.seed, x: x, kinds: fieldKinds(f, sc, f.variant)}
	if fin := m.sim.final; fin != nil && m.sim.variant == f.variant && reflect.DeepEqual(m.sim.sc, sc) {
		s.whole, s.ran = fin, true // the run on screen is the design's, played out
	}
	s.choices = sweepChoices(sc, f.variant, x, f)
	s.parts = partSections(sc, f.variant) // sweepsection.go: a filter typed as a file's section path
	s.cursor = max(0, indexOf(s.choices, partnerOf(sc, f.variant, x)))
	s.measures = measuresOf(sc, f.variant)
	if len(s.choices) == 0 {
		f.err = "no second knob to sweep against"
		return
	}
	m.sw = s
}

// sweepStart is the design a sweep of the field under the form's cursor
// starts from and that field's knob path, or false with the form's message
// line saying, in the form's words (sweepRefusal), why it cannot be swept.
func (m *Model) sweepStart() (*engine.Scenario, string, bool) {
	f := m.form
	sc := f.build(m.sim.knobs())
	if sc == nil {
		return nil, "", false // the form marks what it refused
	}
	sc = mustApplied(sc, m.sim.injected) // the faults injected run in every cell

	sc, err := withLayer(sc, f.variant, &f.knobs[f.focus])
	if err != nil {
		f.err = f.inFormWords(sc, err.Error())
		return nil, "", false
	}
	x, ok := knobPath(sc, f.variant, &f.knobs[f.focus])
	if !ok {
		f.err = fmt.Sprintf("%s cannot be swept", f.fieldName(f.focus))
		return nil, "", false
	}
	if why := f.notANumber(sc, f.focus, x); why != "" {
		f.err = why
		return nil, "", false
	}
	if err := sweepable(sc, f.variant, x); err != nil {
		f.err = f.sweepRefusal(sc, f.focus, x, err, m.cmp != nil)
		return nil, "", false
	}
	return sc, x, true
}

// withLayer is sc ready for a sweep of field k: itself, or, for a field
// of a retry the call has not got yet, a copy with that retry at one
// attempt, which runs as none does (the engine leaves such a layer out),
// so that attempts has a value to sweep up from, as `breakerlab sweep
// --vary X.retry.attempts=1..4` has; a backoff or a budget is then
// refused as the command line refuses it, with one attempt it changes
// nothing (sweep.Sweepable).
func withLayer(sc *engine.Scenario, v int, k *knob) (*engine.Scenario, error) {
	if k.absent == "" {
		return sc, nil
	}
	sc = cloneScenario(sc)
	attempts := k.path[:strings.LastIndex(k.path, "retry.")] + "retry.attempts"
	return sc, lessons.SetKnob(sc, v, attempts, int64(1))
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

// knobPath is the [set] path of the form's field k: the one
// parser of knob paths, lessons.SetKnob, sets what the form's field sets
// on the variant shown (TestEveryFormKnobHasAPath keeps them in step).
func knobPath(sc *engine.Scenario, v int, k *knob) (string, bool) {
	if k.path != "" {
		return k.path, true
	}
	label := k.label
	switch label {
	case "workers":
		return "workers", true
	case "accept queue":
		return "queue", true
	}
	if ep, ok := strings.CutSuffix(label, " rate"); ok && label != "failure rate" {
		return ep + ".rate", true
	}
	if ep, ok := strings.CutSuffix(label, " patience"); ok {
		return ep + ".patience", true
	}
	// The calls' fields carry their paths; a fault past a dependency's
	// first (addFault) has none.
	return "", false
}

// sweepChoices are the knobs the second axis can be: the form's own first
// (the ones the learner is looking at), then every other numeric knob with
// a value to centre on, never x itself.
func sweepChoices(sc *engine.Scenario, v int, x string, f *form) []string {
	var out []string
	seen := map[string]bool{x: true}
	add := func(p string) {
		if seen[p] {
			return
		}
		seen[p] = true
		if _, ok := lessons.KnobValue(sc, v, p); ok && sweepable(sc, v, p) == nil {
			out = append(out, p)
		}
	}
	for _, k := range f.knobs {
		if p, ok := knobPath(sc, v, &k); ok {
			add(p)
		}
	}
	for _, p := range lessons.NumberKnobs(sc, v) {
		add(p)
	}
	return out
}

// sweepable says why path, swept around its value in sc, gives no axis
// of two values or more that the scenario accepts (nil: it does). A knob
// the variant refuses past its own value would give a grid of one row or
// column, each cell the design itself: a tasks server's workers and
// accept queue (it has neither: every request gets a task) were in the
// picker's list and drew a heatmap of one row.
func sweepable(sc *engine.Scenario, v int, path string) error {
	if err := openFaultEnd(sc, v, path); err != nil {
		return err
	}
	// The command line's filter of the knobs it lists (sweep.Sweepable,
	// as cmd/breakerlab's sweepKnobs asks it), so that both offer the
	// same knobs: a knob the variant does not read (shedding at a server
	// the form left with no accept queue) was offered here, and refused
	// only at enter by the plan, whose checks these are.
	if err := sweep.Sweepable(func() *engine.Scenario { return cloneScenario(sc) }, v, lessons.SetKnob, path); err != nil {
		return err
	}
	_, rows := gridSize(0, 0) // the smaller grid: a knob with two values there has them on the larger
	// Without the design's run, which this must not play (it is asked of
	// every knob the form shows): a knob at none is judged by its fixed
	// range, 0 to 10 in equal steps, where the sweep runs up to the run's
	// peak, most often on a ladder (noneAxis). Either has none and a value
	// above it that the scenario takes when the other has:
	// TestSweepableAgreesWithTheAxisAtNone.
	ax, _, err := around(sc, v, path, rows)
	if err != nil {
		return err
	}
	if len(ax.Values) < 2 {
		cur, _ := lessons.KnobValue(sc, v, path)
		lo, hi, _ := aroundEnds(cur, path)
		return fmt.Errorf("%s: no value from %s to %s but its own (%s) makes a valid scenario, so there is nothing to sweep; set it to another value first", path, showEnd(lo), showEnd(hi), knobText(cur))
	}
	return nil
}

// openFaultEnd says, for a fault's end left empty (the fault lasts to the
// run's end), that there is no value around it to sweep and how to get
// one. The range around an empty end was the range around zero, all of it
// before the fault's start, and the refusal read "no value from 0s to 1s
// but its own (0s)", of a field that showed no 0s. Nor is the run's end
// the empty end's place on an axis: a fault left open goes on through the
// drain after the traffic stops (a hang holds its calls to the drain
// limit), where one that ends at the run's end lets them be answered, so
// the design would not be a value of the axis. nil for any other knob.
func openFaultEnd(sc *engine.Scenario, v int, path string) error {
	if !strings.HasSuffix(path, ".fault.to") {
		return nil
	}
	end, ok := lessons.KnobValue(sc, v, path)
	if !ok || !isZero(end) {
		return nil
	}
	start := "its start"
	if from, ok := lessons.KnobValue(sc, v, strings.TrimSuffix(path, "to")+"from"); ok {
		start = fmt.Sprintf("its start (%s)", knobText(from))
	}
	return fmt.Errorf("%s is empty: the fault lasts to the run's end, so there is no value around it to sweep; type an end time between %s and the run's end (%s) to sweep it", path, start, durText(sc.Duration))
}

// partnerOf is the second knob offered first: the traffic into the
// dependency the form is about, or, when x is that traffic, the
// dependency's bulkhead or timeout.
func partnerOf(sc *engine.Scenario, v int, x string) string {
	sys := &sc.Variants[v].System
	di := focusDependency(sys)
	if di < 0 {
		return "workers"
	}
	dep := sys.Dependencies[di].Name
	for _, e := range sys.Endpoints {
		if e.Calls == dep && e.Rate > 0 && e.Name+".rate" != x {
			return e.Name + ".rate"
		}
	}
	if sys.Dependencies[di].Policy.Bulkhead > 0 && x != dep+".bulkhead" {
		return dep + ".bulkhead"
	}
	return dep + ".timeout"
}

// measuresOf lists what a sandbox sweep can measure: each endpoint's ok
// share (the bystanders first, whose loss is the cascade, except in a
// tasks server), the p99 of the endpoints calling the dependency in the
// form, that dependency's calls in flight and, with a breaker, when it
// first opens.
func measuresOf(sc *engine.Scenario, v int) []string {
	sys := &sc.Variants[v].System
	dep := ""
	if di := focusDependency(sys); di >= 0 {
		dep = sys.Dependencies[di].Name
	}
	var bystanders, callers []string
	for _, e := range sys.Endpoints {
		if e.Calls == dep {
			callers = append(callers, e.Name+".ok", e.Name+".p99")
		} else {
			bystanders = append(bystanders, e.Name+".ok")
		}
	}
	// The bystanders first: whether they keep working is the question a
	// bulkhead, a timeout or a breaker answers in a pool of workers that
	// one dependency can fill. A tasks server gives every request a task
	// of its own: its bystanders lose only when the process dies (its
	// memory), and with a semaphore or a timeout in the form they keep
	// an ok share of 1 in every cell, so the callers come first there.
	first, then := bystanders, callers
	if sys.Tasks != nil {
		first, then = callers, bystanders
	}
	out := append(first, then...)
	if dep != "" {
		out = append(out, dep+".in_flight_max")
		if sys.Dependencies[focusDependency(sys)].Policy.Breaker != nil {
			out = append(out, dep+".first_open")
		}
	}
	return out
}

// share says whether a knob is a share, at most 1.
func share(path string) bool {
	for _, s := range []string{".failure_rate", ".slow_rate", ".probability", ".jitter"} {
		if strings.HasSuffix(path, s) {
			return true
		}
	}
	return false
}

// plan builds the sweep of x against y on the design, measuring measure,
// on a grid of nx × ny and seeds seeds.
func (s *sweepOverlay) planFor(y string, nx, ny, seeds int) (*sweep.Plan, sweepui.Mark, error) {
	sx, sy, err := s.pairedSpans(y, nx, ny)
	if err != nil {
		return nil, sweepui.Mark{}, err
	}
	ax, mx, ay, my := sx.ax, sx.x, sy.ax, sy.x
	metric, err := sweep.ParseMetric(s.measures[s.measure], s.base, s.variant)
	if err != nil {
		return nil, sweepui.Mark{}, err
	}
	base := s.base
	p := &sweep.Plan{
		Build:   func() *engine.Scenario { return cloneScenario(base) },
		Variant: s.variant,
		Axes:    []sweep.Axis{ax, ay},
		Measure: metric,
		Set:     lessons.SetKnob,
	}
	for k := range seeds {
		p.Seeds = append(p.Seeds, s.seed+uint64(k))
	}
	if err := p.Prepare(); err != nil {
		return nil, sweepui.Mark{}, err
	}
	return p, sweepui.Mark{X: mx, Y: my, Label: "the design in the form", None: [2]string{lessons.NoneWords(s.x), lessons.NoneWords(y)}, Value: s.text}, nil
}

// sweepSize is a sweep's grid and its seeds.
type sweepSize struct{ nx, ny, seeds int }

// fitSizes are the sizes a sweep is tried at, the window's first: its grid
// on two seeds, then on one, then coarser grids on one seed, down to 6 × 4.
// A second seed only makes each cell's figure steadier, so it goes first;
// a coarser grid still spans the same range around the design.
func fitSizes(nx, ny int) []sweepSize {
	out := []sweepSize{{nx, ny, sweepSeeds}, {nx, ny, 1}}
	for _, g := range [][2]int{{12, 8}, {8, 6}, {6, 4}} {
		if g[0] < nx && g[1] < ny {
			out = append(out, sweepSize{g[0], g[1], 1})
		}
	}
	return out
}

// fitPlan plans the sweep of x against y at the largest of fitSizes that
// the Limits let run. When a smaller one runs, fit says what was made
// smaller and why, with the engine's figures: the whole sweep's estimate
// and the budget from the refusal, the sweep's own when the Limits ask
// with it (checkSweep), and how the budget is raised. A refusal other than
// the budget's (the memory a cell would hold, a slot, a test's) is not
// helped by fewer cells, and comes back as it is; so does the smallest
// size's refusal, named as such.
func (s *sweepOverlay) fitPlan(y string, nx, ny int, lim Limits) (plan *sweep.Plan, mark sweepui.Mark, fit, short string, err error) {
	var (
		whole     *engine.BudgetError
		wholeSize string // "20 × 14 designs on 2 seeds"
	)
	sizes := fitSizes(nx, ny)
	for k, sz := range sizes {
		plan, mark, err = s.planFor(y, sz.nx, sz.ny, sz.seeds)
		if err != nil {
			return nil, mark, "", "", err
		}
		costed, refused := lim.checkSweep(plan)
		if refused == nil {
			if whole != nil {
				fit, short = fitNote(plan, whole, wholeSize, costed, lim)
			}
			return plan, mark, fit, short, nil
		}
		var be *engine.BudgetError
		if !errors.As(refused, &be) || be.Memory {
			return nil, mark, "", "", refused
		}
		if whole == nil {
			whole, wholeSize = be, sizeWords(plan)
		}
		if k == len(sizes)-1 {
			gx, gy := plan.Size()
			return nil, mark, "", "", fmt.Errorf("even on %d × %d designs and 1 seed, %w", gx, gy, refused)
		}
	}
	return nil, mark, "", "", errors.New("no size of sweep to try") // fitSizes gives two at least
}

// fitNote says what a sweep made smaller to fit the budget runs on, what
// the whole one would have cost, and how the budget is raised; short says
// the first two in a line or two.
func fitNote(plan *sweep.Plan, whole *engine.BudgetError, wholeSize string, costed bool, lim Limits) (note, short string) {
	budget, need := engine.FormatCount(float64(whole.Budget)), engine.FormatCount(whole.Cost.Requests)
	short = fmt.Sprintf("Made smaller to fit the budget of %s requests: %s (the whole sweep: about %s).", budget, sizeWords(plan), need)
	note = fmt.Sprintf("Made smaller to fit the budget of %s requests: %s", budget, sizeWords(plan))
	if costed {
		note += fmt.Sprintf(", about %s requests", engine.FormatCount(plan.Cost().Requests))
	}
	note += fmt.Sprintf("; the whole sweep, %s, would simulate about %s.", wholeSize, need)
	switch {
	case lim.RaiseBudget != nil:
		note += " " + lim.RaiseBudget(whole.Cost.Requests)
	case whole.Flag != "":
		note += fmt.Sprintf(" Raise it with %s %s.", whole.Flag, engine.BudgetValue(whole.Cost.Requests))
	}
	return note, short
}

// sizeWords is a plan's size: "12 × 8 designs on 1 seed".
func sizeWords(p *sweep.Plan) string {
	gx, gy := p.Size()
	return fmt.Sprintf("%d × %d designs on %s", gx, gy, seedWords(len(p.Seeds)))
}

// seedWords is "1 seed" or "2 seeds".
func seedWords(n int) string {
	if n == 1 {
		return "1 seed"
	}
	return fmt.Sprintf("%d seeds", n)
}

// startSweep plans the sweep and returns the command that runs it. The
// plan is the largest that the Limits' budget lets run (fitPlan). The
// command first takes a slot (Limits.Acquire), so a slot is never taken
// by a command that does not run; a refusal comes back as the sweep's
// result, its reason in place of the heatmap.
func (m *Model) startSweep() tea.Cmd {
	s := m.sw
	nx, ny := gridSize(m.w, m.h)
	lim := m.limits
	plan, mark, fit, short, err := s.fitPlan(s.choices[s.cursor], nx, ny, lim)
	if err != nil {
		s.err = err.Error()
		return nil
	}
	if old := s.plan; old != nil && sameGrid(old, plan) {
		// m measures the same grid again: the cursor stays on its cell.
		mark.Cursor = s.mark.Cursor
	}
	ctx, cancel := context.WithCancel(lim.context())
	s.id, s.plan, s.mark, s.cancel, s.fit, s.fitShort = sweepIDs.Add(1), plan, mark, cancel, fit, short
	s.stage, s.res, s.err, s.stopped, s.stopping, s.done, s.total = sweepRunning, nil, "", false, false, 0, len(plan.Jobs())
	s.workers = sweepWorkers(lim.MaxSweepWorkers)
	id := s.id
	// Progress goes through a channel of one: a message waiting there is
	// replaced by none newer, so the screen is never behind by a queue.
	progress := make(chan tea.Msg, 1)
	done := make(chan tea.Msg, 1)
	s.wait = func() tea.Msg {
		select {
		case p := <-progress:
			return p
		case d := <-done:
			return d
		}
	}
	wait := s.wait
	return func() tea.Msg {
		release := func() {}
		if lim.Acquire != nil {
			r, err := lim.Acquire()
			if err != nil {
				cancel()
				return sweepDoneMsg{id: id, err: err}
			}
			release = r
		}
		go func() {
			defer release()
			defer cancel()
			res, err := sweepui.RunEach(ctx, plan, lim.MaxSweepWorkers, func(res *sweep.Result) {
				// This goroutine is progress's only sender: room now is
				// room for the send, and the copy is made only then.
				if len(progress) == 0 {
					progress <- sweepProgressMsg{id, res.Runs, res.Total, res.Clone()}
				}
			})
			// No run of the plan is left: what the runs shared goes, and
			// the result keeps only what the heatmap reads.
			plan.Release()
			done <- sweepDoneMsg{id, res, err}
		}()
		return wait()
	}
}

// sameGrid says whether plans a and b vary the same knobs over the same
// values.
func sameGrid(a, b *sweep.Plan) bool {
	if len(a.Axes) != len(b.Axes) {
		return false
	}
	for i := range a.Axes {
		if a.Axes[i].Path != b.Axes[i].Path || !slices.Equal(a.Axes[i].X, b.Axes[i].X) {
			return false
		}
	}
	return true
}

// cellKeys are the keys of the map's cells, once there are cells to read:
// the arrows, and enter once one is under the cursor of a finished sweep.
func (s *sweepOverlay) cellKeys() []key.Binding {
	if s.res == nil || s.res.Runs == 0 || s.plan == nil || len(s.plan.Axes) < 2 {
		return nil
	}
	keys := []key.Binding{sweepKeys.Cell}
	if s.stage == sweepDone && s.mark.Cursor.Shown {
		keys = append(keys, sweepKeys.Take)
	}
	return keys
}

// moveCursor moves the cell cursor by the arrow k: the first arrow shows
// it on the design's cell (◆) and moves it from there. Up is the next
// value of the second knob, as the map draws it; the cursor stops at the
// grid's edges.
func (s *sweepOverlay) moveCursor(k tea.KeyMsg) {
	if s.plan == nil || len(s.plan.Axes) < 2 {
		return
	}
	nx, ny := s.plan.Size()
	c := &s.mark.Cursor
	if !c.Shown {
		c.I, c.J = s.mark.Cell(s.plan)
		c.Shown = true
	}
	switch k.Type {
	case tea.KeyLeft:
		c.I--
	case tea.KeyRight:
		c.I++
	case tea.KeyUp:
		c.J++
	case tea.KeyDown:
		c.J--
	}
	c.I, c.J = min(max(c.I, 0), nx-1), min(max(c.J, 0), ny-1)
}

// takeCell puts the design of the cell under the cursor into the form:
// each knob's field gets the value the cell ran, written as the form
// writes values, and the overlay closes on the form, its cursor on the
// first knob's field; the form's enter runs it. It returns why not,
// changing nothing, when a knob has no field in the form (the picker
// offers every number knob of the scenario, the form only its own).
func (m *Model) takeCell() string {
	s, f := m.sw, m.form
	c := s.mark.Cursor
	at := [2]int{c.I, c.J}
	var fields [2]int
	for a := range fields {
		path := s.plan.Axes[a].Path
		fields[a] = fieldFor(f, s.base, s.variant, path)
		if fields[a] < 0 {
			return fmt.Sprintf("%s has no field in the form: `breakerlab sweep` varies it", path)
		}
	}
	var texts [2]string
	for a, fi := range fields {
		val := s.plan.Axes[a].Values[at[a]]
		text, ok := f.knobs[fi].textOf(val)
		if !ok {
			return fmt.Sprintf("%s=%v is no value the form's field takes", s.plan.Axes[a].Path, val)
		}
		texts[a] = text
	}
	for a, fi := range fields {
		f.knobs[fi].input.SetValue(texts[a])
	}
	f.focus = fields[0]
	f.entry.Anew() // the value the sweep put there stands selected
	m.sw = nil
	return ""
}

// fieldFor is the index of the form's field that sets path, or -1.
func fieldFor(f *form, sc *engine.Scenario, v int, path string) int {
	for i := range f.knobs {
		if p, ok := knobPath(sc, v, &f.knobs[i]); ok && p == path {
			return i
		}
	}
	return -1
}

// sweepWorkers is how many goroutines a sweep with the limit runs on.
func sweepWorkers(limit int) int {
	if limit <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return min(limit, runtime.GOMAXPROCS(0))
}

// stop cancels a sweep under way, if there is one.
func (s *sweepOverlay) stop() {
	if s.cancel != nil {
		s.cancel()
	}
}

// sweepKey handles a key while the overlay is open.
func (m Model) sweepKey(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	s := m.sw
	if k.Type == tea.KeyCtrlC {
		return m.quitSweep()
	}
	switch s.stage {
	case sweepPicking:
		vis := s.visible()
		switch {
		case key.Matches(k, sweepKeys.Back):
			m.sw = nil
		case key.Matches(k, sweepKeys.Up):
			s.cursor = moveIn(vis, s.cursor, -1)
		case key.Matches(k, sweepKeys.Down):
			s.cursor = moveIn(vis, s.cursor, 1)
		case key.Matches(k, sweepKeys.Run):
			if len(vis) > 0 {
				return m, m.startSweep()
			}
		case k.Type == tea.KeyBackspace:
			if s.filter != "" {
				r := []rune(s.filter)
				s.filter = string(r[:len(r)-1])
			}
			s.keepCursor()
		case k.Type == tea.KeyRunes:
			s.filter += string(k.Runes)
			s.keepCursor()
		}
	case sweepRunning:
		switch {
		case key.Matches(k, sweepKeys.Back) || key.Matches(k, m.keys.Quit):
			s.stop() // the done message shows what was run
			s.stopping = true
		case key.Matches(k, sweepKeys.Cell):
			s.moveCursor(k) // the cells done so far can be read while the others run
		}
	case sweepDone:
		s.took = ""
		switch {
		case key.Matches(k, sweepKeys.Cell):
			s.moveCursor(k)
		case key.Matches(k, sweepKeys.Take) && s.mark.Cursor.Shown:
			if why := m.takeCell(); why != "" {
				s.took = why
			}
		case key.Matches(k, sweepKeys.Back), key.Matches(k, m.keys.Leave):
			// Inside another screen q does what esc does, as it does on
			// the sandbox's own screen (keys.go): back to the form.
			m.sw = nil
		case key.Matches(k, m.keys.Quit):
			return m.quitSweep()
		case key.Matches(k, sweepKeys.Measure):
			s.measure = (s.measure + 1) % len(s.measures)
			return m, m.startSweep()
		case key.Matches(k, sweepKeys.Other):
			s.stage, s.err = sweepPicking, ""
		}
	}
	return m, nil
}

// quitSweep quits from the sweep, stopping it; where that would lose
// work, the sweep closes and the form under it shows the question.
func (m Model) quitSweep() (tea.Model, tea.Cmd) {
	m.sw.stop()
	if m.unsaved(true) {
		m.sw = nil
	}
	return m.quit()
}

// visible are the indexes of the choices the filter lets through.
func (s *sweepOverlay) visible() []int {
	var out []int
	list, prefix, section := sectionFilter(s.filter) // sweepsection.go
	for i, c := range s.choices {
		if strings.Contains(c, s.filter) || (section && s.inSection(c, list, prefix)) {
			out = append(out, i)
		}
	}
	return out
}

// keepCursor moves the cursor to the first visible choice when the filter
// hides the one it was on.
func (s *sweepOverlay) keepCursor() {
	vis := s.visible()
	for _, c := range vis {
		if c == s.cursor {
			return
		}
	}
	if len(vis) > 0 {
		s.cursor = vis[0]
	}
}

// moveIn moves the cursor d places within the visible choices.
func moveIn(vis []int, cur, d int) int {
	if len(vis) == 0 {
		return cur
	}
	at := 0
	for i, c := range vis {
		if c == cur {
			at = i
		}
	}
	return vis[(at+d+len(vis))%len(vis)]
}

// sweepScreen is the whole screen while the overlay is open: the title,
// the overlay in a frame, and its keys.
func (m Model) sweepScreen() string {
	s := m.sw
	body := m.h - 3
	title := "Sweep: " + s.x
	if s.stage != sweepPicking {
		title += " × " + s.choices[s.cursor]
	}
	seeds := sweepSeeds
	if s.stage != sweepPicking && s.plan != nil {
		seeds = len(s.plan.Seeds)
	}
	note := fmt.Sprintf("seeds %d-%d", s.seed, s.seed+uint64(seeds)-1)
	if seeds == 1 {
		note = fmt.Sprintf("seed %d", s.seed)
	}
	var inner []string
	switch s.stage {
	case sweepPicking:
		inner = m.pickerLines(m.w-4, body-2)
	case sweepRunning:
		inner = s.progressLines(m.th, m.w-4, body-2)
	case sweepDone:
		inner = s.resultLines(m, m.w-4, body-2)
	}
	for i := range inner {
		inner[i] = " " + inner[i]
	}
	lines := []string{m.titleLine()}
	lines = append(lines, pane.Frame(m.th, m.w, body, title, note, inner)...)
	about := "every cell is the engine's run of that design on each seed; the form is kept"
	status := " " + m.th.Dim.Render(about)
	if cells := s.cellKeys(); len(cells) > 0 {
		// The cell's keys lead the line, and the words follow where
		// they fit whole: the key line below is full at 80 columns.
		status = " " + m.help.ShortHelpView(cells)
		if with := status + m.th.Dim.Render("  ·  "+about); lipgloss.Width(with) <= m.w {
			status = with
		}
	}
	switch {
	case s.err != "":
		// The reason is drawn whole in the frame (pickerLines,
		// resultLines): a refusal's figures must not be cut here.
		status = " " + m.th.Error.Render("the sweep did not run: the reason is above")
	case s.took != "":
		status = " " + m.th.Error.Render(s.took)
	}
	lines = append(lines, pane.Fit(status, m.w))
	var keys []key.Binding
	switch s.stage {
	case sweepPicking:
		keys = []key.Binding{playback.Short("↑/↓", "knob"), playback.Short("type", "filter"), sweepKeys.Run, playback.Short("esc", "back to the form")}
	case sweepRunning:
		keys = []key.Binding{playback.Short("esc", "stop")}
	case sweepDone:
		keys = []key.Binding{sweepKeys.Measure, sweepKeys.Other, playback.Short("esc", "back to the form"), m.keys.Quit}
		if m.keys.Leave.Enabled() {
			keys = []key.Binding{sweepKeys.Measure, sweepKeys.Other, playback.Short("esc/q", "back to the form")}
		}
	}
	lines = append(lines, pane.Fit(" "+m.help.ShortHelpView(keys), m.w))
	return strings.Join(lines, "\n")
}

// pickerLines list the second knobs with their current values, scrolled so
// the cursor shows.
func (m Model) pickerLines(w, h int) []string {
	s := m.sw
	nx, ny := gridSize(m.w, m.h)
	// Both axes are announced as the sweep will run them (pairedSpans): how
	// many values, from where to where, and where a limit of the scenario
	// cut the range.
	along := func(path string, steps int, sp span, err error) string {
		if err != nil {
			return pane.Counted(steps, "value", "values") + ", around " + s.valueText(path)
		}
		values, cut := sp.wordsIn(s.end(path))
		text := values + ", around " + s.valueText(path)
		if cur, _ := lessons.KnobValue(s.base, s.variant, path); lessons.NoneWords(path) != "" && isZero(cur) {
			text = values + ", around " + sweepui.ZeroLabel(lessons.NoneWords(path)) // the words name it already
		}
		if cut != "" {
			text += "; " + cut
		}
		return text
	}
	sx, xerr := s.spanOf(s.x, nx)
	var y string
	var sy span
	var yerr error
	if slices.Contains(s.visible(), s.cursor) {
		// The y picked may part x's range (pairedSpans): x is announced
		// as the sweep against it would run.
		y = s.choices[s.cursor]
		if sx, sy, yerr = s.pairedSpans(y, nx, ny); yerr != nil {
			sx, xerr = s.spanOf(s.x, nx)
			sy, yerr = s.spanOf(y, ny)
		}
	}
	head := wrapText(fmt.Sprintf("%s along x (%s), against which knob along y?", s.x, along(s.x, nx, sx, xerr)), w)
	if y != "" {
		head = append(head, wrapText(fmt.Sprintf("y: %s, %s", y, along(y, ny, sy, yerr)), w)...)
	}
	if s.err != "" {
		var why []string
		for _, l := range wrapText("✗ "+s.err, w) {
			why = append(why, m.th.Error.Render(l))
		}
		head = append(append(why, ""), head...)
	}
	out := append(head, "filter: "+s.filter+"▏", "")
	vis := s.visible()
	if len(vis) == 0 {
		return append(out, s.noMatchLines(m.th, w)...)
	}
	rows := max(1, h-len(out))
	at := 0
	for i, c := range vis {
		if c == s.cursor {
			at = i
		}
	}
	from := min(max(0, at-rows/2), max(0, len(vis)-rows))
	for _, c := range vis[from:min(len(vis), from+rows)] {
		line := fmt.Sprintf("%-40s %s", s.choices[c], s.valueText(s.choices[c]))
		if c == s.cursor {
			line = m.th.Selected.Render(theme.GlyphCursor + " " + line)
		} else {
			line = "  " + line
		}
		out = append(out, line)
	}
	return out
}

// noMatchLines say why the filter lets no knob through: a scenario
// file's key (window_size, as `scenarios --dump` writes it) gets the
// knob's name, as the command line's --vary gets it
// (lessons.FileKeyRefusal), a slip the nearest knobs; each says how to
// see the list again. It is drawn only while nothing matches.
func (s *sweepOverlay) noMatchLines(th *theme.Theme, w int) []string {
	text := "no knob's path contains \"" + s.filter + "\""
	if hint := lessons.DidYouMean(s.filter, s.choices); hint != "" {
		text += hint
	} else {
		text += "."
	}
	if fk := lessons.FileKeyRefusal(s.filter, s.choices, "the sweep"); fk != nil {
		text = fk.Error() + ": type that instead."
	}
	if why, ok := s.sectionNoMatch(); ok {
		// A section path names parts, not a knob: say which it has.
		text = why
	}
	text += " Empty the filter (backspace) to list every knob."
	var out []string
	for _, l := range wrapText(text, w) {
		out = append(out, th.Dim.Render(l))
	}
	return out
}

// fieldKinds are the kinds of f's fields by the knob paths they set.
func fieldKinds(f *form, sc *engine.Scenario, v int) map[string]valueKind {
	kinds := make(map[string]valueKind, len(f.knobs))
	for i := range f.knobs {
		if p, ok := knobPath(sc, v, &f.knobs[i]); ok {
			kinds[p] = f.knobs[i].kind
		}
	}
	return kinds
}

// text writes a knob's value as the knob form writes it in the field that
// sets the knob (knob.textOf: a timeout "1s", a share "50%"), and as
// knobText does a knob the form has no field for: one rule for a knob's
// value wherever the sweep shows it beside the form. The ◆ line read
// "recommendations.timeout=1000ms" (Axis.Setting) under a form whose field
// read "1s", and the picker a failure rate "0.5" the field read "50%".
func (s *sweepOverlay) text(path string, val any) string {
	if kind, ok := s.kinds[path]; ok {
		k := knob{kind: kind}
		if text, ok := k.textOf(val); ok {
			return text
		}
	}
	return knobText(val)
}

// end writes an end of a range of path's values, as a share's field does
// ("12.5%", where "0.125" stood beside "around 50%"), else short
// (showEnd).
func (s *sweepOverlay) end(path string) func(v any) string {
	return func(v any) string {
		if s.kinds[path] == kindPercent {
			return s.text(path, v)
		}
		return showEnd(v)
	}
}

// valueText writes a knob's current value for the picker, as the form
// writes it (s.text): the picker listed a failure rate "0.5" that the
// form's field reads "50%".
func (s *sweepOverlay) valueText(path string) string {
	val, ok := lessons.KnobValue(s.base, s.variant, path)
	if !ok {
		return ""
	}
	text := s.text(path, val)
	if words := lessons.NoneWords(path); words != "" && isZero(val) {
		text += " (" + words + ")"
	}
	return text
}

// knobText writes a knob's value as lessons.KnobValue reads it the way
// the knob form shows it: a duration as the form writes one ("70s", where
// Go's own text is "1m10s"), a float short.
func knobText(val any) string {
	switch x := val.(type) {
	case float64:
		return sweep.Short(x)
	case string:
		if d, err := time.ParseDuration(x); err == nil {
			return durText(d)
		}
	}
	return fmt.Sprint(val)
}

// progressLines show how far the sweep has come: a bar, the runs, and
// what esc does; once cells are in, the bar and the heatmap so far (the
// keys below still say how to stop).
func (s *sweepOverlay) progressLines(th *theme.Theme, w, h int) []string {
	nx, ny := s.plan.Size()
	barW := max(10, min(50, w-20))
	filled := 0
	if s.total > 0 {
		filled = barW * s.done / s.total
	}
	bar := th.Good.Render(strings.Repeat("█", filled)) + th.Dim.Render(strings.Repeat("░", barW-filled))
	fit := s.fitLines(w)
	if s.res != nil && s.res.Runs > 0 {
		status := " " + pane.Count(s.done) + "/" + pane.Count(s.total) + " runs"
		if s.cancel == nil || s.stopping {
			status += th.Dim.Render(", stopping")
		}
		return append([]string{bar + status}, s.heatmapLines(th, w, h-1)...)
	}
	on := "on every core"
	if s.workers < runtime.GOMAXPROCS(0) {
		on = fmt.Sprintf("on %d of the %d cores", s.workers, runtime.GOMAXPROCS(0))
	}
	each := fmt.Sprintf("%d seeds each", len(s.plan.Seeds))
	if len(s.plan.Seeds) == 1 {
		each = "1 seed each"
	}
	out := wrapText(fmt.Sprintf("%s on %d × %d designs around the one in the form, %s, %s.",
		s.plan.Measure.Describe(), nx, ny, each, on), w)
	if len(fit) > 0 {
		out = append(append(out, ""), fit...)
	}
	out = append(out, "", bar+" "+pane.Count(s.done)+"/"+pane.Count(s.total)+" runs", "")
	if s.cancel == nil || s.stopping {
		return append(out, th.Dim.Render("stopping: the runs under way stop at their next step"))
	}
	return append(out, wrapText("esc stops the sweep and shows the cells that are done.", w)...)
}

// resultLines draw the heatmap, or what went wrong.
func (s *sweepOverlay) resultLines(m Model, w, h int) []string {
	if s.res == nil {
		return wrapText("the sweep did not run: "+s.err, w)
	}
	var hint []string
	if text := s.sameEverywhere(); text != "" {
		hint = wrapText(text, w)
	}
	out := s.heatmapLines(m.th, w, h-len(hint))
	for _, l := range hint {
		out = append(out, m.th.Dim.Render(l))
	}
	return out
}

// fitLines are the note of a sweep made smaller to fit the budget
// (fitPlan), wrapped to w; none for a sweep run whole.
func (s *sweepOverlay) fitLines(w int) []string {
	if s.fit == "" {
		return nil
	}
	return wrapText(s.fit, w)
}

// heatmapLines draw the heatmap so far in h lines and, for a sweep made
// smaller to fit the budget, its note below: whole when the map still
// fits above it, else its short form, else none (the frame's corner still
// names the seeds). The map grows its cells to the height it is given, so
// each note is tried with the map drawn in the lines it leaves.
func (s *sweepOverlay) heatmapLines(th *theme.Theme, w, h int) []string {
	notes := [][]string{nil}
	if s.fit != "" {
		notes = [][]string{s.fitLines(w), wrapText(s.fitShort, w), nil}
	}
	var out []string
	for _, note := range notes {
		out = strings.Split(strings.TrimRight(sweepui.HeatmapFit(s.res, th, w, h-len(note), &s.mark), "\n"), "\n")
		if len(out)+len(note) <= h {
			return append(out, note...)
		}
	}
	return out
}

// sameEverywhere is the hint a finished sweep whose measure came out the
// same in every cell shows under its heatmap: which measure m runs next.
// A bystander's ok share, measured first, is the whole lesson in a thread
// pool that one dependency can fill; in a tasks server, where each request
// has a task of its own, it is often 1 whatever the knobs, and the map
// says nothing until the learner measures the callers.
func (s *sweepOverlay) sameEverywhere() string {
	lo, hi, ok := s.res.Range()
	if !ok || !heatbands.NewScale(s.plan, lo, hi).Uniform || !s.res.Complete() || len(s.measures) < 2 {
		return ""
	}
	return fmt.Sprintf("%s is %s in every cell: m measures %s next", s.measures[s.measure], sweepui.Value(s.res.Plan.Measure, lo), s.measures[(s.measure+1)%len(s.measures)])
}

// wrapText wraps s at spaces to w columns.
func wrapText(s string, w int) []string {
	var out []string
	cur := ""
	for _, word := range strings.Fields(s) {
		switch {
		case cur == "":
			cur = word
		case len([]rune(cur))+1+len([]rune(word)) <= w:
			cur += " " + word
		default:
			out = append(out, cur)
			cur = word
		}
	}
	return append(out, cur)
}
