package pane

import (
	"fmt"
	"slices"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Limits draws a tasks server's limits at a glance, in the worker pool's
// place (issue 23): a server with no thread pool runs out of what its
// parked tasks hold. A line per connection pool (in use against its size,
// the attempts waiting, those refused), a line per dependency's semaphore
// (permits held against its size, waiting, turned away and waited out),
// a per-tenant bulkhead's lanes, one per tenant (the bar its fullest),
// the memory against the process's limit with its live tasks and kills,
// and the loop's busy share with its lag. Each line has a bar (█ used,
// ░ free) that reads without colour; every number is the snapshot's. Given
// lines to spare, it adds each host of a pool shared by several.
type Limits struct {
	th   *theme.Theme
	w, h int

	rows   []limitRow
	hosts  []hostLine
	tasks  int
	noLoop bool // LeaveOutLoop
	// server names the server in the title (SetServer); "" is the
	// engine's word, "the tasks server".
	server string
	dirty  bool
	view   string
}

// limitRow is one limit: its name, how full it is (used of size, size 0:
// no bar) and its words from the most to the fewest.
type limitRow struct {
	name       string
	used, size float64
	bad        bool // full, refusing or killed: drawn in the warning colour
	waiting    int  // calls waiting on it now: pressed, if not (yet) refusing
	// words runs from the most to the fewest; the last one given (those
	// after it are empty), the fewest, must fit.
	words [8]string
}

// fewest is the row's briefest words, the last of them given.
func (r *limitRow) fewest() string {
	last := ""
	for _, w := range r.words {
		if w == "" {
			break
		}
		last = w
	}
	return last
}

// hostLine is one host of a pool of several: drawn below the limits when
// the pane has lines to spare.
type hostLine struct {
	pool string
	host engine.PoolHostSnapshot
}

// NewLimits makes an empty limits pane.
func NewLimits(th *theme.Theme) *Limits { return &Limits{th: th, dirty: true} }

// SetServer names the server in the pane's title, "Limits of " and name:
// the live lab's Go server is known to its user by that name, not as the
// engine's tasks server.
func (l *Limits) SetServer(name string) {
	if name != l.server {
		l.server, l.dirty = name, true
	}
}

// Init does nothing: the pane waits for data.
func (l *Limits) Init() tea.Cmd { return nil }

// Update takes DataMsg; the pane has no keys.
func (l *Limits) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if d, ok := msg.(DataMsg); ok {
		l.SetData(Data(d))
	}
	return l, nil
}

// SetSize sets the pane's outer size, border included.
func (l *Limits) SetSize(w, h int) {
	if w != l.w || h != l.h {
		l.w, l.h, l.dirty = w, h, true
	}
}

// LeaveOutLoop drops the loop's line: a measured process whose CPU is not
// the server's alone (the live lab's also runs the provider and the load)
// has no busy share of its loop to show.
func (l *Limits) LeaveOutLoop() { l.noLoop, l.dirty = true, true }

// Rows is how many lines the pane's body has: its height less the frame.
func (l *Limits) Rows() int { return len(l.rows) }

// SetData reads the limits from a snapshot; the pane redraws only when
// they changed.
func (l *Limits) SetData(d Data) {
	s := d.Snap
	if s == nil {
		return
	}
	rows := limitRows(s, d.Moment)
	if l.noLoop && len(rows) > 0 && rows[len(rows)-1].name == "loop" {
		rows = rows[:len(rows)-1]
	}
	var hosts []hostLine
	for i := range s.Pools {
		if p := &s.Pools[i]; len(p.Hosts) > 1 {
			for _, h := range p.Hosts {
				hosts = append(hosts, hostLine{p.Name, h})
			}
		}
	}
	if s.Tasks != nil && s.Tasks.Live == l.tasks && rowsEqual(rows, l.rows) && slices.Equal(hosts, l.hosts) {
		return
	}
	l.rows, l.hosts = rows, hosts
	if s.Tasks != nil {
		l.tasks = s.Tasks.Live
	}
	l.dirty = true
}

