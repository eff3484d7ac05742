package drill

import (
	"regexp"
	"strings"
	"testing"
)

// TestRubricOpensWhereItBreaks: a strong answer starts from the load, the
// order an interviewer expects: Little's law for a good day and for the
// incident, against the pool, before any fix is named. The rubric opened
// on the timeout, so an answer memorised from it had no capacity estimate
// at all. Every prompt gives that first point its own numbers.
func TestRubricOpensWhereItBreaks(t *testing.T) {
	digits := regexp.MustCompile(`[0-9]`)
	for _, p := range Prompts() {
		if len(p.Points) == 0 || p.Points[0].ID != "capacity" {
			t.Errorf("%s: the rubric opens on %q, not on where it breaks", p.ID, p.Points[0].ID)
			continue
		}
		first := p.Points[0].Text
		for _, w := range []string{"before any fix", "Little's law", "on a good day", "against the pool", "; here "} {
			if !strings.Contains(first, w) {
				t.Errorf("%s: the first point does not say %q: %s", p.ID, w, first)
			}
		}
		if _, here, _ := strings.Cut(first, "; here "); !digits.MatchString(here) {
			t.Errorf("%s: the first point gives no numbers of its own: %s", p.ID, first)
		}
		// The estimate comes before every fix.
		for i, pt := range p.Points {
			if pt.ID == "timeout" && i != 1 {
				t.Errorf("%s: the timeout is point %d, not the first fix after the estimate", p.ID, i+1)
			}
		}
		hinted, _ := Hints(p, "Little's law: 20 x 10 s = 200 in flight, so the pool runs out of workers.")
		if !hinted[0] {
			t.Errorf("%s: an answer that works out the load does not hint the first point", p.ID)
		}
	}
}
