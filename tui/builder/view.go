package builder

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/tui/internal/helpview"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/present"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/x/ansi"
)

// The screen: the title with its breadcrumb, the body (the list of starts;
// or the parts beside the map, the map above them in a narrow window, the
// knob form in the parts' place), the message wrapped whole, and the key
// line (or the open question).

// wide is the least width that puts the parts beside the map.
const wide = 110

// View draws the screen, exactly the window's size.
func (m Model) View() string {
	if m.w <= 0 || m.h <= 0 {
		return ""
	}
	if m.showHelp {
		// "Keys", as the sandbox's help is titled: the line above names
		// the builder, and at 40 columns "Builder: keys" cut the frame's
		// note ("lines 1–8 of 57 ·…").
		lines := append([]string{m.titleLine()}, m.helpv.View(m.th, "Keys")...)
		lines = append(lines, playback.KeyLine(m.help, m.helpv.ShortHelp(m.keys.HelpClose, m.keys.quit()), m.w))
		return strings.Join(pane.Block(lines, m.w, m.h), "\n")
	}
	msg := m.messageLines()
	bodyH := max(m.h-2-len(msg), 0)
	var body []string
	if m.stage == choosing {
		body = m.startsBody(bodyH)
	} else {
		body = m.buildBody(bodyH)
	}
	lines := append([]string{m.titleLine()}, body...)
	lines = append(lines, msg...)
	lines = append(lines, m.keyLine())
	return strings.Join(pane.Block(lines, m.w, m.h), "\n")
}

// titleLine is the breadcrumb, then whether the system is saved.
func (m Model) titleLine() string {
	head := " " + m.th.Title.Render("breakerlab") + m.th.Dim.Render(" › new system")
	if m.stage == choosing || m.sc == nil {
		return pane.Fit(head+m.th.Dim.Render(" › ")+m.th.Accent.Render("start from"), m.w)
	}
	head += m.th.Dim.Render(" › ") + m.th.Accent.Render(m.sc.Name)
	state := "unsaved"
	switch {
	case !m.Unsaved() && m.savePath != "":
		state = "saved as " + m.savePath
	case !m.Unsaved():
		state = "nothing changed yet"
	}
	// The map draws one moment of the preview run, its end (or where a
	// heavy system's preview stops): said, or a breaker still open there
	// reads as one open now, and a fault over by then, which the map
	// marks no more, as none at all.
	// Its times are written as the sandbox's status line writes them
	// (present.ClockTime, present.ClockEnd), not as a file types them:
	// the builder said "at 1m" where the sandbox reads "60.0 s".
	at := "at " + present.ClockEnd(m.sc.Duration) + ", its end"
	if m.horizon < m.sc.Duration {
		at = "at " + present.ClockTime(m.horizon, m.sc.Duration) + " of " + present.ClockEnd(m.sc.Duration)
	}
	short := "map at " + present.ClockTime(m.horizon, m.sc.Duration)
	tries := []string{state + " · the map shows the run " + at, state + " · " + short, state, ""}
	if n := len(m.sc.Variants); n > 1 {
		// The map, the charts and b show the first; the parts are every
		// variant's.
		tries = []string{state + fmt.Sprintf(" · the map shows variant 1 of %d, %s, %s", n, m.sc.Variants[0].Name, at),
			state + fmt.Sprintf(" · the map shows variant 1 of %d, %s", n, m.sc.Variants[0].Name),
			state + fmt.Sprintf(" · %s, variant 1 of %d", short, n), state, ""}
	}
	for _, t := range tries {
		if full := head + m.th.Dim.Render("  "+t); ansi.StringWidth(full) <= m.w {
			return pane.Fit(full, m.w)
		}
	}
	return pane.Fit(head, m.w)
}

