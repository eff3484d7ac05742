package sandbox

import (
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	tea "github.com/charmbracelet/bubbletea"
)

// The events ] and [ move through: each breaker transition of the run, and
// each fault's start and end (playback.RunEvents' list). A jump needs only
// part of that list: every event before the time shown for [, and for ]
// the events up to the first one after it. So the list is worked out as
// far as a jump asks: the faults from the scenario, which says them; the
// transitions before the time shown from the run shown, which has made
// them; and those after it from a copy of that run played on, which goes
// as far as the next event and stays there for the next ].
//
// The index used to be the whole list, from a run of its own played from
// 0 s to the end of the traffic, when ] or [ first asked on a variant (in
// compare mode, on a side just put on another variant or preset): on the
// 20-minute scenario file of BenchmarkCompareEventJump at 712 s, some
// 120 ms of CPU a side beside the jump's 25 to 30 ms. Now a side without
// a breaker costs nothing beside the jump, and one with a breaker the
// copy of its run and the stretch to the next event played once: the
// copy plays it to find the event, keeping a copy of itself every few
// seconds of it (checkpointSteps), and the jump goes on from the last of
// those before the event instead of playing the run shown over the whole
// stretch again (it did: some 20 ms there).

// eventCache holds what is known of the events of the runs on screen: the
// main view's run, or compare mode's sides.
type eventCache struct {
	idx [2]eventIndex
	// faults are the faults' and the process's events of the runs indexed
	// lately, by run: a side put back on a variant, or on the other
	// side's, takes them from here rather than play a run of their own
	// again (ProcessEvents plays the whole run: some 10 s of a 24-hour
	// scenario file's).
	faults map[eventKey][]playback.Event
	// watching is the run of its own that finds a long run's kills at its
	// memory limit, played in slices by work (processWork) and kept when
	// esc stops it, for the next ] or [ to go on from; watched is whose.
	watching *playback.ProcessWatch
	watched  eventKey
}

// slowProcess says run k's kills at its memory limit are not known yet
// and take a run of their own longer than directSpan to find: work
// (processWork), not one Update.
func (c *eventCache) slowProcess(k eventKey) bool {
	_, ok := c.faults[k]
	return !ok && k.sc.Duration > directSpan && playback.HasProcessEvents(k.sc, k.variant)
}

// processWork is the work ] or [ (k) needs first when a run shown is long
// and its kills at its memory limit are not known yet: the run of their
// own that finds them, played a slice at a time, where ProcessEvents
// played it at once (some 10 s of a 24-hour go-server); then the key
// again, which may look further (eventWork). nil when none is needed.
func (m *Model) processWork(k tea.KeyMsg) *work {
	sims := []*sim{m.sim}
	if m.cmp != nil {
		sims = []*sim{m.cmp.sides[0].sim, m.cmp.sides[1].sim}
	}
	c := m.ev
	for _, s := range sims {
		key := eventKey{s.sc, s.variant, s.seed}
		if !c.slowProcess(key) {
			continue
		}
		if c.watching == nil || c.watched != key {
			pw, err := playback.NewProcessWatch(s.sc, s.variant, s.seed)
			if err != nil {
				return nil // the jump reports it
			}
			c.watching, c.watched = pw, key
		}
		pw := c.watching
		w := &work{what: "looking for the process's kills", from: pw.Now(), at: pw.Now(), to: pw.End(), target: m.now(),
			stopNote: "stopped looking for the process's kills; the key again goes on from there"}
		w.advance = func(m *Model, at time.Duration) bool {
			pw.AdvanceTo(at)
			if pw.Done() {
				m.ev.keepFaults(key, pw.Events())
			}
			return pw.Done()
		}
		w.then = func(m *Model, _ time.Duration, stopped bool) error {
			if !stopped {
				var cmd tea.Cmd // the clock's, paused for the work: finish plays it again
				m.timeKey(k, &cmd)
			}
			return nil
		}
		return w
	}
	return nil
}

// mostFaultLists is how many runs' event lists faults holds: a few, for
// the variants a learner goes between.
const mostFaultLists = 8

