package shardview

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Glyphs of a worker's phase; the poisoned customer's workers are also
// drawn in brackets, or with GlyphPoisonedUp in the compact grid, so that
// neither depends on colour.
const (
	GlyphUp         = '●'
	GlyphCrashed    = '✗'
	GlyphRestarting = '↻'
	GlyphPoisonedUp = '◆'
	// The chart over time draws lost customers and degraded ones apart.
	GlyphLostBar     = '█'
	GlyphDegradedBar = '▒'
)

// SideData is what a Side pane draws: one strategy's run at one moment.
type SideData struct {
	Strategy   shuffle.Strategy
	Assignment *shuffle.Assignment
	Snap       *shuffle.Snapshot
	Expect     shuffle.Expectation
	// Sample is the customers shown as rows, the poisoned one first.
	Sample []int
	// Note says why the side runs on other terms (an overlap limit that
	// left room for fewer customers).
	Note string
	// History is the other customers' counts at every 100 ms step so far,
	// and Duration the run's length, for the chart over time.
	History  []shuffle.CustomerCounts
	Duration time.Duration
	// Gen changes whenever the data comes from another run.
	Gen uint64
}

// Side draws one sharding strategy's run: the fleet as a grid of workers,
// a sample of customers as rows of their workers with what they have left,
// and the customers lost, degraded and fine now beside what the exact odds
// expect. It redraws only when a worker changed phase or the run changed.
type Side struct {
	th   *theme.Theme
	w, h int
	// The inks of the phases, worked out once: a cell is drawn per worker.
	inks [3]theme.Ink

	d       SideData
	phases  []shuffle.WorkerPhase // what the last render drew
	counts  shuffle.CustomerCounts
	histLen int
	gen     uint64
	has     bool

	dirty bool
	view  string
}

// NewSide makes an empty side pane.
func NewSide(th *theme.Theme) *Side {
	p := &Side{th: th, dirty: true}
	p.inks[shuffle.WorkerUp] = theme.InkOf(th.Good)
	p.inks[shuffle.WorkerCrashed] = theme.InkOf(th.Bad)
	p.inks[shuffle.WorkerRestarting] = theme.InkOf(th.Warn)
	return p
}

// Init does nothing.
func (p *Side) Init() tea.Cmd { return nil }

// Update ignores messages: the parent sets the data.
func (p *Side) Update(tea.Msg) (tea.Model, tea.Cmd) { return p, nil }

// SetSize sets the pane's outer size, border included.
func (p *Side) SetSize(w, h int) {
	if w != p.w || h != p.h {
		p.w, p.h, p.dirty = w, h, true
	}
}

// SetData takes a new moment of the run; the pane redraws only when what
// it shows changed.
func (p *Side) SetData(d SideData) {
	if d.Snap == nil || d.Assignment == nil {
		return
	}
	same := p.has && d.Gen == p.gen && d.Snap.Now == p.counts && len(d.Snap.Workers) == len(p.phases) && len(d.History) == p.histLen &&
		slices.Equal(d.Sample, p.d.Sample) && d.Strategy == p.d.Strategy
	if same {
		for w, ws := range d.Snap.Workers {
			if ws.Phase != p.phases[w] {
				same = false
				break
			}
		}
	}
	p.d = d
	if same {
		return
	}
	p.has, p.gen, p.counts, p.histLen = true, d.Gen, d.Snap.Now, len(d.History)
	p.phases = p.phases[:0]
	for _, ws := range d.Snap.Workers {
		p.phases = append(p.phases, ws.Phase)
	}
	p.dirty = true
}

// View draws the pane, from the cache when nothing changed.
func (p *Side) View() string {
	if p.dirty {
		p.view = strings.Join(p.render(), "\n")
		p.dirty = false
	}
	return p.view
}

// Title names a strategy the way the panes head it.
func Title(s shuffle.Strategy) string {
	switch s {
	case shuffle.StrategyPlain:
		return "plain sharding"
	case shuffle.StrategyShuffle:
		return "shuffle sharding"
	case shuffle.StrategyHash:
		return "hashed shuffle sharding"
	case shuffle.StrategyOverlapLimited:
		return "overlap-limited sharding"
	}
	return string(s)
}

