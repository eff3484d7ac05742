package serve

// A room question comes onto a student's screen when the teacher asks it
// (or reveals one the student had put aside), whatever the student is
// doing: a key they pressed then was aimed at the screen they were
// looking at, their own lesson player's choice or the explored sandbox,
// not at a question they have not read. Taken by the question, a digit
// answered it, and a prediction's answer went into their progress over
// the one they had made; an esc put aside a question they never saw, and
// one put aside does not come back until it is revealed.
//
// The rule, the mirror of pollclose.go's: a key that comes while the
// room's question is open but not yet drawn on the student's screen, or
// within questionGrace after it came onto it, does nothing, to the
// question or to the screen behind it, which the student no longer sees.
// That is every key but ctrl+c, which quits as everywhere: the digits and
// enter would answer, the keys of a number would be typed into its answer
// and sent by a later enter, esc would put the question aside unread. A
// deliberate answer cannot come that soon (the student reads the prompt
// and the choices first); a key swallowed costs pressing it again, the
// question still asking. Clicks on a question's screen do nothing at any
// time (mouse.go).

// keyBeforeQuestionSeen reports whether a key comes too soon after
// question live (the room's, shown to this student; not 0) came onto the
// screen to be meant for it: before the screen was drawn with it, or
// within questionGrace after.
func (s *Session) keyBeforeQuestionSeen(live int) bool {
	if s.teacher || live == 0 {
		return false
	}
	return s.onScreen != live || s.now().Sub(s.appearedAt) < questionGrace
}
