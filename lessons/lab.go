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
	final     memo[string, engine.Snapshot]
	at        memo[string, engine.Snapshot]
	reports   memo[uint64, shuffle.Report]
	timelines memo[string, shuffle.Snapshot]
}

// memo is what a Lab holds of one kind: the results made, and those being
// made. The Lab's lock guards both maps but is not held while a result is
// made: sessions of a classroom preparing different lessons at once run
// side by side, and one that asks for a result being made waits for it
// rather than making it again. (Held throughout, it made four students
// opening four lessons take turns, the last waiting for all the others'
// runs.)
type memo[K comparable, V any] struct {
	done map[K]V
	busy map[K]*making[V]
}

// making is a result being made; done is closed once v and err are set.
type making[V any] struct {
	done chan struct{}
	v    V
	err  error
}

// get returns m's result for k, made by produce the first time it is asked
// for. An error is returned to every caller that waited for it, and not
// kept: the next ask makes it again, as before there was sharing.
func get[K comparable, V any](mu *sync.Mutex, m *memo[K, V], k K, produce func() (V, error)) (V, error) {
	mu.Lock()
	if v, ok := m.done[k]; ok {
		mu.Unlock()
		return v, nil
	}
	if w, ok := m.busy[k]; ok {
		mu.Unlock()
		<-w.done
		return w.v, w.err
	}
	if m.done == nil {
		m.done = map[K]V{}
	}
	if m.busy == nil {
		m.busy = map[K]*making[V]{}
	}
	w := &making[V]{done: make(chan struct{})}
	m.busy[k] = w
	mu.Unlock()
	w.v, w.err = produce()
	mu.Lock()
	delete(m.busy, k)
	if w.err == nil {
		m.done[k] = w.v
	}
	mu.Unlock()
	close(w.done)
	return w.v, w.err
}

// Runs reports how many simulations the Lab has run (the engine's, the
// shuffle report's and timeline's), not counting results it answered
// from memory.
func (l *Lab) Runs() int64 { return l.runs.Load() }

// NewLab returns an empty Lab.
func NewLab() *Lab { return &Lab{} }

// Final runs spec to its end (drain included) and returns the last snapshot.
func (l *Lab) Final(spec *SimSpec) (engine.Snapshot, error) {
	if spec.IsShuffle() {
		return engine.Snapshot{}, fmt.Errorf("%s is the shuffle-sharding scenario, which has no worker pool: use the shuffle metrics", spec)
	}
	return get(&l.mu, &l.final, spec.key(), func() (engine.Snapshot, error) {
		r, err := l.newRun(spec)
		if err != nil {
			return engine.Snapshot{}, err
		}
		r.Run()
		return r.Snapshot(), nil
	})
}

// At runs spec to virtual time t and returns the snapshot there.
func (l *Lab) At(spec *SimSpec, t time.Duration) (engine.Snapshot, error) {
	if spec.IsShuffle() {
		return engine.Snapshot{}, fmt.Errorf("%s is the shuffle-sharding scenario, which has no worker pool: use the shuffle metrics", spec)
	}
	return get(&l.mu, &l.at, fmt.Sprintf("%s@%d", spec.key(), t), func() (engine.Snapshot, error) {
		r, err := l.newRun(spec)
		if err != nil {
			return engine.Snapshot{}, err
		}
		if t > r.End() {
			return engine.Snapshot{}, fmt.Errorf("%s ends at %v, before %v", spec, r.End(), t)
		}
		r.AdvanceTo(t)
		return r.Snapshot(), nil
	})
}

// Report runs the shuffle scenario's static report (the odds table and the
// poisoned customer under every strategy) with seed.
func (l *Lab) Report(seed uint64) (shuffle.Report, error) {
	return get(&l.mu, &l.reports, seed, func() (shuffle.Report, error) {
		l.runs.Add(1)
		r, err := shuffle.RunScenario(seed)
		if err != nil {
			return shuffle.Report{}, fmt.Errorf("running the shuffle scenario: %w", err)
		}
		return r, nil
	})
}

// Timeline plays a shuffle step's poisoned-customer timeline to its end
// and returns the last snapshot.
func (l *Lab) Timeline(spec *SimSpec) (shuffle.Snapshot, error) {
	if !spec.IsShuffle() {
		return shuffle.Snapshot{}, fmt.Errorf("%s is not the shuffle scenario", spec)
	}
	return get(&l.mu, &l.timelines, spec.key(), func() (shuffle.Snapshot, error) {
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
		return sim.Snapshot(), nil
	})
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
