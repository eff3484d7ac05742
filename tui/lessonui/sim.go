package lessonui

import (
	"fmt"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
)

// stepSim is the simulation a step shows: an engine run or the
// shuffle-sharding timeline, at one virtual time, with its panes.
type stepSim interface {
	Now() time.Duration
	// End is where the step's traffic ends; playing stops there.
	End() time.Duration
	// Seek moves to t: forwards by advancing, backwards by replaying.
	Seek(t time.Duration) error
	// SetVariant switches design, at the same time.
	SetVariant(v int) error
	// Variant is the design shown: its index, how many there are, its name.
	Variant() (int, int, string)
	// DesignNames are the names of every design, in order.
	DesignNames() []string
	Scenario() string
	Panes() []simPane
}

// newStepSim builds the simulation of a prepared step, at its start.
func newStepSim(st *lessons.PreparedStep, th *theme.Theme) (stepSim, error) {
	if st.ShuffleConfig != nil {
		s := &shuffleSim{cfg: *st.ShuffleConfig, seed: st.Sim.Seed, end: st.End, variant: st.Sim.Variant}
		for _, name := range st.Panes {
			s.panes = append(s.panes, newShufflePane(name, th))
		}
		s.panes = append(s.panes, newShuffleExtras(st.Panes, th)...) // extras.go
		if err := s.rebuild(st.From); err != nil {
			return nil, err
		}
		return s, nil
	}
	s := &engineSim{sc: st.Scenario, seed: st.Sim.Seed, variant: st.Sim.Variant}
	for _, name := range st.Panes {
		s.panes = append(s.panes, newEnginePane(name, th))
	}
	attachSweep(s.panes, st) // sweep.go
	// What a tall window adds under the step's panes (extras.go).
	s.panes = append(s.panes, newExtraPanes(st.Panes, th)...)
	// A chart short of room keeps the endpoints the step is about.
	focus := stepFocus(st, st.Scenario, st.Sim.Variant)
	for _, p := range s.panes {
		if x, ok := p.(*chartExtra); ok {
			p = x.enginePane
		}
		if f, ok := p.(focuser); ok {
			f.SetFocus(focus)
		}
	}
	if err := s.rebuild(st.From); err != nil {
		return nil, err
	}
	return s, nil
}

// engineSim plays one variant of an engine scenario. At the end of the
// traffic it also plays the run on through its drain, so the outcome table
// can quote the final counts, the ones `breakerlab run` prints, while the
// other panes show the moment the traffic ended.
type engineSim struct {
	sc      *engine.Scenario
	seed    uint64
	variant int
	run     *engine.Run
	at      time.Duration // the time shown; the run is ahead once drained
	gen     uint64
	snap    engine.Snapshot
	final   *engine.Snapshot
	panes   []enginePane
	// heldNext is set while the panes show a pause held before the rest
	// of its instant (holdEvent): the transitions that came next. Any move
	// (feed) shows the run's own moment again.
	heldNext string
}

func (s *engineSim) rebuild(t time.Duration) error {
	r, err := engine.New(s.sc, s.variant, s.seed)
	if err != nil {
		return fmt.Errorf("starting %s: %w", s.sc.Name, err)
	}
	r.AdvanceTo(t)
	s.run, s.at = r, t
	s.gen++
	s.feed()
	return nil
}

func (s *engineSim) feed() {
	s.heldNext = ""
	s.snap = s.run.Snapshot()
	s.final = nil
	if s.at >= s.End() {
		s.run.AdvanceTo(s.run.End())
		f := s.run.Snapshot()
		s.final = &f
	}
	d := pane.Data{Snap: &s.snap, Gen: s.gen, Faults: pane.FaultSpans(s.sc, s.variant), Final: s.final}
	for _, p := range s.panes {
		p.SetData(d)
	}
}

func (s *engineSim) Now() time.Duration { return s.at }
func (s *engineSim) End() time.Duration { return s.sc.Duration }
func (s *engineSim) Scenario() string   { return s.sc.Name }

func (s *engineSim) Seek(t time.Duration) error {
	t = min(max(t, 0), s.End())
	switch {
	case t == s.at:
		return nil
	case t > s.run.Now():
		s.run.AdvanceTo(t)
		s.at = t
		s.feed()
		return nil
	}
	return s.rebuild(t)
}

func (s *engineSim) SetVariant(v int) error {
	if v < 0 || v >= len(s.sc.Variants) {
		return fmt.Errorf("%s has designs %d to %d", s.sc.Name, lessons.DesignNumber(0), lessons.DesignNumber(len(s.sc.Variants)-1))
	}
	old := s.variant
	s.variant = v
	if err := s.rebuild(s.at); err != nil {
		s.variant = old
		return err
	}
	return nil
}

