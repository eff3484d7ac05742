package sandbox

import (
	"fmt"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/pane"
	tea "github.com/charmbracelet/bubbletea"
)

// Long work in slices. A scenario file may run for up to 24 hours
// (engine.MaxDuration): playing a run of it from 0 s to its end, for the
// layout's profile (arrange.go), a jump to the end, a rewind, a variant
// shown the first time or another seed, took 4 to 13 s of one Update,
// with a blank or frozen screen and no key handled, q included.
//
// So a move whose run has more than directSpan of virtual time to play
// is done as work: the run is advanced a slice at a time, one workMsg
// each, with a progress line and the keys handled between slices (q
// quits, esc stops where it got to, any other key is dropped, the line
// saying how to stop). Once the run
// stands where the move needs it, the move itself is made as it always
// was, now quick: the sim takes the run played ahead (sim.warm) in place
// of a fresh one, or finds its run already advanced. The engine is
// deterministic and a run advanced in slices stands where one advanced
// at once stands, bit for bit (TestSlicedSeekIsTheDirectRun), so the
// screen at the end of the work is the one the move made before.
//
// Moves within directSpan stay in one Update, as before: every built-in
// scenario runs for minutes, and so does the 20-minute teacher file.

// directSpan is the most virtual time a move plays in one Update. The
// go-server scenario plays about 20 minutes of its traffic in 60 ms.
const directSpan = 20 * time.Minute

// The virtual time a slice plays: the first slice's, and the bounds the
// slices adapt within so that each takes about sliceWall.
const (
	firstSlice = 10 * time.Second
	leastSlice = step
	mostSlice  = 10 * time.Minute
	sliceWall  = 25 * time.Millisecond
)

// work is a run being played ahead for a move.
type work struct {
	id uint64
	// what says where the work goes, for the progress line ("working to
	// 24h 0m").
	what string
	r    *engine.Run
	// from and to are where r stood when the work began and where it is
	// played to.
	from, to time.Duration
	slice    time.Duration // the virtual time of the next slice
	// then makes the move once r stands at to, or, after esc, where it got
	// to (at): the time the move was for, or got.
	then func(m *Model, at time.Duration, stopped bool) error
	// target is the time the move was for, which then is given when the
	// work is done (to may be before it: a rebuild plays its last minute
	// itself, keeping its step snapshots).
	target time.Duration
	// issued says the first slice's command was given out; note is the
	// status note of the key that began the work, said again when done;
	// resume says the clock played before.
	issued bool
	// forkAt is a time the run passes on its way, and forked is given a
	// copy of it there (when the engine can copy it): the profile's run
	// leaves one where a jump to the end would replay from.
	forkAt time.Duration
	forked func(*engine.Run)
	// stopNote is what esc says; "" says where the run stopped.
	stopNote string
	note     string
	noteErr  bool
	resume   bool
	// advance, when set, plays the work up to at itself in place of r
	// (which is then nil), and reports whether the work is done: a search
	// that ends where it finds what it looks for, or work on more than one
	// run. at is how far it has got.
	advance func(m *Model, at time.Duration) (done bool)
	at      time.Duration
	// keep, when set, is given r after each slice, to keep checkpoints of
	// it (checkpoints.go).
	keep func(*engine.Run)
}

// reached is how far the work has got.
func (w *work) reached() time.Duration {
	if w.advance != nil {
		return w.at
	}
	return w.r.Now()
}

// workMsg asks for the next slice of work id.
type workMsg struct{ id uint64 }

func (w *work) next() tea.Cmd {
	id := w.id
	return func() tea.Msg { return workMsg{id: id} }
}

// begin makes w the work under way, unless some is already.
func (m *Model) begin(w *work) {
	if m.work != nil {
		return
	}
	m.workID++
	w.id, w.slice = m.workID, firstSlice
	m.work = w
}

