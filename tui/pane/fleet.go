package pane

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// FleetKeys is the fleet pane's key map.
type FleetKeys struct {
	// Down and Up scroll the instances when they do not all fit.
	Down, Up key.Binding
}

// DefaultFleetKeys binds the arrows and the page keys.
func DefaultFleetKeys() FleetKeys {
	return FleetKeys{
		Down: key.NewBinding(key.WithKeys("down", "pgdown"), key.WithHelp("↓", "more instances")),
		Up:   key.NewBinding(key.WithKeys("up", "pgup"), key.WithHelp("↑", "earlier instances")),
	}
}

// Fleet draws the instances of one service, a row each: its state (up,
// down or hung, with the time the state has left), its worker pool, its
// own breaker on the service's call (each instance keeps its breaker in
// its own memory), when that breaker opened and when it will next let a
// probe through, and its restarts. Instances that do not fit scroll, and a
// line says how many are above and below. The footer counts the instances
// per breaker state and says when several breakers probe at the same
// instant: a fleet of breakers that opened on one outage, without jitter,
// goes half-open together and sends its probes in lockstep.
type Fleet struct {
	th   *theme.Theme
	keys FleetKeys
	w, h int

	want   string // the service asked for, or "" for the first fleet
	offset int    // the first instance shown
	// held: a lesson's prediction about what the breakers will do waits
	// for its guess, so the pane keeps back when each will probe (Hold).
	held bool
	// heldFor is the step (from 1) whose question the held probes wait
	// for when it is a later step's, 0 when it is the guess on screen.
	heldFor int

	cur   fleetView
	dirty bool
	view  string
}

// fleetView is what the pane draws, compared to skip redraws.
type fleetView struct {
	gen      uint64
	moment   MomentFunc // a long run's times (Data.Moment)
	now      time.Duration
	svc      string
	balancer engine.BalancerKind
	edge     string // the dependency its instances call, or ""
	workers  int
	rows     []fleetRow
	jitter   float64 // the breakers' open jitter, when they have one
	hasJit   bool
}

// fleetRow is one instance.
type fleetRow struct {
	state        engine.InstanceState
	left         time.Duration // what the state has left; 0: no end
	busy, queued int
	restarts     int
	has          bool // a breaker on the edge
	st           breaker.State
	openLeft     time.Duration // rounded to 100 ms
	opened       time.Duration // when it last opened; -1 unknown
	halfAt       time.Duration // when it last went half-open; -1 unknown
	sent, trials int
}

// NewFleet makes an empty fleet pane; it shows the first service with
// more than one instance until SetService picks another.
func NewFleet(th *theme.Theme) *Fleet {
	return &Fleet{th: th, keys: DefaultFleetKeys(), dirty: true}
}

// Keys is the pane's key map, for the parent's help.
func (f *Fleet) Keys() FleetKeys { return f.keys }

// SetKeys binds the scroll to other keys, for a screen whose arrows do
// something else (the lesson player's scroll its text): the line under the
// instances names the keys that screen sends.
func (f *Fleet) SetKeys(k FleetKeys) {
	f.keys, f.dirty = k, true
}

// scrollHint is how the line under the instances says to scroll: with
// the keys' own names ("↑/↓" in the sandbox).
func (f *Fleet) scrollHint() string {
	return fmt.Sprintf("(%s/%s to scroll)", f.keys.Up.Help().Key, f.keys.Down.Help().Key)
}

// Init does nothing: the pane waits for data.
func (f *Fleet) Init() tea.Cmd { return nil }

// Update takes DataMsg and the scroll keys.
func (f *Fleet) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case DataMsg:
		f.SetData(Data(msg))
	case tea.KeyMsg:
		step := 1
		if msg.Type == tea.KeyPgDown || msg.Type == tea.KeyPgUp {
			step = max(f.rowRoom()-1, 1)
		}
		switch {
		case key.Matches(msg, f.keys.Down):
			f.scroll(step)
		case key.Matches(msg, f.keys.Up):
			f.scroll(-step)
		}
	}
	return f, nil
}

