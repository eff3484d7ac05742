package sweepui

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/tui/internal/heatbands"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/lipgloss"
)

// Shades stand for the five bands of the measured range
// (tui/internal/heatbands), lowest values first; each has a glyph of its
// own so the map reads without colour.
var shades = [heatbands.N]rune{'·', '░', '▒', '▓', '█'}

// inks are the bands' colours, lowest values first: the hues the
// pictures use (heatbands.For), dark blue for the best values through
// green to pale yellow, never red, in the shades for the terminal's
// background: on a dark one none too dark to show against black, on a
// light one none too pale to show against white.
func inks(th *theme.Theme, pal heatbands.Palette) [heatbands.N]theme.Ink {
	var out [heatbands.N]theme.Ink
	colors := pal.OnDark
	if th.Light {
		colors = pal.OnLight
	}
	for k, c := range colors {
		out[k] = theme.InkOf(th.R.NewStyle().Foreground(lipgloss.Color(heatbands.Hex(c))))
	}
	return out
}

// reading is the legend's last words: how to read the colours, and which
// end of the glyphs is the better one ("· best, █ worst"). The glyphs run
// with the values, lowest first, and the colours with what is better, so
// the colours' words alone ("darker: better") would be false of the
// glyphs of a measure where higher is better; a screen without colour
// (NO_COLOR) has the glyphs only, and the way the measure improves in
// words.
func reading(th *theme.Theme, pal heatbands.Palette) string {
	ends := ""
	if pal.Ends[0] != "" {
		ends = string(shades[0]) + " " + pal.Ends[0] + ", " + string(shades[len(shades)-1]) + " " + pal.Ends[1]
	}
	switch {
	case !th.Color && ends == "":
		return ""
	case !th.Color:
		return "(" + pal.Better + ": " + ends + ")"
	case ends == "":
		return "(" + pal.Darker + ")"
	}
	return "(" + pal.Darker + "; " + ends + ")"
}

// Heatmap draws a sweep's result in at most width columns: the title, the
// grid (y up, x to the right) with each axis labelled in its knob's units,
// a legend of the shades, and with a goal, the cells that meet it (✓) and
// a line per row saying where the boundary lies. Cells not run yet (a sweep
// stopped early, or still going on: Result.Underway) are blank.
func Heatmap(res *sweep.Result, th *theme.Theme, width int) string {
	return HeatmapMarked(res, th, width, nil)
}

// incomplete is what a title adds for a result not complete: how many
// runs are in so far, or, for a sweep that was stopped, that it was.
func incomplete(res *sweep.Result) string {
	switch {
	case res.Complete():
		return ""
	case res.Underway:
		return " (so far: " + pane.Count(res.Runs) + " of " + pane.Count(res.Total) + " runs)"
	}
	return " (stopped: " + pane.Count(res.Runs) + " of " + pane.Count(res.Total) + " runs)"
}

// blankLegend says what a blank cell is, for a result with cells not run:
// one still to come while the sweep goes on, one that never ran once it was
// stopped. Without it, the blank cells of a stopped sweep read as a
// measure too low to draw, or as the map cut short.
func blankLegend(res *sweep.Result, width int) string {
	if res.Complete() {
		return ""
	}
	nx, ny := res.Plan.Size()
	blank := 0
	for j := range ny {
		for i := range nx {
			if res.Cell(i, j).Runs == 0 {
				blank++
			}
		}
	}
	switch {
	case blank == 0:
		return ""
	case res.Underway:
		return wrapWords("blank: "+cellsWord(blank)+" not run yet", width) + "\n"
	}
	return wrapWords("blank: "+cellsWord(blank)+" not run, the sweep was stopped", width) + "\n"
}

// cellsWord counts cells in words: "1 cell", "25 cells".
func cellsWord(n int) string {
	if n == 1 {
		return "1 cell"
	}
	return pane.Count(n) + " cells"
}

// Mark is a point of the grid to show, such as the design a sandbox is
// running: the cell nearest to it gets ◆, drawn on the cell in place of
// one of its shade glyphs (of its middle row, for a taller cell).
type Mark struct {
	X, Y  float64 // in the axes' units
	Label string  // what it is, for the legend: "the current design"
	// None says, per axis (x, then y), what a value of 0 means on a knob
	// whose 0 is not a small setting but none at all ("no timeout": the
	// caller waits for ever; "no bulkhead"): that column or row is
	// labelled "none", not drawn as 0 ms beside 100 ms, and the legend's
	// line names the design by these words. Empty: 0 is a number.
	None [2]string
	// unplaced says the mark names no cell, only what 0 means on the
	// axes (HeatmapNamed): no ◆, and a line of the legend for the words.
	unplaced bool
	// Cursor is a cell the learner has moved to (the sandbox's arrows),
	// drawn with ▣ and named under the map with its figures: a shade
	// glyph says only which fifth of the range a cell is in.
	Cursor Cursor
	// Value, when set, writes a knob's value (one of an axis' Values) in
	// the typed lines naming a cell (◆'s, ▣'s) as the screen around the
	// map writes that knob elsewhere: the sandbox's knob form shows a
	// timeout as "1s" where Axis.Setting writes "1000ms", and the ◆ line
	// under the form's own design read "timeout=1000ms" beside a field
	// reading "1s". Nil: Axis.Setting, every digit, as --vary takes it.
	Value func(path string, v any) string
}

