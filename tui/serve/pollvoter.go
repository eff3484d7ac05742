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

// voter is who a question counts once: m's student, by the progress
// their sessions share, or m alone without one.
func (m *Member) voter() any {
	if m.progress != nil {
		return m.progress
	}
	return m
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
// sessions they have.
func (r *Room) studentsLocked() int {
	seen := map[any]struct{}{}
	for m := range r.members {
		if !m.teacher {
			seen[m.voter()] = struct{}{}
		}
	}
	return len(seen)
}

// AnswerOf is m's student's answer to question seq, from whichever of
// their sessions gave it: the choice (from 0) of a multiple-choice
// question, or the guess of a number question; ok is false when they
// have given none.
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
// open question in another session.
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
	}
}