// scroll moves the first instance shown by n, within the fleet.
func (f *Fleet) scroll(n int) {
	o := min(max(f.offset+n, 0), max(len(f.cur.rows)-f.rowRoom(), 0))
	if o != f.offset {
		f.offset, f.dirty = o, true
	}
}

// SetSize sets the pane's outer size, border included.
func (f *Fleet) SetSize(w, h int) {
	if w != f.w || h != f.h {
		f.w, f.h, f.dirty = w, h, true
		f.scroll(0)
	}
}

// Hold keeps back, while on, when the breakers will probe: the "next
// probe" column and the footer's breakers probing in lockstep.
// A lesson holds them while a prediction about the fleet's breakers waits
// for its guess: lesson 12's "Jitter" asks how many instances are
// half-open at once, and the footer said "3 probe at 22.9 s" beside it,
// the column letting the learner count the rest. The states and when each
// breaker opened stay: they are what the question starts from. A fleet
// with no breaker open or half-open has no probe to keep back, and draws
// as it would.
func (f *Fleet) Hold(on bool) { f.HoldFor(on, 0) }

// HoldFor is Hold for a later step's question: after is that step, from
// 1, and the footer names it. Lesson 12's "The outage" is held for
// "Back together", and its footer said "next probes after your guess"
// once the learner had made the outage's own guess; 0 is Hold's "your
// guess", the question on screen.
func (f *Fleet) HoldFor(on bool, after int) {
	if !on {
		after = 0
	}
	if on != f.held || after != f.heldFor {
		f.held, f.heldFor, f.dirty = on, after, true
		f.scroll(0) // the footer's height may change
	}
}

// holding says whether the pane keeps anything back: it is held, and a
// breaker is open or half-open, so that a probe is to come or under way.
func (f *Fleet) holding() bool {
	if !f.held {
		return false
	}
	for _, r := range f.cur.rows {
		if r.has && (r.st == breaker.Open || r.st == breaker.HalfOpen) {
			return true
		}
	}
	return false
}

// SetService picks the service to show by name; "" shows the first with
// more than one instance.
func (f *Fleet) SetService(name string) {
	if name != f.want {
		f.want, f.offset, f.dirty = name, 0, true
	}
}

// Showing names the service shown, and whether there is one.
func (f *Fleet) Showing() (string, bool) { return f.cur.svc, f.cur.svc != "" }

// FirstFleet is the first service of s with more than one instance, or "".
func FirstFleet(s *engine.Snapshot) string {
	for i := range s.Services {
		if len(s.Services[i].Instances) > 1 {
			return s.Services[i].Name
		}
	}
	return ""
}

// Needs is the height at width w that shows every instance with the
// header and the footer in its fewest lines.
func (f *Fleet) Needs(w int) int { return 2 + 1 + max(len(f.cur.rows), 1) + f.footerLines(w-2) }

// MinHeight is the least height at width w that says what matters: the
// header, a few instances, the line saying how many more, and the footer.
func (f *Fleet) MinHeight(w int) int { return 2 + 1 + min(len(f.cur.rows), 3) + 1 + f.footerLines(w-2) }

// RunNeeds and RunMinHeight are Needs and MinHeight for a layout kept
// for the whole run (the sandbox's): the footer is counted not as it
// reads now but as it reads with the fleet's breakers split between open,
// half-open and closed and the half-open ones probing in lockstep, what a
// fleet's outage comes to. Counted as it read, the height moved as the
// breakers did, and a layout made at one moment, kept while the run
// played on, differed from one made at another: the screen at a moment
// depended on when its window last changed size. The pane fits its rows
// to the footer it draws (rowRoom), so a footer longer than this one
// costs a row of instances, not a line of the footer.
func (f *Fleet) RunNeeds(w int) int {
	return 2 + 1 + max(len(f.cur.rows), 1) + f.footerReserve(w-2)
}

// RunMinHeight: see RunNeeds.
func (f *Fleet) RunMinHeight(w int) int {
	return 2 + 1 + min(len(f.cur.rows), 3) + 1 + f.footerReserve(w-2)
}

