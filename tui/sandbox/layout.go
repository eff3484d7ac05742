package sandbox

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/helpview"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/x/ansi"
)

// tooSmall says whether the window is below the full layout's minimum.
func (m *Model) tooSmall() bool { return playback.TooSmall(m.w, m.h) }

// layout sizes the panes for the window.
func (m *Model) layout() {
	if m.w <= 0 || m.h <= 0 || m.tooSmall() {
		return
	}
	m.status.SetSize(m.w, 1)
	m.help.Width = m.w - 1 // the key line starts with a space
	if m.cmp != nil {
		m.layoutCompare()
		return
	}
	if m.fleetOpen && pane.FirstFleet(&m.sim.snap) == "" {
		m.fleetOpen = false // another variant or knob: no fleet to show
	}
	if m.fleetOpen {
		m.xp.fleet.SetSize(m.w, m.h-3) // the whole body (key I)
		return
	}
	m.layoutMain()
}

// View joins the cached panes into the screen: exactly the window's size.
func (m Model) View() string {
	f, whole, done := m.screen()
	if done {
		return whole
	}
	return f.String()
}

// WriteBeside writes the screen into b as a parent drawing its own column
// to the left of it does (tui/challengeui): h lines, line i being left[i]
// then View's line i fitted to w cells (pane.Fit), a line past View's end
// blank. The frame is read in place: View's text would be the screen
// copied once more, then copied again into the parent's.
//
// keys, if not nil, is the parent's key line for the last row, given the
// blank cells the sandbox's key line leaves at its end (spare): it
// returns its column's line widened by the cells it took of those
// (took <= spare), and the sandbox's keys follow in the rest. Each column
// fitting its keys to its own width dropped the parent's least needed
// keys (challenge 1's "w write" at 200×60) while the sandbox's line ended
// in 40 blank cells.
func (m Model) WriteBeside(b *strings.Builder, left []string, w, h int, keys func(spare int) (line string, took int)) {
	f, whole, done := m.screen()
	last := ""
	if keys != nil && !done && f.keys && len(f.lines) > 0 && len(left) == h {
		last = strings.TrimRight(f.lines[len(f.lines)-1], " ")
		f.lines = f.lines[:len(f.lines)-1]
	} else {
		keys = nil
	}
	n := len(whole) + f.size() + h*(w+1)
	for _, l := range left[:min(h, len(left))] {
		n += len(l)
	}
	b.Grow(n)
	i := 0
	line := func(a, c string) {
		if i >= h {
			return
		}
		if i > 0 {
			b.WriteByte('\n')
		}
		if i < len(left) {
			b.WriteString(left[i])
		}
		pane.WriteFitPair(b, a, c, w)
		i++
	}
	if done {
		for rest, more := whole, true; more; {
			var l string
			l, rest, more = strings.Cut(rest, "\n")
			line(l, "")
		}
	} else {
		f.each(line)
	}
	if keys != nil {
		if i != h-1 {
			// The key line is not on the parent's key row: each keeps
			// its own.
			line(last, "")
		} else {
			l, took := keys(max(w-ansi.StringWidth(last), 0))
			if i > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(l)
			pane.WriteFit(b, last, w-took)
			i++
		}
	}
	for i < h {
		line("", "")
	}
}

