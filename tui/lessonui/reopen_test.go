package lessonui

import (
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// A teacher who answers a step in front of the room, closes the lesson
// and opens it again in the same session is shown that answer as this
// session's: the picker keeps the session's answers, where the reopened
// player read them from the progress file as a rehearsal's, asked the
// prediction again on the projector, hid the reveal from followers again
// and had ctrl+a ask it of the room a second time.
func TestAnAnswerOfThisSessionStaysAnsweredWhenTheLessonReopens(t *testing.T) {
	for _, predict := range []bool{true, false} {
		p, step := onlyAsks(t, predict)
		store, _ := newStore(t)
		pk := NewPicker([]*lessons.Lesson{p.Lesson}, nil, Options{Theme: tuitest.Plain(), Store: store, Embedded: true})
		reopen := func() { openAtStep(t, &pk, p, step) }
		reopen()
		m := *pk.player
		if predict {
			m = guessAndPlay(t, m, step, p.Steps[step].Predict.RightChoice())
		} else {
			next, _ := m.answerChoice(p.Steps[step].Question.RightChoice())
			m = next.(Model)
		}
		pk.player = &m
		if m.State().AnswersHidden() {
			t.Fatalf("%s step %d (prediction %v): answered in this session, the step is hidden from followers", p.Lesson.ID, step+1, predict)
		}
		pk, _ = pk.CloseLesson()
		reopen()
		m = *pk.player
		_, _, revealed, _ := pk.RoomQuestions()
		if m.rehearsed() || m.rehearsedQuestion() || m.State().AnswersHidden() || predict && !revealed {
			t.Fatalf("%s step %d (prediction %v), reopened: this session's answer is taken for a rehearsal's (hidden from followers %v, revealed for the room %v):\n%s",
				p.Lesson.ID, step+1, predict, m.State().AnswersHidden(), revealed, projectorText(t, m, 100, 30))
		}
	}
}

// A guess counts as this session's answer when its reveal shows what
// happened, not as it is typed: a teacher who guesses, then closes the
// lesson while the run still plays to the reveal, has shown the room no
// answer, and the reopened step is asked as a rehearsal's (the projector
// asks it, followers see it open, ctrl+a puts the prediction to the room)
// where it was taken for revealed.
func TestAGuessClosedBeforeItsRevealIsNotThisSessionsAnswer(t *testing.T) {
	p, step := onlyAsks(t, true)
	store, _ := newStore(t)
	pk := NewPicker([]*lessons.Lesson{p.Lesson}, nil, Options{Theme: tuitest.Plain(), Store: store, Embedded: true})
	m := openAtStep(t, &pk, p, step)
	n := 0
	for j, c := range m.predicts[step].order {
		if c == p.Steps[step].Predict.RightChoice() {
			n = j + 1
		}
	}
	m = send(m, keys(string(rune('0'+n)))...)
	if !m.predicts[step].made || m.predicts[step].revealed || !m.Playing() {
		t.Fatalf("%s step %d: after the guess, made %v revealed %v playing %v; want the run playing to the reveal",
			p.Lesson.ID, step+1, m.predicts[step].made, m.predicts[step].revealed, m.Playing())
	}
	pk.player = &m
	pk, _ = pk.CloseLesson()
	m = openAtStep(t, &pk, p, step)
	_, _, revealed, _ := pk.RoomQuestions()
	if !m.rehearsed() || !m.State().PredictHidden || revealed {
		t.Fatalf("%s step %d, guessed and closed before the reveal, reopened: taken for this session's answer (rehearsed %v, hidden from followers %v, revealed for the room %v):\n%s",
			p.Lesson.ID, step+1, m.rehearsed(), m.State().PredictHidden, revealed, projectorText(t, m, 100, 30))
	}
}

// openAtStep opens p in the picker at 100x30, on step, as a teacher opens
// the lesson again, and returns the player.
func openAtStep(t *testing.T, pk *Picker, p *lessons.Prepared, step int) Model {
	t.Helper()
	next, _ := pk.Update(preparedMsg{p: p})
	*pk = next.(Picker)
	if !pk.Open() {
		t.Fatalf("%s did not open: %s", p.Lesson.ID, pk.note)
	}
	m := send(*pk.player, tea.WindowSizeMsg{Width: 100, Height: 30})
	if m.step != step {
		m.openStep(step)
	}
	pk.player = &m
	return m
}
