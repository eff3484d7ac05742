package subjects_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/lessons/subjects"
)

// text is one text a learner reads, named by where it stands.
type text struct {
	where, body string
	// premise: a question's prompt, which may state a fact in part.
	premise bool
}

// questionTexts are what a learner reads of a question: its prompt, its
// explanation, the right choice, and every wrong choice's why (the wrong
// choices themselves state misconceptions on purpose).
func questionTexts(where string, q *lessons.PreparedQuestion) []text {
	if q == nil {
		return nil
	}
	out := []text{{where + " prompt", q.Prompt, true}, {where + " explanation", q.Explain + "\n\n" + q.Reveal, false}}
	for i, o := range q.Choices {
		if o.Right {
			out = append(out, text{where: fmt.Sprintf("%s choice %d", where, i+1), body: o.Text})
		} else {
			out = append(out, text{where: fmt.Sprintf("%s choice %d's why", where, i+1), body: o.Why})
		}
	}
	return out
}

// gather collects every text the program teaches with: the lessons, the
// drill's deck, the cheat sheet, the interview prompts and rubrics, and the
// challenges' briefs and hints. The prepared lessons come back too, for
// checking what settles each subject.
func gather(t *testing.T) ([]text, map[string]*lessons.Prepared) {
	t.Helper()
	var texts []text
	prepared := map[string]*lessons.Prepared{}
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	lab := lessons.NewLab()
	for _, l := range all {
		p, err := lessons.Prepare(l, lab)
		if err != nil {
			t.Fatalf("lesson %s: %v", l.ID, err)
		}
		prepared[l.ID] = p
		for i := range p.Steps {
			s := &p.Steps[i]
			where := fmt.Sprintf("lesson %s step %d (%s)", l.ID, i+1, s.Title)
			texts = append(texts, text{where: where, body: s.Text})
			texts = append(texts, questionTexts(where+" prediction", s.Predict)...)
			texts = append(texts, questionTexts(where+" question", s.Question)...)
		}
		texts = append(texts, text{where: "lesson " + l.ID + " recap", body: strings.Join(p.Recap, "\n\n")})
	}
	deck, err := drill.Deck()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range deck {
		where := "drill card " + c.ID
		texts = append(texts, text{where + " question", c.Question, true}, text{where: where + " answer", body: c.Answer()})
		for i, o := range c.Choices {
			if !o.Right {
				texts = append(texts, text{where: fmt.Sprintf("%s choice %d's why", where, i+1), body: o.Why})
			}
		}
	}
	for _, f := range []drill.Format{drill.Text, drill.Markdown} {
		sheet, err := drill.CheatSheet(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(sheet, "\n\n") {
			texts = append(texts, text{where: fmt.Sprintf("cheat sheet (%s) block %d", f, i+1), body: line})
		}
	}
	for _, p := range drill.Prompts() {
		texts = append(texts, text{"interview " + p.ID + " prompt", p.Text, true})
		for _, pt := range p.Points {
			texts = append(texts, text{where: "interview " + p.ID + " point " + pt.ID, body: pt.Text})
		}
	}
	chs, err := challenge.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range chs {
		texts = append(texts, text{"challenge " + c.ID + " brief", c.Brief, true}, text{where: "challenge " + c.ID + " hint", body: c.Hint})
	}
	return texts, prepared
}

// TestNoTextContradictsALessonsCheckedClaim scans every text for the
// subjects' wrong phrasings, and checks that what settles each subject is
// still in its lesson: the claim among the step's checked claims (so the
// engine holds it), or the phrase in its text.
func TestNoTextContradictsALessonsCheckedClaim(t *testing.T) {
	texts, prepared := gather(t)
	for _, tx := range texts {
		for _, c := range subjects.Contradictions(tx.body) {
			if c.Incomplete && tx.premise {
				continue
			}
			t.Errorf("%s contradicts %s (%s): %q", tx.where, c.Subject.Name, c.Subject.Truth, c.Sentence)
		}
	}
	for i := range subjects.All {
		s := &subjects.All[i]
		p, ok := prepared[s.Lesson]
		if !ok {
			t.Errorf("%s: no lesson %s settles it", s.Name, s.Lesson)
			continue
		}
		var body strings.Builder
		found := s.Step == ""
		for j := range p.Steps {
			st := &p.Steps[j]
			if s.Step != "" && st.Title != s.Step {
				continue
			}
			found = true
			body.WriteString(st.Text)
			for _, q := range []*lessons.PreparedQuestion{st.Predict, st.Question} {
				if q == nil {
					continue
				}
				body.WriteString("\n" + q.Explain + "\n" + q.Reveal)
				for _, o := range q.Choices {
					body.WriteString("\n" + o.Why)
				}
			}
			if s.Claim != "" && s.Step != "" {
				var claims []string
				for _, c := range st.Claims {
					if c.Holds {
						claims = append(claims, c.Text)
					}
				}
				if !slices.Contains(claims, s.Claim) {
					t.Errorf("%s: lesson %s step %q no longer checks %q (it checks %q)", s.Name, s.Lesson, s.Step, s.Claim, claims)
				}
			}
		}
		if !found {
			t.Errorf("%s: lesson %s has no step %q", s.Name, s.Lesson, s.Step)
		}
		if s.Phrase != "" && !strings.Contains(strings.ToLower(body.String()), strings.ToLower(s.Phrase)) {
			t.Errorf("%s: lesson %s step %q no longer says %q", s.Name, s.Lesson, s.Step, s.Phrase)
		}
	}
}