// screen is the frame View writes, or, done, the whole screen where it is
// drawn as one text (a window too small, the sweep's screen).
func (m Model) screen() (f frame, whole string, done bool) {
	if m.w <= 0 || m.h <= 0 {
		return f, "", true
	}
	if m.tooSmall() {
		// The scenario and the variant playing stay above the request,
		// as a lesson's step does: below 80 columns the screen said
		// only how big a window it needs, not which design it hides.
		sc := m.sim.sc
		v := m.sim.variant
		design := fmt.Sprintf("variant %d/%d", v+1, len(sc.Variants))
		if v < len(sc.Variants) && sc.Variants[v].Name != "" {
			design += ": " + sc.Variants[v].Name
		}
		return f, m.keys.Keys.SmallViewIn(m.w, m.h, "breakerlab "+strings.Join(m.crumbs, " › ")+" › "+sc.Name, design), true
	}
	if m.sw != nil {
		return f, m.sweepScreen(), true // sweepkey.go
	}
	lines := make([]string, 0, m.h)
	// The key holds the run's generation: a knob, which can rename the
	// variants, starts a new one.
	lines = append(lines, m.chrome.Title(fmt.Sprint(m.w, m.titleReserve, m.sim.variant, m.sim.sc.Name, m.cmp != nil, m.sim.gen), m.titleLine))
	body := m.h - 3
	switch {
	case m.form != nil:
		lines = append(lines, m.formView(body)...)
	case m.showHelp:
		lines = append(lines, m.helpv.View(m.th, "Keys")...)
	case m.chaos != nil:
		lines = append(lines, m.chaosView(body)...)
	case m.cmp != nil:
		lines = m.compareView(lines)
	case m.fleetOpen:
		lines = append(lines, strings.Split(m.xp.fleet.View(), "\n")...)
	default:
		m.mainView(&f, len(lines), body)
	}
	if rows := m.writtenRows(); rows != nil && m.prompt == nil {
		f.lines = append(lines, rows...)
		return f, "", false
	}
	if rows := m.refusalRows(); rows != nil {
		f.lines = append(lines, rows...) // reload.go
		return f, "", false
	}
	lines = append(lines, m.status.View())
	if m.prompt != nil {
		// A prompt (seek.go) takes the key line while it is open.
		f.lines = append(lines, m.prompt.View(m.th, m.w))
		return f, "", false
	}
	if m.leaving != nil {
		// Leaving asks first, in the key line (leave.go).
		f.lines = append(lines, m.askLine())
		return f, "", false
	}
	mode := 0
	switch {
	case m.form != nil:
		mode = 1
	case m.showHelp:
		mode = 2
	case m.chaos != nil:
		mode = 4
	case m.cmp != nil:
		mode = 3
	}
	lines = append(lines, m.chrome.Keys(fmt.Sprint(m.w, mode, m.showHelp && m.helpv.Scrollable(), m.keys.atEnd, m.clock.Playing(), len(m.chaosHelp())), func() string {
		var keys []key.Binding
		var first []string // the bindings to give way first
		switch mode {
		case 1:
			keys = m.keys.form().ShortHelp()
		case 2:
			keys = m.helpv.ShortHelp(m.keys.HelpClose)
		case 3:
			keys = m.liveKeys().compare().ShortHelp()
		case 4:
			keys = m.chaosHelp()
		default:
			keys = m.keys.wayBackRoom(*m.help, m.liveKeys().main().ShortHelp(), m.w)
			// At 80 columns the events' keys give way to "e knobs/sweep",
			// which went first as the last but ? and q: the sweep was
			// then named on no line of the screen, and [ and ] are in
			// the full help.
			first = []string{"[/]"}
		}
		return playback.KeyLine(*m.help, keys, m.w, first...)
	}))
	f.lines, f.keys = lines, true
	return f, "", false
}