// issueWork gives out the first slice of work begun in this Update, or
// begins the profile of a long run the layout waits for (arrange.go),
// pausing the clock meanwhile.
func (m Model) issueWork(cmd tea.Cmd) (tea.Model, tea.Cmd) {
	if m.work == nil && m.cmp == nil && m.form == nil {
		if w := m.xp.profileWork(m.sim); w != nil {
			m.begin(w)
		}
	}
	w := m.work
	if w == nil || w.issued {
		return m, cmd
	}
	w.issued = true
	w.note, w.noteErr = m.note, m.noteErr
	w.resume = m.clock.Playing() || w.resume
	m.clock.Play(false)
	m.progress()
	return m, tea.Batch(cmd, w.next())
}

// onWork plays a slice of the work under way, and makes its move once
// the run stands where it goes.
func (m Model) onWork(msg workMsg) (tea.Model, tea.Cmd) {
	w := m.work
	if w == nil || w.id != msg.id {
		return m, nil // stopped
	}
	start := time.Now()
	at := min((w.reached()+w.slice)/step*step, w.to)
	if at <= w.reached() {
		at = w.to
	}
	done := at >= w.to
	if w.advance != nil {
		done = w.advance(&m, at) || done
		w.at = at
	} else {
		if w.forked != nil && w.forkAt > w.r.Now() {
			at = min(at, w.forkAt)
		}
		w.r.AdvanceTo(at)
		if w.keep != nil {
			w.keep(w.r)
		}
		if w.forked != nil && w.r.Now() == w.forkAt && w.r.Forkable() {
			c := new(engine.Run)
			w.r.CloneInto(c)
			w.forked(c)
		}
		done = w.r.Now() >= w.to
	}
	// The next slice takes about sliceWall, at this one's pace.
	if took := time.Since(start); took > 0 {
		next := time.Duration(float64(w.slice) * float64(sliceWall) / float64(took))
		w.slice = min(max(next, leastSlice, w.slice/4), mostSlice, w.slice*4)
	}
	if !done {
		m.progress()
		return m, w.next()
	}
	return m.finish(w.target, false)
}

// finish ends the work under way: the move is made at at, the time it
// was for or, stopped, where it got to.
func (m Model) finish(at time.Duration, stopped bool) (tea.Model, tea.Cmd) {
	w := m.work
	m.work = nil
	m.setNote(w.note, w.noteErr)
	err := w.then(&m, at, stopped)
	if m.report(err) && stopped && w.stopNote != "" {
		m.setNote(w.stopNote, false)
	} else if err == nil && stopped {
		m.setNote(fmt.Sprintf("stopped at %s, short of %s", noteClock(m.now(), m.end()), noteClock(w.target, m.end())), false)
	}
	m.refresh()
	var cmd tea.Cmd
	if w.resume && !stopped && m.now() < m.end() {
		cmd = m.clock.Play(true)
	}
	return m.issueWork(cmd)
}

// workKey handles a key while work is under way: esc stops it where it
// got to, q and ctrl+c stop it and quit as they do; any other key is
// dropped, as it would act on a screen about to change.
func (m Model) workKey(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	quit := k.Type == tea.KeyCtrlC || k.String() == "q"
	if k.Type != tea.KeyEsc && !quit {
		return m, nil
	}
	// The slices end on the 100 ms grid, so where the run got to is a
	// moment the step keys reach too.
	next, cmd := m.finish(min(m.work.reached(), m.work.target), true)
	if !quit {
		return next, cmd
	}
	nm := next.(Model)
	nm.work = nil // a profile begun by the move waits for the answer
	return nm.update(k)
}

// progress puts the work's progress on the status line.
func (m *Model) progress() {
	w := m.work
	share := 0
	if w.to > w.from {
		share = int(100 * (w.reached() - w.from) / (w.to - w.from))
	}
	m.setNote(fmt.Sprintf("%s… %d %% · esc stops", w.what, share), false)
	m.refresh()
}

// clockTime writes a time of a run that ends at end as the status line's
// clock writes it, in the unit of the run's time axes (chart.SpanUnit,
// pane.ClockIn), for the chaos menu, whose title says where the clock
// stands: it said "at 43200 s" under a clock reading "12h 00m". A note
// writes a time by the notes' rule instead (noteClock).
func clockTime(d, end time.Duration) string { return pane.ClockIn(d, chart.SpanUnit(end)) }

