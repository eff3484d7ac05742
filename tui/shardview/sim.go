package shardview

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine/shuffle"
)

// Setup is what the learner sets with the knobs: one fleet, one set of
// customers, one poisoned customer, and the two strategies shown side by
// side.
type Setup struct {
	Workers, PerCustomer, Customers int
	Left, Right                     shuffle.Strategy
	// MaxShared is the overlap-limited strategy's limit: the most workers
	// two customers may share.
	MaxShared int
	Poisoned  int
	// RestartFor is how long a crashed worker takes to restart once its
	// supervisor has noticed.
	RestartFor time.Duration
}

// DefaultSetup is the reference's fleet: 8 workers, 1,000 customers with 2
// each, customer 0 poisoned, plain sharding against shuffle sharding.
func DefaultSetup() Setup {
	d := shuffle.DefaultSimConfig()
	return Setup{
		Workers: d.Workers, PerCustomer: d.PerCustomer, Customers: d.Customers,
		Left: shuffle.StrategyPlain, Right: shuffle.StrategyShuffle,
		MaxShared: d.PerCustomer - 1, Poisoned: d.Poisoned, RestartFor: d.RestartFor,
	}
}

// The view's own limits, tighter than the engine's: every frame draws the
// fleet and a replay to rewind must stay quick.
const (
	MinWorkers, MaxWorkers     = 2, 2048
	MaxPerCustomer             = 16
	MinCustomers, MaxCustomers = 2, 10_000
	MaxRestart                 = 60 * time.Second
	minDuration                = 30 * time.Second
	restartCycles              = 4
	stepCacheBytes             = 24 << 20
	workerStateBytes           = 32
)

// config is the engine's configuration of one side.
func (s Setup) config(strategy shuffle.Strategy, customers int) shuffle.SimConfig {
	c := shuffle.DefaultSimConfig()
	c.Workers, c.PerCustomer, c.Customers = s.Workers, s.PerCustomer, customers
	c.Strategy, c.MaxShared, c.Poisoned = strategy, s.MaxShared, s.Poisoned
	c.RestartFor = s.RestartFor
	return c
}

// Duration is how long a run plays: long enough for the poisoned customer
// to bring its workers down several times, and never under 30 s.
func (s Setup) Duration() time.Duration {
	d := shuffle.DefaultSimConfig()
	return max(minDuration, d.PoisonFrom+restartCycles*(d.CrashedFor+s.RestartFor))
}

// side is one strategy's run: its shards, its timeline, what the exact
// odds expect, and the snapshot on screen.
type side struct {
	strategy shuffle.Strategy
	cfg      shuffle.SimConfig
	sim      *shuffle.Sim
	snap     shuffle.Snapshot
	expect   shuffle.Expectation
	// placed is the number of customers the side holds; an overlap limit
	// can leave room for fewer than asked. note says so.
	placed int
	note   string
	// hist holds the other customers' counts at every 100 ms step the
	// timeline has passed: hist[i] is the moment i×step.
	hist []shuffle.CustomerCounts
}

// advance moves the side to t, recording the counts at each 100 ms step on
// the way; keep, if set, sees the snapshot of each step.
func (sd *side) advance(t time.Duration, keep func(g time.Duration, s shuffle.Snapshot)) error {
	for g := time.Duration(len(sd.hist)) * step; g <= t; g += step {
		if err := sd.sim.AdvanceTo(g); err != nil {
			return fmt.Errorf("advancing to %v: %w", g, err)
		}
		snap := sd.sim.Snapshot()
		sd.hist = append(sd.hist, snap.Now)
		if keep != nil {
			keep(g, snap)
		}
	}
	if err := sd.sim.AdvanceTo(t); err != nil {
		return fmt.Errorf("advancing to %v: %w", t, err)
	}
	return nil
}

// history is the counts up to t, which may be behind the timeline after a
// step back served from the cache.
func (sd *side) history(t time.Duration) []shuffle.CustomerCounts {
	return sd.hist[:min(int(t/step)+1, len(sd.hist))]
}

// newSide builds one side's timeline at time zero.
func newSide(s Setup, strategy shuffle.Strategy, seed uint64) (*side, error) {
	cfg, placed, note, err := sideConfig(s, strategy)
	if err != nil {
		return nil, err
	}
	sim, err := shuffle.New(cfg, seed)
	if err != nil {
		return nil, sideRefusal(strategy, err)
	}
	expect, err := shuffle.Expected(sim.Assignment(), s.Poisoned)
	if err != nil {
		return nil, sideRefusal(strategy, err)
	}
	return &side{strategy: strategy, cfg: cfg, sim: sim, snap: sim.Snapshot(), expect: expect, placed: placed, note: note}, nil
}

