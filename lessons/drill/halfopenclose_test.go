package drill

import (
	"regexp"
	"strings"
	"testing"
)

// The half-open card said what reopens gobreaker, Polly and Hystrix but
// not what closes them, the interviewer's follow-up. Each library the card
// names is held by claims to both verdicts of its preset's own breaker
// (preset P trials_to_close and trials_to_reopen), so the card and
// `breakerlab presets` cannot disagree, and its answer says what closes.
func TestHalfOpenCardSaysWhatClosesEachLibrary(t *testing.T) {
	cards, err := HandCards()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cards {
		if c.ID != "concept-half-open-probes" {
			continue
		}
		answer := strings.Join(c.Points, "\n")
		if !regexp.MustCompile(`\bclos(e|es|ing)\b`).MatchString(answer) {
			t.Errorf("its answer never says what closes the breaker:\n%s", answer)
		}
		claims := strings.Join(c.Expect, "\n")
		for _, lib := range []string{"gobreaker", "polly", "hystrix", "resilience4j"} {
			for _, setting := range []string{"trials_to_close", "trials_to_reopen"} {
				if !strings.Contains(claims, "preset "+lib+" "+setting) {
					t.Errorf("no claim holds %s's %s to its preset", lib, setting)
				}
			}
		}
		return
	}
	t.Fatal("no card concept-half-open-probes")
}
