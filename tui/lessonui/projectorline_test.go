package lessonui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/present"
)

// figureOnly is a line with no word in it: a numbered list's marker
// ("1."), a figure ("52.", "99.5%.").
var figureOnly = regexp.MustCompile(`^[\d.,%]+$`)

// bareAnswer is a line that answers yes or no and nothing more: on the
// projector it is a reveal without its answer (lesson 10's sixth step
// projected "No.", home's share in the sentence after it).
var bareAnswer = regexp.MustCompile(`(?i)^(yes|no)\W*$`)

// sentenceLines are the lines of a moment that presentation mode takes
// from the lesson's prose (FirstSentence): the step's sentence, the
// reveal's or the explanation's, and the feedback.
func sentenceLines(mo present.Moment) []string {
	out := []string{mo.Caption}
	if mo.Ask != nil {
		out = append(out, mo.Ask.Reveal)
		out = append(out, mo.Ask.Lines...)
	}
	return out
}

// sentenceAsks finds a question in a line: a question mark that ends a sentence.
var sentenceAsks = regexp.MustCompile(`\?(\s|$)`)

// hasFigure finds a figure in a line.
var hasFigure = regexp.MustCompile(`\d`)

// answerMissing says what the projected sentence of a question's reveal or
// explanation (line) lacks of its answer, "" when it holds it: a number's
// answer as the lesson prints it; for a choice prediction, a line that
// quotes a figure quotes one its step's claims read from the run shown
// (the answer, as the lesson checks it), not another design's.
func answerMissing(p *lessons.Prepared, i int, q *lessons.PreparedQuestion, predict bool, line string) string {
	if q.Kind == lessons.Number {
		if a := answerNumber(q); !strings.Contains(line, a) {
			return "the answer " + a
		}
		return ""
	}
	if !predict || !hasFigure.MatchString(line) {
		return ""
	}
	var values []string
	for _, c := range p.Steps[i].Claims {
		if ofShownRun(&c.Expr, i) {
			v := printed(c.Got, c.Expr.Format)
			if strings.Contains(line, v) {
				return ""
			}
			values = append(values, v)
		}
	}
	if len(values) == 0 {
		return ""
	}
	return "a figure its claims read (" + strings.Join(values, ", ") + ")"
}

