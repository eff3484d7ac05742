package sweep

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
)

// Setter sets the knob at path on variant v of sc; lessons.SetKnob is one.
// It changes nothing of sc's other variants (a plan's cells share them).
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

	cells []*engine.Scenario // one per cell, shared read-only by the runs; nil for a large grid (cell)
	// The base cell's scenario (see base), kept whatever the grid, and
	// the plan's cost, summed cell by cell as Prepare builds them.
	baseCell *engine.Scenario
	cost     engine.Cost
	// The cells whose endpoints send the same traffic (the same rates,
	// intervals and called latencies: every cell, unless an axis changes
	// one of these) form a group; group[c] is cell c's. For each seed,
	// the traffic of every group of one duration (every group, unless
	// the duration is an axis) is drawn once, into one engine.Traffic
	// that holds each distinct endpoint's requests once, by the first
	// run that needs it; the other runs replay it (engine's ResetShared).
	group  []int
	set    []int   // set[c]: the duration class of cell c
	groups [][]int // groups[set]: one cell of each of the set's groups
	// traffic[set*len(Seeds)+seed] is a set's traffic for a seed.
	traffic []trafficSlot
	held    atomic.Int64 // requests the drawn traffic holds
	// Forks (engine's ForkInto): for each seed, the base cell's run up to
	// forkAt (just before the first fault), run once by the first job that
	// needs it; a cell whose knobs have not mattered by then goes on from
	// a copy of it instead of running the prefix again. base is the cell
	// with the most workers and the longest timeouts, the likeliest to
	// have no knob matter.
	base     int
	forkAt   time.Duration
	prefixes []prefixSlot
	forks    atomic.Int64 // jobs that forked
	// Forks at the end: a finished run (run to its end, or stopped once
	// its measure was settled: settle.go) is kept (handed over by its
	// Runner, which goes on with a spare run's buffers) for its seed and
	// its column (the first axis's value) and for its row, and a later
	// job of the same seed and column or row whose knob never mattered in
	// it is that run with its own knob (ForkInto at the end): nothing is
	// left to simulate. endCol[s*nx+i], endRow[s*ny+j]; kept holds the
	// bytes of the buffers of the runs they hold (engine's Footprint), at
	// most keptMax (keptCap): a run replaced in both its slots, and forked from by
	// no job just now, no longer counts, and its buffers are spare.
	endCol, endRow []atomic.Pointer[keptRun]
	// Prefixes of a column and a row: a cell whose knobs mattered before
	// forkAt in the base's run (a bulkhead too small for the traffic
	// before the fault, a timeout shorter than its normal calls) runs
	// from the start, and a copy of its run at forkAt is kept, as a
	// finished run is, for the later jobs of its column and row; theirs
	// share its small knob, and the other may not have mattered yet.
	// preCol[s*nx+i], preRow[s*ny+j], their bytes counted in kept. A
	// copy is kept only when the next cell of the column or row could
	// fork from it (nextMayFork): one that could serve no cell costs its
	// bytes and its copying for nothing.
	preCol, preRow []atomic.Pointer[keptRun]
	// Copies of a run at the latest moment the next cell of its column
	// or row could still fork from it (watch.go), for the later jobs of
	// that column and row: midCol[s*nx+i], midRow[s*ny+j], their bytes
	// counted in kept.
	midCol, midRow []atomic.Pointer[keptRun]
	midForks       atomic.Int64 // of forks, those from midCol or midRow
	endForks       atomic.Int64
	rowForks       atomic.Int64 // of forks, those from preCol or preRow
	kept           atomic.Int64
	keptMax        int64                 // keptCap, set by Prepare
	work           [NumStarts]workCounts // work.go
	// spare holds the buffers of kept runs let go, for the Runners that
	// handed theirs over (keepEnd).
	spareMu sync.Mutex
	spare   []*engine.Run
	// keptSpare holds the buffers of compact copies let go, for
	// the next copies (keepCompact, the watch's look).
	keptSpare []*engine.Run
	// spareBytes is the Footprint of the runs in spare and keptSpare
	// (maxSpareBytes).
	spareBytes int64
	// What a seed's runs share goes once they are all done: the jobs come
	// seed by seed (Jobs), so a sweep holds the traffic, prefixes and
	// finished runs of the few seeds under way, however many seeds it
	// has. left[s] counts seed s's jobs not done yet. So do the runs a
	// column's or a row's slots hold once its jobs are done
	// (colLeft[s*nx+i], rowLeft[s*ny+j]): no later job looks there. A
	// seed's cells come a diagonal at a time, so its slots hold about
	// the runs of the diagonal last done.
	left             []atomic.Int64
	colLeft, rowLeft []atomic.Int64
}

// keptRun is a finished run kept to fork from, held by a column's slot
// and a row's and by the jobs forking from it just now (refs), and its
// size in bytes. Once none holds it, its run's buffers go to the plan's
// spare runs.
type keptRun struct {
	run  *engine.Run
	size int64
	refs atomic.Int32
	// A finished run (keepEnd) comes with what the job measured on it: a
	// cell that forks from it at its end is that run, its knobs unused,
	// and so measures the same (a metric reads counts, never a knob).
	// A compact copy (engine's KeepInto: a finished run's, a prefix's, a
	// watched one) holds its arrays at about their length, and its
	// buffers go back to keptSpare, not to spare: too small for a Runner.
	compact bool
	sample  Sample
}

// hold takes a hold on k for a job forking from it, unless every holder
// has let go (then its run may be another job's already).
func (k *keptRun) hold() bool {
	for {
		n := k.refs.Load()
		if n <= 0 {
			return false
		}
		if k.refs.CompareAndSwap(n, n+1) {
			return true
		}
	}
}

// maxKept bounds the bytes of the runs a plan keeps to fork from at once
// and of its grid's own bookkeeping together (a cascade run's copy holds
// some 160 KB, fleet-probes' and go-inventory's 1 MB; a seed's columns and
// rows hold a finished run, a prefix and a watched copy each). At 8 MB a
// 20-column grid of the larger scenarios could not keep its finished
// runs, and cells that might have been those runs ran on instead; at
// 16 MB every built-in 20 × 20 sweep forks as much as at 24 (the share
// simulated moves by no more than two runs' scheduling does), and a
// 40 × 40 sweep of go-inventory, whose services' arrays Footprint once
// left out, stays under 64 MB in all where it took 83. The largest grids
// hold megabytes of their own (a 200 × 200 grid on 5 seeds: its result's
// three figures a run, its cells' groups), and the runs kept give way to
// them (keptCap), down to minKept. With the traffic's bound
// (maxSharedRequests), the spare runs' (maxSpareBytes) and the cells'
// (maxHeldCells), a sweep's memory stays under 64 MB whatever its grid
// and seeds, on two workers: the memory test sweeps fleet-probes' and
// go-inventory's copies. Each worker past those holds a run of its own
// besides, as large as the system it simulates (some 4 MB in go-server's
// memory sweep; engine/SPEED.md).
//
// The copies are compact now (engine's KeepInto): a run's arrays at about
// their length, not at the capacities its Runner's largest run grew them
// to, nine times as much in go-server's run at its hang's start. 12 MB of
// them serve more cells than 16 MB of copies at capacity did:
// go-inventory's patience sweep simulates 0.32 of its events where it
// simulated 0.37 (one worker), go-server's memory sweep 0.44 where 0.52.
// At 16 MB they were 0.24 and 0.41, but the 40 × 40 sweeps of go-server's
// memory and go-inventory's workers took 62 to 66 MB of memory in all
// (engine/SPEED.md), where they took 55 to 58 with 16 MB at capacity, and take 57
// to 60 at 12. A copy at capacity counted bytes that took no memory: the
// tail of a large array that nothing wrote lies in pages the system never
// hands the process, while a compact copy is written through, every byte
// it counts resident. 16 MB of compact copies are some 4 MB more of the
// process's memory than 12, and so they measured (62 to 64 MB, with the
// rings that now grow in place, engine's waitRing).
const maxKept = 12 << 20

