package serve

import (
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/lessonui"
)

// A student who follows the teacher through a lesson has seen its steps,
// as one who stepped through it on their own has: their progress keeps
// each step the followed player showed them. Before, following kept
// nothing (the follower's player keeps no progress: lessonui.NewFollower),
// and a student who had followed a whole lesson found it "not started"
// on their own lesson list, and their own player asked them to read
// every step again. Only the steps that reached their screen count: one
// the teacher moved past between two of its looks went by unseen, as the
// follower's last screen says.

// seenStep is a lesson's step, by the lesson's progress key, that the
// session last kept as seen.
type seenStep struct {
	lesson string
	step   int
}

// keepSeen records st's step, which the followed player now shows, in
// the student's progress, once a step: it is called on every move the
// teacher makes (up to a frame's), and the store is written only when the
// step changes. The student's own player, open on the lesson behind the
// followed one, takes it too, or its next save put back its record
// without it.
func (s *Session) keepSeen(st lessonui.State) {
	if s.teacher || s.store == nil || s.mode != following {
		return
	}
	if st.Prepared == nil || st.End {
		return
	}
	l := st.Prepared.Lesson
	at := seenStep{l.ProgressKey(), st.Step}
	if at == s.seen {
		return
	}
	s.seen = at
	sawStep(s.store, l, st.Step)
	s.home = s.home.SawElsewhere(l, st.Step)
}

// sawStep records step i of l as seen in store: the step the learner was
// on too, as their own player records a step it opens, where they will
// take the lesson up again.
func sawStep(store *lessons.Store, l *lessons.Lesson, i int) {
	p := store.GetLesson(l)
	p.SawStep(i)
	p.UpdateDone(l)
	store.Set(l.ProgressKey(), p)
}