// messageLines is the note or the refusal, wrapped so that it is read
// whole; none when there is nothing to say.
func (m Model) messageLines() []string {
	if m.msg == "" {
		return nil
	}
	style, text := m.th.Dim, m.msg
	if m.msgErr {
		style, text = m.th.Error, "✗ "+m.msg
	}
	var out []string
	for _, l := range pane.Wrap(text, max(m.w-2, 1)) {
		out = append(out, " "+style.Render(l))
	}
	return out
}

// keyLine is the open question or prompt, else the keys that work now.
func (m Model) keyLine() string {
	if m.prompt != nil {
		return m.prompt.View(m.th, m.w)
	}
	if m.ask != noQuestion {
		return m.questionLine()
	}
	keys := m.keys.short()
	switch {
	case m.form != nil:
		keys = m.keys.form()
	case m.stage == choosing:
		keys = m.keys.choose(m.draftName())
	case m.connecting:
		keys = []key.Binding{playback.Short("↑/↓", "move"), playback.Short("enter", "call it"), playback.Short("esc", "cancel")}
	}
	return playback.KeyLine(m.help, keys, m.w)
}

// draftName is the system n left for the list of starts, "" when there
// is none (the list opened first).
func (m Model) draftName() string {
	if m.sc == nil {
		return ""
	}
	return m.sc.Name
}

// noSave takes w out of a question's words where w does not save.
var noSave = strings.NewReplacer(" · w saves first", "", " · w saves", "", "y/w/other", "y/other")

// questionLine asks in the key line, in as many words as fit.
func (m Model) questionLine() string {
	var tries []string
	switch m.ask {
	case askLeave:
		tries = []string{"Leave with unsaved changes? y leaves (kept as a draft while breakerlab runs) · w saves · any other key stays",
			"Leave unsaved? y leaves, kept as a draft · w saves · other: stay", "Leave unsaved? y/w/other"}
	case askQuit:
		tries = []string{"Quit with unsaved changes? y quits and loses them · w saves first · any other key stays",
			"Quit unsaved? y loses them · w saves · other: stay", "Quit unsaved? y/w/other"}
	case askFresh:
		tries = []string{"Start over? The unsaved system is lost: y starts over · w saves first · any other key stays",
			"Start over, losing it? y · w saves · other: stay", "Start over? y/w/other"}
	case askOverwrite:
		tries = []string{m.savePath + " exists; overwrite it? y overwrites · any other key keeps it", "Overwrite it? y or n"}
	}
	if m.o.WriteElsewhere != "" {
		// w does not save here (over SSH): the question offers it not.
		for i, t := range tries {
			tries[i] = noSave.Replace(t)
		}
	}
	for _, t := range tries {
		if ansi.StringWidth(t)+1 <= m.w {
			return pane.Fit(" "+m.th.Bold.Render(t), m.w)
		}
	}
	return pane.Fit("", m.w)
}

// startsBody is the list of starts; in a wide window the highlighted
// one's system beside it, drawn as it runs (the map, the outcomes), and
// each start's summary under its name.
func (m Model) startsBody(h int) []string {
	if m.w < wide {
		return m.startsPane(m.w, h, false)
	}
	leftW, _ := m.split(h)
	mapW := m.w - leftW
	mapH := min(m.mapMax(mapW), max(h-chartMin, h/2))
	right := append(m.chartLines(m.mp, mapW, mapH), m.chartLines(m.out, mapW, h-mapH)...)
	return sideBySide(m.startsPane(leftW, h, true), right)
}

