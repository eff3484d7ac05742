package interviewui

import (
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

const (
	sideWidth = 40
	wideFrom  = 120
	maxText   = 100
)

// layout is the main column's width and the side panel's (0 when hidden).
func (m Model) layout() (main, side int) {
	if m.w >= wideFrom {
		main = min(m.w-sideWidth-3, maxText)
		return main, min(m.w-main-3, 2*sideWidth)
	}
	return m.w, 0
}

// bodyHeight is the lines between the title and the notice and key help.
func (m Model) bodyHeight() int { return max(m.h-3-len(m.noteLines()), 1) }

// promptLines are the prompt's text, wrapped to w.
func (m Model) promptLines(w int) []string {
	var out []string
	for _, l := range pane.Wrap(m.prompt.Text, max(w-2, 1)) {
		out = append(out, " "+m.th.Bold.Render(l))
	}
	return out
}

const handInHint = "Write your answer below. ctrl+d hands it in (esc asks first); the rubric comes after."

// numbersHidden says whether the numbers to size with have no room beside
// the prompt while the answer is written: a window under wideFrom
// columns, on a prompt with a scenario to size against.
func (m Model) numbersHidden() bool {
	if _, side := m.layout(); side > 0 || m.phase != writing {
		return false
	}
	_, ok := scenarios.Lookup(m.prompt.Scenario)
	return ok // no scenario, no panel to miss
}

// numbersShown says whether the numbers fill the answer's place now
// (ctrl+o): a window widened since shows them beside the prompt instead.
func (m Model) numbersShown() bool { return m.numbers && m.numbersHidden() }

// sidePlace is the size the side panel is drawn at, beside the prompt or
// in the answer's place (numbersShown); 0 where it is not on screen.
func (m Model) sidePlace() (w, h int) {
	mainW, side := m.layout()
	switch {
	case side > 0:
		return side, m.bodyHeight()
	case m.numbersShown():
		return mainW - 1, m.bodyHeight() // a cell of margin, as the prompt has
	}
	return 0, 0
}

// numbersPage is the numbers to size with as ctrl+o shows them in the
// answer's place, whole: the prompt's numbers, then what goes wrong in
// the engine's worst design once its runs are back. Beside the prompt
// the panel keeps what fits its rows; here every line can be reached by
// scrolling (numbersWindow), where at 80×24 the runs found no room and
// were left out without a word.
func (m Model) numbersPage(w int) []string {
	out := m.numbersOf(m.prompt, w)
	if runs := m.runLines(m.prompt.Scenario, false, w); len(runs) > 0 && len(out) > 0 {
		out = append(append(out, ""), runs...)
	}
	return out
}

// numbersScroll is how far pgdn moves the numbers page, a page less a
// line so the last line read stays on screen, and the highest first line
// it may start from; last is 0 when the page fits whole.
func (m Model) numbersScroll() (step, last int) {
	lines := m.sidePanel(m.sidePlace())
	rows := m.bodyHeight()
	if len(lines) <= rows {
		return 1, 0
	}
	room := max(rows-1, 1) // a line says which lines show
	return max(room-1, 1), len(lines) - room
}

// numbersWindow is the numbers page from numbersTop, with a line saying
// which lines show and how to reach the rest when it does not fit.
func (m Model) numbersWindow() []string {
	lines := m.sidePanel(m.sidePlace())
	_, last := m.numbersScroll()
	if last == 0 {
		out := make([]string, 0, len(lines))
		for _, l := range lines {
			out = append(out, " "+l)
		}
		return out
	}
	top := min(m.numbersTop, last)
	room := len(lines) - last
	out := make([]string, 0, room+1)
	for _, l := range lines[top : top+room] {
		out = append(out, " "+l)
	}
	return append(out, " "+m.th.Dim.Render(fmt.Sprintf("lines %d–%d of %d · ↑/↓ pgup/pgdn scroll", top+1, top+room, len(lines))))
}

// panelNote says where the numbers to size with are when the window is
// too narrow for the panel beside the prompt: ctrl+o shows them in the
// answer's place, which the interview at 80 columns had no way to (the
// note named only the width that shows them).
func (m Model) panelNote(w int) []string {
	if !m.numbersHidden() {
		return nil
	}
	var out []string
	for _, l := range pane.Wrap(fmt.Sprintf("ctrl+o shows the numbers to size with; from %d columns, beside the prompt.", wideFrom), max(w-2, 1)) {
		out = append(out, " "+m.th.Dim.Render(l))
	}
	return out
}

// sizeArea fits the text area under the prompt.
func (m *Model) sizeArea() {
	if m.w <= 0 || m.h <= 0 || m.phase != writing {
		return
	}
	mainW, _ := m.layout()
	used := len(m.promptLines(mainW)) + len(pane.Wrap(handInHint, max(mainW-2, 1))) + len(m.panelNote(mainW)) + 1
	m.area.SetWidth(max(mainW-2, 10))
	m.area.SetHeight(max(m.bodyHeight()-used, 3))
	m.areaDrawn = false
}

// View draws the screen.
func (m Model) View() string {
	if m.w <= 0 || m.h <= 0 {
		return ""
	}
	if m.inSandbox {
		return m.sb.View()
	}
	mainW, sideW := m.layout()
	var body []string
	title, right := " "+m.th.Title.Render("Mock interview"), ""
	switch {
	case m.showKey:
		m.fillKeys()
		body = m.keysPage.View(m.th, "Keys")
	case m.reading:
		// The whole width, nothing beside it: the terminal's selection
		// copies whole lines.
		mainW, sideW = m.w, 0
		title = " " + m.th.Title.Render("Your interview, as text") + m.th.Subtitle.Render(" · "+m.prompt.Title)
		body, right = m.transcriptView()
		right = m.th.Subtitle.Render(right)
	case m.phase == picking:
		body = m.pickLines(mainW)
	case m.phase == writing:
		title += m.th.Subtitle.Render(" · " + m.prompt.Title)
		left := m.Remaining()
		style := m.th.Subtitle
		if left < 60e9 {
			style = m.th.Warn
		}
		right = style.Render("time left " + clock(left))
		if m.numbersShown() {
			// The clock runs on above the numbers, as beside them.
			body = m.numbersWindow()
			break
		}
		body = append(body, m.promptLines(mainW)...)
		for _, l := range pane.Wrap(handInHint, max(mainW-2, 1)) {
			body = append(body, " "+m.th.Dim.Render(l))
		}
		body = append(body, m.panelNote(mainW)...)
		body = append(body, "")
		body = append(body, m.areaView()...)
	default:
		title = " " + m.th.Title.Render("Rubric") + m.th.Subtitle.Render(" · "+m.prompt.Title)
		right = m.th.Subtitle.Render(fmt.Sprintf("%d of %d said · %s of %s", m.pointsSaid(), len(m.said), clock(m.used), clock(m.o.Time)))
		body = m.gradeLines(mainW)
	}
	bh := m.bodyHeight()
	left := pane.Block(body, mainW, bh)
	leftW := mainW // the cells of each line of left
	if sideW > 0 && !m.showKey {
		side := m.sidePanel(sideW, bh)
		sep := " " + m.th.Border.Render("│") + " "
		for i := range left {
			left[i] += sep + side[i]
		}
		leftW += 3 + sideW
	}
	// Every line is made exactly m.w cells wide as it is added, the lines
	// of known width without measuring them again.
	lines := make([]string, 0, m.h)
	lines = append(lines, m.titleBar(title, right), strings.Repeat(" ", m.w))
	for _, l := range left {
		lines = append(lines, widen(l, leftW, m.w))
	}
	for _, l := range m.noteLines() {
		lines = append(lines, pane.Fit(l, m.w))
	}
	lines = append(lines, m.keyLine(m.w))
	// pane.Block(lines, m.w, m.h), for lines already m.w wide.
	for len(lines) < m.h {
		lines = append(lines, strings.Repeat(" ", m.w))
	}
	return strings.Join(lines[:m.h], "\n")
}

// widen is pane.Fit(s, w) for s known to be n cells wide.
func widen(s string, n, w int) string {
	switch {
	case n == w:
		return s
	case n < w:
		return s + strings.Repeat(" ", w-n)
	}
	return pane.Fit(s, w)
}

// titleBar puts the title at the left and the note at the right, or the
// note alone when both do not fit.
func (m Model) titleBar(title, right string) string {
	tw, rw := lipgloss.Width(title), lipgloss.Width(right)
	if right == "" || tw+rw+2 > m.w {
		if right != "" && rw+2 <= m.w {
			return pane.Fit(" "+right, m.w)
		}
		return pane.Fit(title, m.w)
	}
	return title + strings.Repeat(" ", m.w-tw-rw-1) + right + " "
}

// sideLines are the side panel's: the numbers of the prompt's scenario
// (the one under the cursor while choosing), then, in the rows left, the
// engine's runs of it (runs.go): every design at the rubric when they fit,
// else the worst alone, which is all the writing is shown; then the worst
// design's outcomes drawn, room allowing.
func (m Model) sideLines(w, h int) []string {
	p := m.prompt
	if m.phase == picking {
		p = m.prompts[m.pick]
	}
	out := m.numbersOf(p, w)
	if len(out) == 0 {
		return nil
	}
	tries := [][]string{m.runLines(p.Scenario, false, w)}
	if m.phase == grading {
		tries = append([][]string{m.runLines(p.Scenario, true, w)}, tries...)
	}
	for _, t := range tries {
		if len(t) > 0 && len(out)+1+len(t) <= h {
			out = append(append(out, ""), t...)
			break
		}
	}
	// The worst design's outcomes as a chart, in the rows still left.
	if room := h - len(out) - 1; room >= 10 {
		out = append(append(out, ""), m.worstChart(p.Scenario, w, room)...)
	}
	return out
}

func (m Model) pickLines(w int) []string {
	if tall := m.pickAll(w); len(tall) <= m.bodyHeight() {
		return tall
	}
	out := []string{" " + m.th.Bold.Render("Choose a design question"), ""}
	for i, p := range m.prompts {
		mark := "  "
		name := m.th.Bold.Render(p.Title)
		if i == m.pick {
			mark = m.th.Accent.Render(theme.GlyphCursor) + " "
			name = m.th.Selected.Render(" " + p.Title + " ")
		} else {
			name = " " + name + " "
		}
		out = append(out, " "+mark+name)
	}
	out = append(out, "")
	out = append(out, m.preview(w)...)
	out = append(out, "")
	for _, l := range pane.Wrap(fmt.Sprintf("You get %s to write the answer you would give out loud, then a rubric of what a strong answer says, "+
		"to grade yourself against. %s", clock(m.o.Time), m.keptWords()), max(w-4, 1)) {
		out = append(out, "   "+m.th.Dim.Render(l))
	}
	return out
}

// previewLines are the text of the prompt under the cursor, wrapped for
// the short list, and the rows it has under the list's h rows (pickLines);
// cut says they do not all fit. Cut, they are wrapped two cells narrower,
// which leaves room for the " …" that ends the last line shown.
func (m Model) previewLines(w, h int) (lines []string, rows int, cut bool) {
	text := m.prompts[m.pick].Text
	rows = h - 3 - len(m.prompts) // the heading, its blank line, the list and a blank line
	lines = pane.Wrap(text, max(w-4, 1))
	if len(lines) <= rows {
		return lines, rows, false
	}
	return pane.Wrap(text, max(w-6, 1)), rows, true
}

// previewScroll is how far pgdn moves the preview, a page less a line
// kept for context, and the last line the preview may start from.
func (m Model) previewScroll() (step, last int) {
	w, _ := m.layout()
	lines, rows, cut := m.previewLines(w, m.bodyHeight())
	if !cut {
		return 1, 0
	}
	room := max(rows-1, 1)
	return max(room-1, 1), max(len(lines)-room, 0)
}

// preview is the prompt under the cursor in the short list: whole when it
// fits in the rows it has, else from previewTop, its last line ending " …"
// while more follows, then a line saying which lines show and that
// pgup/pgdn show the rest. A window of 60×16 cut the prompt mid-sentence
// ("…Search must") with no sign of more.
func (m Model) preview(w int) []string {
	lines, rows, cut := m.previewLines(w, m.bodyHeight())
	var out []string
	if !cut || rows < 2 {
		for _, l := range lines {
			out = append(out, "   "+m.th.Subtitle.Render(l))
		}
		return out
	}
	room := rows - 1
	top := min(m.previewTop, len(lines)-room)
	for k, l := range lines[top : top+room] {
		if k == room-1 && top+room < len(lines) {
			l += " …"
		}
		out = append(out, "   "+m.th.Subtitle.Render(l))
	}
	return append(out, "   "+m.th.Dim.Render(fmt.Sprintf("lines %d–%d of %d · pgup/pgdn", top+1, top+room, len(lines))))
}

// keptWords say, on the list, what becomes of the graded answer.
func (m Model) keptWords() string {
	if m.o.OnScreen {
		return "Nothing is saved on the server: the rubric's enter shows the graded answer as text to copy."
	}
	return "The graded answer is saved" + m.readBack() + "."
}

// enterWords say, in the list's steps, what the rubric's enter does.
func (m Model) enterWords() string {
	if m.o.OnScreen {
		return "enter shows the graded answer as text to copy (nothing is kept on the server)."
	}
	return "enter saves the graded answer" + m.readBack() + "."
}

// saveWords say, in the keys, what enter and s do on the rubric.
func (m Model) saveWords() string {
	if m.o.OnScreen {
		return "show the graded interview as text to copy: nothing is kept on the server (leaving asks, if it was not shown)"
	}
	return "save the graded interview (leaving asks, if it is not saved)"
}

// readBack ends the list's words on saving the graded answer with how it
// is read back, when the program can say (Options.Review).
func (m Model) readBack() string {
	if m.o.Review == "" {
		return ""
	}
	return ": " + m.o.Review
}

// pickAll is the list of prompts for a tall window: each with its whole
// text and where it comes from, the one under the cursor in full colour,
// then what happens once one is chosen.
func (m Model) pickAll(w int) []string {
	out := []string{" " + m.th.Bold.Render("Choose a design question"), ""}
	for i, p := range m.prompts {
		mark, name, style := "  ", " "+m.th.Bold.Render(p.Title)+" ", m.th.Dim
		if i == m.pick {
			mark = m.th.Accent.Render(theme.GlyphCursor) + " "
			name = m.th.Selected.Render(" " + p.Title + " ")
			style = m.th.Subtitle
		}
		out = append(out, " "+mark+name)
		for _, l := range pane.Wrap(p.Text, max(w-6, 1)) {
			out = append(out, "     "+style.Render(l))
		}
		if p.Source != "" {
			for _, l := range pane.Wrap("From "+drill.Cite(p.Source)+".", max(w-6, 1)) {
				out = append(out, "     "+m.th.Dim.Render(l))
			}
		}
		out = append(out, "")
	}
	out = append(out, " "+m.th.Bold.Render("How it goes"))
	for i, step := range []string{
		fmt.Sprintf("enter starts the question and a countdown of %s: write the answer you would give out loud, with numbers.", clock(m.o.Time)),
		"ctrl+d hands it in (esc asks first), or the countdown does; nothing is graded for you.",
		"The rubric comes a point at a time: y said, n not said. ✱ marks a point whose words are in your answer: a hint, not a grade.",
		"p plays the question's scenario in the sandbox; " + m.enterWords(),
	} {
		lead := fmt.Sprintf("%d. ", i+1)
		for k, l := range pane.Wrap(step, max(w-4-len(lead), 1)) {
			if k == 0 {
				out = append(out, "   "+lead+m.th.Dim.Render(l))
			} else {
				out = append(out, "   "+strings.Repeat(" ", len(lead))+m.th.Dim.Render(l))
			}
		}
	}
	return out
}

// stackedBelow is the main column's width under which the point's text
// goes above the answer rather than beside it.
const stackedBelow = 56

// pointWidth is the width the point's text wraps to, and whether the point
// stands above the answer (a narrow screen) rather than beside it.
func (m Model) pointWidth() (w int, stacked bool) {
	mw, _ := m.layout()
	if mw < stackedBelow {
		return mw - 1, true
	}
	return (mw-3)*9/20 - 1, false
}

// gradeRoom is the rows under the point's heading for the point's column
// and the answer's: the heading's blank line, and the strip of marks with
// a blank line before it when it shows, are taken.
func (m Model) gradeRoom() int {
	if !m.showStrip() {
		return m.bodyHeight() - 2
	}
	w, _ := m.layout()
	return m.bodyHeight() - 3 - m.stripRows(w)
}

// pointFits says whether a point's column of rows lines, without its
// blank lines, fits in room rows with at least three of the answer's
// beside it, or under it when stacked (a blank line between).
func (m Model) pointFits(rows, room int) bool {
	if _, stacked := m.pointWidth(); stacked {
		return room-rows-1 >= 3
	}
	return room >= max(rows, 3)
}

// tallestPoint is how many rows the rubric's tallest point takes at width
// w without its blank lines, and how many the longest point's own text
// (what a strong answer says) takes.
func (m Model) tallestPoint(w int) (tall, longest int) {
	for i, p := range m.prompt.Points {
		tall = max(tall, m.pointHeight(i, w, 0))
		longest = max(longest, len(pane.Wrap(p.Text, max(w, 1))))
	}
	return tall, longest
}

// pointColumn is point i's column for room rows: with as many of its
// blank lines as let it fit.
func (m Model) pointColumn(i, room int) []string {
	pw, gaps := m.columnGaps(i, room)
	return m.pointLines(i, pw, gaps)
}

// columnGaps are the width of point i's column for room rows and the
// blank lines it keeps (pointColumn), without drawing it.
func (m Model) columnGaps(i, room int) (pw, gaps int) {
	pw, stacked := m.pointWidth()
	if stacked {
		room -= 1 + 3 // the blank line, and the answer's three lines under it
	}
	gaps = pointGaps
	for gaps > 0 && m.pointHeight(i, pw, gaps) > room {
		gaps--
	}
	return pw, gaps
}

// gradeLayout is the grading screen's geometry in the main column: the
// point's column and the answer's, and the height of the answer's (the
// point's text above it when the two are stacked on a narrow screen), no
// more than the longer of the two needs.
func (m Model) gradeLayout() (lw, rw, answerH int, stacked bool) {
	w, _ := m.layout()
	avail := m.gradeRoom()
	pw, gaps := m.columnGaps(m.cursor, avail)
	point := min(m.pointHeight(m.cursor, pw, gaps), m.pointRoom())
	lw, rw, stacked = answerWidth(w)
	if stacked {
		return lw, rw, max(min(avail-point-1, 1+len(m.answerLines(m.cursor, rw))), 3), true
	}
	// As tall as the longer side needs, no taller: the marks follow.
	need := max(point, 1+len(m.answerLines(m.cursor, rw)))
	return lw, rw, max(min(avail, need), 3), false
}

// answerWidth is the width of the point's column and of the answer's in
// a main column w wide, and whether they are stacked (a narrow screen).
func answerWidth(w int) (lw, rw int, stacked bool) {
	if w < stackedBelow {
		return w - 1, w - 1, true
	}
	lw = (w - 3) * 9 / 20
	return lw, w - 3 - lw, false
}

// answerHeight is how many lines of the answer's column show.
func (m Model) answerHeight() int {
	_, _, h, _ := m.gradeLayout()
	return h
}

// gradeLines are the grading screen: the point under the cursor (the model
// answer) beside what the learner wrote, with that point's words marked,
// the question "did you say it?", and every point's mark below.
func (m Model) gradeLines(w int) []string {
	if len(m.said) == 0 {
		return nil
	}
	i := m.cursor
	pt := m.prompt.Points[i]
	head := m.th.Bold.Render(fmt.Sprintf("Point %d of %d", i+1, len(m.said))) + m.th.Subtitle.Render(" · "+pt.ID)
	mark := m.th.Subtitle.Render("[ ] not said")
	if m.said[i] {
		mark = m.th.Good.Render("[x] said")
	}
	gap := max(w-2-lipgloss.Width(head)-lipgloss.Width(mark), 1)
	out := []string{" " + head + strings.Repeat(" ", gap) + mark, ""}

	lw, rw, ah, stacked := m.gradeLayout()
	ans := m.answerColumn(i, rw, ah)
	point := m.pointWindow(m.pointColumn(i, m.gradeRoom()), m.pointRoom())
	if stacked {
		for _, l := range point {
			out = append(out, " "+l)
		}
		out = append(out, "")
		for _, l := range pane.Block(ans, rw, ah) {
			out = append(out, " "+l)
		}
	} else {
		left := pane.Block(point, lw-1, ah)
		right := pane.Block(ans, rw, ah)
		for k := range left {
			out = append(out, " "+left[k]+" "+m.th.Border.Render("│")+" "+right[k])
		}
	}
	if !m.showStrip() {
		return out
	}
	out = append(out, "")
	out = append(out, m.stripLines(w)...)
	// A tall window: the whole rubric under the strip, every point's text
	// with its mark, as it will be saved; when the points are too long for
	// it, as many whole points as fit around the cursor's, so a rubric
	// whose points quote their numbers does not leave the rows empty.
	all, starts := m.rubricLines(w)
	room := m.bodyHeight() - len(out) - 1
	if len(all) <= room {
		return append(append(out, ""), all...)
	}
	if win := rubricWindow(all, starts, m.cursor, room); win != nil {
		win[len(win)-1] = m.th.Dim.Render(win[len(win)-1])
		out = append(append(out, ""), win...)
	}
	return out
}

// rubricWindow is the whole rubric cut to rows lines: its heading, the
// points from one before the cursor's (when there is room) on, each point
// whole, and a last line saying which points show. all are the rubric's
// lines, the heading first; starts[i] is the line point i begins on. nil
// when not even the cursor's point fits.
func rubricWindow(all []string, starts []int, cursor, rows int) []string {
	n := len(starts)
	if cursor < 0 || cursor >= n {
		return nil
	}
	end := func(i int) int { // the line after point i
		if i+1 < n {
			return starts[i+1]
		}
		return len(all)
	}
	room := rows - 2 // the heading and the line that says which points show
	first, last := cursor, cursor
	if end(cursor)-starts[cursor] > room {
		return nil
	}
	if first > 0 && end(last)-starts[first-1] <= room {
		first--
	}
	for last+1 < n && end(last+1)-starts[first] <= room {
		last++
	}
	for first > 0 && end(last)-starts[first-1] <= room {
		first--
	}
	out := append([]string{all[0]}, all[starts[first]:end(last)]...)
	which := fmt.Sprintf("points %d–%d", first+1, last+1)
	if first == last {
		which = fmt.Sprintf("point %d", first+1)
	}
	return append(out, fmt.Sprintf("   %s of %d · ↑↓ move", which, n))
}

// pointRoom is the rows the point under the cursor has on screen, beside
// the answer or above it.
func (m Model) pointRoom() int {
	room := m.gradeRoom()
	if _, stacked := m.pointWidth(); stacked {
		room -= 1 + 3 // the blank line, and the answer's three lines under it
	}
	return max(room, 1)
}

// pointWindow is the point's column in rows lines: whole when it fits,
// else from pointTop, its last line saying which lines show and the keys
// that show the rest. A small window cut the point's own text, or the
// question under it, with no way to read on.
func (m Model) pointWindow(col []string, rows int) []string {
	if len(col) <= rows || rows < 2 {
		return col
	}
	room := rows - 1
	top := min(m.pointTop, len(col)-room)
	out := append([]string(nil), col[top:top+room]...)
	return append(out, m.th.Dim.Render(fmt.Sprintf("lines %d–%d of %d · J/K", top+1, top+room, len(col))))
}

// pointMarks are how rubric point i is marked wherever it is listed: the
// cursor, said or not, hinted, and the style of its name.
func (m Model) pointMarks(i int) (cur, box, hint string, style lipgloss.Style) {
	cur, box, hint, style = " ", "[ ]", " ", m.th.Subtitle
	if i == m.cursor {
		cur = m.th.Accent.Render(theme.GlyphCursor)
	}
	if m.said[i] {
		box, style = "[x]", m.th.Text
	}
	if m.hinted[i] {
		hint = m.th.Accent.Render("✱")
	}
	return cur, box, hint, style
}

// rubricLines are every point of the rubric, numbered, with its mark and
// hint and its whole text, the one under the cursor marked, and the line
// each point begins on. The text comes wrapped from Update (rubricWrap);
// only the marks are drawn here.
func (m Model) rubricLines(w int) (out []string, starts []int) {
	r := m.rubric
	if !r.fits(m, w) {
		r = m.wrapRubric(w) // not wrapped in Update yet
	}
	out = []string{" " + m.th.Bold.Render("The whole rubric")}
	for i, p := range r.points {
		starts = append(starts, len(out))
		cur, box, hint, _ := m.pointMarks(i)
		lines := p.unsaid
		if m.said[i] {
			lines = p.said
		}
		if len(lines) > 0 {
			out = append(out, " "+cur+box+hint+fmt.Sprintf(" %2d. ", i+1)+lines[0])
			out = append(out, lines[1:]...)
		}
		out = append(out, p.under...)
	}
	return out, starts
}

// warnGlyph marks harmful advice the answer gives, where the rubric shows
// the point it goes against.
const warnGlyph = "⚠"

// warningsOf are the warnings on point i: none before the answer is handed
// in.
func (m Model) warningsOf(i int) []string {
	if i < len(m.warned) {
		return m.warned[i]
	}
	return nil
}

// snippet is the sentence of answer around span sp, whole words in at
// most w cells: from the sentence's start when the words fit so, else
// from the span's, with " …" where words are left off.
func snippet(answer string, sp drill.Span, w int) string {
	if sp.Start < 0 || sp.End > len(answer) || sp.Start >= sp.End || w < 10 {
		return ""
	}
	from := strings.LastIndexAny(answer[:sp.Start], ".\n") + 1
	to := len(answer)
	if k := strings.IndexAny(answer[sp.End:], ".\n"); k >= 0 {
		to = sp.End + k
	}
	for _, start := range []int{from, sp.Start} {
		text := strings.Join(strings.Fields(answer[start:to]), " ")
		if utf8.RuneCountInString(text) <= w {
			return text
		}
		words := strings.Fields(text)
		kept := ""
		for _, wd := range words {
			next := strings.TrimSpace(kept + " " + wd)
			if utf8.RuneCountInString(next)+2 > w {
				break
			}
			kept = next
		}
		// The point's words must show: from the sentence's start only if
		// they are among the words kept.
		if start == sp.Start || len(kept) >= sp.End-start {
			if kept == "" {
				return ""
			}
			return kept + " …"
		}
	}
	return ""
}

// showStrip says whether every point's mark fits below the point: when
// every point of the rubric fits above it with at least three lines of
// the answer (pointFits), or, short of that, when every point's own text
// still shows whole under its heading, the rest of its column paged with
// J (pointWindow). A note of two rows ("Saved to …") at 80×24 took the
// grid away, leaving its rows blank, under the tallest point that no
// longer fitted whole. On a small screen the title's count stands for
// it. The tallest point decides for all, so the strip, and the grid the
// arrows follow, stays as the cursor moves.
func (m Model) showStrip() bool {
	w, _ := m.layout()
	pw, stacked := m.pointWidth()
	tall, longest := m.tallest, m.longest
	if !m.tallOK || m.tallW != pw {
		tall, longest = m.tallestPoint(pw) // not measured in Update yet
	}
	room := m.bodyHeight() - 3 - m.stripRows(w)
	if m.pointFits(tall, room) {
		return true
	}
	if stacked {
		room -= 1 + 3 // the blank line, and the answer's three lines under it
	}
	// The heading, the text, and the line that says J shows the rest.
	return room >= 1+longest+1
}

// pointPart is a paragraph of a point's column: its text (or a blank line
// when there is none) and its style; a text styled already keeps its own.
type pointPart struct {
	text   string
	style  lipgloss.Style
	styled bool
}

// pointGaps are the blank lines of a point's column: after what a strong
// answer says, and before the question.
const pointGaps = 2

// pointParts are the point's side, paragraph by paragraph: what a strong
// answer says, the hint, and the question with its keys, with gaps of the
// blank lines between them (pointGaps; where the whole column would not
// fit with them all, fewer, the one before the question last, since the
// question is what the learner answers).
func (m Model) pointParts(i, gaps int) []pointPart {
	parts := []pointPart{{text: "A strong answer says:", style: m.th.Accent}, {text: m.prompt.Points[i].Text, style: m.th.Bold}}
	if gaps >= 2 {
		parts = append(parts, pointPart{})
	}
	if m.hinted[i] {
		parts = append(parts, pointPart{text: "✱ Its words are in your answer, marked *so*: a hint, not a grade.", style: m.th.Accent})
	} else {
		parts = append(parts, pointPart{text: "None of its words is in your answer; it may be said in others.", style: m.th.Dim})
	}
	for _, w := range m.warningsOf(i) {
		parts = append(parts, pointPart{text: warnGlyph + " " + w, style: m.th.Bad})
	}
	if gaps >= 1 {
		parts = append(parts, pointPart{})
	}
	keys := m.th.Key.Render("y") + " said · " + m.th.Key.Render("n") + " not said · " + m.th.Key.Render("space") + " toggles"
	return append(parts, pointPart{text: "Did you say it?", style: m.th.Bold}, pointPart{text: keys, styled: true})
}

// pointLines are the point's side wrapped to w: pointParts, each line in
// its paragraph's style, with gaps blank lines between them.
func (m Model) pointLines(i, w, gaps int) []string {
	c := m.column(i, w)
	out := make([]string, 0, m.pointHeight(i, w, gaps))
	out = append(out, c.says...)
	if gaps >= 2 {
		out = append(out, "")
	}
	out = append(out, c.hint...)
	if gaps >= 1 {
		out = append(out, "")
	}
	return append(out, c.ask...)
}

// pointHeight is len(m.pointLines(i, w, gaps)), without putting the lines
// together: showStrip asks it of every point.
func (m Model) pointHeight(i, w, gaps int) int {
	c := m.column(i, w)
	return len(c.says) + len(c.hint) + len(c.ask) + min(max(gaps, 0), 2)
}

// answerColumn is what the learner wrote, with point i's words marked,
// from the scroll line, h lines at most.
func (m Model) answerColumn(i, w, h int) []string {
	lines := m.answerLines(i, w)
	out := []string{m.th.Accent.Render("You wrote:")}
	room := max(h-1, 1)
	if len(lines) <= room {
		return append(out, lines...)
	}
	room = max(room-1, 1) // the last line says where the window is
	top := min(m.scroll, max(len(lines)-room, 0))
	shown := lines[top:min(top+room, len(lines))]
	out = append(out, shown...)
	return append(out, m.th.Dim.Render(fmt.Sprintf("lines %d–%d of %d · pgup/pgdn", top+1, top+len(shown), len(lines))))
}

// firstHintLine is the line of the answer, as answerColumn wraps it, where
// point i's words are first marked (0 when they are not).
func (m Model) firstHintLine(i int) int {
	if i >= len(m.pointSpans) || len(m.pointSpans[i]) == 0 || m.w <= 0 {
		return 0
	}
	text := m.area.Value()
	spans := wholeWords(text, m.pointSpans[i])
	first := strings.Fields(text[spans[0].Start:spans[0].End])
	if len(first) == 0 {
		return 0
	}
	_, rw, _, _ := m.gradeLayout()
	for k, l := range m.answerLines(i, rw) {
		if strings.Contains(ansi.Strip(l), "*"+first[0]) {
			return k
		}
	}
	return 0
}

// stripLines are every point's mark in a grid of stripCols columns, in
// the rubric's order row by row: the cursor, [x] or [ ], ✱ where the
// answer uses the point's words, and the point's name.
func (m Model) stripLines(w int) []string {
	cols := m.stripCols(w)
	colW := stripColumnWidths(m.prompt.Points, cols)
	var out []string
	row := " "
	for i, p := range m.prompt.Points {
		cur, box, hint, style := m.pointMarks(i)
		name := style.Render(p.ID)
		if i == m.cursor {
			name = m.th.Selected.Render(p.ID)
		}
		row += cur + style.Render(box) + hint + " " + name + strings.Repeat(" ", colW[i%cols]-len([]rune(p.ID))+2)
		if (i+1)%cols == 0 || i == len(m.prompt.Points)-1 {
			out = append(out, strings.TrimRight(row, " "))
			row = " "
		}
	}
	return out
}

// stripRows is how many rows stripLines(w) takes, without drawing them.
func (m Model) stripRows(w int) int {
	cols := m.stripCols(w)
	return (len(m.prompt.Points) + cols - 1) / cols
}

// stripMark is the cells of a mark in the strip before the point's name:
// the cursor, the box, the hint and a space.
const stripMark = 6

// stripCols is how many columns the strip's grid has in w cells: as many
// as fit with a cell to spare, each column as wide as its longest name
// (so a long name widens its own column only), two cells between columns.
func (m Model) stripCols(w int) int {
	for cols := len(m.prompt.Points); cols > 1; cols-- {
		width := 1 + 2*(cols-1) // the leading space and the gaps
		for _, cw := range stripColumnWidths(m.prompt.Points, cols) {
			width += stripMark + cw
		}
		if width <= w-1 {
			return cols
		}
	}
	return 1
}

// stripColumnWidths are the widths of the names in each of cols columns,
// the points laid out row by row.
func stripColumnWidths(points []drill.Point, cols int) []int {
	colW := make([]int, cols)
	for i, p := range points {
		colW[i%cols] = max(colW[i%cols], len([]rune(p.ID)))
	}
	return colW
}

// moved is the point an arrow moves the cursor to, dx columns and dy rows
// on. With the strip on screen the arrows follow its grid: ↑/↓ go a row up
// or down in the same column (from the last row round to the first), ←/→
// a column left or right, on from a row's end to the next row's start, so
// that they walk the points in the rubric's order. Without the strip the
// points are a list, and every arrow goes to the previous or the next.
func (m Model) moved(dx, dy int) int {
	n, i := len(m.said), m.cursor
	cols := 1
	if w, _ := m.layout(); m.showStrip() {
		cols = m.stripCols(w)
	}
	if cols == 1 {
		dx, dy = dx+dy, 0
	}
	switch {
	case dx != 0:
		return ((i+dx)%n + n) % n
	case dy > 0 && i+cols < n:
		return i + cols
	case dy > 0:
		return i % cols // round to the column's top
	case dy < 0 && i-cols >= 0:
		return i - cols
	case dy < 0:
		col := i % cols
		return col + (n-1-col)/cols*cols // round to the column's bottom
	}
	return i
}

// answerLines wrap the answer to w with point i's words marked: in colour
// as a highlight, and with asterisks too, since colour is never the only
// sign. The cursor's point's are wrapped in Update (wrappedAnswer), since
// a frame asks for them more than once.
func (m Model) answerLines(i, w int) []string {
	if a := m.answerWrap; a.ok && a.i == i && a.w == w && a.prompt == m.prompt.ID {
		return a.lines
	}
	return m.wrapAnswer(i, w)
}

// wrapAnswer is answerLines, wrapped now.
func (m Model) wrapAnswer(i, w int) []string {
	text := m.area.Value()
	if strings.TrimSpace(text) == "" {
		return []string{m.th.Dim.Render("(nothing was written)")}
	}
	var spans []drill.Span
	if i < len(m.pointSpans) {
		spans = m.pointSpans[i]
	}
	var b strings.Builder
	last := 0
	for _, s := range wholeWords(text, spans) {
		b.WriteString(text[last:s.Start])
		b.WriteString(m.th.Accent.Render("*" + text[s.Start:s.End] + "*"))
		last = s.End
	}
	b.WriteString(text[last:])
	var out []string
	for _, para := range strings.Split(b.String(), "\n") {
		out = append(out, pane.Wrap(para, max(w, 1))...)
	}
	return out
}

// wholeWords widens each span to the whole words it touches, merging the
// ones that then meet: a keyword that is a stem ("idempotenc") marks the
// word it begins ("*idempotency*", not "*idempotenc*y").
func wholeWords(text string, spans []drill.Span) []drill.Span {
	inWord := func(i int) bool {
		r, _ := utf8.DecodeRuneInString(text[i:])
		return unicode.IsLetter(r) || unicode.IsDigit(r)
	}
	var out []drill.Span
	for _, s := range spans {
		for s.Start > 0 && inWord(s.Start-1) {
			_, n := utf8.DecodeLastRuneInString(text[:s.Start])
			s.Start -= n
		}
		for s.End < len(text) && inWord(s.End) {
			_, n := utf8.DecodeRuneInString(text[s.End:])
			s.End += n
		}
		if k := len(out) - 1; k >= 0 && s.Start <= out[k].End {
			out[k].End = max(out[k].End, s.End)
			continue
		}
		out = append(out, s)
	}
	return out
}

// numbersOf describe prompt p's scenario from the engine's own
// numbers, for a candidate who wants figures to size things with. A
// prompt whose system its scenario plays with other parts (search with a
// ranking model: in cascade, two endpoints make the calls each search
// makes) has its own lines, filled from the scenario, which say how the
// scenario plays it; the scenario's endpoints would contradict its text.
func (m Model) numbersOf(p drill.Prompt, w int) []string {
	b, ok := scenarios.Lookup(p.Scenario)
	if !ok {
		return nil
	}
	sc := b.Build()
	sys := sc.Variants[0].System
	out := []string{m.th.Bold.Render("Numbers to size with")}
	add := func(s string, style lipgloss.Style) {
		for _, l := range pane.Wrap(s, max(w, 1)) {
			out = append(out, style.Render(l))
		}
	}
	if len(p.Numbers) > 0 {
		add(fmt.Sprintf("This prompt's system, with the numbers of the parts of the %s scenario that play it.", sc.Name), m.th.Subtitle)
		out = append(out, "")
		for _, l := range p.Numbers {
			add(l, m.th.Text)
		}
		// p plays the scenario only once the answer is handed in: before,
		// it is a letter of the answer, or starts nothing.
		if m.phase == grading {
			add(fmt.Sprintf("p plays %s in the sandbox; esc comes back.", sc.Name), m.th.Dim)
		}
		return out
	}
	add(fmt.Sprintf("The %s scenario: %s.", sc.Name, sc.Summary), m.th.Subtitle)
	out = append(out, "")
	add(fmt.Sprintf("%d workers.", sys.Workers), m.th.Text)
	for _, e := range sys.Endpoints {
		add(endpointWords(sys, e, p)+".", m.th.Text)
	}
	return out
}

// endpointWords says what an endpoint's requests do, in the rubric's words:
// its rate, the dependency each calls and that call's latency and timeout,
// and each fault as what happens to the calls started while it lasts (a
// slow fault's figure is how long each of those calls takes, not the
// fault's length).
func endpointWords(sys engine.System, e engine.Endpoint, p drill.Prompt) string {
	line := fmt.Sprintf("%s: %s requests a second", partWords(p, e.Name), num(e.Rate))
	if e.Interval > 0 {
		line = fmt.Sprintf("%s: one request every %s", partWords(p, e.Name), breaker.Words(e.Interval))
	}
	d := depOf(sys, e.Calls)
	if d == nil {
		return line
	}
	// The call's latency in brackets after the part, with the scenario's
	// name where the prompt renames it ("the slow API (payment; p50 ...)");
	// an endpoint named as its dependency is renamed at the line's start.
	dep := d.Name + " (latency " + latency(d) + ")"
	if own, ok := p.PartName(d.Name); ok && d.Name != e.Name {
		dep = own + " (" + d.Name + "; latency " + latency(d) + ")"
	}
	line += ", each calls " + dep
	if d.Policy.Timeout > 0 {
		line += ", a timeout of " + breaker.Words(d.Policy.Timeout) + " a call"
	}
	for _, f := range d.Faults {
		line += "; " + faultWords(f)
	}
	return line
}

// partWords names a scenario's part as the prompt does, the scenario's
// name after it ("email (search)"): the prompt speaks of email, SMS and
// push, and a panel of search, profile and recommendations left the
// candidate to guess which rate was whose.
func partWords(p drill.Prompt, name string) string {
	if own, ok := p.PartName(name); ok {
		return own + " (" + name + ")"
	}
	return name
}

// faultWords says what a fault does to the calls that start while it
// lasts, and when that is, counted from the run's start.
func faultWords(f engine.Fault) string {
	when := "from " + breaker.Words(f.From) + " into the run to its end"
	if f.To > 0 {
		when = "from " + breaker.Words(f.From) + " to " + breaker.Words(f.To) + " into the run"
	}
	switch f.Kind {
	case engine.Slow:
		return "calls started " + when + " take " + breaker.Words(f.Latency) + " each"
	case engine.Error:
		return fmt.Sprintf("%.0f%% of the calls started %s fail at once", 100*f.Probability, when)
	case engine.Hang:
		if f.To > 0 {
			return "calls started " + when + " get no answer until " + breaker.Words(f.To)
		}
		return "calls started " + when + " get no answer"
	case engine.Unreachable:
		if f.To > 0 {
			return "the host drops every packet " + when + ": calls and new connections get no answer until " + breaker.Words(f.To)
		}
		return "the host drops every packet " + when + ": calls and new connections get no answer"
	}
	return f.Kind.String() + " " + when
}

func depOf(sys engine.System, name string) *engine.Dependency {
	for i := range sys.Dependencies {
		if sys.Dependencies[i].Name == name {
			return &sys.Dependencies[i]
		}
	}
	return nil
}

func latency(d *engine.Dependency) string {
	switch d.Latency.Kind {
	case engine.Exponential:
		// The p99 too: the rubric sizes timeouts and bulkheads by it
		// ("2 × 184.2 ms"), and a mean alone would leave the candidate to
		// know that an exponential's p99 is mean × ln 100. Rounded to a
		// tenth of a millisecond, as the rubric prints it.
		return "mean " + breaker.Words(d.Latency.Mean) + ", p99 " + breaker.Words(d.Latency.Quantile99().Round(100*time.Microsecond))
	case engine.LogNormal:
		return "p50 " + breaker.Words(d.Latency.P50) + ", p99 " + breaker.Words(d.Latency.P99)
	}
	return breaker.Words(d.Latency.Value)
}

func num(f float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", f), "0"), ".")
}

// openKeys shows the keys' page from its top.
func (m Model) openKeys() Model {
	m.showKey = true
	m.keysPage.Reset()
	return m
}

// fillKeys sets the keys' page for the window as it is now: in the main
// column's frame, in the body's rows, the scroll kept where it can be. Its
// lines are a dozen rows wrapped, made again for each frame and key (the
// words depend on the options, the width on the window) rather than kept.
func (m *Model) fillKeys() {
	mainW, _ := m.layout()
	m.keysPage.SetContent(m.keyLines(max(mainW-2, 1)), mainW, m.bodyHeight())
}

// keyLines are the keys' page in w cells, inside its frame.
func (m Model) keyLines(w int) []string {
	var out []string
	rows := [][2]string{
		{"↑/↓ enter", "choose a question and start the clock"},
		{"typing", "the text area takes every key while the clock runs"},
		{"ctrl+d", "hand the answer in (time up does it too); esc asks first, and so does ctrl+c, which quits"},
		{"ctrl+o", fmt.Sprintf("under %d columns, while you write: the numbers to size with, in your answer's place; ↑/↓ and pgup/pgdn scroll them, any other key comes back", wideFrom)},
		{"y n", "in the rubric: mark the point said (y) or not said (n), and go on to the next; every point starts not said"},
		{"space", "toggle the point's mark"},
		{"←↑↓→", "in the rubric, move through the grid of marks: ↑/↓ a row, ←/→ a column (on to the next row at a row's end)"},
		{"enter s", m.saveWords()},
		{"p", "play the prompt's scenario in the sandbox; esc comes back"},
		{"pgup/pgdn", "scroll your answer beside the point; on the list, a question longer than its rows"},
		{"J/K", "scroll the point, when it is longer than its column (shift+↓/↑ too)"},
	}
	if m.keys.Palette.Enabled() {
		// Inside the home screen, whose palette ctrl+k opens before the
		// key reaches the interview.
		rows = append(rows, [2]string{m.keys.Palette.Help().Key, m.keys.Palette.Help().Desc})
	}
	rows = append(rows, [2]string{"esc q", m.wayOut() + " (from the list and the rubric)"})
	for _, r := range rows {
		lines := pane.Wrap(r[1], max(w-14, 1)) // a cell to spare before the frame
		for i, l := range lines {
			lead := strings.Repeat(" ", 13)
			if i == 0 {
				lead = " " + m.th.Key.Render(fmt.Sprintf("%-11s", r[0])) + " "
			}
			out = append(out, lead+l)
		}
	}
	return out
}

// keyLine is the key help in w cells: the keys that work now (shortHelp),
// without the least needed ones where they do not all fit.
func (m Model) keyLine(w int) string {
	bs, drop := m.shortHelp()
	return playback.KeyLine(m.help, bs, w, drop...)
}

// shortHelp lists the keys that work now, in the order the key line shows
// them, and the ones a narrow window leaves out first, in that order.
func (m Model) shortHelp() (keys []key.Binding, drop []string) {
	k := m.keys
	switch {
	case m.showKey:
		return m.keysPage.ShortHelp(key.NewBinding(key.WithKeys("?", "esc"), key.WithHelp("?/esc", "close"))), nil
	case m.reading:
		return m.transcriptHelp(), nil
	case m.phase == picking:
		return []key.Binding{k.Up, k.Open, k.Help, k.Quit}, nil
	case m.ask != askNone:
		_, keys := m.question()
		return keys, nil
	case m.numbersShown():
		back := key.NewBinding(key.WithKeys("ctrl+o"), key.WithHelp("any key", "back to your answer"))
		if _, last := m.numbersScroll(); last > 0 {
			back.SetHelp("any other key", "back to your answer")
			return []key.Binding{key.NewBinding(key.WithKeys("up", "down"), key.WithHelp("↑/↓", "scroll")), back}, nil
		}
		return []key.Binding{back}, nil
	case m.numbersHidden():
		return []key.Binding{k.HandIn, k.Numbers, k.Ask}, []string{k.Numbers.Help().Key}
	case m.phase == writing:
		return []key.Binding{k.HandIn, k.Ask}, nil
	}
	play := key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "play it"))
	if !m.showStrip() {
		// No grid on screen: the arrows go to the previous or the next
		// point (moved), not through a grid.
		k.Move.SetHelp("↑/↓", "point")
	}
	// The sandbox and the arrows are extras: y and n walk the points in
	// order. Then enter: esc, the way out, asks to save first.
	return []key.Binding{k.Yes, k.No, k.Move, k.Save, play, k.Help, k.Quit}, []string{"p", k.Move.Help().Key, k.Save.Help().Key}
}