func rowsEqual(a, b []limitRow) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// limitRows reads a snapshot's limits, in the pane's order; moment writes
// a long run's times (Data.Moment).
func limitRows(s *engine.Snapshot, moment MomentFunc) []limitRow {
	var rows []limitRow
	for i := range s.Pools {
		p := &s.Pools[i]
		size, use := p.Size, PoolInUse(p)
		if size == 0 && p.PerHost > 0 && len(p.Hosts) == 1 {
			// One host capped on its own (MaxConnsPerHost): the bar is
			// that cap, as full as the pool can get.
			size, use = p.PerHost, Count(p.InUse)+"/"+Count(p.PerHost)+" in use"
		}
		r := limitRow{name: p.Name, used: float64(p.InUse), size: float64(size), bad: p.Refused > 0 || (size > 0 && p.InUse >= size), waiting: p.Waiting}
		bare, dial := strings.TrimSuffix(use, " in use"), Dialling(p.Dialling, p.InUse)
		words := []string{
			fmt.Sprintf("%s · %s waiting · %s refused · %s gave up", use, Count(p.Waiting), Count(p.Refused), Count(p.GaveUp)),
			fmt.Sprintf("%s · %s waiting · %s refused", use, Count(p.Waiting), Count(p.Refused)),
			// "in use" as long as it fits: a pool with no size read "0 ·
			// 0 wait", a bare count, where "0 in use · 0 wait" fitted.
			fmt.Sprintf("%s · %s waiting", use, Count(p.Waiting)),
			fmt.Sprintf("%s · %s wait", use, Count(p.Waiting)),
			fmt.Sprintf("%s · %s wait", bare, Count(p.Waiting)),
			bare,
		}
		if dial != "" {
			// Dials in the count: said at every width that has room,
			// "in use" kept longer than the refusals; narrow, the dials
			// alone say more than the count they are part of (which the
			// bar draws anyway when the pool has a size).
			words = []string{
				fmt.Sprintf("%s%s · %s waiting · %s refused · %s gave up", use, dial, Count(p.Waiting), Count(p.Refused), Count(p.GaveUp)),
				fmt.Sprintf("%s%s · %s waiting · %s refused", use, dial, Count(p.Waiting), Count(p.Refused)),
				fmt.Sprintf("%s%s · %s waiting", use, dial, Count(p.Waiting)),
				fmt.Sprintf("%s%s · %s wait", use, dial, Count(p.Waiting)),
				fmt.Sprintf("%s%s · %s wait", bare, dial, Count(p.Waiting)),
				bare + dial,
				Count(p.Dialling) + " dialling",
				bare,
			}
		}
		copy(r.words[:], words)
		rows = append(rows, r)
	}
	for i := range s.Dependencies {
		d := &s.Dependencies[i]
		if d.BulkheadCap <= 0 || Uncalled(s, d.Name) {
			continue
		}
		if d.TenantBulkhead != nil {
			rows = append(rows, tenantLimitRow(d))
			continue
		}
		held := Count(d.Bulkhead) + "/" + Count(d.BulkheadCap)
		r := limitRow{name: d.Name, used: float64(d.Bulkhead), size: float64(d.BulkheadCap), bad: d.BulkheadFull+d.BulkheadWaitedOut > 0, waiting: d.BulkheadWaiting}
		r.words = [8]string{
			fmt.Sprintf("permits %s · %s waiting · %s turned away · %s waited out", held, Count(d.BulkheadWaiting), Count(d.BulkheadFull), Count(d.BulkheadWaitedOut)),
			fmt.Sprintf("permits %s · %s waiting · %s turned away", held, Count(d.BulkheadWaiting), Count(d.BulkheadFull)),
			fmt.Sprintf("%s · %s wait", held, Count(d.BulkheadWaiting)),
			held,
		}
		rows = append(rows, r)
	}
	t := s.Tasks
	if t == nil {
		return rows
	}
	tasks := Counted(t.Live, "task", "tasks")
	if t.MemoryLimit > 0 {
		held := MemoryHeld(t)
		r := limitRow{name: "memory", used: float64(t.Memory), size: float64(t.MemoryLimit), bad: t.Kills > 0}
		kills := Kills(t)
		r.words = [8]string{
			fmt.Sprintf("%s · %s (most %s)%s", held, tasks, Count(t.LiveMax), kills),
			fmt.Sprintf("%s · %s%s", held, tasks, kills),
			held + kills,
			held,
		}
		if t.Down {
			back := "back at " + moment.Or(t.UpAt, 1, Seconds(t.UpAt))
			r.words = [8]string{"down: killed at its memory limit, " + back + kills, "down, " + back + kills, "down" + kills, "down"}
		}
		rows = append(rows, r)
	} else {
		r := limitRow{name: "tasks"}
		r.words = [8]string{
			fmt.Sprintf("%s live, parked or running (most %s) · no memory limit", Count(t.Live), Count(t.LiveMax)),
			fmt.Sprintf("%s live (most %s)", Count(t.Live), Count(t.LiveMax)),
			Count(t.Live) + " live",
			Count(t.Live),
		}
		rows = append(rows, r)
	}
	now := LoopNow(t)
	r := limitRow{name: "loop", used: now, size: 1, bad: now >= 1}
	r.words = [8]string{
		fmt.Sprintf("busy %s now · %s over the window · lag max %s", Percent(now), Percent(t.LoopBusy), Seconds(t.LagMax)),
		fmt.Sprintf("busy %s now · %s over the window", Percent(now), Percent(t.LoopBusy)),
		"busy " + Percent(now),
		Percent(now),
	}
	return append(rows, r)
}

