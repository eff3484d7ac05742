package serve

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/present"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Room questions: the teacher puts the question on their screen to the
// room (ctrl+a): the lesson step's prediction until it is revealed, then
// the step's question, numbers filled in by the engine as the player shows
// them, its choices in the order the teacher's own player shows them.
// Every student's screen shows it until they answer (1-9, or a number and
// enter for a numeric one: pollnumber.go) or put it aside (esc); the
// teacher sees how many chose each answer, never who. Once the teacher
// reveals the answer (r), answers close and every student sees the right
// answer with the explanation, and, for a student who chose a wrong one,
// why that one is wrong. A student's answer to a prediction is their
// prediction of the step (pollfollow.go).

// askKey puts the teacher's question to the room.
const askKey = "ctrl+a"

// revealKey shows the room the right answer.
const revealKey = "r"

// Question is a question put to the room: multiple choice, or answered
// with a number (Number).
type Question struct {
	From    string // the lesson and step it comes from
	Prompt  string
	Choices []string // in the order the teacher's own player shows them
	// Whys explain each choice: for a wrong one, why it is wrong; a right
	// one's may be empty.
	Whys    []string
	Right   int    // the right choice, from 0; -1 for a number
	Explain string // shown with the right answer: the question's explain, the prediction's reveal
	Predict bool   // a prediction, asked before the simulation plays

	// Number says the room types a number (pollnumber.go); Unit is what
	// follows the input (the unit, % for a share, s for a duration),
	// Answer the engine's answer as the lesson prints it, and Tolerance
	// how near a guess must come to count as right ("10% of it").
	Number    bool
	Unit      string
	Answer    string
	Tolerance string

	// Where it comes from, for a student's progress: the lesson, the step
	// (from 0), the prepared question, and the order of Choices (shown
	// position -> index in the file). Shared, never changed.
	lesson *lessons.Lesson
	step   int
	pq     *lessons.PreparedQuestion
	order  []int
}

// questionState is the room's open question and its answers.
type questionState struct {
	q        Question
	seq      int
	counts   []int
	answers  map[any]int   // by voter (pollvoter.go)
	guesses  map[any]Guess // a number question's answers, by voter
	revealed bool
	// aside are the students who put it aside, by voter, and whether
	// they did so after the reveal (pollaside.go).
	aside map[any]bool
	// kept is, by voter, what a student's answer to a prediction keeps in
	// their progress and what it replaced (pollfollow.go): it outlasts
	// the session that answered, so that the student's screen still says
	// so when they come back after their connection dropped.
	kept map[any]keptAnswer
}

// Asked is the room's open question as a session draws it.
type Asked struct {
	Question
	Seq      int   // the question's number: answers name it
	Counts   []int // how many chose each choice
	Students int   // students in the room, and those who answered and left
	Left     int   // of Students, those who answered and have left the room
	Revealed bool  // the teacher has shown the right answer
	// Guesses are a number question's answers, in no order that names
	// anyone.
	Guesses []Guess
}

// Ask puts q to the room, replacing any open question.
//
// It opens with no answers, whatever the room answered when the teacher
// asked the same step before: each student's poll shows an empty box
// (or no choice marked) and is counted once they answer it. Their last
// answer stays their prediction of the step, shown by their own player,
// but it is not carried into the new poll: a teacher asks again to learn
// what the room thinks now (after a reveal, a discussion), and a
// carried answer counted students who had not answered this time while
// their poll asked them to.
func (r *Room) Ask(q Question) {
	r.mu.Lock()
	defer r.mu.Unlock()
	// Numbered across the class, not from the last open one: a student's
	// answer to, or putting aside of, an ended question must not carry
	// over to the next.
	r.keepTallyLocked() // the question it replaces
	r.asked++
	seq := r.asked
	r.question = &questionState{q: q, seq: seq, counts: make([]int, len(q.Choices)), answers: map[any]int{}, guesses: map[any]Guess{}}
	r.notifyLocked(false)
}

