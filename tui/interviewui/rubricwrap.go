package interviewui

import (
	"strings"

	"github.com/breakerlab/breakerlab/tui/pane"
)

// rubricWrap is the whole rubric's text (rubricLines) wrapped and styled
// at the width w, for the prompt it was wrapped for. The text never
// changes while the rubric is graded, but wrapping it (pane.Wrap, a
// regexp for each point that quotes a number) was most of a key's frame:
// Update wraps it once per width (wrapRubric) and View only puts each
// point's marks before its lines. The grades change a point's style, not
// its lines, so both styles are kept and a grade wraps nothing.
type rubricWrap struct {
	w      int
	prompt string
	ok     bool
	points []wrappedPoint
}

// wrappedPoint is one point of the rubric as rubricLines draws it, but
// for the marks before its first line: its text in the style of a point
// said and of one not said, the lines after the first already indented,
// then the lines under it (what the answer wrote of it, its warnings),
// which no grade changes.
type wrappedPoint struct {
	said, unsaid []string
	under        []string
}

// wrapRubric is the rubric wrapped for the width w (rubricWrap).
func (m Model) wrapRubric(w int) rubricWrap {
	r := rubricWrap{w: w, prompt: m.prompt.ID, ok: true, points: make([]wrappedPoint, len(m.prompt.Points))}
	pad := " " + strings.Repeat(" ", 10)
	answer := m.area.Value()
	for i, p := range m.prompt.Points {
		wp := &r.points[i]
		for k, l := range pane.Wrap(p.Text, max(w-11, 1)) {
			said, unsaid := m.th.Text.Render(l), m.th.Subtitle.Render(l)
			if k > 0 {
				said, unsaid = pad+said, pad+unsaid
			}
			wp.said, wp.unsaid = append(wp.said, said), append(wp.unsaid, unsaid)
		}
		// Where the answer has the point's words: the sentence, the
		// evidence to grade by.
		if i < len(m.pointSpans) && len(m.pointSpans[i]) > 0 {
			if sn := snippet(answer, m.pointSpans[i][0], w-11-len("you wrote: “”")); sn != "" {
				wp.under = append(wp.under, pad+m.th.Dim.Render("you wrote: “"+sn+"”"))
			}
		}
		for _, wn := range m.warningsOf(i) {
			for _, l := range pane.Wrap(warnGlyph+" "+wn, max(w-11, 1)) {
				wp.under = append(wp.under, pad+m.th.Bad.Render(l))
			}
		}
	}
	return r
}

// fits says whether r is the rubric of m wrapped for the width w.
func (r rubricWrap) fits(m Model, w int) bool {
	return r.ok && r.w == w && r.prompt == m.prompt.ID && len(r.points) == len(m.prompt.Points)
}

// wrappedRubric wraps the rubric for the main column's width while it is
// graded, when it was wrapped for another width or another answer (the
// hand-in clears it).
func (m Model) wrappedRubric() Model {
	if m.phase != grading || m.w <= 0 || m.h <= 0 {
		return m
	}
	if w, _ := m.layout(); !m.rubric.fits(m, w) {
		m.rubric = m.wrapRubric(w)
	}
	return m
}
