package serve

import "time"

// A room question leaves a student's screen when the teacher ends it or
// asks the next one, whatever the student is doing: a key pressed for the
// question then (esc, "puts the question aside"; a number) would reach the
// screen behind it, where esc stops following the teacher, and a number
// explores on from the followed step. So a key or a click that comes
// while the student's screen still shows a question the teacher has
// closed or replaced, or within questionGrace after it left, does what it
// would have done to that question, which is gone: nothing (ctrl+c still
// quits). The screen behind, and whether the student follows, stay as
// they were.

// questionGrace is how long after a question left a student's screen their
// keys are still taken as meant for it: longer than it takes to see the
// screen change and press a key in answer to what it shows (a quarter of
// a second or more, with the time the frame takes to reach the student
// and the key to come back).
const questionGrace = time.Second

// now is the session's clock (SetIdleLimit's), time.Now without one.
func (s *Session) now() time.Time {
	if s.clock != nil {
		return s.clock()
	}
	return time.Now()
}

// noteShownQuestion records, after each message, the question the screen
// now shows (the frame drawn next shows it) and when it came onto it
// (pollopen.go), and when one went that the teacher ended or replaced;
// one the student put aside went by their own key, and leaves no grace.
func (s *Session) noteShownQuestion() {
	if s.teacher {
		return
	}
	seq, revealed, open := s.room.questionSeq()
	shown := 0
	if open && s.shows(seq, revealed) {
		shown = seq
	}
	if shown == s.onScreen {
		return
	}
	// Still open, it is hidden only by the student's esc.
	if s.onScreen != 0 && (!open || seq != s.onScreen) {
		s.leftAt = s.now()
	}
	if shown != 0 {
		s.appearedAt = s.now()
	}
	s.onScreen = shown
}

// keyForGoneQuestion reports whether an input was meant for a question
// that has just left the student's screen: one the screen still shows
// (the change has not been drawn yet) though the room's question is
// another or none, or one that left less than questionGrace ago. live is
// the question the room shows the student now (0: none).
func (s *Session) keyForGoneQuestion(live int) bool {
	if s.teacher {
		return false
	}
	if s.onScreen != 0 && s.onScreen != live {
		return true
	}
	return live == 0 && !s.leftAt.IsZero() && s.now().Sub(s.leftAt) < questionGrace
}

// liveSeq is the question the room shows this student now (its Seq; 0:
// none).
func (s *Session) liveSeq() int {
	if seq, revealed, open := s.room.questionSeq(); open && s.shows(seq, revealed) {
		return seq
	}
	return 0
}

// questionSeq is the open question's Seq and whether it is revealed,
// without copying its counts as OpenQuestion does: sessions ask after
// every message.
func (r *Room) questionSeq() (seq int, revealed, open bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.question == nil {
		return 0, false, false
	}
	return r.question.seq, r.question.revealed, true
}