// Reveal shows everyone the open question's right answer; answers close.
// The answers of students who have left go to writeAway once the room is
// unlocked: it writes files, and no session may wait on that for the
// room.
func (r *Room) Reveal() {
	r.mu.Lock()
	var away []awayAnswer
	if r.question != nil && !r.question.revealed {
		r.question.revealed = true
		if q := r.question.q; q.Predict && q.lesson != nil {
			if r.revealed == nil {
				r.revealed = map[polledKey]bool{}
			}
			r.revealed[polledKey{q.lesson.ProgressKey(), q.step}] = true
			r.sh = r.roomSharedLocked(r.sh)
		}
		away = r.keepAnswersLocked(r.question)
		r.notifyLocked(false)
	}
	write := r.writeAway
	r.mu.Unlock()
	if write != nil && len(away) > 0 {
		write(away)
	}
}

// EndQuestion closes the open question.
func (r *Room) EndQuestion() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.question != nil {
		r.keepTallyLocked()
		r.question = nil
		r.notifyLocked(false)
	}
}

// Answer records m's choice (from 0) to question seq; a student may change
// their answer until the teacher reveals it, and is counted once.
func (r *Room) Answer(m *Member, seq, choice int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	q := r.question
	if q == nil || q.seq != seq || q.revealed || choice < 0 || choice >= len(q.counts) || m.teacher {
		return
	}
	v := m.voter() // a student counts once, whichever session answers
	if old, ok := q.answers[v]; ok {
		q.counts[old]--
	}
	q.answers[v] = choice
	q.counts[choice]++
	r.notifyLocked(true)
	r.signalVoterLocked(m)
}

// OpenQuestion is the open question with a copy of its counts; ok is false
// when none is open.
func (r *Room) OpenQuestion() (a Asked, ok bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	a.Students = r.studentsLocked()
	if r.question == nil {
		return a, false
	}
	q := r.question
	a.Left = r.answeredAwayLocked(q)
	a.Students += a.Left
	a.Question, a.Seq, a.Counts, a.Revealed = q.q, q.seq, append([]int(nil), q.counts...), q.revealed
	for _, g := range q.guesses {
		a.Guesses = append(a.Guesses, g)
	}
	return a, true
}

// roomQuestion turns a lesson step's prepared question into the room's,
// its choices in the file's order; ok is false when it is not multiple
// choice.
func roomQuestion(pq *lessons.PreparedQuestion, predict bool, from string) (Question, bool) {
	return roomQuestionIn(pq, predict, from, nil)
}

// roomQuestionIn is roomQuestion with the choices in order (shown
// position -> index in the file), as a player shows them; an order that
// is not a permutation of the choices is taken as the file's.
func roomQuestionIn(pq *lessons.PreparedQuestion, predict bool, from string, order []int) (Question, bool) {
	if pq == nil || pq.Kind != lessons.Choice || len(pq.Choices) == 0 {
		return Question{}, false
	}
	if !isPerm(order, len(pq.Choices)) {
		order = make([]int, len(pq.Choices))
		for i := range order {
			order[i] = i
		}
	}
	q := Question{From: from, Prompt: pq.Prompt, Right: -1, Explain: pq.Explain, Predict: predict, pq: pq, order: order}
	if predict {
		q.Explain = pq.Reveal
	}
	for n, j := range order {
		c := pq.Choices[j]
		q.Choices = append(q.Choices, c.Text)
		q.Whys = append(q.Whys, c.Why)
		if c.Right && q.Right < 0 {
			q.Right = n
		}
	}
	return q, q.Right >= 0
}

// isPerm reports whether order holds each of 0..n-1 once.
func isPerm(order []int, n int) bool {
	if len(order) != n {
		return false
	}
	seen := make([]bool, n)
	for _, i := range order {
		if i < 0 || i >= n || seen[i] {
			return false
		}
		seen[i] = true
	}
	return true
}

// Why ctrl+a asks nothing.
const (
	noLessonNote   = "No lesson is open, so there is no question to ask. Open a lesson step with a prediction or a question to ask the room."
	lessonListNote = "The lesson list has no question of its own. Open a lesson step with a prediction or a question to ask the room."
	badQuestion    = "This step's question cannot be put to the room: it names no right answer."
)

