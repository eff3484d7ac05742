package lessons

import (
	"math"
	"strings"
	"testing"
)

// midway is halfway between two of a scenario's parameters, read as param
// reads them, in their kind: a challenge's bound between a healthy p99
// and a slowdown's latency is computed, not typed. Two parameters of
// different kinds have no midway, and the refusal names them.
func TestMidwayIsHalfwayBetweenTwoParameters(t *testing.T) {
	ctx, eval := firstStep(t)
	p99, timeout := eval("param step recommendations.latency.p99"), eval("param step recommendations.timeout")
	mid := eval("midway step recommendations.latency.p99 recommendations.timeout")
	if mid.Kind != KindDuration || math.Abs(mid.F-(p99.F+timeout.F)/2) > 1e-12 || p99.F == timeout.F {
		t.Errorf("midway of %v and %v: %+v", p99.F, timeout.F, mid)
	}
	workers := eval("param step workers")
	if w := eval("midway step workers workers"); w.Kind != KindCount || w.F != workers.F {
		t.Errorf("midway of the workers and themselves: %+v, want the count %v", w, workers.F)
	}
	e, err := ParseExpr("midway step workers recommendations.timeout")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ctx.Eval(e); err == nil || !strings.Contains(err.Error(), "workers is a count and recommendations.timeout is a duration") {
		t.Errorf("a count and a duration: %v", err)
	}
}

// firstStep is lesson 1's first step, to evaluate on, and its evaluator.
func firstStep(t *testing.T) (*evalCtx, func(string) Value) {
	t.Helper()
	l, err := Lookup("01-one-slow-dependency")
	if err != nil {
		t.Fatal(err)
	}
	st := &l.Steps[0]
	ctx := &evalCtx{lab: testLab, step: st, lesson: l, seed: st.Seed}
	return ctx, func(text string) Value { t.Helper(); return evalValue(t, ctx, text) }
}
