// Package livelab is the live lab's screen: the checkout incident measured
// on real sockets, drawn in the sandbox's own panes (the worker pool, the
// payment breaker, the calls in flight at the provider, the outcomes; for
// the Go server, a tasks server, its limits and its Transport's connections
// over time in the pool's place), with
// the engine's simulation of the same mode beside it on the same clock, the
// difference in points for each endpoint's outcomes, and a line that says
// where the two agree or differ, and by how much, then why, where they do.
//
// It does no I/O: the measured side comes from a function the caller hands
// in (the command reads its running lab there, from memory), called once a
// tick in Update, never in View. It may import the engine, tui/pane,
// tui/chart, tui/theme, tui/palette (its key's name), bubbletea and
// bubbles/key.
package livelab

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/palette"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Options say what the screen shows.
type Options struct {
	Theme *theme.Theme
	// Scenario and Variant are the simulation of the measured mode; Seed
	// its seed.
	Scenario *engine.Scenario
	Variant  int
	Seed     uint64
	// Where says where the real servers run, for the title (an address and
	// the scale, say).
	Where string
	// Real reads the measured side now, in the scenario's time. It is called
	// from Update only and must not block.
	Real func() engine.Snapshot
	// Late, if set, says how late the load has sent a request at worst so
	// far and the lateness the measurement allows, in the scenario's
	// time; past it the footer says the measured side is not the load
	// asked for. Called from Update only; it must not block.
	Late func() (worst, limit time.Duration)
	// Tick is the refresh period; 0 means 100 ms.
	Tick time.Duration
	// Leave, if set, is the command q and esc run instead of quitting: the
	// home screen uses it to take the screen back (and stop the lab).
	Leave tea.Cmd
}

// side is one column: its panes and its latest snapshot.
type side struct {
	pool *pane.Pool
	brk  *pane.Breaker
	inf  *chart.InFlight
	out  *chart.Outcomes
	// A tasks server's: its limits in the pool's place, and its first
	// connection pool over time.
	lim   *pane.Limits
	conns *chart.Gauge
	snap  engine.Snapshot
	gen   uint64
}

func newSide(th *theme.Theme) *side {
	return &side{pool: pane.NewPool(th), brk: pane.NewBreaker(th), inf: chart.NewInFlight(th), out: chart.NewOutcomes(th),
		lim: pane.NewLimits(th), conns: chart.NewPoolGauge(th, 0)}
}

func (s *side) set(snap engine.Snapshot, faults []pane.FaultSpan) {
	s.snap = snap
	d := pane.Data{Snap: &s.snap, Gen: s.gen, Faults: faults}
	s.pool.SetData(d)
	s.brk.SetData(d)
	s.inf.SetData(d)
	s.out.SetData(d)
	s.lim.SetData(d)
	s.conns.SetData(d)
}

// Model is the live lab screen.
type Model struct {
	o      Options
	th     *theme.Theme
	run    *engine.Run
	faults []pane.FaultSpan
	sides  [2]*side // simulated, measured
	w, h   int
	quit   key.Binding
	help   key.Binding
	// palette is `:`, which means nothing else here: inside the home
	// screen (Leave) it opens the command palette as ctrl+k does
	// (paletteCmd).
	palette key.Binding
	// showHelp: the keys in full are on screen (?), until any key.
	showHelp bool
	hasBrk   bool
	// tasks: the server is a tasks server (the Go server), drawn with its
	// limits and its connections instead of a worker pool.
	tasks bool
	done  bool
	// late and lateLimit are Options.Late's at the last refresh.
	late, lateLimit time.Duration
	// foot is the footer layout drew to size the panes, and view the
	// screen last drawn, "" until drawn again: both hold until the next
	// layout (a tick or a size), so a frame builds the footer once and a
	// View with nothing new (a key that changes nothing) builds nothing.
	// The footer was built twice a frame, once in layout and once in View,
	// its key line styled anew each time.
	foot []string
	view string
}

type tickMsg struct{}

