package mappane

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// The drawing: a tree read top to bottom, a row per node, each indented
// under the node that calls it, with the breaker of that call drawn on the
// branch (▁ closed, ▄ half-open, █ open; a fleet's instances counted by
// state). To the right of the tree, columns: what holds the node's size
// now, the calls that reach it a second (and the calls made, when most of
// those do not reach it), the failed share of its answers,
// what is wrong now, the breaker's state in words and its refusals; the
// legend says what the two numbers count. Columns that do not fit give way
// from the right, and the title's note says so. A fleet gets, room
// allowing, a row of cells under it, one per instance: its stack.

// Node glyphs: the shape says the kind without colour.
const (
	glyphService = "▣"
	glyphLeaf    = "◆"
	glyphTenant  = "◇"
	glyphFault   = "⚠"
	glyphSlow    = "~"
	glyphFailing = "!"
	glyphCursor  = "▸"
	glyphAbove   = "↑"
)

// row is one line of the tree.
type row struct {
	prefix string // the branches in front of the node
	node   int
	edge   *edge // the call that reaches it (nil: a tenant or the front)
	// ref: a second call into a node drawn above, which says so.
	ref bool
	// strip: the row holds a fleet's instance cells, not the node.
	strip bool
}

// rows lays the graph out as tree rows; strips adds a row of instance
// cells under each fleet.
func (g *graph) rows(strips bool) []row {
	var out []row
	// Tenants' traffic runs down into the front.
	for i := range g.nodes {
		if g.nodes[i].kind == Tenant {
			branch := "├─"
			if len(out) == 0 {
				branch = "┌─"
			}
			out = append(out, row{prefix: branch, node: i})
		}
	}
	if g.front >= len(g.nodes) {
		return out
	}
	indent := ""
	if len(out) > 0 {
		indent = "  "
	}
	var walk func(i int, indent string)
	walk = func(i int, indent string) {
		n := &g.nodes[i]
		if strips && len(n.instances) > 0 {
			out = append(out, row{prefix: indent, node: i, strip: true})
		}
		for k := range n.edges {
			e := &n.edges[k]
			last := k == len(n.edges)-1
			// Each child's branch starts under its caller's glyph.
			branch, more := "├", "│   "
			if last {
				branch, more = "└", "    "
			}
			ref := g.nodes[e.to].parent != i || isEarlierEdge(g, i, *e)
			out = append(out, row{prefix: indent + branch, node: e.to, edge: e, ref: ref})
			if !ref {
				walk(e.to, indent+more)
			}
		}
	}
	front := row{node: g.front}
	if indent != "" {
		front.prefix = "└▶"
	}
	out = append(out, front)
	walk(g.front, indent)
	return out
}

// branchMark is what a call's branch carries: its breaker's glyph (or a
// fleet's, the state most of its instances are in), or a plain line.
func branchMark(e *edge) string {
	if e == nil || !e.has {
		return "─▶ "
	}
	return string(pane.BandGlyph(edgeState(e))) + "▶ "
}

// edgeState is the one state that stands for e: its breaker's, or for a
// fleet the worst any instance is in (open, else half-open, else closed).
func edgeState(e *edge) breaker.State {
	total := 0
	for _, n := range e.states {
		total += n
	}
	if total == 0 {
		return e.state
	}
	for _, st := range []breaker.State{breaker.Open, breaker.ForcedOpen, breaker.HalfOpen} {
		if e.states[st] > 0 {
			return st
		}
	}
	return breaker.Closed
}

// column is one column right of the tree.
type column struct {
	head string
	cell func(m *Model, r row) string
}

// columns are in the order they give way from the right: the branch's
// glyph already says the breaker's state.
var columns = []column{
	{"in use", (*Model).useCell},
	{"calls/s", (*Model).rateCell},
	{"failed", (*Model).failedCell},
	{"now", (*Model).nowCell},
	{"breaker", (*Model).breakerCell},
	{"refused", (*Model).refusedCell},
}