// checkSide is newSide's verdict on one side without the timeline: the
// shards drawn as shuffle.New draws them (shuffle.Assign, the call that
// refuses a fleet) and what the odds expect of them. The timeline itself
// refuses nothing that check and sideConfig have not
// (TestValidateIsSetSetupsVerdict).
func checkSide(s Setup, strategy shuffle.Strategy, seed uint64) error {
	cfg, _, _, err := sideConfig(s, strategy)
	if err != nil {
		return err
	}
	a, err := shuffle.Assign(cfg.Fleet(), seed)
	if err != nil {
		return sideRefusal(strategy, err)
	}
	if _, err := shuffle.Expected(a, s.Poisoned); err != nil {
		return sideRefusal(strategy, err)
	}
	return nil
}

// sideConfig is the engine's configuration of one side of s: the
// customers it places (an overlap limit can leave room for fewer than
// asked, which note says), or why the limit leaves too few.
func sideConfig(s Setup, strategy shuffle.Strategy) (cfg shuffle.SimConfig, placed int, note string, err error) {
	placed = s.Customers
	if strategy == shuffle.StrategyOverlapLimited {
		capacity, err := shuffle.OverlapCapacity(s.Workers, s.PerCustomer, s.MaxShared)
		if err != nil {
			return cfg, 0, "", sideRefusal(shuffle.StrategyOverlapLimited, err)
		}
		if capacity.Cmp(big.NewInt(int64(placed))) < 0 {
			placed = int(capacity.Int64())
			note = fmt.Sprintf("room for only %s of %s customers", count(placed), count(s.Customers))
		}
		if placed < 2 {
			return cfg, 0, "", refused(shuffle.ErrOverlapLimit, "overlap-limited: %s workers with %d each and at most %d shared have room for only %s customer; the poisoned one needs company",
				count(s.Workers), s.PerCustomer, s.MaxShared, count(placed))
		}
		if s.Poisoned >= placed {
			return cfg, 0, "", refused(shuffle.ErrOverlapLimit, "overlap-limited: only customers 0 to %s fit (%s), so one of them must be the poisoned one",
				count(placed-1), note)
		}
	}
	return s.config(strategy, placed), placed, note, nil
}

// run is what the shard view plays: the two sides on one clock. Stepping
// back is exact: a side is rebuilt from its seed and replayed, and the
// snapshots of the 100 ms steps passed on the way are kept (as many as
// fit a memory budget), so that further steps back are lookups.
type run struct {
	setup Setup
	seed  uint64
	sides [2]*side
	at    time.Duration
	gen   uint64 // changes with every run that is not a replay of the same one
	steps map[time.Duration][2]shuffle.Snapshot
	// keep is how many step snapshots before the time shown the cache holds.
	keep int
}

func newRun(s Setup, seed uint64) (*run, error) {
	r := &run{setup: s, seed: seed}
	if err := r.rebuild(0); err != nil {
		return nil, err
	}
	return r, nil
}

// newSides builds both sides of s at time zero: the shards, which are
// what a setup can be refused for past its limits (plain sharding's
// divisibility, an overlap limit with no room), and no replay.
func newSides(s Setup, seed uint64) ([2]*side, error) {
	var sides [2]*side
	for i, st := range []shuffle.Strategy{s.Left, s.Right} {
		sd, err := newSide(s, st, seed)
		if err != nil {
			return sides, err
		}
		sides[i] = sd
	}
	return sides, nil
}

// validate is setSetup's verdict on s, without the run: the view's limits,
// then each side's shards (checkSide), left first as newSides builds
// them. The knob form checks a setup it refused again with it after every
// edit, so it must be cheap (BenchmarkFormKeyRecheck).
func validate(s Setup, seed uint64) error {
	if err := s.check(); err != nil {
		return err
	}
	for _, st := range []shuffle.Strategy{s.Left, s.Right} {
		if err := checkSide(s, st, seed); err != nil {
			return err
		}
	}
	return nil
}

// rebuild starts both sides afresh and replays them to t.
func (r *run) rebuild(t time.Duration) error {
	sides, err := newSides(r.setup, r.seed)
	if err != nil {
		return err
	}
	perStep := 2 * (r.setup.Workers*workerStateBytes + r.setup.Customers)
	r.keep = max(stepCacheBytes/perStep, 10)
	if r.steps == nil || len(r.steps) > 2*r.keep {
		r.steps = map[time.Duration][2]shuffle.Snapshot{}
	}
	from := max(t-time.Duration(r.keep)*step, 0) / step * step
	kept := map[time.Duration]*[2]shuffle.Snapshot{}
	for i, sd := range sides {
		err := sd.advance(t, func(g time.Duration, snap shuffle.Snapshot) {
			if g < from || g >= t {
				return
			}
			if _, ok := r.steps[g]; ok {
				return
			}
			if kept[g] == nil {
				kept[g] = &[2]shuffle.Snapshot{}
			}
			kept[g][i] = snap
		})
		if err != nil {
			return fmt.Errorf("replaying: %w", err)
		}
		sd.snap = sd.sim.Snapshot()
	}
	for g, pair := range kept {
		r.steps[g] = *pair
	}
	r.sides, r.at = sides, t
	return nil
}