// New builds the screen; the simulation starts at time zero.
func New(o Options) (*Model, error) {
	if o.Real == nil || o.Scenario == nil || o.Theme == nil {
		return nil, fmt.Errorf("the live lab needs a theme, a scenario and a source of measurements")
	}
	if o.Tick <= 0 {
		o.Tick = 100 * time.Millisecond
	}
	run, err := engine.New(o.Scenario, o.Variant, o.Seed)
	if err != nil {
		return nil, fmt.Errorf("simulating %s: %w", o.Scenario.Name, err)
	}
	m := &Model{
		o: o, th: o.Theme, run: run,
		faults: pane.FaultSpans(o.Scenario, o.Variant),
		sides:  [2]*side{newSide(o.Theme), newSide(o.Theme)},
		w:      80, h: 24,
		quit: key.NewBinding(key.WithKeys("q", "esc", "ctrl+c"), key.WithHelp("q", "quit")),
		help: key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "keys")),
		palette: key.NewBinding(key.WithKeys(":"), key.WithHelp(":/"+palette.Key,
			"go anywhere (lesson 4, sandbox NAME, drill); stops the lab")),
	}
	sys := &o.Scenario.Variants[o.Variant].System
	for _, d := range sys.Dependencies {
		m.hasBrk = m.hasBrk || d.Policy.Breaker != nil
	}
	m.tasks = sys.IsTasks() && len(sys.Pools) > 0
	// The lab's tasks server is the Go server, which is what its user
	// calls it: "the tasks server" is the engine's word.
	for _, s := range m.sides {
		s.lim.SetServer("the Go server")
	}
	// The measured process also runs the provider and the load: its CPU
	// is not the server's loop, so that line is the simulation's alone.
	m.sides[1].lim.LeaveOutLoop()
	// The measured times are to the millisecond: the simulated ones are
	// written so too, that the two logs read alike side by side.
	for _, s := range m.sides {
		s.brk.SetMinDecimals(3)
	}
	// Their legends alike, so that their bands line up.
	chart.SetPair(m.sides[0].out, m.sides[1].out)
	m.refresh()
	return m, nil
}

// Init starts the clock.
func (m *Model) Init() tea.Cmd { return m.tick() }

func (m *Model) tick() tea.Cmd {
	return tea.Tick(m.o.Tick, func(time.Time) tea.Msg { return tickMsg{} })
}

// Update handles ticks, keys and the window's size.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
		m.layout()
	case tea.KeyMsg:
		if m.o.Leave != nil && key.Matches(msg, m.palette) {
			// Only the home screen (Leave) has a palette to open. Before
			// the help's any key: ctrl+k, which the home screen takes
			// before the lab sees it, leaves the help open too.
			return m, paletteCmd
		}
		if m.showHelp && msg.Type != tea.KeyCtrlC {
			m.showHelp = false // any key closes the help
			return m, nil
		}
		if key.Matches(msg, m.help) {
			m.showHelp = true
			return m, nil
		}
		if key.Matches(msg, m.quit) {
			if m.o.Leave != nil && msg.Type != tea.KeyCtrlC {
				return m, m.o.Leave
			}
			return m, tea.Quit
		}
	case tickMsg:
		m.refresh()
		if m.done {
			return m, nil // both sides are over: nothing moves any more
		}
		return m, m.tick()
	}
	return m, nil
}

// paletteCmd hands `:` up to the home screen as its palette's key: the
// home screen opens the palette on that key from any screen, and leaves
// `:` to the screen that is open, since most take it to go to a time.
func paletteCmd() tea.Msg { return tea.KeyMsg{Type: tea.KeyCtrlK} }

// refresh reads the measured side and brings the simulation to its time.
func (m *Model) refresh() {
	real := m.o.Real()
	m.run.AdvanceTo(min(real.Now, m.run.End()))
	sim := m.run.Snapshot()
	m.sides[0].set(sim, m.faults)
	m.sides[1].set(real, m.faults)
	m.done = real.Done && sim.Done
	if m.o.Late != nil {
		m.late, m.lateLimit = m.o.Late()
	}
	m.layout()
}

// shareScales draws each pair of charts the two columns show side by side
// (the Transport's connections, the calls in flight) on one y scale, the
// larger of their own: on its own scale each, the Transport's connections
// topped out at 40 simulated beside 30 measured, and two lines of
// different heights looked alike.
func (m *Model) shareScales() {
	sim, real := m.sides[0], m.sides[1]
	top := max(sim.conns.ScaleTop(), real.conns.ScaleTop())
	sim.conns.ShareScale(top)
	real.conns.ShareScale(top)
	top = max(sim.inf.ScaleTop(), real.inf.ScaleTop())
	sim.inf.ShareScale(top)
	real.inf.ShareScale(top)
}

// headLines are the title and the clock above the panes.
const headLines = 2

// topLeast is the fewest rows the pool (a tasks server's limits) is given
// however little room there is; the footer's text gives way first.
const topLeast = 3

// topNeeds is the pool's natural height (a tasks server's limits').
func (m *Model) topNeeds() int {
	if m.tasks {
		return max(m.sides[0].lim.Needs(), m.sides[1].lim.Needs())
	}
	return m.sides[0].pool.Needs((m.w - 1) / 2)
}

// breakerLeast and inFlightLeast are the fewest rows the breaker's pane
// and the chart of calls in flight are drawn in; in fewer they are left
// out.
const breakerLeast, inFlightLeast = 6, 7

// underLeast is the fewest rows the first pane under the pool (a tasks
// server's limits) is drawn in: the breaker's, else a tasks server's
// connections, else the calls in flight.
func (m *Model) underLeast() int {
	least, _, _ := chart.GaugeHeights()
	switch {
	case m.hasBrk:
		return breakerLeast
	case m.tasks:
		return least
	}
	return inFlightLeast
}

