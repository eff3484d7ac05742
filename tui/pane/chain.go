package pane

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Chain draws a chain of services calling services, one row per hop,
// outermost first: the front service (the one clients reach), then every
// service it reaches in the snapshot's order, indented by its depth, then
// the leaf dependency the last hop calls. Each row has the hop's worker
// pool (summed over a fleet's instances, "×N" after its name), its accept
// queue, the breaker on its call to the next hop (a fleet's instances
// counted by state), the calls in flight on that edge and, where there is
// room, since when its pool has been full: a cascade reads from the bottom
// up, each hop filling a little after the one it calls. A footer totals
// the work cancellation saved and the work done for nobody.
//
// With room for it (a tall pane, as at 200×60), each hop gets a second
// line: its busy workers over time as a sparkline and how the calls it
// received were answered, as report.Tally shares.
type Chain struct {
	th   *theme.Theme
	w, h int

	cur   chainView
	dirty bool
	view  string

	// feet is the footer's measure last taken: a lesson asks the chain's
	// least and most height at every tick, and wrapping its three
	// wordings again each time was most of what asking cost.
	feet footMeasure
}

// footMeasure is the footer's height at a width, in its shortest words
// (short) and in the longest that fit one line (fit), for the totals it
// was taken from: the footer reads nothing else (footers), so while they
// and the width hold, so do the heights.
type footMeasure struct {
	totals     chainTotals
	w          int
	short, fit int
	ok         bool
}

// footHeights is the footer's measure at width w, taken again when the
// totals or the width differ from the last one's.
func (c *Chain) footHeights(w int) footMeasure {
	if !c.feet.ok || c.feet.w != w || c.feet.totals != c.cur.totals {
		fs := c.footers()
		c.feet = footMeasure{
			totals: c.cur.totals, w: w, ok: true,
			// The shortest wording wrapped, as it was drawn once: the
			// figures set in rows (footer) never take more lines, and a
			// measure that moved with the counts would make a layout kept
			// all run depend on the moment it was made.
			short: len(Wrap(fs[len(fs)-1], max(w-2, 1))),
			fit:   len(c.footer(w-2, 1)),
		}
	}
	return c.feet
}

// chainView is what the pane draws, compared to skip redraws.
type chainView struct {
	gen    uint64
	moment MomentFunc // a long run's times (Data.Moment)
	every  time.Duration
	hops   []chainHop
	// frontEdges are the front's edges into the next hop, each with its
	// breaker: the one hop that may call the next on several.
	frontEdges []chainEdge
	// The busy series the sparklines draw: the front's endpoints', then
	// each service's (shared with the snapshot, never copied).
	front   [][]engine.EndpointSample
	svcs    [][]engine.ServiceSample
	totals  chainTotals
	present bool // the snapshot has services
}

// chainTotals are the footer's sums over every hop and edge.
type chainTotals struct {
	cancelled, abandoned, expired, deadline uint64
	// deadlineTimeouts: attempts that timed out at the propagated
	// deadline (DependencySnapshot.DeadlineTimeouts).
	deadlineTimeouts uint64
	wasted           time.Duration
}

// chainHop is one row.
type chainHop struct {
	name      string
	depth     int
	instances int
	leaf      bool   // a leaf dependency, not a service
	fault     string // the leaf's fault in force, in words
	faultFrom time.Duration

	busy, workers, queued int
	// down counts the instances under a fault (down, hung, slow,
	// failing); downWord says which, or "faulty" when they differ.
	down     int
	downWord string
	tasks    bool // a tasks server: busy counts live tasks, and there are no workers

	// edge names the dependency it calls ("" none); the front's, where
	// several of its endpoints call the next hop each on an edge of its
	// own, names them all ("search-catalog + partner-catalog"), and
	// chainView.frontEdges lists them with their breakers.
	edge      string
	edges     int // the edges edge names
	hasEdge   bool
	breakers  int                            // instances (or the front's edges) with a breaker on the edge
	states    [breaker.MetricsOnly + 1]int16 // those breakers by state
	inFlight  int                            // calls in flight on the edge, or on the front's edges together
	fullSince time.Duration                  // -1: not full

	tally report.Tally
}

// faultWords says how many of the hop's instances are under a fault:
// down counts instances, not requests, so a lone instance's count
// ("inventory 1 failing") read as one request failing; it gets the
// state alone, and several get the count out of how many
// ("2 of 3 down").
func (h chainHop) faultWords() string {
	if h.instances <= 1 {
		return h.downWord
	}
	return fmt.Sprintf("%d of %d %s", h.down, h.instances, h.downWord)
}

// chainEdge is one of a hop's edges into the next hop and its breaker.
type chainEdge struct {
	name string
	has  bool // a breaker on the edge
	st   breaker.State
}

// NewChain makes an empty chain pane.
func NewChain(th *theme.Theme) *Chain { return &Chain{th: th, dirty: true} }

// Init does nothing: the pane waits for data.
func (c *Chain) Init() tea.Cmd { return nil }

