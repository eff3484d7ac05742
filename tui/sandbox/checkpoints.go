package sandbox

import (
	"sort"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// Checkpoints of a long run. A jump back to a time with no step snapshot
// (sim.steps holds the last minute's) replays the run, and it used to
// replay it from 0 s: on a 24-hour scenario file a [ to an event hours
// ago played all those hours again. So copies of the run shown are kept
// at spaced moments as it is played (by work's slices, by a move, by ]'s
// walk ahead), and a replay goes on from the latest one at or before
// where it starts keeping step snapshots (replayFrom), which makes the
// same steps and the same screen: the engine is deterministic, and a
// copy goes on bit for bit as the run it was taken from. A move forward
// goes on from one too when it stands further on than the run shown
// (fromAhead): a typed 13h on a 24-hour run played the run shown from
// 0 s, past the copies the opening's profile kept.
//
// A copy holds the run's arrays as they stood (its latencies grow with
// every answer: go-server's copy at 12 h is some 57 MB, checkout's 6 MB),
// so the copies kept are bounded in bytes, checkpointBudget. They are
// taken at every multiple of a spacing, checkpointEvery at first; when
// they would hold more than the budget, or copies at that spacing over
// the whole run would, were they to grow as the last has, the spacing
// doubles and the copies off its multiples go, so that those left stay
// evenly spread over the run and a replay plays at most one spacing.

// checkpointEvery is the first spacing of the checkpoints: a replay from
// one plays at most that far, some 60 ms of go-server's traffic, while
// the budget holds them that close. Runs shorter than directSpan replay
// from 0 s in one Update anyway, and take none before it.
const checkpointEvery = 10 * time.Minute

// checkpointBudget is the most bytes the checkpoints of one sim hold
// (engine.Run.KeptFootprint of each copy), the bound a sweep keeps to too:
// on a 24-hour go-server, whose run shown holds some 125 MB at its end, a
// copy at 12 h at most; on a 24-hour checkout, one every 2 h 40 m.
const checkpointBudget = 64 << 20

// checkpoint is a copy of the run kept at a moment.
type checkpoint struct {
	slot  time.Duration // the multiple of the spacing it stands for
	r     *engine.Run   // a compact copy (KeepInto), stood at or after slot
	bytes int
}

// checkpoints are the copies of one run (key) kept so far, by time.
type checkpoints struct {
	key     eventKey
	spacing time.Duration
	list    []checkpoint
	bytes   int
}

// offer keeps a copy of r, a run of key standing where it was played to,
// when no copy stands for its slot yet.
func (c *checkpoints) offer(key eventKey, r *engine.Run) {
	if c.key != key {
		*c = checkpoints{key: key, spacing: checkpointEvery}
	}
	now := r.Now()
	// None at the end: a replay is to an earlier time.
	if now < max(c.spacing, directSpan) || now >= key.sc.Duration {
		return
	}
	if c.has(now) || !r.Forkable() {
		return
	}
	// A copy that a thinning would let go of is not worth making: the
	// spacing widens first to what twice the budget would hold over the
	// whole run, were the copies to grow as they have (a rough guess: a
	// run's bytes grow faster in its first hours).
	for c.spacing <= key.sc.Duration && c.projected(r.KeptFootprint(), now, key.sc.Duration) > 2*checkpointBudget {
		c.thin()
	}
	if now < c.spacing || c.has(now) {
		return
	}
	slot := now / c.spacing * c.spacing
	i := sort.Search(len(c.list), func(i int) bool { return c.list[i].slot >= slot })
	cp := checkpoint{slot: slot, r: new(engine.Run)}
	r.KeepInto(cp.r)
	cp.bytes = cp.r.KeptFootprint()
	c.list = append(c.list[:i], append([]checkpoint{cp}, c.list[i:]...)...)
	c.bytes += cp.bytes
	for c.bytes > checkpointBudget {
		c.thin()
	}
}

// has says a copy stands for now's slot already.
func (c *checkpoints) has(now time.Duration) bool {
	slot := now / c.spacing * c.spacing
	i := sort.Search(len(c.list), func(i int) bool { return c.list[i].slot >= slot })
	return i < len(c.list) && c.list[i].slot == slot
}

// projected is about the bytes of copies at every multiple of the
// spacing up to end, were a copy's bytes to grow with time as they did
// from the earliest copy kept to bytes at now (a copy holds a part that
// does not grow: its arrays sized for the whole run); 0 with no copy
// kept to tell the growth by.
func (c *checkpoints) projected(bytes int, now, end time.Duration) float64 {
	if len(c.list) == 0 || c.list[0].r.Now() >= now {
		return 0
	}
	first := c.list[0]
	rate := max(0, float64(bytes-first.bytes)/(now-first.r.Now()).Seconds()) // bytes a second
	base := float64(bytes) - rate*now.Seconds()
	n := float64(end / c.spacing)
	return n*base + rate*c.spacing.Seconds()*n*(n+1)/2
}

// thin doubles the spacing, letting go of the copies off its multiples.
func (c *checkpoints) thin() {
	c.spacing *= 2
	kept := c.list[:0]
	c.bytes = 0
	for _, cp := range c.list {
		if cp.slot%c.spacing == 0 {
			kept = append(kept, cp)
			c.bytes += cp.bytes
		}
	}
	clear(c.list[len(kept):])
	c.list = kept
}

// from is a run of key standing at the latest checkpoint at or before t,
// a copy of it (the checkpoint stays for the next replay); nil when there
// is none.
func (c *checkpoints) from(key eventKey, t time.Duration) *engine.Run {
	return copyOf(c.latest(key, t))
}

// copyOf is a copy of checkpoint cp to play on, cp staying as it stands;
// nil for nil.
func copyOf(cp *engine.Run) *engine.Run {
	if cp == nil {
		return nil
	}
	r := new(engine.Run)
	cp.CloneInto(r)
	return r
}

// latest is the latest checkpoint of key at or before t, the one kept
// (not to be played on); nil when there is none.
func (c *checkpoints) latest(key eventKey, t time.Duration) *engine.Run {
	if c.key != key {
		return nil
	}
	var best *engine.Run
	for _, cp := range c.list {
		if cp.r.Now() > t {
			break
		}
		best = cp.r
	}
	return best
}

// fromAhead is a run of the shown scenario, variant and seed standing at
// the latest checkpoint at or before where a rebuild to t starts keeping
// step snapshots, a copy of it, when that is further on than base, where
// the run a move to t would otherwise play on from stands; nil else. A
// forward move goes on from it: on a 24-hour run the opening's profile
// leaves a copy every few hours, and a typed 13h played the run shown on
// from 0 s, past the one at 12 h.
func (s *sim) fromAhead(t, base time.Duration) *engine.Run {
	return copyOf(s.aheadCheckpoint(t, base))
}

// aheadCheckpoint is fromAhead's checkpoint, the one kept; nil when there
// is none further on than base.
func (s *sim) aheadCheckpoint(t, base time.Duration) *engine.Run {
	cp := s.cps.latest(s.key(), replayFrom(t))
	if cp == nil || cp.Now() <= base {
		return nil
	}
	return cp
}

// moveBase is where the run a forward move to t goes on from stands
// without a checkpoint: the run played ahead (warmAhead), or the run
// shown.
func (s *sim) moveBase(t time.Duration) time.Duration {
	if w := s.warmAhead(t); w != nil {
		return w.Now()
	}
	return s.run.Now()
}

// key is the run s shows, as its checkpoints and event index name it.
func (s *sim) key() eventKey { return eventKey{s.sc, s.variant, s.seed} }
