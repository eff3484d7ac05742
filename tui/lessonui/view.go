package lessonui

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/helpview"
	"github.com/breakerlab/breakerlab/tui/internal/measure"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/x/ansi"
)

// Layout constants.
const (
	// wideMin is the narrowest screen that shows text and simulation side
	// by side; narrower ones show one at a time (tab switches).
	wideMin = 72
	// chrome is the rows above and below the body: title, status, help.
	chrome = 3
	// minWidth×minHeight is the smallest window the player draws in;
	// below it, it asks for a larger one.
	minWidth, minHeight = 24, 8
)

// columns is how the body is split: the text's width and the simulation's
// (0 when it is not shown beside the text).
func (m *Model) columns() (text, sim int) {
	if m.sim == nil && m.simErr == "" {
		return m.w, 0
	}
	if m.oneColumn() {
		if m.showSim {
			return 0, m.w
		}
		return m.w, 0
	}
	text = sideText(m.w)
	return text, m.w - text - 1
}

// sideText is the text column's width beside the simulation in a window
// w wide.
func sideText(w int) int { return min(max(w/2, 36), 76) }

// oneColumn says whether text and simulation take turns in the body (tab
// switches them): on a narrow screen, and while the learner reads a step
// whose prediction waits (reading).
func (m *Model) oneColumn() bool { return m.w < wideMin || m.reading() }

// reading says whether the step's text takes the whole width while its
// prediction waits: beside the panes the text and the choices did not fit
// the window (crowded, measured by layout). At 80×24 the pinned choices
// left a step's text eight rows of 38 columns, and reading lesson 1's
// first step took 17 presses of j. Until the guess the panes show the
// step's start and hold back what the prediction asks about, so the
// design's line (summaryLine) and tab stand for them; the guess plays the
// step beside them.
func (m *Model) reading() bool {
	return m.crowded && m.w >= wideMin && m.waiting() && !m.playing
}

// textRows is the rows the text column's lines get: the body, less the
// design's line while the learner reads (summaryLine).
func (m *Model) textRows() int {
	if m.summaryShown() {
		return m.h - chrome - 1
	}
	return m.h - chrome
}

// summaryShown says whether the text column starts with summaryLine.
func (m *Model) summaryShown() bool { return m.reading() && m.sim != nil && !m.showSim }

// summaryLine is the design's line over the text while the learner reads
// (reading), with the key that shows the panes, or nil: the prediction
// is about that design, which the text may not name.
func (m *Model) summaryLine() []string {
	if !m.summaryShown() {
		return nil
	}
	const hint = "  (tab: the panes)"
	head := m.designTitleLine(m.w - len(hint))
	return []string{pane.Fit(m.th.Accent.Render(head)+m.th.Dim.Render(hint), m.w)}
}

// crowdedBeside says whether the step's prediction waits and its text
// with the choices pinned under them needs more rows than the body has,
// in the text column beside the panes (reading).
func (m *Model) crowdedBeside() bool {
	st := m.cur()
	if m.w < wideMin || st.Predict == nil || (m.sim == nil && m.simErr == "") || m.predicts[m.step].made {
		return false
	}
	w := min(max(sideText(m.w)-2, 1), maxTextWidth)
	m.text.ensure(m.step, st.Text, w)
	// Pinned, the choices follow the text with no blank row between.
	need := len(m.drawBaseAt(w)) + len(renderPredictAsk(m.th, st.Predict, m.predicts[m.step], st, w))
	return need > m.h-chrome
}

// textWidth is the width the Markdown is wrapped to: the text column less
// a margin on each side.
func (m *Model) textWidth() int {
	tw, _ := m.columns()
	return min(max(tw-2, 1), maxTextWidth)
}

// maxTextWidth keeps lines readable on a wide screen; the exercise runner
// caps its prose at the same measure.
const maxTextWidth = measure.Prose

// layout renders the step's text for the current width (once: the cache
// keeps it) and sizes the simulation's panes. Update calls it whenever the
// step, the size or the design changes; View only reads its results.
func (m *Model) layout() {
	m.holdOutcomes()
	if m.w <= 0 || m.h <= 0 {
		return
	}
	m.help.Width = max(m.w-1, 1) // the help line starts with a space
	m.crowded = m.crowdedBeside()
	tw, sw := m.columns()
	if tw > 0 {
		m.text.ensure(m.step, m.cur().Text, m.textWidth())
		if q := m.cur().Predict; q != nil && q.Reveal != "" && m.predicts[m.step].revealed {
			m.text.ensureReveal(m.step, q.Reveal, m.textWidth())
		}
	}
	m.asked = nil
	if sw > 0 && m.sim != nil {
		placePanes(m.sim.Panes(), sw, m.simBodyHeight())
		m.asked = asks(m.sim.Panes(), sw)
	}
	m.followAnchor()
}

// simBodyHeight is the rows the panes get: the body less the design's
// lines.
func (m *Model) simBodyHeight() int {
	_, sw := m.columns()
	return max(m.h-chrome-len(m.designHead(sw)), 0)
}

// designHead is the design line, or two when the design's name does not
// fit one whole (designLines).
func (m *Model) designHead(w int) []string {
	if m.sim == nil {
		return []string{""}
	}
	v, n, name, keep := m.designName()
	lines := designLines(m.sim.Scenario(), v, n, name, keep, w)
	if one := designTitle(m.sim.Scenario(), v, n, name, keep, w); len(lines) == 2 && !strings.HasSuffix(one, "…") && !m.panesFit(w, m.h-chrome-2) {
		// The values of a step's change cost a pane's place: the line
		// with the knobs' names keeps it (lesson 6's "A retry storm" at
		// 160×48 lost its outcome timeline to the second line).
		return []string{one}
	}
	return lines
}

// designName is the design on screen: its number, how many the step
// has, its name as the header says it, and whether its label tells it
// from the others (labelTells).
func (m *Model) designName() (v, n int, name string, keepLabel bool) {
	v, n, name = m.sim.Variant()
	if st := m.cur(); m.step < len(m.names) && m.names[m.step] != "" && st.Sim != nil && v == st.Sim.Variant {
		name = m.names[m.step] // the step's [set], which the name does not say
	}
	return v, n, name, labelTells(m.sim.DesignNames(), v)
}

