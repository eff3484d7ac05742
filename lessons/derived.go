package lessons

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// A lesson often teaches a figure derived from two others: "twice rate ×
// p99", "half the traffic", "four times the pool". A claim on one figure
// cannot pin such a sentence, so a claim may state the ratio or the
// product of two figures (engine figures, or an engine figure and a
// scenario parameter through param) and the number it comes to:
//
//	inflight-max step payment / param step workers == 2 within 5%
//	param step checkout.rate × param step payment.latency.p99 >= 16
//
// The ratio of two measured figures is seldom exactly the round number the
// sentence says, so == needs a stated tolerance; <, <=, > and >= bound it
// as they bound any figure.

// Derived is the left-hand side of a claim on a derived figure: the
// claim's Expr divided by By (Op "/") or multiplied by it (Op "×").
type Derived struct {
	Op string
	By Expr
	// Tolerance is how far from the claim's Value the figure may be for
	// == to hold: absolute, or a share of the Value when Relative.
	Tolerance float64
	Relative  bool
}

// derivedOps are the ways a claim writes a ratio and a product, each with
// the one its messages print.
var derivedOps = map[string]string{"/": "/", "÷": "/", "×": "×", "*": "×"}

// derivedForm says what a claim on a derived figure may be, for messages.
const derivedForm = `a claim on a derived figure is METRIC ARGS / METRIC ARGS (a ratio) or METRIC ARGS × METRIC ARGS (a product), ` +
	`then OP and a number, such as "inflight-max step payment / param step workers == 2 within 5%" ` +
	`(== needs "within" and a tolerance, 5% of the number or an absolute 0.1; <, <=, > and >= take none)`

// derivedAt is the index of the first derived operator among fields, or -1.
func derivedAt(fields []string) int {
	return slices.IndexFunc(fields, func(f string) bool { _, ok := derivedOps[f]; return ok })
}

// isDerivedClaim says whether a claim's fields, split at its operator,
// state a derived figure (or try to): an operator of one on either side,
// or a tolerance.
func isDerivedClaim(lhs, rhs []string) bool {
	return derivedAt(lhs) >= 0 || derivedAt(rhs) >= 0 || slices.Contains(rhs, "within")
}

