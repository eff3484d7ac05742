package serve

import "github.com/breakerlab/breakerlab/lessons"

// A student's answer to a step's question (not its prediction) put to the
// room is their answer to that question: their progress keeps it, as their
// own player records one, and the lesson's last screen counts it. Before,
// it was kept nowhere, and a student who followed the whole lesson read
// "0 of 4 right at the first try … review the 4 missed" of questions they
// had got right in the room.
//
// It is kept when the teacher reveals the answer, not as it is given: until
// then the student may change it, and the first answer the score counts is
// the one they stood by when the room was shown the answer. The room keeps
// it in each of the student's stores (one a student: progress.go) and hands
// it to each of their sessions, whose open players take it into the copy
// of the progress they save (lessonui.Model.AnsweredElsewhere), else their
// next save put back a record without it.

// answeredNote is a student's answer to a lesson step's question, kept at
// the reveal, for their sessions' players.
type answeredNote struct {
	lesson *lessons.Lesson
	step   int
	right  bool
}

// keepAnswersLocked keeps the answers to q, which is being revealed, in
// the progress of the students who gave them, and hands each to their
// sessions. A prediction is kept as it is given (pollfollow.go); a student
// who left before the reveal is not in the room to keep it for.
func (r *Room) keepAnswersLocked(q *questionState) {
	if q.q.Predict || q.q.lesson == nil {
		return
	}
	kept := map[*lessons.Store]bool{}
	for m := range r.members {
		if m.teacher {
			continue
		}
		right, ok := q.rightOf(m.voter())
		if !ok {
			continue
		}
		n := answeredNote{lesson: q.q.lesson, step: q.q.step, right: right}
		if m.progress != nil && !kept[m.progress] {
			kept[m.progress] = true
			n.keep(m.progress)
		}
		m.answeredQ = append(m.answeredQ, n)
	}
}

// rightOf is whether voter v's answer to q was right; ok is false when they
// gave none.
func (q *questionState) rightOf(v any) (right, ok bool) {
	if q.q.Number {
		g, ok := q.guesses[v]
		return ok && g.Verdict == lessons.Spot, ok
	}
	c, ok := q.answers[v]
	return ok && c == q.q.Right, ok
}

// keep records the answer in store. Again and again is as once: a right
// answer stays right and the first answer stays the one the score counts.
func (n answeredNote) keep(store *lessons.Store) {
	p := store.GetLesson(n.lesson)
	p.Answered(n.step, n.right)
	p.UpdateDone(n.lesson)
	store.Set(n.lesson.ProgressKey(), p)
}

// showAnswer hands this session's players an answer the room kept for
// its student. The store is written again: a player of another session
// that saved between the reveal and its own look put back a record
// without the answer, and now holds it.
func (s *Session) showAnswer(n answeredNote) {
	if s.store != nil {
		n.keep(s.store)
	}
	s.home = s.home.AnsweredElsewhere(n.lesson, n.step, n.right)
	if s.haveRL {
		// The followed player counts it on its last screen; a forked one
		// keeps it in what it saves.
		s.rl = s.rl.AnsweredElsewhere(n.lesson, n.step, n.right)
	}
}
