package serve

// A student who puts the room's question aside (esc) is not asked it
// again: not in another of their sessions, and not after their connection
// drops and they sign in again under their name, which opened a session
// that knew nothing of their esc and put the question back on their
// screen. The room remembers it by voter (pollvoter.go), as it remembers
// their answer, for as long as the question is open; the teacher's next
// question is another one, asked afresh. The reveal still shows the
// answer to a student who put the question aside before it (question.go,
// shows), and one they put aside after the reveal stays aside.

// putAside records that m's student put question seq aside, after its
// reveal or before, and signals their other sessions, which stop showing
// it too.
func (r *Room) putAside(m *Member, seq int, revealed bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	q := r.question
	if q == nil || q.seq != seq || m.teacher {
		return
	}
	if q.aside == nil {
		q.aside = map[any]bool{}
	}
	v := m.voter()
	q.aside[v] = q.aside[v] || revealed
	r.signalVoterLocked(m)
}

// asideOf reports whether m's student put question seq aside, in any of
// their sessions, and whether they did so after its reveal.
func (r *Room) asideOf(m *Member, seq int) (revealed, aside bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	q := r.question
	if q == nil || q.seq != seq {
		return false, false
	}
	revealed, aside = q.aside[m.voter()]
	return revealed, aside
}

// takeRoomAside puts aside, in this session, the open question its
// student put aside in another session or before they reconnected. It
// only ever hides more: what this session put aside itself stays aside.
func (s *Session) takeRoomAside() {
	if s.teacher {
		return
	}
	seq, _, open := s.room.questionSeq()
	if !open {
		return
	}
	revealed, aside := s.room.asideOf(s.me, seq)
	switch {
	case !aside:
	case s.setAside != seq:
		s.setAside, s.asideRevealed = seq, revealed
	case revealed:
		s.asideRevealed = true
	}
}
