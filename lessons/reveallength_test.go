package lessons

import (
	"strings"
	"testing"
)

// revealWordsMost is the most words a prediction's reveal may have. The
// player shows the reveal after the play, beside the panes: at 80×24 its
// text column is about 38 columns by 20 rows, some six words a line, so
// 250 words are two screens with the guess's verdict above them. Lesson
// 5's "When the bulkhead's refusals count" had 341, and its point (the
// refusals open the breaker on a recovered provider; leave them out) lay
// three screens of j below the chart it explains.
const revealWordsMost = 250

// longReveals are the reveals still over revealWordsMost, each with the
// most words it may keep until it is cut: none may grow, and one cut
// below the bound must leave this list.
var longReveals = map[string]int{}

func TestRevealsFitTwoScreensAt80x24(t *testing.T) {
	seen := map[string]bool{}
	for _, p := range allPrepared(t) {
		for _, st := range p.Steps {
			if st.Predict == nil || st.Predict.Reveal == "" {
				continue
			}
			key := p.Lesson.ID + "/" + st.Title
			n := len(strings.Fields(st.Predict.Reveal))
			most, long := longReveals[key]
			seen[key] = long
			switch {
			case long && n <= revealWordsMost:
				t.Errorf("%s: its reveal has %d words now, within %d: take it out of longReveals", key, n, revealWordsMost)
			case long && n > most:
				t.Errorf("%s: its reveal grew to %d words, from %d; the most is %d", key, n, most, revealWordsMost)
			case !long && n > revealWordsMost:
				t.Errorf("%s: its reveal has %d words, more than the %d two screens of the player's text column hold at 80x24: cut it to its point", key, n, revealWordsMost)
			}
		}
	}
	for key := range longReveals {
		if !seen[key] {
			t.Errorf("longReveals names %s, which no lesson has", key)
		}
	}
}
