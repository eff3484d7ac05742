package serve

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	tea "github.com/charmbracelet/bubbletea"
)

// engineAnswer is a numeric answer as the lesson's reveal and the
// presenter's screen write it, worked out here from the answer's
// expression, not by the rule under test: a latency percentile (p50, p95,
// p99, whose digits are its histogram's) as the reveal's placeholder
// quotes it, whatever unit the guess is typed in; any other answer as the
// lesson prints it, with its unit.
func engineAnswer(q *lessons.PreparedQuestion, answer string) string {
	if e, err := lessons.ParseExpr(answer); err == nil && (e.Metric == "p50" || e.Metric == "p95" || e.Metric == "p99") {
		return lessons.LatencyText(time.Duration(math.Round(q.Answer * float64(time.Second))))
	}
	return lessons.WithUnit(q.AnswerText, q.Unit)
}

// The classroom's poll pages write the engine's answer to a number as the
// lesson's reveal and the presenter's screen do: lesson 14's median of
// search ("p50 step search | s") read "The engine's answer: 5 s" on the
// teacher's page, the wall and the students' reveal, under a player and a
// projector reading 5.00 s. Every built-in step with a numeric prediction
// or question is put to the room and revealed, and each page is read.
func TestThePollWritesTheEnginesAnswerAsTheLessonDoes(t *testing.T) {
	racefree.Only(t)
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	room, teacher, ada := adaFollows(t, tempStore(t))
	proj := projectorFollowing(t, room)
	n, latency := 0, 0
	for _, l := range all {
		p, err := lessons.Prepare(l, testLab)
		if err != nil {
			t.Fatal(err)
		}
		for i, st := range p.Steps {
			for _, c := range []struct {
				raw     *lessons.Question
				pq      *lessons.PreparedQuestion
				predict bool
			}{{st.Step.Predict, st.Predict, true}, {st.Step.Question, st.Question, false}} {
				if c.raw == nil || c.pq == nil || c.pq.Kind != lessons.Number {
					continue
				}
				where := fmt.Sprintf("%s step %d (predict %v)", l.ID, i+1, c.predict)
				q, ok := numberQuestion(c.pq, c.predict, where)
				if !ok {
					t.Fatalf("%s: not put as a number question", where)
				}
				want := "The engine's answer: " + engineAnswer(c.pq, c.raw.Answer) + "."
				if want != "The engine's answer: "+lessons.WithUnit(c.pq.AnswerText, c.pq.Unit)+"." {
					latency++
				}
				n++
				room.Ask(q)
				room.Reveal()
				reads(ada, proj, teacher)
				for _, page := range []struct {
					who string
					s   *Session
				}{{"the teacher's page", teacher}, {"the student's reveal", ada}, {"the projector", proj}} {
					if v := flat(page.s.View()); !strings.Contains(v, want) {
						t.Errorf("%s: %s does not write %q:\n%s", where, page.who, want, page.s.View())
					}
				}
				teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlP})
				if !teacher.present {
					t.Fatalf("%s: ctrl+p did not put the teacher's poll on the wall", where)
				}
				if v := flat(teacher.View()); !strings.Contains(v, want) {
					t.Errorf("%s: the teacher's wall does not write %q:\n%s", where, want, teacher.View())
				}
				teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlP})
				room.EndQuestion()
				reads(ada, proj, teacher)
			}
		}
	}
	if n < 30 || latency == 0 {
		t.Fatalf("%d numeric steps put to the room, %d of them a latency percentile: the built-in lessons hold more", n, latency)
	}
}