// Update takes DataMsg; the chain has no keys.
func (c *Chain) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if d, ok := msg.(DataMsg); ok {
		c.SetData(Data(d))
	}
	return c, nil
}

// SetSize sets the pane's outer size, border included.
func (c *Chain) SetSize(w, h int) {
	if w != c.w || h != c.h {
		c.w, c.h, c.dirty = w, h, true
	}
}

// MinHeight is the least height at width w showing every hop on a line
// of its own, the column heads and the footer in its shortest words.
func (c *Chain) MinHeight(w int) int {
	return 2 + 1 + len(c.cur.hops) + c.footHeights(w).short
}

// Needs is the height at width w with every hop on a line of its own and
// the footer in the longest words that fit one line (its shortest, wrapped,
// when none does).
func (c *Chain) Needs(w int) int {
	return max(2+1+len(c.cur.hops)+c.footHeights(w).fit, c.MinHeight(w))
}

// Max is the height at width w with a second line for each service (its
// busy sparkline and its answers).
func (c *Chain) Max(w int) int { return c.Needs(w) + c.services() }

// services counts the hops that are services (the front included).
func (c *Chain) services() int {
	n := 0
	for _, h := range c.cur.hops {
		if !h.leaf {
			n++
		}
	}
	return n
}

// SetData takes a new snapshot; the pane redraws only if what it shows changed.
func (c *Chain) SetData(d Data) {
	s := d.Snap
	if s == nil {
		return
	}
	v := chainView{gen: d.Gen, moment: d.Moment, every: s.SampleEvery, present: len(s.Services) > 0}
	v.hops, v.frontEdges = chainHops(s)
	v.front = v.front[:0]
	for i := range s.Endpoints {
		v.front = append(v.front, s.Endpoints[i].Series)
	}
	for i := range s.Services {
		v.svcs = append(v.svcs, s.Services[i].Series)
	}
	v.totals = chainTotalsOf(s)
	if v.sameAs(&c.cur) {
		return
	}
	c.cur, c.dirty = v, true
}

func (v *chainView) sameAs(o *chainView) bool {
	if v.gen != o.gen || (v.moment == nil) != (o.moment == nil) || v.every != o.every || v.present != o.present || v.totals != o.totals ||
		!slices.Equal(v.hops, o.hops) || !slices.Equal(v.frontEdges, o.frontEdges) || len(v.front) != len(o.front) || len(v.svcs) != len(o.svcs) {
		return false
	}
	for i := range v.front {
		if len(v.front[i]) != len(o.front[i]) {
			return false
		}
	}
	for i := range v.svcs {
		if len(v.svcs[i]) != len(o.svcs[i]) {
			return false
		}
	}
	return true
}

// chainHops reads the rows from the snapshot: the front from its own
// fields, then each service, then the leaf the last service calls.
func chainHops(s *engine.Snapshot) ([]chainHop, []chainEdge) {
	front := chainHop{name: "front", instances: 1, busy: s.Busy, workers: s.Workers, queued: s.Queued, fullSince: -1, tasks: s.Tasks != nil}
	var tally report.Tally
	for i := range s.Endpoints {
		tally = tally.Add(report.RunTally(&s.Endpoints[i]))
	}
	front.tally = tally
	// The front's edges are every one into the first service it calls:
	// each of its endpoints may reach that service on an edge of its own
	// (rate-limit-vs-bulkhead's search and partner), and a front worker
	// waits on any of them, so the calls in flight are all theirs. Without
	// services, the edge is the first dependency an endpoint calls.
	var edges []int
	for i := range s.Dependencies {
		if len(s.Services) > 0 && s.Dependencies[i].Service == s.Services[0].Name {
			edges = append(edges, i)
		}
	}
	if len(edges) == 0 {
		for j := range s.Endpoints {
			if _, i := depIndex(s.Dependencies, s.Endpoints[j].Calls); i >= 0 {
				edges = append(edges, i)
				break
			}
		}
	}
	var frontEdges []chainEdge
	for _, i := range edges {
		dep := &s.Dependencies[i]
		front.addEdge(dep)
		e := chainEdge{name: dep.Name}
		if dep.Breaker != nil {
			front.breakers++
			front.states[dep.Breaker.State]++
			e.has, e.st = true, dep.Breaker.State
		}
		frontEdges = append(frontEdges, e)
	}
	// The front's busy workers over time: its endpoints' summed.
	n, frontBusy := frontSeries(s.Endpoints)
	front.fullSince = fullSince(n, frontBusy, front.busy, front.workers, s.SampleEvery)
	hops := make([]chainHop, 0, len(s.Services)+2)
	hops = append(hops, front)
	for i := range s.Services {
		sv := &s.Services[i]
		n := max(len(sv.Instances), 1)
		h := chainHop{name: sv.Name, depth: max(sv.Depth, 1), instances: n, busy: sv.Busy, workers: sv.Workers * n,
			queued: sv.Queued, fullSince: -1, tally: report.Tally{Arrived: sv.Arrived, Outcomes: sv.Answered}}
		for k := range sv.Instances {
			if st := sv.Instances[k].State; st != engine.InstanceUp {
				h.down++
				switch {
				case h.downWord == "":
					h.downWord = st.String()
				case h.downWord != st.String():
					h.downWord = "faulty"
				}
			}
		}
		if dep, e := depIndex(sv.Dependencies, sv.Calls); e >= 0 {
			h.setEdge(dep)
			if len(sv.Instances) == 0 && dep.Breaker != nil {
				h.breakers = 1
				h.states[dep.Breaker.State]++
			}
			for k := range sv.Instances {
				if bs := sv.Instances[k].Breakers; e < len(bs) && bs[e] != nil {
					h.breakers++
					h.states[bs[e].State]++
				}
			}
		}
		h.fullSince = fullSince(len(sv.Series), func(k int) int32 { return sv.Series[k].Busy }, h.busy, h.workers, s.SampleEvery)
		hops = append(hops, h)
	}
	// The leaf the last hop calls, with its fault: where a cascade starts.
	last := hops[len(hops)-1]
	deps := s.Dependencies
	if len(s.Services) > 0 {
		deps = s.Services[len(s.Services)-1].Dependencies
	}
	if dep, i := depIndex(deps, last.edge); i >= 0 && dep.Service == "" {
		leaf := chainHop{name: dep.Name, depth: last.depth + 1, leaf: true, fullSince: -1}
		if f := dep.Fault; f != nil {
			leaf.fault, leaf.faultFrom = faultWords(f), f.From
		}
		hops = append(hops, leaf)
	}
	return hops, frontEdges
}

