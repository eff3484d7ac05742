package lessonui

import "github.com/breakerlab/breakerlab/lessons"

// A step's prediction may be made outside the player while it is open on
// the lesson: a student answers a classroom's poll of it (tui/serve), and
// the store keeps the answer (lessons.Store.PredictedElsewhere). The
// learner's prediction of a step is the latest they made, wherever they
// made it, so the open player takes it at once (PredictedElsewhere): in
// the copy of the progress it saves, and on screen, as a guess typed in
// the player would show. Without it the player showed the step as it was
// until the lesson was opened again, and its last screen counted the
// predictions from its old copy.

// PredictedElsewhere records rec as step i's prediction, made outside the
// player. The step shows it made: a reveal already seen shows the new
// guess beside what happened; a step not yet revealed shows "Your guess"
// and plays to the reveal as one typed there does, from where it is when
// the learner plays it: the open player does not show the answer before
// the learner has watched the run (a step that has no run to play, as
// after a guess typed there, reveals it at once). The last screen counts
// it.
func (m Model) PredictedElsewhere(i int, rec lessons.Prediction) Model {
	if m.p == nil || i < 0 || i >= len(m.p.Steps) || m.p.Steps[i].Predict == nil {
		return m
	}
	m.progress.Predicted(i, rec)
	m.followGuess(i, rec)
	if m.predicts[i].revealed {
		// The answer is on screen already: the guess counts as this
		// session's now; otherwise when the reveal shows it (reveal).
		m.o.session.add(m.p.Lesson.ProgressKey(), i, true)
	}
	if i == m.step {
		if m.sim == nil {
			// Nothing to play: the outcome shows at once, as
			// madePrediction does.
			m.reveal()
		}
		m.layout() // the guess is in: the held counts and figures may show
	}
	return m
}

// PredictedElsewhere is the open player's PredictedElsewhere when it has
// lesson l open (by its progress key, as the store keeps it), or l's row
// of the list read again (onLesson).
func (p Picker) PredictedElsewhere(l *lessons.Lesson, i int, rec lessons.Prediction) Picker {
	return p.onLesson(l, func(m Model) Model { return m.PredictedElsewhere(i, rec) })
}

// onLesson is p with f applied to its open player when that player has
// lesson l open (by its progress key, as the store keeps it). With no
// lesson open, the list's row of l is read again from the store, which
// the caller has updated: the row was read when the list came into view,
// and a classroom student's other session, on the list, showed the lesson
// as it was until they opened it. Otherwise p is as it was (the list is
// read again as the open lesson closes).
func (p Picker) onLesson(l *lessons.Lesson, f func(Model) Model) Picker {
	if p.player == nil && l != nil {
		p.refreshLesson(l)
		return p
	}
	if p.player == nil || l == nil || p.player.p == nil || p.player.p.Lesson.ProgressKey() != l.ProgressKey() {
		return p
	}
	m := f(*p.player)
	p.player = &m
	return p
}

// RoomAnswered marks step i's prediction as put to a classroom and
// revealed there (tui/serve, the teacher's r): while the teacher's own
// player still asks it, one space plays the run, where it asked "Space
// again: play without a guess" after the room had answered and seen the
// answer, and the outcome says the room answered rather than "none,
// skipped". A guess the teacher types still counts as theirs.
func (m Model) RoomAnswered(i int) Model {
	if m.p == nil || i < 0 || i >= len(m.p.Steps) || m.p.Steps[i].Predict == nil || m.predicts[i].made {
		return m
	}
	// A space pressed before says "Space again" no more: one plays now.
	m.predicts[i].roomAnswered, m.predicts[i].nudged = true, false
	if i == m.step {
		m.layout() // the panes held for the guess show now (holding)
	}
	return m
}

// RoomAnswered is the open player's RoomAnswered when it has lesson l
// open; otherwise the picker is returned as it was.
func (p Picker) RoomAnswered(l *lessons.Lesson, i int) Picker {
	return p.onLesson(l, func(m Model) Model { return m.RoomAnswered(i) })
}

// AnsweredElsewhere records step i's question as answered outside the
// player, right or not: a student's answer to a classroom's poll of it,
// counted once the teacher reveals it (tui/serve). The store keeps it
// (the caller's to update); the open player takes it into the copy it
// saves, which would otherwise put back its record without it, and its
// last screen counts it (a follower's too, which saves nothing). The
// first answer stays the one the score counts, as in the player.
func (m Model) AnsweredElsewhere(i int, right bool) Model {
	if m.p == nil || i < 0 || i >= len(m.p.Steps) || m.p.Steps[i].Question == nil {
		return m
	}
	m.progress.Answered(i, right)
	m.progress.UpdateDone(m.p.Lesson)
	return m
}

// AnsweredElsewhere is the open player's AnsweredElsewhere when it has
// lesson l open, or l's row of the list read again (onLesson).
func (p Picker) AnsweredElsewhere(l *lessons.Lesson, i int, right bool) Picker {
	return p.onLesson(l, func(m Model) Model { return m.AnsweredElsewhere(i, right) })
}

// SawElsewhere records step i as seen outside the player: a classroom's
// student who followed the teacher to it (tui/serve). The store keeps it
// (the caller's to update); the open player takes it into the copy it
// saves, which would otherwise put back its record without it. The step
// the player shows, and the one it saves as the learner's place, stay
// its own.
func (m Model) SawElsewhere(i int) Model {
	if m.p == nil || i < 0 || i >= len(m.p.Steps) {
		return m
	}
	at := m.progress.Step
	m.progress.SawStep(i)
	m.progress.Step = at
	m.progress.UpdateDone(m.p.Lesson)
	return m
}

// SawElsewhere is the open player's SawElsewhere when it has lesson l
// open, or l's row of the list read again (onLesson).
func (p Picker) SawElsewhere(l *lessons.Lesson, i int) Picker {
	return p.onLesson(l, func(m Model) Model { return m.SawElsewhere(i) })
}