// tenantLimitRow is a per-tenant bulkhead's line: its lanes, as the pool
// pane words them, and the calls turned away; its bar is the fullest lane.
// BulkheadCap sums the lanes, and "permits 44/60" beside calls turned away
// read as a bulkhead refusing with 16 permits free, where acme's lane of
// 20 was full. It never makes a call wait, so it has no waiting to say.
func tenantLimitRow(d *engine.DependencySnapshot) limitRow {
	tl := tenantLanesOf(d.TenantBulkhead)
	held, most := tl.fullest()
	lanes := tl.size + ": " + strings.Join(tl.laneTexts("full"), " · ")
	counted, named := tl.fullLanes("full")
	away := Count(d.BulkheadFull) + " turned away"
	return limitRow{name: d.Name, used: float64(held), size: float64(most), bad: d.BulkheadFull > 0, words: [8]string{
		"permits " + lanes + " · " + away,
		lanes + " · " + away,
		tl.size + " · " + counted + " · " + away,
		tl.size + " · " + named + " · " + away,
		named + " · " + away,
		tl.size + " · " + named,
		named,
	}}
}

// Uncalled says that no endpoint of the snapshot calls the front's
// dependency name in this variant (event-loop-stall's executor before the
// fix sends the report there): its permits hold nothing and it has no
// calls in flight, so the panes leave it out. A snapshot without
// endpoints (a pane's test) calls every dependency.
func Uncalled(s *engine.Snapshot, name string) bool {
	for i := range s.Endpoints {
		if s.Endpoints[i].Calls == name {
			return false
		}
	}
	return len(s.Endpoints) > 0
}

// PoolInUse words a pool's connections in use, against its size when it
// has one: "42/100 in use". The limits pane and the pool's chart both say it.
func PoolInUse(p *engine.PoolSnapshot) string {
	if p.Size > 0 {
		return Count(p.InUse) + "/" + Count(p.Size) + " in use"
	}
	return Count(p.InUse) + " in use"
}

// Dialling words, after a count of connections in use, how many of them
// are still being dialled, " (2,869 dialling)", when dials are most of
// them: an unreachable host answers no dial until the fault is over, so
// the pool fills with dials that carry no call, while the dependency's calls in
// flight stay few. A handful of dials, or a few among many connections
// that carry calls, is a pool at work and goes unsaid ("").
func Dialling(dialling, inUse int) string {
	if !DiallingShown(dialling, inUse) {
		return ""
	}
	return " (" + Count(dialling) + " dialling)"
}

// DiallingShown says whether dialling of inUse connections are worth
// saying: more than a handful, and most of them.
func DiallingShown(dialling, inUse int) bool {
	return dialling > diallingHandful && 2*dialling > inUse
}

// diallingHandful is the most dials at once the panes leave unsaid: a
// pool's warm-up, or a burst of new connections to a healthy host.
const diallingHandful = 10