// The indexes of columns: nowColumn the fault in force's, useColumn what
// holds a node's size, rateColumn the calls that reach it a second,
// failedColumn the failed share.
const (
	nowColumn    = 3
	useColumn    = 0
	rateColumn   = 1
	failedColumn = 2
)

// cells are the columns' cells for rows, and each column's width.
func (m *Model) cells(rows []row) ([][]string, []int) {
	cells := make([][]string, len(columns))
	widths := make([]int, len(columns))
	for c, col := range columns {
		cells[c] = make([]string, len(rows))
		widths[c] = ansi.StringWidth(col.head)
		for i, r := range rows {
			cells[c][i] = col.cell(m, r)
			widths[c] = max(widths[c], ansi.StringWidth(cells[c][i]))
		}
	}
	return cells, widths
}

// fits is how many of the columns of widths fit beside a tree treeW wide
// in inner cells.
func fits(treeW int, widths []int, inner int) int {
	shown, used := 0, treeW+1
	for shown < len(widths) && used+2+widths[shown] <= inner {
		used += 2 + widths[shown]
		shown++
	}
	return shown
}

// faulted says whether a fault is in force on node n or an instance of it.
func faulted(n *node) bool {
	if n.fault != "" {
		return true
	}
	for _, in := range n.instances {
		if in.state != engine.InstanceUp {
			return true
		}
	}
	return false
}

// breakerColumn says whether column c is about breakers, which a system
// without one leaves out.
func breakerColumn(c int) bool { return c >= 4 }

// nameCell is the tree part of a row: branches, the breaker mark and the
// node's glyph and name.
func (m *Model) nameCell(r row) string {
	n := &m.g.nodes[r.node]
	if r.strip {
		return r.prefix + "  " + m.strip(n)
	}
	var b strings.Builder
	b.WriteString(m.th.Dim.Render(r.prefix))
	if r.edge != nil {
		mark := branchMark(r.edge)
		if r.edge.has {
			b.WriteString(m.th.State(edgeState(r.edge)).Render(mark))
		} else {
			b.WriteString(m.th.Dim.Render(mark))
		}
	}
	glyph := glyphService
	switch n.kind {
	case Leaf:
		glyph = glyphLeaf
	case Tenant:
		glyph = glyphTenant
	}
	name := n.name
	if len(n.instances) > 0 {
		name += fmt.Sprintf(" ×%d", len(n.instances))
	}
	if r.ref {
		glyph = glyphAbove // the node is drawn under its first caller
	}
	label := glyph + " " + name
	if m.isSelected(r.node, -1) && !r.ref && !m.static {
		b.WriteString(m.th.Selected.Render(label))
	} else {
		b.WriteString(m.th.Bold.Render(label))
	}
	// A leaf named "inventory/db" (leafName) is inventory's edge db.
	if r.edge != nil && r.edge.name != n.name && !(n.kind == Leaf && strings.HasSuffix(n.name, "/"+r.edge.name)) {
		b.WriteString(m.th.Dim.Render(" via " + r.edge.name))
	}
	return b.String()
}

// strip is a fleet's instances, a cell each: its breaker's glyph on the
// service's call (or ■ without one) while it is up, ✕ down, ⧖ hung, ~
// slow, ! failing; the
// selected one in reverse and bracketed.
func (m *Model) strip(n *node) string {
	var b strings.Builder
	for k, in := range n.instances {
		g, tn := instanceGlyph(in)
		if m.isSelected(m.indexOf(n), k) {
			b.WriteString(m.th.Selected.Render("[" + g + "]"))
			continue
		}
		switch tn {
		case toneBad:
			b.WriteString(m.th.Bad.Render(g))
		case toneWarn:
			b.WriteString(m.th.Warn.Render(g))
		case toneBreaker:
			b.WriteString(m.th.State(in.brk).Render(g))
		default:
			b.WriteString(m.th.Text.Render(g))
		}
	}
	return b.String()
}