// faultEvents are run k's faults' and process's events (index), from
// the lists kept when there is one. Unless wait, nil when the process's
// take a long run's work (slowProcess): a screen that only draws the
// index's transitions (sideTransitions) does not wait for them.
func (c *eventCache) faultEvents(k eventKey, wait bool) []playback.Event {
	if f, ok := c.faults[k]; ok {
		return f
	}
	if !wait && c.slowProcess(k) {
		return nil
	}
	// The kills at the memory limit, which the run decides: a run of
	// their own, for a variant with a memory limit only (some 16 ms on
	// go-server), kept with the faults, which the index knows from the
	// start. Its error is the run shown's, which has run. A watch work
	// began goes on from where it got to.
	pw := c.watching
	if pw == nil || c.watched != k {
		var err error
		if pw, err = playback.NewProcessWatch(k.sc, k.variant, k.seed); err != nil {
			return playback.FaultEvents(k.sc, k.variant)
		}
	}
	pw.AdvanceTo(pw.End())
	return c.keepFaults(k, pw.Events())
}

// keepFaults keeps run k's faults' events with proc, its process's, and
// returns them.
func (c *eventCache) keepFaults(k eventKey, proc []playback.Event) []playback.Event {
	faults := append(playback.FaultEvents(k.sc, k.variant), proc...)
	if c.watched == k {
		c.watching, c.watched = nil, eventKey{}
	}
	if len(c.faults) >= mostFaultLists {
		clear(c.faults)
	}
	if c.faults == nil {
		c.faults = map[eventKey][]playback.Event{}
	}
	c.faults[k] = faults
	return faults
}

// eventKey is the run an index is of.
type eventKey struct {
	sc      *engine.Scenario
	variant int
	seed    uint64
}

// eventIndex is one run's events as far as they are known.
type eventIndex struct {
	key    eventKey
	end    time.Duration    // the end of the traffic: no event is later
	faults []playback.Event // every fault's start and end, and every kill at the memory limit and comeback (playback.ProcessEvents)
	// breakers says whether the run has a breaker to move: without one
	// there is no transition to look for.
	breakers bool
	// trans are the run's transitions up to known, every one: the run's
	// list of them only grows, so one run's list at a time is the start
	// of its list at any later time.
	trans []playback.Event
	known time.Duration
	// times are trans as transitions with their times alone, for listed
	// to judge; decided is what listed found once they decide how run
	// lists them (isDecided: none, for a run that makes none), which no
	// later transition changes.
	times, decided []engine.Transition
	isDecided      bool
	// ahead is a copy of the run played on past the time shown, to find
	// the next transition; nil when none was needed, or once known is
	// the end. It holds a run's memory beside the runs on screen (some
	// 5 MB on the 20-minute scenario file at 712 s), which the kept runs'
	// budget does not count: it goes when the side shows another run.
	ahead *engine.Run
	// back is ahead as it stood at its last checkpoint before the event
	// reach found, for the jump there to go on from (adopt); nil once a
	// seek has come, or when reach took no checkpoint. While it is held it
	// is one more run's memory, until the next seek.
	back *engine.Run
	// sinceCopy and played are the steps ahead has played since back was
	// last copied from it, and the wall time they took; copyTook is what
	// that copy took (checkpointSteps).
	sinceCopy        int
	played, copyTook time.Duration
}

// index is the index of s's run on side i (0 in the main view), a new one
// when the side shows another run, with the transitions s's run has made
// added.
func (c *eventCache) index(i int, s *sim) *eventIndex {
	x := &c.idx[i]
	k := eventKey{s.sc, s.variant, s.seed}
	if x.key != k {
		*x = eventIndex{key: k, end: s.sc.Duration, breakers: runHasBreaker(s.sc, s.variant)}
		if !x.breakers {
			x.known = x.end
		}
	}
	if x.faults == nil {
		// Not yet when they take work: eventIndexes, for a jump, waits.
		x.faults = c.faultEvents(k, false)
	}
	switch r := s.run; {
	case min(r.Now(), x.end) <= x.known:
	case r.Now() == s.at:
		x.learn(s.snap.Transitions, s.at)
	default:
		// The run stands past the time shown (a step back, or the end's
		// drain): it knows more than the snapshot shown.
		x.learn(r.Snapshot().Transitions, r.Now())
	}
	return x
}

