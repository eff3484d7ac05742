package lessons

import (
	"strings"
	"testing"
)

// A wrong choice's why on a step with no simulation states the figure it
// means, since there is no pane to look at: lesson 2's "It makes no
// difference" was told "look at the provider's calls in flight" on a
// text-only self-check, three steps after the pane that showed them.
func TestTextOnlyWhysSendNobodyToAPane(t *testing.T) {
	checked := 0
	for _, p := range allPrepared(t) {
		for i, st := range p.Steps {
			if st.Sim != nil {
				continue
			}
			for _, q := range []*PreparedQuestion{st.Predict, st.Question} {
				if q == nil {
					continue
				}
				for _, c := range q.Choices {
					checked++
					if strings.Contains(strings.ToLower(c.Why), "look at") {
						t.Errorf("%s step %d, choice %q: %q sends the learner to look at what a step without a simulation does not show; state the figure", p.Lesson.ID, i+1, c.Text, c.Why)
					}
				}
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d choices of text-only steps checked", checked)
	}
}
