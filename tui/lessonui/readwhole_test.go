package lessonui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// panesShown is m with the panes on screen: tab, where the step's text is
// read across the window while its prediction waits (reading), as a
// learner presses it to look at them before guessing.
func panesShown(m Model) Model {
	if m.reading() && !m.showSim {
		m = send(m, tea.KeyMsg{Type: tea.KeyTab})
	}
	return m
}

// columnText is the text column of m's screen, each row trimmed, the
// title, status and key lines left out.
func columnText(m Model) []string {
	tw, _ := m.columns()
	rows := strings.Split(ansi.Strip(m.View()), "\n")
	rows = rows[1 : len(rows)-2]
	for i, r := range rows {
		rows[i] = strings.TrimSpace(ansi.Truncate(r, tw, ""))
	}
	return rows
}

// wholeIn reports whether block's lines (trimmed, blank ones skipped)
// are all in rows, one after another.
func wholeIn(rows, block []string) bool {
	var want []string
	for _, l := range block {
		if l = strings.TrimSpace(ansi.Strip(l)); l != "" {
			want = append(want, l)
		}
	}
	var have []string
	for _, r := range rows {
		if r != "" {
			have = append(have, r)
		}
	}
	return len(want) > 0 && strings.Contains("\n"+strings.Join(have, "\n")+"\n", "\n"+strings.Join(want, "\n")+"\n")
}

// minReadRows is the fewest rows of its text a step waiting for a guess
// shows at 80×24, where it has that many.
const minReadRows = 10

// At 80×24 every prediction and every question of every lesson shows
// whole, its prompt and every choice on one screen once the text is
// scrolled to its end; a question asked after the play shows beside the
// panes whose numbers it asks about. While a prediction waits, a text
// that does not fit beside the panes with it is read across the window:
// at 38 columns lesson 1's first step showed eight rows of its text.
func TestEveryQuestionIsWholeAt80x24(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	const w, h = 80, 24
	predicts, questions, wide := 0, 0, 0
	for _, p := range allLessons(t) {
		for i, st := range p.Steps {
			where := fmt.Sprintf("%s step %d (%q) at %dx%d", p.Lesson.ID, i+1, st.Title, w, h)
			m := open(t, p, i, w, h, inOneFrame(Options{}))
			if st.Predict != nil {
				predicts++
				if m.reading() {
					wide++
					if tw, _ := m.columns(); tw != w {
						t.Errorf("%s: the text is read across the window, in %d columns", where, tw)
					}
				}
				// The text keeps the rows to read a paragraph or two above
				// the choices pinned under it.
				if rows, text := m.textRows()-len(m.pinned()), len(m.baseLines()); rows < min(text, minReadRows) {
					t.Errorf("%s: the text has %d rows over the prediction, want %d:\n%s", where, rows, min(text, minReadRows), ansi.Strip(m.View()))
				}
				end := send(m, keys(strings.Repeat("j", 200))...)
				ask := renderPredictAsk(m.th, st.Predict, m.predicts[i], &p.Steps[i], m.textWidth())
				if !wholeIn(columnText(end), ask[1:]) {
					t.Errorf("%s: the prediction and its choices are not whole on screen:\n%s", where, ansi.Strip(end.View()))
				}
			}
			if st.Question == nil {
				continue
			}
			questions++
			m = play(t, m)
			if !m.questionShown() {
				t.Errorf("%s: after the play the question is not shown", where)
				continue
			}
			if _, sw := m.columns(); st.HasSim() && m.sim != nil && sw == 0 {
				t.Errorf("%s: the question is asked with the panes out of sight", where)
			}
			m = send(m, keys(strings.Repeat("j", 200))...)
			q := renderQuestion(m.th, st.Question, m.questions[i], m.textWidth())
			if st.Question.Kind == lessons.Number {
				q = q[:len(q)-1] // the hint under the box
			}
			if !wholeIn(columnText(m), q) {
				t.Errorf("%s: the question and its choices are not whole on screen:\n%s", where, ansi.Strip(m.View()))
			}
		}
	}
	if predicts < 50 || questions < 30 || wide == 0 {
		t.Fatalf("checked %d predictions (%d read across the window) and %d questions: the lessons have more", predicts, wide, questions)
	}
}