// runHasBreaker reports whether variant v of sc has a breaker anywhere,
// on the front's calls or a service's: only a breaker makes transitions.
func runHasBreaker(sc *engine.Scenario, v int) bool {
	sys := &sc.Variants[v].System
	for _, d := range sys.Dependencies {
		if d.Policy.Breaker != nil {
			return true
		}
	}
	for _, svc := range sys.Services {
		for _, d := range svc.Dependencies {
			if d.Policy.Breaker != nil {
				return true
			}
		}
	}
	return false
}

// learn takes in ts, every transition of the run up to at (a snapshot's,
// or ahead's), of which the index knows the first ones already.
func (x *eventIndex) learn(ts []engine.Transition, at time.Duration) {
	for _, t := range ts[min(len(x.trans), len(ts)):] {
		// playback.RunEvents counts the traffic's transitions, not the
		// drain's.
		if t.At <= x.end {
			x.trans = append(x.trans, playback.TransitionEvent(t))
		}
	}
	x.known = max(x.known, min(at, x.end))
}

// look learns r's transitions up to where it stands, r being a copy of
// the index's run: it takes a snapshot for them only when r has made
// more than the index knows (engine.Run.TransitionCount), since the run's
// list only grows. ]'s walk looks every second of a run, and a snapshot
// each time cost some 420,000 allocations across twenty quiet hours.
func (x *eventIndex) look(r *engine.Run) {
	if r.TransitionCount() > len(x.trans) {
		x.learn(r.Snapshot().Transitions, r.Now())
		return
	}
	x.known = max(x.known, min(r.Now(), x.end))
}

// events are the events known, sorted as playback.RunEvents sorts them:
// by time, and within an instant the transitions first, then the faults.
func (x *eventIndex) events() []playback.Event {
	evs := make([]playback.Event, 0, len(x.trans)+len(x.faults))
	evs = append(append(evs, x.trans...), x.faults...)
	playback.SortEvents(evs)
	return evs
}

// aheadStep is how far ahead plays on between two looks at its
// transitions: a transition shows only in a snapshot, which takes a few
// microseconds, against some 0.2 ms for a second of the 20-minute
// scenario file's traffic; and the step a transition falls in is played
// past it, to no loss, since the next ] goes on from there.
const aheadStep = time.Second

// checkpointSteps is how many of ahead's steps go at least between two
// copies of it kept for the jump (back). A copy costs about what a second
// and a half of the 20-minute scenario file's traffic does to play (some
// 0.2 ms against 0.12 ms a second): every eight steps, the copies of a
// stretch of two minutes cost some 3 ms, and the jump plays at most eight
// seconds of it again, where it played all two minutes (some 15 ms).
//
// But a copy's cost grows with the run (its latencies hold every answer
// so far), and its play's does not: at 12 h of a 24-hour checkout a copy
// took some 1 ms against 0.02 ms for eight seconds of play, and a ] across
// twenty quiet hours spent two thirds of its 1.9 s copying. So a copy is
// also made only once the steps since the last have taken as long to play
// as copyShare such copies take: the copies cost at most about a third
// of what the walk plays, and the jump plays again about what three
// copies cost (some 5 ms there).
const (
	checkpointSteps = 8
	copyShare       = 3
)

// reach learns the run's events up to its first event after now, or up to
// limit when none comes before it, and returns that event's time (limit
// when none comes before it). s is the run shown, at now: a copy of it
// plays on.
func (x *eventIndex) reach(s *sim, now, limit time.Duration) (time.Duration, error) {
	next, known := x.nextKnown(now, limit)
	if known {
		return next, nil
	}
	if err := x.startAhead(s, now); err != nil {
		return 0, err
	}
	for x.known < next {
		if x.sinceCopy >= checkpointSteps && x.played >= copyShare*x.copyTook && x.ahead.Forkable() {
			if x.back == nil {
				x.back = new(engine.Run)
			}
			start := time.Now()
			x.ahead.CloneInto(x.back)
			x.copyTook, x.played, x.sinceCopy = time.Since(start), 0, 0
		}
		start := time.Now()
		x.ahead.AdvanceTo(min(x.ahead.Now()+aheadStep, next))
		x.look(x.ahead)
		x.played += time.Since(start)
		x.sinceCopy++
		if t, ok := x.firstAfter(now); ok {
			next = min(next, t)
		}
		// The walk passes hours of a long run: a [ back there later
		// goes on from a copy of it (checkpoints.go).
		s.cps.offer(x.key, x.ahead)
	}
	if x.known >= x.end {
		x.ahead = nil // every transition is known: the copy has no more to tell
	}
	return next, nil
}

