package lessonui

// A player reads a rehearsal's answers from the progress file as it opens
// a lesson (New: earlier), and the projector and a classroom's followers
// then treat them as not yet given to the room. The progress file also
// holds the answers given in this session, and it does not tell the two
// apart: a teacher who closed a lesson and opened it again found the
// room's own answers of a moment ago marked as rehearsed, the projector
// asking them again and the followers shown them open. The player's
// owner (the picker, which outlives the lessons it opens) keeps the set
// of steps answered in this session, and New leaves those unmarked.

// sessionStep is a step's prediction or its question in one lesson, by
// the lesson's progress key (a teacher's file by its path).
type sessionStep struct {
	lesson  string
	step    int
	predict bool
}

// sessionAnswers are the predictions revealed and the questions answered
// right in this session: a guess counts once its reveal shows what
// happened, not as it is made (a lesson closed while the run plays to the
// reveal reopens with the step asked as a rehearsal's). Options carries a pointer to it, so every player
// the picker opens, and the copies bubbletea makes of each, add to the
// same set; it is read when a lesson opens and written when an answer is
// given, never while drawing.
type sessionAnswers struct {
	given map[sessionStep]bool
}

// add records step i's prediction (predict) or question of lesson key as
// given in this session. A nil set (a player opened without one) keeps
// nothing.
func (s *sessionAnswers) add(key string, i int, predict bool) {
	if s == nil {
		return
	}
	if s.given == nil {
		s.given = map[sessionStep]bool{}
	}
	s.given[sessionStep{key, i, predict}] = true
}

// has reports whether step i's prediction (predict) or question of lesson
// key was given in this session.
func (s *sessionAnswers) has(key string, i int, predict bool) bool {
	return s != nil && s.given[sessionStep{key, i, predict}]
}
