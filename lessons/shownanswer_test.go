package lessons

import (
	"math"
	"testing"
	"time"
)

// Prepare keeps the answer value's own format, so that every screen
// writes a numeric answer alike (ShownAnswer): a latency percentile as
// the reveal's placeholder quotes it ("5.00 s", LatencyText), whatever
// unit its guess is typed in ("p50 step search | s" prints "5 s"), any
// other answer as the lesson prints it, with its unit. On every built-in
// step with a numeric prediction or question.
func TestShownAnswerIsTheReveals(t *testing.T) {
	n, latency := 0, 0
	eachNumberAsked(t, func(p *Prepared, i int, raw *Question, q *PreparedQuestion) {
		n++
		want := WithUnit(q.AnswerText, q.Unit)
		if e, err := ParseExpr(raw.Answer); err == nil && (e.Metric == "p50" || e.Metric == "p95" || e.Metric == "p99") {
			latency++
			want = LatencyText(time.Duration(math.Round(q.Answer * float64(time.Second))))
			if q.AnswerPrints != "lat" {
				t.Errorf("%s step %d: %q keeps the format %q, want lat", p.Lesson.ID, i+1, raw.Answer, q.AnswerPrints)
			}
		}
		if got := q.ShownAnswer(); got != want {
			t.Errorf("%s step %d: %q is shown as %q, want %q", p.Lesson.ID, i+1, raw.Answer, got, want)
		}
	})
	if n < 30 || latency == 0 {
		t.Fatalf("%d numeric answers, %d of them a latency percentile: the built-in lessons hold more", n, latency)
	}
}

// ShownText writes a latency percentile in its own terms whatever format
// its answer names, and any other value in that format.
func TestShownText(t *testing.T) {
	for _, c := range []struct {
		v      Value
		format string
		want   string
	}{
		{Value{Kind: KindDuration, F: 5, Prints: "lat"}, "s", "5.00 s"},
		{Value{Kind: KindDuration, F: 0.402}, "s", "0.402 s"},
		{Value{Kind: KindDuration, F: 0.375}, "ms", "375 ms"},
		{Value{Kind: KindFraction, F: 0.63, Prints: "pane"}, "", "63%"},
	} {
		got, err := ShownText(c.v, c.format)
		if err != nil || got != c.want {
			t.Errorf("ShownText(%+v, %q) = %q, %v; want %q", c.v, c.format, got, err, c.want)
		}
	}
}

// eachNumberAsked calls f with every numeric prediction and question of
// the built-in lessons, as written (raw) and prepared (q), i the step.
func eachNumberAsked(t *testing.T, f func(p *Prepared, i int, raw *Question, q *PreparedQuestion)) {
	t.Helper()
	for _, p := range allPrepared(t) {
		for i, st := range p.Steps {
			for _, pair := range []struct {
				raw *Question
				q   *PreparedQuestion
			}{{st.Step.Predict, st.Predict}, {st.Step.Question, st.Question}} {
				if pair.raw != nil && pair.q != nil && pair.q.Kind == Number {
					f(p, i, pair.raw, pair.q)
				}
			}
		}
	}
}
