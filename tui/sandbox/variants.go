package sandbox

import (
	"reflect"
	"slices"
	"time"
	"unsafe"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// Switching variants. tab and 1-9 show another variant at the same moment.
// A variant's run is kept as it stood when the learner switched away from
// it: the run, the time shown, its snapshot (and the final one at the
// end), its step snapshots and its generation. Switching back shows it as
// it was when the time is the same, or advances it from where it stood
// when the time is later: runs are deterministic, so a run advanced from
// t1 to t2 stands where a replay from 0 s to t2 stands, bit for bit
// (TestKeptRunIsTheReplay). Only a time before the kept run's (a rewind
// since) that its step snapshots lack replays the run from 0 s, as a
// rewind does. The layout's profile of the variant's whole run and its
// latency chart are kept too (arrange.go's takeVariant).
//
// Every switch used to replay the run from 0 s to the time shown, play
// another to its end for the layout's profile and sort every latency so
// far for the latency chart: on the 20-minute scenario file of
// BenchmarkVariantSwitch paused at 712 s, some 0.25 s of CPU a tab. The
// first switch to a variant still does all three.
//
// The kept runs are the runs themselves, not compact copies (engine's
// KeepInto): the step snapshots share the run's arrays of series and
// latencies, so a copy would hold its arrays beside the run's, not
// instead of them. keptBudget bounds them, counted by each run's Footprint
// and the bytes its step snapshots hold of their own (playTo,
// snapshotBytes); past it the step snapshots go first, then the runs shown
// longest ago. A run whose scenario or seed is not the one shown is never
// taken, and the knob form, the chaos menu and another seed let them all
// go (sim.runInstead, Model.setSeed).
//
// Compare mode's sides keep their runs here too, on the same budget
// (compare_kept.go). A side's run under a breaker preset is a run of
// another scenario, the one withPreset makes of the sandbox's: it is kept
// under the sandbox's scenario and the preset's name, which together make
// that scenario, and is taken only for the same variant and preset.

// keptBudget bounds the bytes of the kept runs. A run of the 20-minute
// scenario file of BenchmarkVariantSwitch, at 712 s, holds some 5.3 MB and
// its minute of step snapshots 1.1 to 1.3 MB. The built-in scenarios' runs
// at their end hold 1.9 MB at most, and their step snapshots 4.3 MB at
// most but for fleet-probes', 21 MB (each holds its fleet's instances).
const keptBudget = 32 << 20

// keptRun is a variant's run as it stood when last shown.
type keptRun struct {
	sc *engine.Scenario // the run's
	// base is the sandbox's scenario, which sc is, or which sc puts the
	// breaker preset named preset into (a compare side's, withPreset).
	base      *engine.Scenario
	preset    string
	seed      uint64
	variant   int
	gen       uint64
	run       *engine.Run
	at        time.Duration
	snap      engine.Snapshot
	final     *engine.Snapshot
	steps     map[time.Duration]engine.Snapshot
	stepBytes int
	bytes     int // what put counts against the budget
}

// keptRuns are the kept runs, the one shown longest ago first.
type keptRuns struct {
	runs  []*keptRun
	limit int // bytes; 0 is keptBudget, below 0 none
}

// take removes and returns variant v's kept run of sc on seed, or nil.
func (ks *keptRuns) take(sc *engine.Scenario, seed uint64, v int) *keptRun {
	return ks.takePreset(sc, seed, v, "")
}

// takePreset removes and returns variant v's kept run on seed of base
// with its breakers replaced by the named preset ("" keeps its own), or
// nil.
func (ks *keptRuns) takePreset(base *engine.Scenario, seed uint64, v int, preset string) *keptRun {
	for i, k := range ks.runs {
		if k.base == base && k.seed == seed && k.variant == v && k.preset == preset {
			ks.runs = slices.Delete(ks.runs, i, i+1)
			return k
		}
	}
	return nil
}

// put keeps k, the run shown last, in place of an older run of its
// variant and preset, letting go of the runs of another scenario or seed.
// While the bytes kept would pass the budget it lets go of step
// snapshots, the oldest run's first (a run without them still goes on
// from where it stood; only a switch to a time before it replays), then
// of whole runs, the one shown longest ago first. A run over the budget
// alone is not kept.
func (ks *keptRuns) put(k *keptRun) {
	k.bytes = k.run.Footprint() + k.stepBytes
	ks.runs = slices.DeleteFunc(ks.runs, func(o *keptRun) bool {
		return o.base != k.base || o.seed != k.seed || (o.variant == k.variant && o.preset == k.preset)
	})
	limit := ks.limit
	if limit == 0 {
		limit = keptBudget
	}
	if limit < 0 || k.bytes-k.stepBytes > limit {
		return
	}
	ks.runs = append(ks.runs, k)
	for _, o := range ks.runs {
		if ks.bytes() <= limit {
			return
		}
		o.bytes -= o.stepBytes
		o.steps, o.stepBytes = nil, 0
	}
	for ks.bytes() > limit { // k alone fits: it stays
		ks.runs[0] = nil
		ks.runs = ks.runs[1:]
	}
}

// bytes is what the kept runs count.
func (ks *keptRuns) bytes() int {
	n := 0
	for _, k := range ks.runs {
		n += k.bytes
	}
	return n
}

// forget lets every kept run go.
func (ks *keptRuns) forget() { ks.runs = nil }

// shown is the run shown, as a kept run.
func (s *sim) shown() *keptRun {
	return &keptRun{sc: s.sc, base: s.sc, seed: s.seed, variant: s.variant, gen: s.gen, run: s.run, at: s.at,
		snap: s.snap, final: s.final, steps: s.steps, stepBytes: s.stepBytes}
}

// show makes k the run shown, as it stood.
func (s *sim) show(k *keptRun) {
	s.variant, s.gen, s.run, s.at, s.snap, s.final = k.variant, k.gen, k.run, k.at, k.snap, k.final
	s.steps, s.stepBytes = k.steps, k.stepBytes
	s.faults = pane.FaultSpans(s.sc, s.variant)
}

// resume shows the variant set in s at t from k, its kept run (nil when
// there is none): as it stood, advanced, from its step snapshots, or, when
// it stands past t and they lack t, replayed from 0 s as a rewind is. The
// run keeps its generation: it is the same run, as after a rewind, and
// the panes keep what they worked out of it (the latency chart's
// percentiles, arrange.go). Without k the run is a new one.
func (s *sim) resume(k *keptRun, t time.Duration) error {
	if k == nil {
		s.steps, s.stepBytes, s.gen = nil, 0, s.newGen()
		return s.rebuild(t)
	}
	s.steps, s.stepBytes, s.gen = k.steps, k.stepBytes, k.gen
	switch snap, ok := k.steps[t]; {
	case k.at == t:
		s.show(k)
	case k.run.Now() <= t:
		s.playTo(k.run, t)
	case ok:
		// A step snapshot is of a time before the end: no final one.
		s.show(k)
		s.at, s.snap, s.final = t, snap, nil
	default:
		return s.rebuild(t)
	}
	return nil
}

// keeps reports whether variant v's run of generation gen, with its own
// breaker, is kept.
func (ks *keptRuns) keeps(v int, gen uint64) bool {
	for _, k := range ks.runs {
		if k.variant == v && k.gen == gen && k.preset == "" {
			return true
		}
	}
	return false
}

// snapshotBytes is about how many bytes a holds that b, a later snapshot
// of the same run, does not share with it: what a snapshot makes for
// itself (its endpoints', dependencies' and workers' records, a breaker's
// window), not the series and latencies it shares with the run, which the
// run's Footprint counts. An array the run has since replaced by a larger
// one is a's own.
func snapshotBytes(a, b *engine.Snapshot) int {
	return ownBytes(reflect.ValueOf(a).Elem(), reflect.ValueOf(b).Elem())
}

// ownBytes is what a holds that b (invalid when there is no counterpart)
// does not: arrays, pointed-to values and strings at another address.
func ownBytes(a, b reflect.Value) int {
	switch a.Kind() {
	case reflect.Struct:
		n := 0
		for i := range a.NumField() {
			var bf reflect.Value
			if b.IsValid() {
				bf = b.Field(i)
			}
			n += ownBytes(a.Field(i), bf)
		}
		return n
	case reflect.Array:
		if !holdsMemory(a.Type().Elem()) {
			return 0
		}
		n := 0
		for i := range a.Len() {
			var bi reflect.Value
			if b.IsValid() {
				bi = b.Index(i)
			}
			n += ownBytes(a.Index(i), bi)
		}
		return n
	case reflect.Pointer:
		if a.IsNil() || (b.IsValid() && !b.IsNil() && a.Pointer() == b.Pointer()) {
			return 0
		}
		var be reflect.Value
		if b.IsValid() && !b.IsNil() {
			be = b.Elem()
		}
		return int(a.Type().Elem().Size()) + ownBytes(a.Elem(), be)
	case reflect.Slice:
		if a.Cap() == 0 || (b.IsValid() && b.Cap() > 0 && a.Pointer() == b.Pointer()) {
			return 0
		}
		n := a.Cap() * int(a.Type().Elem().Size())
		if holdsMemory(a.Type().Elem()) {
			for i := range a.Len() {
				var bi reflect.Value
				if b.IsValid() && i < b.Len() {
					bi = b.Index(i)
				}
				n += ownBytes(a.Index(i), bi)
			}
		}
		return n
	case reflect.String:
		if a.Len() == 0 || (b.IsValid() && b.Len() > 0 && unsafe.StringData(a.String()) == unsafe.StringData(b.String())) {
			return 0
		}
		return a.Len()
	case reflect.Map:
		// The snapshot's types hold none; a map's entries, at least.
		return a.Len() * int(a.Type().Key().Size()+a.Type().Elem().Size())
	}
	return 0
}

// holdsMemory says whether a value of type t points to memory of its own.
func holdsMemory(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.String, reflect.Map, reflect.Interface:
		return true
	case reflect.Array:
		return holdsMemory(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if holdsMemory(t.Field(i).Type) {
				return true
			}
		}
	}
	return false
}