// footerReserve is the fewest lines at width w of the footer of the
// fleet shown with every instance up and its breakers taking open,
// half-open and closed in turn, the half-open ones gone half-open at one
// instant and the open ones due to probe at one.
func (f *Fleet) footerReserve(w int) int {
	v := f.cur
	v.rows = slices.Clone(v.rows)
	turn := []breaker.State{breaker.Open, breaker.HalfOpen, breaker.Closed}
	k := 0
	for i := range v.rows {
		r := &v.rows[i]
		r.state, r.left = engine.InstanceUp, 0
		if !r.has {
			continue
		}
		r.st, r.opened, r.halfAt, r.openLeft = turn[k%len(turn)], 0, 0, time.Second
		k++
	}
	split := Fleet{th: f.th, cur: v}
	fs := split.footers()
	return len(wrapFooter(fs[len(fs)-1], w))
}

// SetData takes a new snapshot; the pane redraws only if what it shows changed.
func (f *Fleet) SetData(d Data) {
	s := d.Snap
	if s == nil {
		return
	}
	name := f.want
	if name == "" {
		name = FirstFleet(s)
	}
	v := fleetView{gen: d.Gen, moment: d.Moment, now: s.Now}
	for i := range s.Services {
		if sv := &s.Services[i]; sv.Name == name {
			v.fill(sv, s)
			break
		}
	}
	if v.sameAs(&f.cur) {
		return
	}
	f.cur, f.dirty = v, true
	f.scroll(0)
}

// fill reads one service's instances.
func (v *fleetView) fill(sv *engine.ServiceSnapshot, s *engine.Snapshot) {
	v.svc, v.balancer, v.workers, v.edge = sv.Name, sv.Balancer, sv.Workers, sv.Calls
	_, e := depIndex(sv.Dependencies, sv.Calls)
	v.rows = make([]fleetRow, len(sv.Instances))
	for k := range sv.Instances {
		in := &sv.Instances[k]
		r := fleetRow{state: in.State, busy: in.Busy, queued: in.Queued, restarts: in.Restarts, opened: -1, halfAt: -1}
		if in.Until > s.Now {
			r.left = in.Until - s.Now
		}
		if e >= 0 && e < len(in.Breakers) && in.Breakers[e] != nil {
			b := in.Breakers[e]
			r.has, r.st = true, b.State
			r.openLeft = roundUp100(b.OpenRemaining)
			r.sent, r.trials = b.TrialsSent, b.Config.HalfOpenTrials
			if b.Config.OpenJitter > 0 || !v.hasJit {
				v.jitter, v.hasJit = b.Config.OpenJitter, true
			}
		}
		v.rows[k] = r
	}
	// When each breaker last opened and went half-open, from the run's
	// transitions of this service's edge.
	for _, t := range s.Transitions {
		if t.Service != sv.Name || t.Dependency != sv.Calls || t.Instance < 0 || t.Instance >= len(v.rows) {
			continue
		}
		r := &v.rows[t.Instance]
		switch t.To {
		case breaker.Open, breaker.ForcedOpen:
			r.opened = t.At
		case breaker.HalfOpen:
			r.halfAt = t.At
		}
	}
	for k := range v.rows {
		r := &v.rows[k]
		if r.st == breaker.HalfOpen && r.halfAt < r.opened {
			// Half-open by the clock, no call has moved it yet: it went
			// half-open when the open wait ran out, which the snapshot
			// does not record; leave it unknown.
			r.halfAt = -1
		}
	}
}

// roundUp100 rounds a wait to 100 ms, never down to zero.
func roundUp100(d time.Duration) time.Duration {
	r := d.Round(100 * time.Millisecond)
	if d > 0 && r == 0 {
		r = 100 * time.Millisecond
	}
	return r
}

func (v *fleetView) sameAs(o *fleetView) bool {
	return v.gen == o.gen && (v.moment == nil) == (o.moment == nil) && v.now == o.now && v.svc == o.svc && v.balancer == o.balancer && v.edge == o.edge &&
		v.workers == o.workers && v.jitter == o.jitter && v.hasJit == o.hasJit && slices.Equal(v.rows, o.rows)
}

// View draws the pane, from the cache when nothing changed.
func (f *Fleet) View() string {
	if f.dirty {
		f.view = strings.Join(f.render(), "\n")
		f.dirty = false
	}
	return f.view
}