// startsPane lists where to start: with every summary under its name
// (inline), else the highlighted one's summary under the list. A list
// taller than its room shows whole starts around the highlighted one and
// says how many more are above and below, as the parts list does: a
// summary cut at the pane's edge read as the whole of it.
func (m Model) startsPane(w, h int, inline bool) []string {
	inner := max(w-4, 1)
	summaries := make([]string, len(m.starts)+1)
	names := make([]string, len(m.starts)+1)
	summaries[0], names[0] = "a pool of 32 workers and one endpoint of 50 requests a second that calls nothing yet", "empty server"
	for i, s := range m.starts {
		names[i+1], summaries[i+1] = "copy of "+s.Name, s.Summary
	}
	items := make([]startItem, len(names))
	for i := range names {
		items[i].name = names[i]
		if inline {
			items[i].summary = pane.Wrap(summaries[i], max(inner-4, 1))
		}
	}
	var about []string
	if !inline {
		about = append([]string{""}, pane.Wrap(summaries[m.pick], inner)...)
		// The list keeps the highlighted start and its marks; the
		// summary gives way below them, ending in "…" when cut.
		room := max(h-2-min(len(names), 3), 0)
		switch {
		case room < 2: // the blank line over it and no more
			about = nil
		case len(about) > room:
			about = cutWithEllipsis(about[:room], inner)
		}
		for i := range about {
			about[i] = " " + m.th.Dim.Render(about[i])
		}
	}
	rows := max(h-2-len(about), 1)
	body := m.startLines(items, rows, inline, inner)
	body = append(body, about...) // right under the list
	note := fmt.Sprintf("%d of %d", m.pick+1, len(names))
	if m.keys.OpenFile.Enabled() && ansi.StringWidth(note)+len("Start from")+len(" · or o opens a file")+10 <= w {
		// The key line has no room for o at 80 columns, and a start
		// other than these is what a learner with a saved file looks for
		// here.
		note = "or o opens a file · " + note
	}
	return pane.Frame(m.th, w, h, "Start from", note, body)
}

// startItem is one start in the list: its name and, inline, its summary
// wrapped to the list's width.
type startItem struct {
	name    string
	summary []string
}

// startLines are the list's rows: every start when they fit in rows,
// else the highlighted one with as many whole starts around it as fit,
// a line above and below saying how many more there are. Inline, a blank
// row parts two starts and the list fills its rows, its "↓" mark on the
// last one.
func (m Model) startLines(items []startItem, rows int, inline bool, inner int) []string {
	gap := 0
	if inline {
		gap = 1
	}
	height := func(lo, hi int) int {
		n := (hi - lo) * gap
		for i := lo; i <= hi; i++ {
			n += 1 + len(items[i].summary)
		}
		if lo > 0 {
			n++
		}
		if hi < len(items)-1 {
			n++
		}
		return n
	}
	lo, hi := 0, len(items)-1
	if height(lo, hi) > rows {
		// Grow around the highlighted start one start a side at a time,
		// so that it stays near the middle.
		lo, hi = m.pick, m.pick
		for grew := true; grew; {
			grew = false
			if hi+1 < len(items) && height(lo, hi+1) <= rows {
				hi, grew = hi+1, true
			}
			if lo > 0 && height(lo-1, hi) <= rows {
				lo, grew = lo-1, true
			}
		}
	}
	var up, down string
	if lo > 0 {
		up = " " + m.th.Dim.Render(fmt.Sprintf("↑ %d more", lo))
	}
	if hi < len(items)-1 {
		down = " " + m.th.Dim.Render(fmt.Sprintf("↓ %d more", len(items)-1-hi))
	}
	var body []string
	if up != "" {
		body = append(body, up)
	}
	marks := len(body)
	if down != "" {
		marks++
	}
	if room := rows - marks; lo == hi && 1+len(items[lo].summary) > room {
		// Even the highlighted start alone is taller than the room: its
		// summary is cut, saying so with "…"; with no row for the marks,
		// the "n of m" in the title still counts the starts.
		if room < 1 {
			body, up, down, room = nil, "", "", rows
		}
		if room > 1 {
			items[lo].summary = cutWithEllipsis(items[lo].summary[:room-1], max(inner-4, 1))
		} else if len(items[lo].summary) > 0 {
			items[lo].name, items[lo].summary = items[lo].name+" …", nil
		}
	}
	for i := lo; i <= hi; i++ {
		if i > lo && inline {
			body = append(body, "")
		}
		mark, name := "  ", items[i].name
		if i == m.pick {
			mark, name = m.th.Accent.Render(theme.GlyphCursor)+" ", m.th.Bold.Render(name)
		}
		body = append(body, " "+mark+name)
		for _, l := range items[i].summary {
			body = append(body, "    "+m.th.Dim.Render(l))
		}
	}
	if down != "" {
		if inline {
			for len(body) < rows-1 {
				body = append(body, "")
			}
		}
		body = append(body, down)
	}
	return body
}

