package serve

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/lessonui"
)

// A student's answer to the room's prediction is their prediction of that
// step: it is kept in their progress (their own player, opening the step
// later, shows it made and revealed, as one they typed there), handed to
// their own player when it has the lesson open, in this session or in
// another of theirs (pollelsewhere.go), which shows and counts it at once
// (lessonui.Model.PredictedElsewhere), and
// handed to the player that follows the teacher, so that its reveal shows
// it in place of "none, skipped".
//
// The latest prediction of a step is the student's, wherever they made
// it: the poll's answer replaces one made before in their own player (or
// an earlier poll's), and one they make in their own player afterwards
// replaces the poll's. A player open on the lesson that has not heard of
// the answer (one of the student's other sessions, until its program
// takes the room's note of it: pollelsewhere.go) keeps the progress it
// read when it opened, and would save it back over the answer: the store
// keeps the answer unless that player has made a prediction of the step
// since (lessons.Store.PredictedElsewhere). The poll's screen says what
// the answer replaced.

// polledKey names a lesson's step: the lesson's progress key and the step.
type polledKey struct {
	lesson string
	step   int
}

// keptAnswer is what keeping a poll's answer replaced in the student's
// progress, for the poll's screen.
type keptAnswer struct {
	seq int // the question answered
	was lessons.Prediction
	had bool // the step had a prediction before the question was answered
	now lessons.Prediction
}

// keepPrediction records rec as the student's prediction of a's step,
// when a is a lesson step's prediction: in the student's progress, and
// for the followed player. A later answer replaces it, as in the player.
func (s *Session) keepPrediction(a Asked, rec lessons.Prediction) {
	if !a.Predict || a.lesson == nil || s.teacher {
		return
	}
	if s.store != nil {
		was, had := s.store.PredictedElsewhere(a.lesson, a.step, rec)
		s.keptNow(a.Seq, keptAnswer{seq: a.Seq, was: was, had: had}, rec)
		// The student's other sessions show it too (pollelsewhere.go).
		s.room.predictedElsewhere(s.me, a.lesson, a.step, rec)
	}
	s.room.notePolled(s.me, polledKey{a.lesson.ProgressKey(), a.step}, rec)
	s.showPrediction(a.lesson, a.step, rec)
}

// notePolled records rec as m's student's answer to the room's prediction
// of the step k names, for as long as the room lasts: a session of theirs
// that did not see the answer given (one opened after the poll, or the
// same student back after their connection dropped) hands it to the
// player it follows (followGuess), which showed "none, skipped".
func (r *Room) notePolled(m *Member, k polledKey, rec lessons.Prediction) {
	r.mu.Lock()
	defer r.mu.Unlock()
	v := m.voter()
	if r.polls == nil {
		r.polls = map[any]map[polledKey]lessons.Prediction{}
	}
	if r.polls[v] == nil {
		r.polls[v] = map[polledKey]lessons.Prediction{}
	}
	r.polls[v][k] = rec
}

// polledOf is m's student's answer to the room's prediction of the step k
// names, given in any of their sessions; ok is false when they gave none.
func (r *Room) polledOf(m *Member, k polledKey) (rec lessons.Prediction, ok bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	rec, ok = r.polls[m.voter()][k]
	return rec, ok
}

// showPrediction shows rec, the student's answer to the room's
// prediction of step of l, on this session's screens.
func (s *Session) showPrediction(l *lessons.Lesson, step int, rec lessons.Prediction) {
	if s.polled == nil {
		s.polled = map[polledKey]lessons.Prediction{}
	}
	s.polled[polledKey{l.ProgressKey(), step}] = rec
	// The student's own player, open on the lesson, shows and counts it
	// now: else its last screen counted its old copy, and it showed the
	// step as before until the lesson was opened again.
	s.home = s.home.PredictedElsewhere(l, step, rec)
	switch {
	case s.mode == following && s.shown == LessonScreen && s.haveRL:
		s.followGuess()
	case (s.mode == exploring || s.palFrom == exploring) && s.haveRL:
		// The lesson forked from the teacher is the student's own
		// player: it shows and keeps the answer as home's does.
		s.rl = s.rl.PredictedElsewhere(l, step, rec)
	}
}

