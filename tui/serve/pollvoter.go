package serve

// A student may be in the room in two sessions (two terminals, or a
// reconnect while the old connection lingers): each answering the room's
// question counted the student twice, the teacher read "3 of 2 students
// answered" of a room of two, and the second session's screen still asked
// the question the first had answered. The room counts a student once:
// their sessions share one progress (progress.go: a store per student,
// named by their key or their name), so the store names the voter; a
// session without one (its progress could not be opened) votes alone. An
// answer in either session is the student's, the later replacing the
// earlier as in one session, and each of their sessions shows it.

// A student's connection may drop, or they may close the window and sign
// in again, while a poll is open: their progress store is opened anew
// (progress.go releases it with their last session), so a voter named by
// the store lost the answer, the teacher's count went back, and the
// student was asked again with no "Your answer". The room names a voter
// by the student's name when the server gives one (SetStudent): the
// answer of a student who leaves stays counted (room.go, Leave), and one
// who comes back under the same name finds it theirs: shown while the
// question is open, and kept in their progress if it was revealed while
// they were away (pollkeep.go, awayKept). Coming back gives no second
// vote: it is the same voter.

// voter is who a question counts once: m's student, by their name, else
// by the progress their sessions share, or m alone without either.
func (m *Member) voter() any {
	switch {
	case m.name != "":
		return studentName(m.name)
	case m.progress != nil:
		return m.progress
	}
	return m
}

// studentName is a voter named by the student's name: a type of its own,
// so that no other key of the answers can equal it.
type studentName string

// SetStudent names the session's student (studentID: their key's hash or
// their user name), by which the room counts their answers; call it
// before the program starts. A student who comes back while the question
// they answered is open finds their answer counted and shown again, and
// one they put aside stays aside from the first frame (pollaside.go).
// display is the name they signed in with, as the teacher's list of who
// is in the room shows it (roll.go).
func (s *Session) SetStudent(id, display string) {
	if s.teacher {
		return
	}
	s.room.nameMember(s.me, id, display)
	s.takeRoomAside()
	if s.room.takeRejoin(s.me) {
		// Back after their connection dropped while following
		// (rejoin.go): following again, told so at the first size.
		s.startFollowing()
		s.rejoined = true
	}
}

// nameMember names m's student and hands their session the answers to
// the room's questions revealed while they were away.
func (r *Room) nameMember(m *Member, id, display string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	m.name, m.display = id, display
	r.takeAwayKeptLocked(m)
	r.notifyLocked(false)
}

// dropLocked takes voter v's answer out of the count.
func (q *questionState) dropLocked(v any) {
	if old, ok := q.answers[v]; ok {
		q.counts[old]--
		delete(q.answers, v)
	}
	delete(q.guesses, v)
}

// signalVoterLocked signals m's student's other sessions: their screens
// show the question as answered.
func (r *Room) signalVoterLocked(m *Member) {
	v := m.voter()
	for o := range r.members {
		if o != m && o.voter() == v {
			signal(o)
		}
	}
}

// voterStaysLocked reports whether another session of m's student is in
// the room: leaving, m does not take the student's answer with it.
func (r *Room) voterStaysLocked(m *Member) bool {
	v := m.voter()
	for o := range r.members {
		if o != m && o.voter() == v {
			return true
		}
	}
	return false
}

// Students counts the students in the room, each once however many
// sessions they have.
func (r *Room) Students() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.studentsLocked()
}

// studentsLocked counts the students in the room, each once however many
// sessions they have, as the teacher's top line and the list of who is in
// the room do (byStudentLocked).
func (r *Room) studentsLocked() int {
	follow, explore, menu := r.countLocked()
	return follow + explore + menu
}

// AnswerOf is m's student's answer to question seq, from whichever of
// their sessions gave it, before or after a dropped connection: the
// choice (from 0) of a multiple-choice question, or the guess of a number
// question; ok is false when they have given none.
func (r *Room) AnswerOf(m *Member, seq int) (choice int, guess Guess, ok bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	q := r.question
	if q == nil || q.seq != seq {
		return 0, Guess{}, false
	}
	v := m.voter()
	if g, ok := q.guesses[v]; ok {
		return 0, g, true
	}
	choice, ok = q.answers[v]
	return choice, Guess{}, ok
}

// takeRoomAnswer shows as this session's the answer its student gave the
// open question in another session, or in this one before their
// connection dropped, with the note of where it is kept.
func (s *Session) takeRoomAnswer() {
	if s.teacher {
		return
	}
	a, open := s.room.OpenQuestion()
	if !open {
		return
	}
	if choice, g, ok := s.room.AnswerOf(s.me, a.Seq); ok {
		s.answered, s.guessed, s.answeredSeq = choice, g, a.Seq
		// Where the answer is kept, and what it replaced, as the
		// session that gave it says (pollfollow.go, keptNote).
		if k, ok := s.room.keptOf(s.me, a.Seq); ok {
			s.kept = k
		}
	}
}
