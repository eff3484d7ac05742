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
// sessions. A prediction is kept as it is given (pollfollow.go). The
// answer of a student who left before the reveal is returned, for the
// room's writeAway to write to their file (their progress was closed
// with their last session, and a student who never signs in again would
// otherwise never have it kept), and waits for them too (awayKept), for
// the players of the session they come back in.
func (r *Room) keepAnswersLocked(q *questionState) (away []awayAnswer) {
	if q.q.Predict || q.q.lesson == nil {
		return nil
	}
	kept := map[*lessons.Store]bool{}
	here := map[any]bool{}
	for m := range r.members {
		if m.teacher {
			continue
		}
		here[m.voter()] = true
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
	for _, v := range q.voters() {
		name, ok := v.(studentName)
		if !ok || here[v] {
			// A session with no name cannot come back as itself.
			continue
		}
		right, _ := q.rightOf(v)
		if r.awayKept == nil {
			r.awayKept = map[studentName][]answeredNote{}
		}
		n := answeredNote{lesson: q.q.lesson, step: q.q.step, right: right}
		r.awayKept[name] = append(r.awayKept[name], n)
		away = append(away, awayAnswer{student: string(name), note: n})
	}
	return away
}

// awayAnswer is an answer revealed while its student had no session
// open: their progress folder (studentID) and the answer.
type awayAnswer struct {
	student string
	note    answeredNote
}

// voters are those who answered q, in no order.
func (q *questionState) voters() []any {
	out := make([]any, 0, len(q.answers)+len(q.guesses))
	for v := range q.answers {
		out = append(out, v)
	}
	for v := range q.guesses {
		out = append(out, v)
	}
	return out
}

// answeredAwayLocked counts the students who answered q and have no
// session in the room now.
func (r *Room) answeredAwayLocked(q *questionState) int {
	if len(q.answers)+len(q.guesses) == 0 {
		return 0
	}
	here := make(map[any]bool, len(r.members))
	for m := range r.members {
		if !m.teacher {
			here[m.voter()] = true
		}
	}
	n := 0
	for _, v := range q.voters() {
		if !here[v] {
			n++
		}
	}
	return n
}

// takeAwayKeptLocked keeps in m's progress, and hands m's session, the
// answers its student gave to questions revealed while they were away.
func (r *Room) takeAwayKeptLocked(m *Member) {
	name, ok := m.voter().(studentName)
	if !ok || len(r.awayKept[name]) == 0 {
		return
	}
	for _, n := range r.awayKept[name] {
		if m.progress != nil {
			n.keep(m.progress)
		}
		m.answeredQ = append(m.answeredQ, n)
	}
	delete(r.awayKept, name)
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