// minKept is the least a plan keeps of runs to fork from, however large
// its grid: some fifty of the cascade's runs, a column's finished run on
// a quarter of a 200-column grid.
const minKept = 8 << 20

// keptCap is maxKept less what the plan's grid holds of its own: the
// result's figures (two float64s and a bool a run), the cells' groups and
// duration classes, and the slots for kept runs; at least minKept. (The
// cells' scenarios a plan keeps have their own bound, maxHeldCells.)
func (p *Plan) keptCap() int64 {
	nx, ny := p.Size()
	cells, runs, seeds := int64(nx*ny), int64(nx*ny*len(p.Seeds)), int64(len(p.Seeds))
	own := runs*17 + cells*16 + seeds*int64(nx+ny)*(3*8+8)
	return max(minKept, maxKept-own)
}

// prefixSlot is one seed's prefix run, in the states of trafficSlot.
type prefixSlot struct {
	state atomic.Int32
	run   atomic.Pointer[engine.Run] // nil when ready: no fork
}

// trafficSlot is one set's traffic for one seed. state goes from
// slotEmpty to slotDrawing (one run has taken it upon itself to draw) to
// slotReady; a run that finds it drawing draws its own stream rather than
// wait, so no worker ever blocks on another.
type trafficSlot struct {
	state atomic.Int32
	tr    atomic.Pointer[engine.Traffic] // nil when ready: too much to hold
}

const (
	slotEmpty int32 = iota
	slotDrawing
	slotReady
)

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
	if err := p.roundWholeKnobs(); err != nil {
		return err
	}
	nx, ny := p.Size()
	if runs := nx * ny * len(p.Seeds); runs > MaxRuns {
		return fmt.Errorf("%s cells × %s seeds is %s runs; at most %s are allowed: fewer steps or seeds", report.Count(nx*ny), report.Count(len(p.Seeds)), report.Count(runs), report.Count(MaxRuns))
	}
	if err := p.checkBreakers(); err != nil {
		return err
	}
	// Each cell is built and checked once, and what the plan needs of
	// it noted (its traffic group, whether it is the base, its cost);
	// only a grid of at most maxHeldCells keeps the cells' scenarios (a
	// few kilobytes each): a larger one builds a cell again for its runs.
	p.cells, p.baseCell, p.cost = nil, nil, engine.Cost{Variants: 1, Seeds: len(p.Seeds)}
	if nx*ny <= maxHeldCells {
		p.cells = make([]*engine.Scenario, nx*ny)
	}
	g := p.newGrouper()
	var best baseKey
	for j := range ny {
		for i := range nx {
			sc, err := p.build(i, j)
			if err != nil {
				return err
			}
			c := j*nx + i
			if p.cells != nil {
				if c > 0 {
					shareOtherVariants(sc, p.cells[0], p.Variant)
					shareEqual(reflect.ValueOf(&sc.Variants[p.Variant].System).Elem(), reflect.ValueOf(&p.cells[0].Variants[p.Variant].System).Elem())
				}
				p.cells[c] = sc
			}
			p.groupCell(g, c, sc)
			if k := p.baseKeyOf(sc); c == 0 || k.above(best) {
				p.base, p.baseCell, best = c, sc, k
			}
			p.addCost(sc)
		}
	}
	p.Restart()
	return nil
}

// Restart readies a prepared plan for a pass over its jobs: it forgets
// what the runs of a pass before left to share (the seeds' prefixes and
// traffic, the finished runs and copies kept to fork from, the counts of
// jobs left, of forks and of work done). The jobs of a pass share those
// with each other, and a plan counts its jobs down to know when it may
// let them go: the jobs of a second pass, run without a Restart, would
// find the prefixes and traffic let go (and run more from the start) and
// their counts spent (and never let go of their kept runs). The pool
// (tui/sweepui) restarts the plan it is given.
func (p *Plan) Restart() {
	p.traffic = make([]trafficSlot, len(p.groups)*len(p.Seeds))
	p.held.Store(0)
	for _, n := range []*atomic.Int64{&p.forks, &p.endForks, &p.rowForks, &p.midForks} {
		n.Store(0)
	}
	p.prepareForks()
}

// shareOtherVariants makes sc's variants other than v first's: cells
// differ only in v (a Setter changes no other), and runs only read them
// (engine's Validate), so a cell kept holds one system of its own, not
// one a variant (a go-inventory cell 2 KB rather than 7; a grid of 2,048
// cells of rate-limit-vs-bulkhead, with eight, 4 MB less).
func shareOtherVariants(sc, first *engine.Scenario, v int) {
	for k := range sc.Variants {
		if k != v && k < len(first.Variants) {
			sc.Variants[k].System = first.Variants[k].System
		}
	}
}

// shareEqual makes each slice, pointer, map and string in v that holds
// what first's does the same memory as first's, and reports whether v
// and first are deeply equal (as reflect.DeepEqual: a NaN differs from
// itself, and a value it cannot read, an unexported map say, differs).
// A run's check that a cell may fork from it (engine's CanFork, at every
// look of a watch) ends in reflect.DeepEqual of the two cells' systems,
// which stops at a slice or pointer that is the same memory on both
// sides: cells built apart made it walk every service, dependency and
// endpoint of both, 28,000 instructions a check and 1.3 % of go-server's
// memory sweep. Sharing with the first cell what is equal to its, as
// shareOtherVariants does for the other variants, keeps only what a
// cell's knobs changed its own. Cells are only read once built.
func shareEqual(v, first reflect.Value) bool {
	switch v.Kind() {
	case reflect.Struct:
		eq := true
		for i := range v.NumField() {
			eq = shareEqual(v.Field(i), first.Field(i)) && eq
		}
		return eq
	case reflect.Array:
		eq := true
		for i := range v.Len() {
			eq = shareEqual(v.Index(i), first.Index(i)) && eq
		}
		return eq
	case reflect.Slice:
		if v.IsNil() || first.IsNil() || v.Len() != first.Len() {
			return v.IsNil() == first.IsNil() && v.Len() == first.Len()
		}
		if v.UnsafePointer() == first.UnsafePointer() {
			return true
		}
		eq := true
		for i := range v.Len() {
			eq = shareEqual(v.Index(i), first.Index(i)) && eq
		}
		if eq && v.CanSet() {
			v.Set(first)
		}
		return eq
	case reflect.Pointer:
		if v.IsNil() || first.IsNil() {
			return v.IsNil() && first.IsNil()
		}
		if v.UnsafePointer() == first.UnsafePointer() {
			return true
		}
		eq := shareEqual(v.Elem(), first.Elem())
		if eq && v.CanSet() {
			v.Set(first)
		}
		return eq
	case reflect.Map, reflect.Interface:
		if !v.CanInterface() || !first.CanInterface() {
			return false
		}
		eq := reflect.DeepEqual(v.Interface(), first.Interface())
		if eq && v.CanSet() {
			v.Set(first)
		}
		return eq
	case reflect.String:
		if v.String() != first.String() {
			return false
		}
		if v.CanSet() {
			v.Set(first)
		}
		return true
	case reflect.Bool:
		return v.Bool() == first.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int() == first.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return v.Uint() == first.Uint()
	case reflect.Float32, reflect.Float64:
		return v.Float() == first.Float()
	case reflect.Complex64, reflect.Complex128:
		return v.Complex() == first.Complex()
	}
	return false // a func or a channel: never equal, as for DeepEqual unless nil
}