// detail says in a line how the strategy gave the customers their workers.
func detail(a *shuffle.Assignment) string {
	n, k := a.Workers(), a.PerCustomer()
	switch a.Strategy() {
	case shuffle.StrategyPlain:
		return fmt.Sprintf("%s fixed shards of %d workers", count(n/k), k)
	case shuffle.StrategyShuffle:
		return fmt.Sprintf("%d of %s at random per customer", k, count(n))
	case shuffle.StrategyHash:
		return fmt.Sprintf("%d of %s from a hash of the customer's id", k, count(n))
	case shuffle.StrategyOverlapLimited:
		return fmt.Sprintf("%d of %s each, no two sharing over %d", k, count(n), a.MaxShared())
	}
	return ""
}

func (p *Side) render() []string {
	d := &p.d
	if !p.has {
		return pane.Frame(p.th, p.w, p.h, "", "", nil)
	}
	iw, ih := max(p.w-2, 0), max(p.h-2, 0)
	s, a := d.Snap, d.Assignment
	poisonedShard := make([]bool, a.Workers())
	for _, w := range a.Shard(s.Poisoned) {
		poisonedShard[w] = true
	}
	down := 0
	for _, ph := range p.phases {
		if ph != shuffle.WorkerUp {
			down++
		}
	}
	notes := []string{fmt.Sprintf("%s/%s workers down", count(down), count(a.Workers())), fmt.Sprintf("%s/%s down", count(down), count(a.Workers()))}
	if down == 0 {
		notes = []string{"all " + count(a.Workers()) + " workers up", "all " + count(a.Workers()) + " up"}
	}
	// The shorter words where the longer would be cut on the top edge.
	title, note := pane.Titled(p.w, []string{Title(d.Strategy), strings.TrimSuffix(Title(d.Strategy), " sharding")}, notes)

	counts := p.countLines(iw)
	head := []string{p.th.Dim.Render(detail(a))}
	if d.Note != "" {
		head = append(head, pane.Wrap(p.th.Warn.Render(d.Note), iw)...)
	}
	// What must show comes first: the counts, then the fleet, then the
	// customers, then the legend and the spacing.
	room := ih - len(counts)
	if room < 0 {
		return pane.Frame(p.th, p.w, p.h, title, note, counts)
	}
	head = head[:min(len(head), max(room-1, 0))]
	room -= len(head)
	fleetRows := min(max(room/3, 1), 8)
	fleet, compact := p.fleetLines(iw, fleetRows, poisonedShard)
	fleet = fleet[:min(len(fleet), room)]
	room -= len(fleet)
	legend := pane.Wrap(p.legend(compact, iw), iw)
	// Over time, when the customers keep a header and six rows beside it.
	var chart []string
	if rest := room - len(legend); len(d.History) > 0 && rest >= 1+6+1+chartMin+2 {
		chart = p.chartLines(iw, min(chartMax, max(chartMin, rest/4)))
		room -= len(chart) + 1
	}
	var body []string
	body = append(body, head...)
	body = append(body, fleet...)
	// Customers: a header and at least two rows, else none.
	if room >= 2+1+len(legend) {
		room -= len(legend)
		rows := min(room-1, len(d.Sample)) // less the header
		spare := room - 1 - rows
		body = append(body, legend...)
		if spare > 0 {
			body = append(body, "")
			spare--
		}
		body = append(body, p.customerLines(iw, rows, poisonedShard)...)
		if spare > 0 {
			body = append(body, "")
		}
	} else if room >= len(legend) {
		body = append(body, legend...)
	}
	if len(chart) > 0 {
		body = append(body, "")
		body = append(body, chart...)
	}
	body = append(body, counts...)
	return pane.Frame(p.th, p.w, p.h, title, note, pane.Block(body, iw, ih))
}

// The chart over time is chartMin to chartMax rows high, plus its title
// and its time axis.
const (
	chartMin = 4
	chartMax = 8
)

// eighths are the lower blocks, one to seven eighths of a cell high.
var eighths = [...]rune{'▁', '▂', '▃', '▄', '▅', '▆', '▇'}

