package lessons

import (
	"strings"
	"testing"
	"time"
)

// stretchOf says which stretch of its run a metric counts: "window" (the
// requests that arrived in the measurement window), "whole run" (every
// call from the start to the drain's end), or "" (a moment, a parameter,
// a time), as its help in the catalogue says.
func stretchOf(metric string) string {
	help := metrics[metric].help
	switch {
	case strings.Contains(help, "whole run"):
		return "whole run"
	case strings.Contains(help, "window"):
		return "window"
	}
	return ""
}

// oneStretchLessons are the lessons held to TestAParagraphCountsOneStretch.
var oneStretchLessons = []string{"07-fallbacks-and-metrics"}

// A paragraph that quotes a share of a run's measurement window does not
// set counts of the whole run beside it: a reader takes them for parts of
// the same requests. Lesson 7 once gave the slow spell's 83.8% refused at
// once, then the whole run's 53 refused by the breaker and 21 by the
// bulkhead; 53 of 74 is 72%, while the breaker's part of the slow spell's
// refusals was 39 of 57, 68%.
func TestAParagraphCountsOneStretch(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, l := range all {
		held := false
		for _, id := range oneStretchLessons {
			held = held || l.ID == id
		}
		if !held {
			continue
		}
		checked++
		for at, text := range learnerTexts(l) {
			for _, para := range strings.Split(text, "\n\n") {
				// The stretches each run is counted over in the paragraph.
				seen := map[string]map[string]string{} // run → stretch → a placeholder
				_ = scanPlaceholders(para, func(_ int, expr string, _ error) error {
					e, err := ParseExpr(expr)
					if err != nil || len(e.Args) == 0 {
						return nil
					}
					st := stretchOf(e.Metric)
					if st == "" {
						return nil
					}
					run := e.Args[0]
					if seen[run] == nil {
						seen[run] = map[string]string{}
					}
					seen[run][st] = expr
					return nil
				})
				for run, by := range seen {
					if w, a := by["window"], by["whole run"]; w != "" && a != "" {
						t.Errorf("%s %s: a paragraph counts %s over its window ({{%s}}) and over the whole run ({{%s}}):\n%s", l.ID, at, run, w, a, oneLine(para))
					}
				}
			}
		}
	}
	if checked != len(oneStretchLessons) {
		t.Fatalf("checked %d of the lessons %v", checked, oneStretchLessons)
	}
}

// A question keyed on a count at one moment (busy-at, inflight-at, ...)
// names that moment in its prompt: asked "about how many workers are busy
// on a quiet day?", a learner works out the average Little's law gives,
// not the count at the instant the player stops (lesson 13 keyed it on 24
// busy at 9.9 s, Little's law giving 20.75, as lesson 1 teaches).
func TestAMomentsCountIsAskedAtItsMoment(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	lab := NewLab()
	checked := 0
	for _, l := range all {
		var p *Prepared
		for i := range l.Steps {
			st := &l.Steps[i]
			for _, q := range []*Question{st.Predict, st.Question} {
				if q == nil || q.Answer == "" {
					continue
				}
				e, err := ParseExpr(q.Answer)
				if err != nil || !strings.HasSuffix(e.Metric, "-at") || len(e.Args) == 0 {
					continue
				}
				moment, err := time.ParseDuration(e.Args[len(e.Args)-1])
				if err != nil {
					t.Fatalf("%s step %d: %q: the last argument is not a moment: %v", l.ID, i+1, q.Answer, err)
				}
				if p == nil {
					if p, err = Prepare(l, lab); err != nil {
						t.Fatal(err)
					}
				}
				pq := p.Steps[i].Predict
				if q == st.Question {
					pq = p.Steps[i].Question
				}
				checked++
				if words := formatDuration(moment.Seconds()); !strings.Contains(pq.Prompt, words) {
					t.Errorf("%s step %d (%s): the answer is %q, a count at %s, and the prompt does not say %q:\n%s", l.ID, i+1, st.Title, q.Answer, words, words, pq.Prompt)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no question is keyed on a moment: the check checked nothing")
	}
}
