package interviewui

import (
	"strings"

	"github.com/breakerlab/breakerlab/tui/pane"
)

// rubricWrap is the whole rubric's text (rubricLines) wrapped and styled
// for the main column's width w, and each point's column beside the
// answer (pointLines) for the point's width pw, for the prompt it was
// wrapped for. The text never changes while the rubric is graded, but
// wrapping it (pane.Wrap, a regexp for each point that quotes a number)
// was most of a key's frame: Update wraps it once per width (wrapRubric)
// and View only puts the marks and blank lines between the lines. The
// grades change a point's style in the whole rubric, not its lines, so
// both styles are kept and a grade wraps nothing.
type rubricWrap struct {
	w, pw   int
	prompt  string
	ok      bool
	points  []wrappedPoint
	columns []wrappedColumn
}

// wrappedColumn is point i's column, pointParts wrapped and styled,
// without the blank lines (pointGaps) that go between its three parts:
// what a strong answer says, the hint and warnings, and the question.
type wrappedColumn struct {
	says, hint, ask []string
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
	pw, _ := m.pointWidth()
	r := rubricWrap{w: w, pw: pw, prompt: m.prompt.ID, ok: true, points: make([]wrappedPoint, len(m.prompt.Points)),
		columns: make([]wrappedColumn, len(m.prompt.Points))}
	pad := " " + strings.Repeat(" ", 10)
	answer := m.area.Value()
	for i, p := range m.prompt.Points {
		r.columns[i] = m.wrapColumn(i, pw)
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

// wrapColumn is point i's column wrapped to w (wrappedColumn).
func (m Model) wrapColumn(i, w int) wrappedColumn {
	wrap := func(parts []pointPart) []string {
		var out []string
		for _, p := range parts {
			if p.styled {
				out = append(out, pane.Wrap(p.text, max(w, 1))...)
				continue
			}
			for _, l := range pane.Wrap(p.text, max(w, 1)) {
				out = append(out, p.style.Render(l))
			}
		}
		return out
	}
	parts := m.pointParts(i, 0) // no blank lines: the text, the hint and warnings, the question and its keys
	n := len(parts)
	return wrappedColumn{says: wrap(parts[:2]), hint: wrap(parts[2 : n-2]), ask: wrap(parts[n-2:])}
}

// column is point i's column wrapped to w: as Update wrapped it, or
// wrapped now when it has not for this width yet.
func (m Model) column(i, w int) wrappedColumn {
	if r := m.rubric; r.ok && r.pw == w && r.prompt == m.prompt.ID && i < len(r.columns) {
		return r.columns[i]
	}
	return m.wrapColumn(i, w)
}

// answerWrap is the answer wrapped to w with point i's words marked
// (answerLines), for the point under the cursor: the layout measures it
// and the answer's column draws it in every frame.
type answerWrap struct {
	i, w   int
	prompt string
	ok     bool
	lines  []string
}

// wrappedAnswer wraps the answer for the cursor's point and the answer
// column's width while the rubric is graded, when the cursor, the width
// or the answer (the hand-in clears it) changed.
func (m Model) wrappedAnswer() Model {
	if m.phase != grading || m.w <= 0 || m.h <= 0 {
		return m
	}
	mw, _ := m.layout()
	_, rw, _ := answerWidth(mw)
	if a := m.answerWrap; !a.ok || a.i != m.cursor || a.w != rw || a.prompt != m.prompt.ID {
		m.answerWrap = answerWrap{i: m.cursor, w: rw, prompt: m.prompt.ID, ok: true, lines: m.wrapAnswer(m.cursor, rw)}
	}
	return m
}