// designTitleLine is the design's line in w columns, on one line.
func (m *Model) designTitleLine(w int) string {
	v, n, name, keep := m.designName()
	return designTitle(m.sim.Scenario(), v, n, name, keep, w)
}

// panesFit says whether every pane of the step fits h rows at its least,
// w columns wide.
func (m *Model) panesFit(w, h int) bool {
	for _, p := range m.sim.Panes() {
		if !isExtra(p) {
			h -= p.Min(w)
		}
	}
	return h >= 0
}

// labelTells reports whether design v's label (the "slow catalog" of
// "slow catalog: rate limiter on the partner") tells it from the other
// designs: the designs do not all carry it. A label every design carries
// ("breaker: " on a scenario's one design) may go where room is short; one
// that tells them apart may not, or "partner burst: rate limiter on the
// partner" and "slow catalog: rate limiter on the partner" read alike.
func labelTells(names []string, v int) bool {
	if v < 0 || v >= len(names) {
		return false
	}
	label, ok := nameLabel(names[v])
	if !ok {
		return false
	}
	for _, n := range names {
		if l, ok := nameLabel(n); !ok || l != label {
			return true
		}
	}
	return false
}

// nameLabel is the label a design's name starts with, up to ": ", if it
// has one: a word or a few, with no comma and no bracket (the ": " of a
// step's mark, "(with payment's order: ...)", starts no label).
func nameLabel(name string) (string, bool) {
	label, _, ok := strings.Cut(name, ": ")
	if !ok || strings.ContainsAny(label, ",(") {
		return "", false
	}
	return label, true
}

// designLines names the design in one line of w columns when a form of
// designTitle holds its whole name, else in two, wrapped between words:
// the design is what the step is about ("5 trials"), so its name is cut
// short only when two lines cannot hold it either. A step's change that
// names its knobs without their values reads as another design: lesson
// 8's "Overlap-limited shards" read "overlap limited sharding (with
// customers)" at 100 columns, as if the other designs had no customers,
// so where two lines hold "(with customers: 28)" they take it.
func designLines(scenario string, v, n int, name string, keepLabel bool, w int) []string {
	one := designTitle(scenario, v, n, name, keepLabel, w)
	forms := setForms(name)
	keysOnly := len(forms) == 4 && strings.HasSuffix(one, forms[1])
	if !strings.HasSuffix(one, "…") && !keysOnly {
		return []string{one}
	}
	if keysOnly {
		forms = forms[:1] // the values, or the one line as it was
	}
	// The name as it is, else with a step's changes said shorter
	// (setForms), the first that two lines hold: the change on a line of
	// its own where it fits there, so that "customers: 28" is not parted.
	// Each form also without its label ("breaker: "), which the pane under
	// it says, before the next, shorter form: at 80 columns lesson 5's
	// "A count window's pace" read "(with caller's interval)", the one
	// value the step changes lost to keep the label.
	var tries []string
	for _, form := range forms {
		tries = append(tries, form)
		if label, ok := nameLabel(form); ok && !keepLabel {
			tries = append(tries, strings.TrimPrefix(form, label+": "))
		}
	}
	for _, form := range tries {
		full := form
		if n > 1 {
			full = fmt.Sprintf("%d/%d: %s", lessons.DesignNumber(v), n, form)
		}
		if mark := markOf(form); mark != "" {
			first := " " + strings.TrimSuffix(full, mark)
			if second := " " + strings.TrimSpace(mark); ansi.StringWidth(first) <= w && ansi.StringWidth(second) <= w {
				return []string{first, second}
			}
		}
		if lines := pane.Wrap(full, max(w-1, 1)); len(lines) == 2 {
			return []string{" " + lines[0], " " + lines[1]}
		}
	}
	return []string{one}
}

// placePanes gives each pane a height: its minimum first, then what the
// fixed panes ask for, then the rest shared by the flexible ones. Panes that
// do not fit at their minimum get height 0 and are not drawn.
func placePanes(ps []simPane, w, h int) []int {
	heights := make([]int, len(ps))
	left := h
	full := false
	for i, p := range ps {
		if isExtra(p) {
			continue // extras.go: from what is left at the end
		}
		lo := p.Min(w)
		if lo > left || full {
			// A pane with a short form (the latency's figures) takes it
			// in the rows left, after a pane that did not fit too: the
			// latency a step's text quotes is read there at 80x24.
			s, ok := p.(shortPane)
			if !ok || s.Short(w, left) == 0 {
				full = true
				continue
			}
			lo = s.Short(w, left)
		}
		heights[i] = lo
		left -= lo
	}
	for i, p := range ps {
		if heights[i] == 0 {
			continue
		}
		if need := p.Needs(w); need > 0 && need < heights[i] {
			// A pane that needs less than its usual least (the breaker
			// while its state is held: a line) gives the rest back.
			left += heights[i] - need
			heights[i] = need
		}
		if need := p.Needs(w); need > heights[i] {
			extra := min(need-heights[i], left)
			heights[i] += extra
			left -= extra
		}
	}
	// Flexible: a pane that asks for no height, and one that asked for
	// some and can use more, up to its Max (the transitions).
	var flex []int
	for i, p := range ps {
		mx, grows := p.(interface{ Max() int })
		if heights[i] > 0 && !isExtra(p) && (p.Needs(w) == 0 || grows && heights[i] < mx.Max()) {
			flex = append(flex, i)
		}
	}
	// The rest is shared by the flexible panes, none past the most it can
	// use (Max, when it has one): what one cannot use goes to the others,
	// and what none can use stays blank below them.
	for len(flex) > 0 && left > 0 {
		var open []int
		given := 0
		for k, i := range flex {
			share := (left - given) / (len(flex) - k)
			if mx, ok := ps[i].(interface{ Max() int }); ok && mx.Max() > 0 && heights[i]+share >= mx.Max() {
				share = max(mx.Max()-heights[i], 0)
			} else {
				open = append(open, i)
			}
			heights[i] += share
			given += share
		}
		left -= given
		if len(open) == len(flex) {
			break
		}
		flex = open
	}
	// The extras, in order, in the rows no step's pane could use.
	for i, p := range ps {
		if x, ok := p.(extraPane); ok {
			if mp, ok := p.(*mapExtra); ok {
				mp.room, mp.placed = left, true
			}
			if lo, hi := x.Extent(w); lo > 0 && lo <= left {
				heights[i] = min(hi, left)
				left -= heights[i]
			}
		}
	}
	for i, p := range ps {
		p.SetSize(w, heights[i])
	}
	return heights
}