// instanceGlyph is an instance's cell in its fleet's strip, and the
// tone strip paints it in.
func instanceGlyph(in instance) (string, tone) {
	switch {
	case in.state == engine.InstanceIsDown:
		return "✕", toneBad
	case in.state == engine.InstanceIsHung:
		return "⧖", toneWarn
	case in.state == engine.InstanceIsSlow:
		return glyphSlow, toneWarn
	case in.state == engine.InstanceIsFailing:
		return glyphFailing, toneBad
	case in.has:
		return string(pane.BandGlyph(in.brk)), toneBreaker
	}
	return "■", toneText
}

// tone is which of the theme's styles paints an instance's cell: a
// number, not the style, since a style's Render as a value is a copy of
// the style on the heap for every cell of every frame.
type tone uint8

const (
	toneText tone = iota
	toneBad
	toneWarn
	toneBreaker // the instance's breaker's state's
)

func (m *Model) indexOf(n *node) int {
	for i := range m.g.nodes {
		if &m.g.nodes[i] == n {
			return i
		}
	}
	return -1
}

func (m *Model) useCell(r row) string { return m.use(r, true, true) }

// use is what holds node r's size now, and what else is in flight
// besides: with abandoned, a leaf's calls whose caller gave up ("20/20
// held · 60 abandoned"); with dials, its connections being dialled ("26
// in flight · 2,869 dialling", or under a bulkhead, whose permits they
// hold, "60/60 held (60 dialling)").
func (m *Model) use(r row, dials, abandoned bool) string {
	n := &m.g.nodes[r.node]
	if r.strip || n.kind == Tenant {
		return ""
	}
	if r.ref {
		return edgeUse(r.edge, abandoned)
	}
	switch n.kind {
	case Leaf:
		if n.uncalled {
			return "not called"
		}
		dialling := 0
		if dials {
			dialling = n.dialling
		}
		return callsUse(n.used, dialling, n.abandoned, n.size, abandoned)
	}
	if n.size == 0 {
		// A tasks server (an event loop, a goroutine per request) has no
		// workers to fill: what it holds is its live tasks.
		return pane.Count(n.used) + " " + plural(n.used, "task", "tasks")
	}
	s := fmt.Sprintf("%s/%s busy", pane.Count(n.used), pane.Count(n.size))
	if m.w >= 110 {
		s = usageBar(n.used, n.size) + " " + s
	}
	if n.queued > 0 {
		s += fmt.Sprintf(" · %s queued", pane.Count(n.queued))
	}
	return s
}

// usageBar is used against size in eight cells: █ held, ░ free.
func usageBar(used, size int) string {
	const cells = 8
	f := 0
	if size > 0 {
		f = min((used*cells+size-1)/size, cells)
	}
	return strings.Repeat("█", f) + strings.Repeat("░", cells-f)
}

// edgeUse is a second call's own calls in flight.
func edgeUse(e *edge, abandoned bool) string {
	return callsUse(e.held, 0, e.abandoned, e.bulkCap, abandoned)
}

// callsUse says a call's calls in flight: the held ones, which a caller
// still waits on, against the bulkhead's cap when there is one (it caps
// these and no others: they are its permits held), and apart from them
// the abandoned ones, whose caller gave up while the dependency still
// works on them: "20/20 held · 60 abandoned", not "80/20 in flight",
// which reads as a broken cap. With neither a cap nor an abandoned call,
// every call in flight is held: "5 in flight". Without all, the
// abandoned are left out, but not the word "held", which says there are
// others: "20/20 held", "12 held". dialling are connections being
// dialled for the call: under a cap they hold permits, so they are of the
// held ones, said as the limits pane's pool line says its dials ("60/60
// held (60 dialling)"); without one they are not in flight at the
// dependency yet, and come besides ("26 in flight · 1,897 dialling").
func callsUse(held, dialling, abandoned, cap int, all bool) string {
	var s string
	switch {
	case cap > 0:
		s = fmt.Sprintf("%s/%s held", pane.Count(held), pane.Count(cap))
		if dialling > 0 {
			s += " (" + pane.Count(dialling) + " dialling)"
			dialling = 0
		}
	case abandoned > 0:
		s = pane.Count(held) + " held"
	default:
		s = pane.Count(held) + " in flight"
	}
	if abandoned > 0 && all {
		s += " · " + pane.Count(abandoned) + " abandoned"
	}
	if dialling > 0 {
		s += " · " + pane.Count(dialling) + " dialling"
	}
	return s
}

