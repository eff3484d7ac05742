package lessons

import "slices"

// A step's prediction may be made outside the player that keeps the
// lesson's progress: a student answers a classroom's poll of the step's
// prediction (tui/serve). A player open on the lesson then holds the
// record it read when it opened, and hands the whole of it to Set each
// time it saves (a step moved to, a question answered, the lesson left):
// that copy has not heard of the poll, and would put back the prediction
// it held, or none. The learner's prediction of a step is the latest they
// made, wherever they made it:
//
//   - PredictedElsewhere records one, and remembers the step's predictions
//     it replaced;
//   - a record handed to Set that holds none for the step, or one of those,
//     was read before it: the step keeps the one made elsewhere;
//   - a record that holds another was made since (a player asks for a
//     step's prediction only while it has none, and records the one
//     given), and that one stands.

// elsewhere is a prediction made outside the player, and the predictions
// of its step it replaced.
type elsewhere struct {
	rec      Prediction
	replaced []Prediction
}

// PredictedElsewhere records rec as step i's prediction of lesson l, made
// outside any player (a classroom's poll): it replaces the step's
// prediction, which it returns (had is false when there was none), and a
// player that read l's progress before keeps it when it saves (Set).
func (s *Store) PredictedElsewhere(l *Lesson, i int, rec Prediction) (was Prediction, had bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	key := l.ProgressKey()
	p := s.getLesson(l)
	was, had = p.Prediction(i)
	if s.elsewhere == nil {
		s.elsewhere = map[string]map[int]elsewhere{}
	}
	if s.elsewhere[key] == nil {
		s.elsewhere[key] = map[int]elsewhere{}
	}
	e := s.elsewhere[key][i]
	if had && !was.same(rec) && !slices.ContainsFunc(e.replaced, was.same) {
		e.replaced = append(e.replaced, was)
	}
	e.rec = rec
	s.elsewhere[key][i] = e
	p.Predicted(i, rec)
	s.data.Lessons[key] = p
	return was, had
}

// keepElsewhere puts back into p, a record of lesson id about to be kept,
// each prediction made elsewhere that p was read before; one p made since
// stands, and is no longer watched. s.mu is held.
func (s *Store) keepElsewhere(id string, p *Progress) {
	for i, e := range s.elsewhere[id] {
		got, ok := p.Prediction(i)
		switch {
		case ok && got.same(e.rec):
		case !ok || slices.ContainsFunc(e.replaced, got.same):
			p.Predicted(i, e.rec)
		default:
			delete(s.elsewhere[id], i)
		}
	}
}

// same reports whether two predictions are the same guess with the same
// result.
func (p Prediction) same(q Prediction) bool {
	if p.Guess != q.Guess || p.Result != q.Result || (p.Value == nil) != (q.Value == nil) {
		return false
	}
	return p.Value == nil || *p.Value == *q.Value
}