// titleLine names the screen and the scenario, then the variants as tabs.
func (m *Model) titleLine() string {
	sc := m.sim.sc
	head := " " + m.th.Title.Render("breakerlab") + m.th.Dim.Render(" › "+strings.Join(m.crumbs, " › ")+" › ") + m.th.Accent.Render(sc.Name) + "  "
	if m.cmp != nil {
		head = strings.TrimSuffix(head, "  ") + m.th.Dim.Render(" › ") + m.th.Bold.Render("compare")
		return pane.Fit(fitting([]string{head + m.th.Dim.Render(": two runs on the same seeded traffic"), head + m.th.Dim.Render(": same seeded traffic"), head}, m.w), m.w)
	}
	// The current tab holds its variant's whole name (the status line has
	// no room for it at 80 columns); every other tab holds a short name
	// (tabForms) while they fit, nearest the current first, then longer
	// ones, or else its number alone. The crumbs before the scenario's
	// name give way, and the tabs close up by a space, where that names
	// more tabs. Names are cut only between words, marked " …".
	n := len(sc.Variants)
	if n == 0 {
		return pane.Fit(head, m.w)
	}
	cur := m.sim.variant
	// The tabs lay out in the width left of a caller's tag (titleReserve).
	avail := max(m.w-m.titleReserve, 0)
	forms := m.tabForms()
	if n == 1 {
		// One variant has no other to switch to: its name alone, in the
		// longest form that fits, without the numbered tab ("[1 …]")
		// that offered a switch to somewhere.
		// The crumbs give way before the name does, as they do for tabs.
		bare := " " + m.th.Accent.Render(sc.Name) + "  "
		texts := make([]string, 0, 2*len(forms[0])+1)
		for _, f := range forms[0] {
			texts = append(texts, head+m.th.Bold.Render(f), bare+m.th.Bold.Render(f))
		}
		return pane.Fit(fitting(append(texts, bare), avail), m.w)
	}
	// lvl is the form each tab shows: an index into its forms, with
	// len(forms[i]) its number alone.
	lvl := make([]int, n)
	label := func(i int) string {
		if lvl[i] >= len(forms[i]) {
			return fmt.Sprint(i + 1)
		}
		return fmt.Sprintf("%d %s", i+1, forms[i][lvl[i]])
	}
	tabW := func(i int) int { return ansi.StringWidth(label(i)) + 2 }
	curLvl := 0 // the current tab's form: its whole name, unless it gives way (currentGivesWay)
	numbers := func() {
		for i := range lvl {
			lvl[i] = len(forms[i])
		}
		lvl[cur] = curLvl
	}
	shown := make([]bool, n)
	for i := range shown {
		shown[i] = true
	}
	// join is what stands between two tabs, beside the spaces each
	// unselected tab has around its text: a space, or none where that
	// names more tabs.
	join := " "
	fits := func(head string) bool { return ansi.StringWidth(head)+windowWidth(shown, tabW, len(join)) <= avail }
	// name gives the tabs shown names beside head, nearest the current
	// first: a short name each while they fit, each side stopping at its
	// first that does not (a name past a bare number reads as out of
	// order), then, with longest, the longest form that fits. It says how
	// many tabs it named.
	name := func(head string, longest bool) (named int) {
		for _, long := range []bool{false, true} {
			if long && !longest {
				break
			}
			stopped := [2]bool{}
			for d := 1; d < n; d++ {
				for side, i := range []int{cur + d, cur - d} {
					if i < 0 || i >= n || !shown[i] || stopped[side] || (long && lvl[i] == len(forms[i])) {
						continue
					}
					was := lvl[i]
					from := len(forms[i]) - 1
					if long {
						from = 0
					}
					for l := from; l < was; l++ {
						if lvl[i] = l; fits(head) {
							break
						}
						lvl[i] = was
					}
					switch {
					case long:
					case lvl[i] < len(forms[i]):
						named++
					default:
						stopped[side] = true
					}
				}
			}
		}
		return named
	}
	// window shows beside h the current tab and the nearest others that
	// fit, each in its short form, a side stopping at its first that does
	// not, and says how many it named; those past it are hidden (‹ ›).
	wide, tight := forms, tightForms(forms)
	window := func(h string) (named, near int) {
		forms = tight
		numbers()
		for i := range shown {
			shown[i] = i == cur
		}
		spread(cur, n, func(i, d int) bool {
			shown[i], lvl[i] = true, len(forms[i])-1
			if !fits(h) {
				shown[i], lvl[i] = false, len(forms[i])
				return false
			}
			named++
			if d == 1 {
				near++
			}
			return true
		})
		return named, near
	}
	// The scenario's name, on the status line too, gives way only where
	// that names every tab: a caller's tag (a class following its
	// teacher) leaves less room, and the title then says what is shown.
	var best, bestJoin string
	most := -1
	for {
		best, bestJoin, most = "", join, -1
		for _, h := range []string{head, " " + m.th.Accent.Render(sc.Name) + "  ", " "} {
			for _, join = range []string{" ", ""} {
				if numbers(); fits(h) {
					if named := name(h, false); named > most && (h != " " || named == n-1) {
						best, bestJoin, most = h, join, named
					}
				}
			}
		}
		if most == n-1 || !currentGivesWay(sc.Variants[cur].Name, curLvl, forms[cur]) {
			break
		}
		curLvl++
	}
	numbers()
	join = bestJoin
	// Some tabs are left their numbers alone, or hidden: eight designs
	// whose names need over 100 cells read "2  3  4  5  6  7  8" at 80
	// columns. A window of the tabs nearest the current one, named, with
	// ‹ › where the rest are cut, tells more than every number bare; it
	// scrolls as tab moves the current one. The longest head that names
	// the neighbour on each side wins, else the one that names more of
	// them, then more tabs.
	// A few tabs keep every number, named or not: beside a caller's tag
	// (a class following its teacher, presentation mode) a window hid
	// one of cascade's three, where each number is a key to press.
	wHead, wJoin := "", ""
	if most < n-1 && n > manyTabs {
		want := min(cur, 1) + min(n-1-cur, 1)
		wMost, wNear := max(most, 0), -1
		for _, h := range []string{head, " " + m.th.Accent.Render(sc.Name) + "  ", " "} {
			for _, join = range []string{" ", ""} {
				named, near := window(h)
				if named > max(most, 0) && wNear < want && (near > wNear || near == wNear && named > wMost) {
					wHead, wJoin, wMost, wNear = h, join, named, near
				}
			}
		}
		join = bestJoin
	}
	switch {
	case wHead != "":
		head, join = wHead, wJoin
		window(head)
	case most >= 0:
		forms = wide
		head = best
		for i := range shown {
			shown[i] = true
		}
		numbers()
	default:
		forms = wide
		// Too many variants for the current one's name beside every
		// number: the name stays (it is what is playing), with the
		// numbers nearest it that fit and ‹ › where more are hidden.
		// Each side grows while its next number fits, so the numbers
		// shown run without a gap; grow says how many show beside the
		// current one after head.
		grow := func(head string) (others int) {
			for i := range shown {
				shown[i] = i == cur
			}
			spread(cur, n, func(i, _ int) bool {
				shown[i] = true
				if !fits(head) {
					shown[i] = false
					return false
				}
				others++
				return true
			})
			return others
		}
		head = " " + m.th.Accent.Render(sc.Name) + "  "
		for i := range shown {
			shown[i] = i == cur
		}
		// The scenario's name gives way when not even the current tab
		// fits beside it (a long name beside a caller's tag), and when it
		// leaves room for no other variant's number, only a ‹ or › saying
		// some are hidden, which at the line's end reads as one more step
		// of the crumbs ("go-server  [1 …] ›").
		if !fits(head) || (grow(head) == 0 && grow(" ") > 0) {
			head = " "
		}
		grow(head)
	}
	name(head, true)
	tabs := make([]string, 0, n+2)
	if !shown[0] {
		tabs = append(tabs, m.th.Dim.Render("‹"))
	}
	for i := range n {
		if !shown[i] {
			continue
		}
		if i == cur {
			tabs = append(tabs, m.th.Selected.Render("["+label(i)+"]"))
		} else {
			tabs = append(tabs, m.th.Dim.Render(" "+label(i)+" "))
		}
	}
	if !shown[n-1] {
		tabs = append(tabs, m.th.Dim.Render("›"))
	}
	return pane.Fit(head+strings.Join(tabs, join), m.w)
}