func (m *Model) breakerCell(r row) string {
	e := r.edge
	if r.strip || e == nil {
		return ""
	}
	if !e.has {
		return m.th.Dim.Render("none")
	}
	total := 0
	for _, n := range e.states {
		total += n
	}
	if total > 0 {
		var parts []string
		for _, st := range []breaker.State{breaker.Open, breaker.HalfOpen, breaker.Closed, breaker.ForcedOpen} {
			if c := e.states[st]; c > 0 {
				parts = append(parts, m.th.State(st).Render(fmt.Sprintf("%c %d %s", pane.BandGlyph(st), c, st)))
			}
		}
		return strings.Join(parts, " ")
	}
	s := fmt.Sprintf("%c %s", pane.BandGlyph(e.state), e.state)
	if e.group != "" {
		s += " (shared)"
	}
	return m.th.State(e.state).Render(s)
}

// refusedCell counts the calls the edge's breaker refused.
func (m *Model) refusedCell(r row) string {
	if r.strip || r.edge == nil || !r.edge.has {
		return ""
	}
	return pane.Count(r.edge.refused)
}

func (m *Model) rateCell(r row) string { return m.rate(r, true, true) }

// rate is the calls that reach node r a second, and with made, where most
// calls made to it did not reach it, those beside it ("0/s · 190/s
// made"), with why what the sample shows kept them ("…, still
// dialling"): pane.Calls.RateWords, which the tiles word theirs by.
func (m *Model) rate(r row, why, made bool) string {
	n := &m.g.nodes[r.node]
	if r.strip || r.ref || !n.ok || len(n.rateWords) == 0 {
		return ""
	}
	// The wordings are the rate alone, or with the calls made, or with
	// why too (pane.Calls.RateWords), longest first.
	words := n.rateWords
	s := words[0]
	switch {
	case !made:
		s = words[len(words)-1]
	case !why && len(words) == 3:
		s = words[1]
	}
	// The rate that reaches it is the figure; the calls made, dim, say
	// what else its callers asked for.
	if at := strings.Index(s, " · "); at >= 0 {
		s = s[:at] + m.th.Dim.Render(s[at:])
	}
	return s
}

func (m *Model) failedCell(r row) string {
	n := &m.g.nodes[r.node]
	if r.strip || r.ref || !n.ok {
		return ""
	}
	if n.unjudged {
		// None answered: "share of the answered" has nothing to count.
		return m.th.Dim.Render(noneAnswered)
	}
	s := pane.Percent(n.failed)
	switch {
	case n.failed >= 0.5:
		return m.th.Bad.Render(s)
	case n.failed > 0:
		return m.th.Warn.Render(s)
	}
	return s
}

func (m *Model) nowCell(r row) string {
	n := &m.g.nodes[r.node]
	if r.strip || r.ref {
		return ""
	}
	switch {
	case n.fault != "":
		return m.th.Bad.Render(glyphFault + " " + n.fault)
	case len(n.instances) > 0:
		var by [engine.InstanceIsFailing + 1]int // instances by state
		for _, in := range n.instances {
			if int(in.state) < len(by) {
				by[in.state]++
			}
		}
		s := fmt.Sprintf("%d up", by[engine.InstanceUp])
		for st := engine.InstanceIsDown; int(st) < len(by); st++ {
			if by[st] == 0 {
				continue
			}
			style := m.th.Warn
			if st == engine.InstanceIsDown || st == engine.InstanceIsFailing {
				style = m.th.Bad
			}
			s += style.Render(fmt.Sprintf(" · %s %d %s", glyphFault, by[st], st))
		}
		return s
	case n.size > 0 && n.used >= n.size && n.kind != Tenant:
		return m.th.Warn.Render("full")
	}
	return ""
}

