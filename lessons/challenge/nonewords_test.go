package challenge

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A bound that allows none reads "none", as a person says it, wherever a
// goal's bound is shown (the view's goal rows, the brief's goals, the
// result screen, the graded file all take WantText): "rejected ≤ 0" read
// as a sum to work out. A bound above 0 keeps its "≤ N", and a goal that
// allows anything reads "any". Every built-in challenge is checked, so no
// goal of theirs can read "≤ 0", "≥ 0" or "< 1" again.
func TestABoundOfNoneReadsNone(t *testing.T) {
	racefree.Only(t) // parses goals and loads the catalog; starts no goroutine
	for _, c := range []struct{ text, want string }{
		{"count recommendations failed <= 0", "none"},
		{"share recommendations rejected <= 0%", "none"},
		{"lost < 1", "none"},
		{"lost == 0", "none"},
		{"param partner-catalog.ratelimiter.timeout_duration <= 0s", "none"},
		{"lost >= 0", "any"},
		{"degraded <= 300", "≤ 300"},
		{"lost < 2", "< 2"},
		{"share search ok >= 99%", "≥ 99%"},
	} {
		g, err := parseGoal(c.text, strings.HasPrefix(c.text, "lost") || strings.HasPrefix(c.text, "degraded")) // the shuffle lab's metrics
		if err != nil {
			t.Fatalf("%q: %v", c.text, err)
		}
		if got := g.WantText(); got != c.want {
			t.Errorf("%q reads %q, want %q", c.text, got, c.want)
		}
	}
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, ch := range all {
		for _, g := range ch.everyGoal() {
			w := g.WantText()
			for _, bad := range []string{"≤ 0", "≥ 0", "< 1", "= 0"} {
				if w == bad || strings.HasPrefix(w, bad+" ") || strings.HasPrefix(w, bad+"%") {
					t.Errorf("%s: goal %q reads %q", ch.ID, g.Text, w)
				}
			}
		}
	}
}

// A goal that allows none, missed, says so in words, whatever its kind:
// "where the goal is ≤ 0%" asked the learner to read a bound of nothing.
func TestAMissedGoalOfNoneSaysItAllowsNone(t *testing.T) {
	racefree.Only(t) // builds results by hand; starts no goroutine
	for _, text := range []string{"share recommendations rejected <= 0%", "count recommendations failed <= 0"} {
		g, err := parseGoal(text, false)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		r := GoalResult{Goal: &g, Measures: []Measure{{Has: true, Value: g.withKind(g.Want)}}}
		r.Measures[0].Value.F = 0.03
		if g.Metric == "count" {
			r.Measures[0].Value.F = 3
		}
		if got := r.missedBy(); got != "where the goal allows none" {
			t.Errorf("%q missed: %q", text, got)
		}
	}
}