// cutWithEllipsis marks lines, the start of a longer text, as cut: its
// last line ends in "…" (clipped to w cells to make room for it).
func cutWithEllipsis(lines []string, w int) []string {
	if len(lines) == 0 {
		return lines
	}
	out := append([]string(nil), lines...)
	last := len(out) - 1
	out[last] = strings.TrimRight(pane.Fit(strings.TrimRight(out[last], " ")+"…", w), " ")
	return out
}

// split is how the body is shared: the left (parts or form) width and
// the map's, side by side; or, in a narrow window, the map's height above
// the parts.
func (m Model) split(bodyH int) (leftW, mapH int) {
	if m.w >= wide {
		leftW = min(max(m.w*2/5, 44), 72)
		if m.form != nil {
			leftW = max(leftW, m.w*3/5)
		}
		return leftW, bodyH
	}
	// Every part when the map can spare the rows (its legend and fleets'
	// strips give way first), else at least six rows of them.
	mapH = min(max(bodyH-m.partsHeight(m.w), m.mp.MinHeight()), m.mapMax(m.w))
	return m.w, min(max(mapH, 0), max(bodyH-6, 0))
}

// buildBody is the parts (or the form) and the map; in a wide window
// they share a band, and the preview run's charts fill the rest: the
// calls in flight under the parts (once something is called), the
// requests' outcomes under the map.
func (m Model) buildBody(h int) []string {
	leftW, mapH := m.split(h)
	if m.w < wide {
		if m.form != nil {
			return m.formPane(m.w, h)
		}
		out := m.chartLines(m.mp, m.w, mapH)
		return append(out, m.partsPane(m.w, h-mapH)...)
	}
	mapW := m.w - leftW
	var left, right []string
	if m.form != nil {
		formH := min(h, m.formHeight(leftW))
		left = append(m.formPane(leftW, formH), m.column(m.inf, inflightMax, m.filePane, fileMin, leftW, h-formH)...)
		mapH = min(m.mapMax(mapW), max(h-chartMin, h/2))
		right = append(m.chartLines(m.mp, mapW, mapH), m.column(m.out, m.outcomesMax(), m.latencyFill, chartMin, mapW, h-mapH)...)
		return sideBySide(left, right)
	}
	topH := min(max(m.partsHeight(leftW), m.mapMax(mapW)), max(h-chartMin, h/2))
	top := sideBySide(m.partsPane(leftW, topH), m.chartLines(m.mp, mapW, topH))
	bh := h - topH
	// Each chart up to the height worth giving it; the rows past that go
	// to the file under the calls in flight, and to the latency under the
	// outcomes (filepane.go).
	right = m.column(m.out, m.outcomesMax(), m.latencyFill, chartMin, mapW, bh)
	if len(m.sc.Variants[0].System.Dependencies) == 0 {
		// Nothing is called yet: no calls in flight to chart; the file
		// beside the outcomes when the rows are there, else the outcomes
		// across.
		if bh < fileMin+chartMin {
			return append(top, m.chartLines(m.out, m.w, bh)...)
		}
		return append(top, sideBySide(m.filePane(leftW, bh), right)...)
	}
	return append(top, sideBySide(m.column(m.inf, inflightMax, m.filePane, fileMin, leftW, bh), right)...)
}

// sideBySide joins two columns of the same height line by line.
func sideBySide(left, right []string) []string {
	out := make([]string, min(len(left), len(right)))
	for i := range out {
		out[i] = left[i] + right[i]
	}
	return out
}

// mapMax is the map's height with every fleet's strip at width w (its
// legend wraps to the width, so the width is set first).
func (m Model) mapMax(w int) int {
	m.mp.SetSize(w, max(m.h, 1))
	return m.mp.Max()
}