// rowRoom is how many instances the body shows: what is left after the
// header and the footer's fewest lines, less the scroll line when not all
// fit.
func (f *Fleet) rowRoom() int {
	if f.cur.svc == "" {
		return 1
	}
	room := f.h - 2 - 1 - f.footerLines(f.w-2)
	if len(f.cur.rows) > room {
		room--
	}
	return max(room, 1)
}

// lockstep says what the breakers do together: the largest group that
// went half-open at one instant, and the largest group of open ones whose
// waits run out at one instant (their probes will go out together).
func (v *fleetView) lockstep() (half int, halfAt time.Duration, next int, nextAt time.Duration) {
	halfAt, nextAt = -1, -1
	byHalf := map[time.Duration]int{}
	byNext := map[time.Duration]int{}
	unknown := 0
	for _, r := range v.rows {
		switch {
		case r.has && r.st == breaker.HalfOpen:
			if r.halfAt >= 0 {
				byHalf[r.halfAt]++
			} else {
				unknown++
			}
		case r.has && r.st == breaker.Open && r.openLeft > 0:
			byNext[r.openLeft]++
		}
	}
	for at, n := range byHalf {
		if n > half || n == half && at < halfAt {
			half, halfAt = n, at
		}
	}
	if half < 2 && unknown >= 2 {
		// Half-open by the clock, with no transition recorded yet (no call
		// has come to move them): their waits ran out by now, together.
		half, halfAt = unknown, -1
	}
	for at, n := range byNext {
		if n > next || n == next && at < nextAt {
			next, nextAt = n, at
		}
	}
	return half, halfAt, next, v.now + nextAt
}