// chartLines draws the share of the other customers lost (█, from the
// bottom) and degraded (▒, above them) over the run, a column per stretch
// of time, each showing the worst moment of its stretch.
func (p *Side) chartLines(iw, rows int) []string {
	d := &p.d
	others := max(d.Assignment.Customers()-1, 1)
	const labelW = 5
	cw := iw - labelW
	if cw < 4 || rows < 1 || d.Duration <= 0 {
		return nil
	}
	out := []string{p.th.Dim.Render(fmt.Sprintf("over time: %c lost  %c degraded, of the %s others", GlyphLostBar, GlyphDegradedBar, count(others)))}
	h8 := rows * 8
	lostE := make([]int, cw)
	totalE := make([]int, cw)
	drawn := make([]bool, cw)
	perCol := float64(d.Duration/step) / float64(cw)
	for c := range cw {
		lo := int(float64(c) * perCol)
		hi := max(int(float64(c+1)*perCol), lo+1)
		if lo >= len(d.History) {
			break
		}
		lost, total := 0, 0
		for _, cc := range d.History[lo:min(hi, len(d.History))] {
			lost = max(lost, cc.Lost)
			total = max(total, cc.Lost+cc.Degraded)
		}
		drawn[c] = true
		lostE[c] = (lost*h8 + others/2) / others
		if lost > 0 {
			lostE[c] = max(lostE[c], 1)
		}
		totalE[c] = (total*h8 + others/2) / others
		if total > lost {
			totalE[c] = max(totalE[c], (lostE[c]+7)/8*8+1)
		}
	}
	lostInk, degInk, dim := theme.InkOf(p.th.Bad), theme.InkOf(p.th.Warn), theme.InkOf(p.th.Dim)
	var b strings.Builder
	for y := range rows {
		b.Reset()
		switch y {
		case 0:
			b.WriteString(dim.Paint(fmt.Sprintf("%*s ", labelW-1, "100%")))
		case rows - 1:
			b.WriteString(dim.Paint(fmt.Sprintf("%*s ", labelW-1, "0%")))
		default:
			b.WriteString(strings.Repeat(" ", labelW))
		}
		k := rows - 1 - y // the cell's eighths are [8k, 8k+8)
		for c := range cw {
			switch {
			case !drawn[c]:
				b.WriteByte(' ')
			case lostE[c] >= 8*k+8:
				lostInk.WriteTo(&b, string(GlyphLostBar))
			case lostE[c] > 8*k:
				lostInk.WriteTo(&b, string(eighths[lostE[c]-8*k-1]))
			case totalE[c] > 8*k && (totalE[c]-8*k >= 4 || lostE[c] <= 8*k && (lostE[c]+7)/8 == k):
				degInk.WriteTo(&b, string(GlyphDegradedBar))
			default:
				b.WriteByte(' ')
			}
		}
		out = append(out, b.String())
	}
	axis := []rune(strings.Repeat(" ", iw))
	copy(axis[labelW:], []rune("0 s"))
	end := []rune(secondsShort(d.Duration))
	copy(axis[max(iw-len(end), labelW+4):], end)
	return append(out, p.th.Dim.Render(string(axis)))
}

// legend explains the worker glyphs, spaced out when there is room.
func (p *Side) legend(compact bool, iw int) string {
	mark := fmt.Sprintf("[ ] %s's", customer(p.d.Snap.Poisoned))
	if compact {
		mark = fmt.Sprintf("%c %s's, up", GlyphPoisonedUp, customer(p.d.Snap.Poisoned))
	}
	parts := []string{mark, fmt.Sprintf("%c up", GlyphUp), fmt.Sprintf("%c crashed", GlyphCrashed), fmt.Sprintf("%c restarting", GlyphRestarting)}
	text := strings.Join(parts, "  ")
	if len([]rune(text)) > iw {
		text = strings.Join(parts, " ")
	}
	return p.th.Dim.Render(text)
}

