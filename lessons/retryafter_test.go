package lessons

import (
	"strings"
	"testing"
	"time"
)

// retry-after-at quotes the engine's own record of the fail-fast 503s
// (engine.FailFastFallback, DependencySnapshot.RetryAfter): nothing before
// the breaker first opens, and while it is open, the open time that was
// left when the last refusal went out. That refusal came at or before the
// moment asked about, so the value is at least the time left then, and
// never more than the whole open wait.
func TestRetryAfterAtIsTheOpenTimeLeft(t *testing.T) {
	src := predictHead + "+++ step\ntitle = \"a\"\nscenario = \"checkout\"\nvariant = 3\n+++\nbody\n"
	l, err := Parse("x.md", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	ctx := &evalCtx{lab: testLab, step: &l.Steps[0], lesson: l, seed: l.Seed}
	eval := func(text string) float64 { t.Helper(); return evalNumber(t, ctx, text) }
	opens := eval("opens step payment")
	halfOpens := eval("half-opens step payment")
	open := eval("param step payment.breaker.open")
	if opens <= 0 || open <= 0 || halfOpens < opens+open {
		t.Fatalf("opens %v, open %v, half-opens %v: want a first open span to test in", opens, open, halfOpens)
	}
	if ra := eval("retry-after-at step payment " + seconds(opens-0.01)); ra != 0 {
		t.Errorf("before the breaker opens: Retry-After %v s, want 0 (no 503 sent yet)", ra)
	}
	checked := 0
	for at := opens + 0.1; at < opens+open; at += 0.1 {
		ra := eval("retry-after-at step payment " + seconds(at))
		left := opens + open - at
		if ra > open+1e-9 || ra < left-1e-9 {
			t.Errorf("at %.3f s: Retry-After %.4f s, want between the %.4f s left then and the %v s open wait", at, ra, left, open)
		}
		checked++
	}
	if checked < 5 {
		t.Fatalf("checked %d moments, want at least 5 inside the open wait", checked)
	}
}

func seconds(s float64) string {
	return time.Duration(s * float64(time.Second)).Round(time.Millisecond).String()
}

// A numeric prediction's answer prints in the format its expression names,
// so a sub-second wait asked "in seconds" reads 0.402 s, and the number a
// learner copies from it is judged right; without the format it would read
// "401.8 ms", and a typed 401.8 would mean 401.8 seconds.
func TestPredictionAnswerKeepsItsFormat(t *testing.T) {
	src := predictHead + "+++ step\ntitle = \"a\"\nscenario = \"checkout\"\nvariant = 3\nfrom = \"1.5s\"\npause = \"2.2s\"\n" +
		"[predict]\nprompt = \"In seconds?\"\nanswer = \"retry-after-at step payment 2.2s | s\"\ntolerance = 0.06\nreveal = \"r\"\n+++\nbody\n"
	l, err := Parse("x.md", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Prepare(l, testLab)
	if err != nil {
		t.Fatal(err)
	}
	q := p.Steps[0].Predict
	if q == nil || !strings.HasSuffix(q.AnswerText, " s") || strings.HasSuffix(q.AnswerText, "ms") {
		t.Fatalf("answer printed as %+v, want seconds", q)
	}
	typed := strings.Fields(q.AnswerText)[0]
	if c, got, err := q.JudgeGuess(typed); err != nil || c != Spot || got-q.Answer > 0.001 || q.Answer-got > 0.001 {
		t.Errorf("typing %q, as printed: %v %v %v, want right", typed, c, got, err)
	}
	if q.Answer <= 0 || q.Answer >= 1 {
		t.Errorf("answer %v s, want a wait under the 1 s open time", q.Answer)
	}
}

// evalNumber is a placeholder's value in ctx, the test failing on an
// expression that does not parse or evaluate.
func evalNumber(t *testing.T, ctx *evalCtx, text string) float64 {
	t.Helper()
	return evalValue(t, ctx, text).F
}

// evalValue is a metric expression's value in ctx, its kind with it.
func evalValue(t *testing.T, ctx *evalCtx, text string) Value {
	t.Helper()
	e, err := ParseExpr(text)
	if err != nil {
		t.Fatal(err)
	}
	v, err := ctx.Eval(e)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return v
}