// maxHeldCells is the largest grid whose cells' scenarios a plan keeps
// (some 4 KB each for a built-in scenario: 8 MB at most). A variable, so
// that a test can make a small grid build its cells again.
var maxHeldCells = 2048

// wholeHint is what a refusal of axis value k adds when the knob takes
// whole numbers only and the axis asked for more steps than its whole
// ends hold (queue=0..10:14 makes fractions, ParseVary's rule for shares
// such as probability=0..1:11): how many steps it can have. The knob is
// known to take whole numbers when the value rounded is accepted.
func (p *Plan) wholeHint(ax Axis, k int) string {
	f, ok := ax.Values[k].(float64)
	lo, hi := ax.X[0], ax.X[len(ax.X)-1]
	if !ok || f == math.Trunc(f) || lo != math.Trunc(lo) || hi != math.Trunc(hi) {
		return ""
	}
	if p.Set(p.Build(), p.Variant, ax.Path, int64(math.Round(f))) != nil {
		return ""
	}
	n := int(math.Abs(hi-lo)) + 1
	return fmt.Sprintf(" (%s takes whole numbers, and %s..%s holds %d: give it at most %d steps, %s=%s..%s:%d)",
		ax.Path, Short(lo), Short(hi), n, n, ax.Path, Short(lo), Short(hi), n)
}

// takesDuration says whether the knob of ax, which refused its value k, a
// number, takes a duration: the knob's own refusal speaks of a lesson's
// TOML, where a duration goes in quotes, and a command line takes none.
func (p *Plan) takesDuration(ax Axis, k int) bool {
	switch ax.Values[k].(type) {
	case int64, float64:
		return p.Set(p.Build(), p.Variant, ax.Path, "1s") == nil
	}
	return false
}

// build makes cell (i, j)'s scenario and checks it.
func (p *Plan) build(i, j int) (*engine.Scenario, error) {
	sc := p.Build()
	if p.Variant < 0 || p.Variant >= len(sc.Variants) {
		return nil, fmt.Errorf("scenario %s has variants 1 to %d, not %d", sc.Name, len(sc.Variants), p.Variant+1)
	}
	for a, ax := range p.Axes {
		k := i
		if a == 1 {
			k = j
		}
		if err := p.Set(sc, p.Variant, ax.Path, ax.Values[k]); err != nil {
			if p.takesDuration(ax, k) {
				return nil, fmt.Errorf("--vary %s=%s..%s: %s is a duration: give both ends with a unit, such as 1s..5s", ax.Path, Short(ax.X[0]), Short(ax.X[len(ax.X)-1]), ax.Path)
			}
			return nil, fmt.Errorf("--vary %s=%v: %w%s", ax.Path, ax.Values[k], err, p.wholeHint(ax, k))
		}
	}
	if err := sc.Validate(); err != nil {
		if ax, k, alone := p.refusedAlone(i, j, err); alone != nil && ax.Typed != "" {
			// One flag's value is refused whatever the other's: the
			// refusal quotes that flag as typed and what the engine
			// allows (its own words hold the bound), not one cell. An
			// axis no flag made (the sandbox's) has no typed range.
			return nil, fmt.Errorf("--vary %s: %s: %s=%s is refused: %w%s%s", ax.Typed, whichEnd(ax, k), ax.Path, valueText(ax.Values[k]), alone, p.otherKnob(alone), p.wholeSecondsHint(alone))
		}
		return nil, fmt.Errorf("with %s the scenario is not valid: %w%s%s", p.describe(i, j), err, p.otherKnob(err), p.wholeSecondsHint(err))
	}
	return sc, nil
}

// whichEnd says which end of the range typed is wrong when its value k
// is refused: its first value is FROM; any later one means TO reaches too
// far, the last being TO itself. It named the value alone ("workers=0 is
// refused"), and a learner had to work out which end to change.
func whichEnd(ax Axis, k int) string {
	switch {
	case k == 0:
		return "its start (FROM) is out of range"
	case k == len(ax.Values)-1:
		return "its end (TO) is out of range"
	}
	return "its end (TO) is out of range, and so is a step on the way"
}

// refusedAlone finds, for cell (i, j), which the engine refused (with
// cellErr), an axis
// whose value there is refused with the other knobs as the variant has
// them: that axis, its value's index and the engine's refusal; nil when
// only the two values together are refused.
func (p *Plan) refusedAlone(i, j int, cellErr error) (Axis, int, error) {
	if len(p.Axes) == 1 {
		return p.Axes[0], i, cellErr // the cell is the one value set
	}
	for a, ax := range p.Axes {
		k := i
		if a == 1 {
			k = j
		}
		sc := p.Build()
		if p.Set(sc, p.Variant, ax.Path, ax.Values[k]) != nil {
			continue
		}
		if err := sc.Validate(); err != nil {
			return ax, k, err
		}
	}
	return Axis{}, 0, nil
}

// roundWholeKnobs rounds the steps of an axis of numbers that fell
// between whole numbers to them, when its knob takes whole numbers only
// (a retry's attempts=1..3.5:3 ran 2.25 to be refused): one rule with
// whole ends, whose steps ParseVary rounds (1..4:3 is 1, 3, 4), the
// output saying so (RoundedNote). An end typed between whole numbers is
// refused as typed: the user asked for that value.
func (p *Plan) roundWholeKnobs() error {
	for a := range p.Axes {
		ax := &p.Axes[a]
		at := slices.IndexFunc(ax.Values, func(v any) bool {
			f, ok := v.(float64)
			return ok && f != math.Trunc(f)
		})
		if at < 0 {
			continue
		}
		f := ax.Values[at].(float64)
		if p.Set(p.Build(), p.Variant, ax.Path, f) == nil || p.Set(p.Build(), p.Variant, ax.Path, int64(math.Round(f))) != nil {
			continue // the knob takes fractions, or refuses the number anyway
		}
		for _, end := range []float64{ax.X[0], ax.X[len(ax.X)-1]} {
			if end != math.Trunc(end) {
				lo, hi := math.Ceil(ax.X[0]), math.Floor(ax.X[len(ax.X)-1])
				return fmt.Errorf("--vary %s: %s takes whole numbers, got %s: give whole ends, such as %s=%s..%s", ax.Typed, ax.Path, Short(end), ax.Path, Short(lo), Short(max(lo, hi)))
			}
		}
		*ax = roundAxis(*ax, ax.X)
	}
	return nil
}