// keptNow records that the student's progress now keeps rec as their
// answer to question seq. What it replaced is what their first answer to
// seq replaced (first, unless one was recorded), in whichever of their
// sessions they gave it: a later answer replaces their own earlier one.
// The room keeps the record by voter (Room.noteKept), for the student's
// other sessions and for their return after a dropped connection.
func (s *Session) keptNow(seq int, first keptAnswer, rec lessons.Prediction) {
	k, ok := s.room.keptOf(s.me, seq)
	switch {
	case ok:
	case s.kept.seq == seq:
		k = s.kept
	default:
		k = first
	}
	k.now = rec
	s.kept = k
	s.room.noteKept(s.me, k)
}

// noteKept records k as what m's student's answer to the open question
// k.seq keeps and replaced.
func (r *Room) noteKept(m *Member, k keptAnswer) {
	r.mu.Lock()
	defer r.mu.Unlock()
	q := r.question
	if q == nil || q.seq != k.seq || m.teacher {
		return
	}
	if q.kept == nil {
		q.kept = map[any]keptAnswer{}
	}
	q.kept[m.voter()] = k
}

// keptOf is what m's student's answer to question seq keeps and
// replaced, recorded by any of their sessions, this one before it
// reconnected included; ok is false when none was.
func (r *Room) keptOf(m *Member, seq int) (k keptAnswer, ok bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	q := r.question
	if q == nil || q.seq != seq {
		return keptAnswer{}, false
	}
	k, ok = q.kept[m.voter()]
	return k, ok
}

// keptNote tells a student who answered a's prediction where their answer
// is kept and what it replaced; "" when nothing is kept (a question, a
// session without progress).
func (s *Session) keptNote(a Asked) string {
	if !a.Predict || a.lesson == nil || s.store == nil || s.answeredSeq != a.Seq || s.kept.seq != a.Seq {
		return ""
	}
	note := fmt.Sprintf("Your progress keeps it as your prediction of step %d of “%s”.", a.step+1, a.lesson.Title)
	if k := s.kept; k.had && (k.was.Guess != k.now.Guess || k.was.Result != k.now.Result) {
		switch g := k.was.Guess; {
		case g == "":
			note += " It replaces the one you made before: none (skipped)."
		case strings.ContainsAny(g[len(g)-1:], ".?!"):
			note += " It replaces the one you made before: “" + g + "”"
		default:
			note += " It replaces the one you made before: “" + g + "”."
		}
	}
	return note
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
	if st.Prepared == nil {
		return
	}
	key := st.Prepared.Lesson.ProgressKey()
	rec, ok := s.polled[polledKey{key, st.Step}]
	if !ok {
		// Given in a session that is gone, or in another opened before
		// this one: the room's record of it.
		rec, ok = s.room.polledOf(s.me, polledKey{key, st.Step})
	}
	if !ok {
		return
	}
	s.handGuess(key, st.Step, rec)
}

// handGuess hands the followed player rec, the student's poll answer to
// step's prediction, or the prediction their progress keeps for the step
// when one was made in their own player since.
func (s *Session) handGuess(key string, step int, rec lessons.Prediction) {
	if s.store != nil {
		if kept, ok := s.store.Get(key).Prediction(step); ok {
			rec = kept
		}
	}
	if f, ok := any(s.rl).(guessFollower); ok {
		s.rl = f.FollowGuess(step, rec)
	}
}

// followGuesses hands the followed player, on its lesson's last screen,
// the student's poll answers to every step's prediction. followGuess
// hands only the step shown, so a player built after the answer (the
// student following again after exploring, or back after their
// connection dropped) knew none of the earlier steps', and the last
// screen's tally counted them as never made. Only there, as tellAsked:
// the tally is what reads them.
func (s *Session) followGuesses(st lessonui.State) {
	if s.teacher || !st.End || st.Prepared == nil {
		return
	}
	key := st.Prepared.Lesson.ProgressKey()
	for i := range st.Prepared.Steps {
		if st.Prepared.Steps[i].Predict == nil {
			continue
		}
		rec, ok := s.polled[polledKey{key, i}]
		if !ok {
			rec, ok = s.room.polledOf(s.me, polledKey{key, i})
		}
		if ok {
			s.handGuess(key, i, rec)
		}
	}
}
