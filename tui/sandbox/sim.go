package sandbox

import (
	"fmt"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// sim owns the run being shown: the scenario as the learner has set its
// knobs, the variant, the seed, and the engine run at the current virtual
// time. Rewinding builds a fresh run and advances it to the earlier time;
// the engine's determinism makes that exact.
type sim struct {
	original *engine.Scenario // as built in, for "restore defaults"
	sc       *engine.Scenario // with the learner's knobs
	seed     uint64
	variant  int
	run      *engine.Run
	gen      uint64 // changes with every new run that is not a rewind of the same one
	snap     engine.Snapshot
	faults   []pane.FaultSpan
	edited   bool
}

func newSim(sc *engine.Scenario, variant int, seed uint64) (*sim, error) {
	s := &sim{original: cloneScenario(sc), sc: cloneScenario(sc), seed: seed, variant: variant}
	if err := s.rebuild(0); err != nil {
		return nil, err
	}
	return s, nil
}

// rebuild starts a fresh run of the current scenario and variant and
// advances it to t.
func (s *sim) rebuild(t time.Duration) error {
	r, err := engine.New(s.sc, s.variant, s.seed)
	if err != nil {
		return fmt.Errorf("starting %s variant %d: %w", s.sc.Name, s.variant+1, err)
	}
	r.AdvanceTo(t)
	s.run = r
	s.faults = pane.FaultSpans(s.sc, s.variant)
	s.snap = r.Snapshot()
	return nil
}

// end is the last time the sandbox plays to: the scenario's duration.
func (s *sim) end() time.Duration { return s.sc.Duration }

// now is the virtual time shown.
func (s *sim) now() time.Duration { return s.run.Now() }

// seek moves to virtual time t, clamped to [0, end]: forwards by advancing,
// backwards by replaying a fresh run.
func (s *sim) seek(t time.Duration) error {
	t = min(max(t, 0), s.end())
	if t == s.run.Now() {
		return nil
	}
	if t > s.run.Now() {
		s.run.AdvanceTo(t)
		s.snap = s.run.Snapshot()
		return nil
	}
	// The same scenario, variant and seed: the picture is the same run's,
	// so the generation stays and the charts can tell from the sample count.
	return s.rebuild(t)
}

// setVariant switches to variant v on the same seed, at the same time.
func (s *sim) setVariant(v int) error {
	if v < 0 || v >= len(s.sc.Variants) || v == s.variant {
		return nil
	}
	old := s.variant
	s.variant = v
	if err := s.rebuild(s.run.Now()); err != nil {
		s.variant = old
		return err
	}
	s.gen++
	return nil
}

// setScenario replaces the knobs, keeping the variant, seed and time. On an
// error the old run stays.
func (s *sim) setScenario(sc *engine.Scenario) error {
	if err := sc.Validate(); err != nil {
		return err
	}
	oldSc, oldRun, oldFaults, oldSnap := s.sc, s.run, s.faults, s.snap
	s.sc = sc
	if err := s.rebuild(oldRun.Now()); err != nil {
		s.sc, s.run, s.faults, s.snap = oldSc, oldRun, oldFaults, oldSnap
		return err
	}
	s.gen++
	s.edited = true
	return nil
}

// restart goes back to time zero.
func (s *sim) restart() error { return s.rebuild(0) }

// data is what the panes draw.
func (s *sim) data() pane.Data {
	return pane.Data{Snap: &s.snap, Gen: s.gen, Faults: s.faults}
}

// cloneScenario copies a scenario deeply enough that changing the copy's
// knobs never touches the original: the variants, their endpoints and
// dependencies, faults and breaker configurations.
func cloneScenario(sc *engine.Scenario) *engine.Scenario {
	c := *sc
	c.Variants = make([]engine.Variant, len(sc.Variants))
	for i, v := range sc.Variants {
		v.System.Endpoints = append([]engine.Endpoint(nil), v.System.Endpoints...)
		deps := make([]engine.Dependency, len(v.System.Dependencies))
		for j, d := range v.System.Dependencies {
			d.Faults = append([]engine.Fault(nil), d.Faults...)
			if d.Policy.Breaker != nil {
				b := *d.Policy.Breaker
				d.Policy.Breaker = &b
			}
			deps[j] = d
		}
		v.System.Dependencies = deps
		c.Variants[i] = v
	}
	return &c
}