// shortPane is a pane with a shorter form than its Min, drawn when the
// rows left hold no more (latencyPane): Short is the height it takes of
// left rows at width w, 0 if none will do.
type shortPane interface{ Short(w, left int) int }

// asks is what placePanes reads of each pane of ps at width w: its least,
// what it needs, the most it can use and, for an extra, its extent. The
// map's extent is left out: asking it sizes the map (mapExtra.Extent), and
// it asks to be placed again itself when it changes (Relayout).
func asks(ps []simPane, w int) []int {
	return appendAsks(make([]int, 0, 3*len(ps)), ps, w)
}

// appendAsks appends asks(ps, w) to out: the player compares them with
// the last layout's on every frame, in a buffer of its own stack.
func appendAsks(out []int, ps []simPane, w int) []int {
	for _, p := range ps {
		if _, ok := p.(*mapExtra); ok {
			continue
		}
		if x, ok := p.(extraPane); ok {
			lo, hi := x.Extent(w)
			out = append(out, lo, hi, 0)
			continue
		}
		most := 0
		if mx, ok := p.(interface{ Max() int }); ok {
			most = mx.Max()
		}
		out = append(out, p.Min(w), p.Needs(w), most)
		if s, ok := p.(shortPane); ok {
			out = append(out, s.Short(w, 1<<30)) // its most: the endpoints it counts
		}
	}
	return out
}

// textLines is everything the text column scrolls through: the text, and
// the prediction when it is not pinned under it.
func (m *Model) textLines() []string {
	lines := m.baseLines()
	if m.pinnedInline() {
		lines = append(lines, "")
		lines = append(lines, m.predictPanel()...)
	}
	return lines
}

// frameText keeps, for the one View that made it, the text column's
// lines: View asks for them up to six times (the body, the pinned
// prediction, the status line's hints), each time wrapping the title,
// the outcome and the question again, and nothing they are drawn from
// changes while it draws. Outside View (Update) there is none.
type frameText struct {
	base, panel         []string
	haveBase, havePanel bool
}

// baseLines is the step's title, text, outcome and question.
func (m *Model) baseLines() []string {
	if f := m.frame; f != nil {
		if !f.haveBase {
			f.base, f.haveBase = m.keptBase(), true
		}
		return f.base[:len(f.base):len(f.base)] // an append copies
	}
	return m.keptBase()
}

// keptBase is drawBase, kept in the text cache with everything it is drawn
// from as its key: the frames of a step that plays draw the same lines
// (the prediction's outcome and the reveal wrapped again, a frame's most
// allocations) until one of them changes.
func (m *Model) keptBase() []string {
	c := m.text
	if c == nil {
		return m.drawBase()
	}
	key := m.baseKey()
	if c.base == nil || c.baseKey != key {
		c.base, c.baseKey = m.drawBase(), key
	}
	return c.base[:len(c.base):len(c.base)]
}

// baseKey names what drawBase draws from: the step, the width, whether its
// text and reveal are rendered yet, the prediction's and the question's
// states, the note that the panes stand before the reveal, the error.
func (m *Model) baseKey() string {
	w := m.textWidth()
	_, text := m.text.get(m.step, w)
	_, reveal := m.text.getReveal(m.step, w)
	return fmt.Sprintf("%d %d %t %t %t %q %q %+v %+v", m.step, w, text, reveal, m.questionShown(), m.revealAhead(), m.simErr,
		m.predicts[m.step], m.questions[m.step])
}

func (m *Model) drawBase() []string { return m.drawBaseAt(m.textWidth()) }

// drawBaseAt is drawBase at a width: layout measures the text beside the
// panes with it (crowdedBeside).
func (m *Model) drawBaseAt(width int) []string {
	st := m.cur()
	title := m.th.Title.Render(fmt.Sprintf("%d. %s", m.step+1, st.Title))
	lines := strings.Split(ansi.Wrap(title, width, ""), "\n")
	lines = append(lines, "")
	body, ok := m.text.get(m.step, width)
	if !ok {
		body = ansi.Wrap(st.Text, width, "")
	}
	lines = append(lines, strings.Split(body, "\n")...)
	if q := st.Predict; q != nil {
		if ps := m.predicts[m.step]; ps.revealed {
			lines = append(lines, "")
			lines = append(lines, renderOutcome(m.th, q, ps, width)...)
			if note := m.revealAhead(); note != "" {
				lines = append(lines, wrapper(width)(m.th.Warn.Render(note), 0)...)
			}
			if q.Reveal != "" {
				reveal, ok := m.text.getReveal(m.step, width)
				if !ok {
					reveal = ansi.Wrap(q.Reveal, width, "")
				}
				lines = append(lines, "")
				lines = append(lines, strings.Split(reveal, "\n")...)
			}
		}
	}
	if m.questionShown() {
		lines = append(lines, "")
		lines = append(lines, renderQuestion(m.th, st.Question, m.questions[m.step], width)...)
	}
	if m.simErr != "" {
		lines = append(lines, "", m.th.Error.Render("The simulation could not start: ")+m.simErr)
	}
	return lines
}

// revealAhead says so when the panes stand before the moment the reveal
// speaks of (the learner restarted the step or moved back in it): the
// reveal's numbers are the run's there, and space plays on to it (the
// teacher's play, for a follower). "" when the panes are there or past it.
func (m *Model) revealAhead() string {
	if m.sim == nil || m.cur().Predict == nil {
		return ""
	}
	at := m.revealAt()
	if m.sim.Now() >= at {
		return ""
	}
	where := "at " + pane.Seconds(at)
	if at >= m.sim.End() {
		where = "at the end of the traffic"
	}
	if m.following {
		// A classroom's student following watches the teacher's run
		// go there; their space would leave following to play a copy
		// of their own.
		return "The panes are earlier than this outcome, which is the run " + where + ": the teacher plays on to there."
	}
	return "The panes are earlier than this outcome, which is the run " + where + ": space plays on to there."
}