// nextKnown is the first event after now as far as the index knows, or
// limit when it knows none before; known says the index knows the run
// that far, so that no event comes before it.
func (x *eventIndex) nextKnown(now, limit time.Duration) (next time.Duration, known bool) {
	next = min(limit, x.end)
	for _, e := range x.faults {
		if e.At > now {
			next = min(next, e.At)
		}
	}
	if t, ok := x.firstAfter(now); ok {
		next = min(next, t)
	}
	return next, x.known >= next
}

// adopt lets s, the run side i shows, go on from the checkpoint reach
// kept (back) when a seek to t passes it: a copy of the same run that
// stands nearer t, so the seek plays only what lies between it and t. The
// run s showed is let go, not reused: a kept run or the other side may
// hold it too. Any seek ends the checkpoint's use.
func (c *eventCache) adopt(i int, s *sim, t time.Duration) {
	x := &c.idx[i]
	b := x.back
	x.back = nil
	t = min(max(t, 0), s.end())
	if b == nil || x.key != (eventKey{s.sc, s.variant, s.seed}) || t < s.at || b.Now() > t || b.Now() <= s.run.Now() {
		return
	}
	s.run = b
}

// firstAfter is the time of the first transition known after now.
func (x *eventIndex) firstAfter(now time.Duration) (time.Duration, bool) {
	for _, e := range x.trans {
		if e.At > now {
			return e.At, true
		}
	}
	return 0, false
}

// startAhead makes sure ahead stands at now or later: a copy of s's run,
// which stands there, when ahead is behind (the time shown has moved on
// past it) or missing; or, for a run that cannot be copied, a run of its
// own from 0 s.
func (x *eventIndex) startAhead(s *sim, now time.Duration) error {
	if x.ahead != nil && x.ahead.Now() >= now {
		return nil
	}
	if s.run.Forkable() {
		if x.ahead == nil {
			x.ahead = new(engine.Run)
		}
		s.run.CloneInto(x.ahead)
		return nil
	}
	if x.ahead == nil {
		r, err := engine.New(s.sc, s.variant, s.seed)
		if err != nil {
			return err
		}
		x.ahead = r
	}
	return nil
}

// Events are the events of the run shown, as far as ] or [ needs them; in
// compare mode both sides', each named by its side.
func (t timeline) Events() []playback.Event { return t.m.events(true) }

// RunTransitions are the whole run's transitions the breaker pane writes
// its times with (SetRunTransitions), for ]'s note to write a
// transition's time as the log does and as `breakerlab run` lists it. In
// compare mode they are each side's run's, as far as they decide how run
// lists them (eventIndex.listed): a side's note read "10.53 s" where the
// same run alone read "10.530 s".
func (t timeline) RunTransitions(run int) ([]engine.Transition, bool) {
	m := t.m
	if m.cmp == nil {
		if run != 0 || !m.xp.prof.ok {
			return nil, false
		}
		return m.xp.prof.trans, true
	}
	if run < 0 || run >= len(m.cmp.sides) {
		return nil, false
	}
	ts, err := m.sideTransitions(run)
	return ts, m.report(err)
}

// sideTransitions are the transitions of compare mode's side i's run as
// far as they decide how `breakerlab run` lists them (eventIndex.listed):
// ]'s note on a side's transition writes its time with them, and so does
// the side's breaker log (refreshCompare), which wrote "10.53 s", on the
// transitions seen so far, beside the note's "10.530 s".
func (m *Model) sideTransitions(i int) ([]engine.Transition, error) {
	s := m.cmp.sides[i].sim
	return m.ev.index(i, s).listed(s)
}

