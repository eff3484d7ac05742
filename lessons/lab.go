package lessons

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/shuffle"
)

// Lab runs the engine for lessons and remembers every result by run (the
// scenario, variant, seed and overrides) and time, so that a placeholder,
// a claim and a pause point that ask about the same run pay for it once.
// A Lab is safe for concurrent use; its results are immutable snapshots,
// so a classroom server's sessions share one (home.Options.Lab).
//
// What a Lab holds is bounded by the lessons it is asked about: the runs
// are the specs of their placeholders, claims, pause points and recaps,
// and nothing a learner types (a prediction, a forked run's knobs, the
// sandbox) reaches it; those run on their own.
type Lab struct {
	mu sync.Mutex
	// runs counts the engine runs made, each a result not yet held: what
	// sharing the Lab saves is read from it (Runs).
	runs      atomic.Int64
	final     map[string]engine.Snapshot
	at        map[string]engine.Snapshot
	reports   map[uint64]shuffle.Report
	timelines map[string]shuffle.Snapshot
}

// Runs reports how many simulations the Lab has run (the engine's, the
// shuffle report's and timeline's), not counting results it answered
// from memory.
func (l *Lab) Runs() int64 { return l.runs.Load() }

// NewLab returns an empty Lab.
func NewLab() *Lab {
	return &Lab{
		final:     map[string]engine.Snapshot{},
		at:        map[string]engine.Snapshot{},
		reports:   map[uint64]shuffle.Report{},
		timelines: map[string]shuffle.Snapshot{},
	}
}

// Final runs spec to its end (drain included) and returns the last snapshot.
func (l *Lab) Final(spec *SimSpec) (engine.Snapshot, error) {
	if spec.IsShuffle() {
		return engine.Snapshot{}, fmt.Errorf("%s is the shuffle-sharding scenario, which has no worker pool: use the shuffle metrics", spec)
	}
	key := spec.key()
	l.mu.Lock()
	defer l.mu.Unlock()
	if s, ok := l.final[key]; ok {
		return s, nil
	}
	r, err := l.newRun(spec)
	if err != nil {
		return engine.Snapshot{}, err
	}
	r.Run()
	s := r.Snapshot()
	l.final[key] = s
	return s, nil
}

// At runs spec to virtual time t and returns the snapshot there.
func (l *Lab) At(spec *SimSpec, t time.Duration) (engine.Snapshot, error) {
	if spec.IsShuffle() {
		return engine.Snapshot{}, fmt.Errorf("%s is the shuffle-sharding scenario, which has no worker pool: use the shuffle metrics", spec)
	}
	key := fmt.Sprintf("%s@%d", spec.key(), t)
	l.mu.Lock()
	defer l.mu.Unlock()
	if s, ok := l.at[key]; ok {
		return s, nil
	}
	r, err := l.newRun(spec)
	if err != nil {
		return engine.Snapshot{}, err
	}
	if t > r.End() {
		return engine.Snapshot{}, fmt.Errorf("%s ends at %v, before %v", spec, r.End(), t)
	}
	r.AdvanceTo(t)
	s := r.Snapshot()
	l.at[key] = s
	return s, nil
}

// Report runs the shuffle scenario's static report (the odds table and the
// poisoned customer under every strategy) with seed.
func (l *Lab) Report(seed uint64) (shuffle.Report, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if r, ok := l.reports[seed]; ok {
		return r, nil
	}
	l.runs.Add(1)
	r, err := shuffle.RunScenario(seed)
	if err != nil {
		return shuffle.Report{}, fmt.Errorf("running the shuffle scenario: %w", err)
	}
	l.reports[seed] = r
	return r, nil
}

// Timeline plays a shuffle step's poisoned-customer timeline to its end
// and returns the last snapshot.
func (l *Lab) Timeline(spec *SimSpec) (shuffle.Snapshot, error) {
	if !spec.IsShuffle() {
		return shuffle.Snapshot{}, fmt.Errorf("%s is not the shuffle scenario", spec)
	}
	key := spec.key()
	l.mu.Lock()
	defer l.mu.Unlock()
	if s, ok := l.timelines[key]; ok {
		return s, nil
	}
	cfg, until, err := buildShuffle(spec)
	if err != nil {
		return shuffle.Snapshot{}, err
	}
	l.runs.Add(1)
	sim, err := shuffle.New(cfg, spec.Seed)
	if err != nil {
		return shuffle.Snapshot{}, fmt.Errorf("starting the shuffle timeline: %w", err)
	}
	if err := sim.AdvanceTo(until); err != nil {
		return shuffle.Snapshot{}, fmt.Errorf("playing the shuffle timeline: %w", err)
	}
	s := sim.Snapshot()
	l.timelines[key] = s
	return s, nil
}

// newRun builds the spec's scenario and a run of it, counted in Runs.
func (l *Lab) newRun(spec *SimSpec) (*engine.Run, error) {
	l.runs.Add(1)
	sc, err := buildScenario(spec)
	if err != nil {
		return nil, err
	}
	r, err := engine.New(sc, spec.Variant, spec.Seed)
	if err != nil {
		return nil, fmt.Errorf("starting %s: %w", spec, err)
	}
	return r, nil
}
