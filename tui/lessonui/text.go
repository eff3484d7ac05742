package lessonui

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/glamour"
	"github.com/charmbracelet/glamour/ansi"
	"github.com/charmbracelet/glamour/styles"
	xansi "github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
)

// textCache renders the steps' Markdown with glamour, once per step and
// width: a renderer is built per width and every rendering is kept, so a
// frame of animation never renders Markdown.
type textCache struct {
	profile   termenv.Profile
	styles    ansi.StyleConfig
	renderers map[int]*glamour.TermRenderer
	done      map[textKey]string
}

// textKey names one rendering: a step's text, or (reveal) the reveal of
// its prediction, at a width.
type textKey struct {
	step, width int
	reveal      bool
}

func newTextCache(th *theme.Theme) *textCache {
	// One style with or without colour, so that NO_COLOR changes how the
	// text looks and never how it is laid out: the ASCII profile drops the
	// colours and keeps the rest.
	c := &textCache{profile: th.R.ColorProfile(), renderers: map[int]*glamour.TermRenderer{}, done: map[textKey]string{}}
	c.styles = styles.DarkStyleConfig
	// The player's pane is narrow: no margin around the document or code.
	zero := uint(0)
	c.styles.Document.Margin = &zero
	c.styles.CodeBlock.Margin = &zero
	return c
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

// render renders Markdown for a key once. A failure falls back to the
// plain text, wrapped.
func (c *textCache) render(k textKey, md string) {
	width := k.width
	if _, ok := c.done[k]; ok {
		return
	}
	r, ok := c.renderers[width]
	if !ok {
		var err error
		r, err = glamour.NewTermRenderer(
			glamour.WithStyles(c.styles),
			glamour.WithWordWrap(width),
			glamour.WithColorProfile(c.profile),
		)
		if err != nil {
			r = nil
		}
		c.renderers[width] = r
	}
	out := ""
	if r != nil {
		if s, err := r.Render(glued(joinListLines(md))); err == nil {
			out = unglued(s)
		}
	}
	if out == "" {
		out = xansi.Wrap(md, width, "")
	}
	c.done[k] = strings.Trim(out, "\n")
}

// joinListLines puts each list item of a Markdown text on one line: glamour
// keeps the line breaks inside an item instead of reflowing them. A line
// continues an item when it is indented and follows the item's text,
// outside code blocks.
func joinListLines(md string) string {
	lines := strings.Split(md, "\n")
	out := make([]string, 0, len(lines))
	inItem, inCode := false, false
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			inCode = !inCode
			inItem = false
			out = append(out, l)
			continue
		}
		switch {
		case inCode || t == "":
			inItem = false
		case isListItem(t) && !strings.HasPrefix(l, "  "):
			inItem = true
		case inItem && strings.HasPrefix(l, "  ") && !isListItem(t):
			out[len(out)-1] += " " + t
			continue
		default:
			inItem = isListItem(t)
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// isListItem reports whether a trimmed line starts a list item: "- ", "* ",
// "+ " or "1. ".
func isListItem(t string) bool {
	if strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "* ") || strings.HasPrefix(t, "+ ") {
		return true
	}
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	return i > 0 && i+1 < len(t) && t[i] == '.' && t[i+1] == ' '
}

// unitSpace matches the space between a number and its unit ("24 s",
// "41 %", "1 in 28"), which keepTogether makes non-breaking so that a
// narrow column never puts the unit on the next line.
var unitSpace = regexp.MustCompile(`\d (s|ms|min|h)\b|\d %|\d in \d`)

func keepTogether(s string) string {
	return unitSpace.ReplaceAllStringFunc(s, func(m string) string {
		return strings.ReplaceAll(m, " ", "\u00a0")
	})
}

// glue stands in for those spaces while glamour wraps: its word wrapper
// breaks at a non-breaking space too, but not at a private-use character,
// which is turned back into a space afterwards.
const glue = "\ue000"

func glued(s string) string   { return strings.ReplaceAll(keepTogether(s), "\u00a0", glue) }
func unglued(s string) string { return strings.ReplaceAll(s, glue, " ") }

// questionState is how far the learner has got with a step's question.
type questionState struct {
	order    []int // shown position -> index of the choice in the file
	picked   int   // the choice picked last, from 0 in the file's order; -1 for none
	input    string
	right    bool
	tries    int
	feedback string
	bad      bool // the feedback reports a wrong answer or a typing error
}

// renderQuestion draws a step's question and its feedback at a width.
func renderQuestion(th *theme.Theme, q *lessons.PreparedQuestion, st questionState, width int) []string {
	if q == nil || width <= 0 {
		return nil
	}
	wrap := func(s string, indent int) []string {
		lines := strings.Split(xansi.Wrap(keepTogether(s), max(width-indent, 1), ""), "\n")
		for i := range lines {
			lines[i] = strings.Repeat(" ", indent) + lines[i]
		}
		return lines
	}
	out := []string{th.Accent.Render(strings.Repeat("─", max(width, 1)))}
	out = append(out, wrap(th.Bold.Render("Question: ")+q.Prompt, 0)...)
	out = append(out, "")
	switch q.Kind {
	case lessons.Choice:
		for n, i := range shownOrder(st.order, len(q.Choices)) {
			c := q.Choices[i]
			mark := fmt.Sprintf("%d)", n+1)
			text := c.Text
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
		box := st.input
		if !st.right {
			box += "▏"
		}
		line := th.Bold.Render("Your answer: ") + th.Selected.Render(" "+box+" ")
		if q.Unit != "" {
			line += " " + q.Unit
		}
		out = append(out, wrap(line, 0)...)
	}
	if st.feedback != "" {
		out = append(out, "")
		style := th.Good
		if st.bad {
			style = th.Bad
		}
		out = append(out, wrap(style.Render(st.feedback), 0)...)
	}
	out = append(out, "")
	hint := "Press the number of your answer."
	switch {
	case st.right:
		hint = "Press a to take this question again."
	case q.Kind == lessons.Number:
		hint = "Type a number and press enter."
	}
	out = append(out, wrap(th.Dim.Render(hint), 0)...)
	return out
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