// Cursor is a cell of the grid, by its column I and row J, when Shown.
type Cursor struct {
	Shown bool
	I, J  int
}

// Cell is the grid's cell nearest to the mark, as ◆ marks it: the one a
// cursor starts from.
func (m *Mark) Cell(p *sweep.Plan) (i, j int) {
	if len(p.Axes) > 0 {
		i = nearest(p.Axes[0].X, m.X)
	}
	if len(p.Axes) > 1 {
		j = nearest(p.Axes[1].X, m.Y)
	}
	return i, j
}

// cursor is the mark's cursor, none for no mark.
func (m *Mark) cursor() Cursor {
	if m == nil {
		return Cursor{}
	}
	return m.Cursor
}

// cursorAt says whether the mark's cursor is on cell (i, j).
func (m *Mark) cursorAt(i, j int) bool {
	return m != nil && m.Cursor.Shown && m.Cursor.I == i && m.Cursor.J == j
}

// placed says whether m marks a cell with ◆.
func (m *Mark) placed() bool { return m != nil && !m.unplaced }

// isNone says whether value i of axis a (0: x, 1: y) is a 0 that m
// names as none.
func (m *Mark) isNone(a int, ax sweep.Axis, i int) bool {
	return m != nil && m.None[a] != "" && ax.X[i] == 0
}

// rowText is value i of a one-knob table's axis as its row is labelled:
// "none (no limit)" for a 0 that m names as none, as the sandbox's picker
// writes it, else the axis's own figure.
func (m *Mark) rowText(ax sweep.Axis, i int, t axisTexts) string {
	if m != nil && m.None[0] != "" && ax.X[i] == 0 {
		return NoneText(m.None[0])
	}
	return t.figure[i]
}

// NoneText is a knob's none with what it stands for, words
// (lessons.NoneWords): "none (no timeout)", as a one-knob table's row and
// a one-knob picture's axis write it.
func NoneText(words string) string { return ZeroLabel(words) + " (" + words + ")" }

// ZeroLabel is what a map's axis writes for a knob's 0 whose words
// (lessons.NoneWords) say what it stands for: "none" where they say no
// limit of the knob ("no timeout", "waits for ever"), else "0", which the
// words then explain: a breaker's minimum calls of 0 judge the whole
// window, the most calls, and "none" below 1 read as no minimum at all.
func ZeroLabel(words string) string {
	if strings.HasPrefix(words, "no ") || words == "waits for ever" {
		return "none"
	}
	return "0"
}

// noneLegend is the map's line saying what "none" stands for on each
// axis a 0 of which it labels so, for a map with no ◆ whose line would
// say it: "none: no limit (transport.per_host=0)". Empty when no axis has
// such a 0.
func (m *Mark) noneLegend(axes []sweep.Axis, ts []axisTexts, width int, w Wording) string {
	if m == nil || m.placed() {
		return ""
	}
	var parts []string
	none := true // every 0 told is labelled none: one "none: " for all
	for a, ax := range axes {
		if a < len(m.None) && m.None[a] != "" && slices.Contains(ax.X, 0) {
			parts = append(parts, m.setting(a, ax, slices.Index(ax.X, 0), w, ts[a]))
			none = none && ZeroLabel(m.None[a]) == "none"
		}
	}
	if len(parts) == 0 {
		return ""
	}
	if !none {
		return wrapWords("0: "+strings.Join(parts, "; "), width) + "\n"
	}
	return wrapWords("none: "+strings.Join(parts, "; "), width) + "\n"
}

// HeatmapNamed is Heatmap with the 0 of a knob whose 0 means none (no
// timeout, no limit) labelled as none, not as the tightest value: none
// holds, per axis (x, then y), the words for that 0 (lessons.NoneWords),
// or "" where 0 is a number. A one-knob table's row says "none (no
// limit)"; a map's column or row says "none", and a line under the map
// what that stands for.
func HeatmapNamed(res *sweep.Result, th *theme.Theme, width int, none [2]string) string {
	return drawHeatmap(res, th, width, 1, &Mark{None: none, unplaced: true}, Typed)
}

// axisText is value i of axis a (0: x, 1: y) as the map labels it: "none"
// for a knob's 0 that mark names as none, else the axis's own figure.
func (m *Mark) axisText(a int, ax sweep.Axis, i int, t axisTexts) string {
	if m != nil && m.None[a] != "" && ax.X[i] == 0 {
		return ZeroLabel(m.None[a])
	}
	return t.figure[i]
}

// setting is value i of axis a as the legend's line writes it: the
// words for none ("no timeout (recommendations.timeout=0)"), else the
// knob's setting as w writes it (typed, as a user types it).
func (m *Mark) setting(a int, ax sweep.Axis, i int, w Wording, t axisTexts) string {
	if m != nil && m.None[a] != "" && ax.X[i] == 0 {
		if w == Prose {
			return m.None[a]
		}
		return m.None[a] + " (" + ax.Path + "=0)"
	}
	if m != nil && m.Value != nil && w == Typed && i < len(ax.Values) {
		return ax.Path + "=" + m.Value(ax.Path, ax.Values[i])
	}
	return knobSetting(ax, i, t.setting[i], w)
}

