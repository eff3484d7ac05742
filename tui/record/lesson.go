package record

import (
	"fmt"
	"math"
	"time"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/lessonui"
	"github.com/breakerlab/breakerlab/tui/present"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
)

// Lesson is a lesson's step in presentation mode, as a room sees it while
// nobody answers: the step opens where the lesson player opens it for
// someone who has not answered it, plays at the step's own speed to where
// the player stops on its own (the step's pause, or the end of its
// traffic), and its question stays open throughout: no guess is made, no
// answer given and no prediction revealed. The run plays on, and
// presentation mode holds back every figure the open question asks about
// (lessonui's Moment: the number, the calls held, the breaker's state) as
// it does for a room. A step without a simulation is one frame: its
// question, or its first sentence.
//
// Reveal records the step with its answer given instead, for a teacher's
// slide of what the step shows: the same span, played as a room sees it
// once the presenter has answered (lessonui's Follow with the answers
// shown): the figures drawn, the right choice marked, the reveal's or
// the explanation's sentence under them, and no guess claimed for anyone.
//
// The player is driven as a classroom's follower is (lessonui's Follow):
// each frame is told the step's moment, from where the step opens plus the
// replay time × the step's speed, and never runs frames of its own.
type Lesson struct {
	Prepared *lessons.Prepared
	Step     int // counting from 0
	// Store is the progress of the learner whose player the recording
	// shows (`breakerlab lesson ID --step N --present` opens it with
	// theirs): its learner, and the attempt they are on at the step's
	// question, draw the order the choices are numbered in
	// (lessons.ShownOrder), which the room's poll numbers them by too.
	// Nothing else of it counts: the question is open whatever they
	// answered. It is only read. nil numbers the choices as for no
	// learner, as a player that remembers nothing does.
	Store   *lessons.Store
	NoColor bool
	Reveal  bool
}

// Play builds the recording's player for the step l says.
func (l Lesson) Play() (Player, error) {
	p, step := l.Prepared, l.Step
	if p == nil || step < 0 || step >= len(p.Steps) {
		return nil, fmt.Errorf("record: no step %d in the lesson", step+1)
	}
	th := theme.New(theme.Fixed(l.NoColor))
	// Opened without the learner's progress: their player opens a step
	// whose prediction they have seen revealed on the reveal, and the
	// recording asks it afresh, from where it is first asked.
	m, err := lessonui.New(p, lessonui.Options{Theme: th, Step: step})
	if err != nil {
		return nil, err
	}
	st := m.State()
	if l.Store != nil {
		// The learner's own player says how it numbers the choices, and
		// Follow numbers them as the state it is told says.
		own, err := lessonui.New(p, lessonui.Options{Theme: th, Step: step, Store: l.Store})
		if err != nil {
			return nil, err
		}
		ownState := own.State()
		st.PredictOrder, st.QuestionOrder = ownState.PredictOrder, ownState.QuestionOrder
	}
	st = st.HideAnswers(!l.Reveal)
	cur := &p.Steps[step]
	ls := lessonStep{st: st, open: st.At, stop: cur.End, speed: cur.Speed}
	// The player stops at a pause still ahead, and stands on one it opens
	// on (lesson 1's "Little's law" opens at its pause, 9 s, not at its
	// start, 8.9 s) until it is played on: past the pause the run shows
	// what the step's question asks about.
	if cur.PauseAt >= ls.open && cur.PauseAt < ls.stop {
		ls.stop = cur.PauseAt
	}
	ls.st.Playing = cur.HasSim() && ls.open < ls.stop
	if ls.m, err = m.Follow(ls.st); err != nil {
		return nil, err
	}
	return present.Wrap(ls, th, true), nil
}

// lessonStep drives a lesson player through one step on the recording's
// clock.
type lessonStep struct {
	m lessonui.Model
	// st is the moment shown; its At moves from open to stop.
	st         lessonui.State
	open, stop time.Duration
	speed      float64
	origin     time.Time
	started    bool
}

// lessonFrame is a frame of the recording at wall time at; lessonStart
// starts the count of the frames at it.
type (
	lessonFrame struct{ at time.Time }
	lessonStart struct{ at time.Time }
)

// Start is the frame as the one the count starts from.
func (f lessonFrame) Start() tea.Msg { return lessonStart(f) }

func (s lessonStep) Init() tea.Cmd { return nil }

func (s lessonStep) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		next, _ := s.m.Update(msg)
		s.m = next.(lessonui.Model)
	case lessonStart:
		s.origin, s.started = msg.at, true
	case lessonFrame:
		if !s.st.Playing {
			break
		}
		if !s.started {
			s.origin, s.started = msg.at, true
		}
		// To the microsecond: a frame's replay time is cut to whole
		// nanoseconds (1/15 s), and times a speed such as 1.5 it would
		// fall a nanosecond short of a moment the screen shows in tenths.
		at := s.open + time.Duration(math.Round(float64(msg.at.Sub(s.origin))*s.speed/1e3))*time.Microsecond
		if at >= s.stop {
			at, s.st.Playing = s.stop, false
		}
		s.st.At = at
		var err error
		if s.m, err = s.m.Follow(s.st); err != nil {
			// The player says what went wrong in its status line; the
			// recording stops there.
			s.st.Playing = false
		}
	}
	return s, nil
}

func (s lessonStep) View() string { return s.m.View() }

// Moment is the player's, for presentation mode.
func (s lessonStep) Moment() (present.Moment, bool) { return s.m.Moment() }

func (s lessonStep) FrameAt(at time.Time) tea.Msg { return lessonFrame{at} }

func (s lessonStep) Playing() bool { return s.st.Playing }
