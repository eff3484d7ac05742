package serve

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/tui/lessonui"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// The lesson's last screen, on the teacher's terminal, showed the
// teacher's own score ("Score: 0 of 4 questions right", the m line naming
// the questions to review): a rehearsal's, or none, and never what the
// room had answered, which is what a teacher puts on the projector at the
// end. The teacher's screen shows instead, for each of the lesson's
// questions put to the room, its counts as ctrl+l lists them (tally.go),
// in the order asked, and the last screen's keys, which the player behind
// still takes: enter opens the next lesson, p goes back to the last step.

// lessonAnswers are the lines of the questions put to the room from the
// lesson whose progress key is key, in the order asked, the open one
// last: counts only, never who.
func (r *Room) lessonAnswers(key string) []tallied {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []tallied
	for _, t := range r.tallies {
		if t.lesson == key {
			out = append(out, t)
		}
	}
	if q := r.question; q != nil && q.q.lesson != nil && q.q.lesson.ProgressKey() == key {
		out = append(out, tallyLocked(q))
	}
	return out
}

// roomEndView is the teacher's lesson-end page, when the teacher's own
// player shows the lesson's last screen; ok is false otherwise.
func (s *Session) roomEndView() (string, bool) {
	if !s.teacher || s.mode != onHome || s.w <= 0 || s.h <= 0 {
		return "", false
	}
	p, ok := s.home.Lessons()
	if !ok {
		return "", false
	}
	end, ok := p.EndShown()
	if !ok {
		return "", false
	}
	return strings.Join(pane.Block(s.roomEndLines(end), s.w, s.viewH()), "\n"), true
}

// roomEndLines lays the page out in the window's height: the title, the
// keys and the first of the room's answers always, then as many more as
// fit, with how many are left out and where they are listed.
func (s *Session) roomEndLines(end lessonui.EndScreen) []string {
	l := end.Lesson
	name := l.Title
	if l.Number > 0 {
		name = fmt.Sprintf("Lesson %d", l.Number)
	}
	width := max(s.w-blockIndent, 10)
	wrap := func(p string) []string {
		// A bullet's lines go on under its text, not under the bullet.
		text, bullet := strings.CutPrefix(p, "• ")
		lead, first := "   ", "   "
		if bullet {
			lead, first = "     ", "   • "
		}
		out := pane.Wrap(text, width-len(lead)+3)
		for i, w := range out {
			if i == 0 {
				out[i] = first + w
			} else {
				out[i] = lead + w
			}
		}
		return out
	}
	title := name + ", the end: what the room answered"
	if ansi.StringWidth(title) >= s.w {
		title = "The room's answers"
	}
	head := []string{"", " " + s.th.Title.Render(title), ""}

	var keys []string
	switch {
	case end.Preparing:
		keys = append(keys, "Preparing the next lesson…")
	case end.Next != nil:
		keys = append(keys, fmt.Sprintf("enter opens the next lesson, %d · %s.", end.Next.Number, end.Next.Title))
	}
	keys = append(keys, "p goes back to the last step; q closes the lesson.")
	var foot []string
	for _, k := range keys {
		foot = append(foot, wrap(k)...)
	}

	answers := s.room.lessonAnswers(l.ProgressKey())
	var body [][]string
	if len(answers) == 0 {
		body = append(body, wrap("The room was asked none of this lesson's questions: "+askKey+" on a step puts its prediction, then its question, to the room."))
	} else {
		body = append(body, wrap("Counts only, never who answered what, in the order asked:"))
		for _, t := range answers {
			body = append(body, wrap("• "+t.step+": "+t.counts))
		}
	}

	room := s.viewH() - len(head) - 1 - len(foot) // a blank line before the keys
	out := append([]string(nil), head...)
	for i, b := range body {
		left := len(body) - i - 1
		need := len(b)
		if left > 0 {
			need++ // the line that says how many more there are, if the next does not fit
		}
		if i > 1 && need > room {
			out = append(out, wrap(fmt.Sprintf("and %s more: %s lists them all.", plural(len(body)-i, "question", "questions"), rollKey))...)
			break
		}
		out = append(out, b...)
		room -= len(b)
	}
	out = append(out, "")
	return append(out, foot...)
}