// chartMin is the least height a chart is drawn at.
const chartMin = 8

// sized is a pane the builder draws at a size of its choosing.
type sized interface {
	SetSize(w, h int)
	View() string
}

// chartLines is a chart drawn at exactly w×h (nothing when h is 0).
func (m Model) chartLines(c sized, w, h int) []string {
	if h <= 0 {
		return nil
	}
	c.SetSize(w, h)
	return pane.Block(strings.Split(c.View(), "\n"), w, h)
}

// partLines are the parts as the list draws them, with the part each
// line belongs to; a line too long for the pane goes on below its start,
// never cut.
func (m Model) partLines(w int) (lines []string, owner []int) {
	inner := max(w-4, 1)
	for i, p := range m.parts {
		indent := strings.Repeat("  ", p.depth)
		mark := "  "
		text := describe(m.sc, p)
		if m.connecting && p.name == m.from.name && p.kind == m.from.kind {
			text += "  ← calls the part you choose"
		}
		for j, l := range pane.Wrap(text, max(inner-2-len(indent), 8)) {
			style := m.th.Text
			if i == m.sel {
				style = m.th.Bold
				if j == 0 {
					mark = m.th.Accent.Render(theme.GlyphCursor) + " "
				}
			}
			prefix := mark + indent
			if j > 0 {
				prefix = "  " + indent + "  "
			}
			lines = append(lines, prefix+style.Render(l))
			owner = append(owner, i)
			mark = "  "
		}
	}
	return lines, owner
}

// partsHeight is the height that shows every part.
func (m Model) partsHeight(w int) int {
	lines, _ := m.partLines(w)
	return len(lines) + 2
}

// partsPane lists the system's parts, each under its caller, scrolled so
// that the selected one shows.
func (m Model) partsPane(w, h int) []string {
	lines, owner := m.partLines(w)
	rows := max(h-2, 0)
	first, size := 0, 0 // the selected part's first line and its lines
	for k, o := range owner {
		if o == m.sel {
			if size == 0 {
				first = k
			}
			size++
		}
	}
	// window is the first line shown of avail rows: the selected part
	// whole where it fits, amid its neighbours, and a part's first line,
	// not the rest of one wrapped above it (at 40 columns "database",
	// the end of "inventory · 32 workers → database", read as a part).
	window := func(avail int) int {
		top := min(max(first-max(avail-size+1, 0)/2, 0), max(len(lines)-avail, 0))
		for top > 0 && top < first && owner[top] == owner[top-1] {
			top++
		}
		return top
	}
	top := window(rows)
	body := lines[top:min(top+rows, len(lines))]
	if len(lines) > rows && rows >= 3 {
		// Parts cut off say so, as the knob form's fields do: a part
		// missing from a short window read as a part the system lacks.
		// A line marks each cut side, the selection kept in what is left.
		avail := rows - 1 // one side cut; else two rows for the two marks
		for ; avail >= rows-2; avail-- {
			top = window(avail)
			if marks := min(top, 1) + min(len(lines)-top-avail, 1); avail+marks <= rows {
				break
			}
		}
		end := min(top+avail, len(lines))
		parts := func(from, to int) int {
			n := 0
			for k := from; k < to; k++ {
				if k == from || owner[k] != owner[k-1] {
					n++
				}
			}
			return n
		}
		body = nil
		if top > 0 {
			body = append(body, " "+m.th.Dim.Render(fmt.Sprintf("↑ %d more", parts(0, top))))
		}
		body = append(body, lines[top:end]...)
		if end < len(lines) {
			body = append(body, " "+m.th.Dim.Render(fmt.Sprintf("↓ %d more", parts(end, len(lines)))))
		}
	}
	title := "Parts"
	if m.connecting {
		title = "Parts: what should " + m.from.name + " call?"
	}
	count := fmt.Sprintf("%d parts", len(m.parts))
	note := count
	if len(m.undo) > 0 {
		note += fmt.Sprintf(" · %d to undo", len(m.undo))
	}
	title, note = pane.Titled(w, []string{title, "Parts"}, []string{note, count})
	return pane.FrameFoot(m.th, w, h, title, note, m.hiddenFoot(w), body)
}