// Now and End are where the run is and where it ends: with Seek and
// Restart, the run is the Timeline the view's clock moves.
func (r *run) Now() time.Duration { return r.at }

// End is where the run ends: see Now.
func (r *run) End() time.Duration { return r.setup.Duration() }

// Seek moves both sides to t, clamped to [0, End].
func (r *run) Seek(t time.Duration) error {
	t = min(max(t, 0), r.End())
	switch {
	case t == r.at:
		return nil
	case t >= r.sides[0].sim.Now():
		for _, sd := range r.sides {
			if err := sd.advance(t, nil); err != nil {
				return err
			}
			sd.snap = sd.sim.Snapshot()
		}
		r.at = t
		return nil
	}
	if pair, ok := r.steps[t]; ok {
		r.sides[0].snap, r.sides[1].snap = pair[0], pair[1]
		r.at = t
		return nil
	}
	return r.rebuild(t)
}

// Restart goes back to time zero.
func (r *run) Restart() error { return r.rebuild(0) }

// setSetup replaces the setup, keeping the seed and the time. On an error
// the old run stays.
func (r *run) setSetup(s Setup) error {
	if err := s.check(); err != nil {
		return err
	}
	old, oldSides, oldSteps, oldAt := r.setup, r.sides, r.steps, r.at
	r.setup, r.steps = s, nil
	if err := r.rebuild(min(oldAt, s.Duration())); err != nil {
		r.setup, r.sides, r.steps, r.at = old, oldSides, oldSteps, oldAt
		return err
	}
	r.gen++
	return nil
}

// errSetup marks a setup outside the view's limits.
var errSetup = errors.New("not allowed")

// refusal is a setup refused in the words the learner reads, still the
// sentinel it wraps (errors.Is): fmt's %w wrote the sentinel's own text
// into the form's message line, after the reason ("the poisoned customer
// must be from 0 to 99, got 150: not allowed") or before it ("plain:
// invalid input: plain sharding needs the workers (16) to be a
// multiple…").
type refusal struct {
	words string
	is    error
}

func (r refusal) Error() string { return r.words }
func (r refusal) Unwrap() error { return r.is }

// refused is a refusal marked is, in format's words.
func refused(is error, format string, args ...any) error {
	return refusal{words: fmt.Sprintf(format, args...), is: is}
}

// sideRefusal is the engine's refusal of one side's strategy, named by
// the strategy as the form's left and right fields name it, without the
// engine's "invalid input: ".
func sideRefusal(strategy shuffle.Strategy, err error) error {
	return refusal{words: string(strategy) + ": " + strings.TrimPrefix(err.Error(), shuffle.ErrInvalidInput.Error()+": "), is: err}
}

// The upper limits that depend on other knobs, one source for the form's
// hints (knobs.go) and check's refusals, so the two state the same range.
func perCustomerMax(s Setup) int { return min(max(s.Workers, 1), MaxPerCustomer) }
func poisonedMax(s Setup) int    { return max(s.Customers-1, 0) }
func mostSharedMax(s Setup) int  { return max(s.PerCustomer-1, 0) }

// check applies the view's own limits, which say what is allowed; the
// engine checks the rest (plain sharding's divisibility, the overlap limit).
func (s Setup) check() error {
	switch {
	case s.Workers < MinWorkers || s.Workers > MaxWorkers:
		return refused(errSetup, "workers must be from %d to %s, got %d", MinWorkers, count(MaxWorkers), s.Workers)
	case s.PerCustomer < 1 || s.PerCustomer > perCustomerMax(s):
		return refused(errSetup, "workers per customer must be from 1 to %s, got %d", count(perCustomerMax(s)), s.PerCustomer)
	case s.Customers < MinCustomers || s.Customers > MaxCustomers:
		return refused(errSetup, "customers must be from %d to %s, got %d", MinCustomers, count(MaxCustomers), s.Customers)
	case s.Poisoned < 0 || s.Poisoned > poisonedMax(s):
		return refused(errSetup, "the poisoned customer must be from 0 to %s, got %s", count(poisonedMax(s)), count(s.Poisoned))
	case s.RestartFor < 0 || s.RestartFor > MaxRestart:
		return refused(errSetup, "the restart must take from 0 to %s, got %s", secondsShort(MaxRestart), secondsShort(s.RestartFor))
	}
	if s.Left == shuffle.StrategyOverlapLimited || s.Right == shuffle.StrategyOverlapLimited {
		if s.MaxShared < 0 || s.MaxShared > mostSharedMax(s) {
			return refused(errSetup, "the most shared must be from 0 to %s (one less than workers per customer), got %d",
				count(mostSharedMax(s)), s.MaxShared)
		}
	}
	return nil
}
