package lessons

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// aSentenceEnds is a full stop, a question or an exclamation mark and the
// space after it. A dot inside a placeholder joins a knob's path
// (search-api.bulkhead) and has no space after it.
var aSentenceEnds = regexp.MustCompile(`[.?!]\s+`)

// sentences splits a paragraph into its sentences.
func sentences(para string) []string { return aSentenceEnds.Split(oneLine(para), -1) }

// A paragraph that quotes a share of a run's measurement window does not
// set counts of the whole run beside it: a reader takes them for parts of
// the same requests. Lesson 7 once gave the slow spell's 83.8% refused at
// once, then the whole run's 53 refused by the breaker and 21 by the
// bulkhead; 53 of 74 is 72%, while the breaker's part of the slow spell's
// refusals was 39 of 57, 68%. Lesson 13 gave acme's 23.5% answered beside
// the 14,856 calls its slots refused in the whole run, where its window's
// requests were 19,425, 14,855 of them refused. Where the engine keeps no
// window form of a count (a rate limiter's refusals, a shedder's), the
// sentence that quotes it says, in its own words and not in an aside,
// that it is the whole run's, and quotes no window figure of that run.
func TestAParagraphCountsOneStretch(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	mixed := 0
	for _, l := range all {
		for at, text := range learnerTexts(l) {
			for _, para := range strings.Split(text, "\n\n") {
				window := map[string]string{} // run → a window tally's placeholder
				_ = scanPlaceholders(para, func(_ int, expr string, _ error) error {
					if e, err := ParseExpr(expr); err == nil && len(e.Args) > 0 && TallyStretch(e.Metric) == "window" {
						window[e.Args[0]] = expr
					}
					return nil
				})
				for _, sentence := range sentences(para) {
					inWindow := map[string]bool{}
					var wholeRun []Expr
					_ = scanPlaceholders(sentence, func(_ int, expr string, _ error) error {
						e, err := ParseExpr(expr)
						if err != nil || len(e.Args) == 0 {
							return nil
						}
						switch TallyStretch(e.Metric) {
						case "window":
							inWindow[e.Args[0]] = true
						case "whole run":
							wholeRun = append(wholeRun, e)
						}
						return nil
					})
					for _, e := range wholeRun {
						run := e.Args[0]
						w := window[run]
						switch {
						case w == "":
						case inWindow[run]:
							t.Errorf("%s %s: a sentence counts %s over its window and over the whole run ({{%s}}):\n%s", l.ID, at, run, e.Text, sentence)
						case !SaysWholeRun(sentence):
							t.Errorf("%s %s: a paragraph counts %s over its window ({{%s}}) and over the whole run ({{%s}}), and the sentence does not say so:\n%s", l.ID, at, run, w, e.Text, sentence)
						default:
							mixed++
						}
					}
				}
			}
		}
	}
	if mixed == 0 {
		t.Fatal("no paragraph sets a count of the whole run, said to be, beside a window's: the check of what such a sentence must say checked nothing")
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

// The words of a stretch qualify the figures of the sentence that says
// them outside its asides, and an aside's words its own figures only:
// lesson 11's "(1,802 queries in the whole run)" says its count is the
// whole run's, lesson 7's "(53 in the whole run)" says nothing of the
// slow spell's refusals the sentence is about. "In all" may be all of a
// window's, and the end of the window is not the run's.
func TestQuoteSaysStretch(t *testing.T) {
	for _, c := range []struct {
		sentence, figure, stretch string
		says                      bool
	}{
		{"By the end of the run {{calls step dependency}} calls will have reached it.", "{{calls", StretchWholeRun, true},
		{"It stopped them ({{edge-cancelled step database}} queries in the whole run).", "{{edge", StretchWholeRun, true},
		{"Most refusals came from the breaker, {{x}} of them (53 in the whole run).", "{{x", StretchWholeRun, false},
		{"Over the whole run it refused {{x}} (and {{y}} at the bulkhead).", "{{y", StretchWholeRun, true},
		{"It got {{calls step payment}} calls in all.", "{{calls", StretchWholeRun, false},
		{"By the end of the measurement window {{share step x ok}} of them.", "{{share", StretchWholeRun, false},
		{"By the end of the measurement window {{share step x ok}} of them.", "{{share", StretchWindow, true},
		{"The rerun gave {{calls step payment}} calls.", "{{calls", StretchWholeRun, false},
	} {
		at := strings.Index(c.sentence, c.figure)
		if got := QuoteSaysStretch(c.stretch, c.sentence, at); got != c.says {
			t.Errorf("QuoteSaysStretch(%q, %q at %d) = %v, want %v", c.stretch, c.sentence, at, got, c.says)
		}
	}
	if SaysWholeRun("most came from the breaker (53 in the whole run)") {
		t.Error("SaysWholeRun read an aside's words as the sentence's")
	}
	if !SaysWholeRun("In the run the provider got 1,072 calls") {
		t.Error("SaysWholeRun missed the run said in other words, at a sentence's start")
	}
}
