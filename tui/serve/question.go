package serve

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/pane"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Room questions: the teacher puts one of the lessons' multiple-choice
// questions to the room (ctrl+a); every student's screen shows it until
// they answer (1-9) or put it aside (esc); the teacher sees how many chose
// each answer, never who. The numbers in a question are the engine's, as
// the lesson player fills them (lessons.Prepare).

// askKey opens the teacher's question list.
const askKey = "ctrl+a"

// Question is a multiple-choice question put to the room.
type Question struct {
	From    string // the lesson and step it comes from
	Prompt  string
	Choices []string
	Right   int // the right choice, from 0
}

// questionState is the room's open question and its answers.
type questionState struct {
	q       Question
	seq     int
	counts  []int
	answers map[*Member]int
}

// Ask puts q to the room, replacing any open question.
func (r *Room) Ask(q Question) {
	r.mu.Lock()
	defer r.mu.Unlock()
	seq := 1
	if r.question != nil {
		seq = r.question.seq + 1
	}
	r.question = &questionState{q: q, seq: seq, counts: make([]int, len(q.Choices)), answers: map[*Member]int{}}
	r.notifyLocked(false)
}

// EndQuestion closes the open question.
func (r *Room) EndQuestion() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.question != nil {
		r.question = nil
		r.notifyLocked(false)
	}
}

// Answer records m's choice (from 0) to question seq; a student may change
// their answer, and is counted once.
func (r *Room) Answer(m *Member, seq, choice int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	q := r.question
	if q == nil || q.seq != seq || choice < 0 || choice >= len(q.counts) || m.teacher {
		return
	}
	if old, ok := q.answers[m]; ok {
		q.counts[old]--
	}
	q.answers[m] = choice
	q.counts[choice]++
	r.notifyLocked(true)
}

// OpenQuestion is the open question, its number, a copy of the counts per
// choice, and how many students are in the room; ok is false when none is
// open.
func (r *Room) OpenQuestion() (q Question, seq int, counts []int, students int, ok bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for m := range r.members {
		if !m.teacher {
			students++
		}
	}
	if r.question == nil {
		return Question{}, 0, nil, students, false
	}
	return r.question.q, r.question.seq, append([]int(nil), r.question.counts...), students, true
}

// lessonQuestions are the lessons' multiple-choice questions, numbers
// filled in.
func lessonQuestions(all []*lessons.Lesson) ([]Question, error) {
	lab := lessons.NewLab()
	var qs []Question
	for _, l := range all {
		p, err := lessons.Prepare(l, lab)
		if err != nil {
			return nil, fmt.Errorf("preparing %s: %w", l.ID, err)
		}
		for i, st := range p.Steps {
			pq := st.Question
			if pq == nil || pq.Kind != lessons.Choice {
				continue
			}
			q := Question{From: fmt.Sprintf("%s, step %d", l.Title, i+1), Prompt: pq.Prompt, Right: -1}
			for j, c := range pq.Choices {
				q.Choices = append(q.Choices, c.Text)
				if c.Right && q.Right < 0 {
					q.Right = j
				}
			}
			qs = append(qs, q)
		}
	}
	return qs, nil
}

// questionsMsg carries the teacher's question list.
type questionsMsg struct {
	qs  []Question
	err error
	// all are the lessons the questions came from, and loadErr why
	// loading them failed, for the session to keep.
	all     []*lessons.Lesson
	loadErr error
}

// picker is the teacher's list of questions to ask.
type picker struct {
	qs      []Question
	cursor  int
	loading bool
	err     string
}

// openPicker starts loading the questions in a command.
func (s *Session) openPicker() tea.Cmd {
	s.pick = &picker{loading: true}
	// Parsing the lessons, when no screen has yet, happens in the command
	// too: the teacher's screen keeps drawing meanwhile.
	all, load, loadErr := s.lessons, s.loadLessons, s.lessonsErr
	return func() tea.Msg {
		if all == nil && load != nil {
			all, loadErr = load()
		}
		if all == nil && loadErr != nil {
			return questionsMsg{err: loadErr, loadErr: loadErr}
		}
		qs, err := lessonQuestions(all)
		return questionsMsg{qs: qs, err: err, all: all, loadErr: loadErr}
	}
}

// teacherQuestionKey handles the teacher's keys while the picker or a
// question is open; handled is false when neither is.
func (s *Session) teacherQuestionKey(k tea.KeyMsg) (handled bool, cmd tea.Cmd) {
	ks := k.String()
	if _, _, _, _, open := s.room.OpenQuestion(); open {
		switch ks {
		case "esc":
			s.room.EndQuestion()
		case "r":
			s.reveal = !s.reveal
		case "ctrl+c":
			s.room.EndQuestion()
			return true, tea.Quit
		}
		return true, nil
	}
	p := s.pick
	if p == nil {
		return false, nil
	}
	switch ks {
	case "esc":
		s.pick = nil
	case "ctrl+c":
		return true, tea.Quit
	case "up", "k":
		if n := len(p.qs); n > 0 {
			p.cursor = (p.cursor + n - 1) % n
		}
	case "down", "j":
		if n := len(p.qs); n > 0 {
			p.cursor = (p.cursor + 1) % n
		}
	case "enter":
		if p.cursor < len(p.qs) {
			s.room.Ask(p.qs[p.cursor])
			s.pick, s.reveal = nil, false
		}
	}
	return true, nil
}

