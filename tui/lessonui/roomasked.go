package lessonui

import (
	"slices"

	"github.com/breakerlab/breakerlab/lessons"
)

// A classroom's student who follows the teacher to a lesson's last screen
// was scored on every question of the lesson ("Score: 0 of 4") and asked
// to review the four, though the teacher had put none of them to the
// room: the follower keeps no progress of its own, so every question
// read as skipped. The classroom tells the follower which questions the
// room was asked (RoomAsked); its last screen then scores those, and the
// m key reviews those the student missed, or says that none was asked. A
// question the student answered themselves (in a player forked from the
// teacher's, or in an earlier session) counts too: it was asked of them.
// The set goes with the player when the student forks it at the last
// screen, so that m reviews there what the screen named.

// RoomAsked records steps (from 0) as those whose question a classroom
// put to the room, the whole set, replacing the one before.
func (m Model) RoomAsked(steps []int) Model {
	if m.p == nil {
		return m
	}
	m.roomAsked, m.inRoom = slices.Clone(steps), true
	return m
}

// RoomAsked is the open player's RoomAsked when it has lesson l open;
// otherwise the picker is returned as it was.
func (p Picker) RoomAsked(l *lessons.Lesson, steps []int) Picker {
	return p.onLesson(l, func(m Model) Model { return m.RoomAsked(steps) })
}

// askedOf reports whether step i's question was asked of the learner: any
// question, in a player of their own; in a classroom's (inRoom), one put
// to the room or one they answered. p is the progress on the lesson's
// steps as they are now (Remap).
func (m *Model) askedOf(p lessons.Progress, i int) bool {
	if !m.inRoom || slices.Contains(m.roomAsked, i) {
		return true
	}
	_, answered := p.FirstTry(i)
	return answered
}

// roomScore counts the questions asked of the learner in a classroom
// (askedOf) and those of them right at the first try.
func (m *Model) roomScore() (right, total int) {
	p := m.progress.Remap(m.p.Lesson)
	for i, st := range m.p.Lesson.Steps {
		if st.Question == nil || !m.askedOf(p, i) {
			continue
		}
		total++
		if r, _ := p.FirstTry(i); r {
			right++
		}
	}
	return right, total
}

// notAsked counts the questions not asked of the learner in a classroom
// (askedOf) and not answered right.
func (m *Model) notAsked() int {
	p := m.progress.Remap(m.p.Lesson)
	n := 0
	for i, st := range m.p.Lesson.Steps {
		if st.Question != nil && !m.askedOf(p, i) && !p.Right(i) {
			n++
		}
	}
	return n
}