// pairedKnobs are the breaker's knobs that bound each other, and the words
// of the engine's refusal that speaks of the second: a window swept below
// its minimum calls is refused as "breaker minimum calls must be between
// 0 and the window size 2, got 10", which names no knob a command line
// sets.
var pairedKnobs = []struct{ axis, other, words, advice string }{
	{"breaker.window", "breaker.min_calls", "breaker minimum calls must be between 0 and the window size",
		"that minimum is %s, which the sweep keeps: start %s at it or above"},
	{"breaker.min_calls", "breaker.window", "breaker minimum calls must be between 0 and the window size",
		"that window size is %s, which the sweep keeps: end %s at it or below"},
}

// otherKnob names the knob a cell's refusal is of, when it is not an
// axis's own but the one that bounds it ("" when it is none of those):
// the knob the learner would change, or start the axis past.
func (p *Plan) otherKnob(err error) string {
	msg := err.Error()
	for _, ax := range p.Axes {
		for _, pk := range pairedKnobs {
			head, ok := strings.CutSuffix(ax.Path, "."+pk.axis)
			if !ok {
				continue
			}
			// The refusal must be of this call's breaker: `dependency
			// "payment": ` for payment, `service "orders": dependency
			// "inventory": ` for orders/inventory.
			whose := fmt.Sprintf("dependency %q: ", head)
			if svc, dep, ok := strings.Cut(head, "/"); ok {
				whose = fmt.Sprintf("service %q: dependency %q: ", svc, dep)
			}
			if at := strings.Index(msg, whose+"breaker "); at >= 0 && strings.Contains(msg[at:], pk.words) {
				if both := p.pairedAxes(head); both != "" {
					return both
				}
				return " (" + fmt.Sprintf(pk.advice, head+"."+pk.other, ax.Path) + ")"
			}
		}
	}
	return ""
}

// pairedAxes is otherKnob's advice when a breaker's window and its
// minimum calls are both axes, "" when they are not: the sweep keeps
// neither, as pairedKnobs' advice says it keeps the other, and every pair
// of the grid must hold a minimum no greater than its window, so the
// advice names both ends that part them: the least window and the most
// minimum (window=10..40 against min_calls=4..18 pairs 10 with 12).
func (p *Plan) pairedAxes(head string) string {
	win := slices.IndexFunc(p.Axes, func(ax Axis) bool { return ax.Path == head+".breaker.window" })
	most := slices.IndexFunc(p.Axes, func(ax Axis) bool { return ax.Path == head+".breaker.min_calls" })
	if win < 0 || most < 0 {
		return ""
	}
	w, m := p.Axes[win], p.Axes[most]
	return fmt.Sprintf(" (both are swept, and each pair needs %s no greater than %s: end %s at %s or below, or start %s at %s or above)",
		m.Path, w.Path, m.Path, Short(w.X[0]), w.Path, Short(m.X[len(m.X)-1]))
}

// wholeSecondsHint is what a cell's refusal adds when an axis of
// breaker.time_window gave a span of no whole seconds, which a time
// window of one bucket a second refuses ("set the buckets", a knob the
// sweep does not offer alone): the axis's ends in whole seconds, one step
// a second, which it takes. Default steps between
// whole ends (1s..5s makes 1.444444s) are the usual way to meet it.
func (p *Plan) wholeSecondsHint(err error) string {
	if !strings.Contains(err.Error(), "needs a span of whole seconds") {
		return ""
	}
	for _, ax := range p.Axes {
		if !strings.HasSuffix(ax.Path, ".breaker.time_window") {
			continue
		}
		perSecond := 1000.0 // X is in ms, or in s
		if ax.Unit == "s" {
			perSecond = 1
		}
		lo, hi := math.Max(1, math.Ceil(ax.X[0]/perSecond)), math.Floor(ax.X[len(ax.X)-1]/perSecond)
		if hi <= lo {
			hi = lo + 4
		}
		n := int(hi-lo) + 1
		return fmt.Sprintf(" (%s takes whole seconds while the breaker's buckets are 0: give whole ends and one step a second, such as %s=%ss..%ss:%d)", ax.Path, ax.Path, Short(lo), Short(hi), n)
	}
	return ""
}

// cell is cell c's scenario: the one kept, or one built again (Prepare
// has checked that it builds).
func (p *Plan) cell(c int) *engine.Scenario {
	if p.cells != nil {
		return p.cells[c]
	}
	if c == p.base {
		return p.baseCell
	}
	nx, _ := p.Size()
	sc, err := p.build(c%nx, c/nx)
	if err != nil {
		panic(fmt.Sprintf("sweep: cell %d built in Prepare and not now: %v", c, err))
	}
	return sc
}

// addCost adds a cell's runs to the plan's cost (Cost).
func (p *Plan) addCost(sc *engine.Scenario) {
	c := engine.EstimateSweepCost([]*engine.Scenario{sc}, p.Variant, len(p.Seeds))
	p.cost.Cells++
	p.cost.Runs += c.Runs
	p.cost.Duration = max(p.cost.Duration, c.Duration)
	p.cost.Arrivals += c.Arrivals
	p.cost.MeanArrivals += c.MeanArrivals
	p.cost.Requests += c.Requests
	p.cost.Events += c.Events
	p.cost.Bytes = max(p.cost.Bytes, c.Bytes)
	p.cost.Held = max(p.cost.Held, c.Held)
}

// The base, the cell whose prefix the others fork from, has the most
// workers (the front's and its services'), then the longest timeouts in
// all, then the largest bulkheads (per-tenant ones counted by their
// default and shared slots), then (a tasks server's) the largest connection
// pools and memory: the likeliest to have no knob matter.
type baseKey struct {
	workers   int
	timeouts  time.Duration
	bulkheads int
	tasks     int64
}

func (p *Plan) baseKeyOf(sc *engine.Scenario) baseKey {
	sys := &sc.Variants[p.Variant].System
	k := baseKey{workers: sys.Workers, tasks: tasksRoom(sys) + engine.ForkRoom(sys)} // ForkRoom: breakers, limiters, service timeouts
	for _, s := range sys.Services {
		k.workers += s.Workers // a service's pool forks as the front's does
	}
	for _, d := range sys.Dependencies {
		k.timeouts += d.Policy.Timeout
		k.bulkheads += d.Policy.Bulkhead
		if tb := d.Policy.TenantBulkhead; tb != nil {
			k.bulkheads += tb.Default + tb.Shared
		}
	}
	return k
}

// tasksRoom sums a tasks server's pool caps (idle ones too) and memory limit, a cap of 0
// (none) counting as the largest.
func tasksRoom(sys *engine.System) int64 {
	const none = int64(1) << 40
	cap := func(n int64) int64 {
		if n <= 0 {
			return none
		}
		return n
	}
	var n int64
	for _, pl := range sys.Pools {
		// The idle cap too: a run that closed no idle connection forks
		// into any larger cap (engine's tasksKnobsUnused).
		n += cap(int64(pl.Size)) + cap(int64(pl.PerHost)) + cap(int64(pl.IdlePerHost))
	}
	if t := sys.Tasks; t != nil {
		n += cap(t.Memory.Limit >> 20)
	}
	return n
}