// layout is the tree's rows drawn at a width: their names, and the
// columns beside them that fit.
type layout struct {
	names        []string
	treeW        int
	cells        [][]string
	widths       []int
	shown, avail int // the columns shown, of the ones this system has
}

// layOut works out rows' names and columns in inner cells.
func (m *Model) layOut(rows []row, inner int) layout {
	// The tree's width, then the columns that fit beside it.
	names := make([]string, len(rows))
	treeW := len("node")
	for i, r := range rows {
		names[i] = m.nameCell(r)
		treeW = max(treeW, ansi.StringWidth(names[i]))
	}
	treeW = min(treeW+1, inner-1) // the cursor's column
	cells, widths := m.cells(rows)
	avail := len(columns)
	if !m.anyBreaker() {
		for avail > 0 && breakerColumn(avail-1) {
			avail--
		}
	}
	shown := fits(treeW, widths[:avail], inner)
	// Second figures give way where they cost a column, in this order:
	// why the calls made did not reach a node, then a leaf's dials (the
	// limits pane's pool line says them), then the calls made, but only
	// for the in-use, calls/s and failed columns: beside a rate of 0.00/s
	// they say the callers still call (a learner read a hung payments'
	// rate as checkout no longer calling it), which the fault in force
	// (⚠ on the name when its column gives way) and the breaker's
	// columns (its glyph on the branch) do not. Its abandoned calls give
	// way only where the column itself would not fit: a map of names
	// alone, every column given way to one cell's second figure, said
	// nothing (lesson 1's cascade at 100 columns once recommendations
	// hung); the calls in flight chart hatches them.
	try := func(g givingWay, upTo int) {
		c, w := m.given(rows, g, cells, widths)
		if n := fits(treeW, w[:avail], inner); min(n, upTo) > min(shown, upTo) {
			cells, widths, shown = c, w, n
		}
	}
	try(givingWay{why: true}, avail)
	try(givingWay{why: true, dials: true}, avail)
	try(givingWay{why: true, dials: true, made: true}, nowColumn)
	if shown == 0 && m.anyAbandoned() {
		try(givingWay{why: true, dials: true, made: true, abandoned: true}, avail)
	}
	if shown <= nowColumn {
		// The fault in force has no column: the node's name carries ⚠,
		// so a fault injected on a narrow map is still seen where it is.
		marked := false
		for i, r := range rows {
			if n := &m.g.nodes[r.node]; !r.strip && !r.ref && faulted(n) {
				names[i] += m.th.Bad.Render(" " + glyphFault)
				treeW = min(max(treeW, ansi.StringWidth(names[i])+1), inner-1)
				marked = true
			}
		}
		if marked {
			shown = fits(treeW, widths[:avail], inner)
		}
	}
	return layout{names: names, treeW: treeW, cells: cells, widths: widths, shown: shown, avail: avail}
}

// givingWay is which second figures of the cells give way: why calls
// made did not reach a node, and the calls made, in the rate column; a
// leaf's dials and its abandoned calls in the in-use column.
type givingWay struct{ why, made, dials, abandoned bool }

// given is cells and widths with the in-use and rate columns' second
// figures that g names left out.
func (m *Model) given(rows []row, g givingWay, cells [][]string, widths []int) ([][]string, []int) {
	c := append([][]string(nil), cells...)
	w := append([]int(nil), widths...)
	for _, col := range []int{useColumn, rateColumn} {
		c[col] = make([]string, len(rows))
		w[col] = ansi.StringWidth(columns[col].head)
		for i, r := range rows {
			if col == useColumn {
				c[col][i] = m.use(r, !g.dials, !g.abandoned)
			} else {
				c[col][i] = m.rate(r, !g.why, !g.made)
			}
			w[col] = max(w[col], ansi.StringWidth(c[col][i]))
		}
	}
	return c, w
}

// Columns is how many of the columns right of the tree the map shows at
// its width: 0 is a map of names alone (its title says every column is
// hidden), which a parent that adds the map only where there is room
// (the lesson player's extra panes) may leave out.
func (m *Model) Columns() int { return m.layoutOf(m.g.rows(false), false, max(m.w-2, 0)).shown }