// parseDerived reads a claim on a derived figure, c being the claim with
// its text, lhs and rhs its fields on each side of op.
func parseDerived(c Claim, lhs []string, op string, rhs []string) (Claim, error) {
	bad := func(format string, a ...any) (Claim, error) {
		return c, fmt.Errorf("%s; %s, got %q", fmt.Sprintf(format, a...), derivedForm, c.Text)
	}
	if i := derivedAt(rhs); i >= 0 {
		return bad("the %s goes on the left of %s, and the number it comes to on the right", derivedName(rhs[i]), op)
	}
	at, n := derivedAt(lhs), 0
	for _, f := range lhs {
		if _, ok := derivedOps[f]; ok {
			n++
		}
	}
	switch {
	case at < 0:
		return bad("\"within\" gives a derived figure its tolerance, and %q is a single figure", strings.Join(lhs, " "))
	case n > 1:
		return bad("a derived figure is made of two figures, and this one has %d", n+1)
	case at == 0 || at == len(lhs)-1:
		return bad("%q needs a figure on each side", lhs[at])
	case op == "!=":
		return bad("a derived figure is compared with == (within a tolerance), <, <=, > or >=, not !=")
	}
	a, err := ParseExpr(strings.Join(lhs[:at], " "))
	if err != nil {
		return c, fmt.Errorf("the %s's first figure: %w", derivedName(lhs[at]), err)
	}
	b, err := ParseExpr(strings.Join(lhs[at+1:], " "))
	if err != nil {
		return c, fmt.Errorf("the %s's second figure: %w", derivedName(lhs[at]), err)
	}
	value, tol := rhs, []string(nil)
	within := slices.Index(rhs, "within")
	if within >= 0 {
		value, tol = rhs[:within], rhs[within+1:]
	}
	if len(value) == 0 {
		return bad("%s needs the number the figure comes to after it", op)
	}
	if _, isMetric := metrics[value[0]]; isMetric {
		return bad("a derived figure is compared with a number, not with another metric (%s)", value[0])
	}
	v, err := parseLiteral(strings.Join(value, " "))
	if err != nil {
		return bad("%v", err)
	}
	if v.Kind == KindDuration {
		return bad("a derived figure is a plain number (a duration counts in seconds), so compare it with a number such as 2, 0.5 or 50%%, not %s", strings.Join(value, " "))
	}
	d := &Derived{Op: derivedOps[lhs[at]], By: b}
	switch {
	case op == "==" && within < 0:
		return bad("== on a derived figure needs a tolerance: add \"within 5%%\" (a share of the number) or \"within 0.1\" (absolute)")
	case op != "==" && within >= 0:
		return bad("a tolerance belongs to ==, and %s needs none", op)
	case within >= 0:
		t, err := parseLiteral(strings.Join(tol, " "))
		if len(tol) == 0 || err != nil || (t.Kind != KindFraction && t.Kind != KindNumber) {
			return bad("\"within\" takes a percentage of the number (5%%) or an absolute margin (0.1), got %q", strings.Join(tol, " "))
		}
		if t.F < 0 || math.IsNaN(t.F) {
			return bad("a tolerance must not be negative, got %s", strings.Join(tol, " "))
		}
		if t.Kind == KindFraction && v.F == 0 {
			return bad("a percentage of 0 allows no margin, so give the tolerance around 0 as a number (within 0.1)")
		}
		d.Tolerance, d.Relative = t.F, t.Kind == KindFraction
	}
	c.Expr, c.Op, c.Value, c.Derived = a, op, v, d
	return c, nil
}

// A misconception's number is often two figures the learner combined:
// lesson 6's 402 calls are 3 attempts × the 134 calls of the run without
// retries. So its answer may be such a product or ratio, "param step
// payment.retry.attempts × calls checkout/1 payment", evaluated as a
// claim's derived figure is.

// parseFigure reads a figure: one metric expression (b is nil, op ""),
// or the product or ratio of two, spaced as a claim writes them.
func parseFigure(text string) (a Expr, op string, b *Expr, err error) {
	fields := strings.Fields(text)
	at := derivedAt(fields)
	if at < 0 {
		a, err = ParseExpr(text)
		return a, "", nil, err
	}
	name := derivedName(fields[at])
	if at == 0 || at == len(fields)-1 {
		return a, "", nil, fmt.Errorf("%q needs a figure on each side, such as \"param step payment.retry.attempts × calls checkout/1 payment\"", fields[at])
	}
	if n := derivedAt(fields[at+1:]); n >= 0 {
		return a, "", nil, fmt.Errorf("a %s is made of two figures, and %q has more", name, text)
	}
	if a, err = ParseExpr(strings.Join(fields[:at], " ")); err != nil {
		return a, "", nil, fmt.Errorf("the %s's first figure: %w", name, err)
	}
	second, err := ParseExpr(strings.Join(fields[at+1:], " "))
	if err != nil {
		return a, "", nil, fmt.Errorf("the %s's second figure: %w", name, err)
	}
	return a, derivedOps[fields[at]], &second, nil
}

// evalFigure evaluates a figure parseFigure reads. A product or ratio is
// a plain number, as a claim's derived figure is (a duration counting in
// seconds), and derived says so: its kind is the reader's to give, since
// 3 × 134 calls is a count and 20 a second × 0.5 s one too.
func evalFigure(ctx *evalCtx, text string) (v Value, derived bool, err error) {
	a, op, b, err := parseFigure(text)
	if err != nil {
		return Value{}, false, err
	}
	va, err := ctx.Eval(a)
	if err != nil || b == nil {
		return va, false, err
	}
	vb, err := ctx.Eval(*b)
	if err != nil {
		return Value{}, true, err
	}
	if op == "/" {
		if vb.F == 0 {
			return Value{}, true, fmt.Errorf("%q divides by %s, which the run gives as 0", text, b.Text)
		}
		return number(va.F / vb.F), true, nil
	}
	return number(va.F * vb.F), true, nil
}