// hiddenFoot is what the parts pane's bottom edge says a window under
// wide columns leaves out, as the sandbox's columns name the panes that
// found no room: without it the charts a fault's note and the README
// speak of were nowhere, and nothing said a wider window draws them.
func (m Model) hiddenFoot(w int) string {
	if m.w >= wide {
		return ""
	}
	for _, foot := range []string{
		fmt.Sprintf("hidden: the charts and the file w saves (a window %d wide shows them)", wide),
		fmt.Sprintf("hidden: charts, file (%d columns show them)", wide),
		fmt.Sprintf("charts at %d columns", wide),
	} {
		if pane.Width(foot) <= pane.FootRoom(w) {
			return foot
		}
	}
	return ""
}

// formFooter is the form's last line while nothing is refused.
const formFooter = "enter applies every field as one edit (u undoes it); esc leaves the knobs as they were"

// formHeight is the height that shows the whole form.
func (m Model) formHeight(w int) int {
	return len(m.form.Lines(formFooter, max(w-4, 1), 1000)) + 2
}

// formPane is the sandbox's knob form in a frame.
func (m Model) formPane(w, h int) []string {
	lines := m.form.Lines(formFooter, max(w-4, 1), max(h-2, 0))
	body := make([]string, len(lines))
	for i, l := range lines {
		body[i] = " " + l
	}
	return pane.Frame(m.th, w, h, "Knobs", "the sandbox's form", body)
}

// helpLines are the help screen's: the keys, then what the screen does.
func (m Model) helpLines() []string {
	keys := m.keys.full()
	if m.stage == choosing {
		keys = m.keys.chooseFull(m.draftName())
	}
	out := helpview.KeyTable(m.help, keys, m.w-2)
	about := []string{
		"Build a system part by part. s, d and f add a part that the selected endpoint or service calls (a service, a dependency, a fleet of instances); a request makes one call per service, so a service that already calls something gets c instead, which moves its call to another part. t adds a tenant (the traffic is split evenly among the tenants), a another endpoint of the front. % sets each tenant's share of every endpoint's traffic, all in one line (acme = 70%, globex = 30%; 70, 70% and 0.7 are the same share), since the shares must add up to 100%.",
		"Every edit goes to the engine first: what it would refuse (a loop of calls, a pool of 0 workers, a call to nothing, a part no request reaches) is refused here with its words, and the system stays as it was. u undoes edits one by one.",
		"i injects a fault into the selected part, in the words the sandbox's chaos menu and --fault use: 20s hang for 10s, 30s errors 50%, 40s slow 2s, a fleet's 15s #1 down for 5s, an endpoint's or a tenant's 20s surge x3 for 10s; none clears the part's faults. The fault is an event of the system in every variant, marked in the parts list (and ⚠ on the map while in force at the moment the map shows, named in the title line), and w saves it. What you inject while playing the system comes back with it, as one edit u undoes.",
		"e opens the sandbox's knob form on the system; p plays it in the sandbox at once; w saves it as a scenario file that breakerlab run, sweep, lessons and challenges read. Leaving with unsaved changes asks first; the system stays as a draft while breakerlab runs.",
	}
	if m.o.WriteElsewhere != "" {
		// w saves nothing here (over SSH): the help says what it says
		// instead of promising a file.
		about[2] = strings.Replace(about[2], "and w saves it", "and a saved file keeps it", 1)
		about[3] = strings.Replace(about[3], "w saves it as a scenario file that breakerlab run, sweep, lessons and challenges read", m.o.WriteElsewhere, 1)
	}
	out = append(out, "", m.th.Bold.Render("What the builder does"))
	return append(out, helpview.Paragraphs(about, m.w-4)...)
}
