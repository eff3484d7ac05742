package lessonui

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	xansi "github.com/charmbracelet/x/ansi"
)

// textCache renders the steps' Markdown (markdown.go), once per step and
// width: every rendering is kept, so a frame of animation never renders
// Markdown.
type textCache struct {
	styles mdStyles
	done   map[textKey]string
	// base is the text column's lines as drawBase last drew them, and
	// baseKey what they were drawn from (view.go's keptBase).
	base    []string
	baseKey string
	// panel is the prediction's panel as drawPredictPanel last drew it,
	// and panelOf what it was drawn from (keptPanel): while a step plays
	// to its pause the panel reads the same on every frame and layout,
	// and each drawing wrapped its words again.
	panel   []string
	panelOf panelKey
	panelOK bool
}

// panelKey is everything the prediction's panel is drawn from besides
// the theme (the cache's own, as its styles are) and the step's file,
// which the step names: the step, the text's width and the prediction's
// state, whole (its order a copy of its own).
type panelKey struct {
	step, width  int
	ps           predictState
	teacherPlays bool // renderPredictWait's words for a paused follower
}

// same says whether k and o draw the same panel. The state is compared
// field by field, every field (reflect.DeepEqual), so that a field added
// to predictState is in the key without a word here.
func (k panelKey) same(o panelKey) bool {
	return k.step == o.step && k.width == o.width && k.teacherPlays == o.teacherPlays && reflect.DeepEqual(k.ps, o.ps)
}

// textKey names one rendering: a step's text, or (reveal) the reveal of
// its prediction, at a width.
type textKey struct {
	step, width int
	reveal      bool
}

func newTextCache(th *theme.Theme) *textCache {
	// The inks come from the theme, so NO_COLOR changes how the text looks
	// and never how it is laid out.
	return &textCache{styles: newMDStyles(th), done: map[textKey]string{}}
}

// get returns a step's rendering at a width, if it has been made.
func (c *textCache) get(step, width int) (string, bool) {
	s, ok := c.done[textKey{step: step, width: width}]
	return s, ok
}

// getReveal returns the rendering of a step's reveal, if it has been made.
func (c *textCache) getReveal(step, width int) (string, bool) {
	s, ok := c.done[textKey{step: step, width: width, reveal: true}]
	return s, ok
}

// ensure renders a step's Markdown at a width unless it already has.
func (c *textCache) ensure(step int, md string, width int) {
	c.render(textKey{step: step, width: max(width, 1)}, md)
}

// ensureReveal renders a step's reveal at a width unless it already has.
func (c *textCache) ensureReveal(step int, md string, width int) {
	c.render(textKey{step: step, width: max(width, 1), reveal: true}, md)
}

// render renders Markdown for a key once.
func (c *textCache) render(k textKey, md string) {
	if _, ok := c.done[k]; ok {
		return
	}
	c.done[k] = strings.Join(renderMarkdown(md, k.width, c.styles), "\n")
}

// keptPanel is the panel draw draws for key, drawn again only when key
// is not the one the kept panel was drawn from.
func (c *textCache) keptPanel(key panelKey, draw func() []string) []string {
	if !c.panelOK || !c.panelOf.same(key) {
		key.ps.order = slices.Clone(key.ps.order) // the key's own: no later change to the state's moves it
		c.panel, c.panelOf, c.panelOK = draw(), key, true
	}
	return c.panel[:len(c.panel):len(c.panel)] // an append copies
}

// wrapText wraps plain text (which may hold styled runs) at a width between
// words only, keeping a number with its unit (the rules of markdown.go), for
// the lines the player writes itself: the question, its choices, feedback.
func wrapText(s string, width int) []string {
	cells := make([]cell, 0, len(s)) // a cell per rune at most
	for _, seg := range splitStyled(s) {
		for _, c := range seg.text {
			if c == '\n' {
				cells = append(cells, cell{nl: true})
				continue
			}
			cells = append(cells, cell{r: c, w: runeWidth(c), ink: seg.ink, brk: c == ' '})
		}
	}
	markUnbreakable(cells)
	lines := wrapCells(cells, width, width)
	if len(lines) == 0 {
		return []string{""}
	}
	return lines
}