// roomAsk names the question the teacher last put to the room: the
// lesson's progress key, the step, and whether it was the prediction.
type roomAsk struct {
	lesson  string
	step    int
	predict bool
}

// askCurrent puts the question on the teacher's screen to the room, or
// says why there is none. A step's prediction goes first, whether or not
// the teacher's own player has revealed it: it is the students'
// prediction that is polled, and a teacher who rehearsed the lesson
// opens every step revealed. The step's question, on a step that has
// both, follows once the room has been asked the prediction and the
// teacher's player has revealed it, as the player shows them.
func (s *Session) askCurrent() {
	t, note := s.askTarget()
	if note != "" {
		s.askNote = note
		return
	}
	l, step, predict, pq := t.lesson, t.step, t.predict, t.q
	from := fmt.Sprintf("%s, step %d", l.Title, step+1)
	if predict {
		from += ", the prediction"
	}
	var q Question
	var ok bool
	if pq.Kind == lessons.Number {
		q, ok = numberQuestion(pq, predict, from)
	} else {
		q, ok = roomQuestionIn(pq, predict, from, s.teacherOrder(l, step, predict, len(pq.Choices)))
	}
	if !ok {
		s.askNote = badQuestion
		return
	}
	q.lesson, q.step = l, step
	s.lastAsk = t.key()
	s.room.Ask(q)
}

// askTarget is what ctrl+a would put to the room now (askCurrent), or
// the note saying why nothing can be asked: askCurrent and the join
// line's hint (canAsk) take it from here, so the hint shows where the key
// asks.
type askTarget struct {
	lesson  *lessons.Lesson
	step    int
	predict bool
	q       *lessons.PreparedQuestion
}

func (t askTarget) key() roomAsk { return roomAsk{t.lesson.ProgressKey(), t.step, t.predict} }

func (s *Session) askTarget() (askTarget, string) {
	p, ok := s.home.Lessons()
	if !ok {
		return askTarget{}, noLessonNote
	}
	st := p.State()
	if !p.Open() || st.Prepared == nil {
		return askTarget{}, lessonListNote
	}
	predictQ, questionQ, revealed, step := p.RoomQuestions()
	if step < 0 {
		return askTarget{}, "The lesson's last screen has no question. " + stepsWithQuestions(st.Prepared, -1)
	}
	l := st.Prepared.Lesson
	pq, predict := predictQ, true
	if predictQ == nil || (questionQ != nil && revealed && s.lastAsk == (roomAsk{l.ProgressKey(), step, true})) {
		pq, predict = questionQ, false
	}
	if pq == nil {
		return askTarget{}, fmt.Sprintf("Step %d only explains: it has no prediction and no question to ask the room. %s", step+1, stepsWithQuestions(st.Prepared, step))
	}
	return askTarget{lesson: l, step: step, predict: predict, q: pq}, ""
}

// canAsk reports whether ctrl+a would ask the room something new: no
// question is open, the teacher's screen has a step's prediction or
// question to ask, and it is not the one last asked (ctrl+a would put it
// again). The join line names ctrl+a only then: on the home screen, the
// lesson list or during a poll it asked nothing.
func (s *Session) canAsk() bool {
	if _, open := s.room.OpenQuestion(); open {
		return false
	}
	t, note := s.askTarget()
	return note == "" && t.key() != s.lastAsk
}

// stepsWithQuestions says which of p's steps the teacher could ask the
// room about: the nearest before and after step (from 0; -1 for the
// lesson's end, where every step is before).
func stepsWithQuestions(p *lessons.Prepared, step int) string {
	before, after := -1, -1
	for i, st := range p.Steps {
		if st.Predict == nil && st.Question == nil {
			continue
		}
		switch {
		case step >= 0 && i > step && after < 0:
			after = i
		case (step < 0 || i < step):
			before = i
		}
	}
	switch {
	case before >= 0 && after >= 0:
		return fmt.Sprintf("The nearest steps with one are %d (p goes back) and %d (n goes on).", before+1, after+1)
	case after >= 0:
		return fmt.Sprintf("The next step with one is %d (n goes on).", after+1)
	case before >= 0:
		return fmt.Sprintf("The last step with one is %d (p goes back).", before+1)
	}
	return "This lesson has no prediction or question to ask."
}

