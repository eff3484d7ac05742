package lessons

import (
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
)

// filledWindowRE finds a sentence that has a breaker open on a window
// full of failures: "each filled its own window of 10 calls", "its own
// window filled with failures", "fills its window with its own failed
// calls".
var filledWindowRE = regexp.MustCompile(`(?i)\bfill(?:s|ed)? (?:its|their) own window\b|\bwindow (?:filled|fills) with fail|\bfills its window with\b`)

// A breaker that opens at a failure rate under 100 % opens once failures
// are that share of its window, not once the window is full of them:
// lesson 12's "The outage: each decides alone" said each breaker "filled
// its own window of 10 calls", and its wrong choices that it opened
// because "its own window filled with failures", while the same lesson's
// self-check (the fleet's failed calls before every breaker is open)
// names filling every window with failures as the misconception, and the
// engine opened each after 5 failures, half its window of healthy calls.
func TestABreakerOpeningOnAShareIsNotSaidToFillItsWindow(t *testing.T) {
	checked := 0
	for _, p := range allPrepared(t) {
		for i := range p.Steps {
			st := &p.Steps[i]
			if st.Scenario == nil || st.Sim == nil || st.Sim.IsShuffle() {
				continue
			}
			if !everyRateBreakerOpensBelowFull(st.Scenario.Variants[st.Sim.Variant].System) {
				continue
			}
			checked++
			texts := []string{st.Text}
			for _, q := range []*PreparedQuestion{st.Predict, st.Question} {
				if q == nil {
					continue
				}
				texts = append(texts, q.Reveal, q.Explain)
				for _, c := range q.Choices {
					texts = append(texts, c.Why)
				}
			}
			for _, m := range filledWindowRE.FindAllString(oneLine(strings.Join(texts, "\n")), -1) {
				t.Errorf("%s step %d (%s) says %q, but its breakers open once failures are a share of the window under all of it: say they made up that share",
					p.Lesson.ID, i+1, st.Title, m)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no step plays a breaker with a failure rate under 100 %: the check checked nothing")
	}
}

// everyRateBreakerOpensBelowFull says whether the system has a breaker
// with a failure-rate rule, each under 100 %.
func everyRateBreakerOpensBelowFull(sys engine.System) bool {
	deps := sys.Dependencies
	for _, s := range sys.Services {
		deps = append(deps[:len(deps):len(deps)], s.Dependencies...)
	}
	found := false
	for _, d := range deps {
		b := d.Policy.Breaker
		if b == nil || b.FailureRate == 0 {
			continue
		}
		if b.FailureRate >= 1 {
			return false
		}
		found = true
	}
	return found
}