func (s *engineSim) Variant() (int, int, string) {
	return s.variant, len(s.sc.Variants), s.sc.Variants[s.variant].Name
}

func (s *engineSim) DesignNames() []string {
	out := make([]string, len(s.sc.Variants))
	for i, v := range s.sc.Variants {
		out[i] = v.Name
	}
	return out
}

func (s *engineSim) Panes() []simPane {
	out := make([]simPane, len(s.panes))
	for i, p := range s.panes {
		out[i] = p
	}
	return out
}

// shuffleSim plays the poisoned-customer timeline of engine/shuffle.
type shuffleSim struct {
	cfg     shuffle.SimConfig
	seed    uint64
	end     time.Duration
	variant int
	sim     *shuffle.Sim
	snap    shuffle.Snapshot
	panes   []shufflePane
	// hist is the other customers' counts at every playback.Step the
	// timeline has passed (hist[i] at i steps), for the chart over time:
	// recorded on the way forward, replayed with the run on a step back.
	hist []shuffle.CustomerCounts
}

func (s *shuffleSim) rebuild(t time.Duration) error {
	cfg := s.cfg
	cfg.Strategy = shuffle.Strategies()[s.variant]
	sim, err := shuffle.New(cfg, s.seed)
	if err != nil {
		return fmt.Errorf("starting the shuffle timeline: %w", err)
	}
	s.sim, s.hist = sim, s.hist[:0]
	if err := s.advance(t); err != nil {
		return err
	}
	s.feed()
	return nil
}

// advance plays the timeline on to t, recording the counts at each
// playback.Step on the way. The timeline is driven by events, so stopping
// at those steps changes nothing it does.
func (s *shuffleSim) advance(t time.Duration) error {
	for g := time.Duration(len(s.hist)) * playback.Step; g <= t; g += playback.Step {
		if err := s.sim.AdvanceTo(g); err != nil {
			return fmt.Errorf("playing the shuffle timeline: %w", err)
		}
		s.hist = append(s.hist, s.sim.Snapshot().Now)
	}
	if err := s.sim.AdvanceTo(t); err != nil {
		return fmt.Errorf("playing the shuffle timeline: %w", err)
	}
	return nil
}

func (s *shuffleSim) feed() {
	s.snap = s.sim.Snapshot()
	cfg := s.cfg
	cfg.Strategy = shuffle.Strategies()[s.variant]
	d := shuffleData{snap: &s.snap, cfg: cfg, poisoned: s.sim.Assignment().Shard(s.snap.Poisoned), hist: s.hist, end: s.end}
	for _, p := range s.panes {
		p.SetShuffle(d)
	}
}

func (s *shuffleSim) Now() time.Duration { return s.sim.Now() }
func (s *shuffleSim) End() time.Duration { return s.end }
func (s *shuffleSim) Scenario() string   { return lessons.Shuffle }

func (s *shuffleSim) Seek(t time.Duration) error {
	t = min(max(t, 0), s.end)
	switch {
	case t == s.sim.Now():
		return nil
	case t > s.sim.Now():
		if err := s.advance(t); err != nil {
			return err
		}
		s.feed()
		return nil
	}
	return s.rebuild(t)
}

func (s *shuffleSim) SetVariant(v int) error {
	strategies := shuffle.Strategies()
	if v < 0 || v >= len(strategies) {
		return fmt.Errorf("the shuffle scenario has strategies %d to %d", lessons.DesignNumber(0), lessons.DesignNumber(len(strategies)-1))
	}
	old := s.variant
	s.variant = v
	if err := s.rebuild(s.sim.Now()); err != nil {
		s.variant = old
		if s.rebuild(s.sim.Now()) != nil {
			return err
		}
		return err
	}
	return nil
}

func (s *shuffleSim) Variant() (int, int, string) {
	strategies := shuffle.Strategies()
	return s.variant, len(strategies), strategyName(strategies[s.variant])
}

func (s *shuffleSim) DesignNames() []string {
	var out []string
	for _, st := range shuffle.Strategies() {
		out = append(out, strategyName(st))
	}
	return out
}

// strategyName names a shuffle strategy as a design: "overlap limited sharding".
func strategyName(st shuffle.Strategy) string {
	return strings.ReplaceAll(string(st), "-", " ") + " sharding"
}

func (s *shuffleSim) Panes() []simPane {
	out := make([]simPane, len(s.panes))
	for i, p := range s.panes {
		out[i] = p
	}
	return out
}