// layout sizes the panes: the pool (a tasks server's limits) at its
// natural height, the breaker when the mode has one, then the charts share
// what is left, when there is room for them: a tasks server's connections
// first, then the calls in flight and the outcomes.
func (m *Model) layout() {
	colW := (m.w - 1) / 2
	// The footer reads the snapshots and the pool's natural height at the
	// width (topNeeds), never the panes' sizes set below: View's is this.
	m.foot, m.view = m.footer(), ""
	avail := m.h - headLines - len(m.foot)
	topH := min(m.topNeeds(), max(avail, topLeast))
	avail -= topH
	brkH := 0
	if m.hasBrk && avail >= breakerLeast {
		brkH = min(m.sides[0].brk.Needs(colW), avail)
		avail -= brkH
	}
	connH := 0
	if least, _, _ := chart.GaugeHeights(); m.tasks && avail >= least {
		connH = avail
		if avail >= 2*least+4 {
			connH = avail / 3
		}
		avail -= connH
	}
	infH, outH := 0, 0
	switch {
	case avail >= 16:
		infH, outH = avail/2, avail-avail/2
	case avail >= inFlightLeast:
		infH = avail
	}
	for _, s := range m.sides {
		if m.tasks {
			s.lim.SetSize(colW, topH)
		} else {
			s.pool.SetSize(colW, topH)
		}
		s.conns.SetSize(colW, connH)
		s.brk.SetSize(colW, brkH)
		s.inf.SetSize(colW, infH)
		s.out.SetSize(colW, outH)
	}
	m.shareScales() // after the sizes, which the scales are laid out on
}

// View draws the two columns and the lines that compare them, or the keys
// in full.
func (m *Model) View() string {
	if m.showHelp {
		return m.helpView()
	}
	if m.view == "" {
		m.view = m.render()
	}
	return m.view
}

// render draws the screen View shows.
func (m *Model) render() string {
	colW := (m.w - 1) / 2
	var out []string
	out = append(out, m.headView(colW)...)
	cols := [2][]string{}
	for i, s := range m.sides {
		var parts []string
		if m.tasks {
			parts = append(parts, s.lim.View())
		} else {
			parts = append(parts, s.pool.View())
		}
		if m.hasBrk && heightOf(s.brk) > 0 {
			parts = append(parts, s.brk.View())
		}
		if m.tasks && heightOf(s.conns) > 0 {
			parts = append(parts, s.conns.View())
		}
		if heightOf(s.inf) > 0 {
			parts = append(parts, s.inf.View())
		}
		if heightOf(s.out) > 0 {
			parts = append(parts, s.out.View())
		}
		cols[i] = strings.Split(strings.Join(parts, "\n"), "\n")
	}
	for i := range max(len(cols[0]), len(cols[1])) {
		l, r := "", ""
		if i < len(cols[0]) {
			l = cols[0][i]
		}
		if i < len(cols[1]) {
			r = cols[1][i]
		}
		out = append(out, pad(l, colW)+" "+r)
	}
	foot := m.foot // layout's: it wraps every line it has
	// The footer ends in the key line, which is never cut: in a window
	// too short for all of it, the panes give way above it.
	foot = foot[max(len(foot)-m.h, 0):]
	out = out[:min(len(out), m.h-len(foot))]
	for len(out) < m.h-len(foot) {
		out = append(out, "")
	}
	out = append(out, foot...)
	return strings.Join(out, "\n")
}

// headView is the title and the line over the two columns. At a narrow
// width each says less rather than being cut mid-word: at 40 columns
// "simulated (engine,… measured ·…" had lost the clock, and the title the
// API's address, which a learner curls.
func (m *Model) headView(colW int) []string {
	variant := m.o.Scenario.Variants[m.o.Variant].Name
	title := m.th.Title.Render("Live lab")
	addr, _, _ := strings.Cut(m.o.Where, ", ") // the scale, after the address, goes first
	head := firstFit(m.w,
		title+" · checkout · "+variant+" · real API at "+m.o.Where,
		title+" · "+variant+" · real API at "+m.o.Where,
		title+" · "+variant+" · real API at "+addr,
		title+" · "+variant+" · API "+addr,
		title+" · "+variant+" · "+addr,
		title+" · "+variant)
	real := &m.sides[1].snap
	now, load := pane.Seconds(real.Now), pane.Seconds(real.Duration)
	clocks := []string{"t = " + now + " of " + load, now + " of " + load, now}
	switch {
	case real.Done && real.Now > real.Duration:
		// Past the x axis's end: how far past says why (overtimeLine).
		clocks = []string{"finished at " + now + ", " + pane.Seconds(real.Now-real.Duration) + " past the load",
			"finished at " + now + " (load 0–" + load + ")", "done " + now + " (load 0–" + load + ")",
			"finished at " + now, "done at " + now, "done"}
	case real.Done:
		clocks = []string{"finished at " + now, "done at " + now, "done"}
	case real.Now > real.Duration:
		// The traffic has ended, and the run goes on until every request
		// has its answer (well past it with no timeout): "7.9 s of 6.0 s"
		// read as a clock gone wrong.
		clocks = []string{"t = " + now + " (load 0–" + load + ")", now + " (load 0–" + load + ")", now}
	}
	var measured []string
	for _, c := range clocks {
		measured = append(measured, "measured · "+c)
	}
	measured = append(measured, "measured")
	seed := fmt.Sprint(m.o.Seed)
	left := pad(firstFit(colW, "simulated (engine, seed "+seed+")", "simulated, seed "+seed, "simulated"), colW)
	return []string{head, fit(left+" "+firstFit(max(m.w-colW-1, 0), measured...), m.w)}
}