// manyTabs is the most variants whose tabs all show, if need be as bare
// numbers; past it, the title shows a window of named tabs (titleLine).
const manyTabs = 5

// spread offers take the tabs beside cur of n, nearest first, one on
// each side in turn, a side stopping at the first that take refuses: the
// tabs shown then run without a gap.
func spread(cur, n int, take func(i, d int) bool) {
	stopped := [2]bool{}
	for d := 1; d < n; d++ {
		for side, i := range [2]int{cur + d, cur - d} {
			if i >= 0 && i < n && !stopped[side] {
				stopped[side] = !take(i, d)
			}
		}
	}
}

// windowWidth is the width of the tabs shown, with the join (in cells)
// between them and the ‹ › marks of those hidden.
func windowWidth(shown []bool, tabW func(int) int, join int) int {
	w, k := 0, 0
	for i, s := range shown {
		if s {
			w += tabW(i)
			k++
		}
	}
	if !shown[0] {
		w, k = w+1, k+1
	}
	if !shown[len(shown)-1] {
		w, k = w+1, k+1
	}
	return w + max(k-1, 0)*join
}

func (m Model) formView(h int) []string {
	sc := m.sim.sc
	// A narrow window drops the variant's name, then the scenario's, before
	// the seed and the moment; never a word cut in two.
	titles := []string{
		fmt.Sprintf("Knobs · %s, variant %d: %s", sc.Name, m.sim.variant+1, sc.Variants[m.sim.variant].Name),
		fmt.Sprintf("Knobs · %s, variant %d", sc.Name, m.sim.variant+1),
		fmt.Sprintf("Knobs · variant %d", m.sim.variant+1),
		"Knobs",
	}
	// The moment as the status line's clock writes it.
	at := pane.ClockIn(m.sim.now(), chart.SpanUnit(m.sim.end()))
	notes := []string{
		fmt.Sprintf("seed %d · at %s", m.sim.seed, at),
		fmt.Sprintf("at %s", at),
		"",
	}
	title, note := pane.Titled(m.w, titles, notes)
	return pane.Frame(m.th, m.w, h, title, note, m.form.lines(m.w-2, h-2))
}

