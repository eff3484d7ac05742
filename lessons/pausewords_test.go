package lessons

import (
	"regexp"
	"strings"
	"testing"
)

// stopsRE finds a sentence that tells the learner where the player stops:
// "The player stops when payment's breaker opens", "the run plays until
// the breaker opens", "The player stops at 39 s".
var stopsRE = regexp.MustCompile(`(?i)\b(?:player|run) (?:stops|plays|pauses) (?:when|at|until) (.+?)(?:[.;:,](?:\s|$)|$)`)

// A step's text that says where the player stops says the step's pause:
// the prompt under it ("Watch it play until payment opens") is built from
// the pause, and the two side by side must not disagree. Lesson 9's
// "Everything together" said "the breaker" over a prompt naming payment's.
func TestAStepSaysWhereItsPlayerStopsAsItsPauseDoes(t *testing.T) {
	checked := 0
	for _, p := range allPrepared(t) {
		l := p.Lesson
		for i, s := range l.Steps {
			if s.Sim == nil {
				continue
			}
			texts := s.Body
			for _, q := range []*Question{s.Predict, s.Question} {
				if q != nil {
					texts += "\n" + q.Prompt
				}
			}
			for _, m := range stopsRE.FindAllStringSubmatch(oneLine(texts), -1) {
				clause := m[1]
				var want []string
				switch s.Pause.Kind {
				case PauseAt:
					want = []string{TrimNum(s.Pause.At.Seconds()) + " s"}
				case PauseEvent:
					who := "breaker"
					if s.Pause.Dependency != "" {
						who = s.Pause.Dependency
					}
					want = []string{who, strings.Fields(s.Pause.Text)[1]}
				default:
					want = []string{"end"}
				}
				checked++
				for _, w := range want {
					if !strings.Contains(clause, w) {
						t.Errorf("%s step %d (%s) says %q, but its pause is %q: the prompt under it says where the player stops from the pause, so name %q as it does",
							l.ID, i+1, s.Title, strings.TrimRight(m[0], ".;:, "), s.Pause.Text, w)
					}
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no step says where its player stops: the check checked nothing")
	}
}
