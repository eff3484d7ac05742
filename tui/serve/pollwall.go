package serve

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/tui/present"
	"github.com/charmbracelet/x/ansi"
)

// A teacher in presentation mode has their screen on the wall, and their
// poll page with it. It was the small page of their own screen (the
// normal theme, a line a paragraph from the top left) between a lesson
// step drawn in the projector's large layout before it and after it: the
// room at the back read neither the question nor the count. Presenting,
// the page is drawn as presentation mode draws a step's question
// (present.View, in its high-contrast theme): how many have answered in
// big digits, the question and its choices centred, then the answer
// lines and the explanation, the last key in the corner.

// wallPoll is the presenting teacher's page of the open question a: the
// teacher's own words (lines) under the question and its choices, and
// once revealed how many chose each, the right one marked.
func (s *Session) wallPoll(a Asked, lines []string) string {
	answered := a.answers()
	if a.Number {
		answered = len(a.Guesses)
	}
	mo := present.Moment{Title: s.wallTitle(a), Value: answered, Of: a.Students, Label: "answered"}
	ask := &present.Ask{Prompt: a.Prompt}
	var chose []string
	for i, c := range a.Choices {
		line := fmt.Sprintf("%d) %s", i+1, c)
		if a.Revealed {
			mark := "  "
			if i == a.Right {
				mark = "✓ "
			}
			line = mark + line
			chose = append(chose, fmt.Sprintf("%d) %d", i+1, a.Counts[i]))
		}
		ask.Choices = append(ask.Choices, line)
	}
	if len(chose) > 0 {
		// One line under the choices: a count after each choice wrapped
		// a line of its own at 80 columns.
		ask.Lines = append(ask.Lines, "How many chose each: "+strings.Join(chose, " · ")+".")
	}
	ask.Lines = append(ask.Lines, lines...)
	if a.Revealed && a.Explain != "" {
		// Left out first where the window is short (present.View).
		ask.Reveal = strings.Join(explained(a.Explain), " ")
	}
	mo.Ask = ask
	return present.View(s.pth, mo, s.keys.Last, s.w, s.viewH())
}

// wallWidth is how wide a line of the wall's page may be at a window w
// wide: present.View wraps the question's lines at 4 cells less, and at
// 110 at most.
func wallWidth(w int) int { return max(min(w-4, 110), 10) }

// wallTitle heads the wall's page on its top line, beside the room's tag,
// which takes its right end in its fullest form (over a poll, whether the
// room is still with the question is what the teacher reads there): the
// fullest form of the title the tag leaves whole, or none, the tag naming
// the step, where the lesson's title was cut mid-word ("The room
// answers: Timeouts: the").
func (s *Session) wallTitle(a Asked) string {
	room := s.w - tagWidth(s.tag()) - 1 // present.View's lead space
	for _, f := range wallTitles(s.resultsTitle(a), a) {
		if ansi.StringWidth(f) <= room {
			return f
		}
	}
	return ""
}

// wallTitles are the forms of the wall page's title, the fullest first.
func wallTitles(full string, a Asked) []string {
	step := stepOf(a.Question)
	if step == "" {
		return []string{full, "The room answers"}
	}
	return []string{full, "The room answers: " + step, "Answers: " + step, "The room answers"}
}
