package serve

import (
	"iter"

	"github.com/breakerlab/breakerlab/lessons"
)

// A student may have the same lesson open in two sessions (two
// terminals), which share their progress (progress.go: one store per
// student, so the store names the student). An answer to the room's
// prediction given in one is kept in that progress and shown at once by
// that session's players (pollfollow.go); the other session's player
// kept showing the step as it was (still asking for the prediction, or
// the one the answer replaced) until the lesson was opened again. So the
// room hands the answer to each other student session sharing the
// progress, and signals it; that session, on its own program's turn,
// shows it as it would one answered there (showPrediction). A presenter
// is never handed one: its player is what the room follows.

// predictedNote is an answer to the room's prediction of a lesson's step,
// kept by another session of the same student.
type predictedNote struct {
	lesson *lessons.Lesson
	step   int
	rec    lessons.Prediction
}

// predictedElsewhere hands rec, from's student's answer to the prediction
// of step of l, to the room's other student sessions that share from's
// progress, and signals them. A session keeps one note a step: a later
// answer replaces the one it has not looked at, so a session whose
// program is slow to look holds no more notes than the steps polled.
func (r *Room) predictedElsewhere(from *Member, l *lessons.Lesson, step int, rec lessons.Prediction) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if from.progress == nil || l == nil {
		return
	}
	key := l.ProgressKey()
	for m := range r.othersSharingLocked(from) {
		n := predictedNote{lesson: l, step: step, rec: rec}
		replaced := false
		for i, old := range m.predicted {
			if old.step == step && old.lesson.ProgressKey() == key {
				m.predicted[i], replaced = n, true
			}
		}
		if !replaced {
			m.predicted = append(m.predicted, n)
		}
		signal(m)
	}
}

// othersSharingLocked are the room's student sessions, other than from,
// that share from's progress: from's student's other sessions.
func (r *Room) othersSharingLocked(from *Member) iter.Seq[*Member] {
	return func(yield func(*Member) bool) {
		if from.progress == nil {
			return
		}
		for m := range r.members {
			if m == from || m.teacher || m.progress != from.progress {
				continue
			}
			if !yield(m) {
				return
			}
		}
	}
}

// takeNotes returns the answers m's student's other sessions kept since m
// last looked, the answers to questions the room kept for them at a
// reveal (pollkeep.go), and the steps their other sessions showed them
// following the teacher (followseen.go), and forgets them.
func (r *Room) takeNotes(m *Member) ([]predictedNote, []answeredNote, []seenNote) {
	r.mu.Lock()
	defer r.mu.Unlock()
	predicted, answered, seen := m.predicted, m.answeredQ, m.seenQ
	m.predicted, m.answeredQ, m.seenQ = nil, nil, nil
	return predicted, answered, seen
}

// showElsewhere shows on this session's screens the answers its student
// gave the room's predictions in their other sessions, those to its
// questions kept at a reveal, and the steps they were shown following the
// teacher in another session.
func (s *Session) showElsewhere() {
	predicted, answered, seen := s.room.takeNotes(s.me)
	for _, n := range predicted {
		s.showPrediction(n.lesson, n.step, n.rec)
	}
	for _, n := range answered {
		s.showAnswer(n)
	}
	for _, n := range seen {
		s.showSeen(n)
	}
}
