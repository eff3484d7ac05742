package drill

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
)

// Lesson 10's noisy partner (lesson-10-12: a rate limit per API key) and
// lesson 13's noisy tenant (lesson-13-6: a bulkhead per tenant) read alike
// and gave different first tools with no rule to tell them apart. Lesson
// 13's card now gives the one fact that tells them apart (its tenant's
// requests are no more than usual, each held long), offers the quota as a
// wrong choice that says why, and its lesson states the rule beside the
// burst the simulation plays: many requests, a quota; requests that hold
// workers long, a bulkhead per tenant.
func TestNoisyPartnerAndNoisyTenantAreToldApart(t *testing.T) {
	d := deck(t)
	card := func(id string) Card {
		c, ok := byID(d, id)
		if !ok {
			t.Fatalf("no card %s in the deck", id)
		}
		return c
	}
	partner, tenant := card("lesson-10-shedding-rate-limits-bulkheads-12"), card("lesson-13-partitioning-by-tenant-6")
	rightOf := func(c Card) string {
		for _, o := range c.Choices {
			if o.Right {
				return o.Text
			}
		}
		return ""
	}
	if !strings.Contains(rightOf(partner), "rate limit per API key") || !strings.Contains(rightOf(tenant), "bulkhead per tenant") {
		t.Fatalf("the cards' answers moved: %q, %q", rightOf(partner), rightOf(tenant))
	}
	for _, w := range []string{"no more requests than", "holds a worker for seconds"} {
		if !strings.Contains(tenant.Question, w) {
			t.Errorf("lesson-13-6 should say %q, what sets it apart from lesson 10's partner: %s", w, tenant.Question)
		}
	}
	quota := false
	for _, o := range tenant.Choices {
		if !o.Right && strings.Contains(o.Text, "rate limit per API key") {
			quota = strings.Contains(o.Why, "no more requests") && strings.Contains(o.Why, "holds at once")
		}
	}
	if !quota {
		t.Errorf("lesson-13-6 should offer lesson 10's quota as a wrong choice, saying why: %+v", tenant.Choices)
	}
	if !strings.Contains(tenant.Explain, "lesson 10's partner sent many requests") {
		t.Errorf("lesson-13-6's explanation should name the case a quota answers: %s", tenant.Explain)
	}

	l, err := lessons.Lookup("13")
	if err != nil {
		t.Fatal(err)
	}
	// In the step's reveal, after the learner has guessed what the slots
	// do: the step's text, shown before the guess, would give it away.
	var body string
	for _, s := range l.Steps {
		if s.Title == "A bulkhead per tenant" && s.Predict != nil {
			body = strings.Join(strings.Fields(s.Predict.Reveal), " ")
		}
	}
	for _, w := range []string{
		"acme's burst is many short requests",
		"A tenant whose requests are many: a quota on its rate.",
		"A tenant whose requests hold workers long: a bulkhead per tenant.",
	} {
		if !strings.Contains(body, w) {
			t.Errorf("lesson 13's bulkhead step should reveal %q:\n%s", w, body)
		}
	}
}