func (k baseKey) above(b baseKey) bool {
	return k.workers > b.workers || (k.workers == b.workers && (k.timeouts > b.timeouts ||
		(k.timeouts == b.timeouts && (k.bulkheads > b.bulkheads || (k.bulkheads == b.bulkheads && k.tasks > b.tasks)))))
}

// prepareForks makes the empty slots of the prefixes and finished runs
// that forks start from, once the base is chosen.
func (p *Plan) prepareForks() {
	p.forkAt = engine.ForkAt(p.baseCell, p.Variant)
	p.prefixes = make([]prefixSlot, len(p.Seeds))
	nx, ny := p.Size()
	p.endCol = make([]atomic.Pointer[keptRun], len(p.Seeds)*nx)
	p.endRow = make([]atomic.Pointer[keptRun], len(p.Seeds)*ny)
	p.preCol = make([]atomic.Pointer[keptRun], len(p.Seeds)*nx)
	p.preRow = make([]atomic.Pointer[keptRun], len(p.Seeds)*ny)
	p.midCol = make([]atomic.Pointer[keptRun], len(p.Seeds)*nx)
	p.midRow = make([]atomic.Pointer[keptRun], len(p.Seeds)*ny)
	p.kept.Store(0)
	p.keptMax = p.keptCap()
	for k := range p.work {
		w := &p.work[k]
		w.runs.Store(0)
		w.events.Store(0)
		w.wholeEvents.Store(0)
		w.time.Store(0)
		w.wholeTime.Store(0)
		w.begin.Store(0)
	}
	p.left = make([]atomic.Int64, len(p.Seeds))
	for s := range p.left {
		p.left[s].Store(int64(nx * ny))
	}
	p.colLeft = make([]atomic.Int64, len(p.Seeds)*nx)
	for k := range p.colLeft {
		p.colLeft[k].Store(int64(ny))
	}
	p.rowLeft = make([]atomic.Int64, len(p.Seeds)*ny)
	for k := range p.rowLeft {
		p.rowLeft[k].Store(int64(nx))
	}
}

// jobDone notes that job is done; after the last of its column or row,
// what that column's or row's slots hold is let go, and after the last of
// its seed, what the seed's runs shared (the runs that replay its traffic
// keep it as long as they need it).
func (p *Plan) jobDone(job Job) {
	s := job.Seed
	nx, ny := p.Size()
	if col := s*nx + job.I; p.colLeft[col].Add(-1) == 0 {
		p.drop(p.endCol[col].Swap(nil))
		p.drop(p.preCol[col].Swap(nil))
		p.drop(p.midCol[col].Swap(nil))
	}
	if row := s*ny + job.J; p.rowLeft[row].Add(-1) == 0 {
		p.drop(p.endRow[row].Swap(nil))
		p.drop(p.preRow[row].Swap(nil))
		p.drop(p.midRow[row].Swap(nil))
	}
	if p.left[s].Add(-1) != 0 {
		return
	}
	p.prefixes[s].run.Store(nil)
	for set := range p.groups {
		if tr := p.traffic[set*len(p.Seeds)+s].tr.Swap(nil); tr != nil {
			p.held.Add(-int64(tr.Requests()))
		}
	}
	for i := range nx {
		p.drop(p.endCol[s*nx+i].Swap(nil))
		p.drop(p.preCol[s*nx+i].Swap(nil))
		p.drop(p.midCol[s*nx+i].Swap(nil))
	}
	for j := range ny {
		p.drop(p.endRow[s*ny+j].Swap(nil))
		p.drop(p.preRow[s*ny+j].Swap(nil))
		p.drop(p.midRow[s*ny+j].Swap(nil))
	}
}

// drop lets go of a hold on k (nil: none); once nothing holds it, its
// bytes no longer count and its run is spare.
func (p *Plan) drop(k *keptRun) {
	if k != nil && k.refs.Add(-1) == 0 {
		p.kept.Add(-k.size)
		pool := &p.spare
		if k.compact {
			pool = &p.keptSpare
		}
		p.putSpare(pool, k.run)
	}
}

// keepEnd keeps a copy of r, job's finished run, and s, what the job
// measured on it, for the later jobs of its column and row, and returns
// the run the Runner goes on with. The copy
// holds r's arrays at about their length (engine's KeepInto): a run stopped at
// fleet-probes' 48 s of 90 has filled half of the arrays its Runner goes
// on with, so twice as many finished runs fit the plan's bytes (keptCap),
// and a grid's twenty columns keep one each. It replaces the run kept
// there, which did not serve this job (and, on an axis that grows, had
// the smaller knob).
//
// While the plan's kept runs would fill no more than three quarters of
// its bytes with r, r itself is kept instead, as it is (the Runner goes
// on with a spare run's buffers): a grid whose finished runs fit at their
// capacity (the cascade's) pays no copy.
func (p *Plan) keepEnd(job Job, r *engine.Run, s Sample) *engine.Run {
	nx, ny := p.Size()
	freed := p.freedBy(&p.endCol[job.Seed*nx+job.I], &p.endRow[job.Seed*ny+job.J])
	if p.kept.Load()-freed+int64(r.Footprint()) <= p.keptMax*3/4 && p.keepRun(p.endCol, p.endRow, job, r, s, false) {
		return p.getSpare(&p.spare)
	}
	p.keepCompact(p.endCol, p.endRow, job, r, s)
	return r
}

// keepCompact keeps a compact copy of r (engine's KeepInto) in job's
// slots of col and row, with s, what the job measured on r if it is
// finished, unless the plan's bytes of kept runs could not hold it. The
// copy's arrays come from the compact copies let go (keptSpare).
func (p *Plan) keepCompact(col, row []atomic.Pointer[keptRun], job Job, r *engine.Run, s Sample) {
	nx, ny := p.Size()
	freed := p.freedBy(&col[job.Seed*nx+job.I], &row[job.Seed*ny+job.J])
	if p.kept.Load()-freed+int64(r.KeptFootprint()) > p.keptMax {
		// Not even the compact copy would fit: not made in vain (a
		// 40 × 40 sweep of go-inventory made some 4,000 such copies of
		// 1.4 MB, to let each go at once).
		return
	}
	c := p.getSpare(&p.keptSpare)
	r.KeepInto(c)
	if !p.keepRun(col, row, job, c, s, true) {
		p.putSpare(&p.keptSpare, c)
	}
}

// keepPrefix keeps a compact copy of r, job's run from the start now at
// forkAt, for the later jobs of its column and row (preCol, preRow). The
// run has the capacities its Runner's largest run so far grew to: copied
// at them, as it once was, a go-server run at its hang's start took up
// to nine times the bytes.
func (p *Plan) keepPrefix(job Job, r *engine.Run) {
	if !r.Forkable() || !p.nextMayFork(job, r) {
		return
	}
	p.keepCompact(p.preCol, p.preRow, job, r, Sample{})
}

