package lessons

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// meanInPrompt is a mean latency a prompt gives: "takes 86.45 ms on
// average".
var meanInPrompt = regexp.MustCompile(`([0-9][0-9.]*) ms on average`)

// A Little's-law question's prompt gives its inputs, and they must give
// its answer: the whole rate a second times the mean as the prompt prints
// it comes to the answer as the player prints it. For every lesson:
// lesson 13's "Three tenants, one pool" gave 86.5 ms and 240 requests a
// second, and its answer was 20.75 workers, worked out from the engine's
// 86.45 ms (240 × 86.5 ms is 20.76).
func TestLittlePromptsGiveTheirAnswer(t *testing.T) {
	checked := 0
	eachNumberAsked(t, func(p *Prepared, i int, raw *Question, q *PreparedQuestion) {
		if !strings.HasPrefix(raw.Answer, "little ") {
			return
		}
		m := meanInPrompt.FindStringSubmatch(q.Prompt)
		if m == nil {
			return
		}
		mean, err := strconv.ParseFloat(m[1], 64)
		if err != nil || mean <= 0 {
			t.Fatalf("%s step %d: %q", p.Lesson.ID, i+1, m[0])
		}
		checked++
		rate := math.Round(q.Answer / (mean / 1000))
		if got := trimFloat(rate*mean/1000, 2, true); got != q.AnswerText {
			t.Errorf("%s step %d: the prompt's %s and %g a second give %s, the answer printed is %s", p.Lesson.ID, i+1, m[0], rate, got, q.AnswerText)
		}
	})
	if checked < 2 {
		t.Errorf("only %d Little's-law prompts checked", checked)
	}
}