// nearest is the index of the value in xs closest to x.
func nearest(xs []float64, x float64) int {
	best := 0
	for i, v := range xs {
		if math.Abs(v-x) < math.Abs(xs[best]-x) {
			best = i
		}
	}
	return best
}

// HeatmapMarked is Heatmap with the cell nearest to mark (if not nil)
// shown with ◆ and named in the legend.
func HeatmapMarked(res *sweep.Result, th *theme.Theme, width int, mark *Mark) string {
	return drawHeatmap(res, th, width, 1, mark, Typed)
}

// maxCellRows is the tallest a cell grows in a large window: past three
// rows a cell reads no better, and the legend and the goal's lines below
// would be pushed apart from the grid.
const maxCellRows = 3

// HeatmapFit is HeatmapMarked drawn to fill a window of width × height:
// the grid's cells grow taller (up to maxCellRows rows) and wider (about
// twice as wide as tall, as a terminal's cells are twice as tall as wide)
// while the whole map still fits in height. A window too small for even
// one row a cell gets the one-row map, as HeatmapMarked draws it.
func HeatmapFit(res *sweep.Result, th *theme.Theme, width, height int, mark *Mark) string {
	_, ny := res.Plan.Size()
	if len(res.Plan.Axes) == 1 || ny == 0 {
		return drawHeatmap(res, th, width, 1, mark, Typed)
	}
	// The one-row map's lines are counted, not drawn: only the map at
	// the height chosen is.
	m := layOutHeatmap(res, th, width, mark, Typed)
	spare := height - m.lines(1)
	return m.draw(max(1, min(maxCellRows, 1+spare/ny)))
}

// drawHeatmap draws the map with each cell rows rows tall, written as w
// says.
func drawHeatmap(res *sweep.Result, th *theme.Theme, width, rows int, mark *Mark, w Wording) string {
	if len(res.Plan.Axes) == 1 {
		return table(res, th, width, w, mark)
	}
	return layOutHeatmap(res, th, width, mark, w).draw(rows)
}

// heatmapLayout is a map of two knobs worked out for a width, save how
// tall its cells are: what HeatmapFit needs to count the map's lines for
// a cell's height and then draw it at the height chosen, drawing the
// parts that do not depend on it (the title, the legend, the goal's
// lines) once.
type heatmapLayout struct {
	res        *sweep.Result
	th         *theme.Theme
	width      int
	nx, ny     int
	mi, mj     int // the marked cell, or -1
	mark       *Mark
	x, y       sweep.Axis
	labels     []string // the rows' labels, the second axis's values
	labelW     int
	xTexts     []string    // the columns' labels, the first axis's values
	texts      []axisTexts // each axis's values as this drawing writes them
	scale      heatbands.Scale
	inks       [heatbands.N]theme.Ink
	met        string
	head, tail string // the lines above the grid, and those below its axis
}

// layOutHeatmap works out res's map for width: all but its grid and the
// axis under it.
func layOutHeatmap(res *sweep.Result, th *theme.Theme, width int, mark *Mark, w Wording) *heatmapLayout {
	p := res.Plan
	m := &heatmapLayout{res: res, th: th, width: width, mi: -1, mj: -1, mark: mark}
	m.nx, m.ny = p.Size()
	if mark.placed() {
		m.mi, m.mj = mark.Cell(p)
	}
	m.x = p.Axes[0]
	m.texts = planTexts(p)
	m.xTexts = make([]string, m.nx)
	for i := range m.nx {
		m.xTexts[i] = mark.axisText(0, m.x, i, m.texts[0])
	}
	var head strings.Builder
	head.WriteString(titleLines(res, th, width, w))

	lo, hi, any := res.Range()
	m.scale = heatbands.NewScale(p, lo, hi)
	// Row labels: the second axis's values, or nothing for one axis.
	m.labels = make([]string, m.ny)
	if len(p.Axes) > 1 {
		m.y = p.Axes[1]
		for j := range m.ny {
			m.labels[j] = mark.axisText(1, m.y, j, m.texts[1])
			// Counted in cells, not bytes: "250 µs" is six wide.
			m.labelW = max(m.labelW, utf8.RuneCountInString(m.labels[j]))
		}
	}
	pal := heatbands.For(p)
	m.inks = inks(th, pal)
	m.met = th.Good.Render("✓")
	if len(p.Axes) > 1 {
		head.WriteString(eachLine(th.Dim, wrapTo("↑ "+axisLabel(m.y, w), width)) + "\n")
	}
	m.head = head.String()

	var b strings.Builder
	b.WriteString(strings.Repeat(" ", m.labelW+2) + eachLine(th.Dim, wrapTo(axisLabel(m.x, w)+" →", width-m.labelW-2)) + "\n")
	// The legend: each band's glyph and range, or for a grid whose every
	// cell holds one value, its band and that value.
	if any {
		var parts []string
		for _, e := range Legend(m.scale, p.Measure, CellMeans(res)...) {
			// A no-break space keeps each glyph with its range when
			// wrapped, and a uniform grid's "every cell: 100%" in one piece.
			parts = append(parts, m.inks[e.Band].Paint(string(shades[e.Band]))+"\u00a0"+strings.ReplaceAll(e.Text("–"), " ", "\u00a0"))
		}
		if r := reading(th, pal); r != "" {
			// Kept on one line when the legend wraps.
			parts = append(parts, strings.ReplaceAll(r, " ", "\u00a0"))
		}
		b.WriteString(wrapWords(strings.Join(parts, "  "), width) + "\n")
		if pal.Caveat != "" {
			b.WriteString(wrapWords(pal.Caveat, width) + "\n")
		}
	}
	b.WriteString(lackingLegend(res, m.texts, width, w))
	b.WriteString(mark.noneLegend(p.Axes, m.texts, width, w))
	b.WriteString(blankLegend(res, width))
	if mark.placed() {
		b.WriteString(wrapWords(cellLine(res, "◆ "+mark.Label, mark, m.mi, m.mj, w, m.texts), width) + "\n")
	}
	if c := mark.cursor(); c.Shown && c.I < m.nx && c.J < m.ny {
		line := "▣ the cursor is on the design ◆ marks" // named just above
		if c.I != m.mi || c.J != m.mj {
			line = cellLine(res, "▣ the cell under the cursor", mark, c.I, c.J, w, m.texts)
		}
		b.WriteString(wrapWords(line, width) + "\n")
	}
	if p.Goal != nil {
		narrow := ""
		if m.cellWidth(1) == 1 {
			// A cell one column wide has no mark column, so "✓ meets
			// search.ok>=99%: 975 of 2,400 cells" stood under a map
			// without a single ✓. Two columns a cell make room for it.
			narrow = "the cells are too narrow for their ✓ marks: a wider window shows them"
			if w == Typed {
				narrow = fmt.Sprintf("the cells are too narrow for their ✓ marks: --width %d shows them", m.labelW+2+2*m.nx)
			}
		}
		b.WriteString(goalSummary(res, th, width, w, mark, m.texts, narrow))
	}
	m.tail = b.String()
	return m
}