// frontSeries is the length of the front's series and its busy workers
// at sample k: its endpoints' summed.
func frontSeries(eps []engine.EndpointSnapshot) (int, func(k int) int32) {
	if len(eps) == 0 {
		return 0, nil
	}
	n := len(eps[0].Series)
	for i := range eps {
		n = min(n, len(eps[i].Series))
	}
	return n, func(k int) int32 {
		var b int32
		for i := range eps {
			b += eps[i].Series[k].Busy
		}
		return b
	}
}

func (h *chainHop) setEdge(dep *engine.DependencySnapshot) {
	h.edge, h.hasEdge, h.inFlight, h.edges = dep.Name, true, dep.InFlight, 1
}

// addEdge adds one more edge into the next hop: the front's, one per
// endpoint that calls it. The calls in flight are summed.
func (h *chainHop) addEdge(dep *engine.DependencySnapshot) {
	if !h.hasEdge {
		h.setEdge(dep)
		return
	}
	h.edge += " + " + dep.Name
	h.inFlight += dep.InFlight
	h.edges++
}

// depIndex finds a dependency by name.
func depIndex(deps []engine.DependencySnapshot, name string) (*engine.DependencySnapshot, int) {
	if name == "" {
		return nil, -1
	}
	for i := range deps {
		if deps[i].Name == name {
			return &deps[i], i
		}
	}
	return nil, -1
}

// fullSince is when a pool full now filled: the end of the first sample
// of the run of full samples that reaches the present (now, when the
// samples have not caught it full yet); -1 when it is not full.
func fullSince(n int, busyAt func(k int) int32, busy, workers int, every time.Duration) time.Duration {
	if workers <= 0 || busy < workers || every <= 0 {
		return -1
	}
	i := n
	for i > 0 && int(busyAt(i-1)) >= workers {
		i--
	}
	if i == n {
		return 0 // full only since the last sample: "now"
	}
	return time.Duration(i+1) * every
}

// faultWords says what a leaf's fault does: "slow 3 s", "hangs", "errors
// 50%", "unreachable" (Kind.String's word, past the switch).
func faultWords(f *engine.Fault) string {
	switch f.Kind {
	case engine.Hang:
		return "hangs"
	case engine.Slow:
		return "slow " + SecondsShort(f.Latency)
	case engine.Error:
		return "errors " + Percent(f.Probability)
	}
	return f.Kind.String()
}

// chainTotalsOf sums the footer's counts over the services and every edge.
// Cancelled counts the calls a cancellation stopped: a service's, and a
// leaf dependency's (a database's queries, counted on the edge).
func chainTotalsOf(s *engine.Snapshot) chainTotals {
	var t chainTotals
	edge := func(d *engine.DependencySnapshot) {
		t.deadline += d.DeadlineExceeded
		t.deadlineTimeouts += d.DeadlineTimeouts
		t.cancelled += d.Cancelled
	}
	for i := range s.Dependencies {
		edge(&s.Dependencies[i])
	}
	for i := range s.Services {
		sv := &s.Services[i]
		t.cancelled += sv.Cancelled
		t.abandoned += sv.AbandonedWork
		t.expired += sv.ExpiredInQueue
		t.wasted += sv.WastedWork
		for j := range sv.Dependencies {
			edge(&sv.Dependencies[j])
		}
	}
	return t
}