func (m *Model) clampScroll() {
	if m.w <= 0 || m.h <= 0 {
		return
	}
	tw, _ := m.columns()
	if tw == 0 {
		return
	}
	room := max(m.textRows()-len(m.pinned()), 1)
	m.scroll = max(min(m.scroll, len(m.textLines())-room), 0)
}

// pinned is what stays under the scrolling text: the prediction while it
// is asked, and the guess while the simulation plays to the pause. When it
// would leave fewer than four rows of text it is not pinned: it joins the
// end of the text (pinnedInline).
func (m *Model) pinned() []string {
	if m.pinnedInline() {
		return nil
	}
	return m.predictPanel()
}

// predictPanel draws the prediction's state before the reveal, or nil.
func (m *Model) predictPanel() []string {
	if f := m.frame; f != nil {
		if !f.havePanel {
			f.panel, f.havePanel = m.drawPredictPanel(), true
		}
		return f.panel[:len(f.panel):len(f.panel)]
	}
	return m.drawPredictPanel()
}

func (m *Model) drawPredictPanel() []string {
	st := m.cur()
	if st.Predict == nil || m.w <= 0 {
		return nil
	}
	ps := m.predicts[m.step]
	if ps.made && ps.revealed {
		return nil
	}
	teacherPlays := m.following && !m.playing
	draw := func() []string {
		if !ps.made {
			return renderPredictAsk(m.th, st.Predict, ps, st, m.textWidth())
		}
		return renderPredictWait(m.th, ps, st, m.textWidth(), teacherPlays)
	}
	if m.text == nil {
		return draw()
	}
	return m.text.keptPanel(panelKey{step: m.step, width: m.textWidth(), ps: ps, teacherPlays: teacherPlays}, draw)
}

// pinnedInline reports whether the prediction follows the text instead of
// being pinned under it: when the text and it fit together (no gap on a
// large window), or when pinning it would leave too little of the text
// (minTextRows) to read the setting the prediction is about: lesson 14's
// first step, its four choices pinned at 80×24, left one line of its text
// and asked for a guess about a setup the learner could not see. The
// status line then says where the choices are (predictBelow).
func (m *Model) pinnedInline() bool {
	p := m.predictPanel()
	if len(p) == 0 {
		return false
	}
	body := m.textRows()
	return len(p) > body-minTextRows || len(m.baseLines())+1+len(p) <= body
}

// minTextRows is the least of the text a pinned prediction leaves: the
// title, a blank and six lines of the text.
const minTextRows = 8

// predictBelow reports whether the step waits for a guess whose choices
// (or input) follow the text below the window; the hint under them may
// be out of sight.
func (m *Model) predictBelow() bool {
	if !m.waiting() || !m.pinnedInline() || m.showEnd || m.showList || m.showHelp {
		return false
	}
	if tw, _ := m.columns(); tw <= 0 {
		return false
	}
	st := m.cur()
	all := m.textLines()
	answers := len(all) - len(predictHint(m.th, st.Predict, m.predicts[m.step], st, m.textWidth()))
	room := max(m.textRows(), 1)
	start := min(m.scroll, max(len(all)-1, 0))
	// The last row shown says "↓ more lines" when there are more.
	shown := start + room
	if shown < len(all) {
		shown--
	}
	return shown < answers
}

// tooSmall says whether the window is below what the player can draw: it
// then asks for a larger one, and takes no key but q.
func (m Model) tooSmall() bool { return m.w > 0 && m.h > 0 && (m.w < minWidth || m.h < minHeight) }

// View draws the player: exactly the window's size, from what Update
// prepared. It does no I/O and renders no Markdown.
func (m Model) View() string {
	if m.w <= 0 || m.h <= 0 {
		return ""
	}
	if m.tooSmall() {
		q := "quit"
		if m.o.Embedded {
			q = "go back" // leave sends the parent screen BackMsg
		}
		msg := playback.SmallMessage(m.w, m.h, minWidth, minHeight, q, "breakerlab lesson", fmt.Sprintf("step %d/%d", m.step+1, len(m.p.Steps)))
		return strings.Join(msg, "\n")
	}
	m.frame = &frameText{} // this frame's text column, drawn once (m is View's copy)
	lines := make([]string, 0, m.h)
	lines = append(lines, m.titleLine())
	body := m.h - chrome
	switch {
	case m.showHelp:
		m.fillHelp()
		lines = append(lines, m.helpv.View(m.th, "Keys")...)
	case m.showList:
		lines = append(lines, m.listView(body)...)
	case m.showEnd:
		lines = append(lines, m.endView(body)...)
	default:
		lines = append(lines, m.bodyView(body)...)
	}
	keyLine := playback.KeyLine(m.help, m.helpKeys().ShortHelp(), m.w)
	if m.showHelp {
		keyLine = playback.KeyLine(m.help, m.helpv.ShortHelp(brief(m.keys.HelpClose, "?/esc", "close"), m.keys.Quit), m.w)
	}
	if m.prompt != nil {
		keyLine = m.prompt.View(m.th, m.w) // seek.go's time prompt
	}
	lines = append(lines, m.statusLine(), keyLine)
	return strings.Join(lines, "\n")
}

func (m *Model) titleLine() string {
	l := m.p.Lesson
	name := l.Title
	if l.Number > 0 {
		name = fmt.Sprintf("lesson %d · %s", l.Number, l.Title)
	}
	right := fmt.Sprintf(" step %d/%d ", m.step+1, len(m.p.Steps))
	switch {
	case m.showEnd:
		right = " the end "
	case m.review != nil:
		right = fmt.Sprintf(" review %d/%d · step %d ", m.reviewAt+1, len(m.review), m.step+1)
	}
	if m.progress.Done {
		right = " ✓ done ·" + right
	}
	w := m.w
	if m.titleReserve > 0 {
		// A classroom's tag takes the line's right end and says the step
		// itself (" · step 3/7"): the title has the cells left of it, and
		// is shortened there with its "…", which the tag drawn over a
		// title of the whole width covered.
		w, right = max(m.w-m.titleReserve, 0), ""
	}
	room := w - ansi.StringWidth(right)
	prefix := " " + m.th.Title.Render("breakerlab") + m.th.Dim.Render(" › ")
	if ansi.StringWidth(prefix)+ansi.StringWidth(name)+1 > room {
		// The program's name goes before any of the lesson's.
		prefix = " "
	}
	// The title is shortened at a word, never in the middle of one.
	left := prefix + m.th.Bold.Render(wordFit(name, room-ansi.StringWidth(prefix)-1))
	tag := strings.Repeat(" ", m.w-w)
	if room < 10 {
		return pane.Fit(right, w) + tag
	}
	return pane.Fit(left, room) + m.th.Accent.Render(right) + tag
}

