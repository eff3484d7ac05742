package home

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/tui/mappane"
	"github.com/breakerlab/breakerlab/tui/pane"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// The scenario picker on a tall window: under the list, what the scenario
// under the cursor holds, from the scenario itself (its designs, its
// endpoints, its faults, the window its counts cover), so the choice is
// made knowing what the sandbox will compare, rather than over blank rows.

// The scenario's run is the engine's work, so it is never done in View:
// after each message (Update, live.go) syncPick builds the scenario under
// the cursor and, when the window has rows for its map, starts its run in
// a tea.Cmd; the pickMapMsg that comes back is kept if the cursor is still
// on that scenario. Until then the map's rows say it is running.

// pickRun is what the engine gave for one scenario of the picker: the
// snapshot of its first design at the middle of its first fault (or of its
// counted window), or, for the shard view's entry, the shuffle report's
// lines.
type pickRun struct {
	snap    engine.Snapshot
	at      time.Duration
	why     string
	shuffle []string // the shard view's entry
	err     error
}

// pickMapMsg carries the run of the scenario at pick.
type pickMapMsg struct {
	pick int
	run  pickRun
}

// pickState is the picker's view of the scenario under the cursor, held by
// value in the Model and changed only in Update: the scenario built for
// the pick scFor, the run kept for the pick runFor, and the pick whose run
// is in flight (pending, -1 for none).
type pickState struct {
	scFor   int
	sc      *engine.Scenario
	runFor  int
	run     *pickRun
	pending int
}

func newPickState() pickState { return pickState{scFor: -1, runFor: -1, pending: -1} }

// syncPick builds the scenario under the picker's cursor when the cursor
// has moved, and starts the run of its map in a command when the window
// has the rows for one and no run for it is kept or in flight; one run at
// a time, so that holding a key down does not queue a run per row.
func (m Model) syncPick() (Model, tea.Cmd) {
	if m.screen != onPicker || m.pick < 0 || m.pick >= len(m.o.Scenarios) {
		return m, nil
	}
	if m.pk.scFor != m.pick {
		m.pk.scFor, m.pk.sc = m.pick, m.buildPick(m.pick)
	}
	if m.pk.runFor == m.pick || m.pk.pending >= 0 {
		return m, nil
	}
	if _, h := m.pickMapRoom(); h < pickMapMin {
		return m, nil
	}
	e := m.o.Scenarios[m.pick]
	if !e.ShardView && m.pk.sc == nil {
		return m, nil
	}
	m.pk.pending = m.pick
	pick, seed := m.pick, m.o.Seed
	if e.ShardView {
		return m, func() tea.Msg { return pickMapMsg{pick, runShuffle(seed)} }
	}
	// The command builds its own copy: the engine never shares the
	// scenario View reads.
	build := e.Build
	return m, func() tea.Msg { return pickMapMsg{pick, runPick(build(), seed)} }
}

// gotPickMap keeps a run that came back if the cursor is still on its
// scenario (a run for a row left behind is dropped), and lets the next run
// start.
func (m Model) gotPickMap(msg pickMapMsg) (Model, tea.Cmd) {
	if m.pk.pending == msg.pick {
		m.pk.pending = -1
	}
	if msg.pick == m.pick {
		r := msg.run
		m.pk.runFor, m.pk.run = msg.pick, &r
	}
	return m.syncPick()
}

// buildPick builds the scenario at pick, or nil (the shard view's, which
// is no engine scenario, or one the sandbox cannot open).
func (m Model) buildPick(pick int) *engine.Scenario {
	e := m.o.Scenarios[pick]
	if e.Build == nil || e.ShardView || e.Unavailable != "" {
		return nil
	}
	return e.Build()
}

// pickMoment is when the picker's map shows the scenario: the middle of
// its first fault, else of its counted window, and the words for it.
func pickMoment(sc *engine.Scenario) (time.Duration, string) {
	if fs := byStart(pane.FaultSpans(sc, 0)); len(fs) > 0 {
		return (fs[0].From + fs[0].To) / 2, "the middle of its first fault"
	}
	return (sc.MeasureFrom + sc.MeasureTo) / 2, "the middle of the counted window"
}

// runPick runs sc's first design to pickMoment; it is called in a command.
func runPick(sc *engine.Scenario, seed uint64) pickRun {
	if sc == nil || len(sc.Variants) == 0 {
		return pickRun{err: fmt.Errorf("no design to run")}
	}
	at, why := pickMoment(sc)
	r, err := engine.New(sc, 0, seed)
	if err != nil {
		return pickRun{err: err}
	}
	r.AdvanceTo(at)
	return pickRun{snap: r.Snapshot(), at: at, why: why}
}

// runShuffle is the table `breakerlab run shuffle` prints at seed, a line
// a row; it is called in a command.
func runShuffle(seed uint64) pickRun {
	r, err := shuffle.RunScenario(seed)
	if err != nil {
		return pickRun{err: err}
	}
	var b strings.Builder
	if err := shuffle.WriteTable(&b, r); err != nil {
		return pickRun{err: err}
	}
	return pickRun{shuffle: strings.Split(strings.TrimRight(b.String(), "\n"), "\n")}
}