// teacherOrder is the order the teacher's own player shows step's choices
// in: drawn, as the player draws it, from the teacher's progress file's
// learner and the attempt it records (lessons.ShownOrder), so that the
// room's choice 1 is the one the teacher's 1 picks.
func (s *Session) teacherOrder(l *lessons.Lesson, step int, predict bool, n int) []int {
	learner, p := "", lessons.Progress{}
	if s.store != nil {
		learner, p = s.store.Learner(), s.store.Get(l.ProgressKey())
	}
	return lessons.ShownOrder(learner, l.ID, p, step, predict, n)
}

// teacherQuestionKey handles the teacher's keys while a question, or the
// note saying there is none, is open; handled is false when neither is.
func (s *Session) teacherQuestionKey(k tea.KeyMsg) (handled bool, cmd tea.Cmd) {
	ks := k.String()
	if _, open := s.room.OpenQuestion(); open {
		if s.scrollKey(k) {
			return true, nil
		}
		switch ks {
		case "esc":
			s.room.EndQuestion()
		case revealKey:
			s.room.Reveal()
			if a, _ := s.room.OpenQuestion(); a.Predict && a.lesson != nil {
				// The teacher's own player still asks it: the room's
				// answers stand for theirs, and one space plays it.
				s.home = s.home.RoomAnswered(a.lesson, a.step)
			}
		case "ctrl+c":
			s.room.EndQuestion()
			return true, tea.Quit
		}
		return true, nil
	}
	if s.askNote == "" {
		return false, nil
	}
	// Any key puts the note away; ctrl+c still quits.
	s.askNote = ""
	if ks == "ctrl+c" {
		return true, tea.Quit
	}
	return true, nil
}

// shownTo reports whether the open question a shows on this student's
// screen: unless they put it aside, and since then nothing was revealed.
func (s *Session) shownTo(a Asked) bool { return s.shows(a.Seq, a.Revealed) }

// shows is shownTo of question seq, revealed or not.
func (s *Session) shows(seq int, revealed bool) bool {
	return seq != s.setAside || (revealed && !s.asideRevealed)
}

// studentQuestionKey handles a student's keys while a question they have
// not put aside is open, and while one the teacher has just ended or
// replaced is still on their screen or has just left it (pollclose.go);
// one that has not yet been drawn, or came onto the screen less than
// questionGrace ago, takes no key (pollopen.go).
func (s *Session) studentQuestionKey(k tea.KeyMsg) (handled bool, cmd tea.Cmd) {
	a, open := s.room.OpenQuestion()
	live := 0
	if open && s.shownTo(a) {
		live = a.Seq
	}
	if s.keyForGoneQuestion(live) {
		// Meant for a question the teacher has just ended or replaced
		// (pollclose.go): it does nothing, as a key does to a question
		// that is gone.
		if k.String() == "ctrl+c" {
			return true, tea.Quit
		}
		return true, nil
	}
	if live == 0 {
		return false, nil
	}
	if s.keyBeforeQuestionSeen(live) {
		// Meant for the screen the question has just covered
		// (pollopen.go): it does nothing there, nor to the question.
		if k.String() == "ctrl+c" {
			return true, tea.Quit
		}
		return true, nil
	}
	if k.String() == followKey && s.mode != following {
		// Every screen's top line names it, the question's too: a student
		// or a projector that comes in while a question is open follows
		// under it (key), and the question stays on the screen. Taken
		// here, it did nothing and said nothing.
		return false, nil
	}
	if s.scrollKey(k) {
		return true, nil
	}
	switch ks := k.String(); {
	case ks == "esc":
		s.setAside, s.asideRevealed = a.Seq, a.Revealed
		s.room.putAside(s.me, a.Seq, a.Revealed) // for their other sessions and their return (pollaside.go)
	case ks == "ctrl+c":
		return true, tea.Quit
	case a.Revealed:
	case a.Number:
		s.numberKey(a, k)
	case len(k.Runes) == 1 && k.Runes[0] >= '1' && k.Runes[0] <= '9' && int(k.Runes[0]-'1') < len(a.Choices):
		if n := int(k.Runes[0] - '1'); n < len(a.Choices) {
			s.choiceTypo = ""
			s.room.Answer(s.me, a.Seq, n)
			s.answered, s.answeredSeq = n, a.Seq
			if a.pq != nil && n < len(a.order) {
				i := a.order[n]
				if v, err := a.pq.JudgeChoice(i); err == nil {
					s.keepPrediction(a, lessons.Prediction{Guess: a.pq.Choices[i].Text, Result: v.String()})
				}
			}
		}
	case k.Type == tea.KeyRunes && len(k.Runes) > 0 && !k.Paste:
		// A 9 to three choices, or a letter, answered nothing and said
		// nothing: the student could not tell a slip from a key the
		// question had not taken yet.
		s.choiceTypo = fmt.Sprintf("%s is not one of the answers: press 1-%d.", strconv.Quote(ansi.Truncate(string(k.Runes), 8, "…")), len(a.Choices))
		s.choiceTypoSeq = a.Seq
	}
	return true, nil
}

