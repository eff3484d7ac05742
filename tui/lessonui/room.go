package lessonui

import (
	"github.com/breakerlab/breakerlab/lessons"
	tea "github.com/charmbracelet/bubbletea"
)

// RoomQuestions are the questions of the step on the player's screen, for
// a classroom to put to the room: the step's prediction and its question
// (either may be nil), and whether this player has revealed the
// prediction in this session (revealedHere, the rule State sends
// followers by). The room decides which to ask: the prediction is the
// students' to make whatever the teacher's own player shows, since a
// teacher who rehearsed the lesson with the same progress file opens
// every step already revealed; a rehearsal's reveal does not count, or
// a second ctrl+a asked the question of a step whose prediction the
// room had not seen revealed. step is the step (from 0), or -1 on the
// lesson list and the lesson's last screen, where there is none.
func (p Picker) RoomQuestions() (predict, question *lessons.PreparedQuestion, revealed bool, step int) {
	if p.player == nil {
		return nil, nil, false, -1
	}
	m := p.player
	if m.showEnd || m.p == nil || m.step >= len(m.p.Steps) {
		return nil, nil, false, -1
	}
	st := m.cur()
	revealed = m.step < len(m.predicts) && m.revealedHere()
	return st.Predict, st.Question, revealed, m.step
}

// ForkKeeping is Fork for a classroom's student: the player then keeps
// its progress in store (nil: none), as the student's own player does. A
// follower keeps none (NewFollower), so a lesson forked from the teacher
// forgot every answer and prediction made in it. The player takes the
// student's record of the lesson as it forks: their predictions and
// right answers show as their own player would show them, the step on
// screen keeping the reveal as the teacher left it.
func (p Picker) ForkKeeping(store *lessons.Store) (Picker, tea.Cmd) {
	if p.player == nil || store == nil {
		return p.Fork()
	}
	// The student's record first, then the fork: a step they have
	// guessed already plays on (Fork asks first only where the learner
	// has not guessed). A player followed afresh holds no guess of
	// theirs, and stopped where it had played on.
	m := *p.player
	m.o.Store, m.learner = store, store.Learner()
	m.progress = store.GetLesson(m.p.Lesson)
	for i, st := range m.p.Steps {
		// A question the teacher's screen answered (givenState) is right
		// too, but the answer is not the student's: one they answered
		// right themselves shows as theirs, "Your answer".
		if q := m.questions[i]; st.Question != nil && m.progress.Right(i) && (!q.right || q.given) {
			m.questions[i] = answeredState(st.Question, q.order)
		}
		rec, ok := m.progress.Prediction(i)
		switch {
		case !ok || st.Predict == nil:
		case i == m.step:
			m.followGuess(i, rec)
		default:
			m.predicts[i] = newPredictState(st.Predict, m.predicts[i].order, rec, true)
		}
	}
	m.progress.SawStep(m.step)
	m.progress.UpdateDone(m.p.Lesson)
	m, cmd := m.Fork()
	m.layout()
	p.player = &m
	return p, tea.Batch(cmd, m.save())
}

// StepPrediction is the prediction the open player holds for the step on
// its screen, made there or handed to it, with the lesson and the step
// (from 0); ok is false on the list, the last screen, and a step whose
// prediction was not made.
func (p Picker) StepPrediction() (l *lessons.Lesson, step int, rec lessons.Prediction, ok bool) {
	if p.player == nil {
		return nil, -1, rec, false
	}
	m := p.player
	if m.showEnd || m.p == nil || m.step >= len(m.p.Steps) || m.cur().Predict == nil {
		return nil, -1, rec, false
	}
	rec, ok = m.progress.Prediction(m.step)
	return m.p.Lesson, m.step, rec, ok
}

// TooSmall reports whether the open player draws only its message asking
// for a larger window, which a classroom's tag must not cover.
func (p Picker) TooSmall() bool { return p.player != nil && p.player.tooSmall() }

// EndScreen is the lesson's last screen as a classroom draws it for the
// teacher (tui/serve): the lesson, the built-in lesson enter opens (nil:
// none), and whether that one is being prepared.
type EndScreen struct {
	Lesson, Next *lessons.Lesson
	Preparing    bool
}

// EndShown reports whether the open player draws the lesson's last
// screen (not its help or step list over it), and what it offers. The
// teacher's screen shows the room's answers there, not the teacher's own
// score, which is a rehearsal's or none.
func (p Picker) EndShown() (EndScreen, bool) {
	m := p.player
	if m == nil || m.p == nil || !m.showEnd || m.showHelp || m.showList || m.tooSmall() {
		return EndScreen{}, false
	}
	return EndScreen{Lesson: m.p.Lesson, Next: m.nextLesson(), Preparing: m.preparing}, true
}