// questionBelow reports whether the step asks a question not yet answered
// right whose end the text column hides below the window.
func (m *Model) questionBelow() bool {
	st := m.cur()
	if st.Question == nil || m.questions[m.step].right || m.showEnd || m.showList || m.showHelp || m.waiting() {
		return false
	}
	if tw, _ := m.columns(); tw <= 0 {
		return false
	}
	all := m.textLines()
	room := max(m.textRows()-len(m.pinned()), 1)
	start := min(m.scroll, max(len(all)-1, 0))
	return start+room < len(all)
}

func (m *Model) bodyView(body int) []string {
	tw, sw := m.columns()
	var left, right []string
	if tw > 0 {
		all := m.textLines()
		pin := m.pinned()
		head := m.summaryLine()
		room := max(body-len(head)-len(pin), 1)
		start := min(m.scroll, max(len(all)-1, 0))
		end := min(start+room, len(all))
		visible := append([]string(nil), all[start:end]...)
		if end < len(all) && len(visible) > 0 {
			visible[len(visible)-1] = m.th.Dim.Render("↓ " + plural(len(all)-end+1, "more line", "more lines") + " (j)")
		}
		if start > 0 && len(visible) > 0 {
			visible[0] = m.th.Dim.Render("↑ more (k)")
		}
		if len(pin) > 0 {
			for len(visible) < room {
				visible = append(visible, "")
			}
			visible = append(visible, pin...)
		}
		for i := range visible {
			visible[i] = " " + visible[i]
		}
		left = pane.Block(append(head, visible...), tw, body)
	}
	if sw > 0 {
		right = m.simView(sw, body)
	}
	switch {
	case tw == 0:
		return right
	case sw == 0:
		return left
	}
	out := make([]string, body)
	sep := m.th.Border.Render("│")
	for i := range out {
		out[i] = left[i] + sep + right[i]
	}
	return out
}

func (m *Model) simView(w, h int) []string {
	if m.sim == nil {
		return pane.Block([]string{m.th.Error.Render("no simulation: " + m.simErr)}, w, h)
	}
	heads := m.designHead(w)
	head := heads[len(heads)-1]
	hint := ""
	if m.cur().Choose {
		hint = "  (v: next design)"
	}
	// The title is shortened first; then the hint goes.
	if ansi.StringWidth(head+hint) > w {
		hint = ""
	}
	var out []string
	for _, h := range heads[:len(heads)-1] {
		out = append(out, pane.Fit(m.th.Accent.Render(h), w))
	}
	out = append(out, pane.Fit(m.th.Accent.Render(head)+m.th.Dim.Render(hint), w))
	hidden := 0
	for _, p := range m.sim.Panes() {
		view := p.View()
		if view == "" {
			if !isExtra(p) { // an extra left out had nothing to say or no room
				hidden++
			}
			continue
		}
		out = append(out, strings.Split(view, "\n")...)
	}
	if hidden > 0 && len(out) < h {
		out = append(out, m.th.Dim.Render(" "+plural(hidden, "more pane needs", "more panes need")+" a taller window"))
	}
	return pane.Block(out, w, h)
}

