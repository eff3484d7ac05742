package shardview

import (
	"fmt"
	"time"

	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	tea "github.com/charmbracelet/bubbletea"
)

// Seeking in the shard view: ] and [ move through the moments the fleet
// changes for the other customers (the first crash, the first customer who
// loses some or all of its workers, the moment all are served again), on
// either side; : and t go to a typed time.

// eventCache holds the events of one setup and seed, worked out when ] or
// [ first asks, by replaying both sides on the 100 ms grid.
type eventCache struct {
	setup Setup
	seed  uint64
	evs   []playback.Event
}

// Events are the run's events, for the clock's ] and [.
func (t timeline) Events() []playback.Event {
	m := t.m
	c := m.ev
	if c.evs != nil && c.setup == m.run.setup && c.seed == m.run.seed {
		return c.evs
	}
	evs := []playback.Event{}
	for i, st := range []shuffle.Strategy{m.run.setup.Left, m.run.setup.Right} {
		side := []string{"left", "right"}[i]
		sd, err := newSide(m.run.setup, st, m.run.seed)
		if err != nil {
			m.report(err)
			return nil
		}
		var was shuffle.Snapshot
		first := true
		for g := time.Duration(0); g <= m.run.End(); g += step {
			if err := sd.sim.AdvanceTo(g); err != nil {
				m.report(err)
				return nil
			}
			now := sd.sim.Snapshot()
			if !first {
				evs = append(evs, changes(side, g, &was, &now)...)
			}
			was, first = now, false
		}
	}
	playback.SortEvents(evs)
	c.setup, c.seed, c.evs = m.run.setup, m.run.seed, evs
	return evs
}

// changes are the events between two moments of one side: its fleet's
// first crash and full recovery, and the other customers starting or
// ceasing to lose workers.
func changes(side string, at time.Duration, a, b *shuffle.Snapshot) []playback.Event {
	var out []playback.Event
	add := func(format string, args ...any) {
		out = append(out, playback.Event{At: at, What: side + ": " + fmt.Sprintf(format, args...)})
	}
	da, db := down(a), down(b)
	switch {
	case da == 0 && db > 0:
		add("a worker crashes")
	case da > 0 && db == 0:
		add("every worker up again")
	}
	switch {
	case a.Now.Lost == 0 && b.Now.Lost > 0:
		add("%s customers lose every worker", count(b.Now.Lost))
	case a.Now.Lost > 0 && b.Now.Lost == 0:
		add("no customer is down")
	}
	switch {
	case a.Now.Degraded == 0 && b.Now.Degraded > 0:
		add("%s customers degraded", count(b.Now.Degraded))
	case a.Now.Degraded > 0 && b.Now.Degraded == 0:
		add("no customer degraded")
	}
	return out
}

// down counts the workers not up.
func down(s *shuffle.Snapshot) int {
	n := 0
	for _, w := range s.Workers {
		if w.Phase != shuffle.WorkerUp {
			n++
		}
	}
	return n
}

// timeline is the shard view's run as its clock sees it, with events.
type timeline struct{ m *Model }

func (t timeline) Now() time.Duration          { return t.m.run.Now() }
func (t timeline) End() time.Duration          { return t.m.run.End() }
func (t timeline) Seek(at time.Duration) error { return t.m.run.Seek(at) }
func (t timeline) Restart() error              { return t.m.run.Restart() }

// promptKey handles a key while the time prompt is open.
func (m Model) promptKey(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	switch m.prompt.Key(k) {
	case playback.PromptCancelled:
		m.prompt = nil
	case playback.PromptDone:
		done, note, err := m.clock.GoTo(m.prompt, timeline{&m})
		if !done {
			return m, nil
		}
		m.prompt = nil
		m.report(err)
		if err == nil {
			m.setNote(note, false)
		}
	default:
		return m, nil
	}
	m.refresh()
	return m, nil
}