// cursorGlyph marks the cell under a Cursor.
const cursorGlyph = "▣"

// cellLine names cell (i, j) under the map, what it is first ("◆ the
// design in the form"), then its two settings and its figure: one line for
// the ◆ and the cursor, so that both say a cell alike.
func cellLine(res *sweep.Result, what string, mark *Mark, i, j int, w Wording, ts []axisTexts) string {
	p := res.Plan
	c := res.Cell(i, j)
	s := fmt.Sprintf("%s: %s, %s", what, mark.setting(0, p.Axes[0], i, w, ts[0]), mark.setting(1, p.Axes[1], j, w, ts[1]))
	if c.N > 0 {
		// A no-break space keeps the figure with its name when
		// the line wraps.
		name := p.Measure.Name
		if w == Prose {
			name = metricWords(p.Measure)
		}
		s += fmt.Sprintf(", %s\u00a0%s", name, goalValue(p, c.Mean))
		switch {
		case partial(c):
			// The cell's * may have given way to the ◆.
			s += " (" + seedsWith(p.Measure, c) + ")"
		case c.N > 1 && Value(p.Measure, c.Min) != Value(p.Measure, c.Max):
			// The seeds' spread: a mean near a band's edge may hide
			// seeds on both sides of it.
			s += fmt.Sprintf(" (%s\u00a0to\u00a0%s over\u00a0%s\u00a0seeds)", Value(p.Measure, c.Min), Value(p.Measure, c.Max), pane.Count(c.N))
		}
	} else if c.Runs > 0 {
		s += ", " + neverWords(p.Measure)
	} else {
		// A sweep stopped before the cell's runs: the line named
		// the design and gave no figure, as if one were missing.
		s += ", not run"
	}
	if p.Goal != nil && c.Runs > 0 {
		s += map[bool]string{true: " (meets the goal)", false: " (misses the goal)"}[c.Met]
	}
	return s
}

// cellWidth is how many columns a cell takes when it is rows tall: two
// shade glyphs and a mark column (✓) when there is room; a taller cell
// is wider too, so that it stays about square on screen.
func (m *heatmapLayout) cellWidth(rows int) int {
	return max(1, min(2*rows+1, (m.width-m.labelW-2)/m.nx))
}

// lines is how many lines draw(rows) has, counted without drawing the
// grid and its axis: a line each of the grid's rows, the rule and the
// labels under it (a cell's glyphs, ◆ and ✓ are painted with escape codes,
// the axes' labels are numbers or "none": none breaks a line).
func (m *heatmapLayout) lines(rows int) int {
	return strings.Count(m.head, "\n") + m.ny*rows + 2 + strings.Count(m.tail, "\n")
}

// xLabels is the line of the first axis's values under cells rows tall.
func (m *heatmapLayout) xLabels(rows int) string {
	return xLabels(m.x, m.labelW+2, m.cellWidth(rows), m.nx, func(i int) string { return m.xTexts[i] })
}