func (m *Model) statusLine() string {
	st := m.cur()
	var left string
	// The note (G's "as far as this step goes") goes last: the wordings
	// chosen to fit leave it its room, else the line's cut fell on it.
	noteWidth := 0
	if m.note != "" {
		noteWidth = 2 + ansi.StringWidth(m.note)
	}
	// A question hidden below the text goes before the pause's words:
	// they filled the line at 80 and 100 columns and left the hint out,
	// while the key help offered the answers' keys.
	const below = " · question below: j/↓"
	belowWidth := 0
	questionBelow := m.questionBelow()
	if questionBelow && m.sim != nil {
		belowWidth = ansi.StringWidth(below)
	}
	switch {
	case m.showEnd && !m.progress.Done:
		left = m.th.Warn.Render(" the lesson's end: not done yet")
	case m.showEnd:
		left = m.th.Good.Render(" ✓ lesson finished")
	// While a prediction waits the words leave the note its room too: a
	// time key's refusal ("answer first: ...") was cut after "wh…" at
	// 100 columns, beside the longest form of "predict first".
	case m.waiting() && m.predicts[m.step].roomAnswered && !m.predicts[m.step].nudged:
		left = m.th.Warn.Render(widest(m.w-noteWidth, " ? the room has answered: space plays it",
			" ? the room answered: space plays", " ? space plays"))
	case m.waiting() && m.predicts[m.step].nudged:
		// Its shorter forms keep "space" and "guess": at 30 columns the
		// whole line was cut before the word that says what space skips.
		left = m.th.Warn.Render(widest(m.w-noteWidth, " ? space again plays without a guess",
			" ? space again plays, no guess", " ? space: play, no guess"))
	case m.predictBelow():
		// The key help offers the choices' keys: say where they are.
		left = m.th.Warn.Render(widest(m.w-noteWidth, " ? predict first: the prediction is below the text, j scrolls to it",
			" ? predict first: j scrolls to it", " ? predict: j scrolls to it", " ? predict first"))
	case m.waiting() && !m.playing:
		// Playing with no guess made is a classroom follower's step, which
		// the teacher's guess plays (tui/serve): its clock, below, says so;
		// "plays once you have guessed" contradicted the picture.
		left = m.th.Warn.Render(widest(m.w-noteWidth, " ? predict first: the simulation plays once you have guessed",
			" ? predict first, then it plays", " ? predict first"))
	case m.sim == nil && st.HasSim():
		left = m.th.Error.Render(" simulation unavailable")
	case m.sim == nil:
		left = m.th.Dim.Render(" text only")
		if st.Question != nil {
			if m.questions[m.step].right {
				left = m.th.Good.Render(" ✓ answered")
			} else {
				left = m.th.Warn.Render(" ? a question for you")
			}
		}
	default:
		var mode string
		switch {
		case m.playing:
			mode = m.th.Good.Bold(true).Render(theme.GlyphPlaying + " playing")
		case m.finished:
			mode = m.th.Bold.Render(theme.GlyphFinished + " finished")
		default:
			mode = m.th.Warn.Bold(true).Render(theme.GlyphPaused + " paused")
		}
		left = fmt.Sprintf(" %s  %s / %s  %s", mode, m.th.Bold.Render(clockAt(st, m.sim.Now())),
			pane.Seconds(m.sim.End()), pane.SpeedLabel(roundSpeed(m.speed(st))))
		// The longest wording that fits: an event's name can be long.
		fitting := func(candidates ...string) string {
			room := m.w - ansi.StringWidth(left) - noteWidth - belowWidth
			for _, s := range candidates {
				if ansi.StringWidth(s) <= room {
					return m.th.Accent.Render(s)
				}
			}
			return ""
		}
		switch next := m.heldNext(); {
		case m.atStop():
			// A later step plays on from here after its prediction: space
			// would only replay this one (stopAt).
			// The pause and what its instant holds back come first, as on
			// any pause; then where the run goes on.
			heres := []string{""}
			switch {
			case next != "":
				heres = []string{"paused here: " + pauseText(st) + ", held before " + next + " · ", "paused here, held before " + next + " · ",
					"held before " + next + " · ", "paused · "}
			case m.atPause:
				heres = []string{pausedAt(st) + " · ", "paused at " + pauseAt(st) + " · ", "paused · "}
			}
			// n opens the next step, which need not be the one that plays
			// on: lesson 1's first step said "step 3 plays on from here:
			// n", and n opened step 2. Then the words name both, n's step
			// first, as "paused here: 9.0 s; step 3 plays on from here; n:
			// step 2" read to a first reader as if n went to step 3.
			c, n := m.cont.Step+1, m.step+2
			var goesOn []string
			switch {
			case m.review != nil: // n goes to the next missed question
				goesOn = []string{fmt.Sprintf("the run goes on in step %d, after its prediction", c),
					fmt.Sprintf("the run goes on in step %d", c), fmt.Sprintf("step %d goes on", c)}
			case c != n:
				goesOn = []string{fmt.Sprintf("n: step %d · the run goes on in step %d, after its prediction", n, c),
					fmt.Sprintf("n: step %d · the run goes on in step %d", n, c),
					fmt.Sprintf("n: step %d · step %d goes on", n, c)}
			default:
				goesOn = []string{fmt.Sprintf("n: step %d, where the run goes on after its prediction", c),
					fmt.Sprintf("n: step %d, where the run goes on", c), fmt.Sprintf("n: step %d goes on", c)}
			}
			var forms []string
			for _, here := range heres {
				for _, g := range goesOn {
					forms = append(forms, "  · "+here+g)
				}
			}
			if plain := st.Pause.Kind != lessons.PauseEvent && st.Pause.Kind != lessons.PauseEnd; m.atPause && next == "" && plain {
				// At a pause at a time (not at an event, which "paused here:
				// payment opens" names) the clock already says "⏸ paused 9.0 s":
				// dropping "paused at 9.0 s" before the words of where the
				// run goes on keeps them whole. At 80 columns lesson 1's
				// first step read "n: step 2 · step 3 goes on", and a first
				// reader could not tell what went on, or how.
				var clear []string
				for _, here := range heres[:len(heres)-1] {
					for _, g := range goesOn[:len(goesOn)-1] {
						clear = append(clear, "  · "+here+g)
					}
				}
				for _, g := range goesOn[:len(goesOn)-1] {
					clear = append(clear, "  · "+g)
				}
				forms = append(clear, forms...)
			}
			left += fitting(append(forms, "  · "+goesOn[len(goesOn)-1])...)
		case next != "":
			// The panes hold the event's picture (holdEvent): say what came
			// next in its instant, in the longest wording that fits, here
			// rather than in a note after the pause's words, which a
			// 100-column window cut.
			left += fitting("  · paused here: "+pauseText(st)+", held before "+next+" in the same instant; space plays on",
				"  · paused here: "+pauseText(st)+", held before "+next+"; space plays on",
				"  · paused here, held before "+next+"; space plays on",
				"  · held before "+next+"; space plays on",
				"  · held before "+next, "  · space plays on")
		case m.finished:
			left += fitting("  · the end; space plays it again", "  · space: again")
		case m.atPause:
			left += fitting("  · paused here: "+pauseText(st)+"; space plays on",
				"  · paused at "+pauseAt(st)+"; space plays on", "  · space plays on")
		case st.PauseAt > m.sim.Now():
			left += m.th.Dim.Render("  · pauses at " + pauseAt(st) + pauseWhy(st))
		case !m.playing && m.sim.Now() == st.From && !m.finished:
			left += m.th.Dim.Render("  · space plays")
		}
	}
	if questionBelow {
		// The key help offers the answers' keys: say where the choices
		// are when the window hides them.
		switch {
		case m.sim == nil:
			left = m.th.Warn.Render(" ? a question for you, below: j scrolls to it")
		case ansi.StringWidth(left)+ansi.StringWidth(below)+noteWidth <= m.w:
			left += m.th.Warn.Render(below)
		}
	}
	if m.note != "" {
		style := m.th.Dim
		if m.noteErr {
			style = m.th.Error
		}
		left += "  " + style.Render(m.note)
	}
	return pane.Fit(left, m.w)
}

// widest is the first of forms, longest first, that fits in w cells, else
// the last: at 40 columns the lesson player cut "? predict first: the
// simulation plays …" in the middle of its words.
func widest(w int, forms ...string) string {
	for _, f := range forms {
		if ansi.StringWidth(f) <= w {
			return f
		}
	}
	return forms[len(forms)-1]
}

func roundSpeed(f float64) float64 {
	if f >= 1 {
		return float64(int(f*10+0.5)) / 10
	}
	return float64(int(f*100+0.5)) / 100
}

// pauseText names a step's pause point as the status line says it.
func pauseText(st *lessons.PreparedStep) string {
	switch st.Pause.Kind {
	case lessons.PauseEvent:
		return st.Pause.Text + " at " + pauseAt(st)
	case lessons.PauseEnd:
		return "the traffic has ended"
	}
	return pauseAt(st)
}