// The projector's sentence is one a room can read, on every step of every
// built-in lesson, as it opens and with its answers shown: never a
// numbered list's marker alone (lesson 9's checklist showed "1."), never a
// lead-in that stops at its colon (lesson 1's reveal showed "The three
// designs on the same traffic:" and nothing after), never a figure alone
// ("52.", the answer drawn beside it), never a bare "No." or "Yes."
// (lesson 10's sixth step: the answer's number was in the next sentence);
// and a step that asks nothing is not shown as a question, nor opens with
// one (lesson 1's second step showed
// "How many workers should be busy? Little's law answers it: ..." under
// the moment's 21, its answer being 16). A reveal's or an explanation's
// sentence holds the answer: lesson 1's fifth step asked about design 2
// and projected design 1's 39.0% as its reveal, the answer (100.0%) in no
// line.
func TestProjectorSentenceIsWhole(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	seen := 0
	for _, p := range allLessons(t) {
		for i := range p.Steps {
			name := fmt.Sprintf("%s step %d", p.Lesson.ID, i+1)
			moments := map[string]Model{"as it opens": open(t, p, i, 100, 30, Options{})}
			if cur := &p.Steps[i]; cur.Predict != nil || cur.Question != nil {
				_, stop := stepSpan(p, i, moments["as it opens"].Now())
				moments["with its answers shown"] = recorded(t, p, i, stop, false)
			}
			// The sentences of a step that asks are not on screen while it
			// asks; a room may still be shown them (a recording, a reveal).
			texts := map[string]string{"its text": p.Steps[i].Text}
			if q := p.Steps[i].Predict; q != nil {
				texts["its reveal"] = q.Reveal
			}
			if q := p.Steps[i].Question; q != nil {
				texts["its explanation"] = q.Explain
			}
			for where, md := range texts {
				if l := FirstSentence(md); figureOnly.MatchString(l) || bareAnswer.MatchString(l) || strings.HasSuffix(l, ":") {
					t.Errorf("%s, %s: the sentence stops short: %q", name, where, l)
				}
			}
			if q := p.Steps[i].Predict; q != nil {
				if miss := answerMissing(p, i, q, true, FirstSentence(q.Reveal)); miss != "" {
					t.Errorf("%s, its reveal: the projected sentence lacks %s: %q", name, miss, FirstSentence(q.Reveal))
				}
			}
			if q := p.Steps[i].Question; q != nil {
				if miss := answerMissing(p, i, q, false, FirstSentence(q.Explain)); miss != "" {
					t.Errorf("%s, its explanation: the projected sentence lacks %s: %q", name, miss, FirstSentence(q.Explain))
				}
			}
			for where, m := range moments {
				mo, _ := m.Moment()
				for _, l := range sentenceLines(mo) {
					l = strings.TrimSpace(l)
					if l == "" {
						continue
					}
					seen++
					if figureOnly.MatchString(l) || bareAnswer.MatchString(l) || strings.HasSuffix(l, ":") {
						t.Errorf("%s, %s: the projector's line stops short: %q", name, where, l)
					}
				}
				// A step that asks nothing says something: a question
				// under the key number, alone or in front of the
				// sentence, reads as if the number answered it.
				if sentenceAsks.MatchString(mo.Caption) {
					t.Errorf("%s, %s: the step's sentence asks, under %q: %q", name, where, mo.Words(), mo.Caption)
				}
				// The answers shown, the projected reveal holds the
				// answer of the question it reveals.
				if a := mo.Ask; a != nil && a.Reveal != "" {
					q, predict := p.Steps[i].Question, false
					if strings.HasPrefix(a.Prompt, "Predict: ") {
						q, predict = p.Steps[i].Predict, true
					}
					if miss := answerMissing(p, i, q, predict, a.Reveal); miss != "" {
						t.Errorf("%s, %s: the projected reveal lacks %s: %q", name, where, miss, a.Reveal)
					}
				}
			}
		}
	}
	if seen < 150 {
		t.Fatalf("only %d projector lines checked", seen)
	}
}

// FirstSentence reads a list as the player draws it: an item's lines,
// its continuation lines too, are never prose of their own.
func TestFirstSentenceOfLists(t *testing.T) {
	for _, c := range []struct{ md, want string }{
		{"1. Every call has a **timeout**,\n   set from what you measured.\n2. Each has a bulkhead.\n", ""},
		{"- a hang holds a worker\n  until the client gives up;\n\nThe pool fills. Then it stays full.", "The pool fills."},
		{"Three designs:\n\n1. **One pool**: 39% succeed.\n2. A bulkhead.\n", "Three designs: One pool: 39% succeed."},
		{"Three layers:\n\n- a 500 ms timeout;\n- a bulkhead;\n", "Three layers: a 500 ms timeout…"},
		{"The defaults:\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nResilience4j waits a minute.", "Resilience4j waits a minute."},
		{"**52**. The bucket pays for 50.", "52. The bucket pays for 50."},
		{"How many are busy? [Little's law](https://example.com) answers it. Then more.", "Little's law answers it."},
		{"How many? Why? **52**. The bucket pays. Then more.", "52. The bucket pays."},
		{"How many are busy?\n\nLittle's law answers it.", "Little's law answers it."},
	} {
		if got := FirstSentence(c.md); got != c.want {
			t.Errorf("FirstSentence(%q) = %q, want %q", c.md, got, c.want)
		}
	}
}

// BenchmarkFirstSentence is the projector's sentence of a long step
// (lesson 6's retry budget), as each presented frame asks for it.
func BenchmarkFirstSentence(b *testing.B) {
	all, err := lessons.All()
	if err != nil {
		b.Fatal(err)
	}
	var md string
	for _, l := range all {
		if l.ID == "06-retries-and-order" {
			md = l.Steps[3].Body
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		FirstSentence(md)
	}
}