// notSentLabel names the count of engine.DependencySnapshot.DeadlineExceeded
// at every width: attempts a hop never sent because the propagated
// deadline had run out, which `breakerlab run` prints as "not sent: the
// deadline had run out". It is not the requests that failed on a deadline:
// a call cut short by the time left is a timeout, counted as failed (the
// hop's "calls" line), so "deadline exceeded 0" beside 94 % of order
// pages failing read as a contradiction.
const notSentLabel = "unsent past deadline"

// cutLabel names the count of engine.DependencySnapshot.DeadlineTimeouts
// at every width, beside notSentLabel: attempts that were sent with their
// timeout cut to what was left of the propagated deadline, and timed out
// at it (`breakerlab run`: "timed out at the propagated deadline"). These
// are the requests that fail on a deadline.
const cutLabel = "timed out at deadline"

// footers are the totals line's wordings, longest first.
func (c *Chain) footers() []string {
	t := c.cur.totals
	long := fmt.Sprintf("cancelled %s · abandoned work %s", Count(t.cancelled), Count(t.abandoned))
	if t.wasted > 0 {
		long += fmt.Sprintf(" (%s of workers' time)", Seconds(t.wasted))
	}
	deadlines := fmt.Sprintf("%s %s · %s %s", notSentLabel, Count(t.deadline), cutLabel, Count(t.deadlineTimeouts))
	long += fmt.Sprintf(" · expired in queue %s · %s", Count(t.expired), deadlines)
	out := []string{long,
		fmt.Sprintf("cancelled %s · abandoned work %s · expired in queue %s · %s",
			Count(t.cancelled), Count(t.abandoned), Count(t.expired), deadlines),
		fmt.Sprintf("cancelled %s · abandoned %s · expired %s · %s",
			Count(t.cancelled), Count(t.abandoned), Count(t.expired), deadlines),
	}
	for i := range out {
		out[i] = keepLabels(out[i])
	}
	return out
}

// keepLabels holds each "label count" of a footer on one line when Wrap
// breaks it ("expired" / "in queue 0" reads as two things); only the
// spaces around " · " and inside a note in brackets may break.
func keepLabels(f string) string {
	parts := strings.Split(f, " · ")
	for i, p := range parts {
		head, note, ok := strings.Cut(p, " (")
		head = strings.ReplaceAll(head, " ", nbsp)
		if ok {
			head += " (" + note
		}
		parts[i] = head
	}
	return strings.Join(parts, " · ")
}

// footer is the totals in at most lines lines of w cells: the longest
// wording that fits on one line, else the figures set in rows, whole, as
// many as fit each row. A wording wrapped to the lines left broke between
// its figures, its lines ending "·" as if cut ("cancelled 0 · abandoned
// 0 · expired 0 ·" / "unsent past deadline 0 ·" / ...). Where the rows
// are more than the lines, figures give way, marked "…": a zero first, as
// it says least, then expired in queue, unsent past deadline, abandoned
// work and cancelled; timed out at deadline, the requests that fail on a
// deadline, goes last. Only a figure wider than the line wraps.
func (c *Chain) footer(w, lines int) []string {
	w = max(w, 1)
	fs := c.footers()
	for _, f := range fs {
		if ansi.StringWidth(f) <= w {
			return []string{c.th.Dim.Render(strings.ReplaceAll(f, nbsp, " "))}
		}
	}
	t := c.cur.totals
	abandoned := "abandoned " + Count(t.abandoned)
	// The workers' time wasted, where the rows have room for it: wrapped,
	// its last word alone ("time)") read as a figure of its own.
	note := ""
	if t.wasted > 0 {
		note = " (" + Seconds(t.wasted) + " of workers' time)"
	}
	figs := [...]struct {
		text string
		zero bool
	}{
		{"cancelled " + Count(t.cancelled), t.cancelled == 0},
		{abandoned + note, t.abandoned == 0},
		{"expired " + Count(t.expired), t.expired == 0},
		{notSentLabel + " " + Count(t.deadline), t.deadline == 0},
		{cutLabel + " " + Count(t.deadlineTimeouts), t.deadlineTimeouts == 0},
	}
	// With a line for each figure, each takes one, in the longer words
	// the one-line wordings use: a list that fills the pane's rows, where
	// rows packed left some blank.
	if lines >= len(figs) {
		long := [...]string{
			"cancelled " + Count(t.cancelled), "abandoned work " + Count(t.abandoned) + note,
			"expired in queue " + Count(t.expired), figs[3].text, figs[4].text,
		}
		// The wasted time outranks the word "work".
		for _, a := range []string{"abandoned " + Count(t.abandoned) + note, "abandoned work " + Count(t.abandoned)} {
			if ansi.StringWidth(long[1]) > w {
				long[1] = a
			}
		}
		rows := make([]string, 0, len(long))
		for _, l := range long {
			if ansi.StringWidth(l) > w {
				rows = nil
				break
			}
			rows = append(rows, c.th.Dim.Render(l))
		}
		if rows != nil {
			return rows
		}
	}
	least := [...]int{2, 3, 1, 0, 4}
	var order []int
	for _, zero := range []bool{true, false} {
		for _, k := range least {
			if figs[k].zero == zero {
				order = append(order, k)
			}
		}
	}
	var dropped [len(figs)]bool
	for step := 0; ; step++ {
		var parts []string
		for i, f := range figs {
			if !dropped[i] {
				parts = append(parts, f.text)
			}
		}
		if step > 0 {
			parts = append(parts, "…")
		}
		rows := packFigures(parts, w)
		if note != "" && (len(rows) > lines || ansi.StringWidth(figs[1].text) > w) {
			note, figs[1].text = "", abandoned
			step-- // the same figures, without the note
			continue
		}
		if len(rows) <= lines || step == len(order)-1 {
			for i, r := range rows {
				rows[i] = c.th.Dim.Render(r)
			}
			return rows
		}
		dropped[order[step]] = true
	}
}

