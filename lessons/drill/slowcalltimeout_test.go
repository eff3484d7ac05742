package drill

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// Lesson 5's self-check "a hang" teaches that the slow-call rule is no
// timeout: a call is known to be slow only when it ends, so a call that
// never answers is never counted and holds its worker. A model answer or a
// rubric that offers the slow-call rule as the fix must say a timeout too;
// concept-slow-calls offered the rule alone, and an interviewee who
// learnt it that way would propose a breaker that never opens on a hang.
func TestSlowCallRuleComesWithATimeout(t *testing.T) {
	racefree.Only(t) // reads the deck and the prompts, no goroutine
	slowRule := func(s string) bool {
		s = strings.ToLower(s)
		return strings.Contains(s, "slow-call rule") || strings.Contains(s, "slow-call threshold")
	}
	timeout := func(s string) bool { return strings.Contains(strings.ToLower(s), "timeout") }
	seen := 0
	for _, c := range deck(t) {
		all := strings.Join(append(append([]string{}, c.Points...), c.Explain), " ")
		if !slowRule(all) {
			continue
		}
		seen++
		if !timeout(all) {
			t.Errorf("card %s offers the slow-call rule without a timeout, which lesson 5 says it still needs: %q", c.ID, c.Points)
		}
	}
	for _, p := range Prompts() {
		var all []string
		for _, pt := range p.Points {
			all = append(all, pt.Text)
		}
		if !slowRule(strings.Join(all, " ")) {
			continue
		}
		seen++
		if !timeout(strings.Join(all, " ")) {
			t.Errorf("prompt %s's rubric has the slow-call rule without a timeout", p.ID)
		}
	}
	if seen < 3 {
		t.Fatalf("only %d cards and rubrics name the slow-call rule: the test's words no longer find them", seen)
	}
}