// noteClock writes a time the clock reaches or stops at for a note (a long
// seek's "working to", "stopped at"): by the rule every note of the run
// writes a time by (playback.NoteTime), on the clock's tenths cut as
// pane.Clock cuts them, so that a run short of its end never reads as the
// end and a run in seconds reads "15.0 s" as its clock does. On a long run
// it said "working to 12h 05m" for 12h 05m 08s, which the note after the
// seek wrote as "at 12h 05m 08s".
func noteClock(d, end time.Duration) string {
	const tenth = 100 * time.Millisecond
	return playback.NoteTime(d/tenth*tenth, end, 1)
}

// warmRun is a run of the sim's scenario, variant and seed played ahead
// by work, for the next rebuild to go on from.
type warmRun struct {
	sc *engine.Scenario
	// base and preset are, for a compare side's run, the scenario shown
	// and the breaker preset sc puts on it (work_moves.go).
	base    *engine.Scenario
	preset  string
	variant int
	seed    uint64
	r       *engine.Run
}

// takeWarm is the run played ahead for a rebuild to t, when it is of the
// scenario, variant and seed shown and stands at t or before; nil else.
func (s *sim) takeWarm(t time.Duration) *engine.Run {
	w := s.warm
	s.warm = nil
	if w == nil || w.sc != s.sc || w.variant != s.variant || w.seed != s.seed || w.r.Now() > t {
		return nil
	}
	return w.r
}

// warmAhead is the run played ahead for the shown scenario, variant and
// seed when it stands further on than the shown run but not past t: a
// seek to t goes on from it (sim.seek), not from the run shown.
func (s *sim) warmAhead(t time.Duration) *engine.Run {
	w := s.warm
	if w == nil || w.sc != s.sc || w.variant != s.variant || w.seed != s.seed || w.r.Now() > t || w.r.Now() <= s.run.Now() {
		return nil
	}
	return w.r
}

// replayFrom is where a rebuild to t starts keeping step snapshots: what
// work plays a fresh run to before the rebuild plays the rest (playTo).
func replayFrom(t time.Duration) time.Duration { return max(t-stepHistory, 0) / step * step }

// warmWork is work that plays a fresh run of variant v on seed to where
// a rebuild to t starts keeping step snapshots, leaving it in s.warm for
// that rebuild; nil when that is within directSpan or the run cannot be
// made (the move then reports why).
func (s *sim) warmWork(v int, seed uint64, t time.Duration) *work {
	to := replayFrom(t)
	if w := s.warm; w != nil && w.sc == s.sc && w.variant == v && w.seed == seed && w.r.Now() <= t {
		// Played ahead already, by this move's work or work stopped
		// short of it.
		return s.keeping(aheadWork(w.r, max(to, w.r.Now()), t, s.end()), v, seed)
	}
	if r := s.cps.from(eventKey{s.sc, v, seed}, to); r != nil {
		// From the latest checkpoint before: the rebuild takes it up, or
		// the work plays it on from there.
		s.warm = &warmRun{sc: s.sc, variant: v, seed: seed, r: r}
		return s.keeping(aheadWork(r, to, t, s.end()), v, seed)
	}
	if to <= directSpan {
		return nil
	}
	r, err := engine.New(s.sc, v, seed)
	if err != nil {
		return nil
	}
	s.warm = &warmRun{sc: s.sc, variant: v, seed: seed, r: r}
	return s.keeping(&work{what: "working to " + noteClock(t, s.end()), r: r, to: to, target: t}, v, seed)
}

// keeping has w, work playing a run of variant v on seed, keep
// checkpoints of it as it goes (checkpoints.go); w may be nil.
func (s *sim) keeping(w *work, v int, seed uint64) *work {
	if w != nil {
		k, cps := eventKey{s.sc, v, seed}, &s.cps
		w.keep = func(r *engine.Run) { cps.offer(k, r) }
	}
	return w
}

// aheadWork is work that plays r, a run standing before t, on to to
// (t, or where a rebuild's step snapshots start); nil within directSpan.
// end is the end of r's traffic, which the progress line's clock reads in.
func aheadWork(r *engine.Run, to, t, end time.Duration) *work {
	if to-r.Now() <= directSpan {
		return nil
	}
	return &work{what: "working to " + noteClock(t, end), r: r, from: r.Now(), to: to, target: t}
}

