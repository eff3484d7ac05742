package chart

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/internal/grid"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
)

// Latency charts each endpoint's p50 and p99 over virtual time, on a
// logarithmic scale (a latency spans milliseconds to the timeout): per
// column, the exact percentiles of the answers decided in its stretch, as
// the client saw them, rejections (answered at once) included, which is
// how `breakerlab run` counts its percentiles too. The p99 is drawn with
// the endpoint's letter in capitals, the p50 in small letters, so the
// lines read without colour.
type Latency struct {
	th   *theme.Theme
	w, h int

	data  pane.Data
	key   viewKey
	dirty bool
	view  string

	// Percentiles of finished columns, kept between renders: a column's
	// answers never change once its last sample is in.
	cache latencyCache
}

type latencyCache struct {
	gen     uint64
	cols    int
	dur     time.Duration
	per     [][]colPct // [endpoint][column]
	scratch []uint32
}

// colPct is one column's percentiles, in µs; n is how many answers it
// holds, and done whether the column was complete when it was worked out.
type colPct struct {
	p50, p99 uint32
	n        int
	done     bool
}

// NewLatency makes an empty latency chart.
func NewLatency(th *theme.Theme) *Latency { return &Latency{th: th, dirty: true} }

// Init does nothing.
func (l *Latency) Init() tea.Cmd { return nil }

// Update takes pane.DataMsg; the chart has no keys.
func (l *Latency) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if d, ok := msg.(pane.DataMsg); ok {
		l.SetData(pane.Data(d))
	}
	return l, nil
}

// SetSize sets the chart's outer size, border included.
func (l *Latency) SetSize(w, h int) {
	if w != l.w || h != l.h {
		l.w, l.h, l.dirty = w, h, true
	}
}

// SetData takes a new snapshot; the chart redraws only when a new sample
// arrived, or the run or its faults changed: its columns take the answers
// of whole samples (the ones after the last are not drawn), and it reads
// no figure of the moment between two.
func (l *Latency) SetData(d pane.Data) {
	if d.Snap == nil {
		return
	}
	k := chartKey{gen: d.Gen, series: len(d.Snap.Endpoints), moment: d.Moment != nil}
	if len(d.Snap.Endpoints) > 0 {
		k.samples = len(d.Snap.Endpoints[0].Series)
	}
	l.data = d
	if l.key.update(k, nil, d.Faults) {
		l.dirty = true
	}
}

// View draws the chart, from the cache when nothing changed.
func (l *Latency) View() string {
	if l.dirty {
		l.view = strings.Join(l.render(), "\n")
		l.dirty = false
	}
	return l.view
}

// percentiles works out (or takes from the cache) each column's p50 and
// p99 for endpoint e.
func (l *Latency) percentiles(e int, ax timeAxis) []colPct {
	s := l.data.Snap
	c := &l.cache
	if c.gen != l.data.Gen || c.cols != ax.cols || c.dur != ax.dur || len(c.per) != len(s.Endpoints) {
		*c = latencyCache{gen: l.data.Gen, cols: ax.cols, dur: ax.dur, per: make([][]colPct, len(s.Endpoints)), scratch: c.scratch}
	}
	if c.per[e] == nil {
		c.per[e] = make([]colPct, ax.cols)
	}
	out := c.per[e]
	ep := &s.Endpoints[e]
	// at is where a sample's answers start in Latencies.
	at := 0
	b := 0
	for col := range ax.cols {
		lo, hi := ax.buckets(col)
		if lo >= len(ep.Series) {
			for i := col; i < ax.cols; i++ {
				out[i] = colPct{}
			}
			break
		}
		for ; b < lo; b++ {
			at += answers(&ep.Series[b])
		}
		end := min(hi, len(ep.Series))
		from := at
		for ; b < end; b++ {
			at += answers(&ep.Series[b])
		}
		done := hi <= len(ep.Series)
		if out[col].done && done {
			continue // the same run's column, complete then and now
		}
		if at > len(ep.Latencies) {
			// A snapshot without its latencies (a live run's, say).
			out[col] = colPct{}
			continue
		}
		out[col] = c.colPercentiles(ep.Latencies[from:at], done)
	}
	return out
}

// sortedUpTo is the most answers a column sorts to read its percentiles;
// a larger one has them selected by their digits (ranked). A run of a
// scenario file lasts up to 24 hours, at hundreds of answers a second: at
// 12 h of go-server, sorting every column's answers made the first draw
// of a run take 1.3 s of CPU at 200×60 (BenchmarkLatencyFirstDraw), and
// copying them into scratch held a column's worth between frames.
const sortedUpTo = 2048