// firstFit is the first of forms, longest first, that fits in w cells, or
// the last one cut to w.
func firstFit(w int, forms ...string) string {
	for _, f := range forms {
		if ansi.StringWidth(f) <= w {
			return f
		}
	}
	return fit(forms[len(forms)-1], w)
}

// sized is what the panes share for the layout's needs.
type sized interface{ View() string }

func heightOf(p sized) int {
	v := p.View()
	if v == "" {
		return 0
	}
	return strings.Count(v, "\n") + 1
}

// footer is everything below the panes, wrapped to the width: each
// endpoint's outcome shares simulated and measured with the difference in
// points, the provider's most calls in flight, where the two agree or
// differ, why (only where they do), and the keys. The key line is always there; the text above
// it fits what the window leaves below the head and the pool's fewest
// rows, whole paragraphs giving way, the explanations before the figures
// (footerPara's rank). At 60×15 the text ran off the screen's bottom,
// taking the key line and the end of a sentence with it.
func (m *Model) footer() []string {
	sim, real := &m.sides[0].snap, &m.sides[1].snap
	var paras []footerPara
	rank := 0
	addLines := func(l []string) {
		if n := len(paras); n > 0 && paras[n-1].rank == rank {
			paras[n-1].lines = append(paras[n-1].lines, l...)
			return
		}
		paras = append(paras, footerPara{lines: l, rank: rank})
	}
	add := func(s string) { addLines(pane.Wrap(s, m.w)) }
	// The figures: the last to go, their heading with them.
	rank = figuresRank
	// A narrow window gets a shorter heading: the long one took three of
	// 40 columns' lines, and the figures under it were dropped with it.
	window := pane.Seconds(real.MeasureFrom) + "–" + pane.Seconds(real.MeasureTo)
	add(firstFit(m.w, "Arrived "+window+": % simulated/measured (difference in points)",
		"Arrived "+window+": % simulated/measured (points)",
		"% simulated/measured (points)",
		"Arrived "+window+": % simulated/measured (difference in points)"))
	for e := range real.Endpoints {
		if e >= len(sim.Endpoints) {
			break
		}
		var parts []string
		for _, r := range windowRows(&sim.Endpoints[e], &real.Endpoints[e]) {
			parts = append(parts, fmt.Sprintf("%s %s/%s (%s)", r.name, percent(r.sim), percent(r.real), points(r.real-r.sim)))
		}
		addLines(outcomeLines(fmt.Sprintf("  %-8s ", real.Endpoints[e].Name), parts, m.w))
	}
	if len(real.Dependencies) > 0 && len(sim.Dependencies) > 0 {
		rank = 4
		// In the figures' simulated/measured form when the words do not
		// fit: wrapped, "14" ended one line and "simulated" began the next.
		name, simMax, realMax := real.Dependencies[0].Name, sim.Dependencies[0].InFlightMax, real.Dependencies[0].InFlightMax
		add(firstFit(m.w, fmt.Sprintf("  %-8s most calls in flight: %d simulated, %d measured", name, simMax, realMax),
			fmt.Sprintf("  %-8s most in flight %d/%d", name, simMax, realMax),
			fmt.Sprintf("  %-8s most calls in flight: %d simulated, %d measured", name, simMax, realMax)))
	}
	if lead, parts := m.tasksLine(sim, real); m.tasks && lead != "" {
		rank = 3
		addLines(outcomeLines(lead, parts, m.w))
	}
	rank = 2
	said, kind := m.verdict(sim, real)
	add(said)
	// Both sides send the same requests at the same beat (the lab's
	// SimScenario): the difference is the clock's, not the load's. Said
	// after the verdict, which gives the difference's size, and only where
	// there is one: "Why they differ" under "they agree ... exactly" told
	// the reader of a difference the screen did not have.
	lead := ""
	switch kind {
	case verdictDiffer:
		lead = "Why they differ: "
	case verdictWithin:
		lead = "Why not exactly: "
	}
	why := ""
	if lead != "" {
		why = lead + "real timers fire late on shared cores and calls cross the loopback stack; the simulation's clock is exact."
	}
	whyRank := 0
	if m.late > m.lateLimit {
		// The measured side's gaps (outcomes decided in bursts, /health
		// silent for a second) came from a machine too busy to send the
		// load on time, and nothing said so: the table measures such a
		// run again, the live view can only say it. In the general
		// reason's place, so the panes keep their rows, and kept longer;
		// said even where the two agree, since the load was not the one
		// asked for.
		busy := fmt.Sprintf("this machine is too busy to keep time: requests went out up to %s late (over %s), not quite the load asked for.",
			pane.SecondsShort(m.late.Round(10*time.Millisecond)), pane.SecondsShort(m.lateLimit))
		if lead == "" {
			lead = "Note: "
		}
		why = lead + busy
		whyRank = 1
	}
	if m.tasks && m.h >= 30 {
		// Said where there is room: the measured side's limits lack those
		// lines, which says it too.
		why = strings.TrimSpace(why + " Loop and memory are simulated only: the measured process also runs the provider and the load.")
	}
	rank = whyRank
	if why != "" {
		add(why)
	}
	if line := drainLine(sim, real); line != "" {
		rank = 1
		add(line)
	}
	// With a breaker the overrun is the timeouts' drain, and on a short
	// screen the head's "(load 0–6.0 s)" says it: the paragraph took the
	// rows the breaker's pane needs (the protected mode at 80x24 lost it).
	if line := overtimeLine(real); line != "" && (!m.hasBrk || m.h >= 30) {
		rank = 1
		add(line)
	}
	room := m.h - headLines - min(m.topNeeds(), topLeast) - 1 // the key line's
	paras = fitParas(paras, room)
	// The explanations give way to the pane under the pool, where it
	// would fit without them: at 80x24 the checkout line's "waiting" share,
	// wrapped to a second line, blanked the protected mode's breaker pane
	// while it was half-open, and the paragraph on a late finish the Go
	// server's connections on the last frame, five empty rows each.
	paras = yieldTo(paras, m.h-headLines-m.topNeeds()-m.underLeast()-1)
	var out []string
	for _, p := range paras {
		out = append(out, p.lines...)
	}
	return append(out, m.keyLine(false))
}