// pickDetailMin is the least height the detail is drawn at: the frame and
// three lines.
const pickDetailMin = 5

// pickMapMin is the fewest rows the map (or the shuffle report) is drawn
// in.
const pickMapMin = 6

// withPickDetail puts the detail of the scenario under the cursor under
// the picker's list, a blank row between, in the rows body leaves free of
// height, and, in the rows still free, its map (pickMap).
func (m Model) withPickDetail(body []string, height int) []string {
	body, ok := m.withPickBox(body, height)
	if !ok {
		return body
	}
	// Rows still free: the map of the first design in the middle of its
	// first fault, as the sandbox's map draws it then.
	if mp := m.pickMap(m.w-2, height-len(body)-1); len(mp) > 0 {
		body = append(body, "")
		for _, l := range mp {
			body = append(body, " "+l)
		}
	}
	return body
}

// withPickBox is withPickDetail's frame of the scenario's designs,
// endpoints and faults; false when it is not drawn.
func (m Model) withPickBox(body []string, height int) ([]string, bool) {
	if m.screen != onPicker || m.showHelp || m.pick < 0 || m.pick >= len(m.o.Scenarios) {
		return body, false
	}
	free := height - len(body) - 1
	lines := m.pickDetailLines(m.o.Scenarios[m.pick], max(m.w-2, 1))
	if len(lines) == 0 || free < pickDetailMin {
		return body, false
	}
	// The whole detail, or as much as fits with a line saying so.
	if len(lines) > free-2 {
		hidden := len(lines) - (free - 3)
		lines = append(lines[:free-3], m.th.Dim.Render(fmt.Sprintf("↓ %s: a taller window shows them", moreLines(hidden))))
	}
	if len(body) > 0 && body[len(body)-1] != "" {
		body = append(body, "")
	}
	note := ""
	if sc := m.pickScenario(); sc != nil {
		note = fmt.Sprintf("%d designs · %s", len(sc.Variants), pane.SecondsShort(sc.Duration))
		if len(sc.Variants) == 1 {
			note = "1 design · " + pane.SecondsShort(sc.Duration)
		}
	}
	box := pane.Frame(m.th, m.w-2, len(lines)+2, m.o.Scenarios[m.pick].Name, note, lines)
	for _, l := range box {
		body = append(body, " "+l)
	}
	return body, true
}

// pickMapRoom is the width and height the picker's map gets, as View lays
// the picker out; a height of 0 when the detail is not drawn.
func (m Model) pickMapRoom() (w, h int) {
	body, _, notices := m.body()
	height := m.h - 1 - len(notices)
	body, ok := m.withPickBox(body, height)
	if !ok {
		return 0, 0
	}
	return m.w - 2, height - len(body) - 1
}

// pickMapCache keeps the last map drawn from a run: a redraw does not draw
// the Map pane again. It holds no engine work: the run is pickState's.
type pickMapCache struct {
	run   *pickRun
	w, h  int
	lines []string
}

// pickMap is, for the shard view's entry, the shuffle report
// (shuffleReport); for another, the map of the scenario under the cursor,
// its first design run to the middle of its first fault (or of its counted
// window), in at most h rows of w cells: a heading, then the Map pane at
// the height it asks for; nil without the rows for it. While the run is
// not back, one line says it is running.
func (m Model) pickMap(w, h int) []string {
	if h < pickMapMin {
		return nil
	}
	e := m.o.Scenarios[m.pick]
	sc := m.pickScenario()
	if !e.ShardView && (sc == nil || len(sc.Variants) == 0) {
		return nil
	}
	run := m.pk.run
	if m.pk.runFor != m.pick || run == nil {
		if e.ShardView {
			return []string{m.th.Dim.Render(pane.Fit(fmt.Sprintf("running breakerlab run shuffle --seed %d…", m.o.Seed), w))}
		}
		at, _ := pickMoment(sc)
		return []string{m.th.Dim.Render(pane.Fit(fmt.Sprintf("running design 1 to %s…", pane.SecondsShort(at)), w))}
	}
	if run.err != nil {
		return nil
	}
	c := m.pickMaps
	if c != nil && c.run == run && c.w == w && c.h == h {
		return c.lines
	}
	var lines []string
	if e.ShardView {
		lines = m.shuffleReport(run.shuffle, w, h)
	} else {
		lines = m.mapLines(sc, run, w, h)
	}
	if c != nil {
		c.run, c.w, c.h, c.lines = run, w, h, lines
	}
	return lines
}