// colPercentiles are the p50 and p99 of a column's answers, lat, exactly
// the values at their nearest ranks among lat sorted.
func (c *latencyCache) colPercentiles(lat []uint32, done bool) colPct {
	p := colPct{n: len(lat), done: done}
	switch {
	case p.n == 0:
	case p.n <= sortedUpTo:
		c.scratch = append(c.scratch[:0], lat...)
		slices.Sort(c.scratch)
		p.p50 = c.scratch[rank(0.50, p.n)]
		p.p99 = c.scratch[rank(0.99, p.n)]
	default:
		v := ranked(lat, [2]int{rank(0.50, p.n), rank(0.99, p.n)})
		p.p50, p.p99 = v[0], v[1]
	}
	return p
}

// rankDigits are the digits ranked reads a value in, from the top: 11, 11
// and 10 bits of its 32, each counted in a table small enough for the
// stack.
var rankDigits = [...]struct{ shift, bits uint }{{21, 11}, {10, 11}, {0, 10}}

// ranked is, for each of ks, the value at that index among vs sorted,
// found without sorting or copying vs: a pass a digit counts the values
// that share the digits found so far by their next digit, and the count
// says which digit holds the index. Three passes over vs, where a sort
// of a column of 45,000 answers reads them some sixteen times.
func ranked(vs []uint32, ks [2]int) [2]uint32 {
	var found [2]uint32 // each index's value, its digits found so far
	var known uint32    // the bits found so far: the same for both
	for _, d := range rankDigits {
		var counts [2][1 << 11]int
		digit := uint32(1)<<d.bits - 1
		for _, v := range vs {
			if v&known == found[0] {
				counts[0][v>>d.shift&digit]++
			}
			if v&known == found[1] {
				counts[1][v>>d.shift&digit]++
			}
		}
		for i := range ks {
			for x, n := range counts[i][:digit+1] {
				if ks[i] < n {
					found[i] |= uint32(x) << d.shift
					break
				}
				ks[i] -= n
			}
		}
		known |= digit << d.shift
	}
	return found
}

// rank is the nearest-rank percentile's index among n sorted values.
func rank(q float64, n int) int {
	return min(max(int(math.Ceil(q*float64(n)))-1, 0), n-1)
}

func answers(s *engine.EndpointSample) int {
	n := 0
	for _, k := range s.Outcomes {
		n += int(k)
	}
	return n
}

// Recorded reports whether the data carries latencies at all (a live
// run's snapshots may not).
func (l *Latency) Recorded() bool {
	if l.data.Snap == nil {
		return false
	}
	for e := range l.data.Snap.Endpoints {
		if len(l.data.Snap.Endpoints[e].Latencies) > 0 {
			return true
		}
	}
	return false
}

// Ink classes of the latency chart, after the shared ones.
const (
	clGrid  = clFirstData
	clP99   = clFirstData + 1 // + endpoint
	clP50Of = 64              // p50 classes start here: + endpoint
)

// decadeLabel writes a power of ten of microseconds: "100µs", "1ms", "10s".
func decadeLabel(us float64) string {
	switch {
	case us < 1000:
		return fmt.Sprintf("%.0fµs", us)
	case us < 1e6:
		return fmt.Sprintf("%.0fms", us/1e3)
	}
	return fmt.Sprintf("%.0fs", us/1e6)
}

// latLabelW is the width of the y labels: "100ms", and "≤100µs" at the
// bottom, where the answers faster than the scale (a rejection, a cached
// fallback: 0 µs) are drawn.
const latLabelW = 6

