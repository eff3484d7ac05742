package lessons

import (
	"strings"
	"testing"
)

// moveCounts are the metrics that count a breaker's moves, which a learner
// counts one by one on the transitions pane.
var moveCounts = map[string]bool{"opened": true, "transitions": true, "failed-probes": true, "knocked-over": true}

// A prediction of how many times a breaker moved is a choice, whose wrong
// answers each name their misconception, or a number that only the count
// itself grades right: a count of a few moves off by one is the
// misconception. Lesson 4's "Probe, fail, open again" asked how many
// times the breaker opens, counting the trip (4), with a tolerance of 1:
// 3, the count of the re-openings alone, which its prompt warned about,
// was graded right, and 5 too.
func TestMoveCountsArePredictedExactly(t *testing.T) {
	for _, p := range allPrepared(t) {
		for i, s := range p.Steps {
			q := s.Predict
			if q == nil || q.Kind != Number {
				continue
			}
			e, err := ParseExpr(strings.TrimSpace(strings.Split(s.Step.Predict.Answer, "|")[0]))
			if err != nil || !moveCounts[e.Metric] {
				continue
			}
			tol := q.Tolerance
			if q.Relative {
				tol *= q.Answer
			}
			if tol >= 1 {
				t.Errorf("%s step %d (%s) predicts %s, %v, within %v: a count off by one grades right; make it a choice with a why for each wrong count",
					p.Lesson.ID, i+1, s.Title, e.Metric, q.Answer, tol)
			}
		}
	}
}