// layoutOf is layOut of rows, the graph's rows with or without strips,
// worked out once until the map changes. Without a fleet the strips add
// no row, and the rows drawn are the rows Columns counts.
func (m *Model) layoutOf(rows []row, strips bool, inner int) layout {
	k := layoutKey{strips: strips && m.hasFleet(), inner: inner}
	if !m.laidOK || m.laidFor != k {
		m.laid, m.laidFor, m.laidOK = m.layOut(rows, inner), k, true
	}
	return m.laid
}

// render draws the pane at its size.
func (m *Model) render() []string {
	inner := max(m.w-2, 0)
	room := m.h - 2
	strips := room >= m.needRows(true)
	rows := m.g.rows(strips)
	m.rowsShown = rows
	l := m.layoutOf(rows, strips, inner)
	names, treeW, cells, widths, shown, avail := l.names, l.treeW, l.cells, l.widths, l.shown, l.avail
	line := func(cursor, name string, cell func(c int) string) string {
		var b strings.Builder
		b.WriteString(cursor)
		b.WriteString(pane.Fit(name, treeW))
		for c := range shown {
			b.WriteString("  ")
			b.WriteString(pane.Fit(cell(c), widths[c]))
		}
		return b.String()
	}
	var body []string
	head := line(" ", m.th.Dim.Render("node"), func(c int) string { return m.th.Dim.Render(columns[c].head) })
	showHead := room >= len(rows)+2
	if showHead {
		body = append(body, head)
	}
	m.top = len(body)
	for i, r := range rows {
		cursor := " "
		if m.isSelected(r.node, -1) && !r.ref && !r.strip && !m.static {
			cursor = glyphCursor
		}
		body = append(body, line(cursor, names[i], func(c int) string { return cells[c][i] }))
	}
	if room > len(body) && !m.static {
		body = append(body, m.th.Dim.Render(m.selectionLine(inner)))
	}
	// The legend whole, after a gap when there is room for both; a pane
	// too short for it names only the glyphs it draws, and before the
	// gap, then a space apart, not two: a legend cut short by its gap
	// named ▁ and ▄ while the branch drew █. Needs counts no line for
	// the entry of the failed cells' "–", which comes and goes with a
	// hang (a map that grew then took the outcomes pane off lesson 2's
	// page): it takes the gap's line, and a pane without even that leaves
	// it out before it names only the glyphs drawn.
	none := m.showsNoneAnswered(rows)
	legend := m.legend(inner, nil, "  ", none)
	if none && room < len(body)+len(legend) {
		legend = m.legend(inner, nil, "  ", false)
	}
	if room < len(body)+len(legend) {
		drawn := m.drawn(rows)
		// The numbers' entries while their columns show.
		drawn[firstWord(keyRate)] = shown > rateColumn
		drawn[firstWord(keyFailed)] = shown > failedColumn
		drawn[firstWord(keyNoneAnswered)] = shown > failedColumn && none
		for _, gap := range []string{"  ", " "} {
			if legend = m.legend(inner, drawn, gap, none); room >= len(body)+len(legend) {
				break
			}
		}
	}
	if room > len(body)+len(legend) {
		body = append(body, "")
	}
	for _, l := range legend {
		if room > len(body) {
			body = append(body, m.th.Dim.Render(l))
		}
	}
	var hidden []string
	for _, c := range columns[shown:avail] {
		hidden = append(hidden, c.head)
	}
	notes := pane.HiddenNotes(hidden) // worded as every pane words it
	// Before the window has passed the rates are over the run so far:
	// lesson 2 at 0.5 s showed the front's 30.0/s, fifteen arrivals in
	// half a second, under "rates over 5 s".
	over := fmt.Sprintf("rates over %s", shortDuration(rateWindow))
	if m.g.early {
		over = "rates since the start"
	}
	notes = append(notes, over, "")
	title, note := pane.Titled(m.w, []string{"Map"}, notes)
	return pane.Frame(m.th, m.w, m.h, title, note, body)
}