func (l *Latency) render() []string {
	s := l.data.Snap
	title := "Latency per endpoint, p50 and p99"
	if s == nil || len(s.Endpoints) == 0 || l.w < 16 || l.h < 6 {
		return pane.Frame(l.th, l.w, l.h, title, "", nil)
	}
	iw, ih := l.w-2, l.h-2
	cols := iw - latLabelW - 1
	if cols < 8 {
		return pane.Frame(l.th, l.w, l.h, title, "", []string{"(too narrow)"})
	}
	names := pane.EndpointNames(s)
	letters := pane.Letters(names)
	legend := l.legend(names, letters, iw)
	if len(legend) > 1 && ih-len(legend)-2 < 4 {
		// One line, every endpoint on it: the legend's first line alone
		// named only the endpoints packed on it.
		legend = []string{l.shortLegend(names, letters, iw)}
	}
	// axisH is the time axis's rows: its line, and its labels under it.
	axisH := 2
	rows := ih - len(legend) - axisH
	if rows < 3 && len(names) > 1 && rows+1 >= 3 {
		// Lines of several endpoints read only with their letters named:
		// the legend takes the time labels' row (the player's status
		// line says the time), where it was dropped at 80×24.
		axisH, rows = 1, rows+1
	} else if rows < 3 {
		legend, axisH, rows = nil, 2, ih-2
	}
	ax := newTimeAxis(s.Duration, s.SampleEvery, cols)
	pcts := make([][]colPct, len(s.Endpoints))
	var lo, hi uint32 = math.MaxUint32, 0
	for e := range s.Endpoints {
		pcts[e] = l.percentiles(e, ax)
		for _, p := range pcts[e] {
			if p.n == 0 {
				continue
			}
			if p.p50 > 0 {
				lo = min(lo, p.p50)
			}
			hi = max(hi, p.p99)
		}
	}
	// The scale runs from the decade below the smallest p50 above zero to
	// the decade above the largest p99: at least one decade, at least 1 ms.
	loExp, hiExp := 3.0, 3.0
	if hi > 0 {
		hiExp = math.Ceil(math.Log10(float64(hi)))
	}
	if lo != math.MaxUint32 && lo > 0 {
		loExp = math.Floor(math.Log10(float64(lo)))
	}
	loExp = max(min(loExp, hiExp-1), 1)
	hiExp = max(hiExp, loExp+1)
	row := func(us uint32) int {
		f := 0.0
		if us > 0 {
			f = (math.Log10(float64(us)) - loExp) / (hiExp - loExp)
		}
		f = min(max(f, 0), 1)
		return rows - 1 - int(math.Round(f*float64(rows-1)))
	}
	g := grid.New(iw, rows+axisH)
	g.VLine(latLabelW, 0, rows-1, '│', clAxis)
	// Label the decades that get a row of their own, the top and the
	// bottom first.
	used := map[int]bool{}
	for _, e := range []float64{hiExp, loExp} {
		y := row(uint32(math.Pow(10, e)))
		used[y] = true
		l.yLabel(g, y, e, e == loExp)
	}
	for e := loExp + 1; e < hiExp; e++ {
		y := row(uint32(math.Pow(10, e)))
		if !used[y] && !used[y-1] && !used[y+1] {
			used[y] = true
			l.yLabel(g, y, e, false)
		}
	}
	l.plotLines(g, pcts, letters, rows, cols, row)
	drawTimeAxis(g, latLabelW, rows, cols, ax, l.data.Faults)
	inks := make([]theme.Ink, clP50Of+len(s.Endpoints))
	inks[clAxis], inks[clLabel], inks[clFault] = theme.InkOf(l.th.Border), theme.InkOf(l.th.Dim), theme.InkOf(l.th.Bad.Bold(true))
	for e := range s.Endpoints {
		inks[clP99+grid.Class(e)] = theme.InkOf(l.th.Series(e).Bold(true))
		inks[clP50Of+e] = theme.InkOf(l.th.Series(e))
	}
	body := append(g.Lines(inks), legend...)
	t, note := pane.Titled(l.w, []string{title, "Latency, p50 and p99", "Latency"}, []string{"log scale", ""})
	return pane.Frame(l.th, l.w, l.h, t, note, body)
}

// plotLines draws each endpoint's p50 and p99. Where endpoints' lines meet
// in a cell, the cells of that stretch take turns by column among them,
// so no line lies hidden under another: at 80×24 a plot has four rows, a
// decade or more each, and lesson 6's checkout, drawn after health,
// covered health's climb to 1 s from 2 s to 4.5 s. An endpoint's own p99
// covers its p50 in a shared cell (the capital says the slower of the
// two, and the p50 shows where they part).
func (l *Latency) plotLines(g *grid.Grid, pcts [][]colPct, letters []rune, rows, cols int, row func(uint32) int) {
	// claims counts the endpoints with a point in each cell, and turn the
	// ones drawn there so far.
	claims := make([]uint16, rows*cols)
	turn := make([]uint16, rows*cols)
	for e := range pcts {
		for col, p := range pcts[e] {
			if p.n == 0 {
				continue
			}
			y50, y99 := row(p.p50), row(p.p99)
			claims[y99*cols+col]++
			if y50 != y99 {
				claims[y50*cols+col]++
			}
		}
	}
	x0 := latLabelW + 1
	put := func(col, y int, r rune, cl grid.Class) {
		i := y*cols + col
		k, nth := claims[i], turn[i]
		turn[i]++
		if k <= 1 || uint16(col)%k == nth {
			g.Set(x0+col, y, r, cl)
		}
	}
	for e := range pcts {
		low := []rune(strings.ToLower(string(letters[e])))[0]
		up := []rune(strings.ToUpper(string(letters[e])))[0]
		for col, p := range pcts[e] {
			if p.n == 0 {
				continue
			}
			y50, y99 := row(p.p50), row(p.p99)
			if y50 != y99 {
				put(col, y50, low, clP50Of+grid.Class(e))
			}
			put(col, y99, up, clP99+grid.Class(e))
		}
	}
}

func (l *Latency) yLabel(g *grid.Grid, y int, exp float64, floor bool) {
	s := decadeLabel(math.Pow(10, exp))
	if floor {
		s = "≤" + s
	}
	g.Text(latLabelW-len([]rune(s)), y, s, clLabel)
	g.Set(latLabelW, y, '┤', clAxis)
}