// glyph is a worker's phase as a rune.
func glyph(ph shuffle.WorkerPhase) rune {
	switch ph {
	case shuffle.WorkerCrashed:
		return GlyphCrashed
	case shuffle.WorkerRestarting:
		return GlyphRestarting
	}
	return GlyphUp
}

// ink is the colour of a phase.
func (p *Side) ink(ph shuffle.WorkerPhase) theme.Ink {
	if int(ph) < len(p.inks) {
		return p.inks[ph]
	}
	return theme.Ink{}
}

// cell draws one worker as its number and phase, in brackets when it
// belongs to the poisoned customer: "[2✗]" or " 5● ", digits wide.
func (p *Side) cell(b *strings.Builder, w int, digits int, poisoned bool) {
	ph := p.phases[w]
	open, closeB := " ", " "
	if poisoned {
		open, closeB = "[", "]"
	}
	num := strconv.Itoa(w)
	b.WriteString(open)
	b.WriteString(strings.Repeat(" ", digits-len(num)))
	b.WriteString(num)
	p.ink(ph).WriteTo(b, string(glyph(ph)))
	b.WriteString(closeB)
}

// fleetLines draws every worker: numbered cells when they fit in maxRows,
// else one glyph per worker in groups of ten, else one glyph per several
// workers showing the worst of them.
func (p *Side) fleetLines(iw, maxRows int, poisoned []bool) ([]string, bool) {
	n := len(p.phases)
	if n == 0 || iw <= 0 || maxRows <= 0 {
		return nil, false
	}
	digits := len(strconv.Itoa(n - 1))
	cw := digits + 3
	if perRow := iw / cw; perRow > 0 && (n+perRow-1)/perRow <= maxRows {
		var lines []string
		var b strings.Builder
		for w := range n {
			if w > 0 && w%perRow == 0 {
				lines = append(lines, b.String())
				b.Reset()
			}
			p.cell(&b, w, digits, poisoned[w])
		}
		return append(lines, b.String()), false
	}
	// Compact: one glyph per cell, several workers a cell if need be.
	perRow := iw
	if grouped := (iw + 1) / 11 * 10; grouped > 0 {
		perRow = grouped
	}
	per := 1
	for (n+per-1)/per > perRow*maxRows {
		per++
	}
	cells := (n + per - 1) / per
	var lines []string
	var b strings.Builder
	for c := range cells {
		if c > 0 && c%perRow == 0 {
			lines = append(lines, b.String())
			b.Reset()
		} else if c%perRow > 0 && c%10 == 0 && perRow%10 == 0 && perRow >= 20 {
			b.WriteByte(' ')
		}
		worst, hasPoisoned := shuffle.WorkerUp, false
		for w := c * per; w < min((c+1)*per, n); w++ {
			worst = worse(worst, p.phases[w])
			hasPoisoned = hasPoisoned || poisoned[w]
		}
		r := glyph(worst)
		if worst == shuffle.WorkerUp && hasPoisoned {
			r = GlyphPoisonedUp
		}
		p.ink(worst).WriteTo(&b, string(r))
	}
	lines = append(lines, b.String())
	if per > 1 {
		lines = append(lines, p.th.Dim.Render(fmt.Sprintf("each mark: %d workers, the worst of them", per)))
	}
	return lines, true
}

// worse orders phases: crashed, then restarting, then up.
func worse(a, b shuffle.WorkerPhase) shuffle.WorkerPhase {
	rank := func(p shuffle.WorkerPhase) int {
		switch p {
		case shuffle.WorkerCrashed:
			return 2
		case shuffle.WorkerRestarting:
			return 1
		}
		return 0
	}
	if rank(b) > rank(a) {
		return b
	}
	return a
}