// questionView is the screen a question takes: the teacher's results or
// note, or the student's question; ok is false when none shows.
func (s *Session) questionView() (string, bool) {
	if page := s.questionPage(); page != nil {
		return page(), true
	}
	return "", false
}

// questionPage draws the page questionView shows, nil where it shows none:
// one switch for what draws it and for tag, which fits the top line to
// the room's screen only where that screen is drawn.
func (s *Session) questionPage() func() string {
	a, open := s.room.OpenQuestion()
	switch {
	case s.teacher && s.showRoll:
		return s.rollView
	case s.teacher && open:
		return func() string { return s.resultsView(a) }
	case s.teacher && s.askNote != "":
		return func() string {
			return s.block("Ask the room", []string{s.askNote, "",
				askKey + " puts the question on your screen to every student: a lesson step's prediction, then its question.", "", "Any key goes back."})
		}
	case !s.teacher && open && s.shownTo(a) && s.room.isProjector(s.me):
		return func() string { return s.projectorView(a) }
	case !s.teacher && open && s.shownTo(a):
		if a.Revealed {
			return func() string { return s.revealView(a) }
		}
		return func() string { return s.askView(a) }
	}
	return nil
}

// blockIndent is the cells block leaves beside a paragraph: three either
// side.
const blockIndent = 6

// block lays lines out in the window, wrapping each to its width less the
// indent; a page longer than the window scrolls (scrolled).
func (s *Session) block(title string, paras []string) string {
	if s.w <= 0 || s.h <= 0 {
		return ""
	}
	lines := []string{"", " " + s.th.Title.Render(title), ""}
	for _, p := range paras {
		if p == "" {
			lines = append(lines, "")
			continue
		}
		// A numbered choice wraps under its text, not its number.
		hang := 0
		if i := strings.Index(p, ". "); i > 0 && i <= 2 && strings.Trim(p[:i], "0123456789") == "" {
			hang = i + 2
		}
		for j, l := range pane.Wrap(p[hang:], max(s.w-blockIndent-hang, 10)) {
			lead := strings.Repeat(" ", hang)
			if j == 0 {
				lead = p[:hang]
			}
			lines = append(lines, "   "+lead+l)
		}
	}
	lines = s.scrolled(lines)
	out := pane.Block(lines, s.w, s.viewH())
	for i, l := range out {
		if ansi.StringWidth(l) > s.w {
			out[i] = ansi.Truncate(l, s.w, "")
		}
	}
	return strings.Join(out, "\n")
}