// derivedName names what a derived operator makes.
func derivedName(op string) string {
	if derivedOps[op] == "/" {
		return "ratio"
	}
	return "product"
}

// evalClaim evaluates claim c in ctx: whether it holds, with the values
// behind it. An error means it could not be evaluated at all (a metric's
// own error, sides of different kinds, a ratio over 0); it quotes the
// claim.
func evalClaim(ctx *evalCtx, c Claim) (ClaimResult, error) {
	v, err := ctx.Eval(c.Expr)
	if err != nil {
		return ClaimResult{}, fmt.Errorf("claim %q: %w", c.Text, err)
	}
	if d := c.Derived; d != nil {
		by, err := ctx.Eval(d.By)
		if err != nil {
			return ClaimResult{}, fmt.Errorf("claim %q: %w", c.Text, err)
		}
		f := v.F * by.F
		if d.Op == "/" {
			if by.F == 0 {
				return ClaimResult{}, fmt.Errorf("claim %q divides by %s, which the run gives as 0", c.Text, d.By.Text)
			}
			f = v.F / by.F
		}
		return ClaimResult{Claim: c, Got: number(f), Want: c.Value, Of: v, By: by, Holds: d.holds(f, c.Op, c.Value.F)}, nil
	}
	want := c.Value
	if c.Other != nil {
		if want, err = ctx.Eval(*c.Other); err != nil {
			return ClaimResult{}, fmt.Errorf("claim %q: %w", c.Text, err)
		}
	}
	if (v.Kind == KindDuration) != (want.Kind == KindDuration) {
		return ClaimResult{}, fmt.Errorf("claim %q compares %s with %s", c.Text, v.Kind, want.Kind)
	}
	return ClaimResult{Claim: c, Got: v, Want: want, Holds: compareValues(v, c.Op, want)}, nil
}

// holds says whether a derived figure f stands as op says to want: == within
// the tolerance, the others as written.
func (d *Derived) holds(f float64, op string, want float64) bool {
	if op != "==" {
		return compare(f, op, want)
	}
	margin := d.Tolerance
	if d.Relative {
		margin *= math.Abs(want)
	}
	// A figure exactly at the edge holds, whatever float division left in
	// its last digit.
	return math.Abs(f-want) <= margin+1e-9*math.Max(1, math.Abs(want))
}

// derivedGives says what the run gives for a derived claim that does not
// hold: both figures, what they make, and what the claim wants, such as
// `inflight-max step payment = 40 and param step workers = 16, a ratio of
// 2.5, where the claim wants 2 within 5% (1.9 to 2.1)`.
func (r ClaimResult) derivedGives() string {
	d := r.Derived
	side := func(text string, v Value) string {
		printed, err := v.Format("")
		if err != nil {
			printed = exactText(v)
		}
		return text + " = " + printed
	}
	want := r.Op + " " + trimFloat(r.Want.F, 4, true)
	if r.Op == "==" {
		margin, tol := d.Tolerance, trimFloat(d.Tolerance, 4, true)
		if d.Relative {
			margin *= math.Abs(r.Want.F)
			tol = trimFloat(d.Tolerance*100, 4, true) + "%"
		}
		want = fmt.Sprintf("%s within %s (%s to %s)", trimFloat(r.Want.F, 4, true), tol,
			trimFloat(r.Want.F-margin, 4, true), trimFloat(r.Want.F+margin, 4, true))
	}
	return fmt.Sprintf("%s and %s, a %s of %s, where the claim wants %s", side(r.Expr.Text, r.Of), side(d.By.Text, r.By),
		derivedName(d.Op), trimFloat(r.Got.F, 4, true), want)
}
