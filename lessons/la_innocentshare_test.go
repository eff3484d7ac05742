package lessons

import (
	"math"
	"strings"
	"testing"
)

// Lesson 1's "Who pays for it" reveal says why the endpoints that never
// call recommendations still get about two in five requests through: hung
// calls start only as fast as the pool frees workers, so a request finds a
// free one about workers ÷ (rate × timeout) of the time, whichever endpoint
// it belongs to. It once said a free worker was "almost never" there, beside
// a success share near 40 %. No claim can divide two metrics, so this test
// holds the reveal to the ratio and the engine to the reveal.
func TestLessonOneExplainsTheInnocentsShareByThePoolsPace(t *testing.T) {
	l, err := Lookup("01-one-slow-dependency")
	if err != nil {
		t.Fatal(err)
	}
	checkInnocentsShare(t, l)
}

func checkInnocentsShare(t *testing.T, l *Lesson) {
	t.Helper()
	var st *Step
	for i := range l.Steps {
		if l.Steps[i].Title == "Who pays for it" {
			st = &l.Steps[i]
		}
	}
	if st == nil || st.Predict == nil {
		t.Fatal(`lesson 1 has no step "Who pays for it" with a prediction`)
	}
	for _, quoted := range []string{
		"{{param step workers}} in {{little step recommendations timeout}}",
		"{{share step recommendations failed}}",
	} {
		if !strings.Contains(st.Predict.Reveal, quoted) {
			t.Errorf("the reveal does not quote %s: it should say what share of requests finds a free worker, and why", quoted)
		}
	}
	if strings.Contains(st.Predict.Reveal, "almost\nnever") || strings.Contains(st.Predict.Reveal, "almost never") {
		t.Error(`the reveal says a free worker is "almost never" there, while about two requests in five find one`)
	}

	ctx := &evalCtx{lab: testLab, step: st, lesson: l, seed: st.Seed}
	eval := func(text string) float64 { t.Helper(); return evalNumber(t, ctx, text) }
	pace := eval("param step workers") / eval("little step recommendations timeout")
	admitted := eval("share step recommendations failed")
	if math.Abs(admitted-pace) > 0.05 {
		t.Errorf("recommendations got a worker %.3f of the time, not near workers ÷ (rate × timeout) = %.3f", admitted, pace)
	}
	for _, ep := range []string{"search", "profile"} {
		if ok := eval("share step " + ep + " ok"); math.Abs(ok-admitted) > 0.03 {
			t.Errorf("%s succeeded %.3f of the time, not about as often as recommendations found a worker (%.3f)", ep, ok, admitted)
		}
	}
}