// outcomeLines lays an endpoint's outcomes after lead, as many to a line
// as w holds, a line that goes on indented under the first outcome: a
// word wrap cut "rejected" from its figures at 40 columns.
func outcomeLines(lead string, parts []string, w int) []string {
	indent := strings.Repeat(" ", ansi.StringWidth(lead))
	var lines []string
	line := lead
	for i, p := range parts {
		switch {
		case i == 0:
			line += p
		case ansi.StringWidth(line+" · "+p) <= w:
			line += " · " + p
		default:
			lines = append(lines, line)
			line = indent + p
		}
	}
	lines = append(lines, line)
	var out []string
	for _, l := range lines {
		if ansi.StringWidth(l) > w {
			// Even one outcome is wider than the window: wrapped at words.
			out = append(out, pane.Wrap(l, w)...)
			continue
		}
		out = append(out, l)
	}
	return out
}

// footerPara is one paragraph of the footer, wrapped; those of the lowest
// rank give way first when the window is short.
type footerPara struct {
	lines []string
	rank  int
}

// figuresRank is the footer's highest rank: the figures, what the screen
// is for, given way last.
const figuresRank = 5

// fitParas is paras, in order, less those of the lowest ranks until the
// rest hold at most room lines.
func fitParas(paras []footerPara, room int) []footerPara {
	total := 0
	for _, p := range paras {
		total += len(p.lines)
	}
	dropped := make([]bool, len(paras))
	for r := 0; total > room && r <= figuresRank; r++ {
		for i, p := range paras {
			if p.rank == r && !dropped[i] {
				dropped[i] = true
				total -= len(p.lines)
			}
		}
	}
	var kept []footerPara
	for i, p := range paras {
		if !dropped[i] {
			kept = append(kept, p)
		}
	}
	return kept
}

// explainedRank is the highest rank of the footer's explanations (why
// the two sides differ, how the run ended), which give way to a pane.
const explainedRank = 1

// yieldTo is paras less the explanations of the lowest ranks until the
// rest hold at most room lines, or paras as they are if even without
// every explanation they would not.
func yieldTo(paras []footerPara, room int) []footerPara {
	rest := 0
	for _, p := range paras {
		if p.rank > explainedRank {
			rest += len(p.lines)
		}
	}
	if rest > room {
		return paras
	}
	// With the rest in room, fitParas stops at the explanations.
	return fitParas(paras, room)
}

// drainLine explains a last frame whose measured pool is busier than the
// simulated one ("" otherwise): the real server takes each request it
// accepted to its end, those whose clients gave up included, while the
// engine drops them once they are abandoned. The frame stops there
// (nothing ticks once both sides are done), so without it the two
// columns disagree under "finished" with no reason given.
func drainLine(sim, real *engine.Snapshot) string {
	if !real.Done || (real.Busy <= sim.Busy && real.Queued <= sim.Queued) {
		return ""
	}
	return fmt.Sprintf("At the end the real server still had %d of %d workers busy and %d requests waiting: it still works on requests whose clients gave up, while the simulation drops them.",
		real.Busy, real.Workers, real.Queued)
}

