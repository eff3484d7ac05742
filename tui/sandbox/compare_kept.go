package sandbox

import (
	"maps"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// Compare mode's runs, kept as the main view's are (variants.go). A side
// that changes variant or preset (tab, 1-9, { and }, p and P) leaves its
// run with the sim's kept runs, under its preset too; a side shown again
// takes its run from there and goes on from where it stood (sim.resume).
// A side set to what the other side shows shares the other's run: both
// stand at the same time, and a run is only ever advanced, looked up in
// its step snapshots or replayed, each exact. Opening compare mode hands
// the main view's run to the side showing its variant without a preset
// (or keeps it, when neither does), and closing it hands the left side's
// run back to the main view, or takes the left variant's kept run there.
//
// Each of these used to replay the side's run from 0 s to the time shown
// (and closing, the main view's): on the 20-minute scenario file of
// BenchmarkCompareSideSwitch paused at 712 s, some 70 ms of CPU a side.
//
// The sides' runs share the main view's budget (keptBudget, or
// Limits.KeptRunBytes) and its rules: the runs on screen are not counted,
// and the runs off screen go by Footprint and their step snapshots' bytes.
// A side's run of the scenario and seed shown no longer (after knobs,
// faults or a seed, which re-run both sides) is never kept.
//
// A side's run gets its generation from the main view's sim, so that no
// two runs, a side's or the main view's, ever have the same one: a run a
// side hands to the main view keeps its generation there, and the main
// view's panes tell runs apart by it (arrange.go's takeVariant).

// sideKept is side s's run as a kept run.
func sideKept(s *compareSide) *keptRun {
	k := s.sim.shown()
	k.base, k.preset = s.base, s.preset
	return k
}

// keepSide keeps side s's run, when it is of the scenario and seed shown.
func (m *Model) keepSide(s *compareSide) {
	if s.base == m.sim.sc && s.sim.seed == m.sim.seed {
		m.sim.kept.put(sideKept(s))
	}
}

// sideSim is the run of variant v under preset ("" for its own breaker) on
// the main view's scenario and seed, at t: the first of the runs on hand
// that is that run, or its kept run, taken up as tab takes one up
// (sim.resume); else a replay from 0 s, a run of a new generation. It
// reports which run on hand it took, -1 for none. A run on hand stays
// where it is: the caller lets it go, or keeps it, or shows it elsewhere.
func (m *Model) sideSim(v int, preset string, t time.Duration, onHand []*keptRun) (*sim, int, error) {
	base, seed := m.sim.sc, m.sim.seed
	var k *keptRun
	took := -1
	for i, h := range onHand {
		if h != nil && h.base == base && h.seed == seed && h.variant == v && h.preset == preset {
			k, took = h, i
			break
		}
	}
	kept := false
	if k == nil {
		k = m.sim.kept.takePreset(base, seed, v, preset)
		kept = k != nil
	}
	var sc *engine.Scenario
	if k != nil {
		sc = k.sc
	} else {
		var err error
		if sc, err = sideScenario(base, v, preset); err != nil {
			return nil, -1, err
		}
	}
	// A side's scenario is never edited: the knob form edits the main
	// view's, and both sides re-run on the new one.
	s := &sim{original: sc, sc: sc, seed: seed, variant: v}
	var err error
	if k == nil {
		// On a long run, played ahead in slices first (work_moves.go).
		w, werr := m.sideWarm(sc, base, preset, v, seed, t)
		if werr != nil {
			return nil, -1, werr
		}
		if w != nil {
			s.original, s.sc, s.warm = w.sc, w.sc, w
		}
		s.gen = m.sim.newGen()
		err = s.rebuild(t)
	} else {
		err = s.resume(k, t)
	}
	if err != nil {
		if kept {
			m.sim.kept.put(k)
		}
		return nil, -1, err
	}
	return s, took, nil
}

// ownSteps gives s a map of step snapshots of its own, for a run it
// shares with the other side: each side's step snapshots then count what
// its map holds, and a kept run's count is what letting it go frees.
func (s *sim) ownSteps() {
	s.steps = maps.Clone(s.steps)
}

// takeBack shows the left side's variant in the main view at the time the
// sides show: the left side's run when it has no preset (or the right
// side's, when that one is the variant's without a preset), else the
// variant's kept run, or a replay. The sides' runs it does not show are
// kept, the left side's last (it was shown last). On an error the main
// view's run stays.
func (m *Model) takeBack(left, right *compareSide) error {
	t, v := left.sim.now(), left.variant
	var k *keptRun
	kept := false
	for _, s := range []*compareSide{left, right} {
		if s.variant == v && s.preset == "" && s.base == m.sim.sc && s.sim.seed == m.sim.seed {
			k = sideKept(s)
			break
		}
	}
	if k == nil {
		// Taken before the sides' runs are kept, which could push it out.
		k = m.sim.kept.take(m.sim.sc, m.sim.seed, v)
		kept = k != nil
	}
	if k == nil {
		// A replay of a long run (the left side under a preset, its own
		// breaker's run not kept) is played ahead in slices first.
		if w := m.sim.warmWork(v, m.sim.seed, t); w != nil {
			w.what += " to close compare"
			m.warming = w
			return errWarming
		}
	}
	here := m.sim.shown()
	m.sim.variant = v
	if err := m.sim.resume(k, t); err != nil {
		m.sim.show(here)
		if kept {
			m.sim.kept.put(k)
		}
		return err
	}
	for _, s := range []*compareSide{right, left} {
		if s.sim.run != m.sim.run {
			m.keepSide(s)
		}
	}
	return nil
}

// sideScenario is the scenario of variant v under preset on base, as a
// side runs it: base itself for the variant's own breaker.
func sideScenario(base *engine.Scenario, v int, preset string) (*engine.Scenario, error) {
	if preset == "" {
		return base, nil
	}
	return withPreset(base, v, preset)
}