// fillHelp lays the help screen out for the window, when it is open.
func (m *Model) fillHelp() {
	if m.showHelp {
		m.helpv.SetContent(m.helpLines(), m.w, m.h-3)
	}
}

// helpLines are the help screen's lines at the window's width: the keys,
// then what the panes show.
func (m Model) helpLines() []string {
	keys := m.liveKeys().main()
	if m.cmp != nil {
		keys = m.liveKeys().compare()
	}
	body := helpview.KeyTable(*m.help, keys.FullHelp(), m.w-2)
	if m.cmp == nil && m.keys.Knobs.Enabled() {
		body = append(body, helpview.Paragraphs([]string{m.keys.formHelp()}, m.w-4)...)
	}
	// Where the form does not open (KnobsElsewhere), the map's words
	// leave it out too.
	mapKnobs := ", and e the knob form at its knobs"
	if !m.keys.Knobs.Enabled() {
		mapKnobs = ""
	}
	// The map's, the tiles' and the tenants' window: one figure
	// (tiles.Rolling is pane.LiveWindow), the help's too.
	live := pane.SecondsShort(pane.LiveWindow)
	about := []string{
		"Worker pool: a cell per worker, lettered by the endpoint whose request holds it; · is free. A pool larger than the pane has room for draws several workers a cell, as its title says (\"" + pane.PerCell(2) + "\"), each cell showing what most of them do. A bulkhead's share is counted on its own line, with the calls it turned away.",
		"Circuit breaker: the lit state (● and capitals) is what a call arriving now finds; the edges carry their rules; ✓, ◐ and ✗ are the window's calls: answered in time, slow, and failed (a slow failure is ✗); the log gives each change's reason.",
		"Outcomes, as decided: a column per stretch of virtual time, filled by how the requests answered in it ended: █ ok, ▒ fallback, ░ rejected, ╳ failed; · marks a stretch in which none was answered (every request still waiting). A request counts when its answer comes, not when it arrived (the shares compare mode quotes count by arrival, as `breakerlab run` does). The heavy ━ on the time axis is the fault. " + chart.CellRule(),
		"Calls in flight: one line per dependency, drawn with its letter; ┄ is a bulkhead's cap. ╱ hatches the calls whose caller gave up (timed out): the dependency still works on them, so a line can rise above its cap.",
		"Breaker history (in a larger window, or leading where the breaker is the story): per breaker, its state over time as a band (▁ closed, ▄ half-open, █ open), the failure rate its window held (•, and ∘ for slow calls) against the rate that opens it (┄), and ┊ wherever it changed state.",
		"Latency per endpoint: each stretch's p50 (small letter) and p99 (capital) of the answers decided in it, as the client saw them, on a log scale; rejections and cached answers take no time and sit on the bottom row.",
		"Map: the system as a tree, the front at the top and each part indented under its caller, the breaker on each call drawn on its branch (▁ closed, ▄ half-open, █ open) — a fleet ×N with a cell per instance (■ up, ✕ down, ⧖ hung, ~ slow, ! failing, or its breaker's state) — with what each holds against its size, the calls made to it a second, refused ones too (a tenant's: its arrivals), and the share of the answered that failed, over the last " + live + ", and the fault in force (⚠). n and N move the selection, < and > through a fleet's instances, or click: f then opens the chaos menu on the part selected" + mapKnobs + ".",
		"Circuits (with several breakers, a fleet's counted one per instance): a tile per circuit as the Hystrix dashboard draws it (which rolls 10 s): over the last " + live + ", as on the map, the calls answered a second and the share failed, the state (a fleet's breakers counted by state), the calls refused since the start, the latency percentiles of the requests that went through it as the client saw them, and the rate second by second.",
		"Dependencies at a glance (with several breakers): a line per dependency with its breaker's state, the failures in its window against the threshold, its calls in flight and the calls it refused.",
		"A pane that finds no room is named in the bottom edge of a column, with the way to see it; a chart that would say nothing over the whole run (in flight never above 1, every answer under 1 ms) is left out, and the edge says so.",
		"Compare (c): two variants side by side on the same seeded traffic and one clock, pane for pane, with each endpoint's ok share on both sides and the difference in points: a share of the requests that arrived, those still waiting included; at the end of the traffic, of the run played out, exactly as `breakerlab run` prints it. C compares one variant's breaker under Resilience4j's defaults and Polly's; p and P try the other libraries.",
		"Rewinding replays the same seeded traffic, so a step back shows exactly what was there.",
	}
	if m.sim.snap.Tasks != nil {
		about[0] = tasksPanesHelp // tasks_panes.go: no worker pool
		about = append(about[:len(about)-1:len(about)-1], tasksChartsHelp, about[len(about)-1])
	}
	if len(m.sim.snap.Services) > 0 || len(m.sim.snap.Tenants) > 0 {
		// The bigger systems' panes, where the run has them.
		about = append(about[:len(about)-1:len(about)-1], append(servicePanesHelp, about[len(about)-1])...)
	}
	out := append(body, "", m.th.Bold.Render("What the panes show"))
	return append(out, helpview.Paragraphs(about, m.w-4)...)
}

