package lessons

import (
	"regexp"
	"testing"
)

// Words for an outcome agree with the column the screens show it in: where
// an endpoint's requests were mostly refused for want of a worker (the
// endpoints table's "reject" column, with 0.0% "failed"), no question,
// choice or recap says they "fail". Lesson 1's table shows search 61%
// rejected and 0.0% failed, and its self-check asked why search requests
// "fail".
func TestRejectedRequestsAreNotSaidToFail(t *testing.T) {
	lab := NewLab()
	for _, c := range []struct {
		lesson string
		claims []string // what the run shows: rejected, not failed
		said   *regexp.Regexp
	}{
		{"01-one-slow-dependency",
			[]string{"share cascade/0 search rejected > 0.5", "share cascade/0 search failed < 0.01"},
			regexp.MustCompile(`(?i)search requests fail|every endpoint fails`)},
		{"13-partitioning-by-tenant",
			[]string{"share noisy-tenant/0 search rejected > share noisy-tenant/0 search failed"},
			regexp.MustCompile(`(?i)searches fail`)},
	} {
		l, err := Lookup(c.lesson)
		if err != nil {
			t.Fatal(err)
		}
		for _, claim := range c.claims {
			r, err := lab.CheckLessonClaim(l, "test", claim)
			if err != nil || !r.Holds {
				t.Fatalf("%s: the test's premise %q is gone: %+v, %v", c.lesson, claim, r, err)
			}
		}
		texts := append([]string(nil), l.Recap...)
		for _, s := range l.Steps {
			texts = append(texts, s.Body)
			for _, q := range []*Question{s.Predict, s.Question} {
				if q == nil {
					continue
				}
				texts = append(texts, q.Prompt, q.Explain, q.Reveal)
				for _, o := range q.Choices {
					texts = append(texts, o.Text, o.Why)
				}
			}
		}
		for _, text := range texts {
			if m := c.said.FindString(text); m != "" {
				t.Errorf("%s says %q, where the table shows the requests rejected, not failed: %q", c.lesson, m, text)
			}
		}
	}
}
