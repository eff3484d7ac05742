package lessons

import (
	"strings"
	"testing"
)

// multiple is how many times one of a scenario's parameters is another,
// read as param reads them: a rubric that quotes a timeout as a multiple
// of its p99 follows both. Two parameters of different kinds have no
// ratio, and a zero divisor none either; each refusal names them.
func TestMultipleDividesTwoParameters(t *testing.T) {
	ctx, eval := firstStep(t)
	p99, timeout := eval("param step recommendations.latency.p99"), eval("param step recommendations.timeout")
	m := eval("multiple step recommendations.timeout recommendations.latency.p99")
	if m.Kind != KindNumber || m.F != timeout.F/p99.F || p99.F == timeout.F {
		t.Errorf("multiple of %v over %v: %+v", timeout.F, p99.F, m)
	}
	for _, c := range []struct{ expr, want string }{
		{"multiple step workers recommendations.timeout", "workers is a count and recommendations.timeout is a duration"},
		{"multiple step workers recommendations.bulkhead", "divides by recommendations.bulkhead, which is 0 here"},
	} {
		e, err := ParseExpr(c.expr)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ctx.Eval(e); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.expr, err, c.want)
		}
	}
}
