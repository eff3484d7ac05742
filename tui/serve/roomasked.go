package serve

import (
	"slices"

	"github.com/breakerlab/breakerlab/tui/lessonui"
)

// A student following the teacher to a lesson's last screen was asked to
// review every question of the lesson, the teacher having asked the room
// none of them: the follower keeps no progress, so each read as skipped.
// The room tells the follower which of the lesson's questions it put to
// the room (not its predictions, which a review does not replay), and the
// last screen scores and reviews those (lessonui.Model.RoomAsked).

// askedSteps are the steps of the lesson whose progress key is key whose
// question (not prediction) was put to the room so far, the open one
// too, in the order of the steps.
func (r *Room) askedSteps(key string) []int {
	var out []int
	for _, t := range r.lessonAnswers(key) {
		if !t.predict && !slices.Contains(out, t.at) {
			out = append(out, t.at)
		}
	}
	slices.Sort(out)
	return out
}

// tellAsked hands the followed player, on its lesson's last screen, the
// steps whose question the room was asked. Only there: the last screen is
// what reads them, and the room's list is gone through once a move the
// teacher makes on it, not once a frame of a step that plays.
func (s *Session) tellAsked(st lessonui.State) {
	if s.teacher || !st.End || st.Prepared == nil {
		return
	}
	l := st.Prepared.Lesson
	s.rl = s.rl.RoomAsked(l, s.room.askedSteps(l.ProgressKey()))
}