// draw draws the map with each cell rows rows tall.
func (m *heatmapLayout) draw(rows int) string {
	p := m.res.Plan
	nx, ny, mi, mj, inks, met := m.nx, m.ny, m.mi, m.mj, m.inks, m.met
	// The marked cell's ◆ takes the place of one of its glyphs.
	cw := m.cellWidth(rows)
	n := max(1, cw-1) // a cell's shade glyphs; the column after them is the mark column
	// A cell of each band as drawn, and the goal's mark: painted once for
	// the map, not once a cell.
	var cells [heatbands.N]string
	for k := range cells {
		cells[k] = inks[k].Paint(strings.Repeat(string(shades[k]), n))
	}
	// Room for the grid, so that the builder does not grow and copy it
	// again and again: a grid line is its label and a cell's bytes a cell.
	cellBytes := len(met)
	for _, c := range cells {
		cellBytes = max(cellBytes, len(c)+len(met))
	}
	var b strings.Builder
	b.Grow(len(m.head) + ny*rows*(m.labelW+len(" │\n")+nx*cellBytes) + len(m.tail))
	b.WriteString(m.head)
	// Spaces are held back until something is written after them, so a
	// row ends at its last glyph: an empty mark column or an empty cell
	// at the row's end is no trailing blank.
	pad := 0
	put := func(s string) {
		for ; pad > 0; pad-- {
			b.WriteByte(' ')
		}
		b.WriteString(s)
	}
	for line := ny*rows - 1; line >= 0; line-- {
		// A cell's middle row carries its label, its mark and its ✓.
		j, middle := line/rows, line%rows == rows/2
		label := ""
		if len(p.Axes) > 1 && middle {
			label = m.labels[j]
		}
		pad = m.labelW - utf8.RuneCountInString(label)
		put(label)
		put(" │")
		for i := range nx {
			c := m.res.Cell(i, j)
			cur := middle && m.mark.cursorAt(i, j)
			if c.Runs == 0 || math.IsNaN(c.Mean) {
				switch {
				case cur:
					put(m.th.Bold.Render(cursorGlyph)) // the line under the map says what the cell holds
				case c.Runs > 0 && middle:
					put(noneMark) // ran, but no value: the breaker never opened
				default:
					pad++
				}
				pad += cw - 1
				continue
			}
			k := m.scale.Band(c.Mean)
			marked, part := i == mi && j == mj && middle, middle && partial(c)
			switch {
			case cur:
				// ▣ takes the cell's last glyph (a * for seeds
				// without a value gives way to it: the line under the
				// map says so), the ◆ its place when the cursor is on
				// the design; the other glyphs keep the cell's shade.
				glyph := inks[k].Paint(string(shades[k]))
				for g := range n {
					switch {
					case g == n-1:
						put(m.th.Bold.Render(cursorGlyph))
					case marked && g == (n-1)/2:
						put(m.th.Bold.Render("◆"))
					default:
						put(glyph)
					}
				}
			case marked && cw == 1:
				// No room but the glyph: the ◆ takes it, in the
				// band's colour.
				put(inks[k].Paint("◆"))
			case marked:
				// The ◆ sits on the cell it marks, among its glyphs
				// (at the middle, or left of it when they are even):
				// in the mark column, right of the glyphs, it read as
				// the gap before the next cell. A * for seeds without
				// a value takes the last glyph, if that is not the ◆'s.
				at := (n - 1) / 2
				rest := strings.Repeat(string(shades[k]), n-1-at)
				if part && n-1 > at {
					rest = rest[:len(rest)-len(string(shades[k]))] + partMark
				}
				put(inks[k].Paint(strings.Repeat(string(shades[k]), at)) + m.th.Bold.Render("◆") + inks[k].Paint(rest))
			case part:
				// The * takes the cell's last glyph, in the band's
				// colour, so the shade still shows where there is room
				// for more than one glyph; the mark column is the ✓'s.
				put(inks[k].Paint(strings.Repeat(string(shades[k]), n-1) + partMark))
			default:
				put(cells[k])
			}
			if cw > 1 {
				// The mark column: ✓ for a cell that meets the goal,
				// the marked cell's too.
				if p.Goal != nil && c.Met && middle {
					put(met)
				} else {
					pad++
				}
			}
		}
		pad = 0
		b.WriteString("\n")
	}
	// The x axis: a rule, then labels placed under their cells where they fit.
	b.WriteString(strings.Repeat(" ", m.labelW) + " └" + strings.Repeat("─", nx*cw) + "\n")
	b.WriteString(m.xLabels(rows) + "\n")
	b.WriteString(m.tail)
	return b.String()
}

// xLabels writes the first axis's values under their cells, evenly
// spaced and as many as fit: every k-th column, k the smallest step at
// which no label runs into the next, counted from the first column or
// back from the last, whichever labels more (from the first on a tie);
// the first and the last column always, and a step's column too near
// the end it was not counted from gives way to that end's label. Thinned
// left to right alone, the labels fell unevenly where their lengths
// varied ("900 ms" then "1 s"), and the sandbox's bulkhead from none to
// 200 ended "50 100" under its last two columns, the 200 column reading
// as 100's. Labels stand a blank apart at least, as they always have;
// where even the first and the last touch, the last is labelled alone.
func xLabels(x sweep.Axis, indent, cw, nx int, text func(int) string) string {
	line := []rune(strings.Repeat(" ", indent+nx*cw+8))
	if nx == 0 {
		return ""
	}
	const gap = 1
	at := func(i int) int { return indent + i*cw }
	end := func(i int) int { return at(i) + utf8.RuneCountInString(text(i)) } // "250 µs" is six cells, seven bytes
	last := nx - 1
	// walk visits the columns labelled at step k after the first, in
	// order, and says how many columns it labels and whether they stand
	// apart.
	walk := func(k int, fromLast bool, visit func(int)) (int, bool) {
		n, prev := 1, 0
		for i := 0; i < last; {
			if fromLast {
				i = last - (last-i-1)/k*k // the next column a multiple of k before the last
				if i < last && end(0)+gap > at(i) {
					continue // too near the first: its label stands
				}
			} else {
				i = min(i-i%k+k, last) // the next multiple of k
				if i < last && end(i)+gap > at(last) {
					continue // too near the last: its label stands
				}
			}
			if end(prev)+gap > at(i) {
				return n, false
			}
			if visit != nil {
				visit(i)
			}
			prev = i
			n++
		}
		return n, true
	}
	put := func(i int) {
		if end(i) > len(line) {
			return
		}
		p := at(i)
		for _, r := range text(i) {
			line[p] = r
			p++
		}
	}
	for k := 1; k <= last; k++ {
		first, okFirst := walk(k, false, nil)
		back, okBack := walk(k, true, nil)
		if !okFirst && !okBack {
			continue
		}
		put(0)
		walk(k, okBack && (!okFirst || back > first), put)
		return strings.TrimRight(string(line), " ")
	}
	put(last) // alone: one column, or the first and the last touch
	return strings.TrimRight(string(line), " ")
}

