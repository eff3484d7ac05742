package lessonui

import (
	"fmt"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// Moving through a step's time with the keys the sandbox uses: ← and →
// step 100 ms, ] and [ jump to the next and previous event (a breaker's
// transition, a fault's start or end, the step's pause point), g and G go
// to the step's start and end, : or t to a typed time. Each pauses. The
// step's simulation replays its seed, so a jump back is exact.

// stepLine is the step's simulation as playback's helpers see it: its
// time runs from the step's start to the end of its traffic.
type stepLine struct{ m *Model }

func (l stepLine) Now() time.Duration { return l.m.sim.Now() }
func (l stepLine) End() time.Duration { return l.m.stopAt() }
func (l stepLine) Seek(t time.Duration) error {
	return l.m.sim.Seek(min(max(t, l.m.cur().From), l.End()))
}
func (l stepLine) Restart() error              { return l.m.sim.Seek(l.m.cur().From) }
func (l stepLine) Events() []playback.Event    { return l.m.stepEvents() }
func (l stepLine) from() time.Duration         { return l.m.cur().From }
func (l stepLine) within(t time.Duration) bool { return t >= l.from() && t <= l.End() }

// stepEvents are the step's events from its start to its end, worked out
// once per step and design.
func (m *Model) stepEvents() []playback.Event {
	v, _, _ := m.sim.Variant()
	if m.evs != nil && m.evs.step == m.step && m.evs.variant == v {
		return m.evs.list
	}
	st := m.cur()
	var all []playback.Event
	if es, ok := m.sim.(*engineSim); ok {
		evs, err := playback.RunEvents(es.sc, es.variant, es.seed)
		if err != nil {
			m.note, m.noteErr = err.Error(), true
		}
		all = evs
	}
	if st.PauseAt > 0 {
		all = append(all, playback.Event{At: st.PauseAt, What: "the step's pause: " + st.Pause.Text})
	}
	playback.SortEvents(all)
	l := stepLine{m}
	list := []playback.Event{}
	for _, e := range all {
		if l.within(e.At) {
			list = append(list, e)
		}
	}
	m.evs = &stepEvents{step: m.step, variant: v, list: list}
	return list
}

// stepEvents caches one step's events.
type stepEvents struct {
	step, variant int
	list          []playback.Event
}

// timeKey handles the time keys on a step with a simulation; it reports
// whether k was one.
func (m *Model) timeKey(k tea.KeyMsg) (handled bool) {
	if m.sim == nil {
		return false
	}
	l := stepLine{m}
	if m.waiting() && key.Matches(k, m.keys.Step, m.keys.NextEvent, m.keys.End) {
		// Each of these moves the run on: the learner predicts before the
		// run shows the answer. ←, [ and g stay: they go no further than
		// the step shows already. The prompt opens (guessPrompt).
		m.refusePeek()
		return true
	}
	var note string
	var err error
	switch {
	case key.Matches(k, m.keys.Step):
		err = l.Seek((l.Now()/playback.Step + 1) * playback.Step)
	case key.Matches(k, m.keys.BackStep):
		now := l.Now()
		prev := now / playback.Step * playback.Step
		if prev == now {
			prev -= playback.Step
		}
		err = l.Seek(prev)
	case key.Matches(k, m.keys.NextEvent), key.Matches(k, m.keys.PrevEvent):
		note, err = playback.JumpToEvent(l, key.Matches(k, m.keys.NextEvent))
	case key.Matches(k, m.keys.Start):
		err, note = l.Restart(), "at the step's start"
	case key.Matches(k, m.keys.End) && m.stopAt() < m.sim.End():
		err, note = l.Seek(l.End()), "as far as this step goes"
	case key.Matches(k, m.keys.End):
		err, note = l.Seek(l.End()), "at the end: space replays the step"
	case key.Matches(k, m.keys.GoTo) && m.waiting():
		m.prompt = guessPrompt(l.Now())
	case key.Matches(k, m.keys.GoTo):
		m.prompt = playback.StepTimePrompt(l.from(), l.End())
	default:
		return false
	}
	m.pauseHere()
	switch {
	case err != nil:
		m.note, m.noteErr = err.Error(), true
	case note != "":
		m.note, m.noteErr = note, false
	}
	if err == nil && m.prompt == nil {
		m.holdPause() // landing on the step's event pause shows it as the play would
		m.landed()
	}
	return true
}

// landed shows a jump that lands where the play stops on its own, or past
// it, as the play leaves it there: stopped at the pause or finished, with
// the guess's result. Lesson 12's "Back together", guessed and then G,
// stood on the final table beside "Watch it play to the end", and only a
// replay of the whole step brought the reveal. The note the key left
// ("at the end: space replays the step") goes: the status line says it.
func (m *Model) landed() {
	st := m.cur()
	if m.sim == nil || st.Predict == nil || !m.predicts[m.step].made || m.sim.Now() < m.revealAt() {
		return
	}
	switch now := m.sim.Now(); {
	case now >= m.sim.End():
		m.finished = true
	case now == st.PauseAt:
		m.atPause = true
	}
	if !m.noteErr {
		m.note = ""
	}
	m.reveal()
}

// answerFirstWords is what a move in time past what the step shows waits
// for while its prediction waits, in the refusal's words (answerFirst),
// the time prompt's hint (guessPrompt) and the full help's keys
// (waitingForGuess) alike.
const answerFirstWords = "answer first"

// answerFirst is the note a move in time past what the step shows gets
// while its prediction waits.
const answerFirst = answerFirstWords + ": the run past here is what the question asks"

// peeks reports whether moving the run to t would show what the step's
// waiting prediction asks about: any moment past the one it shows. A step
// with a prediction opens at its start and stays there until the guess
// (openOnPause), and a step's run never goes back before its start
// (stepLine.Seek), so an earlier moment is one the learner saw already.
func (m *Model) peeks(t time.Duration) bool {
	return m.sim != nil && m.waiting() && t > m.sim.Now()
}

// anyTime is later than any run: a time typed before the guess is read
// as far as it takes to say it is later than the step shows.
const anyTime = time.Duration(1) << 60

// guessPrompt is the time prompt while the step's prediction waits: its
// hint names no range of the step, whose end is what lesson 4's "Open:
// fail fast" asks ("24 s to 39 s"), only that the run goes no later than
// now until the guess.
func guessPrompt(now time.Duration) *playback.Prompt {
	return &playback.Prompt{Label: "go to time", Hint: answerFirstWords + " to go past " + pane.SecondsShort(now)}
}

// waitingForGuess is a key that moves the run on as the full help lists
// it while the step's prediction waits: its words and that it waits for
// the guess, "the end (answer first)".
func waitingForGuess(b key.Binding) key.Binding {
	return playback.Brief(b, b.Help().Desc+" ("+answerFirstWords+")")
}

// refusePeek says why a move in time did nothing: the guess comes first.
func (m *Model) refusePeek() {
	m.note, m.noteErr = answerFirst, true
}

// pauseHere stops the play where it is: a move in time is a look, and the
// step's reveal waits for the play to reach its pause.
func (m *Model) pauseHere() {
	m.playing, m.atPause, m.finished = false, false, false
	m.tickID++
}

// promptKey handles a key while the time prompt is open.
func (m Model) promptKey(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	switch m.prompt.Key(k) {
	case playback.PromptCancelled:
		m.prompt = nil
	case playback.PromptDone:
		if m.sim == nil {
			m.prompt = nil
			return m, nil
		}
		l := stepLine{&m}
		end := l.End()
		if m.waiting() {
			// Before the guess the step goes no later than it shows: a
			// refusal naming the step's range ("type 24 s to 39 s") told
			// lesson 4's "Open: fail fast" its answer.
			end = l.Now()
			if later, err := playback.ParseTimeIn(m.prompt.Input, 0, anyTime, anyTime); err == nil && later > end {
				m.prompt.Err = answerFirst
				m.prompt.Select() // refused: the next typed time replaces it
				return m, nil
			}
		}
		at, err := playback.ParseTimeIn(m.prompt.Input, l.from(), end, max(end, m.sim.End()))
		if err != nil {
			m.prompt.Err = err.Error()
			m.prompt.Select() // refused: the next typed time replaces it
			if m.waiting() {
				// The one time it takes is the moment shown ("type 24
				// s"): the rest waits for the guess, as the hint says.
				m.prompt.Err += " (" + answerFirstWords + " to go past it)"
			}
			return m, nil
		}
		m.prompt = nil
		m.pauseHere()
		if err := l.Seek(at); err != nil {
			m.note, m.noteErr = err.Error(), true
		} else {
			m.holdPause()
			m.landed()
		}
		m.relayoutIfAsked()
	}
	return m, nil
}

// holdEvent shows a pause on a breaker's event as the event left it: when
// later events of the same instant moved the breaker on (a half-open
// breaker whose first trial failed at once), every pane shows the run just
// before that instant, with the breaker's transitions up to the event and
// the breaker in the state the event names, its trials not yet begun. The
// counts are of that moment too: lesson 4's pause on "breaker half-opens"
// drew "trials 0 of 2 sent" beside an outcome table that already counted
// the failed trial. It keeps the transitions that came next in the same
// instant ("half-open → open") in heldNext, which the status line names;
// when nothing came next the picture is the run's own. The next key plays
// on from the run's real state (feed forgets the hold).
func (s *engineSim) holdEvent(dep string, to breaker.State, at time.Duration) {
	tr := s.snap.Transitions
	k := -1
	for i, t := range tr {
		if t.At == at && t.To == to && (dep == "" || t.Dependency == dep) {
			k = i
			break
		}
	}
	if k < 0 || k == len(tr)-1 || tr[len(tr)-1].At != at || at <= 0 {
		return
	}
	// The moment before the instant: a replay of the step's seed to a
	// nanosecond before it (the run itself is already past it).
	r, err := engine.New(s.sc, s.variant, s.seed)
	if err != nil {
		return // the run started once already; keep its own picture
	}
	r.AdvanceTo(at - 1)
	held := r.Snapshot()
	held.Now = at // the clocks read the event's time
	held.Transitions = tr[: k+1 : k+1]
	held.Dependencies = append([]engine.DependencySnapshot(nil), held.Dependencies...)
	for i := range held.Dependencies {
		d := &held.Dependencies[i]
		if d.Name != tr[k].Dependency || d.Breaker == nil {
			continue
		}
		b := *d.Breaker
		b.State = to
		b.OpenRemaining = 0
		if to == breaker.Open {
			b.OpenRemaining = tr[k].Wait
		}
		b.TrialsSent, b.TrialsPassed = 0, 0
		d.Breaker = &b
	}
	s.gen++ // another run's snapshot: panes that cache by series length redraw
	d := pane.Data{Snap: &held, Gen: s.gen, Faults: pane.FaultSpans(s.sc, s.variant), Final: s.final}
	for _, p := range s.panes {
		p.SetData(d)
	}
	var then []string
	for _, t := range tr[k+1:] {
		then = append(then, fmt.Sprintf("%s → %s", t.From, t.To))
	}
	s.heldNext = strings.Join(then, ", ")
}

// holdPause is holdEvent for the step's pause, when the step pauses on a
// breaker's event and the play just stopped there.
func (m *Model) holdPause() {
	st := m.cur()
	es, ok := m.sim.(*engineSim)
	if !ok || st.Pause.Kind != lessons.PauseEvent || es.Now() != st.PauseAt {
		return
	}
	es.holdEvent(st.Pause.Dependency, st.Pause.To, st.PauseAt)
}

// heldNext is what came next in the instant a pause holds (holdEvent),
// for the status line: "" when the panes show the run's own moment.
func (m *Model) heldNext() string {
	if es, ok := m.sim.(*engineSim); ok {
		return es.heldNext
	}
	return ""
}