// studentQuestionKey handles a student's keys while a question they have
// not put aside is open.
func (s *Session) studentQuestionKey(k tea.KeyMsg) (handled bool, cmd tea.Cmd) {
	q, seq, _, _, open := s.room.OpenQuestion()
	if !open || seq == s.setAside {
		return false, nil
	}
	switch ks := k.String(); {
	case ks == "esc":
		s.setAside = seq
	case ks == "ctrl+c":
		return true, tea.Quit
	case len(k.Runes) == 1 && k.Runes[0] >= '1' && k.Runes[0] <= '9':
		if n := int(k.Runes[0] - '1'); n < len(q.Choices) {
			s.room.Answer(s.me, seq, n)
			s.answered, s.answeredSeq = n, seq
		}
	}
	return true, nil
}

// questionView is the screen a question takes: the teacher's picker or
// results, or the student's question; ok is false when none shows.
func (s *Session) questionView() (string, bool) {
	q, seq, counts, students, open := s.room.OpenQuestion()
	switch {
	case s.teacher && open:
		return s.resultsView(q, counts, students), true
	case s.teacher && s.pick != nil:
		return s.pickerView(), true
	case !s.teacher && open && seq != s.setAside:
		return s.askView(q, seq), true
	}
	return "", false
}

// block lays lines out in the window, wrapping each to its width less the
// indent.
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
		for j, l := range pane.Wrap(p[hang:], max(s.w-6-hang, 10)) {
			lead := strings.Repeat(" ", hang)
			if j == 0 {
				lead = p[:hang]
			}
			lines = append(lines, "   "+lead+l)
		}
	}
	out := pane.Block(lines, s.w, s.h)
	for i, l := range out {
		if ansi.StringWidth(l) > s.w {
			out[i] = ansi.Truncate(l, s.w, "")
		}
	}
	return strings.Join(out, "\n")
}

func (s *Session) pickerView() string {
	p := s.pick
	switch {
	case p.loading:
		return s.block("Ask the room", []string{"Reading the lessons' questions…"})
	case p.err != "":
		return s.block("Ask the room", []string{p.err, "", "esc goes back."})
	case len(p.qs) == 0:
		return s.block("Ask the room", []string{"The lessons have no multiple-choice questions.", "", "esc goes back."})
	}
	paras := []string{"↑/↓ choose · enter asks everyone · esc goes back", ""}
	// A window of the list around the cursor.
	room := max(s.h-8, 3)
	from := max(min(p.cursor-room/2, len(p.qs)-room), 0)
	for i := from; i < min(from+room, len(p.qs)); i++ {
		mark := "  "
		if i == p.cursor {
			mark = "▸ "
		}
		line := mark + p.qs[i].Prompt
		paras = append(paras, ansi.Truncate(line, max(s.w-6, 10), "…"))
	}
	if p.cursor < len(p.qs) {
		paras = append(paras, "", "From "+p.qs[p.cursor].From+".")
	}
	return s.block("Ask the room", paras)
}

func (s *Session) resultsView(q Question, counts []int, students int) string {
	total := 0
	for _, c := range counts {
		total += c
	}
	paras := []string{q.Prompt, ""}
	barW := max(min(s.w-30, 40), 5)
	for i, c := range q.Choices {
		n := 0
		if total > 0 {
			n = counts[i] * barW / total
		}
		right := ""
		if i == q.Right && s.reveal {
			right = "  (right)"
		}
		paras = append(paras, fmt.Sprintf("%d. %s%s", i+1, c, right),
			fmt.Sprintf("   %s %d", strings.Repeat("█", n)+strings.Repeat("·", barW-n), counts[i]))
	}
	paras = append(paras, "", fmt.Sprintf("%d of %d students answered; nobody's name is kept. r shows the right answer; esc ends the question.", total, students))
	return s.block("The room answers: "+q.From, paras)
}

func (s *Session) askView(q Question, seq int) string {
	paras := []string{q.Prompt, ""}
	for i, c := range q.Choices {
		paras = append(paras, fmt.Sprintf("%d. %s", i+1, c))
	}
	paras = append(paras, "")
	if s.answeredSeq == seq {
		paras = append(paras, fmt.Sprintf("Your answer: %d. Another number changes it; esc puts the question aside. Only the count of each answer is shown to the teacher.", s.answered+1))
	} else {
		paras = append(paras, fmt.Sprintf("Press 1-%d to answer, esc to put the question aside. The teacher sees how many chose each answer, not who.", len(q.Choices)))
	}
	return s.block("The teacher asks", paras)
}