// customerLines draws a header and up to rows customers: id, what each has
// left, and its workers.
func (p *Side) customerLines(iw, rows int, poisoned []bool) []string {
	d := &p.d
	a, s := d.Assignment, d.Snap
	idW := len("customer")
	for _, c := range d.Sample[:rows] {
		idW = max(idW, len(customer(c)))
	}
	const leftW = len("poisoned")
	lines := []string{p.th.Bold.Render(fmt.Sprintf("%-*s %-*s its workers", idW, "customer", leftW, "up"))}
	digits := len(strconv.Itoa(a.Workers() - 1))
	var b strings.Builder
	var shard []int32
	for _, c := range d.Sample[:rows] {
		b.Reset()
		fmt.Fprintf(&b, "%-*s ", idW, customer(c))
		var left string
		switch {
		case c == s.Poisoned:
			left = p.th.Accent.Render(fmt.Sprintf("%-*s", leftW, "poisoned"))
		case c < len(s.Statuses) && s.Statuses[c] == shuffle.CustomerLost:
			left = p.th.Bad.Bold(true).Render(fmt.Sprintf("%-*s", leftW, "none"))
		case c < len(s.Statuses) && s.Statuses[c] == shuffle.CustomerDegraded:
			left = p.th.Warn.Render(fmt.Sprintf("%-*s", leftW, "some"))
		default:
			left = p.th.Good.Render(fmt.Sprintf("%-*s", leftW, "all"))
		}
		b.WriteString(left)
		b.WriteByte(' ')
		shard = append(shard[:0], a.Shard(c)...)
		slices.Sort(shard)
		for _, w := range shard {
			p.cell(&b, int(w), digits, poisoned[w])
		}
		line := b.String()
		if ansi.StringWidth(line) > iw {
			line = ansi.Truncate(line, iw, "…")
		}
		lines = append(lines, line)
	}
	return lines
}

// countLines are the other customers lost, degraded and fine now, beside
// what the exact odds expect of the strategy.
func (p *Side) countLines(iw int) []string {
	d := &p.d
	s := d.Snap
	others := d.Assignment.Customers() - 1
	e := d.Expect
	exp := func(v float64, known bool) string {
		if !known {
			return "–"
		}
		return tenths(v)
	}
	fineExp := float64(others) - e.Lost - e.Degraded
	rows := [][3]string{
		{fmt.Sprintf("%s others", count(others)), "now", fmt.Sprintf("odds, %s down", customer(s.Poisoned))},
		{"lost (none left)", count(s.Now.Lost), exp(e.Lost, true)},
		{"degraded (some)", count(s.Now.Degraded), exp(e.Degraded, e.DegradedKnown)},
		{"fine (all left)", count(s.Now.Healthy), exp(fineExp, e.DegradedKnown)},
	}
	labelW := 0
	for _, r := range rows {
		labelW = max(labelW, len([]rune(r[0])))
	}
	numW := max(len(rows[0][1]), len(count(others)))
	expW := len(rows[0][2])
	styles := []func(...string) string{p.th.Bold.Render, p.th.Bad.Render, p.th.Warn.Render, p.th.Good.Render}
	out := make([]string, 0, len(rows))
	for i, r := range rows {
		label := fmt.Sprintf("%-*s", labelW, r[0])
		if i > 0 {
			label = styles[i](label)
		} else {
			label = p.th.Bold.Render(label)
		}
		line := fmt.Sprintf("%s  %*s  %*s", label, numW, r[1], expW, r[2])
		if i == 0 {
			line = p.th.Bold.Render(ansi.Strip(line))
		}
		out = append(out, line)
	}
	if labelW+numW+expW+4 > iw {
		// Too narrow for the table: one line each, shortest words. The
		// table's headings go, so each line says what its two numbers
		// are: a count of the others now, and the odds' expectation.
		line := func(word string, now int, odds string) string {
			return fmt.Sprintf("%s %s of %s · odds %s", word, count(now), count(others), odds)
		}
		out = []string{
			p.th.Bad.Render(line("lost", s.Now.Lost, exp(e.Lost, true))),
			p.th.Warn.Render(line("some", s.Now.Degraded, exp(e.Degraded, e.DegradedKnown))),
			p.th.Good.Render(line("fine", s.Now.Healthy, exp(fineExp, e.DegradedKnown))),
		}
	}
	return out
}

// count writes a count with thousands separators.
func count(n int) string { return pane.Count(n) }

// customer names a customer by its number, "#9,999", as count writes a
// number: the header, the list, the legend and the counts all call it, so
// the view never writes one customer two ways ("#9,999" and "#9999").
func customer(c int) string { return "#" + count(c) }