// questionState is how far the learner has got with a step's question.
type questionState struct {
	order    []int                // shown position -> index of the choice in the file
	picked   int                  // the choice picked last, from 0 in the file's order; -1 for none
	in       playback.NumberField // the number being typed
	right    bool
	tries    int
	feedback string
	bad      bool // the feedback reports a wrong answer or a typing error
	// given says the answer is the presenter's, shown to a follower or a
	// recording (givenState): nobody on this screen answered it.
	given bool
	// earlier says the right answer was read from the progress file,
	// given in an earlier session (a teacher's rehearsal): a room has not
	// answered it, so presentation mode asks it and a classroom's
	// followers see it open (State) until a asks it again here
	// (takeAgain) and it is answered.
	earlier bool
}

// renderQuestion draws a step's question and its feedback at a width.
func renderQuestion(th *theme.Theme, q *lessons.PreparedQuestion, st questionState, width int) []string {
	if q == nil || width <= 0 {
		return nil
	}
	wrap := func(s string, indent int) []string {
		lines := wrapText(s, max(width-indent, 1))
		for i := range lines {
			lines[i] = strings.Repeat(" ", indent) + lines[i]
		}
		return lines
	}
	out := []string{th.Accent.Render(strings.Repeat("─", max(width, 1)))}
	out = append(out, wrap(th.Bold.Render("Question: ")+pane.JoinLines(q.Prompt), 0)...)
	out = append(out, "")
	switch q.Kind {
	case lessons.Choice:
		for n, i := range shownOrder(st.order, len(q.Choices)) {
			c := q.Choices[i]
			mark := fmt.Sprintf("%d)", n+1)
			text := pane.JoinLines(c.Text)
			switch {
			case st.picked == i && c.Right:
				mark, text = th.Good.Bold(true).Render("✓ "+mark), th.Good.Render(text)
			case st.picked == i:
				mark, text = th.Bad.Bold(true).Render("✗ "+mark), th.Bad.Render(text)
			case st.right && c.Right:
				mark = th.Good.Render("✓ " + mark)
			default:
				mark = "  " + th.Key.Render(mark)
			}
			lines := wrap(text, 6)
			lines[0] = xansi.Truncate(mark+"  ", 6, "") + strings.TrimPrefix(lines[0], "      ")
			out = append(out, lines...)
		}
	case lessons.Number:
		box := st.in.Input
		if !st.right {
			box = st.in.Box("▏")
		}
		head := "Your answer: "
		if st.given {
			head = "The answer: "
		}
		line := th.Bold.Render(head) + th.Selected.Render(" "+box+" ")
		if q.Unit != "" {
			line += " " + q.Unit
		}
		out = append(out, wrap(line, 0)...)
		if note := answerNote(q, st); note != "" {
			out = append(out, wrap(th.Warn.Render(note), 0)...)
		}
	}
	if st.feedback != "" {
		out = append(out, "")
		style := th.Good
		if st.bad {
			style = th.Bad
		}
		out = append(out, wrap(style.Render(pane.JoinLines(st.feedback)), 0)...)
	}
	out = append(out, "")
	hint := "Press the number of your answer."
	switch {
	case st.given:
		hint = "Press a to answer it yourself."
	case st.right:
		hint = "Press a to take this question again."
	case q.Kind == lessons.Number:
		hint = "Type a number and press enter."
	}
	out = append(out, wrap(th.Dim.Render(hint), 0)...)
	return out
}

// answerNote is the note under a number question's box while it is
// answered: what was left out, what the answer reads, what enter does
// (playback.NumberField.Note). The player and the presenter's view
// (questionAsk) show this one note, the projector without the keys that
// edit it (roomNote).
func answerNote(q *lessons.PreparedQuestion, st questionState) string {
	if st.right || st.given {
		return ""
	}
	return st.in.Note("answer", q.Unit)
}

// shownOrder is the order to show n choices in: the shuffled one, or the
// file's when there is none.
func shownOrder(order []int, n int) []int {
	if len(order) == n {
		return order
	}
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}