// selectionLine says what is selected and with which keys to move.
func (m *Model) selectionLine(inner int) string {
	t := m.Selected()
	words := []string{
		"selected: " + t.String() + m.selectionDetail() + " · n/N node, </> instance, or click",
		"selected: " + t.String() + m.selectionDetail(),
		"selected: " + t.String(),
	}
	for _, w := range words {
		if ansi.StringWidth(w) <= inner {
			return w
		}
	}
	return words[len(words)-1]
}

// selectionDetail is the selected instance's state, pool and breaker.
func (m *Model) selectionDetail() string {
	i, k := m.selNode, m.selInst
	if i < 0 || i >= len(m.g.nodes) || k < 0 || k >= len(m.g.nodes[i].instances) {
		return ""
	}
	in := m.g.nodes[i].instances[k]
	s := " · " + in.words
	if in.until > 0 {
		s += " until " + m.moment.Or(in.until, 1, pane.Seconds(in.until))
	}
	s += fmt.Sprintf(" · %d/%d busy", in.busy, in.size)
	if in.has {
		s += " · breaker " + in.brk.String()
	}
	return s
}

// anyAbandoned says whether a call has abandoned calls in flight.
func (m *Model) anyAbandoned() bool {
	for i := range m.g.nodes {
		if m.g.nodes[i].abandoned > 0 {
			return true
		}
		for _, e := range m.g.nodes[i].edges {
			if e.abandoned > 0 {
				return true
			}
		}
	}
	return false
}

// anyInstance says whether an instance of a fleet is in state st.
func (m *Model) anyInstance(st engine.InstanceState) bool {
	for i := range m.g.nodes {
		for _, in := range m.g.nodes[i].instances {
			if in.state == st {
				return true
			}
		}
	}
	return false
}

// legend says what the glyphs mean and what the columns of numbers count,
// in as many lines as the width needs.
// With drawn nil it names every glyph the map may draw as the run plays
// (a breaker's three states from the start: a legend that grew when one
// opened would move the panes under it); with drawn, only the glyphs in
// it, for a pane too short for the whole legend. gap is what parts the
// entries on a line. With drawn nil, none says whether to explain the
// failed cells' noneAnswered (only while a row shows it).
func (m *Model) legend(inner int, drawn map[string]bool, gap string, none bool) []string {
	var parts []string
	// Each entry starts with its glyph (or its column's heading); written
	// whole, not joined, since the legend is drawn every frame.
	add := func(entry string, may bool) {
		if drawn == nil && may || drawn[firstWord(entry)] {
			parts = append(parts, entry)
		}
	}
	add(glyphService+" service", true)
	add(glyphLeaf+" dependency", true)
	add(glyphTenant+" tenant", m.hasTenants())
	breakers := m.anyBreaker()
	add("▁ closed", breakers)
	add("▄ half-open", breakers)
	add("█ open", breakers)
	// A breaker forced open, or one that only counts, is rare (a chaos
	// key, a preset): named when one is.
	add("▓ forced-open", m.anyState(breaker.ForcedOpen))
	add("┈ metrics-only", m.anyState(breaker.MetricsOnly))
	add(glyphFault+" fault", true)
	add(glyphAbove+" drawn above", m.hasRef())
	fleet := m.hasFleet()
	add("■ up", fleet)
	add("✕ down", fleet)
	add("⧖ hung", fleet)
	// Slow and failing instances are rarer (injected faults): named
	// when there is one.
	add(glyphSlow+" slow", m.anyInstance(engine.InstanceIsSlow))
	add(glyphFailing+" failing", m.anyInstance(engine.InstanceIsFailing))
	out := flow(parts, inner, gap)
	// What the two numbers count, which their headings are too narrow to
	// say, on lines of their own: a hung dependency is called as often as
	// ever and answers none, so it has no failed share (noneAnswered) until
	// the first timeouts, its calls in flight piling up meanwhile.
	parts = parts[:0]
	add(keyRate, true)
	add(keyFailed, true)
	// "–" is said only while a row shows it: most runs never answer none,
	// and their legends stay as they were.
	add(keyNoneAnswered, none)
	return append(out, flow(parts, inner, gap)...)
}

