package breaker

import (
	"strings"
	"testing"
)

// The row "trials judged" printed "1st failure" under most presets, and
// its meaning said only what reopens a breaker: what closes it, the
// interviewer's follow-up, was left to guess. Each rule's cell is named in
// the meaning with what reopens and what closes the breaker under it.
func TestTrialsJudgedSaysWhatClosesTheBreaker(t *testing.T) {
	meaning := meanings["trials judged"]
	for _, r := range []HalfOpenRule{FirstFailureReopens, TrialsAsWindow, TrialsAsWindowAtMinimum} {
		c := Resilience4j()
		c.HalfOpenRule = r
		var cell string
		for _, s := range c.Describe() {
			if s.Name == "trials judged" {
				cell = s.Value
			}
		}
		// "rate at 10" is written "rate at N" in the meaning.
		lead := strings.TrimRight(cell, "0123456789 ")
		i := strings.Index(meaning, lead)
		if cell == "" || i < 0 {
			t.Errorf("rule %v: its cell %q is not explained in %q", r, cell, meaning)
			continue
		}
		rest, _, _ := strings.Cut(meaning[i:], ";")
		if !strings.Contains(rest, "again") || !strings.Contains(rest, "closes") {
			t.Errorf("rule %v (%q): the meaning does not say what reopens and what closes the breaker: %q", r, cell, rest)
		}
	}
}