// pausedAt says where a step stands paused: at its time ("paused at
// 9.0 s"), or at the event it pauses on, named.
func pausedAt(st *lessons.PreparedStep) string {
	if st.Pause.Kind == lessons.PauseEvent || st.Pause.Kind == lessons.PauseEnd {
		return "paused here: " + pauseText(st)
	}
	return "paused at " + pauseAt(st)
}

// pauseAt is the time a step pauses at, as the status line's clock
// writes it there (clockAt).
func pauseAt(st *lessons.PreparedStep) string { return clockAt(st, st.PauseAt) }

// clockAt writes a moment of the step's run on the status line: one rule
// for its clock and its "paused at", so that the two never name the same
// moment in different digits. It is pane.Clock's tenths, except at the
// instant of the breaker's change the step pauses on when that falls
// between two tenths: the transitions pane, the breaker pane and the text
// write it to the millisecond, and lesson 9's "Everything together"
// stopped at "paused 1.5 s" beside "payment opens at 1.575 s".
func clockAt(st *lessons.PreparedStep, at time.Duration) string {
	if st.Pause.Kind == lessons.PauseEvent && at == st.PauseAt && at%(100*time.Millisecond) != 0 {
		return pane.TransitionTime(at)
	}
	return pane.Clock(at)
}

func pauseWhy(st *lessons.PreparedStep) string {
	if st.Pause.Kind == lessons.PauseEvent {
		return " (" + st.Pause.Text + ")"
	}
	return ""
}

func (m *Model) listView(h int) []string {
	var body []string
	for i, s := range m.p.Steps {
		mark := "  "
		switch {
		case s.Question != nil && m.progress.Right(i):
			mark = m.th.Good.Render("✓ ")
		case s.Question != nil:
			mark = m.th.Warn.Render("? ")
		case seen(m.progress.Seen, i):
			mark = m.th.Dim.Render("· ")
		}
		line := fmt.Sprintf("%s%2d. %s", mark, i+1, s.Title)
		if i == m.step {
			line += m.th.Dim.Render("  (here)")
		}
		if i == m.listCursor {
			line = m.th.Selected.Render(theme.GlyphCursor + " " + ansi.Strip(line))
		} else {
			line = "  " + line
		}
		body = append(body, line)
	}
	// The marks' legend takes the last row, where there is one to spare.
	legend := m.th.Dim.Render(stepsLegend(max(m.w-4, 1)))
	room := h - 2
	if room >= 4 {
		room--
	}
	if room > 0 && len(body) > room {
		start := min(max(m.listCursor-room/2, 0), len(body)-room)
		body = body[start : start+room]
	}
	if h-2 >= 4 {
		if len(body)+2 <= h-2 {
			body = append(body, "")
		}
		body = append(body, " "+legend)
	}
	return pane.Frame(m.th, m.w, h, "Steps", "↑/↓ choose · enter open · esc close", body)
}

// stepsLegendForms say what the steps list's marks mean, the longest
// first. A prediction is a guess and is never graded (the end screen says
// so too), so its step is marked seen (·) whether the guess was near or
// off; the legend says as much, as a learner whose wrong guess showed the
// same · as a right one took · for "right" and looked for a mark that
// was not there.
var stepsLegendForms = []string{
	"✓ question answered right · ? question not yet answered right · · seen (a prediction is a guess: never marked right or wrong)",
	"✓ question answered right · ? question not yet right · · seen (predictions are not graded)",
	"✓ question right · ? question not yet right · · seen · guesses not graded",
	"✓ right · ? not yet right · · seen · guesses not graded",
}

// stepsLegend is the longest legend of the steps list's marks that fits
// in w cells, the shortest cut between words in a narrower one.
func stepsLegend(w int) string {
	return wordFit(widest(w, stepsLegendForms...), w)
}

func seen(list []int, i int) bool {
	for _, s := range list {
		if s == i {
			return true
		}
	}
	return false
}

// openHelp shows the full help from its top.
func (m *Model) openHelp() {
	m.showHelp = true
	m.helpv.Reset()
}

// fillHelp sets the full help's page for the window as it is now: the
// key table at its width, in the body's rows, the scroll position kept
// where it can be. The table is the keys of the moment, so it is made
// again for each frame and key rather than kept.
func (m *Model) fillHelp() {
	m.helpv.SetContent(append(helpview.KeyTable(m.help, m.helpKeys().FullHelp(), m.w-2), m.panesHelp()...), m.w, max(m.h-chrome, 0))
}

// panesHelp says, under the keys, what the outcomes timeline's cells
// show (chart.CellRule), where the step shows the timeline: its legend's
// "cell: worst outcome ≥10%" was explained nowhere.
func (m *Model) panesHelp() []string {
	if m.sim == nil || !slices.ContainsFunc(m.sim.Panes(), func(p simPane) bool {
		_, ok := p.(*flexPane[*chart.Outcomes])
		return ok
	}) {
		return nil
	}
	return append([]string{""}, helpview.Paragraphs([]string{"Outcomes per endpoint, as decided (the timeline): " + chart.CellRule()}, m.w-4)...)
}

// brief is b under a shorter label, for the one-line help.
func brief(b key.Binding, keys, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(keys, desc))
}

