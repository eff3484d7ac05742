package lessonui

import "github.com/breakerlab/breakerlab/lessons"

// RoomQuestion is the question on the player's screen, for a classroom to
// put to the room: the step's prediction until it is revealed, then the
// step's question. It is nil on the lesson list, the lesson's last screen
// and a step with neither; predict says it is the prediction.
func (p Picker) RoomQuestion() (q *lessons.PreparedQuestion, predict bool) {
	if p.player == nil {
		return nil, false
	}
	m := p.player
	if m.showEnd || m.p == nil || m.step >= len(m.p.Steps) {
		return nil, false
	}
	st := m.cur()
	if st.Predict != nil && (m.step >= len(m.predicts) || !m.predicts[m.step].revealed) {
		return st.Predict, true
	}
	return st.Question, false
}