// overtimeLine explains a measured run that finished after its load ended
// ("" otherwise): the charts' time axes stop at the load's end, and the
// head's "finished at 11.6 s" beside them, with no timeout, read as a
// clock gone wrong.
func overtimeLine(real *engine.Snapshot) string {
	// A moment past is the last answers' usual drain, which the head's
	// "(load 0–6.0 s)" says; the paragraph is for a wait as long as a
	// second, which takes the charts' rows at 80x24 to explain.
	if !real.Done || real.Now-real.Duration < time.Second {
		return ""
	}
	return fmt.Sprintf("The measured run finished at %s, %s after its load ended at %s: a run ends when every request has its answer, and the last answers were that long coming.",
		pane.Seconds(real.Now), pane.Seconds(real.Now-real.Duration), pane.Seconds(real.Duration))
}

// ways are the screen's keys: what each does, the way out last.
func (m *Model) ways() [][2]string {
	ways := [][2]string{{"?", "keys"}}
	if m.o.Leave != nil {
		return append(ways, [2]string{"esc/q", "back (stops the lab)"})
	}
	return append(ways, [2]string{"esc/q", "quit (stops the lab)"})
}

// keyLine is the one line of keys, in bubbles' help's style as on the
// other screens; full adds ctrl+c, for the help.
func (m *Model) keyLine(full bool) string {
	st := m.th.Help
	var parts []string
	ways := m.ways()
	if full && m.o.Leave != nil {
		ways = append(ways, [2]string{"ctrl+c", "quit (stops the lab)"})
	}
	for _, w := range ways {
		parts = append(parts, st.ShortKey.Render(w[0])+" "+st.ShortDesc.Render(w[1]))
	}
	return fit(strings.Join(parts, st.ShortSeparator.Render(" • ")), m.w)
}

// helpView is the keys in full and what the screen shows; any key closes
// it.
func (m *Model) helpView() string {
	out := []string{fit(m.th.Title.Render("Live lab")+" · keys", m.w), ""}
	ways := m.ways()
	if m.o.Leave != nil {
		p := m.palette.Help()
		ways = append(ways, [2]string{p.Key, p.Desc}, [2]string{"ctrl+c", "quit (stops the lab)"})
	}
	keyW := 7 // the keys' column, wider only for a longer key
	for _, w := range ways {
		keyW = max(keyW, len(w[0])+1)
	}
	for _, w := range ways {
		// A long line goes on under its words, not cut: the palette's
		// says where it goes.
		lead := fmt.Sprintf("  %-*s ", keyW, w[0])
		for _, l := range pane.Wrap(w[1], max(m.w-len(lead), 1)) {
			out = append(out, fit(lead+l, m.w))
			lead = strings.Repeat(" ", len(lead))
		}
	}
	out = append(out, "")
	paras := []string{
		"The left column is the engine's simulation of the mode, the right one the real servers on loopback, measured, on the same clock and the same load. " +
			"Under them, each endpoint's outcomes in the window as simulated/measured percentages of the requests that arrived in it (waiting: not answered yet) with the difference in points, and where the two agree or differ most. " +
			"Most calls in flight: the most the dependency held at once, those whose caller gave up included.",
	}
	if m.tasks {
		// Both sides count a connection in use over the same span, now
		// and at most: the lab's peak once counted the open ones, idle
		// included, beside a current count of the held ones alone and
		// the engine's held or dialled. A call whose connection is being
		// dialled is one of them and not a waiting call, on both sides.
		paras = append(paras, "Connections in use, now and at most, on both sides: those carrying a call or being dialled for one, not the idle ones the cap per host also counts; a call whose connection is being dialled counts in use, not waiting. Most tasks: request goroutines alive at once.")
	}
	paras = append(paras, "The run plays to its end on its own; nothing here changes it. Any key closes this help.")
	for _, p := range paras {
		out = append(out, pane.Wrap(p, max(m.w, 1))...)
		out = append(out, "")
	}
	for len(out) < m.h {
		out = append(out, "")
	}
	return strings.Join(out[:min(len(out), m.h)], "\n")
}

// tasksLine compares a tasks server's goroutines and its first pool's
// connections, simulated and measured, with the pool's cap per host: the
// pool's name to lead the line, and the two figures, each kept whole with
// its label (outcomeLines).
func (m *Model) tasksLine(sim, real *engine.Snapshot) (lead string, parts []string) {
	if sim.Tasks == nil || real.Tasks == nil || len(sim.Pools) == 0 || len(real.Pools) == 0 {
		return "", nil
	}
	sp, rp := &sim.Pools[0], &real.Pools[0]
	perHost := ""
	if rp.PerHost > 0 {
		perHost = fmt.Sprintf(" (%d a host)", rp.PerHost)
	}
	return fmt.Sprintf("  %-8s ", rp.Name), []string{
		fmt.Sprintf("most connections in use%s %d/%d", perHost, sp.InUseMax, rp.InUseMax),
		fmt.Sprintf("most tasks %d/%d", sim.Tasks.LiveMax, real.Tasks.LiveMax)}
}

