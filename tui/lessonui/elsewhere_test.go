package lessonui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
)

// A prediction made outside the open player (a classroom's poll) is the
// learner's prediction of the step at once: the step that waited for one
// shows the guess and plays to the reveal, which shows it beside what
// happened; a revealed step shows the newer guess; the copy of the
// progress the player saves and its last screen's tally hold it. Another
// lesson's prediction changes nothing.
func TestAPredictionMadeElsewhereShowsInTheOpenPlayer(t *testing.T) {
	p := preparedLesson(t, 1)
	step := -1
	for i, s := range p.Steps {
		if s.Predict != nil && s.Predict.Kind == lessons.Choice {
			step = i
			break
		}
	}
	if step < 0 {
		t.Skipf("lesson 2 (%s) has no multiple-choice prediction", p.Lesson.ID)
	}
	q := p.Steps[step].Predict
	right, wrong := -1, -1
	for i, c := range q.Choices {
		if c.Right && right < 0 {
			right = i
		} else if !c.Right && wrong < 0 {
			wrong = i
		}
	}
	if right < 0 || wrong < 0 {
		t.Fatalf("step %d's prediction has no right and wrong choice", step+1)
	}
	judged := func(i int) lessons.Prediction {
		v, err := q.JudgeChoice(i)
		if err != nil {
			t.Fatal(err)
		}
		return lessons.Prediction{Guess: q.Choices[i].Text, Result: v.String()}
	}
	store, _ := newStore(t)
	m := open(t, p, step, 120, 40, Options{Store: store, Embedded: true})
	if !m.waiting() || m.predictionTally() != "none made" {
		t.Fatalf("step %d does not wait for a prediction (tally %q):\n%s", step+1, m.predictionTally(), m.View())
	}

	// Another lesson's prediction of the same step number: nothing.
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	pk := Picker{player: &m}
	if got := pk.PredictedElsewhere(all[0], step, judged(right)); !got.player.waiting() {
		t.Fatal("a prediction of another lesson was taken")
	}

	rec := judged(right)
	store.PredictedElsewhere(p.Lesson, step, rec) // as the classroom does
	m = *pk.PredictedElsewhere(p.Lesson, step, rec).player
	first := strings.Fields(rec.Guess)[0]
	if v := text(m.View()); m.waiting() || !strings.Contains(v, "Your guess: "+first) || strings.Contains(v, "Predict:") {
		t.Fatalf("the step still asks for the prediction made elsewhere (%q):\n%s", rec.Guess, m.View())
	}
	if got, ok := m.Progress().Prediction(step); !ok || got.Guess != rec.Guess || got.Result != rec.Result {
		t.Fatalf("the player's copy of the progress holds %+v (%v), want %+v", got, ok, rec)
	}
	if got := m.predictionTally(); got != "1 right" {
		t.Errorf("the last screen's tally: %q, want \"1 right\"", got)
	}
	// It plays to the reveal, as a guess typed there does.
	m = send(m, keys(" ")...)
	if !m.Playing() {
		t.Fatalf("space did not play after the prediction made elsewhere:\n%s", m.View())
	}
	m = runToStop(t, m)
	if v := text(m.View()); !m.predicts[step].revealed || !strings.Contains(v, "Your prediction: "+first) || strings.Contains(v, "none, skipped") {
		t.Fatalf("the reveal does not show the prediction made elsewhere:\n%s", m.View())
	}

	// Revealed, the step takes a newer one: the wrong choice.
	rec = judged(wrong)
	store.PredictedElsewhere(p.Lesson, step, rec)
	m = m.PredictedElsewhere(step, rec)
	if v := text(m.View()); !strings.Contains(v, "Your prediction: "+strings.Fields(rec.Guess)[0]) || !strings.Contains(v, "What happened: ") {
		t.Fatalf("the reveal does not show the newer prediction %q:\n%s", rec.Guess, m.View())
	}
	if got := m.predictionTally(); got != "1 "+rec.Result {
		t.Errorf("the last screen's tally: %q, want \"1 %s\"", got, rec.Result)
	}
	// The player saves its copy: the store keeps the newer one.
	saveNow(t, m)
	if got, _ := store.Get(p.Lesson.ProgressKey()).Prediction(step); got.Guess != rec.Guess || got.Result != rec.Result {
		t.Errorf("after the player saved, the store keeps %+v, want %+v", got, rec)
	}
}