// helpKeys lists the keys that do something now.
func (m *Model) helpKeys() helpKeys {
	k := m.keys
	st := m.cur()
	if m.showList {
		// The list's words, as its frame says them: enter opens a step.
		return helpKeys{short: []key.Binding{brief(k.Up, "↑/k", "up"), brief(k.Down, "↓/j", "down"),
			brief(k.Submit, "enter", "open"), brief(k.Back, "esc", "close"), k.Quit}}
	}
	// tab switches text and simulation only where they take turns: a
	// narrow window (wideMin).
	view := []key.Binding{k.Play, k.Restart, k.Variant}
	if m.oneColumn() {
		view = append(view, k.Toggle)
	}
	full := [][]key.Binding{
		{k.Next, k.Prev, k.Steps},
		view,
		{k.Step, k.BackStep, k.NextEvent, k.PrevEvent, k.Start, k.End, k.GoTo, k.Faster, k.Slower},
		{k.Up, k.Down, k.Answer, k.Submit, k.Erase, k.Move},
		{k.Again, k.Review, k.Help, k.Palette, k.Back, k.Quit},
	}
	if m.waiting() && m.sim != nil {
		// The keys that move the run on wait for the guess (peeks); the
		// help says so, as the refusal does when one is pressed.
		full[2] = []key.Binding{waitingForGuess(k.Step), k.BackStep, waitingForGuess(k.NextEvent), k.PrevEvent, k.Start, waitingForGuess(k.End), waitingForGuess(k.GoTo), k.Faster, k.Slower}
	}
	if m.instancesPane() != nil {
		// Only a step with the instances pane has rows of them to scroll.
		full = append(full, []key.Binding{k.InstancesUp, k.InstancesDown})
	}
	if m.showEnd {
		short := []key.Binding{}
		if m.nextLesson() != nil {
			short = append(short, brief(k.Submit, "enter", "next lesson"))
		}
		if missed, _ := m.toReview(); len(missed) > 0 {
			short = append(short, brief(k.Review, "m", "review missed"))
		}
		short = append(short, brief(k.Prev, "p", "last step"), brief(k.Help, "?", "keys"), k.Quit)
		return helpKeys{short: short, full: full}
	}
	if m.waiting() {
		short := []key.Binding{}
		if st.Predict.Kind == lessons.Choice {
			short = append(short, brief(k.Answer, fmt.Sprintf("1-%d", len(st.Predict.Choices)), "predict"))
		} else {
			short = append(short, brief(k.Submit, "0-9 enter", "predict"))
		}
		short = append(short, brief(k.Play, "space", "skip"))
		short = append(short, m.narrowToggle()...)
		short = append(short, brief(k.Next, "n/p", "step"), brief(k.Help, "?", "keys"), k.Quit)
		return helpKeys{short: short, full: full}
	}
	// The one line puts first what fits in 80 columns: moving, playing,
	// answering, the help and leaving; the full help has the rest.
	short := []key.Binding{brief(k.Next, "n/p", "step")}
	if m.sim != nil {
		play := playback.PlayWord(m.sim.Now() >= m.stopAt(), m.playing)
		short = append(short, brief(k.Play, "space", play))
		short = append(short, m.narrowToggle()...)
		short = append(short, brief(k.Step, "←/→", "time"))
	}
	if m.rehearsed() {
		short = append(short, brief(k.Again, "a", "predict again"))
	}
	if q := st.Question; q != nil && m.questionShown() {
		switch {
		case m.rehearsed():
		case m.questions[m.step].right:
			short = append(short, brief(k.Again, "a", "ask again"))
		case q.Kind == lessons.Choice:
			short = append(short, brief(k.Answer, fmt.Sprintf("1-%d", len(q.Choices)), "answer"))
		default:
			short = append(short, brief(k.Submit, "enter", "answer"))
		}
	}
	if k.Variant.Enabled() {
		short = append(short, brief(k.Variant, "v", "design"))
	}
	short = append(short, brief(k.Help, "?", "keys"), k.Quit)
	if k.Restart.Enabled() {
		short = append(short, brief(k.Restart, "r", "restart"))
	}
	short = append(short, brief(k.Steps, "s", "steps"))
	return helpKeys{short: short, full: full}
}

// narrowToggle is tab in the one-line help where the window is too narrow
// for text and simulation side by side (wideMin), else nothing. It goes
// straight after space: the key line drops keys from its end, and tab is
// the only way to see what space plays, so placed last it was dropped on
// exactly the widths where it is needed.
func (m *Model) narrowToggle() []key.Binding {
	if !m.oneColumn() || m.sim == nil {
		return nil
	}
	return []key.Binding{brief(m.keys.Toggle, "tab", "text/sim")}
}

// markOf is the part of a design's name a step's [set] added, with every
// knob and value (" (with customers: 28)"), "" for a name with none.
func markOf(name string) string {
	forms := setForms(name)
	if len(forms) == 1 {
		return ""
	}
	return strings.TrimPrefix(name, strings.TrimSuffix(forms[len(forms)-1], " (changed)"))
}

// setForms are the ways to write a design's name that a step's [set]
// marked with its changes, longest first (lessons.SetMarkForms, beside
// the code that writes the mark).
func setForms(name string) []string { return lessons.SetMarkForms(name) }

// designTitle names the design on screen in w columns, shortened
// deliberately: first the word "design" goes, then the scenario's name
// (the lesson names it), with one design its "1/1", then the name's label
// ("breaker: ") unless keepLabel says it tells the design from the others
// ("slow catalog: "), and only then the design's name loses whole clauses
// from its end (", 2 trials"), or failing that whole words, never part of
// one. The design's name is what the step is about, so it is the last to
// shrink (designLines gives it a second line first).
func designTitle(scenario string, v, n int, name string, keepLabel bool, w int) string {
	d := lessons.DesignNumber(v)
	var forms []string
	// A design a step's [set] changed says so, with the keys and values;
	// where that does not fit, with the keys; then that the step changed
	// it. The change is never cut off mid-way.
	for _, name := range setForms(name) {
		if n > 1 {
			forms = append(forms,
				fmt.Sprintf(" %s · design %d/%d: %s", scenario, d, n, name),
				fmt.Sprintf(" %s · %d/%d: %s", scenario, d, n, name),
				fmt.Sprintf(" %d/%d: %s", d, n, name))
		} else {
			forms = append(forms,
				fmt.Sprintf(" %s · design: %s", scenario, name),
				fmt.Sprintf(" %s · %s", scenario, name),
				" "+name)
		}
	}
	// Then the name without its label ("breaker: "), which the pane
	// under it says: every clause stays. A label that tells this design
	// from the others ("slow catalog: ") stays too (labelTells).
	if label, ok := nameLabel(name); ok && !keepLabel {
		rest := strings.TrimPrefix(name, label+": ")
		if n > 1 {
			forms = append(forms, fmt.Sprintf(" %d/%d: %s", d, n, rest))
		} else {
			forms = append(forms, " "+rest)
		}
	}
	for _, f := range forms {
		if ansi.StringWidth(f) <= w {
			return f
		}
	}
	last := forms[len(forms)-1]
	// Whole clauses off the end, while one is left.
	for i := strings.LastIndex(last, ", "); i > 0; i = strings.LastIndex(last[:i], ", ") {
		if f := last[:i] + "…"; ansi.StringWidth(f) <= w {
			return f
		}
	}
	return wordFit(last, w)
}
