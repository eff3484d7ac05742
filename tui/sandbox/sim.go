package sandbox

import (
	"fmt"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// sim owns the run being shown: the scenario as the learner has set its
// knobs, the variant, the seed, and the engine run. Rewinding replays a
// fresh run to the earlier time (the engine's determinism makes that
// exact), from a copy of the run kept on the way (checkpoints.go) on a
// long one, keeping the snapshots of the 100 ms steps it passes on the way,
// so that stepping further back is a lookup. The other variants' runs are
// kept as they stood when last shown (variants.go), so that switching back
// to one goes on from there.
type sim struct {
	original *engine.Scenario // as built in, for "restore defaults"
	sc       *engine.Scenario // with the learner's knobs
	seed     uint64
	variant  int
	run      *engine.Run
	at       time.Duration // the time shown; the run may be ahead after a lookup
	gen      uint64        // changes with every new run that is not a replay of the same one
	lastGen  uint64        // the latest generation given out (newGen)
	snap     engine.Snapshot
	// final is the run played out to its end, drain included, once the
	// time shown is the end of the traffic: what `breakerlab run` counts.
	final  *engine.Snapshot
	faults []pane.FaultSpan
	edited bool
	steps  map[time.Duration]engine.Snapshot // snapshots at 100 ms steps of this run
	// stepBytes is about what steps hold of their own, beside the arrays
	// they share with the run (snapshotBytes, variants.go).
	stepBytes int
	// kept are the other variants' runs (variants.go).
	kept keptRuns
	// plain is sc before the injected faults (chaos.go), nil when there
	// are none: what the knob form edits.
	plain    *engine.Scenario
	injected []chaos.Spec
	// typed is the words each injected spec was typed in at the chaos
	// prompt, for a refusal of it later (a knob edit it no longer fits)
	// to quote them, as the prompt's own refusal does (chaos.ApplyTyped).
	typed map[chaos.Spec]string
	// warm is a run played ahead in slices for the next rebuild (work.go).
	warm *warmRun
	// sideWarm are runs played ahead for compare mode's sides
	// (work_moves.go).
	sideWarm []*warmRun
	// cps are copies of the run kept as it is played, for a replay to go
	// on from (checkpoints.go).
	cps checkpoints
}

// How far back a replay keeps step snapshots, and how many it keeps at
// most; and about how many of a replay's new steps playTo walks to count
// what they all hold.
const (
	stepHistory = 60 * time.Second
	maxSteps    = 1200
	stepSamples = 16
)

func newSim(sc *engine.Scenario, variant int, seed uint64) (*sim, error) {
	s := &sim{original: cloneScenario(sc), sc: cloneScenario(sc), seed: seed, variant: variant}
	if err := s.rebuild(0); err != nil {
		return nil, err
	}
	return s, nil
}

// rebuild starts a fresh run of the current scenario and variant and
// advances it to t, remembering the step snapshots of the last minute
// before t.
func (s *sim) rebuild(t time.Duration) error {
	r := s.takeWarm(t) // played ahead by work (work.go)
	if cp := s.cps.latest(s.key(), replayFrom(t)); cp != nil && (r == nil || cp.Now() > r.Now()) {
		// A checkpoint further on than the run played ahead, if any.
		r = copyOf(cp)
	}
	if r == nil {
		var err error
		if r, err = engine.New(s.sc, s.variant, s.seed); err != nil {
			return fmt.Errorf("starting %s variant %d: %w", s.sc.Name, s.variant+1, err)
		}
	}
	s.playTo(r, t)
	return nil
}

// playTo advances r, a run of the current scenario, variant and seed that
// stands at t or before, to t and shows it, remembering the step
// snapshots of the last minute before t that it passes and steps lack.
func (s *sim) playTo(r *engine.Run, t time.Duration) {
	if s.steps == nil || len(s.steps) > maxSteps {
		s.steps, s.stepBytes = map[time.Duration]engine.Snapshot{}, 0
	}
	from := max(t-stepHistory, 0) / step * step
	// What the new steps hold of their own, in blocks of every steps: what
	// a block's first step holds that the next snapshot of the run does not
	// share (snapshotBytes) counts for each step of the block. So some 16
	// walks count a minute of snapshots, whose own bytes grow as a system
	// backs up.
	every := max(1, (int((t-from+step-1)/step)+stepSamples-1)/stepSamples)
	var pend *engine.Snapshot // a block's first step, waiting for the next
	own, weight, n := 0, 0, 0
	flush := func() { s.stepBytes, weight = s.stepBytes+own*weight, 0 }
	for g := from; g < t; g += step {
		if _, ok := s.steps[g]; ok || g < r.Now() {
			continue
		}
		r.AdvanceTo(g)
		snap := r.Snapshot()
		if pend != nil {
			own, pend = snapshotBytes(pend, &snap), nil
		}
		s.steps[g] = snap
		if n%every == 0 {
			flush()
			pend = &snap
		}
		weight++
		n++
	}
	r.AdvanceTo(t)
	s.run, s.at = r, t
	s.cps.offer(s.key(), r)
	s.faults = pane.FaultSpans(s.sc, s.variant)
	s.snap = r.Snapshot()
	if pend != nil {
		own = snapshotBytes(pend, &s.snap)
	}
	flush()
	s.settle()
}

// settle works out the final snapshot when the time shown is the end of
// the traffic, by playing the run on through its drain; the snapshot shown
// stays the one taken at the end. Before the end there is none.
func (s *sim) settle() {
	s.final = nil
	if s.at < s.end() {
		return
	}
	s.run.AdvanceTo(s.run.End())
	f := s.run.Snapshot()
	s.final = &f
}

// end is the last time the sandbox plays to: the scenario's duration.
func (s *sim) end() time.Duration { return s.sc.Duration }

// now is the virtual time shown.
func (s *sim) now() time.Duration { return s.at }

// seek moves to virtual time t, clamped to [0, end]: forwards by advancing
// the run, backwards from the step snapshots or by replaying a fresh run.
func (s *sim) seek(t time.Duration) error {
	t = min(max(t, 0), s.end())
	switch {
	case t == s.at:
		return nil
	case s.warmAhead(t) != nil:
		// Played ahead of the run shown (work.go): the same run, further on.
		return s.rebuild(t)
	case s.aheadCheckpoint(t, s.run.Now()) != nil:
		// A checkpoint stands further on than the run shown
		// (checkpoints.go): the same run, further on.
		return s.rebuild(t)
	case t >= s.run.Now():
		s.run.AdvanceTo(t)
		s.cps.offer(s.key(), s.run)
		s.at, s.snap = t, s.run.Snapshot()
		s.settle()
		return nil
	}
	if snap, ok := s.steps[t]; ok {
		s.at, s.snap, s.final = t, snap, nil
		return nil
	}
	// The same scenario, variant and seed: the picture is the same run's,
	// so the generation stays and the charts can tell from the sample count.
	return s.rebuild(t)
}

// setVariant switches to variant v on the same seed, at the same time:
// from v's kept run when there is one (variants.go), which keeps its
// generation, else from a fresh one, a new generation.
func (s *sim) setVariant(v int) error { return s.setVariantAt(v, s.at) }

// setVariantAt switches to variant v at t: setVariant's switch, at the
// time work stopped at (work.go) when esc stopped it.
func (s *sim) setVariantAt(v int, t time.Duration) error {
	if v < 0 || v >= len(s.sc.Variants) || v == s.variant {
		return nil
	}
	here := s.shown()
	k := s.kept.take(s.sc, s.seed, v)
	s.variant = v
	if err := s.resume(k, t); err != nil {
		s.show(here)
		if k != nil {
			s.kept.put(k)
		}
		return err
	}
	s.kept.put(here)
	return nil
}

// newGen is a generation no run of s has had.
func (s *sim) newGen() uint64 {
	s.lastGen = max(s.lastGen, s.gen) + 1
	return s.lastGen
}

// setScenario replaces the knobs, keeping the variant, seed and time. On an
// error the old run stays. Variant names that quote the scenario's numbers
// are rebuilt from the new ones (engine/scenarios.Relabel); a name it
// cannot rebuild, a scenario file's own, is marked with changes, the
// edits in words ("workers 400").
func (s *sim) setScenario(sc *engine.Scenario, changes []change) error {
	plain, sc, err := s.newScenario(sc, changes)
	if err != nil {
		return err
	}
	return s.runEdited(plain, sc)
}

// newScenario is setScenario's scenario to run, named and with the
// injected faults, and plain, the same without them; the knob form's
// work plays it ahead before runEdited runs it (work_moves.go).
func (s *sim) newScenario(sc *engine.Scenario, changes []change) (plain, run *engine.Scenario, err error) {
	if err := sc.Validate(); err != nil {
		return nil, nil, err
	}
	relabel(s.original, sc, changes)
	return withFaultsFor(sc, s.injected, s.words(s.injected), 0)
}

// runEdited runs sc, newScenario's, in place of the scenario.
func (s *sim) runEdited(plain, sc *engine.Scenario) error {
	if err := s.runInstead(sc); err != nil {
		return err
	}
	s.edited = true
	s.plain = plain
	return nil
}

// runInstead runs sc in place of the scenario, at the same time, as a new
// run; on an error the old run stays.
func (s *sim) runInstead(sc *engine.Scenario) error {
	oldSc, oldRun, oldFaults, oldSnap, oldSteps, oldAt, oldFinal := s.sc, s.run, s.faults, s.snap, s.steps, s.at, s.final
	oldBytes := s.stepBytes
	s.sc, s.steps = sc, nil
	if err := s.rebuild(oldAt); err != nil {
		s.sc, s.run, s.faults, s.snap, s.steps, s.at, s.final = oldSc, oldRun, oldFaults, oldSnap, oldSteps, oldAt, oldFinal
		s.stepBytes = oldBytes
		return err
	}
	// The other variants' runs were of the old knobs.
	s.kept.forget()
	s.gen = s.newGen()
	return nil
}

// relabel names edited's variants after their systems: from the
// original's names (an earlier edit's names are rebuilt, not stacked),
// rebuilt where they quote numbers, marked where they cannot be vouched
// for with that variant's own changes against the original (merged with
// the mark of an edit before the file was written, summary.go): not the
// last edit's, made on one variant, which would drop what an earlier edit
// of another variant's calls left on this one (a "no timeout" variant
// given a timeout, then marked with another variant's edit alone). The
// summary, which no one rebuilds, is marked with the edit (summary.go).
func relabel(original, edited *engine.Scenario, changes []change) {
	for i := range edited.Variants {
		if i < len(original.Variants) {
			edited.Variants[i].Name = original.Variants[i].Name
		}
	}
	edited.Summary = editedSummary(original, edited, changes) // summary.go
	for _, i := range scenarios.Relabel(original, edited) {
		edited.Variants[i].Name = editMarked(edited.Variants[i].Name, variantEdits(original, edited, i))
	}
}

// variantEdits are variant i's changes from original to edited in the
// knob form's words: a field every variant shares where its value on
// variant i moved, and variant i's own fields.
func variantEdits(original, edited *engine.Scenario, i int) []change {
	if i >= len(original.Variants) {
		return nil
	}
	return newForm(nil, edited, i).editsFrom(newForm(nil, original, i), &original.Variants[i].System)
}

// restart goes back to time zero, keeping the step snapshots.
func (s *sim) restart() error { return s.rebuild(0) }

// data is what the panes draw.
func (s *sim) data() pane.Data {
	return pane.Data{Snap: &s.snap, Gen: s.gen, Faults: s.faults, Final: s.final, Moment: longMoment(s.end())}
}

// cloneScenario copies a scenario so deeply that changing the copy's knobs
// never touches the original: every slice, pointer and map, services,
// tenants, shedding and limiters included. sweep.Copies copies by
// reflection, so a field added to the scenario's types later is copied
// too; it refuses only a type holding a function, a channel or unexported
// memory, which the scenario's types do not (TestCloneScenarioIsDeep holds
// every built-in to it), and then the copy falls back to the fields known
// here.
func cloneScenario(sc *engine.Scenario) *engine.Scenario {
	if build, err := sweep.Copies(sc); err == nil {
		return build()
	}
	return cloneKnown(sc)
}

// cloneKnown is cloneScenario by hand, for the fields known today.
func cloneKnown(sc *engine.Scenario) *engine.Scenario {
	c := *sc
	c.Variants = make([]engine.Variant, len(sc.Variants))
	for i, v := range sc.Variants {
		v.System.Endpoints = append([]engine.Endpoint(nil), v.System.Endpoints...)
		for j := range v.System.Endpoints {
			e := &v.System.Endpoints[j]
			e.Tenants = append([]engine.TenantShare(nil), e.Tenants...)
			e.Bursts = append([]engine.Burst(nil), e.Bursts...)
		}
		v.System.Dependencies = cloneDeps(v.System.Dependencies)
		v.System.Services = append([]engine.Service(nil), v.System.Services...)
		for j := range v.System.Services {
			s := &v.System.Services[j]
			s.Dependencies = cloneDeps(s.Dependencies)
			s.Faults = append([]engine.ServiceFault(nil), s.Faults...)
			if s.Shed != nil {
				sh := *s.Shed
				s.Shed = &sh
			}
		}
		if v.System.Shed != nil {
			sh := *v.System.Shed
			v.System.Shed = &sh
		}
		v.System.Tenants = append([]string(nil), v.System.Tenants...)
		if t := v.System.Tasks; t != nil {
			tc := *t
			tc.Pauses = append([]engine.Pause(nil), t.Pauses...)
			v.System.Tasks = &tc
		}
		v.System.Pools = append([]engine.Pool(nil), v.System.Pools...)
		c.Variants[i] = v
	}
	return &c
}

// cloneDeps copies dependencies and the policy tables they point to.
func cloneDeps(in []engine.Dependency) []engine.Dependency {
	deps := make([]engine.Dependency, len(in))
	for j, d := range in {
		d.Faults = append([]engine.Fault(nil), d.Faults...)
		if d.Policy.Breaker != nil {
			b := *d.Policy.Breaker
			d.Policy.Breaker = &b
		}
		d.Policy.Order = append([]engine.Layer(nil), d.Policy.Order...)
		if d.Policy.Retry != nil {
			r := *d.Policy.Retry
			d.Policy.Retry = &r
		}
		if d.Policy.RateLimiter != nil {
			r := *d.Policy.RateLimiter
			d.Policy.RateLimiter = &r
		}
		if d.Policy.TenantBulkhead != nil {
			tb := *d.Policy.TenantBulkhead
			tb.Own = append([]engine.TenantSlots(nil), tb.Own...)
			d.Policy.TenantBulkhead = &tb
		}
		deps[j] = d
	}
	return deps
}
