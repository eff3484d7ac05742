package serve

import (
	"slices"

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
	s.room.sawElsewhere(s.me, l, st.Step)
}

// The student's other sessions share the store, so the step is kept for
// them too, but their screens showed the lesson as they had read it (the
// player's step list, the lesson list's "seen 2 of 9") until it was opened
// again. The room hands each of them the step, as it does a prediction
// (pollelsewhere.go), and signals them; each takes it on its own
// program's turn (showElsewhere).

// seenNote is a lesson's step that another session of the same student
// showed them, following the teacher.
type seenNote struct {
	lesson *lessons.Lesson
	step   int
}

// sawElsewhere hands step of l, which from's student has just been shown
// following the teacher, to the room's other student sessions that share
// from's progress, and signals them. A session keeps one note a step, so
// one whose program is slow to look holds no more than the lesson's steps.
func (r *Room) sawElsewhere(from *Member, l *lessons.Lesson, step int) {
	if l == nil {
		return
	}
	n := seenNote{lesson: l, step: step}
	r.mu.Lock()
	defer r.mu.Unlock()
	for m := range r.othersSharingLocked(from) {
		if !slices.ContainsFunc(m.seenQ, n.same) {
			m.seenQ = append(m.seenQ, n)
		}
		signal(m)
	}
}

// same reports whether o is n's step of n's lesson (by its progress key).
func (n seenNote) same(o seenNote) bool {
	return n.step == o.step && n.lesson.ProgressKey() == o.lesson.ProgressKey()
}

// showSeen shows on this session's screens a step its student was shown
// in another session: the store keeps it already.
func (s *Session) showSeen(n seenNote) {
	s.home = s.home.SawElsewhere(n.lesson, n.step)
	if s.haveRL {
		// A lesson forked from the teacher keeps it in what it saves.
		s.rl = s.rl.SawElsewhere(n.lesson, n.step)
	}
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