// PackWhole sets parts in rows of at most w cells, as many whole to a row
// as fit, in order, joined by sep; a part wider than w stands on a row of
// its own, for the caller to wrap. Every part is one line.
func PackWhole(parts []string, sep string, w int) []string {
	var rows []string
	row, sepW := "", ansi.StringWidth(sep)
	for _, p := range parts {
		switch {
		case row == "":
			row = p
		case ansi.StringWidth(row)+sepW+ansi.StringWidth(p) <= w:
			row += sep + p
		default:
			rows = append(rows, row)
			row = p
		}
	}
	return append(rows, row)
}

// packFigures sets parts in rows of at most w cells, as many whole to a
// row as fit, joined by " · "; a part wider than w wraps alone, its label
// held to its count (keepLabels).
func packFigures(parts []string, w int) []string {
	rows := PackWhole(parts, " · ", w)
	out := rows[:0:0]
	for _, r := range rows {
		if ansi.StringWidth(r) > w {
			out = append(out, Wrap(keepLabels(r), w)...)
			continue
		}
		out = append(out, r)
	}
	return out
}

// View draws the pane, from the cache when nothing changed.
func (c *Chain) View() string {
	if c.dirty {
		c.view = strings.Join(c.render(), "\n")
		c.dirty = false
	}
	return c.view
}

// stateOrder lists breaker states worst first: what a fleet's edge names first.
var stateOrder = []breaker.State{breaker.Open, breaker.ForcedOpen, breaker.HalfOpen, breaker.Closed, breaker.MetricsOnly, breaker.Disabled}

// stateWord is a breaker state with its band glyph: the word always
// beside the symbol, so colour is never the only sign.
func stateWord(th *theme.Theme, st breaker.State, n int) cell {
	s := string(BandGlyph(st)) + " " + st.String()
	if n > 0 {
		s = fmt.Sprintf("%c %d %s", BandGlyph(st), n, st)
	}
	return cell{th.State(st).Render(s), ansi.StringWidth(s)}
}

// edgeCells are the wordings of a hop's edge, longest first.
func (c *Chain) edgeCells(h chainHop) []cell {
	th := c.th
	if !h.hasEdge {
		return []cell{dimCell(th, "calls none")}
	}
	if h.breakers == 0 {
		return []cell{plainCell(h.edge + ", no breaker"), dimCell(th, "no breaker")}
	}
	if h.edges > 1 {
		return c.edgesCells(h, c.cur.frontEdges)
	}
	if h.instances <= 1 && h.breakers == 1 {
		for _, st := range stateOrder {
			if h.states[st] > 0 {
				sw := stateWord(th, st, 0)
				return []cell{joinCells(plainCell(h.edge), sw), sw}
			}
		}
	}
	var all []cell
	worst := -1
	for _, st := range stateOrder {
		if n := h.states[st]; n > 0 {
			all = append(all, stateWord(th, st, int(n)))
			if worst < 0 {
				worst = int(st)
			}
		}
	}
	every := joinCells(all...)
	out := []cell{joinCells(plainCell(h.edge), every), every}
	if len(all) > 1 {
		st := breaker.State(worst)
		s := fmt.Sprintf("%c %d of %d %s", BandGlyph(st), h.states[st], h.breakers, st)
		out = append(out, cell{th.State(st).Render(s), ansi.StringWidth(s)})
	}
	return out
}

// edgesCells are the wordings of the front's several edges into the next
// hop when one has a breaker, longest first: each edge with its own
// breaker's state, so that the edge without one is not read as having
// it; then the breakers counted by state, as a fleet's are, and the edges
// without one; then the worst state of how many.
func (c *Chain) edgesCells(h chainHop, edges []chainEdge) []cell {
	th := c.th
	var each []cell
	for i, e := range edges {
		name := plainCell(e.name)
		if i > 0 {
			name = plainCell("· " + e.name)
		}
		if e.has {
			each = append(each, joinCells(name, stateWord(th, e.st, 0)))
		} else {
			each = append(each, joinCells(name, dimCell(th, "no breaker")))
		}
	}
	var counted []cell
	worst := breaker.State(0)
	found := false
	for _, st := range stateOrder {
		if n := h.states[st]; n > 0 {
			counted = append(counted, stateWord(th, st, int(n)))
			if !found {
				worst, found = st, true
			}
		}
	}
	if none := len(edges) - h.breakers; none > 0 {
		counted = append(counted, dimCell(th, fmt.Sprintf("%d no breaker", none)))
	}
	out := []cell{joinCells(each...), joinCells(counted...)}
	if len(counted) > 1 {
		s := fmt.Sprintf("%c %d of %d %s", BandGlyph(worst), h.states[worst], len(edges), worst)
		out = append(out, cell{th.State(worst).Render(s), ansi.StringWidth(s)})
	}
	return out
}