// keepRun puts r in job's slots of col and row, replacing (and letting
// go of) what they held, unless the plan holds too many bytes of kept
// runs: a finished run (keepEnd) with its sample s, or a prefix, r a
// compact copy (engine's KeepInto) when compact.
func (p *Plan) keepRun(col, row []atomic.Pointer[keptRun], job Job, r *engine.Run, s Sample, compact bool) bool {
	nx, ny := p.Size()
	cs, rs := &col[job.Seed*nx+job.I], &row[job.Seed*ny+job.J]
	size := int64(r.Footprint())
	if !p.charge(size, p.freedBy(cs, rs)) {
		return false
	}
	k := &keptRun{run: r, size: size, compact: compact, sample: s}
	k.refs.Store(2)
	p.drop(cs.Swap(k))
	p.drop(rs.Swap(k))
	return true
}

// freedBy is the bytes that putting a run in slots would let go: the runs
// they hold that nothing else holds (no other slot, no job forking from
// them just now). A new run replaces them, so the plan's kept bytes
// (keptMax) must hold it and not them: counted with them, a grid's
// finished runs that had stopped serving their columns and rows (a
// go-server sweep's, 3 MB each in its hang) kept out the runs that would
// have served, and a job holding one a moment longer only delays its
// bytes' release.
func (p *Plan) freedBy(slots ...*atomic.Pointer[keptRun]) int64 {
	var freed int64
	for i, s := range slots {
		k := s.Load()
		if k == nil {
			continue
		}
		held := 0
		for j, o := range slots {
			if o.Load() == k {
				if j < i {
					held = -1 // counted at its first slot
					break
				}
				held++
			}
		}
		if held > 0 && k.refs.Load() == int32(held) {
			freed += k.size
		}
	}
	return freed
}

// forkEnd returns, when it can, the finished run of job's column or row
// that is job's run but for its knobs, which never mattered in it
// (engine's CanFork, the check ForkInto makes), held for the caller to
// drop: what it measured is what job measures. Nothing is copied: the
// run has nothing left to simulate, and a metric reads none of the knobs
// a fork may change.
//
// A run that serves a job so is job's run, and may serve the later jobs
// of job's column and row as well as those of its own: it goes into
// job's other slot too when that slot was empty or did not serve (a
// diagonal of cells whose two neighbours were both end forks from one
// run of the cell before them, but which neither slot held, ran from the
// fault).
func (p *Plan) forkEnd(job Job, sc *engine.Scenario) *keptRun {
	nx, ny := p.Size()
	col, row := &p.endCol[job.Seed*nx+job.I], &p.endRow[job.Seed*ny+job.J]
	for n, slot := range []*atomic.Pointer[keptRun]{col, row} {
		k := slot.Load()
		if k == nil || !k.hold() {
			continue
		}
		if !k.run.CanFork(sc, p.Variant) {
			// It leaves job's slot as well: the axes grow, and a knob
			// that mattered in it for this job's value matters for the
			// next one along (a bulkhead that bound, a memory cost that
			// would have killed), so it would hold its bytes there for
			// nothing, keeping out the runs that could serve (a
			// go-server sweep's finished runs, 3 MB each in its hang,
			// one shared by a dozen rows past the cells it served).
			if slot.CompareAndSwap(k, nil) {
				p.drop(k)
			}
			p.drop(k)
			continue
		}
		other := row
		if n == 1 {
			other = col
		}
		if o := other.Load(); (n == 1 || o == nil) && o != k {
			k.refs.Add(1) // held by this job, so not let go meanwhile
			if !other.CompareAndSwap(o, k) {
				k.refs.Add(-1)
			} else {
				p.drop(o)
			}
		}
		return k
	}
	return nil
}

// forkKept makes r, when it can, job's run forked from the run kept in
// its slot of col or row.
func (p *Plan) forkKept(col, row []atomic.Pointer[keptRun], job Job, sc *engine.Scenario, r *engine.Run) bool {
	nx, ny := p.Size()
	for _, slot := range []*atomic.Pointer[keptRun]{&col[job.Seed*nx+job.I], &row[job.Seed*ny+job.J]} {
		k := slot.Load()
		if k == nil || !k.hold() {
			continue
		}
		ok := k.run.ForkInto(r, sc, p.Variant)
		p.drop(k)
		if ok {
			return true
		}
	}
	return false
}

// maxSpare bounds the runs whose buffers a plan keeps for its Runners
// to go on with (keepEnd), in each of its two pools: a few are enough for
// the runs that go and come between two jobs. maxSpareBytes bounds their
// bytes, both pools together, outside the bound on the runs kept to fork
// from (maxKept): eight of the cascade's runs take 1.3 MB, and four of
// go-inventory's fill it (eight of those, 11 MB, were held outside any
// bound before); with room for two, its 20 × 20 sweep's Runners built
// their runs afresh twice as often (500 MB allocated against 230).
const (
	maxSpare      = 4
	maxSpareBytes = 6 << 20
)

// putSpare puts r in pool, p.spare (a Runner's run's buffers) or
// p.keptSpare (a compact copy's), unless enough are kept there (addSpare).
func (p *Plan) putSpare(pool *[]*engine.Run, r *engine.Run) {
	p.spareMu.Lock()
	p.addSpare(pool, r)
	p.spareMu.Unlock()
}

// getSpare returns a run of pool, or a new one when none is left.
func (p *Plan) getSpare(pool *[]*engine.Run) *engine.Run {
	p.spareMu.Lock()
	defer p.spareMu.Unlock()
	return p.takeSpare(pool)
}

// addSpare puts r in pool (spare or keptSpare), unless the pool holds
// maxSpare runs or the two would hold more than maxSpareBytes. The caller
// holds spareMu.
func (p *Plan) addSpare(pool *[]*engine.Run, r *engine.Run) {
	size := int64(r.Footprint())
	if len(*pool) < maxSpare && p.spareBytes+size <= maxSpareBytes {
		*pool = append(*pool, r)
		p.spareBytes += size
	}
}

// takeSpare takes a run from pool, or makes a new one when it is empty.
// The caller holds spareMu.
func (p *Plan) takeSpare(pool *[]*engine.Run) *engine.Run {
	n := len(*pool)
	if n == 0 {
		return new(engine.Run)
	}
	r := (*pool)[n-1]
	(*pool)[n-1] = nil
	*pool = (*pool)[:n-1]
	p.spareBytes -= int64(r.Footprint()) // unchanged since addSpare counted it
	return r
}

// Forks is how many of the runs so far went on from a prefix instead of
// running from the start.
func (p *Plan) Forks() int { return int(p.forks.Load()) }

// prefixFor returns seed s's prefix run to fork from, or nil: no fork for
// this plan, or another job is running the prefix just now (this one then
// runs from the start rather than wait).
func (p *Plan) prefixFor(ctx context.Context, s int) *engine.Run {
	if p.forkAt <= 0 {
		return nil
	}
	slot := &p.prefixes[s]
	switch slot.state.Load() {
	case slotReady:
		return slot.run.Load()
	case slotDrawing:
		return nil
	}
	if !slot.state.CompareAndSwap(slotEmpty, slotDrawing) {
		return p.prefixFor(ctx, s)
	}
	sc := p.baseCell
	var r *engine.Run
	var err error
	if tr := p.trafficFor(p.base, s); tr != nil {
		r, err = engine.NewShared(sc, p.Variant, tr)
	} else {
		r, err = engine.New(sc, p.Variant, p.Seeds[s])
	}
	// A prefix stopped by ctx is not kept: the plan's later runs (there
	// are none once its context has ended) run from the start.
	if err == nil && advance(ctx, r, p.forkAt) == nil {
		slot.run.Store(r)
	}
	slot.state.Store(slotReady)
	return slot.run.Load()
}