// goalSummary says how many cells meet the goal and, for each row, from
// which x value on (or up to which) they do; whether none (a knob's 0
// that mark names so) meets it, in the words the table's row has. narrow,
// if not "", follows the count: why the map above it shows no ✓.
func goalSummary(res *sweep.Result, th *theme.Theme, width int, w Wording, mark *Mark, ts []axisTexts, narrow string) string {
	p := res.Plan
	nx, ny := p.Size()
	met, ran := 0, 0
	for j := range ny {
		for i := range nx {
			c := res.Cell(i, j)
			if c.Runs > 0 {
				ran++
			}
			if c.Met {
				met++
			}
		}
	}
	var b strings.Builder
	of := pane.Count(nx*ny) + " cells"
	if ran < nx*ny {
		of = "the " + pane.Count(ran) + " cells run"
	}
	b.WriteString(wrapWords(fmt.Sprintf("✓ meets %s: %s of %s", goalWords(p.Goal, w), pane.Count(met), of), width) + "\n")
	if narrow != "" {
		b.WriteString(eachLine(th.Dim, wrapWords(narrow, width)) + "\n")
	}
	b.WriteString(goalLacking(res, width))
	if ran == nx*ny && (met == 0 || met == ran) {
		b.WriteString(eachLine(th.Dim, wrapWords(noBoundary(res, met > 0, w, mark, ts), width)) + "\n")
	}
	x := p.Axes[0]
	for j := ny - 1; j >= 0; j-- {
		var edges []string
		for i := 1; i < nx; i++ {
			a, c := res.Cell(i-1, j), res.Cell(i, j)
			if a.Runs == 0 || c.Runs == 0 || a.Met == c.Met {
				continue
			}
			dir := "met from"
			if !c.Met {
				dir = "not met from"
			}
			// The knob's value as the wording says it: typed
			// (recommendations.timeout=4.136364s) or in words
			// (timeout 4.14s), as the map's column reads it.
			edges = append(edges, dir+" "+knobSetting(x, i, ts[0].setting[i], w))
		}
		if len(edges) == 0 {
			continue
		}
		if c := res.Cell(0, j); mark.isNone(0, x, 0) && c.Runs > 0 {
			// None is no value before the first: "not met from
			// transport.per_host=2" alone read as the values below 2
			// meeting the goal, where it is none that does.
			edges = append([]string{map[bool]string{true: "met at ", false: "not met at "}[c.Met] + mark.rowText(x, 0, ts[0])}, edges...)
		}
		row := ""
		if len(p.Axes) > 1 {
			y := p.Axes[1]
			setting := knobSetting(y, j, ts[1].setting[j], w)
			if mark.isNone(1, y, j) {
				// As the axis labels it: "0 (up to the timeout)" for a
				// pool's wait, which "none" said was no wait.
				setting = y.Path + " " + NoneText(mark.None[1])
				if w == Prose {
					setting = knobLabel(y.Path) + " " + NoneText(mark.None[1])
				}
			}
			row = "at " + setting + ": "
		}
		b.WriteString(eachLine(th.Dim, wrapWords(row+strings.Join(edges, ", "), width)) + "\n")
	}
	return b.String()
}

// noBoundary says, of a finished sweep whose cells all meet its goal
// (all true) or none do, that the boundary is not within its ranges, and
// where none does, which cell came nearest and with what figure: "0 of 48
// cells" alone left the user with no line of boundary and no way to it.
// The nearest is the cell with the best mean of the goal's measure among
// those every seed gave one, as the goal judges a cell.
func noBoundary(res *sweep.Result, all bool, w Wording, mark *Mark, ts []axisTexts) string {
	if all {
		return "every cell meets it, so the boundary, if there is one, lies outside these ranges: widen them to find it"
	}
	p := res.Plan
	g := p.Goal
	nx, ny := p.Size()
	bi, bj := -1, -1
	var best float64
	for j := range ny {
		for i := range nx {
			c := res.Cell(i, j)
			if c.Runs == 0 || c.GoalN < c.Runs || math.IsNaN(c.GoalMean) {
				continue
			}
			higher := g.Op == ">=" || g.Op == ">"
			if bi < 0 || (higher && c.GoalMean > best) || (!higher && c.GoalMean < best) {
				bi, bj, best = i, j, c.GoalMean
			}
		}
	}
	s := "no cell meets it, so the boundary, if these knobs reach one, lies outside these ranges"
	if bi < 0 {
		return s
	}
	name := g.Metric.Name
	if w == Prose {
		name = metricWords(g.Metric)
	}
	at := mark.setting(0, p.Axes[0], bi, w, ts[0])
	if len(p.Axes) > 1 {
		at += ", " + mark.setting(1, p.Axes[1], bj, w, ts[1])
	}
	return s + "; nearest: " + name + "\u00a0" + goalFigure(g, best) + " at " + at
}