func (c *Chain) render() []string {
	v := &c.cur
	inner := max(c.w-2, 0)
	th := c.th
	var rows []int // the hops that are table rows (services)
	for i, h := range v.hops {
		if !h.leaf {
			rows = append(rows, i)
		}
	}
	bar := func(h chainHop, n int) string {
		if h.workers <= 0 {
			return strings.Repeat(" ", n)
		}
		f := min((h.busy*n+h.workers-1)/h.workers, n)
		st := th.Good
		if h.busy >= h.workers {
			st = th.Bad
		}
		return st.Render(strings.Repeat("█", f)) + th.Dim.Render(strings.Repeat("░", n-f))
	}
	name := func(h chainHop) string {
		s := strings.Repeat(" ", h.depth) + h.name
		if h.instances > 1 {
			s += fmt.Sprintf(" ×%d", h.instances)
		}
		return s
	}
	cols := []column{
		{heads: []string{"hop"}, keep: true},
		{heads: []string{"pool"}},
		{heads: []string{"queue"}, right: true},
		{heads: []string{"next hop", "breaker"}},
		{heads: []string{"in flight"}, right: true},
		{heads: []string{"full since", "full at"}, right: true},
	}
	for _, i := range rows {
		h := v.hops[i]
		nm := plainCell(name(h))
		if h.down > 0 {
			words := h.faultWords()
			nm = joinCells(nm, cell{th.Bad.Render(words), len(words)})
		}
		// The busy count is padded to the pool's size, so that the
		// columns after it hold still as the pool fills and drains
		// ("2/32" to "16/32" moved the queue and the rest a cell).
		size := Count(h.workers)
		count := fmt.Sprintf("%*s/%s", len(size), Count(h.busy), size)
		if h.tasks {
			count = Counted(h.busy, "task", "tasks") // no pool of workers to fill
		}
		cw := ansi.StringWidth(count)
		cols[0].cells = append(cols[0].cells, []cell{nm})
		cols[1].cells = append(cols[1].cells, []cell{
			{bar(h, 10) + " " + count, 11 + cw}, {bar(h, 5) + " " + count, 6 + cw}, plainCell(count)})
		cols[2].cells = append(cols[2].cells, []cell{plainCell(Count(h.queued))})
		cols[3].cells = append(cols[3].cells, c.edgeCells(h))
		fl := "–"
		if h.hasEdge {
			fl = Count(h.inFlight)
		}
		cols[4].cells = append(cols[4].cells, []cell{plainCell(fl)})
		since := cell{th.Dim.Render("–"), 1}
		switch {
		case h.fullSince == 0:
			since = cell{th.Bad.Render("now"), 3}
		case h.fullSince > 0:
			s := c.cur.moment.Or(h.fullSince, 1, Seconds(h.fullSince))
			since = cell{th.Bad.Render(s), ansi.StringWidth(s)}
		}
		cols[5].cells = append(cols[5].cells, []cell{since})
	}
	// Shorten the breaker first (the next row names the hop), then the
	// pool's bar; leave out the calls in flight (about the busy workers
	// of a hop that only waits on the next), then the queue, then the
	// times the pools filled, which tell the cascade's way up.
	drop := []int{4, 2, 5, 1}
	if !anyBreaker(v.hops) {
		// "no breaker" on every row says it once too often: the queue
		// and the calls in flight say more in the same cells.
		drop = append([]int{3}, drop...)
	}
	t := fitTable(th, cols, inner, []int{3, 1, 1, 3, 5}, drop)
	lines := t.lines()
	body := []string{lines[0]}
	// A second line per service when the pane has room for them and the
	// whole footer, and each line's answers fit its width; else the
	// footer takes the lines left (Chain.footer).
	room := c.h - 2
	table := 1 + len(v.hops)
	foot := c.footer(inner, c.footHeights(c.w).short)
	twoLines := room >= table+len(rows)+len(foot) && inner >= 40
	var second []string
	for i, h := range v.hops {
		if !twoLines || h.leaf {
			continue
		}
		n, busyAt := c.frontBusy()
		if i > 0 {
			ss := v.svcs[i-1]
			n, busyAt = len(ss), func(j int) int32 { return ss[j].Busy }
		}
		l, ok := c.secondLine(h, n, busyAt, inner)
		twoLines = twoLines && ok
		second = append(second, l)
	}
	if !twoLines {
		foot = c.footer(inner, max(room-table, 1))
	}
	k := 0
	for _, h := range v.hops {
		if h.leaf {
			body = append(body, c.leafLine(h, inner))
			continue
		}
		body = append(body, lines[1+k])
		if twoLines {
			body = append(body, second[k])
		}
		k++
	}
	body = append(body, foot...)

	notes := poolsFull(v.hops, rows)
	// The note says first how many pools are full, the most telling,
	// then which columns are hidden, as every pane says it: one group
	// per thing said (see titledGroups), each its wordings.
	groups := make([][]string, len(notes))
	for i, n := range notes {
		groups[i] = []string{n}
	}
	if hidden := t.hidden(); len(hidden) > 0 {
		// The pools full, in their long words or their short, with the
		// columns named ("3/3 full · hidden column: "next hop"") rather
		// than counted; counted in whole words rather than short ones
		// ("3/3 full · 2 cols hidden" in a side-by-side pane at 80
		// columns); at the last the pools alone.
		hg := hiddenGroups(hidden)
		groups = [][]string{
			joined(notes[0], hg[0]), joined(notes[1], hg[0]),
			joined(notes[0], hg[1]), joined(notes[1], hg[1]),
		}
		for _, g := range hg[2:] {
			groups = append(groups, joined(notes[1], g))
		}
		groups = append(groups, []string{notes[1]}, []string{""})
	}
	if !v.present {
		groups = [][]string{{"no services in this scenario"}, {"no services"}}
	}
	title, note := titledGroups(c.w, []string{"Call chain, outermost first", "Call chain", "Chain"}, groups)
	return Frame(th, c.w, c.h, title, note, body)
}

