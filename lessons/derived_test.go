package lessons

import (
	"errors"
	"strings"
	"testing"
)

// derivedLesson is a one-step lesson on cascade's first design claiming
// claims.
func derivedLesson(claims ...string) string {
	return "+++\ntitle = \"T\"\nsummary = \"S\"\n+++\n+++ step\ntitle = \"a\"\nscenario = \"cascade\"\nexpect = [\"" +
		strings.Join(claims, "\", \"") + "\"]\n+++\nThe hang.\n"
}

// prepareDerived parses and prepares derivedLesson(claims...) as ratio.md.
func prepareDerived(t *testing.T, claims ...string) *Prepared {
	t.Helper()
	return prepareSource(t, "ratio.md", derivedLesson(claims...))
}

// A ratio and a product of two figures, engine figures or a scenario's
// parameters, hold within their tolerance or bound, where the sentence
// they pin ("two and a half times the pool") could not be claimed before.
func TestDerivedClaimsHold(t *testing.T) {
	p := prepareDerived(t,
		// Little's law wants 500 workers of a pool of 200.
		"little step recommendations timeout / param step workers == 2.5 within 1%",
		"param step recommendations.rate × param step recommendations.timeout == 500 within 0.5",
		"param step recommendations.rate * param step recommendations.timeout >= 500",
		// The hang holds nearly the whole pool at 12 s.
		"held-at step recommendations 12s ÷ param step workers > 90%",
		"held-at step recommendations 12s / param step workers == 1 within 2%",
	)
	if err := p.Verify(); err != nil {
		t.Fatal(err)
	}
	if c := p.Steps[0].Claims[0]; c.Got.F != 2.5 || c.Of.F != 500 || c.By.F != 200 {
		t.Errorf("ratio %v of %v and %v, want 2.5 of 500 and 200", c.Got.F, c.Of.F, c.By.F)
	}
}

// A derived claim that does not hold names the lesson's file and line, the
// claim, both figures as the run gives them, what they make and the span
// the claim allows.
func TestDerivedClaimFailureNamesBothFigures(t *testing.T) {
	p := prepareDerived(t, "little step recommendations timeout / param step workers == 2 within 5%")
	err := p.Verify()
	want := `ratio.md:8: expect: step 1 (a) claims "little step recommendations timeout / param step workers == 2 within 5%", ` +
		`but the run gives little step recommendations timeout = 500 and param step workers = 200, a ratio of 2.5, where the claim wants 2 within 5% (1.9 to 2.1)`
	if err == nil || err.Error() != want || !errors.Is(err, ErrInvalid) {
		t.Errorf("Verify:\n  %v\nwant\n  %s", err, want)
	}

	// A text outside a lesson (a drill card) says the same of its claim.
	r, err := testLab.CheckClaim("card x", "param cascade/0 recommendations.rate × param cascade/0 recommendations.timeout < 400")
	if err != nil {
		t.Fatal(err)
	}
	want = `card x claims "param cascade/0 recommendations.rate × param cascade/0 recommendations.timeout < 400", ` +
		`but the engine gives param cascade/0 recommendations.rate = 100 and param cascade/0 recommendations.timeout = 5 s, a product of 500, where the claim wants < 400`
	if err := r.Failure("card x"); err == nil || err.Error() != want {
		t.Errorf("Failure:\n  %v\nwant\n  %s", err, want)
	}
}

// A ratio over a figure the run gives as 0 is an error naming the
// divisor, not a claim that holds or fails on an infinity.
func TestDerivedClaimOverZero(t *testing.T) {
	_, err := testLab.CheckClaim("card x", "param cascade/0 workers / retries cascade/0 recommendations > 1")
	if err == nil || !strings.Contains(err.Error(), "divides by retries cascade/0 recommendations, which the run gives as 0") {
		t.Errorf("got %v", err)
	}
}

// A malformed derived claim is refused at its line, saying what is wrong
// and what a derived claim may be.
func TestMalformedDerivedClaimsAreRefused(t *testing.T) {
	const a, b = "little step recommendations timeout", "param step workers"
	cases := []struct{ claim, want string }{
		{a + " / " + b + " == 2.5", `== on a derived figure needs a tolerance: add "within 5%" (a share of the number) or "within 0.1" (absolute)`},
		{a + " / " + b + " > 2 within 5%", "a tolerance belongs to ==, and > needs none"},
		{a + " / " + b + " != 2", "not !="},
		{a + " / " + b + " / " + b + " == 2 within 5%", "a derived figure is made of two figures, and this one has 3"},
		{"/ " + b + " == 2 within 5%", `"/" needs a figure on each side`},
		{a + " × == 2 within 5%", `"×" needs a figure on each side`},
		{a + " / " + b + " == 2s within 5%", "a derived figure is a plain number (a duration counts in seconds)"},
		{a + " / " + b + " == param step workers within 5%", "a derived figure is compared with a number, not with another metric (param)"},
		{a + " == " + b + " / 2", "the ratio goes on the left of ==, and the number it comes to on the right"},
		{a + " == 500 within 5%", `"within" gives a derived figure its tolerance, and "` + a + `" is a single figure`},
		{a + " / " + b + " == 2 within", `"within" takes a percentage of the number (5%) or an absolute margin (0.1), got ""`},
		{a + " / " + b + " == 2 within lots", `"within" takes a percentage of the number (5%) or an absolute margin (0.1), got "lots"`},
		{a + " / " + b + " == 2 within -0.1", "a tolerance must not be negative, got -0.1"},
		{a + " / " + b + " == 0 within 5%", "a percentage of 0 allows no margin"},
		{a + " / " + b + " == within 5%", "== needs the number the figure comes to after it"},
		{"speed step / " + b + " == 2 within 5%", "the ratio's first figure: unknown metric"},
		{a + " × speed step == 2 within 5%", "the product's second figure: unknown metric"},
	}
	for _, c := range cases {
		_, err := Parse("x.md", []byte(derivedLesson(c.claim)))
		if err == nil {
			t.Errorf("%q accepted; want %q", c.claim, c.want)
			continue
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, "x.md:8: expect[0]: ") || !strings.Contains(msg, c.want) {
			t.Errorf("%q:\n  %v\nwant it at x.md:8: expect[0], saying\n  %s", c.claim, err, c.want)
		}
		// What is allowed, unless the figure itself is what is wrong
		// (the metric's own message lists the metrics).
		if !strings.Contains(c.want, "figure: ") && !strings.Contains(msg, derivedForm) {
			t.Errorf("%q: the message does not say what a derived claim may be:\n  %v", c.claim, err)
		}
	}
}