// titleLines is a map's or a table's title, the measure and over what
// seeds, wrapped to width after a comma where it can be (a line ended
// "mean of" and the next read "3 seeds"), each line styled on its own:
// lipgloss pads a block's lines to its widest, which ended a wrapped
// title's last line in spaces.
func titleLines(res *sweep.Result, th *theme.Theme, width int, w Wording) string {
	parts := titleParts(res, w)
	for k := range parts[:max(len(parts)-1, 0)] {
		parts[k] += ","
	}
	lines := pane.PackWhole(parts, " ", width)
	var b strings.Builder
	for _, l := range lines {
		for _, piece := range strings.Split(wrapWords(l, width), "\n") {
			b.WriteString(th.Title.Render(piece) + "\n")
		}
	}
	return b.String()
}

// titleParts are the pieces of a sweep's title, each a place it may
// wrap at: the measure, the requests it counts (windowWords), the seeds
// and, for a result not complete, how many runs are in.
func titleParts(res *sweep.Result, w Wording) []string {
	p := res.Plan
	parts := strings.Split(measureTitle(p.Measure, w), ", ")
	if win := windowWords(p); win != "" {
		parts = append(parts, win)
	}
	return append(parts, p.SeedsText()+incomplete(res))
}

// Measured says what a sweep's figures are, as the table's and the map's
// title says it, on one line: "search.ok (share), of requests arriving
// from 10 s to 30 s, mean of 3 seeds". The pictures title with it, so a
// slide says which requests its shares count as the table does.
func Measured(res *sweep.Result) string { return strings.Join(titleParts(res, Typed), ", ") }

// wrapTo cuts nothing: a line longer than width is wrapped at spaces.
func wrapTo(s string, width int) string { return wrapWords(s, width) }

// eachLine renders each of s's lines in style on its own: lipgloss pads
// a block's lines to its widest, which ended a wrapped line in spaces.
func eachLine(style lipgloss.Style, s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = style.Render(l)
	}
	return strings.Join(lines, "\n")
}

// wrapWords wraps s at spaces so no line is wider than width (a word
// longer than width stands alone on its line). A number stays with its
// unit and a comparison sign with what it compares to (unbroken): a goal
// wrapped as "held max ≤" over "80 calls" read as no goal at all.
func wrapWords(s string, width int) string {
	if width <= 0 || lipgloss.Width(s) <= width {
		return s
	}
	var lines []string
	cur := ""
	for _, w := range unbroken(strings.Split(s, " "), width) {
		switch {
		case cur == "":
			cur = w
		case lipgloss.Width(cur)+1+lipgloss.Width(w) <= width:
			cur += " " + w
		default:
			// A break where words were two spaces apart (a legend's
			// entries) leaves the first on the line: it is not kept.
			lines = append(lines, strings.TrimRight(cur, " "))
			cur = w
		}
	}
	lines = append(lines, strings.TrimRight(cur, " "))
	return strings.Join(lines, "\n")
}

// unbroken joins the words that are read as one, for wrapWords to keep on
// one line: a comparison sign and the number after it, a number and its
// unit ("≤ 80 calls:", "0 ms"). A run of them wider than width is left
// as its words, to be wrapped like any others rather than overflow.
func unbroken(words []string, width int) []string {
	out := make([]string, 0, len(words))
	for i := 0; i < len(words); {
		j := i + 1
		for j < len(words) && staysWith(words[j-1], words[j]) {
			j++
		}
		if run := strings.Join(words[i:j], " "); j-i == 1 || lipgloss.Width(run) <= width {
			out = append(out, run)
		} else {
			out = append(out, words[i:j]...)
		}
		i = j
	}
	return out
}

// comparisons are the signs a goal or a bound compares with, as the
// sweep writes them in words (≤) and as they are typed (<=).
var comparisons = map[string]bool{"≤": true, "≥": true, "<": true, ">": true, "=": true, "≠": true, "<=": true, ">=": true, "==": true, "!=": true}

// units are the units a sweep's figures are written in (sweep.Metric's
// ms, s and calls, a rate's req/s) that may stand apart from their number.
var units = map[string]bool{"ms": true, "µs": true, "s": true, "m": true, "min": true, "h": true, "calls": true, "%": true, "req/s": true, "rps": true}

// isNumberWord says whether w is a number as a word of a sentence: "80",
// "0.5", "1,200", "(−3", "~40%".
func isNumberWord(w string) bool {
	w = strings.TrimLeft(w, "([~≈")
	w = strings.TrimLeft(w, "-−+")
	w = strings.TrimSuffix(w, "%")
	if w == "" || w[0] < '0' || w[0] > '9' || w[len(w)-1] < '0' || w[len(w)-1] > '9' {
		return false
	}
	for i := 0; i < len(w); i++ {
		if c := w[i]; (c < '0' || c > '9') && c != '.' && c != ',' {
			return false
		}
	}
	return true
}

