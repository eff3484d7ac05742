package interviewui

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"
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

// noteLines is the notice, wrapped.
func (m Model) noteLines() []string {
	if m.note == "" {
		return nil
	}
	style := m.th.Good
	if m.noteErr {
		style = m.th.Error
	}
	var out []string
	for _, l := range pane.Wrap(m.note, max(m.w-2, 1)) {
		out = append(out, " "+style.Render(l))
	}
	return out
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

const handInHint = "Write your answer below. ctrl+d (or esc) hands it in; the rubric comes after."

// sizeArea fits the text area under the prompt.
func (m *Model) sizeArea() {
	if m.w <= 0 || m.h <= 0 || m.phase != writing {
		return
	}
	mainW, _ := m.layout()
	used := len(m.promptLines(mainW)) + len(pane.Wrap(handInHint, max(mainW-2, 1))) + 1
	m.area.SetWidth(max(mainW-2, 10))
	m.area.SetHeight(max(m.bodyHeight()-used, 3))
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
		body = m.keyLines(mainW)
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
		body = append(body, m.promptLines(mainW)...)
		for _, l := range pane.Wrap(handInHint, max(mainW-2, 1)) {
			body = append(body, " "+m.th.Dim.Render(l))
		}
		body = append(body, "")
		body = append(body, strings.Split(m.area.View(), "\n")...)
	default:
		title = " " + m.th.Title.Render("Rubric") + m.th.Subtitle.Render(" · "+m.prompt.Title)
		right = m.th.Subtitle.Render(fmt.Sprintf("%d of %d said · %s of %s", m.pointsSaid(), len(m.said), clock(m.used), clock(m.o.Time)))
		body = m.rubricLines(mainW)
	}
	bh := m.bodyHeight()
	top := 0
	if m.phase == grading && !m.showKey {
		top = min(m.scroll, max(len(body)-bh, 0))
	}
	shown := body[top:min(top+bh, len(body))]
	if len(body) > bh && m.phase == grading && !m.showKey {
		more := fmt.Sprintf("lines %d–%d of %d · pgup/pgdn scroll", top+1, top+len(shown), len(body))
		shown = append(shown[:len(shown)-1], " "+m.th.Dim.Render(more))
	}
	left := pane.Block(shown, mainW, bh)
	if sideW > 0 && m.phase != picking {
		side := pane.Block(m.scenarioLines(sideW), sideW, bh)
		for i := range left {
			left[i] += " " + m.th.Border.Render("│") + " " + side[i]
		}
	}
	lines := []string{m.titleBar(title, right)}
	lines = append(lines, strings.Repeat(" ", m.w))
	for _, l := range left {
		lines = append(lines, pane.Fit(l, m.w))
	}
	lines = append(lines, m.noteLines()...)
	lines = append(lines, pane.Fit(" "+m.help.ShortHelpView(m.shortHelp()), m.w))
	return strings.Join(pane.Block(lines, m.w, m.h), "\n")
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

func (m Model) pickLines(w int) []string {
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
	for _, l := range pane.Wrap(m.prompts[m.pick].Text, max(w-4, 1)) {
		out = append(out, "   "+m.th.Subtitle.Render(l))
	}
	out = append(out, "")
	for _, l := range pane.Wrap(fmt.Sprintf("You get %s to write the answer you would give out loud, then a rubric of what a strong answer says, "+
		"to grade yourself against. The graded answer is saved for later review.", clock(m.o.Time)), max(w-4, 1)) {
		out = append(out, "   "+m.th.Dim.Render(l))
	}
	return out
}

func (m Model) rubricLines(w int) []string {
	var out []string
	intro := "Space marks a point said or not said. ✱: its words are in your answer, a hint and not a grade."
	for _, l := range pane.Wrap(intro, max(w-2, 1)) {
		out = append(out, " "+m.th.Dim.Render(l))
	}
	out = append(out, "")
	for i, p := range m.prompt.Points {
		box := "[ ]"
		style := m.th.Subtitle
		if m.said[i] {
			box, style = "[x]", m.th.Text
		}
		cur := "  "
		if i == m.cursor {
			cur = m.th.Accent.Render(theme.GlyphCursor) + " "
		}
		hint := "  "
		if m.hinted[i] {
			hint = m.th.Accent.Render("✱") + " "
		}
		lines := pane.Wrap(p.Text, max(w-9, 1))
		for j, l := range lines {
			lead := strings.Repeat(" ", 9)
			if j == 0 {
				lead = " " + cur + box + " " + hint
			}
			out = append(out, lead+style.Render(l))
		}
	}
	out = append(out, "", " "+m.th.Accent.Render("Your answer, with the rubric's words marked:"))
	out = append(out, m.answerLines(w)...)
	out = append(out, "")
	try := fmt.Sprintf("p plays the %s scenario in the sandbox: set your own timeout and bulkhead with its knobs and watch them hold.", m.prompt.Scenario)
	for _, l := range pane.Wrap(try, max(w-2, 1)) {
		out = append(out, " "+m.th.Dim.Render(l))
	}
	return out
}

// answerLines wrap the answer with the hints marked: in colour as a
// highlight, and with asterisks too, since colour is never the only sign.
func (m Model) answerLines(w int) []string {
	text := m.area.Value()
	if strings.TrimSpace(text) == "" {
		return []string{" " + m.th.Dim.Render("(nothing was written)")}
	}
	var b strings.Builder
	last := 0
	for _, s := range wholeWords(text, m.spans) {
		b.WriteString(text[last:s.Start])
		b.WriteString(m.th.Accent.Render("*" + text[s.Start:s.End] + "*"))
		last = s.End
	}
	b.WriteString(text[last:])
	var out []string
	for _, para := range strings.Split(b.String(), "\n") {
		for _, l := range pane.Wrap(para, max(w-2, 1)) {
			out = append(out, " "+l)
		}
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

// scenarioLines describe the prompt's scenario from the engine's own
// numbers, for a candidate who wants figures to size things with.
func (m Model) scenarioLines(w int) []string {
	b, ok := scenarios.Lookup(m.prompt.Scenario)
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
	add(fmt.Sprintf("The %s scenario: %s.", sc.Name, sc.Summary), m.th.Subtitle)
	out = append(out, "")
	add(fmt.Sprintf("%d workers.", sys.Workers), m.th.Text)
	for _, e := range sys.Endpoints {
		rate := fmt.Sprintf("%s a second", num(e.Rate))
		if e.Interval > 0 {
			rate = "every " + breaker.Words(e.Interval)
		}
		line := fmt.Sprintf("%s: %s", e.Name, rate)
		if d := depOf(sys, e.Calls); d != nil {
			line += fmt.Sprintf(", calls %s (%s)", d.Name, latency(d))
			if d.Policy.Timeout > 0 {
				line += ", timeout " + breaker.Words(d.Policy.Timeout)
			}
			for _, f := range d.Faults {
				line += "; " + faultWords(f)
			}
		}
		add(line+".", m.th.Text)
	}
	return out
}

// faultWords says what a fault does and when.
func faultWords(f engine.Fault) string {
	s := f.Kind.String()
	switch f.Kind {
	case engine.Slow:
		s = "takes " + breaker.Words(f.Latency)
	case engine.Error:
		s = fmt.Sprintf("fails %.0f %% of calls", 100*f.Probability)
	case engine.Hang:
		s = "hangs"
	}
	s += " from " + breaker.Words(f.From)
	if f.To > 0 {
		s += " to " + breaker.Words(f.To)
	}
	return s
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
		return "mean " + breaker.Words(d.Latency.Mean)
	case engine.LogNormal:
		return "p50 " + breaker.Words(d.Latency.P50) + ", p99 " + breaker.Words(d.Latency.P99)
	}
	return breaker.Words(d.Latency.Value)
}

func num(f float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", f), "0"), ".")
}

func (m Model) keyLines(w int) []string {
	out := []string{" " + m.th.Bold.Render("Keys"), ""}
	rows := [][2]string{
		{"↑/↓ enter", "choose a question and start the clock"},
		{"typing", "the text area takes every key while the clock runs"},
		{"ctrl+d esc", "hand the answer in (time up does it too)"},
		{"↑/↓ space", "in the rubric: move, and mark a point said or not said"},
		{"enter s", "save the graded interview (leaving saves it too)"},
		{"p", "play the prompt's scenario in the sandbox; esc comes back"},
		{"pgup/pgdn", "scroll the rubric"},
		{"esc q", "leave"},
	}
	for _, r := range rows {
		lines := pane.Wrap(r[1], max(w-15, 1))
		for i, l := range lines {
			lead := strings.Repeat(" ", 14)
			if i == 0 {
				lead = "  " + m.th.Key.Render(fmt.Sprintf("%-11s", r[0])) + " "
			}
			out = append(out, lead+l)
		}
	}
	return out
}

func (m Model) shortHelp() []key.Binding {
	k := m.keys
	switch {
	case m.showKey:
		return nil
	case m.phase == picking:
		return []key.Binding{k.Up, k.Open, k.Help, k.Quit}
	case m.phase == writing:
		return []key.Binding{k.HandIn}
	}
	play := key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "play it"))
	return []key.Binding{k.Up, k.Toggle, k.Save, play, k.Help, k.Quit}
}