// showsNoneAnswered says whether one of rows has noneAnswered in its
// failed cell.
func (m *Model) showsNoneAnswered(rows []row) bool {
	for _, r := range rows {
		if n := &m.g.nodes[r.node]; !r.strip && !r.ref && n.ok && n.unjudged {
			return true
		}
	}
	return false
}

// flow sets entries on lines of at most inner cells, gap apart.
func flow(entries []string, inner int, gap string) []string {
	var out []string
	cur := ""
	for _, p := range entries {
		switch {
		case cur == "":
			cur = p
		case ansi.StringWidth(cur)+len(gap)+ansi.StringWidth(p) <= inner:
			cur += gap + p
		default:
			out = append(out, cur)
			cur = p
		}
	}
	if cur != "" {
		out = append(out, cur)
	}
	return out
}

// The legend's entries for the columns of numbers, each starting with its
// column's heading.
const (
	keyRate   = "calls/s: calls that reach it a second"
	keyFailed = "failed: share of the answered"
	// The failed column's "–", after keyFailed: on a line of its own at
	// 80 columns, where the two keys above fill one.
	keyNoneAnswered = noneAnswered + " failed: none answered yet"
)

// noneAnswered is the failed cell of a node whose calls made in the rate
// window have none answered yet: a hung dependency's, until its callers'
// timeouts answer them.
const noneAnswered = "–"

// drawn are the glyphs the tree draws in rows: the nodes' and the
// branches' breakers', a fleet's instances' in its strip, and the
// fault's wherever a fault is in force.
func (m *Model) drawn(rows []row) map[string]bool {
	out := map[string]bool{glyphService: true}
	for _, r := range rows {
		n := &m.g.nodes[r.node]
		switch {
		case r.ref:
			out[glyphAbove] = true
		case n.kind == Leaf:
			out[glyphLeaf] = true
		case n.kind == Tenant:
			out[glyphTenant] = true
		}
		if r.edge != nil && r.edge.has && !r.strip {
			out[string(pane.BandGlyph(edgeState(r.edge)))] = true
		}
		if faulted(n) {
			out[glyphFault] = true
		}
		if !r.strip {
			continue
		}
		for _, in := range n.instances {
			g, _ := instanceGlyph(in)
			out[g] = true
		}
	}
	return out
}

// anyState says whether a breaker of the map is in state st.
func (m *Model) anyState(st breaker.State) bool {
	for i := range m.g.nodes {
		for _, e := range m.g.nodes[i].edges {
			if e.has && (e.state == st || e.states[st] > 0) {
				return true
			}
		}
		for _, in := range m.g.nodes[i].instances {
			if in.has && in.brk == st {
				return true
			}
		}
	}
	return false
}

func (m *Model) anyBreaker() bool {
	for i := range m.g.nodes {
		for _, e := range m.g.nodes[i].edges {
			if e.has {
				return true
			}
		}
	}
	return false
}

func (m *Model) hasTenants() bool {
	for i := range m.g.nodes {
		if m.g.nodes[i].kind == Tenant {
			return true
		}
	}
	return false
}

func (m *Model) hasRef() bool {
	for _, r := range m.g.rows(false) {
		if r.ref {
			return true
		}
	}
	return false
}

func (m *Model) hasFleet() bool {
	for i := range m.g.nodes {
		if len(m.g.nodes[i].instances) > 0 {
			return true
		}
	}
	return false
}

// needRows is the inside height the tree takes (strips: with the fleets'
// instance rows), the header, the selection line, a gap and the legend at
// the pane's width.
func (m *Model) needRows(strips bool) int {
	n := len(m.g.rows(strips))
	sel := 1
	if m.static {
		sel = 0
	}
	return 1 + n + sel + 1 + len(m.legend(max(m.w-2, 40), nil, "  ", false))
}

// firstWord is what a legend entry names: its glyph, or its column's
// heading.
func firstWord(entry string) string {
	w, _, _ := strings.Cut(entry, " ")
	return w
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