// MemoryHeld words the memory a tasks server holds against its limit:
// "180/256 MiB".
func MemoryHeld(t *engine.TasksSnapshot) string {
	return fmt.Sprintf("%.0f/%.0f MiB", MiB(t.Memory), MiB(t.MemoryLimit))
}

// LoopNow is the loop's busy share in the last time-series bucket.
func LoopNow(t *engine.TasksSnapshot) float64 {
	if n := len(t.Series); n > 0 {
		return float64(t.Series[n-1].LoopShare)
	}
	return 0
}

// Kills words the times the process was killed at its memory limit, for
// a note: " · 1 kill", " · 3 kills", or nothing.
func Kills(t *engine.TasksSnapshot) string {
	if t.Kills == 0 {
		return ""
	}
	return " · " + Counted(t.Kills, "kill", "kills")
}

// MiB is a byte count in mebibytes, as the limits pane and the memory
// chart write it.
func MiB(b int64) float64 { return float64(b) / (1 << 20) }

// Needs is the pane's height: a line per limit and the frame.
func (l *Limits) Needs() int { return 2 + max(len(l.rows), 1) }

// Max is the most rows the pane fills: Needs, and a line for each host of
// a shared pool.
func (l *Limits) Max() int { return l.Needs() + len(l.hosts) }

// View draws the pane, from the cache when nothing changed.
func (l *Limits) View() string {
	if l.dirty {
		l.view = strings.Join(l.render(), "\n")
		l.dirty = false
	}
	return l.view
}

// limitBar is the bar's width in cells.
const limitBar = 10

func (l *Limits) render() []string {
	inner := l.w - 2
	nameW := 0
	for _, r := range l.rows {
		nameW = max(nameW, ansi.StringWidth(r.name))
	}
	bar := limitBar
	switch {
	case inner < 40:
		bar = 3
	case inner < 48:
		bar = 5
	}
	// A row's fewest words are its numbers ("4/64"): where they do not
	// fit beside the bars, the bars go, every row's alike so that the
	// numbers stay in a column; where they do not fit even so, the row
	// says nothing past its name rather than a number cut short ("4/…").
	for _, r := range l.rows {
		if bar > 0 && ansi.StringWidth(r.fewest()) > inner-nameW-1-bar-1 {
			bar = 0
			break
		}
	}
	// The title and its note come first: where the note can say how
	// many limits the pane leaves out, every row goes to a limit; where
	// it cannot, the last row says it.
	// The note's words before the title's: "Limits ── 6 tasks live" says
	// what the number counts, "Limits of the tasks server ── 6" does not.
	// Narrower, "6 tasks", then no note: a bare "6" counts nothing a
	// reader can tell.
	tasks := Counted(l.tasks, "task", "tasks")
	server := l.server
	if server == "" {
		server = "the tasks server"
	}
	titles := []string{"Limits of " + server, "Limits"}
	title, note := TitledNoteFirst(l.w, titles, []string{tasks + " live", tasks, ""})
	room, moreLine := l.h-2, ""
	if hidden := len(l.rows) - room; room >= 1 && hidden > 0 {
		// Said before the count of tasks, which the pane can do
		// without: "+2 more limits", narrower "+2 more".
		limits := "+" + Counted(hidden, "more limit", "more limits")
		notes := []string{tasks + " live · " + limits, limits + " · " + tasks, limits, "+" + Count(hidden) + " more"}
		if t, n := TitledNoteFirst(l.w, titles, notes); strings.Contains(n, "+"+Count(hidden)+" more") && Width(t)+Width(n) <= l.w-9 {
			title, note = t, n
		} else {
			room--
			limits = "+" + Counted(hidden+1, "more limit", "more limits")
			moreLine = fitting([]string{limits, "+" + Count(hidden+1) + " more", "+" + Count(hidden+1)}, inner)
		}
	}
	kept := l.keptRows(room)
	var body []string
	for _, i := range kept {
		r := l.rows[i]
		room := inner - nameW - 1
		line := Fit(r.name, nameW) + " "
		if bar > 0 {
			room -= bar + 1
			line += l.bar(r, bar) + " "
		}
		words := ""
		for _, w := range r.words {
			if w == "" {
				break
			}
			if ansi.StringWidth(w) <= room {
				words = w
				break
			}
		}
		body = append(body, line+words)
	}
	// Lines to spare (the layout gave more than Needs): each host of a
	// pool shared by several, while they fit; never a line cut short.
	for _, h := range l.hosts {
		if len(body) >= room {
			break
		}
		hs := h.host
		dial := Dialling(hs.Dialling, hs.InUse)
		for _, w := range []string{
			fmt.Sprintf("%s → %s: %s in use%s · %s waiting · %s idle", h.pool, hs.Dependency, Count(hs.InUse), dial, Count(hs.Waiting), Count(hs.Idle)),
			fmt.Sprintf("%s → %s: %s in use%s · %s waiting", h.pool, hs.Dependency, Count(hs.InUse), dial, Count(hs.Waiting)),
			fmt.Sprintf("→ %s: %s in use%s · %s wait", hs.Dependency, Count(hs.InUse), dial, Count(hs.Waiting)),
			fmt.Sprintf("→ %s: %s%s · %s wait", hs.Dependency, Count(hs.InUse), dial, Count(hs.Waiting)),
			fmt.Sprintf("→ %s: %s · %s wait", hs.Dependency, Count(hs.InUse), Count(hs.Waiting)),
		} {
			if ansi.StringWidth(w) <= inner {
				body = append(body, l.th.Dim.Render(w))
				break
			}
		}
	}
	if moreLine != "" {
		body = append(body, l.th.Dim.Render(moreLine))
	}
	return FrameFoot(l.th, l.w, l.h, title, note, hiddenFoot(l.hiddenNames(kept), FootRoom(l.w)), body)
}

