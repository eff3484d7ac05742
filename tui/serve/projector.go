package serve

import "fmt"

// A projector in the classroom is a session that shows the teacher's
// screen to the room: the README's way to put it on a wall at its own size
// is to sign in as anyone else does (a name and the class password, or an
// authorized key), follow the teacher (ctrl+g) and turn presentation mode
// on (ctrl+p). A teacher's key would not do: its session presents, and a
// second presenter publishes its own screen over the teacher's. Counted as
// a student, the projector made the teacher read "3 follow" and "2 of 3
// students answered" in a room of two, the third never able to answer.
// So a session that follows in presentation mode is no student in the
// teacher's counts (Counts, Roll, a question's Students), unless its
// student answered the open question there: counting the answer and not
// who gave it would read "3 of 2 students answered". A student presenting
// a screen of their own (exploring, or their own lesson) still counts.

// projectorLocked reports whether m is a projector, as the teacher's
// counts leave it out. It looks up the open question only for a session
// following in presentation mode, so counting a room of students boxes no
// voter.
func (r *Room) projectorLocked(m *Member) bool {
	if m.teacher || !m.following || !m.presenting {
		return false
	}
	if q := r.question; q != nil {
		v := m.voter()
		if _, ok := q.answers[v]; ok {
			return false
		}
		if _, ok := q.guesses[v]; ok {
			return false
		}
	}
	return true
}

// isProjector is projectorLocked for a session's view.
func (r *Room) isProjector(m *Member) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.projectorLocked(m)
}

// projectorView is the open question as the room reads it on a projector.
// It showed a student's page, "Press 1-3 to answer", which no one in the
// room could do there. Instead it shows the question and how many have
// answered; the spread of the answers only once the teacher reveals it,
// as the teacher's own page releases it: shown while answers are open, a
// room reading the wall would follow the crowd rather than the run.
//
// A projector presents (projectorLocked), so its page is the wall's
// (wallPoll), the page a presenting teacher's own screen draws: it was
// the small page of a student's screen, a line a paragraph from the top
// left, where the teacher's wall showed the count in big digits and the
// question centred. Only the lines under the question are its own, with
// no key of the teacher's in them.
func (s *Session) projectorView(a Asked) string {
	if a.Number {
		return s.projectorNumberView(a)
	}
	answered := answeredOf(a.answers(), a.Students, a.Left)
	if !a.Revealed {
		return s.wallPoll(a, []string{answered + " Each student answers on their own screen; the room's answers show here once the teacher reveals the right one."})
	}
	return s.wallPoll(a, []string{fmt.Sprintf("The right answer: %d.", a.Right+1), answered})
}

// projectorNumberView is projectorView of a number question: how many
// answered, then on reveal the engine's answer and the room's spread.
func (s *Session) projectorNumberView(a Asked) string {
	answered := answeredOf(len(a.Guesses), a.Students, a.Left)
	if !a.Revealed {
		return s.wallPoll(a, []string{answered + " Each student types a number on their own screen; the spread of the room's numbers shows here once the teacher reveals the answer."})
	}
	lines := append([]string{"The engine's answer: " + a.Answer + "."}, s.spreadAt(a, wallWidth(s.w))...)
	return s.wallPoll(a, append(lines, answered))
}
