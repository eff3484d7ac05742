package serve

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