// servicePanesHelp says what the panes of services, fleets and tenants
// show, for a run that has them.
var servicePanesHelp = []string{
	"Call chain (a scenario of services calling services, in the in-flight chart's place): a row per hop, the front first, each service indented under its caller, the leaf it calls at the bottom with its fault. Each row has its pool (a fleet's summed, ×N after its name), its queue, the breaker on its call to the next hop (▁ closed, ▄ half-open, █ open, a fleet's instances counted by state), the calls in flight on that call and since when its pool has been full: a cascade reads from the bottom up. The footer counts the work cancellation stopped, the work finished for a caller that had gone, the calls whose deadline passed in a queue and those not sent for lack of time.",
	"Fleet (I opens it when it finds no room; ↑/↓ scroll): a row per instance of the first service with several, its state (down, hung, slow or failing, with the time left), its pool, its own breaker on the service's call with when it opened and when its next probe goes, and its restarts. The foot counts the breakers by state and says when several probe at one instant (lockstep).",
	"Tenants: each tenant's arrivals at the front service, its arrivals a second now (over the last " + pane.SecondsShort(pane.LiveWindow) + ", as the map shows them), and the shares answered ok, rejected and failed, computed as `breakerlab run` computes them, with the requests its own per-tenant limit turned away.",
}

// liveKeys is the key map as the key line shows it now: space says pause
// while the clock runs. It is a copy: the shared map's playing stays as
// it was.
func (m Model) liveKeys() keyMap {
	k := *m.keys
	k.playing = m.clock.Playing()
	return k
}
