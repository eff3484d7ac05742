package drill

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// The timeout point's rule is the guide's first guess, near 2 × p99; a
// prompt's own numbers after it say what its scenario uses. The checkout
// prompts said only "20 × 500 ms" under "near 2 × its p99", and a
// candidate who read checkout's p99 of 200 ms took 500 ms for that rule,
// where it is 2.5 times it. Each rubric now says the multiple, read here
// from the engine's scenario: its dependency's p99 and its design's
// timeout, so moving either without the rubric fails.
func TestRubricTimeoutSaysItsScenariosMultiple(t *testing.T) {
	racefree.Only(t) // reads the prompts and builds scenarios, no goroutine
	ms := func(d time.Duration) string {
		if d < time.Second {
			return strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', -1, 64) + " ms"
		}
		return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + " s"
	}
	for _, c := range []struct {
		prompt, scenario string
		variant          int
		dep              string
		says             string // %[1]s the timeout, %[2]s the multiple
	}{
		{"slow-apis", "checkout", 1, "payment", "here %[1]s, %[2]s × p99:"},
		{"payment-checkout", "checkout", 1, "payment", "here %[1]s, %[2]s × p99:"},
		{"api-gateway", "api-gateway", 0, "search-api", "here even %[1]s, %[2]s × p99,"},
	} {
		timeout, p99, multiple := timeoutOf(t, c.scenario, c.variant, c.dep)
		want := fmt.Sprintf(c.says, ms(timeout), multiple)
		p, err := PromptNamed(c.prompt)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, pt := range p.Points {
			if pt.ID == "timeout" {
				found = true
				if !strings.Contains(pt.Text, want) {
					t.Errorf("%s's timeout point does not say what %s uses (%s timeout on a %s p99): want %q in\n%s", c.prompt, c.scenario, ms(timeout), ms(p99), want, pt.Text)
				}
			}
		}
		if !found {
			t.Errorf("%s has no timeout point", c.prompt)
		}
	}

	// The card that answers "what would you add first?" with checkout's
	// timeout, and the cheat sheet's row of the rule, say the same.
	timeout, p99, multiple := timeoutOf(t, "checkout", 1, "payment")
	card := fmt.Sprintf("%s in the checkout incident (%s × its %s p99)", ms(timeout), multiple, ms(p99))
	seen := false
	for _, c := range deck(t) {
		if c.ID == "ref-001-self-check-1" {
			seen = true
			if !strings.Contains(c.FollowUp, card) {
				t.Errorf("card %s's follow-up does not say checkout's timeout: want %q in %q", c.ID, card, c.FollowUp)
			}
		}
	}
	if !seen {
		t.Error("no card ref-001-self-check-1: the test's card is gone")
	}
	sheet, err := CheatSheet(Text)
	if err != nil {
		t.Fatal(err)
	}
	row := fmt.Sprintf("checkout's %s is %s × its %s p99", ms(timeout), multiple, ms(p99))
	if !strings.Contains(strings.Join(strings.Fields(sheet), " "), row) {
		t.Errorf("the cheat sheet's timeout row does not say checkout's multiple: want %q", row)
	}
}

// timeoutOf is dep's timeout in the scenario's variant, its p99, and the
// one as a multiple of the other, as the engine builds them.
func timeoutOf(t *testing.T, scenario string, variant int, dep string) (timeout, p99 time.Duration, multiple string) {
	t.Helper()
	b, ok := scenarios.Lookup(scenario)
	if !ok {
		t.Fatalf("no scenario %s", scenario)
	}
	for _, d := range b.Build().Variants[variant].System.Dependencies {
		if d.Name == dep {
			timeout, p99 = d.Policy.Timeout, d.Latency.P99
		}
	}
	if timeout == 0 || p99 == 0 {
		t.Fatalf("%s/%d: %s has timeout %v and p99 %v: the test's dependency is gone", scenario, variant, dep, timeout, p99)
	}
	return timeout, p99, strconv.FormatFloat(float64(timeout)/float64(p99), 'f', -1, 64)
}