// poolsFull is the title's note of how many of the rows' worker pools are
// full, long and short. A tasks server's hop has no pool of workers to
// fill, so it is not counted among them: go-inventory's chain, a Go API
// in front of inventory, read "1 of 2 pools full" with one pool to fill.
// One pool is said as one ("its pool full"), never "1 of 1 pools".
func poolsFull(hops []chainHop, rows []int) []string {
	pools, full := 0, 0
	for _, i := range rows {
		if h := hops[i]; !h.tasks && h.workers > 0 {
			pools++
			if h.busy >= h.workers {
				full++
			}
		}
	}
	switch {
	case pools == 0:
		return []string{"no worker pools", "no pools"}
	case pools == 1 && full == 1:
		return []string{"its pool full", "1/1 full"}
	case pools == 1:
		return []string{"its pool not full", "0/1 full"}
	}
	return []string{fmt.Sprintf("%d of %d pools full", full, pools), fmt.Sprintf("%d/%d full", full, pools)}
}

// anyBreaker reports whether a hop has a breaker on its call.
func anyBreaker(hops []chainHop) bool {
	for _, h := range hops {
		if h.breakers > 0 {
			return true
		}
	}
	return false
}

// leafLine is the row of the leaf dependency: what it is doing.
func (c *Chain) leafLine(h chainHop, inner int) string {
	lead := strings.Repeat(" ", h.depth) + h.name
	if h.fault == "" {
		return fitting([]string{lead + c.th.Dim.Render(" (leaf) answering normally"), lead + c.th.Dim.Render(" (leaf)")}, inner)
	}
	f := c.th.Bad.Render(h.fault)
	return fitting([]string{
		lead + c.th.Dim.Render(" (leaf) ") + f + " since " + c.cur.moment.Or(h.faultFrom, 1, Seconds(h.faultFrom)),
		lead + " " + f + " since " + c.cur.moment.Or(h.faultFrom, 1, Seconds(h.faultFrom)),
		lead + " " + f,
	}, inner)
}

// frontBusy is the front's busy series, from the endpoints' kept.
func (c *Chain) frontBusy() (int, func(int) int32) {
	f := c.cur.front
	if len(f) == 0 {
		return 0, nil
	}
	n := len(f[0])
	for _, s := range f {
		n = min(n, len(s))
	}
	return n, func(k int) int32 {
		var b int32
		for _, s := range f {
			b += s[k].Busy
		}
		return b
	}
}

// sparkRunes are the sparkline's levels, empty to full.
var sparkRunes = []rune("▁▂▃▄▅▆▇█")

// secondLine is a hop's busy workers over time and how its calls were
// answered so far.
// It reports false when the answers alone do not fit.
func (c *Chain) secondLine(h chainHop, samples int, busyAt func(int) int32, inner int) (string, bool) {
	th := c.th
	t := h.tally
	var parts []string
	for _, o := range engine.Outcomes {
		if t.Outcomes[o] > 0 {
			parts = append(parts, th.Outcome(o).Render(Percent(t.Share(o))+" "+o.String()))
		}
	}
	if t.Waiting() > 0 {
		parts = append(parts, Percent(t.WaitingShare())+" waiting")
	}
	answered := "calls " + strings.Join(parts, " · ")
	if len(parts) == 0 {
		answered = th.Dim.Render("no calls yet")
	}
	lead := strings.Repeat(" ", h.depth+2) + "busy "
	room := inner - ansi.StringWidth(lead) - 2 - ansi.StringWidth(answered)
	n := min(samples, max(room, 0), 40)
	var sb strings.Builder
	for k := samples - n; k < samples; k++ {
		b := busyAt(k)
		lvl := 0
		if h.workers > 0 {
			lvl = min(int(b)*(len(sparkRunes)-1)/h.workers, len(sparkRunes)-1)
		}
		sb.WriteRune(sparkRunes[lvl])
	}
	line := lead + th.Accent.Render(sb.String())
	if n < 3 {
		line = strings.Repeat(" ", h.depth+2)
	} else {
		line += "  "
	}
	alone := strings.Repeat(" ", h.depth+2) + answered
	return fitting([]string{line + answered, alone}, inner), ansi.StringWidth(alone) <= inner
}

