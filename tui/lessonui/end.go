package lessonui

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// nextPreparedMsg carries the next lesson, made ready in the background
// when the learner opens it from the last screen.
type nextPreparedMsg struct {
	p   *lessons.Prepared
	err error
}

// takeAgain starts a new attempt at step i's question: cleared, and its
// choices in a new order. The first answer stays the one the score counts.
func (m *Model) takeAgain(i int) {
	q := m.p.Steps[i].Question
	if q == nil {
		return
	}
	m.progress.TakeAgain(i)
	m.questions[i] = questionState{picked: -1, order: m.order(i, "question", q)}
	m.clampScroll()
}

// openEnd shows the lesson's last screen.
func (m Model) openEnd() (tea.Model, tea.Cmd) {
	m.playing, m.showEnd, m.review = false, true, nil
	m.tickID++
	m.progress.UpdateDone(m.p.Lesson)
	return m, m.save()
}

// nextLesson is the built-in lesson after this one, or nil (the last one,
// or a teacher's own file).
func (m *Model) nextLesson() *lessons.Lesson {
	all, err := lessons.All()
	if err != nil {
		return nil
	}
	for i, l := range all {
		if l.ID == m.p.Lesson.ID && l.File == m.p.Lesson.File && i+1 < len(all) {
			return all[i+1]
		}
	}
	return nil
}

func (m Model) endKey(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	switch {
	case key.Matches(k, m.keys.Submit):
		next := m.nextLesson()
		if next == nil || m.preparing {
			return m, nil
		}
		m.preparing, m.note, m.noteErr = true, "", false
		lab := m.o.Lab
		if lab == nil {
			lab = lessons.NewLab()
		}
		return m, tea.Batch(m.save(), func() tea.Msg {
			p, err := lessons.Prepare(next, lab)
			if err == nil {
				err = p.Verify()
			}
			return nextPreparedMsg{p, err}
		})
	case key.Matches(k, m.keys.Review):
		missed := m.progress.Missed(m.p.Lesson)
		if len(missed) == 0 {
			return m, nil
		}
		m.showEnd, m.review, m.reviewAt = false, missed, 0
		return m.openReview()
	case key.Matches(k, m.keys.Prev), key.Matches(k, m.keys.Back) && !m.o.Embedded:
		m.showEnd = false
		m.layout()
	case key.Matches(k, m.keys.Quit), key.Matches(k, m.keys.Back) && m.o.Embedded:
		return m.leave()
	case key.Matches(k, m.keys.Help):
		m.showHelp = true
	case key.Matches(k, m.keys.Steps):
		m.showList, m.listCursor = true, m.step
	}
	return m, nil
}

// onNextPrepared replaces the player's lesson with the next one.
func (m Model) onNextPrepared(msg nextPreparedMsg) (tea.Model, tea.Cmd) {
	m.preparing = false
	if msg.err != nil {
		m.note, m.noteErr = "the next lesson could not open: "+msg.err.Error(), true
		return m, nil
	}
	o := m.o
	o.Step, o.Notice = -1, ""
	next, err := New(msg.p, o)
	if err != nil {
		m.note, m.noteErr = err.Error(), true
		return m, nil
	}
	next.w, next.h = m.w, m.h
	next.layout()
	return next, next.save()
}

// openReview opens the review's current step with its question cleared
// for a new attempt.
func (m Model) openReview() (tea.Model, tea.Cmd) {
	i := m.review[m.reviewAt]
	m.openStep(i)
	m.takeAgain(i)
	if m.cur().Predict != nil {
		// The run was seen: a review is about the question.
		ps := &m.predicts[i]
		if !ps.made {
			ps.made, ps.skipped, ps.verdict = true, true, lessons.Skipped
		}
		ps.revealed = true
		m.layout()
	}
	for n, l := range m.textLines() {
		if strings.Contains(l, questionMark) {
			m.scroll = n
			break
		}
	}
	m.clampScroll()
	return m, m.save()
}

func (m Model) nextReview() (tea.Model, tea.Cmd) {
	if m.reviewAt+1 < len(m.review) {
		m.reviewAt++
		return m.openReview()
	}
	return m.openEnd()
}

func (m Model) prevReview() (tea.Model, tea.Cmd) {
	if m.reviewAt > 0 {
		m.reviewAt--
		return m.openReview()
	}
	return m.openEnd()
}

// unanswered counts the lesson's questions not yet answered right.
// unseen counts the steps the learner has not opened: the end screen is
// reached from the last step, and a learner who jumped there (s) has not
// seen them all.
func (m *Model) unseen() int {
	seen := make(map[int]bool, len(m.progress.Seen))
	for _, i := range m.progress.Seen {
		seen[i] = true
	}
	n := 0
	for i := range m.p.Lesson.Steps {
		if !seen[i] {
			n++
		}
	}
	return n
}

