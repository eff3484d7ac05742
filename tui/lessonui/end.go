package lessonui

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
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
	m.note, m.noteErr = "", false // the last step's note is not the last screen's
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
		missed, _ := m.toReview()
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
		m.openHelp()
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
		if !ps.revealed {
			ps.revealed = true
			m.openRevealed() // the panes where the reveal speaks of
		}
		m.layout()
	}
	for n, l := range m.textLines() {
		if strings.Contains(l, questionMark) {
			m.setScroll(n)
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

// toReview is the steps the m key reviews, those whose question was not
// right at the first try (missed or skipped), and how many of them are not
// answered right yet, which keeps the lesson from being done. One
// computation for the note on what is left and the m line: lesson 3's
// last screen said "1 question to go (m reviews them)" beside "m review
// the 5 questions missed or skipped".
func (m *Model) toReview() (steps []int, toGo int) {
	p := m.progress.Remap(m.p.Lesson) // the indexes Missed gives, for Right too
	for _, i := range p.Missed(m.p.Lesson) {
		if !m.askedOf(p, i) {
			continue
		}
		steps = append(steps, i)
		if !p.Right(i) {
			toGo++
		}
	}
	return steps, toGo
}

// questionMark starts a question's block; a review scrolls there.
const questionMark = "Question: "

// endView is the lesson's last screen: what it taught, its score, the
// predictions, the missed questions and the next lesson. It fits h rows
// at any size the player draws: what a learner acts on (the title, the
// m line with its count, the next lesson) stays whole, and the rest gives
// way in turn (endParts.fit).
func (m *Model) endView(h int) []string {
	parts := m.endParts(min(m.w-2, maxTextWidth))
	out := parts.fit(h)
	for i := range out {
		out[i] = " " + out[i]
	}
	return pane.Block(out, m.w, h)
}

// endParts are the last screen's parts, each in the forms it can take.
type endParts struct {
	wrap   func(s string, indent int) []string
	title  [2]string // wrapped whole; on one line, shortened at a word
	warn   string
	recap  []string // the recap's lines, its heading first; nil for none
	score  string
	tally  string
	allOK  string   // "every question right", when none was missed
	missed []string // the titles of the steps whose questions were missed
	mKey   string   // the m key, styled
	next   [2]string
	keys   string
}

// endParts gathers the last screen's texts for a width.
func (m *Model) endParts(width int) endParts {
	l := m.p.Lesson
	e := endParts{wrap: wrapper(width), mKey: m.th.Key.Render("m")}
	name := l.Title
	if l.Number > 0 {
		name = fmt.Sprintf("Lesson %d", l.Number)
	}
	// "Done" is what the list says: every step seen and every question
	// answered right. Short of that, the screen says what is left, so that
	// it and the list agree.
	title := func(head string) [2]string {
		short := m.th.Title.Render(head) + m.th.Bold.Render(wordFit(l.Title, width-ansi.StringWidth(head)))
		if ansi.StringWidth(head)+2 > width {
			short = m.th.Title.Render(wordFit(head+l.Title, width))
		}
		return [2]string{m.th.Title.Render(head) + m.th.Bold.Render(l.Title), short}
	}
	review, toGo := m.toReview()
	switch unseen := m.unseen(); {
	case m.progress.Done:
		e.title = title(name + " done: ")
	case unseen > 0:
		e.title = title(name + ", the end: ")
		if m.following {
			// A follower sees the steps the teacher's screen showed while
			// it looked; "not seen yet" and the list's rule read as the
			// student's fault, when the teacher had stepped past them.
			them := "them"
			if unseen == 1 {
				them = "it"
			}
			e.warn = m.th.Warn.Render(plural(unseen, "step", "steps") + " went by without showing on your screen (the teacher moved past " +
				them + "): s lists " + them + " to read on your own.")
			break
		}
		e.warn = m.th.Warn.Render("The list marks it done once every step is seen and every question answered right: " +
			plural(unseen, "step", "steps") + " not seen yet (s lists them).")
	default:
		e.title = title(name + ", every step seen: ")
		switch k := len(review); {
		case toGo == 1 && k == 1:
			e.warn = m.th.Warn.Render("The list marks it done once every question is answered right: " +
				"1 question is not answered right yet (m reviews it).")
		case toGo > 0 && toGo == k:
			e.warn = m.th.Warn.Render("The list marks it done once every question is answered right: " +
				fmt.Sprintf("%d questions are not answered right yet (m reviews them).", toGo))
		case toGo > 0:
			// Some of what m reviews were answered right since: the note
			// names both counts in a sentence that reads as it stands.
			// "3 of the 4 questions m reviews are not answered right yet"
			// read "m reviews" as a noun.
			left := plural(toGo, "question is", "questions are")
			them := "them"
			if toGo == 1 {
				them = "it"
			}
			e.warn = m.th.Warn.Render("The list marks it done once every question is answered right: " +
				fmt.Sprintf("%s not answered right yet (m reviews %s, and the %d answered right since).", left, them, k-toGo))
		case !m.progress.Done && m.inRoom:
			// What keeps it from done is the questions the room was not
			// asked, which m does not review: the status line said "not
			// done yet" and nothing on the screen said why.
			if n := m.notAsked(); n > 0 {
				e.warn = m.th.Warn.Render("The list marks it done once every question is answered right: " +
					plural(n, "question was", "questions were") + " not put to the room (s lists the steps, to answer them on your own).")
			}
		}
	}
	if len(m.p.Recap) > 0 {
		e.recap = []string{m.th.Bold.Render("What you learned")}
		for _, r := range m.p.Recap {
			lines := e.wrap(r, 2)
			lines[0] = "•" + strings.TrimPrefix(lines[0], " ")
			e.recap = append(e.recap, lines...)
		}
	}
	right, total := m.progress.Score(l)
	switch {
	case m.inRoom:
		right, total = m.roomScore()
		if total == 0 {
			// Scored over the lesson, the follower read "0 of 4 right"
			// and was asked to review four questions nobody asked it.
			e.score = m.th.Bold.Render("The room was asked none of this lesson's questions: there is nothing to review.")
			break
		}
		e.score = m.th.Bold.Render(fmt.Sprintf("Score: %d of %s asked, right at the first try.", right, plural(total, "question", "questions")))
	case total > 0:
		e.score = m.th.Bold.Render(fmt.Sprintf("Score: %d of %d questions right at the first try.", right, total))
	}
	if p := m.predictionTally(); p != "" {
		e.tally = "Predictions: " + p + " (a guess is not graded)."
	}
	switch {
	case total == 0:
	case m.inRoom && len(review) == 0:
		if r, asked := m.roomScore(); asked > 0 && r == asked {
			e.allOK = m.th.Good.Render("✓ Every question asked right at the first try.")
		}
	case len(review) == 0:
		e.allOK = m.th.Good.Render("✓ Every question right at the first try.")
	default:
		for _, s := range review {
			e.missed = append(e.missed, m.p.Steps[s].Title)
		}
	}
	switch next := m.nextLesson(); {
	case m.preparing:
		e.next = [2]string{m.th.Warn.Render("Preparing the next lesson: running its simulations…"), m.th.Warn.Render("Preparing the next lesson…")}
	case next != nil:
		e.next = [2]string{m.th.Key.Render("enter") + "  next: " + m.th.Bold.Render(fmt.Sprintf("lesson %d · %s", next.Number, next.Title)),
			m.th.Key.Render("enter") + "  next: " + m.th.Bold.Render(fmt.Sprintf("lesson %d", next.Number))}
	case l.Number > 0:
		e.next = [2]string{"This was the last lesson. The sandbox, the exercises and the challenges are on the home screen.",
			"This was the last lesson."}
	}
	e.keys = m.th.Key.Render("p") + "  back to the last step   " + m.th.Key.Render("q") + "  " + m.keys.Quit.Help().Desc
	return e
}

// endLayout is how much of each part the last screen shows.
type endLayout struct {
	gaps                      [3]bool // the blank lines after the head, the recap, the score
	names                     int     // how many missed steps the m line names
	recap, tally, warn, score bool
	keys, longTitle, longNext bool
	longM                     bool // "the 3 questions missed at the first try or skipped", not "the 3 missed"
}

// missedLine is the m line naming the first n missed steps: the key and
// the count always, the titles as room allows, "and 2 more" for the rest
// (the review opens each).
func (e *endParts) missedLine(n int, long bool) string {
	k := len(e.missed)
	if !long {
		return e.mKey + fmt.Sprintf("  review the %d missed", k)
	}
	line := e.mKey + "  review the " + plural(k, "question", "questions") + " missed at the first try or skipped"
	switch {
	case n >= k:
		line += ": " + strings.Join(e.missed, "; ")
	case n > 0:
		line += ": " + strings.Join(e.missed[:n], "; ") + fmt.Sprintf("; and %d more", k-n)
	}
	return line
}

// lines draws the parts as the layout says, top to bottom.
func (e *endParts) lines(l endLayout) []string {
	var out []string
	add := func(s string) {
		if s != "" {
			out = append(out, e.wrap(s, 0)...)
		}
	}
	if l.longTitle {
		add(e.title[0])
	} else {
		out = append(out, e.title[1])
	}
	if l.warn {
		add(e.warn)
	}
	if l.gaps[0] {
		out = append(out, "")
	}
	if l.recap && len(e.recap) > 0 {
		out = append(out, e.recap...)
		if l.gaps[1] {
			out = append(out, "")
		}
	}
	if l.score {
		add(e.score)
	}
	if l.tally {
		add(e.tally)
	}
	if l.gaps[2] && (l.score && e.score != "" || l.tally && e.tally != "") {
		out = append(out, "")
	}
	add(e.allOK)
	if len(e.missed) > 0 {
		add(e.missedLine(l.names, l.longM))
	}
	if l.longNext {
		add(e.next[0])
	} else {
		add(e.next[1])
	}
	if l.keys {
		add(e.keys)
	}
	return out
}

// fit draws the fullest layout that fits h rows. What gives way first is
// the blank lines, then the titles of the missed steps (down to one), the
// recap, the last missed title, the predictions' tally, the keys line (the
// key help under it says them too), the note on what is left, the score;
// then the title, the next lesson and the m line take their short forms.
// The m key and the count of missed questions never go.
func (e *endParts) fit(h int) []string {
	l := endLayout{gaps: [3]bool{true, true, true}, names: len(e.missed), recap: true, tally: true, warn: true, score: true,
		keys: true, longTitle: true, longNext: true, longM: true}
	steps := []func(){
		func() { l.gaps[2] = false }, func() { l.gaps[1] = false }, func() { l.gaps[0] = false },
	}
	for n := len(e.missed) - 1; n >= 1; n-- {
		steps = append(steps, func() { l.names = n })
	}
	steps = append(steps,
		func() { l.recap = false },
		func() { l.names = 0 },
		func() { l.tally = false },
		func() { l.keys = false },
		func() { l.warn = false },
		func() { l.score = false },
		func() { l.longTitle = false },
		func() { l.longNext = false },
		func() { l.longM = false },
	)
	out := e.lines(l)
	for _, step := range steps {
		if len(out) <= h {
			break
		}
		step()
		out = e.lines(l)
	}
	return out
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