// cell is a table cell: its text with escape codes, and its width.
type cell struct {
	text string
	w    int
}

func plainCell(s string) cell { return cell{s, ansi.StringWidth(s)} }

func dimCell(th *theme.Theme, s string) cell { return cell{th.Dim.Render(s), ansi.StringWidth(s)} }

// joinCells sets cells side by side with a space between.
func joinCells(cs ...cell) cell {
	var out cell
	for i, c := range cs {
		if i > 0 {
			out.text += " "
			out.w++
		}
		out.text += c.text
		out.w += c.w
	}
	return out
}

// column is one column of a table pane: its heading and, per row, its
// cell in several wordings, longest first (a row with fewer wordings keeps
// its last). A table too wide for its pane shortens a column's wording
// before it leaves a column out, so that no cell is ever cut.
type column struct {
	heads []string // per wording, longest first; the last stands for the rest
	cells [][]cell
	keep  bool // never left out
	right bool // numbers: aligned right
}

func (c *column) at(level int) (string, []cell) {
	head := c.heads[min(level, len(c.heads)-1)]
	out := make([]cell, len(c.cells))
	for i, ws := range c.cells {
		out[i] = ws[min(level, len(ws)-1)]
	}
	return head, out
}

func (c *column) levels() int {
	n := len(c.heads)
	for _, ws := range c.cells {
		n = max(n, len(ws))
	}
	return n
}

func (c *column) width(level int) int {
	head, cells := c.at(level)
	w := ansi.StringWidth(head)
	for _, x := range cells {
		w = max(w, x.w)
	}
	return w
}

// table is a fitted table: each column's wording and whether it is shown.
type table struct {
	cols  []column
	level []int
	shown []bool
	gap   int // spaces between columns
	th    *theme.Theme
}

// fitTable fits the columns into w cells: while too wide, it shortens the
// columns in the order shorten names (a column may be named several
// times), then closes the gaps between columns to one space, then leaves
// out the columns in the order drop names (opening the gaps again when
// there is room): more columns, closer, before fewer.
func fitTable(th *theme.Theme, cols []column, w int, shorten, drop []int) *table {
	t := &table{th: th, cols: cols, level: make([]int, len(cols)), shown: make([]bool, len(cols)), gap: 2}
	for i := range t.shown {
		t.shown[i] = true
	}
	for _, i := range shorten {
		if t.width() <= w {
			break
		}
		if t.level[i]+1 < cols[i].levels() {
			t.level[i]++
		}
	}
	if t.width() > w {
		t.gap = 1
	}
	for _, i := range drop {
		if t.width() <= w {
			break
		}
		t.shown[i] = false
	}
	if t.gap == 1 {
		t.gap = 2
		if t.width() > w {
			t.gap = 1
		}
	}
	return t
}

func (t *table) width() int {
	w, n := 0, 0
	for i := range t.cols {
		if t.shown[i] {
			w += t.cols[i].width(t.level[i])
			n++
		}
	}
	return w + t.gap*max(n-1, 0)
}

// hidden are the heads of the columns left out, for HiddenNotes: each as
// it was shortened before it gave way, the head a slightly wider pane
// shows ("breaker", not the widest pane's "next hop").
func (t *table) hidden() []string {
	var out []string
	for i := range t.cols {
		if !t.shown[i] {
			head, _ := t.cols[i].at(t.level[i])
			out = append(out, head)
		}
	}
	return out
}

// lines renders the head line and one line per row. The last column is not
// padded on the right.
func (t *table) lines() []string {
	var idx []int
	for i := range t.cols {
		if t.shown[i] {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 {
		return []string{""}
	}
	rows := len(t.cols[idx[0]].cells)
	out := make([]string, rows+1)
	var b strings.Builder
	for r := -1; r < rows; r++ {
		b.Reset()
		for k, i := range idx {
			col := &t.cols[i]
			head, cells := col.at(t.level[i])
			w := col.width(t.level[i])
			var c cell
			if r < 0 {
				c = dimCell(t.th, head)
			} else {
				c = cells[r]
			}
			if k > 0 {
				b.WriteString(strings.Repeat(" ", t.gap))
			}
			pad := strings.Repeat(" ", max(w-c.w, 0))
			switch {
			case col.right:
				b.WriteString(pad + c.text)
			case k < len(idx)-1:
				b.WriteString(c.text + pad)
			default:
				b.WriteString(c.text)
			}
		}
		out[r+1] = b.String()
	}
	return out
}