func (s *Session) resultsView(a Asked) string {
	if a.Number {
		return s.numberResultsView(a)
	}
	total := a.answers()
	answered := answeredOf(total, a.Students, a.Left)
	if s.present && !a.Revealed {
		// Presenting, the teacher's screen is the wall's: it keeps the
		// split back until the reveal, as the projector's page does
		// (projectorView), where the room read it forming and could
		// follow the crowd.
		return s.wallPoll(a, []string{answered + " How many chose each answer shows once " + revealKey + " reveals the right one, as the room reads this screen (" + present.Key + " shows it now). " + revealKey + " reveals the right answer to everyone; esc ends the question."})
	}
	if s.present {
		return s.wallPoll(a, []string{fmt.Sprintf("The right answer: %d.", a.Right+1), answered + " Every student now sees the right answer and why; esc ends the question."})
	}
	paras := append([]string{a.Prompt, ""}, s.choiceBars(a, total)...)
	if a.Revealed {
		paras = append(paras, "", answered+" Every student now sees the right answer and why; esc ends the question.")
		if a.Explain != "" {
			paras = append(paras, "")
			paras = append(paras, explained(a.Explain)...)
		}
	} else {
		paras = append(paras, "", answered+" "+revealKey+" reveals the right answer to everyone; esc ends the question.")
	}
	return s.block(s.resultsTitle(a), paras)
}

// answers is how many answered a multiple-choice question.
func (a Asked) answers() int {
	total := 0
	for _, c := range a.Counts {
		total += c
	}
	return total
}

// choiceBars is each choice with a bar of how many of total chose it,
// the right one marked once revealed: the teacher's tally, and the
// projector's once the teacher has revealed it.
func (s *Session) choiceBars(a Asked, total int) []string {
	var paras []string
	barW := max(min(s.w-30, 40), 5)
	for i, c := range a.Choices {
		n := 0
		if total > 0 {
			n = a.Counts[i] * barW / total
		}
		right := ""
		if i == a.Right && a.Revealed {
			right = "  (right)"
		}
		paras = append(paras, fmt.Sprintf("%d. %s%s", i+1, c, right),
			fmt.Sprintf("   %s %d", strings.Repeat("█", n)+strings.Repeat("·", barW-n), a.Counts[i]))
	}
	return paras
}

// stepOf names q's step and which of its questions q is: "step 3, the
// prediction"; "" for a question of no lesson.
func stepOf(q Question) string {
	if q.lesson == nil {
		return ""
	}
	if q.Predict {
		return fmt.Sprintf("step %d, the prediction", q.step+1)
	}
	return fmt.Sprintf("step %d, the question", q.step+1)
}

// resultsTitle heads the teacher's poll: the lesson, the step and which
// of its questions, as wide as the window takes; a narrower one drops the
// lesson's title (the top line's tag names the step too), then the
// heading's words. At 80 columns the whole of it was cut at "the predi…".
func (s *Session) resultsTitle(a Asked) string {
	full := "The room answers: " + a.From
	if a.lesson == nil || ansi.StringWidth(full) < s.w {
		return full
	}
	step := stepOf(a.Question)
	if short := "The room answers: " + step; ansi.StringWidth(short) < s.w {
		return short
	}
	return "Answers: " + step
}

func (s *Session) askView(a Asked) string {
	if a.Number {
		return s.numberAskView(a)
	}
	paras := []string{a.Prompt, ""}
	for i, c := range a.Choices {
		paras = append(paras, fmt.Sprintf("%d. %s", i+1, c))
	}
	paras = append(paras, "")
	if s.choiceTypoSeq == a.Seq && s.choiceTypo != "" {
		paras = append(paras, s.choiceTypo, "")
	}
	if s.answeredSeq == a.Seq {
		paras = append(paras, fmt.Sprintf("Your answer: %d. Another number changes it; esc puts the question aside. Only the count of each answer is shown to the teacher.", s.answered+1))
	} else {
		paras = append(paras, fmt.Sprintf("Press 1-%d to answer, esc to put the question aside. The teacher sees how many chose each answer, not who.", len(a.Choices)))
	}
	if note := s.keptNote(a); note != "" {
		paras = append(paras, "", note)
	}
	return s.block("The teacher asks", paras)
}

// revealTitle heads a student's page once the teacher has revealed the
// answer. It is the simulation's answer, not the teacher's opinion: "The
// teacher's answer" read as the latter to a room.
const revealTitle = "What the run shows · esc goes back"

