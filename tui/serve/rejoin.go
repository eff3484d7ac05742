package serve

// A student whose connection drops while they follow the teacher (a
// laptop's wifi, a closed lid) signed in again onto their own home screen,
// no longer following, while the class went on without them: the top
// line's "ctrl+g follows the teacher" was all that said how to get back,
// and the teacher saw one more "on home". Their next session, when none of
// theirs is left in the room, follows again from its first frame, and its
// last line says so once, with the way to their own screen.

// noteRejoinLocked remembers that m, leaving, was the last session of a
// named student and followed the teacher. r.mu is held.
func (r *Room) noteRejoinLocked(m *Member) {
	v := m.voter()
	if m.teacher || !m.following || v == any(m) || r.voterStaysLocked(m) {
		return
	}
	if r.rejoin == nil {
		r.rejoin = map[any]bool{}
	}
	r.rejoin[v] = true
}

// takeRejoin reports whether m's student left following, and forgets it:
// one session of theirs follows again.
func (r *Room) takeRejoin(m *Member) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	v := m.voter()
	if m.teacher || v == any(m) || !r.rejoin[v] {
		return false
	}
	delete(r.rejoin, v)
	return true
}

// rejoinNoteForms are the note's wordings, the fullest first.
func rejoinNoteForms() []string {
	return []string{
		"You are back, following the teacher as before you left. esc goes to your own screen.",
		"Back, following the teacher; esc: your own screen.",
		"Following again; esc: your own screen.",
	}
}