// listed are the transitions of s's run, the index's, as far as they
// decide the decimals `breakerlab run` lists them with
// (report.TransitionDecimalsSoFar). When the index cannot tell yet, a copy
// of the run of listed's own plays on until it can: seldom far, as three
// decimals among the first transitions settle it. Not ahead, which the
// breaker logs' asking on every frame (sideTransitions) would play on past
// the next event before ] asked for it: ] then found the event known with
// no checkpoint before it (reach), and played the run shown over the
// stretch again. Once decided, the answer stays: no transition found
// later changes it.
func (x *eventIndex) listed(s *sim) ([]engine.Transition, error) {
	if x.isDecided {
		return x.decided, nil
	}
	for _, e := range x.trans[len(x.times):] {
		var t engine.Transition
		t.At = e.At // their times are what the decimals are of
		x.times = append(x.times, t)
	}
	if _, ok := report.TransitionDecimalsSoFar(x.times, x.known >= x.end); ok {
		x.decided, x.isDecided = x.times, true
		return x.decided, nil
	}
	var r *engine.Run
	switch {
	case x.ahead != nil && x.ahead.Now() >= x.known:
		r = new(engine.Run)
		x.ahead.CloneInto(r)
	case s.run.Forkable() && s.run.Now() >= x.known:
		r = new(engine.Run)
		s.run.CloneInto(r)
	default:
		var err error
		if r, err = engine.New(s.sc, s.variant, s.seed); err != nil {
			return nil, err
		}
	}
	for {
		r.AdvanceTo(min(r.Now()+aheadStep, x.end))
		var ts []engine.Transition
		for _, t := range r.Snapshot().Transitions {
			if t.At <= x.end { // the traffic's, as learn keeps them
				ts = append(ts, t)
			}
		}
		if _, ok := report.TransitionDecimalsSoFar(ts, r.Now() >= x.end); ok {
			x.decided, x.isDecided = ts, true
			return ts, nil
		}
	}
}

// pastTimeline is the timeline as [ sees it: its events need go no
// further than the time shown.
type pastTimeline struct{ timeline }

func (t pastTimeline) Events() []playback.Event { return t.m.events(false) }

// events are the events known of the runs shown: every one before the
// time shown and every fault's, and with next every one up to the first
// after the time shown.
func (m *Model) events(next bool) []playback.Event {
	_, idx := m.eventIndexes()
	if _, err := m.reachEvents(next, m.end()); !m.report(err) {
		return nil
	}
	if m.cmp == nil {
		return idx[0].events()
	}
	var all []playback.Event
	for i, x := range idx {
		for _, e := range x.events() {
			// The side's own event, named by its side: a transition's
			// time reads as in a run alone, on its side's decimals.
			e.What, e.Run = string(rune('A'+i))+": "+e.What, i
			all = append(all, e)
		}
	}
	playback.SortEvents(all)
	return all
}

// eventIndexes are the runs shown (the main view's, or compare mode's
// sides) and their indexes.
func (m *Model) eventIndexes() ([]*sim, []*eventIndex) {
	sims := []*sim{m.sim}
	if m.cmp != nil {
		sims = []*sim{m.cmp.sides[0].sim, m.cmp.sides[1].sim}
	}
	idx := make([]*eventIndex, len(sims))
	for i, s := range sims {
		idx[i] = m.ev.index(i, s)
		if idx[i].faults == nil {
			// A jump needs every event. On a long run ] and [ have found
			// the process's first, in slices (processWork); anything else
			// that asks waits for them here.
			idx[i].faults = m.ev.faultEvents(idx[i].key, true)
		}
	}
	return sims, idx
}

// reachEvents learns the events of the runs shown as far as a jump
// needs them (events, with next for ]), playing no run's copy past bound;
// it reports whether that was far enough. Played to a bound a step at a
// time, the copies learn what one reach to the end learns: work does so
// on a long run (eventWork).
func (m *Model) reachEvents(next bool, bound time.Duration) (done bool, err error) {
	sims, idx := m.eventIndexes()
	known := 0
	for _, x := range idx {
		known += len(x.trans) + len(x.faults)
	}
	// With no event known, the runs may have none at all, which [ says
	// in other words than "none before": look for the first.
	if !next && known > 0 {
		return true, nil
	}
	now := m.now()
	limit := m.end()
	for i, s := range sims {
		// The next event of all the runs is the earliest: a run need
		// not be known past the ones before it found.
		if _, err := idx[i].reach(s, now, min(limit, bound)); err != nil {
			return true, err
		}
		next, known := idx[i].nextKnown(now, limit)
		if !known {
			return false, nil // the bound came first
		}
		limit = next
	}
	return true, nil
}
