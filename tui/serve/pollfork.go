package serve

import (
	"slices"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/lessonui"
)

// A lesson the student forked from the teacher (F, or any key while
// following) is their own player: it keeps their progress
// (lessonui.Picker.ForkKeeping), shows their answers to the room's
// predictions (showPrediction), and a prediction they make in it is
// their prediction of the step, wherever else it shows: in their
// other sessions and their home player, as a poll answer is
// (pollelsewhere.go). While the room's poll of that very step is open,
// it is their answer to the poll too: the README's "a step's prediction
// is the latest the student made, in a poll or in their own player". A
// skipped prediction answers nothing.

// playerPrediction is the prediction a forked player holds for the step
// on its screen: key names the step whenever it asks one, made says
// whether it holds one.
type playerPrediction struct {
	key  polledKey
	rec  lessons.Prediction
	made bool
}

// forkedPrediction is what p holds for its step now.
func forkedPrediction(p lessonui.Picker) playerPrediction {
	l, step, rec, ok := p.StepPrediction()
	if l == nil {
		return playerPrediction{}
	}
	return playerPrediction{key: polledKey{l.ProgressKey(), step}, rec: rec, made: ok}
}

// predictedInFork takes a prediction the forked player made since before
// as the student's: shown in their other screens and, when the room's
// poll asks that step's prediction, their answer to it.
func (s *Session) predictedInFork(before playerPrediction) {
	if s.teacher || s.mode != exploring {
		return
	}
	l, step, rec, ok := s.rl.StepPrediction()
	if !ok || rec.Result == lessons.Skipped.String() {
		return
	}
	if before.key != (polledKey{l.ProgressKey(), step}) {
		// The key moved the player onto the step (n, p, a click on the
		// step list): the prediction it shows there was made before, in
		// an earlier poll or in the player, not now. Taken as an answer,
		// a second poll of the step counted the first poll's answer
		// once the student stepped away and back, and not before: the
		// teacher read "0 of 1 answered" while the student's screen
		// showed their guess, then 1 of 1 without a key that answered.
		return
	}
	same := before.made
	if same && samePrediction(before.rec, rec) {
		return
	}
	if s.store != nil {
		s.room.predictedElsewhere(s.me, l, step, rec)
	}
	s.home = s.home.PredictedElsewhere(l, step, rec)
	a, open := s.room.OpenQuestion()
	if !open || !a.Predict || a.Revealed || a.lesson == nil || a.pq == nil || a.lesson.ProgressKey() != l.ProgressKey() || a.step != step {
		return
	}
	was := keptAnswer{seq: a.Seq}
	if same {
		was.was, was.had = before.rec, true
	}
	switch {
	case a.Number && rec.Value != nil:
		g := Guess{Value: *rec.Value, Verdict: closenessOf(rec.Result)}
		if !s.room.answerGuess(s.me, a.Seq, g) {
			return
		}
		s.guessed, s.answeredSeq = g, a.Seq
	case !a.Number:
		i := slices.IndexFunc(a.pq.Choices, func(c lessons.Option) bool { return c.Text == rec.Guess })
		n := slices.Index(a.order, i)
		if i < 0 || n < 0 {
			return
		}
		s.room.Answer(s.me, a.Seq, n)
		s.answered, s.answeredSeq = n, a.Seq
	default:
		return
	}
	s.keptNow(a.Seq, was, rec)
}

// samePrediction reports whether two records are the same guess with the
// same result.
func samePrediction(a, b lessons.Prediction) bool {
	if a.Guess != b.Guess || a.Result != b.Result || (a.Value == nil) != (b.Value == nil) {
		return false
	}
	return a.Value == nil || *a.Value == *b.Value
}

// closenessOf is the verdict a record names (its Result, the verdict's
// word).
func closenessOf(word string) lessons.Closeness {
	for c := lessons.Spot; c <= lessons.Skipped; c++ {
		if c.String() == word {
			return c
		}
	}
	return lessons.Off
}

// answerGuess records g, judged already, as m's answer to number question
// seq, as AnswerNumber records a typed one; false when the question is
// closed.
func (r *Room) answerGuess(m *Member, seq int, g Guess) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	q := r.question
	if q == nil || q.seq != seq || q.revealed || !q.q.Number || m.teacher {
		return false
	}
	if _, in := r.members[m]; !in {
		return false
	}
	q.guesses[m.voter()] = g
	r.notifyLocked(true)
	r.signalVoterLocked(m)
	return true
}