// seekWork is work that a seek to t needs first; nil when the seek is
// quick (sim.seek's cases).
func (s *sim) seekWork(t time.Duration) *work {
	t = min(max(t, 0), s.end())
	if t == s.at {
		return nil
	}
	if r := s.fromAhead(t, s.moveBase(t)); r != nil {
		// From a checkpoint further on than the run shown or played
		// ahead: the rebuild (sim.seek) takes it up, or the work plays it
		// on from there.
		s.warm = &warmRun{sc: s.sc, variant: s.variant, seed: s.seed, r: r}
		return s.keeping(aheadWork(r, replayFrom(t), t, s.end()), s.variant, s.seed)
	}
	if w := s.warmAhead(t); w != nil {
		return s.keeping(aheadWork(w, max(replayFrom(t), w.Now()), t, s.end()), s.variant, s.seed)
	}
	if t >= s.run.Now() {
		return s.keeping(aheadWork(s.run, t, t, s.end()), s.variant, s.seed)
	}
	if _, ok := s.steps[t]; ok {
		return nil
	}
	return s.warmWork(s.variant, s.seed, t)
}

// variantWork is work that showing variant v at t needs first; nil when
// the switch is quick (sim.resume's cases).
func (s *sim) variantWork(v int, t time.Duration) *work {
	if v < 0 || v >= len(s.sc.Variants) || v == s.variant {
		return nil
	}
	k := s.kept.peek(s.sc, s.seed, v)
	switch {
	case k == nil:
		return s.warmWork(v, s.seed, t)
	case k.at == t:
		return nil
	case k.run.Now() <= t:
		return s.keeping(aheadWork(k.run, max(replayFrom(t), k.run.Now()), t, s.end()), v, s.seed)
	}
	if _, ok := k.steps[t]; ok {
		return nil
	}
	return s.warmWork(v, s.seed, t)
}

// peek is variant v's kept run of sc on seed, left kept, or nil.
func (ks *keptRuns) peek(sc *engine.Scenario, seed uint64, v int) *keptRun {
	for _, k := range ks.runs {
		if k.base == sc && k.seed == seed && k.variant == v && k.preset == "" {
			return k
		}
	}
	return nil
}

// profileWork is work that plays the shown run to its end for the
// layout's profile, when it runs longer than directSpan and has none
// yet; nil else. Stopped, the profile is given up for that run and the
// layout shows every pane, as it does for a run it cannot make.
func (x *extraPanes) profileWork(s *sim) *work {
	p := &x.prof
	if p.ok || p.given || p.sc != s.sc || p.variant != s.variant || p.seed != s.seed || !longProfile(s.sc) {
		return nil
	}
	r, err := engine.New(s.sc, s.variant, s.seed)
	if err != nil {
		return nil
	}
	sc, v, seed := s.sc, s.variant, s.seed
	return s.keeping(&work{what: "working to " + noteClock(s.end(), s.end()) + " for the layout", r: r, to: r.End(), target: r.End(),
		// A jump to the end, the first thing one tries on a long run, goes
		// on from there rather than play the run again.
		forkAt:   replayFrom(s.end()),
		forked:   func(c *engine.Run) { s.warm = &warmRun{sc: sc, variant: v, seed: seed, r: c} },
		stopNote: "stopped: every pane is shown, as the layout could not play the whole run to choose",
		then: func(m *Model, _ time.Duration, stopped bool) error {
			q := &m.xp.prof
			if q.sc != s.sc || q.variant != s.variant || q.seed != s.seed {
				return nil // another run is shown since
			}
			if stopped {
				q.given = true
				return nil
			}
			end := r.Snapshot()
			q.fill(&end)
			profiles.put(sc, v, seed, *q)
			return nil
		}}, v, seed)
}

// longProfile says the layout's profile of a run of sc is work: its run
// plays longer than directSpan.
func longProfile(sc *engine.Scenario) bool { return sc.Duration > directSpan }