// windowRow is one outcome of an endpoint's window, simulated and
// measured, in tenths of a percent of the requests that arrived in it.
type windowRow struct {
	name      string
	sim, real int
}

// waitingName names the window's requests not yet answered.
const waitingName = "waiting"

// windowRows are an endpoint's outcomes in its window on both sides, each
// a share of the requests that arrived in it, and those still waiting for
// their answer as one more share while either side has any. Shares of the
// answered alone read "health ok 100.0/100.0" at 2.8 s of the no-timeout
// mode while 38 requests sat in the accept queue, and fell to 25.0 once
// their clients gave up. OK is always there; another outcome neither side
// has is left out.
func windowRows(se, re *engine.EndpointSnapshot) []windowRow {
	simOf, realOf := arrivedOf(se), arrivedOf(re)
	share := func(n, of uint64) int {
		if of == 0 {
			return 0
		}
		return tenths(float64(n) / float64(of))
	}
	var rows []windowRow
	for _, o := range engine.Outcomes {
		if se.Window[o] == 0 && re.Window[o] == 0 && o != engine.OK {
			continue
		}
		rows = append(rows, windowRow{o.String(), share(se.Window[o], simOf), share(re.Window[o], realOf)})
	}
	simWait, realWait := simOf-se.Window.Total(), realOf-re.Window.Total()
	if simWait > 0 || realWait > 0 {
		rows = append(rows, windowRow{waitingName, share(simWait, simOf), share(realWait, realOf)})
	}
	return rows
}

// arrivedOf is the requests that arrived in the endpoint's window: never
// fewer than those answered, so the shares add up to 100 whatever a
// snapshot holds.
func arrivedOf(e *engine.EndpointSnapshot) uint64 {
	return max(e.WindowArrived, e.Window.Total())
}

// tenths is a share (0 to 1) in tenths of a percent, rounded as the
// footer shows it: differences and the verdict are taken of these, so the
// figures on screen add up (100.0/87.5 is -12.5, and the verdict says 12.5,
// not a share shown as 88 beside a gap of 12.5 summed up as 12).
func tenths(share float64) int { return int(math.Round(1000 * share)) }

// percent writes a share in tenths of a percent, one decimal.
func percent(t int) string { return fmt.Sprintf("%d.%d", t/10, t%10) }

// points writes a difference in tenths of a percentage point with its
// sign, at the precision of the shares it is the difference of.
func points(d int) string {
	switch {
	case d == 0:
		return "±0"
	case d < 0:
		return "-" + percent(-d)
	}
	return "+" + percent(d)
}

// outcomeTolerance is how far two shares of an outcome may differ, in
// tenths of a point, before the verdict says they differ: 10 points, the
// most "They agree within N points" says. A peak's is peakTolerance; the
// verdict names whichever figure is furthest past its own.
const outcomeTolerance = 100

// peakTolerance is how far two peaks (the most calls in flight, connections
// in use or tasks at once) may differ before the verdict says they do:
// 5 % of the larger, and never less than 2. On the 2-core development
// machine three runs of each mode of `breakerlab lab checkout` measured
// the provider's most calls in flight at 16, 63, 109 and 14 every time,
// and with --server go 16, 63, 123 and 16, the most tasks 110, 11-12,
// 21-22 and 7-9, the most connections open 16, 11-12, 16 and 4: a spread
// of up to 2 at every size, under 2 % of the large ones. The engine's
// model beside them gave 16, 63, 124 and 16 calls and 110, 12, 22 and 8
// tasks, each within 1. Two is a deadline and the next arrival falling
// on one instant, counted on either side of it, plus that spread; 5 % is
// more than twice the large peaks' spread. The 73 simulated calls against
// 63 measured that arrivals drawn at random once gave (14 %) is well past
// it.
func peakTolerance(sim, real int) int {
	return max(2, (5*max(sim, real)+99)/100)
}

// verdictKind is what the verdict found, for the footer's explanation:
// none before the window's first answers or where the two agree exactly,
// why they are not exactly alike where they agree within the tolerances,
// why they differ where they do.
type verdictKind uint8

const (
	verdictWaiting verdictKind = iota
	verdictExact
	verdictWithin
	verdictDiffer
)