func (f *Fleet) render() []string {
	v := &f.cur
	th := f.th
	inner := max(f.w-2, 0)
	if v.svc == "" {
		msg := "No service here runs more than one instance."
		if f.want != "" {
			msg = "No service named " + f.want + " in this run."
		}
		return Frame(th, f.w, f.h, "Fleet", "", Wrap(th.Dim.Render(msg), max(inner, 1)))
	}
	edge := v.edge
	if edge == "" {
		edge = "its call"
	}
	cols := []column{
		{heads: []string{"#"}, keep: true, right: true},
		{heads: []string{"state"}, keep: true},
		{heads: []string{"pool"}},
		{heads: []string{"queue"}, right: true},
		{heads: []string{edge + " breaker", "breaker"}},
		{heads: []string{"opened"}, right: true},
		{heads: []string{"next probe"}, right: true},
		{heads: []string{"restarts"}, right: true},
	}
	bar := func(busy, n int) string {
		if v.workers <= 0 {
			return strings.Repeat(" ", n)
		}
		k := min((busy*n+v.workers-1)/v.workers, n)
		st := th.Good
		if busy >= v.workers {
			st = th.Bad
		}
		return st.Render(strings.Repeat("█", k)) + th.Dim.Render(strings.Repeat("░", n-k))
	}
	// Every instance's cells, so that the columns keep their widths as
	// the rows scroll; the body shows those from the offset.
	first := f.offset
	room := f.rowRoom()
	last := min(first+room, len(v.rows))
	for k := range v.rows {
		r := v.rows[k]
		// Numbered from 0, as `run` and scenario files number instances.
		cols[0].cells = append(cols[0].cells, []cell{plainCell(fmt.Sprint(k))})
		stw := r.state.String()
		var stc []cell
		if r.state == engine.InstanceUp {
			stc = []cell{plainCell(stw)}
		} else if r.left > 0 {
			long, short := fmt.Sprintf("%s %s left", stw, Seconds(r.left)), fmt.Sprintf("%s %s", stw, Seconds(r.left))
			stc = []cell{{th.Bad.Render(long), ansi.StringWidth(long)}, {th.Bad.Render(short), ansi.StringWidth(short)}}
		} else {
			stc = []cell{{th.Bad.Render(stw), len(stw)}}
		}
		cols[1].cells = append(cols[1].cells, stc)
		count := fmt.Sprintf("%2d/%d", r.busy, v.workers)
		cw := ansi.StringWidth(count)
		cols[2].cells = append(cols[2].cells, []cell{{bar(r.busy, 10) + " " + count, 11 + cw}, {bar(r.busy, 5) + " " + count, 6 + cw}, plainCell(count)})
		cols[3].cells = append(cols[3].cells, []cell{plainCell(Count(r.queued))})
		opened, next := cell{th.Dim.Render("–"), 1}, cell{th.Dim.Render("–"), 1}
		if !r.has {
			cols[4].cells = append(cols[4].cells, []cell{dimCell(th, "no breaker")})
		} else {
			cols[4].cells = append(cols[4].cells, []cell{stateWord(th, r.st, 0)})
			if r.opened >= 0 && r.st != breaker.Closed {
				opened = plainCell(v.moment.Or(r.opened, 1, Seconds(r.opened)))
			}
			switch r.st {
			case breaker.Open:
				next = plainCell(v.moment.Or(v.now+r.openLeft, 1, Seconds(v.now+r.openLeft)))
			case breaker.HalfOpen:
				s := fmt.Sprintf("probing %d/%d", r.sent, r.trials)
				next = cell{th.State(breaker.HalfOpen).Render(s), ansi.StringWidth(s)}
			}
		}
		cols[5].cells = append(cols[5].cells, []cell{opened})
		cols[6].cells = append(cols[6].cells, []cell{next})
		cols[7].cells = append(cols[7].cells, []cell{plainCell(fmt.Sprint(r.restarts))})
	}
	shorten, drop := []int{2, 4, 2, 1}, []int{3, 7, 5, 2, 6}
	if f.holding() {
		// The whole column goes rather than a cell per row saying it
		// waits: its "–" already means no probe to come. The footer says
		// when the times show.
		cols, shorten, drop = withoutColumn(cols, 6, shorten, drop)
	}
	t := fitTable(th, cols, inner, shorten, drop)
	all := t.lines()
	body := append([]string{all[0]}, all[1+first:1+last]...)
	if len(v.rows) > room {
		var parts []string
		if first > 0 {
			parts = append(parts, fmt.Sprintf("↑ %d above", first))
		}
		if n := len(v.rows) - last; n > 0 {
			parts = append(parts, fmt.Sprintf("↓ %d more", n))
		}
		more := strings.Join(parts, " · ")
		body = append(body, th.Dim.Render(fitting([]string{more + " " + f.scrollHint(), more}, inner)))
	}
	body = append(body, f.footer(inner, f.h-2-len(body))...)
	titles := []string{
		fmt.Sprintf("%s: %s, %s", v.svc, Counted(len(v.rows), "instance", "instances"), v.balancer),
		fmt.Sprintf("%s: %s", v.svc, Counted(len(v.rows), "instance", "instances")),
		fmt.Sprintf("%s ×%d", v.svc, len(v.rows)),
	}
	groups := append(hiddenGroups(t.hidden()), []string{""})
	title, note := titledGroups(f.w, titles, groups)
	return Frame(th, f.w, f.h, title, note, body)
}

// withoutColumn is cols without column k, and the orders of columns to
// shorten and to drop (fitTable's) renumbered to match, k left out.
func withoutColumn(cols []column, k int, shorten, drop []int) ([]column, []int, []int) {
	renumber := func(order []int) []int {
		var out []int
		for _, i := range order {
			switch {
			case i < k:
				out = append(out, i)
			case i > k:
				out = append(out, i-1)
			}
		}
		return out
	}
	return slices.Delete(slices.Clone(cols), k, k+1), renumber(shorten), renumber(drop)
}

