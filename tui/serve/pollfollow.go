package serve

import (
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/lessonui"
)

// A student's answer to the room's prediction is their prediction of that
// step: it is kept in their progress (their own player, opening the step
// later, shows it made and revealed, as one they typed there), and handed
// to the player that follows the teacher, so that its reveal shows it in
// place of "none, skipped".

// polledKey names a lesson's step: the lesson's progress key and the step.
type polledKey struct {
	lesson string
	step   int
}

// keepPrediction records rec as the student's prediction of a's step,
// when a is a lesson step's prediction: in the student's progress, and
// for the followed player. A later answer replaces it, as in the player.
func (s *Session) keepPrediction(a Asked, rec lessons.Prediction) {
	if !a.Predict || a.lesson == nil || s.teacher {
		return
	}
	if s.polled == nil {
		s.polled = map[polledKey]lessons.Prediction{}
	}
	s.polled[polledKey{a.lesson.ProgressKey(), a.step}] = rec
	if s.store != nil {
		p := s.store.GetLesson(a.lesson)
		p.Predicted(a.step, rec)
		s.store.Set(a.lesson.ProgressKey(), p)
	}
	if s.mode == following && s.shown == LessonScreen && s.haveRL {
		s.followGuess()
	}
}

// guessFollower is a followed lesson player that takes a guess made
// outside it as the prediction of a step (tui/lessonui/follow.go): a later
// Follow that reveals the step shows the guess beside what happened.
type guessFollower interface {
	FollowGuess(step int, rec lessons.Prediction) lessonui.Picker
}

// followGuess hands the followed player the student's answer to the
// room's prediction of the step it shows, if they gave one.
func (s *Session) followGuess() {
	st := s.rl.State()
	if st.Prepared == nil || len(s.polled) == 0 {
		return
	}
	rec, ok := s.polled[polledKey{st.Prepared.Lesson.ProgressKey(), st.Step}]
	if !ok {
		return
	}
	if f, ok := any(s.rl).(guessFollower); ok {
		s.rl = f.FollowGuess(st.Step, rec)
	}
}