func (m *Model) unanswered() int {
	n := 0
	for i, s := range m.p.Lesson.Steps {
		if s.Question != nil && !m.progress.Right(i) {
			n++
		}
	}
	return n
}

// questionMark starts a question's block; a review scrolls there.
const questionMark = "Question: "

// endView is the lesson's last screen: what it taught, its score, the
// predictions, the missed questions and the next lesson.
func (m *Model) endView(h int) []string {
	width := min(m.w-2, maxTextWidth)
	wrap := wrapper(width)
	l := m.p.Lesson
	var out []string
	name := l.Title
	if l.Number > 0 {
		name = fmt.Sprintf("Lesson %d", l.Number)
	}
	// "Done" is what the list says: every step seen and every question
	// answered right. Short of that, the screen says what is left, so that
	// it and the list agree.
	if m.progress.Done {
		out = append(out, wrap(m.th.Title.Render(name+" done: ")+m.th.Bold.Render(l.Title), 0)...)
	} else if unseen := m.unseen(); unseen > 0 {
		out = append(out, wrap(m.th.Title.Render(name+", the end: ")+m.th.Bold.Render(l.Title), 0)...)
		out = append(out, wrap(m.th.Warn.Render("The list marks it done once every step is seen and every question answered right: "+
			plural(unseen, "step", "steps")+" not seen yet (s lists them)."), 0)...)
	} else {
		out = append(out, wrap(m.th.Title.Render(name+", every step seen: ")+m.th.Bold.Render(l.Title), 0)...)
		if left := m.unanswered(); left > 0 {
			out = append(out, wrap(m.th.Warn.Render("The list marks it done once every question is answered right: "+
				plural(left, "question", "questions")+" to go (m reviews them)."), 0)...)
		}
	}
	out = append(out, "")
	if len(m.p.Recap) > 0 {
		out = append(out, m.th.Bold.Render("What you learned"))
		for _, r := range m.p.Recap {
			lines := wrap(r, 2)
			lines[0] = "•" + strings.TrimPrefix(lines[0], " ")
			out = append(out, lines...)
		}
		out = append(out, "")
	}
	right, total := m.progress.Score(l)
	if total > 0 {
		score := fmt.Sprintf("Score: %d of %d questions right at the first try.", right, total)
		out = append(out, wrap(m.th.Bold.Render(score), 0)...)
	}
	if p := m.predictionTally(); p != "" {
		out = append(out, wrap("Predictions: "+p+" (a guess is not graded).", 0)...)
	}
	out = append(out, "")
	missed := m.progress.Missed(l)
	switch {
	case total == 0:
	case len(missed) == 0:
		out = append(out, wrap(m.th.Good.Render("✓ Every question right at the first try."), 0)...)
	default:
		names := make([]string, len(missed))
		for i, s := range missed {
			names[i] = m.p.Steps[s].Title
		}
		line := m.th.Key.Render("m") + "  review the " + plural(len(missed), "question", "questions") + " missed or skipped: " + strings.Join(names, "; ")
		out = append(out, wrap(line, 0)...)
	}
	switch next := m.nextLesson(); {
	case m.preparing:
		out = append(out, wrap(m.th.Warn.Render("Preparing the next lesson: running its simulations…"), 0)...)
	case next != nil:
		out = append(out, wrap(m.th.Key.Render("enter")+"  next: "+m.th.Bold.Render(fmt.Sprintf("lesson %d · %s", next.Number, next.Title)), 0)...)
	case l.Number > 0:
		out = append(out, wrap("This was the last lesson. The sandbox, the exercises and the challenges are on the home screen.", 0)...)
	}
	out = append(out, wrap(m.th.Key.Render("p")+"  back to the last step   "+m.th.Key.Render("q")+"  "+m.keys.Quit.Help().Desc, 0)...)
	for i := range out {
		out[i] = " " + out[i]
	}
	if len(out) > h {
		// Keep the keys: drop from the middle, and say so.
		keep := max(h-1, 0)
		tail := min(4, keep)
		out = append(append(out[:keep-tail:keep-tail], m.th.Dim.Render(fmt.Sprintf(" … %d lines need a taller window", len(out)-keep))), out[len(out)-tail:]...)
	}
	return pane.Block(out, m.w, h)
}

// predictionTally counts the lesson's predictions by how near they came:
// "2 right, 1 close, 1 off", or "" when the lesson asks for none.
func (m *Model) predictionTally() string {
	counts := map[lessons.Closeness]int{}
	asked := 0
	for i, st := range m.p.Steps {
		if st.Predict == nil {
			continue
		}
		asked++
		if ps := m.predicts[i]; ps.made {
			counts[ps.verdict]++
		}
	}
	if asked == 0 {
		return ""
	}
	var parts []string
	for _, c := range []lessons.Closeness{lessons.Spot, lessons.Close, lessons.Off, lessons.Skipped} {
		if counts[c] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", counts[c], c))
		}
	}
	if len(parts) == 0 {
		return "none made"
	}
	return strings.Join(parts, ", ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