// legend names each endpoint's letters and says which is which, and the
// fault's span, packed on as few lines as fit.
func (l *Latency) legend(names []string, letters []rune, iw int) []string {
	plain := l.legendPlain(names, letters, iw)
	items := make([]string, 0, len(plain))
	for i, n := range names {
		up, low := strings.ToUpper(string(letters[i])), string(letters[i])
		items = append(items, l.th.Series(i).Bold(true).Render(up)+l.th.Series(i).Render(low)+" "+n)
	}
	if len(plain) > len(items) && legendWords(iw) != "" {
		items = append(items, l.th.Dim.Render(legendWords(iw)))
	}
	if len(plain) > len(items) {
		items = append(items, faultLegend(l.th, &l.data, iw))
	}
	starts := latencyLegendStarts(plain, iw)
	lines := make([]string, 0, len(starts))
	for li, from := range starts {
		to := len(items)
		if li+1 < len(starts) {
			to = starts[li+1]
		}
		lines = append(lines, strings.Join(items[from:to], "  "))
	}
	return lines
}

// shortLegend is the legend on one line of iw: each endpoint's letters
// and name, the names cut shorter, to three runes, and then the p50's
// letter dropped and the names cut further, until it fits; the
// percentiles' words and the fault's span go first.
func (l *Latency) shortLegend(names []string, letters []rune, iw int) string {
	longest := 0
	for _, n := range names {
		longest = max(longest, len([]rune(n)))
	}
	// A name cut below three runes says less than the p50's letter: that
	// goes first.
	for _, both := range []bool{true, false} {
		least := 1
		if both {
			least = min(3, longest)
		}
		for keep := longest; keep >= least; keep-- {
			if w := shortLegendWidth(names, keep, both); w <= iw || (!both && keep == 1) {
				return l.shortLegendStyled(names, letters, keep, both)
			}
		}
	}
	return ""
}

// shortLegendWidth is the width of the short legend with names cut to
// keep runes (an ellipsis the last of them), with the p50's letter or
// without.
func shortLegendWidth(names []string, keep int, both bool) int {
	w := 0
	for i, n := range names {
		if i > 0 {
			w += 2
		}
		w += 2 + min(len([]rune(n)), keep)
		if both {
			w++
		}
	}
	return w
}

func (l *Latency) shortLegendStyled(names []string, letters []rune, keep int, both bool) string {
	items := make([]string, 0, len(names))
	for i, n := range names {
		if r := []rune(n); len(r) > keep {
			n = string(r[:keep-1]) + "…"
		}
		item := l.th.Series(i).Bold(true).Render(strings.ToUpper(string(letters[i])))
		if both {
			item += l.th.Series(i).Render(string(letters[i]))
		}
		items = append(items, item+" "+n)
	}
	return strings.Join(items, "  ")
}

// legendPlain is the legend's items as the reader sees them, unstyled: the
// width each takes, which is all the packing and the chart's height need.
func (l *Latency) legendPlain(names []string, letters []rune, iw int) []string {
	plain := make([]string, 0, len(names)+2)
	for i, n := range names {
		plain = append(plain, strings.ToUpper(string(letters[i]))+string(letters[i])+" "+n)
	}
	if words := legendWords(iw); words != "" {
		plain = append(plain, words)
	}
	if f := faultLegendPlain(&l.data, iw); f != "" {
		plain = append(plain, f)
	}
	return plain
}

// legendWords says which letter is which percentile in the words that fit
// iw, or is "" where neither does.
func legendWords(iw int) string {
	for _, words := range []string{"capitals p99, small letters p50", "capital p99, small p50"} {
		if len([]rune(words)) <= iw {
			return words
		}
	}
	return ""
}

// latencyLegendStarts packs the items, two spaces apart, on as few lines of iw
// as fit, and returns the index of each line's first item.
func latencyLegendStarts(plain []string, iw int) []int {
	var starts []int
	w := 0
	for i, p := range plain {
		pw := len([]rune(p))
		if w > 0 && w+2+pw > iw {
			w = 0
		}
		if w == 0 {
			starts = append(starts, i)
		} else {
			w += 2
		}
		w += pw
	}
	return starts
}

// LatencyHeight is the height the chart wants for rows plot rows at width w.
func (l *Latency) LatencyHeight(w, rows int) int {
	s := l.data.Snap
	if s == nil {
		return 2
	}
	names := pane.EndpointNames(s)
	// The legend's lines are counted from its plain words: styling them
	// costs more than the rest of the layout.
	return 2 + rows + 2 + len(latencyLegendStarts(l.legendPlain(names, pane.Letters(names), w-2), w-2))
}