// revealView is a student's question once the teacher has shown the
// answer: the right one marked in words, the why of the student's own
// choice when it was wrong, then the explanation, which is the longest and
// so comes last.
func (s *Session) revealView(a Asked) string {
	if a.Number {
		return s.numberRevealView(a)
	}
	mine := -1
	if s.answeredSeq == a.Seq {
		mine = s.answered
	}
	paras := []string{a.Prompt, ""}
	for i, c := range a.Choices {
		var marks []string
		if i == a.Right {
			marks = append(marks, "right")
		}
		if i == mine {
			marks = append(marks, "your answer")
		}
		line := fmt.Sprintf("%d. %s", i+1, c)
		if len(marks) > 0 {
			line += "  (" + strings.Join(marks, ", ") + ")"
		}
		paras = append(paras, line)
	}
	right := fmt.Sprintf("The right answer: %d.", a.Right+1)
	switch {
	case mine == a.Right:
		paras = append(paras, "", right+" You chose it.")
	case mine >= 0:
		why := fmt.Sprintf("You chose %d.", mine+1)
		if mine < len(a.Whys) && a.Whys[mine] != "" {
			why += " Why not: " + strings.Join(strings.Fields(strings.Join(flatten(a.Whys[mine]), " ")), " ")
		}
		paras = append(paras, "", right, why)
	default:
		paras = append(paras, "", right, closedUnanswered("answer"))
	}
	if a.Explain != "" {
		paras = append(paras, "")
		paras = append(paras, explained(a.Explain)...)
	}
	return s.block(revealTitle, paras)
}

// closedUnanswered tells a student who gave no answer (or number) that
// the reveal closed the answers: a late key did nothing on the screen,
// and nothing said why.
func closedUnanswered(what string) string {
	return "You gave no " + what + " before the reveal, and the answers are closed now."
}

// explained is an explanation as paragraphs, the first led by "Why: ".
func explained(md string) []string {
	ps := flatten(md)
	ps[0] = "Why: " + ps[0]
	return ps
}

// numberedItem is the first line of a numbered list's item: "1. ", "12) ".
var numberedItem = regexp.MustCompile(`^\d{1,9}[.)] `)

// flatten turns a lesson's Markdown into plain paragraphs for block: its
// lines joined, a blank line kept between paragraphs, each list item (a
// bullet's or a numbered one) a paragraph of its own, emphasis marks taken
// out. It always returns at least one paragraph.
func flatten(md string) []string {
	md = strings.NewReplacer("**", "", "__", "", "`", "").Replace(md)
	var out []string
	cur := ""
	end := func() {
		if cur != "" {
			out = append(out, cur)
			cur = ""
		}
	}
	for _, l := range strings.Split(md, "\n") {
		l = strings.TrimSpace(l)
		switch {
		case l == "":
			end()
			if len(out) > 0 && out[len(out)-1] != "" {
				out = append(out, "")
			}
		case strings.HasPrefix(l, "- ") || strings.HasPrefix(l, "* "):
			end()
			cur = "• " + l[2:]
		case numberedItem.MatchString(l):
			// A numbered item keeps its number: the reveal counts its
			// designs or steps by it ("2. A bulkhead caps ...").
			end()
			cur = l
		case cur == "":
			cur = l
		default:
			cur += " " + l
		}
	}
	end()
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	if len(out) == 0 {
		return []string{""}
	}
	return out
}

// answeredOf is the teacher's count of a poll's answers, for a question
// and a number alike: "2 of 3 students answered", and of a room of one "1
// of 1 student answered", the noun the room's (pane.Counted). left of
// them answered and have left the room since: their answers count, and
// the teacher, who sees fewer in the room, reads why.
func answeredOf(answered, students, left int) string {
	gone := ""
	if left > 0 {
		gone = fmt.Sprintf(" (%d of them since left)", left)
	}
	return pane.Count(answered) + " of " + pane.Counted(students, "student", "students") + " answered" + gone + "; nobody's name is kept."
}