// footers are the footer's wordings, longest first, each a list of
// paragraphs: the instances counted per breaker state (and down), the
// breakers' jitter, and what they do together. Each count keeps its glyph,
// number and word on one line when wrapped.
func (f *Fleet) footers() [][]string {
	v := &f.cur
	th := f.th
	var counts [breaker.MetricsOnly + 1]int
	var faulted [engine.InstanceIsFailing + 1]int // by state
	none := 0
	for _, r := range v.rows {
		if r.has {
			counts[r.st]++
		} else {
			none++
		}
		if int(r.state) < len(faulted) {
			faulted[r.state]++
		}
	}
	var glyphs, words []string
	for _, st := range stateOrder {
		if n := counts[st]; n > 0 {
			glyphs = append(glyphs, th.State(st).Render(fmt.Sprintf("%c%s%d%s%s", BandGlyph(st), nbsp, n, nbsp, st)))
			words = append(words, th.State(st).Render(fmt.Sprintf("%d%s%s", n, nbsp, st)))
		}
	}
	var rest []string
	switch {
	case none == 0:
	case len(glyphs) > 0:
		rest = append(rest, th.Dim.Render(fmt.Sprintf("%d without a breaker", none)))
	case none == 1:
		rest = append(rest, th.Dim.Render("The instance has no breaker"))
	default:
		// First on the line, under the rows, a count reads as one more
		// row's instance number ("2 without a breaker" below 0 and 1):
		// the note begins with a word.
		rest = append(rest, th.Dim.Render(fmt.Sprintf("None of the %d instances has a breaker", none)))
	}
	for st := engine.InstanceIsDown; int(st) < len(faulted); st++ {
		if n := faulted[st]; n > 0 {
			rest = append(rest, th.Bad.Render(fmt.Sprintf("%d%s%s", n, nbsp, st)))
		}
	}
	counted := strings.Join(append(glyphs, rest...), " · ")
	compact := strings.Join(append(words, rest...), " · ")

	head := counted
	if v.hasJit {
		jit := "jitter off"
		if v.jitter > 0 {
			jit = "jitter ±" + Percent(v.jitter)
		}
		head += " · " + jit
	}
	if f.holding() {
		// What the breakers will do together is what the question asks.
		if n := f.heldFor; n > 0 {
			return [][]string{
				{head, fmt.Sprintf("When each breaker will probe shows after step %d's question.", n)},
				{counted + fmt.Sprintf(" · next probes after step %d's question", n)},
				{counted + fmt.Sprintf(" · probes after step %d", n)},
				{compact + fmt.Sprintf(" · probes after step %d", n)},
			}
		}
		return [][]string{
			{head, "When each breaker will probe shows once you have guessed."},
			{counted + " · next probes after your guess"},
			{counted + " · probes after guess"},
			{compact + " · probes after guess"},
		}
	}
	half, halfAt, next, nextAt := v.lockstep()
	var together, brief []string
	if half >= 2 {
		if halfAt >= 0 {
			together = append(together, fmt.Sprintf("%d went half-open at %s: probes in lockstep", half, v.moment.Or(halfAt, 1, Seconds(halfAt))))
		} else {
			together = append(together, fmt.Sprintf("%d half-open at once: probes in lockstep", half))
		}
		brief = append(brief, fmt.Sprintf("%d probing in lockstep", half))
	}
	if next >= 2 {
		at := v.moment.Or(nextAt, 1, Seconds(nextAt))
		together = append(together, fmt.Sprintf("%d open will probe together at %s", next, at))
		brief = append(brief, fmt.Sprintf("%d probe at %s", next, at))
	}
	if len(together) == 0 {
		return [][]string{{head}, {counted}, {compact}}
	}
	out := [][]string{
		{head, strings.Join(together, " · ")},
		{counted + " · " + strings.Join(brief, " · ")},
		{counted + " · " + brief[0]},
		{compact + " · " + strings.Join(brief, " · ")},
		{compact + " · " + brief[0]},
	}
	return out
}

// wrapFooter wraps a footer's paragraphs to w cells.
func wrapFooter(paras []string, w int) []string {
	var out []string
	for _, p := range paras {
		out = append(out, Wrap(p, max(w, 1))...)
	}
	return out
}

// footerLines is the fewest lines the footer takes at width w: its
// shortest wording, wrapped.
func (f *Fleet) footerLines(w int) int {
	fs := f.footers()
	return len(wrapFooter(fs[len(fs)-1], w))
}

// footer is the longest wording of the footer that fits in lines lines
// (the shortest when none does).
func (f *Fleet) footer(inner, lines int) []string {
	fs := f.footers()
	for _, ps := range fs {
		if l := wrapFooter(ps, inner); len(l) <= lines {
			return l
		}
	}
	return wrapFooter(fs[len(fs)-1], inner)
}