// verdict says where the two sides agree or differ most: on the outcomes'
// shares, and on the peaks the footer shows beside them (the dependency's
// most calls in flight, a tasks server's most connections in use and most
// tasks), each against its own tolerance, so that a peak far apart is
// named even while every share agrees.
func (m *Model) verdict(sim, real *engine.Snapshot) (string, verdictKind) {
	worst, where := 0, "" // in tenths of a point, as the lines above show
	for e := range real.Endpoints {
		if e >= len(sim.Endpoints) {
			break
		}
		if sim.Endpoints[e].Window.Total() == 0 || real.Endpoints[e].Window.Total() == 0 {
			continue
		}
		for _, r := range windowRows(&sim.Endpoints[e], &real.Endpoints[e]) {
			d := r.real - r.sim
			if d < 0 {
				d = -d
			}
			if d > worst || where == "" {
				worst, where = d, real.Endpoints[e].Name+" "+r.name
			}
		}
	}
	// Until both sides are over the figures still move (a new user saw
	// "They agree within 3 points" at 1.9 s of a window to 3.5 s, and the
	// shares above it change by eight points before the end): the verdict
	// says it is one so far.
	so := "They"
	if !m.done {
		so = "So far they"
	}
	if where == "" {
		return "Waiting for the first requests of the window to be answered.", verdictWaiting
	}
	pk := m.worstPeak(sim, real)
	switch {
	case pk.over() && pk.beyond(worst):
		return fmt.Sprintf("%s differ most on %s%s: %d simulated, %d measured, more than the %d a peak may differ by.",
			so, pk.owner, pk.what, pk.sim, pk.real, pk.tolerance()), verdictDiffer
	case worst > outcomeTolerance:
		return fmt.Sprintf("%s differ most on %s, by %s points.", so, where, percent(worst)), verdictDiffer
	}
	kind := verdictWithin
	if worst == 0 && pk.most == 0 {
		kind = verdictExact
	}
	outcomes := "within a point"
	if worst >= 10 {
		outcomes = fmt.Sprintf("within %d points", (worst+9)/10)
	}
	peaks := ""
	switch {
	case pk.what == "":
	case pk.most == 0:
		peaks = ", and exactly on every peak"
	default:
		peaks = fmt.Sprintf(", and within %d on every peak", pk.most)
	}
	return so + " agree " + outcomes + " on every outcome of every endpoint" + peaks + ".", kind
}

// peakGap is the peak furthest past its tolerance of those the footer
// shows, and the largest difference of any of them (most).
type peakGap struct {
	// owner's what: "payment" and "'s most calls in flight"; what is
	// "" when neither side has a peak. Apart, so that a tick joins only
	// the one the verdict names.
	owner, what string
	sim, real   int
	most        int
}

func (p peakGap) diff() int {
	if p.real > p.sim {
		return p.real - p.sim
	}
	return p.sim - p.real
}

func (p peakGap) tolerance() int { return peakTolerance(p.sim, p.real) }

// over says the peaks differ by more than their tolerance.
func (p peakGap) over() bool { return p.what != "" && p.diff() > p.tolerance() }

// beyond says the peaks are further past their tolerance than outcome
// shares that differ by d tenths of a point are past theirs: the two
// ratios compared in integers, diff/tolerance against d/outcomeTolerance.
func (p peakGap) beyond(d int) bool {
	return p.diff()*outcomeTolerance > d*p.tolerance()
}

// worstPeak compares the peaks the footer shows on both rows: the first
// dependency's most calls in flight, and a tasks server's first pool's
// most connections in use and its most tasks live (tasksLine's).
func (m *Model) worstPeak(sim, real *engine.Snapshot) peakGap {
	var worst peakGap
	consider := func(owner, what string, s, r int) {
		g := peakGap{owner: owner, what: what, sim: s, real: r}
		worst.most = max(worst.most, g.diff())
		// Compared as ratios to their tolerances in integers:
		// g.diff/g.tol > w.diff/w.tol.
		if worst.what == "" || g.diff()*worst.tolerance() > worst.diff()*g.tolerance() {
			g.most = worst.most
			worst = g
		}
	}
	if len(real.Dependencies) > 0 && len(sim.Dependencies) > 0 {
		d := &real.Dependencies[0]
		consider(d.Name, "'s most calls in flight", sim.Dependencies[0].InFlightMax, d.InFlightMax)
	}
	if m.tasks && sim.Tasks != nil && real.Tasks != nil && len(sim.Pools) > 0 && len(real.Pools) > 0 {
		consider(real.Pools[0].Name, "'s most connections in use", sim.Pools[0].InUseMax, real.Pools[0].InUseMax)
		consider("the", " most tasks live", sim.Tasks.LiveMax, real.Tasks.LiveMax)
	}
	return worst
}

// fit cuts s to w cells, at a word when it can.
func fit(s string, w int) string {
	if ansi.StringWidth(s) <= w {
		return s
	}
	cut := ansi.Truncate(s, w-1, "")
	if i := strings.LastIndex(cut, " "); i > w/2 {
		cut = cut[:i]
	}
	return cut + "…"
}

// pad fills s with spaces to w cells (cutting it if longer). A line that
// fits, as the panes' lines do, is measured once.
func pad(s string, w int) string {
	n := ansi.StringWidth(s)
	if n > w {
		s = fit(s, w)
		n = ansi.StringWidth(s)
	}
	if n < w {
		s += strings.Repeat(" ", w-n)
	}
	return s
}