// staysWith says whether word b must stay on word a's line.
func staysWith(a, b string) bool {
	if b == "" {
		return false
	}
	if comparisons[a] {
		return true
	}
	return isNumberWord(a) && units[strings.TrimRight(b, ",.;:)]")]
}

// Table draws a one-knob sweep as rows: the knob's value, the measure's
// mean, its fewest and most over the seeds, a bar of the mean within the
// measured range in the colour of its heat-map band, and with a goal,
// whether the row meets it.
func Table(res *sweep.Result, th *theme.Theme, width int) string {
	return table(res, th, width, Typed, nil)
}

// table is Table in wording w, with a 0 that none names as none labelled
// so.
func table(res *sweep.Result, th *theme.Theme, width int, w Wording, none *Mark) string {
	p := res.Plan
	x := p.Axes[0]
	nx, _ := p.Size()
	ts := planTexts(p)
	var b strings.Builder
	b.WriteString(titleLines(res, th, width, w))
	lo, hi, _ := res.Range()
	// A bar is coloured by its mean's band on the heat map's scale of the
	// same measured range (a uniform result's one band included), so a
	// value reads the same colour as a bar as it does as a map's cell;
	// its length, from 0, is what carries the value without colour.
	scale, barInks := heatbands.NewScale(p, lo, hi), inks(th, heatbands.For(p))
	lo = math.Min(lo, 0)
	if p.Measure.Unit() == "share" {
		// A share's full bar is all the requests, as the picture's axis
		// runs to 100%: scaled to the highest mean, a sweep whose best
		// cell answered 0.7% drew that cell a full bar, as if all were.
		lo, hi = 0, 1
	}
	head := []string{axisLabel(x, w), "mean", "fewest", "most"}
	// A column of the seeds that gave a value, when some row's seeds
	// did not all: its mean is of those seeds only.
	lacking := false
	for i := range nx {
		lacking = lacking || res.Cell(i, 0).Lacking() > 0
	}
	if lacking {
		head = append(head, countHead(p.Measure))
	}
	// A goal on another measure than the one shown gets a column of its
	// own mean: a ✓ beside 26.3 calls held, for checkout.ok>=0.5%, named
	// no figure of checkout.ok a reader could check it against.
	other := p.Goal != nil && !sameMetric(p.Goal.Metric, p.Measure)
	if other {
		head = append(head, p.Goal.Metric.Name)
	}
	rows := [][]string{}
	for i := range nx {
		c := res.Cell(i, 0)
		row := []string{none.rowText(x, i, ts[0]), "-", "-", "-"}
		if c.Runs == 0 {
			row[1] = "not run"
		} else if c.N > 0 {
			row[1], row[2], row[3] = goalValue(p, c.Mean), goalValue(p, c.Min), goalValue(p, c.Max)
		} else {
			row[1] = "none" // the breaker never opened on any seed
		}
		if lacking {
			count := "-"
			if c.Runs > 0 {
				count = pane.Count(c.N) + " of " + pane.Count(c.Runs)
			}
			row = append(row, count)
		}
		if other {
			g := "-"
			switch {
			case c.Runs > 0 && c.GoalN > 0:
				g = goalFigure(p.Goal, c.GoalMean)
			case c.Runs > 0:
				g = "none" // the breaker never opened on any seed
			}
			row = append(row, g)
		}
		rows = append(rows, row)
	}
	widths := make([]int, len(head))
	for k, h := range head {
		widths[k] = lipgloss.Width(h)
		for _, r := range rows {
			widths[k] = max(widths[k], lipgloss.Width(r[k]))
		}
	}
	used := 0
	for _, w := range widths {
		used += w + 2
	}
	mark := 0
	if p.Goal != nil {
		mark = 2
	}
	barW := min(30, width-used-mark)
	pad := func(s string, w int) string { return strings.Repeat(" ", w-lipgloss.Width(s)) + s }
	var line strings.Builder
	for k, h := range head {
		line.WriteString(pad(h, widths[k]) + "  ")
	}
	b.WriteString(th.Bold.Render(strings.TrimRight(line.String(), " ")) + "\n")
	for i, r := range rows {
		line.Reset()
		for k, cell := range r {
			line.WriteString(pad(cell, widths[k]) + "  ")
		}
		c := res.Cell(i, 0)
		if barW > 0 && c.N > 0 && hi > lo {
			// An empty bar is not painted: its colour's codes alone
			// would be an invisible tail on the row.
			if n := int(math.Round((c.Mean - lo) / (hi - lo) * float64(barW))); n > 0 {
				line.WriteString(barInks[scale.Band(c.Mean)].Paint(strings.Repeat(string(shades[len(shades)-1]), n)))
			}
		}
		if p.Goal != nil && c.Met {
			line.WriteString(" " + th.Good.Render("✓"))
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	if c := heatbands.For(p).Caveat; c != "" {
		b.WriteString(wrapWords(c, width) + "\n")
	}
	if lacking {
		b.WriteString(wrapWords(tableNote(p.Measure, p.Goal != nil), width) + "\n")
	}
	if p.Goal != nil {
		b.WriteString(goalSummary(res, th, width, w, none, ts, ""))
	}
	return b.String()
}