// maxSharedRequests bounds the requests a plan's traffic holds at once (24
// bytes each, 12 MB in all; a built-in scenario sends some 20,000 a run,
// and a seed's traffic goes once its runs are done). Past it, the runs of
// the sets and seeds not drawn yet draw their own as they go.
const maxSharedRequests = 1 << 19

// trafficSig is what an endpoint's traffic depends on in a cell besides
// the seed: engine's Traffic matches the same fields (traffic.go,
// trafficKey) before a run replays it, and draws afresh when they differ,
// so a grouping that missed a field would cost speed, never a result.
type trafficSig struct {
	name     string
	rate     float64
	interval time.Duration
	calls    bool
	latency  engine.Latency
}

// grouper is what groupCell remembers from cell to cell: each endpoint's
// distinct signatures, numbered, and the groups and sets so far.
type grouper struct {
	sigIDs []map[trafficSig]uint64 // per endpoint index
	groups map[string]int
	sets   map[time.Duration]int
	key    []byte
}

func (p *Plan) newGrouper() *grouper {
	nx, ny := p.Size()
	p.group, p.set, p.groups = make([]int, nx*ny), make([]int, nx*ny), nil
	return &grouper{groups: map[string]int{}, sets: map[time.Duration]int{}}
}

// groupCell puts cell c in the group of the cells whose plan variant
// sends the same traffic, and the groups of one duration in one set. A
// cell's group is keyed by the duration and its endpoints' signature
// numbers: a map lookup a cell, however large the grid.
func (p *Plan) groupCell(gr *grouper, c int, sc *engine.Scenario) {
	set, ok := gr.sets[sc.Duration]
	if !ok {
		set = len(p.groups)
		gr.sets[sc.Duration] = set
		p.groups = append(p.groups, nil)
	}
	sys := &sc.Variants[p.Variant].System
	gr.key = binary.AppendVarint(gr.key[:0], int64(sc.Duration))
	for k, e := range sys.Endpoints {
		s := trafficSig{name: e.Name, rate: e.Rate, interval: e.Interval}
		for _, d := range sys.Dependencies {
			if e.Calls != "" && d.Name == e.Calls {
				s.calls, s.latency = true, d.Latency
			}
		}
		if k == len(gr.sigIDs) {
			gr.sigIDs = append(gr.sigIDs, map[trafficSig]uint64{})
		}
		id, ok := gr.sigIDs[k][s]
		if !ok {
			id = uint64(len(gr.sigIDs[k]))
			gr.sigIDs[k][s] = id
		}
		gr.key = binary.AppendUvarint(gr.key, id)
	}
	g, ok := gr.groups[string(gr.key)]
	if !ok {
		g = len(gr.groups)
		gr.groups[string(gr.key)] = g
		p.groups[set] = append(p.groups[set], c)
	}
	p.group[c], p.set[c] = g, set
}

// Groups is how many groups of cells send different traffic.
func (p *Plan) Groups() int {
	n := 0
	for _, g := range p.groups {
		n += len(g)
	}
	return n
}

// trafficFor returns the traffic cell c's runs on seed s may replay, and
// nil when the run should draw its own: when another run is drawing it
// just now, or it would hold too much. The first run to ask draws it.
func (p *Plan) trafficFor(c, s int) *engine.Traffic {
	set := p.set[c]
	slot := &p.traffic[set*len(p.Seeds)+s]
	switch slot.state.Load() {
	case slotReady:
		return slot.tr.Load()
	case slotDrawing:
		return nil
	}
	if !slot.state.CompareAndSwap(slotEmpty, slotDrawing) {
		return p.trafficFor(c, s) // another run took it first
	}
	// A scenario whose variants are the plan's variant as each group sets
	// it: NewTraffic draws each distinct endpoint once across them, and
	// draws none of the variants the plan does not run.
	reps := p.groups[set]
	sc := *p.cell(reps[0])
	sc.Variants = make([]engine.Variant, len(reps))
	for k, rc := range reps {
		sc.Variants[k] = p.cell(rc).Variants[p.Variant]
	}
	tr, err := engine.NewTraffic(&sc, p.Seeds[s])
	if err == nil {
		if n := int64(tr.Requests()); p.held.Add(n) <= maxSharedRequests {
			slot.tr.Store(tr)
		} else {
			p.held.Add(-n)
		}
	}
	slot.state.Store(slotReady)
	return slot.tr.Load()
}

// describe names cell (i, j)'s settings.
func (p *Plan) describe(i, j int) string {
	s := p.Axes[0].Path + "=" + valueText(p.Axes[0].Values[i])
	if len(p.Axes) > 1 {
		s += ", " + p.Axes[1].Path + "=" + valueText(p.Axes[1].Values[j])
	}
	return s
}