// mapLines draw a run's snapshot in the Map pane under its heading.
func (m Model) mapLines(sc *engine.Scenario, run *pickRun, w, h int) []string {
	at, why := run.at, run.why
	snap := run.snap
	mp := mappane.New(m.th)
	mp.SetStatic(true)
	mp.SetSize(w, h-1)
	mp.SetData(pane.Data{Snap: &snap, Faults: pane.FaultSpans(sc, 0)})
	mh := min(h-1, mp.Max())
	if mh < mp.MinHeight() {
		return nil
	}
	mp.SetSize(w, mh)
	// The heading in the words that fit, never cut.
	heads := []string{
		fmt.Sprintf("design 1, %s, at %s (%s): the sandbox opens at the start", sc.Variants[0].Name, pane.SecondsShort(at), why),
		fmt.Sprintf("design 1 at %s, %s", pane.SecondsShort(at), why),
		fmt.Sprintf("design 1 at %s", pane.SecondsShort(at)),
	}
	head := heads[len(heads)-1]
	for _, hd := range heads {
		if ansi.StringWidth(hd) <= w {
			head = hd
			break
		}
	}
	return append([]string{m.th.Dim.Render(head)}, strings.Split(mp.View(), "\n")...)
}

// pickScenario is the scenario under the cursor as syncPick built it, or
// nil (the shard view's, one the sandbox cannot open, or one not built
// yet).
func (m Model) pickScenario() *engine.Scenario {
	if m.pk.scFor != m.pick {
		return nil
	}
	return m.pk.sc
}

// pickDetailLines are the detail's lines in w cells, each wrapped whole.
func (m Model) pickDetailLines(e Entry, w int) []string {
	iw := max(w-2, 1)
	var out []string
	add := func(s string, style func(...string) string) {
		for _, l := range pane.Wrap(s, iw) {
			out = append(out, style(l))
		}
	}
	plain := func(s ...string) string { return strings.Join(s, "") }
	switch {
	case e.ShardView:
		add("The shard view: one poisoned customer against plain shards on one side and shuffle sharding on the other, on one clock; "+
			"its knobs change the fleet, the shard size and the strategies.", plain)
		return out
	case e.Unavailable != "":
		add(e.Unavailable, m.th.Dim.Render)
		return out
	}
	sc := m.pickScenario()
	if sc == nil {
		return nil
	}
	add("Designs, each run on the same seeded traffic (tab switches between them, c compares two):", m.th.Dim.Render)
	for i, v := range sc.Variants {
		add(fmt.Sprintf("  %d  %s", i+1, v.Name), plain)
	}
	if len(sc.Variants) > 0 {
		var eps []string
		for _, ep := range sc.Variants[0].System.Endpoints {
			s := ep.Name + " "
			switch {
			case ep.Rate > 0:
				s += strconv.FormatFloat(ep.Rate, 'f', -1, 64) + "/s"
			case ep.Interval > 0:
				s += "every " + pane.SecondsShort(ep.Interval)
			}
			if ep.Calls != "" {
				s += " → " + ep.Calls
			}
			eps = append(eps, s)
		}
		if len(eps) > 0 {
			add("Endpoints: "+strings.Join(eps, " · "), plain)
		}
	}
	var faults []string
	for _, f := range byStart(pane.FaultSpans(sc, 0)) {
		what := f.What
		if what == "" {
			what = f.Kind.String() + "s"
			switch f.Kind {
			case engine.Slow:
				what = "slows"
			case engine.Unreachable:
				what = "is unreachable"
			}
		}
		faults = append(faults, fmt.Sprintf("%s %s from %s to %s", f.Dependency, what, pane.SecondsShort(f.From), pane.SecondsShort(f.To)))
	}
	if len(faults) > 0 {
		add("Faults: "+strings.Join(faults, " · "), plain)
	}
	add(fmt.Sprintf("The counts cover the requests that arrive from %s to %s; `breakerlab run %s` prints them.",
		pane.SecondsShort(sc.MeasureFrom), pane.SecondsShort(sc.MeasureTo), sc.Name), m.th.Dim.Render)
	return out
}

// byStart orders fault spans by when they start, the first first.
func byStart(fs []pane.FaultSpan) []pane.FaultSpan {
	out := slices.Clone(fs)
	slices.SortStableFunc(out, func(a, b pane.FaultSpan) int { return cmp.Compare(a.From, b.From) })
	return out
}

// shuffleReport is, for the shard view's entry, what `breakerlab run
// shuffle` prints at the home screen's seed (lines, from runShuffle): the
// exact odds and the poisoned customer's reach under each strategy, in at
// most h rows of w cells; nil when it does not fit whole.
func (m Model) shuffleReport(lines []string, w, h int) []string {
	if len(lines) == 0 {
		return nil
	}
	for _, l := range lines {
		if ansi.StringWidth(l) > w {
			return nil // a table is not wrapped
		}
	}
	// Whole blocks (the odds, the strategies, their notes), as many as fit.
	out := []string{m.th.Dim.Render(fmt.Sprintf("breakerlab run shuffle --seed %d prints:", m.o.Seed))}
	var block []string
	for _, l := range append(lines, "") {
		if l != "" {
			block = append(block, l)
			continue
		}
		if len(block) == 0 {
			continue
		}
		if len(out)+len(block) > h {
			break
		}
		out = append(out, block...)
		if len(out) < h {
			out = append(out, "")
		}
		block = nil
	}
	if len(out) < 3 {
		return nil
	}
	return out
}
