package sandbox

import (
	"errors"
	"fmt"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	tea "github.com/charmbracelet/bubbletea"
)

// More moves done as work (work.go) on a long run: ] and [ looking for
// the next event, compare mode's runs (c, C, and a side put on another
// variant or preset), and the knob form applied. On checkout stretched
// to 24 hours, at 12 h, each played hours of a run in one Update: c, tab,
// { and the form 0.3 to 0.7 s, ] in compare mode 5.2 s; on go-server so
// stretched, on a busy machine, c 12 to 34 s, tab 4 to 27 s, the form in
// compare mode 34 s; no key handled meanwhile, q included. Each now plays
// in slices what it would have played at once, and then makes its move
// as before, on the runs so played: the same screen, bit for bit.

// eventWork is the work ] or [ (k) needs before it can jump: looking for
// the next event further than directSpan past the time shown, which
// plays a copy of each run shown on (events.go). The first directSpan is
// looked through here, in this Update, as before; nil when that finds
// what the jump needs.
func (m *Model) eventWork(k tea.KeyMsg, next bool) *work {
	if w := m.processWork(k); w != nil {
		return w // the process's kills at its memory limit first (events.go)
	}
	from := m.now()
	done, err := m.reachEvents(next, from+directSpan)
	if done || err != nil {
		return nil // the jump itself reports the error
	}
	w := &work{what: "looking for the next event", from: from, at: from + directSpan, to: m.end(), target: from}
	lookedTo := func(at time.Duration) {
		w.stopNote = fmt.Sprintf("stopped looking: no event from %s to %s", noteClock(from, m.end()), noteClock(at, m.end()))
	}
	lookedTo(w.at)
	w.advance = func(m *Model, at time.Duration) bool {
		done, err := m.reachEvents(next, at)
		lookedTo(at)
		return done || err != nil
	}
	w.then = func(m *Model, _ time.Duration, stopped bool) error {
		if stopped {
			return nil
		}
		var cmd tea.Cmd // the clock's, paused for the work: finish plays it again
		m.timeKey(k, &cmd)
		return nil
	}
	return w
}

// errWarming says a move needs a run played ahead first: the work that
// plays it is m.warming, which the move's caller begins (warmFirst).
var errWarming = errors.New("a run is being played ahead")

// warmFirst begins the work a move that failed with errWarming waits for,
// if one did, with redo making the move again once it is done; it reports
// whether one did. Stopped, the move is not made: nothing changes, and
// the run played so far is kept for the next try.
func (m *Model) warmFirst(redo func(m *Model, stopped bool)) bool {
	w := m.warming
	m.warming = nil
	if w == nil {
		return false
	}
	w.stopNote = "stopped: nothing changed; the key again goes on from there"
	w.then = func(m *Model, _ time.Duration, stopped bool) error {
		redo(m, stopped)
		return nil
	}
	m.begin(w)
	return true
}

// redoKey makes k's move again, on the model the work left, unless the
// work was stopped.
func redoKey(k tea.KeyMsg) func(m *Model, stopped bool) {
	return func(m *Model, stopped bool) {
		if stopped {
			return
		}
		next, _ := m.onKey(k)
		*m = next.(Model)
	}
}

// sideWarmRuns is how many runs played ahead for compare mode's sides
// are held: one a side.
const sideWarmRuns = 2

// sideWarm is the run played ahead for a side showing variant v of base
// under preset on seed at t, taken from those held (m.sim.sideWarm): nil
// when none is held, and errWarming, with the work in m.warming, when a
// fresh run to t would play longer than directSpan or the one held stands
// more than directSpan short of where it should.
func (m *Model) sideWarm(sc, base *engine.Scenario, preset string, v int, seed uint64, t time.Duration) (*warmRun, error) {
	to := replayFrom(t)
	held := m.sim.sideWarm
	for i, w := range held {
		if w.base != base || w.preset != preset || w.variant != v || w.seed != seed {
			continue
		}
		if w.r.Now() > t {
			break // played past t for another move: of no use here
		}
		if ahead := aheadWork(w.r, max(to, w.r.Now()), t, sc.Duration); ahead != nil {
			ahead.what += " for compare"
			m.warming = ahead
			return nil, errWarming
		}
		m.sim.sideWarm = append(held[:i:i], held[i+1:]...)
		return w, nil
	}
	if to <= directSpan {
		return nil, nil
	}
	r, err := engine.New(sc, v, seed)
	if err != nil {
		return nil, nil // the side's own run reports it
	}
	w := &warmRun{sc: sc, base: base, preset: preset, variant: v, seed: seed, r: r}
	keep := held
	for i, h := range held {
		if h.base == base && h.preset == preset && h.variant == v && h.seed == seed {
			keep = append(held[:i:i], held[i+1:]...)
			break
		}
	}
	if len(keep) >= sideWarmRuns {
		keep = keep[1:]
	}
	m.sim.sideWarm = append(keep, w)
	m.warming = &work{what: "working to " + noteClock(t, sc.Duration) + " for compare", r: r, to: to, target: t}
	return nil, errWarming
}

// applyWork is the work applying the knob form takes before its re-run:
// a fresh run of sc, the scenario the form built, played to where the
// rebuild to t keeps its step snapshots; nil within directSpan. apply
// then applies it on that run; stopped, the form opens again as it was.
func (m *Model) applyWork(sc *engine.Scenario, t time.Duration, apply func(m *Model) error) *work {
	w := m.sim.rerunWork(sc, t, "for the knobs")
	if w == nil {
		return nil
	}
	f := m.form
	w.resume = m.resume
	w.stopNote = "stopped: the knobs are not applied; enter applies them"
	w.then = func(m *Model, _ time.Duration, stopped bool) error {
		if stopped {
			m.form = f
			return nil
		}
		if err := apply(m); err != nil {
			m.form, f.err = f, err.Error()
		}
		return nil
	}
	return w
}

// rerunWork is the work a re-run of the shown variant and seed on sc, a
// scenario new to the sim, takes before it: a fresh run of sc played to
// where the rebuild to t keeps its step snapshots, left in s.warm for that
// rebuild; nil within directSpan, or when the run cannot be made (the
// re-run reports why). purpose says what the work is for, in its
// progress line.
func (s *sim) rerunWork(sc *engine.Scenario, t time.Duration, purpose string) *work {
	to := replayFrom(t)
	if to <= directSpan {
		return nil
	}
	r, err := engine.New(sc, s.variant, s.seed)
	if err != nil {
		s.warm = nil
		return nil
	}
	s.warm = &warmRun{sc: sc, base: sc, variant: s.variant, seed: s.seed, r: r}
	return &work{what: "working to " + noteClock(t, sc.Duration) + " " + purpose, r: r, to: to, target: t}
}

// injectWork is the work injecting (or removing, or moving) a fault takes
// on a long run before its re-run on sc, the scenario with the faults:
// apply then injects them on the run so played; stopped, nothing changes.
func (m *Model) injectWork(sc *engine.Scenario, t time.Duration, apply func(m *Model) error) *work {
	w := m.sim.rerunWork(sc, t, "for the fault")
	if w == nil {
		return nil
	}
	w.stopNote = "stopped: the faults are as they were"
	w.then = func(m *Model, _ time.Duration, stopped bool) error {
		if stopped {
			return nil
		}
		return apply(m)
	}
	return w
}