// valueText writes an axis's value as --vary takes it: a number in full
// (workers=1000000000, where %v wrote 1e+09), a duration or a percentage
// as written.
func valueText(v any) string {
	if f, ok := v.(float64); ok {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	return fmt.Sprint(v)
}

// CellScenario is cell (i, j)'s scenario, after Prepare. It is shared: do
// not change it.
func (p *Plan) CellScenario(i, j int) *engine.Scenario {
	nx, _ := p.Size()
	return p.cell(j*nx + i)
}

// Job is one run of a sweep: a cell (i along x, j along y) and a seed.
type Job struct {
	I, J, Seed int // Seed indexes Plan.Seeds
}

// Jobs lists every run, seed by seed: the first seed's runs fill the
// whole grid early, the later seeds' refine it, and what a seed's runs
// share can go once they are done (jobDone). A seed's cells come by
// diagonals (diagonalCell): a cell forks from the runs of the cell before
// it in its column and in its row, both on the diagonal before its own, so
// workers that take the cells of one diagonal at once find both done. In
// rows, two workers took neighbours of one row together, and the second
// had only its column's run to fork from (go-server's sweep simulated
// 7 % more on two workers than on one; by diagonals, as much as on one).
func (p *Plan) Jobs() []Job {
	out := make([]Job, p.JobCount())
	for k := range out {
		out[k] = p.JobAt(k)
	}
	return out
}

// JobCount is how many jobs the plan has: cells × seeds.
func (p *Plan) JobCount() int {
	nx, ny := p.Size()
	return nx * ny * len(p.Seeds)
}

// JobAt is Jobs()[k], without the list: a pool hands out its jobs by
// number, and the list of a sweep of 200,000 runs would hold some 5 MB.
func (p *Plan) JobAt(k int) Job {
	nx, ny := p.Size()
	i, j := diagonalCell(k%(nx*ny), nx, ny)
	return Job{I: i, J: j, Seed: k / (nx * ny)}
}

// diagonalCell is the cell at place c (0 ≤ c < nx*ny) of an nx × ny grid
// taken by diagonals: i+j = 0, 1, 2, ..., i rising along each. The first
// min(nx, ny) diagonals grow by one cell each, the middle ones are all
// min(nx, ny) long, and the last ones are the first ones of the grid
// turned half round: so the cell is found in a few steps, without a list
// (a plan's grid may have 200,000 cells).
func diagonalCell(c, nx, ny int) (i, j int) {
	a := min(nx, ny)
	n := nx * ny
	tri := a * (a + 1) / 2 // the cells of the first a diagonals
	switch {
	case c < tri:
		d := diagonalOf(c)
		o := c - d*(d+1)/2
		return o, d - o
	case c >= n-a*(a-1)/2:
		// The last a-1 diagonals, counted from the far corner, are the
		// first ones of the grid turned half round.
		i, j := diagonalCell(n-1-c, nx, ny)
		return nx - 1 - i, ny - 1 - j
	}
	d := a + (c-tri)/a
	i = max(0, d-ny+1) + (c-tri)%a
	return i, d - i
}

// diagonalOf is the d with d(d+1)/2 ≤ c < (d+1)(d+2)/2.
func diagonalOf(c int) int {
	d := int((math.Sqrt(float64(8*c+1)) - 1) / 2)
	for d*(d+1)/2 > c {
		d--
	}
	for (d+1)*(d+2)/2 <= c {
		d++
	}
	return d
}

// Sample is what one job measured: the metric and, with a goal, the
// goal's metric.
type Sample struct {
	Job
	Value, GoalValue float64
}

// Run runs one job until what it measures is settled (settle.go: often
// well before the scenario's end) and measures it, exactly as a run to
// the end would, on a Runner of its own. Jobs may run concurrently: what
// they share through the plan (traffic, prefixes, kept runs, spares) is
// taken and given back under its atomics and lock.
func (p *Plan) Run(job Job) (Sample, error) {
	return p.Runner().Run(job)
}

// Runner runs a plan's jobs one after another on one engine run whose
// memory it keeps between jobs (engine's Run.Reset), so a sweep's worker
// does not allocate and collect a run's buffers for every cell. A Runner
// is for one goroutine; give each worker its own. Its samples are Plan.Run's.
type Runner struct {
	p   *Plan
	r   *engine.Run // the next job's, whose buffers it reuses
	ctx context.Context
	// last is the run the last job measured (r), for tests to look at
	// (lastRun); or lastEnd, the finished run it forked from at its end,
	// for cell scenario lastSc.
	last    *engine.Run
	lastEnd *engine.Run
	lastSc  *engine.Scenario
	// watch: the next cells of the job's column and row (watch.go).
	watch watch
	// start is the moment the last job's run went on from (0: from the
	// start), for tests to look at.
	start time.Duration
}

// Runner returns a Runner for p's jobs.
func (p *Plan) Runner() *Runner { return p.RunnerContext(context.Background()) }

// RunnerContext returns a Runner for p's jobs whose runs stop, between
// two steps of virtual time (cancel.go), once ctx ends: Run then returns
// ctx's error and no sample.
func (p *Plan) RunnerContext(ctx context.Context) *Runner {
	return &Runner{p: p, ctx: ctx, r: new(engine.Run)}
}

// Run runs one job and measures it, as Plan.Run does.
func (w *Runner) Run(job Job) (Sample, error) {
	p, r := w.p, w.r
	nx, _ := p.Size()
	c := job.J*nx + job.I
	sc := p.cell(c)
	// A fork from the latest moment it is exact at (engine's ForkInto
	// checks): a finished run of the column or row, a copy of one taken
	// past forkAt (watch.go), the seed's prefix, a column's or row's
	// prefix, a copy taken before forkAt; otherwise the whole run.
	if k := p.forkEnd(job, sc); k != nil {
		p.forks.Add(1)
		p.endForks.Add(1)
		now, ev := k.run.Now(), k.run.Events()
		w.start, w.last, w.lastEnd, w.lastSc = now, nil, k.run, sc
		// No run of its own, so nothing watched: what the last job's
		// watch still holds is that job's run's, of another cell and
		// maybe another seed, and goes back to the buffers (end would
		// have kept it in this job's slots).
		w.forget()
		p.noteWork(FromEnd, now, now, ev, ev)
		s := k.sample
		s.Job = job
		p.drop(k)
		p.jobDone(job)
		return s, nil
	}
	w.lastEnd = nil
	watching := false
	var kind Start
	var ev0 uint64
	if p.forkLatest(p.midCol, p.midRow, job, sc, r, p.forkAt, noEnd) {
		kind = FromMid
		p.forks.Add(1)
		p.midForks.Add(1)
	} else if pre := p.prefixFor(w.ctx, job.Seed); pre != nil && pre.ForkInto(r, sc, p.Variant) {
		kind = FromPrefix
		p.forks.Add(1)
	} else if p.forkAt > 0 && p.forkKept(p.preCol, p.preRow, job, sc, r) {
		kind = FromRowPrefix
		p.forks.Add(1)
		p.rowForks.Add(1)
	} else if p.forkLatest(p.midCol, p.midRow, job, sc, r, 0, p.forkAt) {
		kind = FromEarlyMid
		p.forks.Add(1)
		p.midForks.Add(1)
	} else {
		kind = FromStart
		var err error
		if tr := p.trafficFor(c, job.Seed); tr != nil {
			err = r.ResetShared(sc, p.Variant, tr)
		} else {
			err = r.Reset(sc, p.Variant, p.Seeds[job.Seed])
		}
		if err != nil {
			return Sample{}, err
		}
		ev0 = r.Events()
		// Watched from the start: the next cells of the column and row
		// may part from this run before forkAt, or after it.
		w.begin(job, r)
		watching = true
		if p.forkAt > 0 && p.forkAt < sc.Duration {
			if err := w.advanceWatching(w.ctx, r, p.forkAt); err != nil {
				return Sample{}, err
			}
			p.keepPrefix(job, r)
		}
	}
	from := r.Now()
	w.start = from
	if watching {
		w.start = 0
	} else {
		ev0 = r.Events()
	}
	if !watching {
		w.begin(job, r)
	}
	if err := w.finish(r, sc); err != nil {
		return Sample{}, err
	}
	w.end(job)
	p.noteWork(kind, w.start, r.Now(), ev0, r.Events())
	snap := r.Figures() // a figure only: no worker's owner
	s := Sample{Job: job, Value: p.Measure.Measure(&snap), GoalValue: math.NaN()}
	if p.Goal != nil {
		s.GoalValue = p.Goal.Metric.Measure(&snap)
	}
	w.last = r
	w.r = p.keepEnd(job, r, s)
	p.jobDone(job)
	return s, nil
}

// lastRun is the run the last job measured, for tests: its own run, or a
// fork of the finished run it was at its end (made now, from a run a
// later job may take the buffers of: call it before the next job).
func (w *Runner) lastRun() *engine.Run {
	if w.lastEnd == nil {
		return w.last
	}
	r := new(engine.Run)
	if !w.lastEnd.ForkInto(r, w.lastSc, w.p.Variant) {
		panic("sweep: a job forked at the end from a run ForkInto refuses")
	}
	return r
}

// SeedsText says over what each cell's figure is taken, for a title: "mean
// of 3 seeds", or "seed 5" for one (a mean of one is that seed's figure).
func (p *Plan) SeedsText() string {
	if len(p.Seeds) == 1 {
		return fmt.Sprintf("seed %d", p.Seeds[0])
	}
	return fmt.Sprintf("mean of %d seeds", len(p.Seeds))
}