// hiddenNames are the names of the limits the pane leaves out, those not
// kept, in the pane's order.
func (l *Limits) hiddenNames(kept []int) []string {
	var names []string
	for i := range l.rows {
		if !slices.Contains(kept, i) {
			names = append(names, l.rows[i].name)
		}
	}
	return names
}

// hiddenFoot names the limits a short pane leaves out, for its bottom
// edge, in the longest words that fit in w cells: "+2 more limits" said
// how many, not which, and a reader could not tell the loop hidden from
// the memory. Too many to name, it names the first and counts the rest
// ("hidden: orders-db +2"); with room for none, nothing, the title's or
// the last row's count saying how many.
func hiddenFoot(names []string, w int) string {
	if len(names) == 0 {
		return ""
	}
	words := []string{"hidden: " + strings.Join(names, ", ")}
	for k := len(names) - 1; k >= 1; k-- {
		words = append(words, fmt.Sprintf("hidden: %s +%d", strings.Join(names[:k], ", "), len(names)-k))
	}
	for _, text := range words {
		if ansi.StringWidth(text) <= w {
			return text
		}
	}
	return ""
}

// keptRows is the limits that fit in room rows, by their index. The rows kept are
// those under pressure now, the most pressed first: refusing, full or killed, then with calls waiting, then the
// idle ones; within each, the pane's order. They are drawn in the pane's
// order, so that a row keeps its place above or below the others as the
// pressure moves. A refusal counts for the rest of the run, so a limit
// that has refused stays in view rather than come and go with its queue.
func (l *Limits) keptRows(room int) []int {
	order := make([]int, len(l.rows))
	for i := range order {
		order[i] = i
	}
	if len(l.rows) <= room {
		return order
	}
	if room < 1 {
		return nil
	}
	pressure := func(r *limitRow) int {
		switch {
		case r.bad:
			return 2
		case r.waiting > 0:
			return 1
		}
		return 0
	}
	slices.SortStableFunc(order, func(a, b int) int { return pressure(&l.rows[b]) - pressure(&l.rows[a]) })
	kept := order[:room]
	slices.Sort(kept)
	return kept
}

// bar draws used of size in w cells: █ for the used part, ░ for the rest;
// blank when the limit has no size.
func (l *Limits) bar(r limitRow, w int) string {
	if r.size <= 0 {
		return strings.Repeat(" ", w)
	}
	n := int(r.used / r.size * float64(w))
	if r.used > 0 && n == 0 {
		n = 1 // something in use shows
	}
	n = min(n, w)
	st := l.th.Good
	if r.bad {
		st = l.th.Warn
	}
	return st.Render(strings.Repeat("█", n)) + l.th.Dim.Render(strings.Repeat("░", w-n))
}
