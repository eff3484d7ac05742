package sandbox

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Compare mode: two variants of the scenario (or one variant under two
// libraries' breaker defaults) run on the same seeded traffic, pane for
// pane, on one clock, with each endpoint's success share on both sides and
// the difference between them.

// compareSide is one side: a variant, the breaker preset that replaces its
// own breaker ("" keeps it), its run and its panes.
type compareSide struct {
	variant int
	preset  string
	base    *engine.Scenario // the sandbox's scenario the side's is made of
	sim     *sim
	pool    poolPane // the worker pool, or a tasks server's limits (tasks_panes.go)
	brk     *pane.Breaker
	out     *chart.Outcomes
	inf     *chart.InFlight
}

// compare is the open compare mode.
type compare struct {
	sides [2]*compareSide
	// What refresh worked out for View: each side's header, and the
	// difference lines, long (one per endpoint) and short (one in all).
	heads      [2][]string // the longest first
	diffTitle  string
	diffTitles []string // with the final mark at the end, longest first
	diffs      []string
	diffShort  []string
	breakerNow [2]string
}

// presetNames lists the breaker presets p and P step through, after the
// variant's own breaker ("").
func presetNames() []string {
	out := []string{""}
	for _, p := range breaker.Presets() {
		out = append(out, p.Name)
	}
	return out
}

// withPreset copies sc with the breakers of variant v replaced by the
// named preset's defaults. A variant without a breaker has nothing to
// replace: that is an error naming the variants that have one.
func withPreset(sc *engine.Scenario, v int, name string) (*engine.Scenario, error) {
	c := cloneScenario(sc)
	if name == "" {
		return c, nil
	}
	p, err := breaker.PresetNamed(name)
	if err != nil {
		return nil, fmt.Errorf("breaker preset: %w", err)
	}
	replaced := 0
	deps := c.Variants[v].System.Dependencies
	for i := range deps {
		if deps[i].Policy.Breaker != nil {
			cfg := p.Config
			deps[i].Policy.Breaker = &cfg
			replaced++
		}
	}
	if replaced == 0 {
		return nil, fmt.Errorf("variant %d (%s) has no breaker for %s's defaults to replace; %s",
			v+1, sc.Variants[v].Name, p.Library, withBreakers(sc))
	}
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("%s's defaults in variant %d: %w", p.Library, v+1, err)
	}
	// A name that quotes the breaker's numbers follows the preset's; the
	// side's header names the preset anyway, so nothing else is marked.
	scenarios.Relabel(sc, c)
	return c, nil
}

// hasBreaker reports whether variant v guards a call with a breaker.
func hasBreaker(sc *engine.Scenario, v int) bool {
	for _, d := range sc.Variants[v].System.Dependencies {
		if d.Policy.Breaker != nil {
			return true
		}
	}
	return false
}

// withBreakers names the variants that have a breaker, for a refusal.
func withBreakers(sc *engine.Scenario) string {
	var have []string
	for i := range sc.Variants {
		if hasBreaker(sc, i) {
			have = append(have, strconv.Itoa(i+1))
		}
	}
	if len(have) == 0 {
		return "no variant of " + sc.Name + " has one"
	}
	return "variants with one: " + strings.Join(have, ", ")
}

// newCompareSide is a side showing s, a run of variant s.variant of
// base under preset, with new panes.
func newCompareSide(th *theme.Theme, s *sim, base *engine.Scenario, preset string) *compareSide {
	return &compareSide{variant: s.variant, preset: preset, base: base, sim: s,
		pool: newPoolPane(th, &s.sc.Variants[s.variant].System), brk: pane.NewBreaker(th), out: chart.NewOutcomes(th), inf: chart.NewInFlight(th)}
}

// showSide puts variant v under preset on side i at the shown time, from
// its kept run or the other side's when there is one (compare_kept.go); the
// run the side showed is kept, unless the other side shows it. On an error
// the old side stays.
func (m *Model) showSide(i, v int, preset string) error {
	c := m.cmp
	old := c.sides[i]
	s, took, err := m.sideSim(v, preset, m.now(), []*keptRun{sideKept(old), sideKept(c.sides[1-i])})
	if err != nil {
		return err
	}
	if took == 1 {
		s.ownSteps() // the other side goes on with the run too
	}
	c.sides[i] = newCompareSide(m.th, s, m.sim.sc, preset)
	if took != 0 && old.sim.run != c.sides[1-i].sim.run {
		m.keepSide(old)
	}
	return nil
}

// openCompare starts compare mode on variants a and b with the presets:
// from the main view's run, the sides' (when compare mode is open on the
// same runs) and the kept runs (compare_kept.go).
func (m *Model) openCompare(a, b int, presetA, presetB string) error {
	t := m.now()
	var onHand []*keptRun
	lent := false // the main view's run is on hand
	if old := m.cmp; old != nil && old.sides[0].base == m.sim.sc && old.sides[0].sim.seed == m.sim.seed {
		// Open on the same scenario and seed (C in compare mode): the
		// sides' runs are on hand; the main view's went to them, or to the
		// kept runs, when compare mode opened.
		onHand = []*keptRun{sideKept(old.sides[0]), sideKept(old.sides[1])}
	} else {
		// Compare mode opening, or re-run on new knobs, faults or seed:
		// the main view's run is of the scenario and seed the sides are.
		onHand, lent = []*keptRun{m.sim.shown()}, true
	}
	var sides [2]*compareSide
	leftTook := -1
	for i, sp := range []struct {
		v      int
		preset string
	}{{a, presetA}, {b, presetB}} {
		hand := onHand
		if i == 1 {
			hand = append(slices.Clip(onHand), sideKept(sides[0]))
		}
		s, took, err := m.sideSim(sp.v, sp.preset, t, hand)
		if err != nil {
			if sides[0] != nil && leftTook < 0 {
				m.keepSide(sides[0]) // a kept run, or a new one
			}
			return err
		}
		if i == 0 {
			leftTook = took
		}
		if took >= 0 && took < len(onHand) {
			onHand[took] = nil
		} else if took == len(onHand) {
			s.ownSteps() // the left side goes on with the run too
		}
		sides[i] = newCompareSide(m.th, s, m.sim.sc, sp.preset)
	}
	// What neither side took is kept, for a side or the main view to
	// take up later: the main view's run when neither side shows its
	// variant without a preset.
	for _, k := range onHand {
		if k != nil && k.run != sides[0].sim.run && k.run != sides[1].sim.run {
			m.sim.kept.put(k)
		}
	}
	if lent {
		// The main view's run is a side's now, or kept: its step snapshots
		// are theirs to count and to let go.
		m.sim.steps, m.sim.stepBytes = nil, 0
	}
	m.cmp = &compare{sides: sides}
	return nil
}

// mainAtSides puts the main view, in compare mode, where the left side
// stands: its variant, at the sides' time. What re-runs the main view in
// compare mode (the knob form applied, a fault injected or removed)
// re-runs it there, the moment on screen, and both sides after it
// (reopenCompare), the left one on its run; closing compare mode shows
// that moment too (takeBack). A fault injected re-ran the main view at
// the time it had when compare mode opened: at 30 min in compare mode on
// an hour's run opened at 50 min, "working to 50m 00s for the fault", then
// both sides replayed to 30 min. Only the variant and the time are set:
// the main view's run went to a side, or to the kept runs, when compare
// mode opened (compare_kept.go), and switching it here kept it as it last
// stood though a side had played it on since.
func (m *Model) mainAtSides() {
	if m.cmp != nil {
		m.sim.variant, m.sim.at = m.cmp.sides[0].variant, m.now()
	}
}

// closeCompare leaves compare mode on the left side's variant, at the same
// time, going on with the left side's run (compare_kept.go). A preset does
// not follow: it lives in compare mode only.
func (m *Model) closeCompare() error {
	c := m.cmp
	m.cmp = nil
	err := m.takeBack(c.sides[0], c.sides[1])
	if errors.Is(err, errWarming) {
		m.cmp = c // open until the run is played ahead (warmFirst)
	}
	return err
}

// defaultPartner is the variant compared with v at first: the last one
// (the most protected, in the built-in scenarios), or the first when v is
// the last.
func defaultPartner(sc *engine.Scenario, v int) int {
	last := len(sc.Variants) - 1
	if v != last {
		return last
	}
	return 0
}

// oneVariantNote is what c says on a scenario of one variant, which it
// would compare with itself: where the variant has a breaker, C compares
// it under two libraries' defaults; and a second design is a [[variants]]
// table of a scenario file, which w writes where it may (canWrite). The
// note named no way to a second design, and neither the knob form nor
// the builder makes one.
func oneVariantNote(sc *engine.Scenario, canWrite bool) string {
	note := sc.Name + " has only one variant: nothing to compare it with"
	if hasBreaker(sc, 0) {
		note += "; C compares its breaker under two libraries' defaults"
	}
	if canWrite {
		return note + "; for another design, w writes it as a file: add [[variants]] there and open it"
	}
	return note + "; another design is a [[variants]] table of a scenario file"
}

// sideName names a side for its header and the projector: "variant 1,
// one shared pool". The number bare before the name read as one word of
// it ("1 one shared pool"); sideShortName is the form for a narrow half.
func sideName(sc *engine.Scenario, s *compareSide) string {
	return sideNamed(fmt.Sprintf("variant %d, %s", s.variant+1, sc.Variants[s.variant].Name), s)
}

// sideShortName is sideName in fewer columns, numbered as a list is:
// "1. one shared pool". One column more than the number alone, so that a
// half that held the number, the name and the breaker's state still does.
func sideShortName(sc *engine.Scenario, s *compareSide) string {
	return sideNamed(fmt.Sprintf("%d. %s", s.variant+1, sc.Variants[s.variant].Name), s)
}

// sideNamed adds to a side's variant its preset, if any.
func sideNamed(name string, s *compareSide) string {
	if s.preset != "" {
		name += " · " + presetLabel(s.preset) + " defaults"
	}
	return name
}

// presetLabel is a preset's library, as a learner knows it: "Polly v8".
func presetLabel(name string) string {
	if p, err := breaker.PresetNamed(name); err == nil {
		return p.Library
	}
	return name
}

// success is an endpoint's share of requests answered ok, and of those
// answered by a fallback: of the measurement window's arrivals once it has
// some, else of every arrival so far. The shares are engine/report's, the
// ones `breakerlab run` prints, so a request still waiting for its answer
// counts as not (yet) ok.
func success(s *engine.Snapshot, useWindow bool, e int) (ok, fallback float64, n uint64) {
	c := counts(s, useWindow, e)
	return c.Share(engine.OK), c.Share(engine.Fallback), c.Arrived
}

// counts are an endpoint's requests: of the measurement window, or every
// one so far.
func counts(s *engine.Snapshot, useWindow bool, e int) report.Tally {
	if useWindow {
		return report.WindowTally(&s.Endpoints[e])
	}
	return report.RunTally(&s.Endpoints[e])
}

// windowBegun says whether every endpoint of both snapshots has arrivals
// in the measurement window, so the shares can be the window's.
func windowBegun(snaps ...*engine.Snapshot) bool {
	for _, s := range snaps {
		for e := range s.Endpoints {
			if s.Endpoints[e].WindowArrived == 0 {
				return false
			}
		}
	}
	return true
}

// Difference writes the one-line difference of each endpoint's success
// share between two snapshots of the same scenario: "search ok: 39.0% →
// 100.0% (+61.0 points)", with the fallback share when either side has
// one. It returns a title saying which requests the shares count, then
// the lines.
func Difference(a, b *engine.Snapshot) (string, []string) {
	useWindow := windowBegun(a, b)
	title := "Requests so far: the share answered ok, left → right"
	if useWindow {
		// A long run's window reads as its notes write a time: "from
		// 10 s on" sat under axes in hours.
		long := longMoment(a.Duration)
		from, to := long.Or(a.MeasureFrom, 0, pane.SecondsShort(a.MeasureFrom)), long.Or(a.MeasureTo, 0, pane.SecondsShort(a.MeasureTo))
		title = fmt.Sprintf("Requests arriving from %s on: the share answered ok, left → right", from)
		if a.MeasureTo > 0 && a.MeasureTo < a.Duration {
			title = fmt.Sprintf("Requests arriving %s–%s: the share answered ok, left → right", from, to)
		}
	}
	var lines []string
	for e := range min(len(a.Endpoints), len(b.Endpoints)) {
		okA, fbA, nA := success(a, useWindow, e)
		okB, fbB, nB := success(b, useWindow, e)
		name := a.Endpoints[e].Name
		if nA == 0 || nB == 0 {
			lines = append(lines, name+" ok: no requests yet")
			continue
		}
		line := fmt.Sprintf("%s ok: %s → %s (%s)", name, pct(okA), pct(okB), points(shownDiff(okA, okB)))
		if fbA > 0 || fbB > 0 {
			line += fmt.Sprintf("; fallback %s → %s", pct(fbA), pct(fbB))
		}
		ca, cb := counts(a, useWindow, e), counts(b, useWindow, e)
		if wa, wb := ca.WaitingShare(), cb.WaitingShare(); pct(wa) != "0.0%" || pct(wb) != "0.0%" {
			// The shares are of every arrival: say how many have no
			// answer yet, so a share short of 100% is not read as failed.
			line += fmt.Sprintf("; waiting %s → %s", pct(wa), pct(wb))
		}
		if pct(okA) == pct(okB) && pct(fbA) == pct(fbB) {
			// Neither share moved: say how the rest ended instead (failing
			// fast rather than timing out, say).
			for _, o := range []engine.Outcome{engine.Rejected, engine.Failed} {
				if x, y := ca.Share(o), cb.Share(o); pct(x) != pct(y) {
					line += fmt.Sprintf("; %s %s → %s", o, pct(x), pct(y))
				}
			}
		}
		lines = append(lines, line)
	}
	return title, lines
}

// shortDifferences are the difference in one line for small windows, from
// the most detailed to the shortest, for the caller to take the first that
// fits: "ok, left → right: search 39.0%→100.0% (+61.0) · ...".
func shortDifferences(a, b *engine.Snapshot, final bool) []string {
	useWindow := windowBegun(a, b)
	var long, mid, brief []string
	// The short forms name each endpoint's outcome that changed most (a
	// fallback rising from 0 % to 75 % says more than ok at 0 % on both
	// sides), biggest change first, so that what is cut is what changed
	// least.
	type change struct {
		size       float64
		mid, brief string
	}
	var changes []change
	for e := range min(len(a.Endpoints), len(b.Endpoints)) {
		okA, fbA, nA := success(a, useWindow, e)
		okB, fbB, nB := success(b, useWindow, e)
		if nA == 0 || nB == 0 {
			continue
		}
		name := a.Endpoints[e].Name
		d := strconv.FormatFloat(100*shownDiff(okA, okB), 'f', 1, 64)
		if okB >= okA {
			d = "+" + d
		}
		fb := ""
		if fbA > 0 || fbB > 0 {
			fb = fmt.Sprintf(", fallback %s→%s", pct(fbA), pct(fbB))
		}
		long = append(long, fmt.Sprintf("%s %s→%s (%s%s)", name, pct(okA), pct(okB), d, fb))
		c := change{size: math.Abs(okB - okA),
			mid:   fmt.Sprintf("%s ok %s→%s", name, pct(okA), pct(okB)),
			brief: fmt.Sprintf("%s ok %s→%s", name, pctShort(okA), pctShort(okB))}
		if math.Abs(fbB-fbA) > c.size {
			c = change{size: math.Abs(fbB - fbA),
				mid:   fmt.Sprintf("%s fallback %s→%s", name, pct(fbA), pct(fbB)),
				brief: fmt.Sprintf("%s fallback %s→%s", name, pctShort(fbA), pctShort(fbB))}
		}
		changes = append(changes, c)
	}
	slices.SortStableFunc(changes, func(x, y change) int { return cmp.Compare(y.size, x.size) })
	for _, c := range changes {
		mid, brief = append(mid, c.mid), append(brief, c.brief)
	}
	if len(long) == 0 {
		return []string{"ok share, left → right: no requests yet"}
	}
	// Final shares (the run played out, as `breakerlab run` prints them)
	// say so on every form; the forms that name fewer endpoints give up
	// "changed most" for the mark rather than an endpoint.
	head, most, few := "", "changed most", "changed most: "
	if final {
		head, most, few = "final ", "final, changed most", "final: "
	}
	if !slices.ContainsFunc(changes, func(c change) bool { return c.size > 0 }) {
		// Both sides alike: "changed most: search ok 0%→0%" named a
		// change there was none of.
		most, few = "no change", "no change: "
		if final {
			most, few = "final, no change", "final, no change: "
		}
	}
	out := []string{
		head + "ok share, left → right: " + strings.Join(long, " · "),
		head + "ok, left → right: " + strings.Join(long, " · "),
		most + ", left → right: " + strings.Join(mid, " · "),
		most + ": " + strings.Join(brief, " · "),
	}
	// Then fewer endpoints, those that changed least left out, and said
	// to be, as endpoints: never one cut in the middle. A bare "(1 more)"
	// left a new user guessing one more what; "and" gives way before an
	// endpoint named does.
	for k := len(brief) - 1; k >= 1; k-- {
		rest, word := len(brief)-k, "endpoints"
		if rest == 1 {
			word = "endpoint"
		}
		named := few + strings.Join(brief[:k], " · ")
		out = append(out, named+fmt.Sprintf(" (and %d more %s)", rest, word), named+fmt.Sprintf(" (%d more %s)", rest, word))
	}
	return out
}

func pct(f float64) string { return report.Percent1(f) }

// pctShort is pct at no decimals, under its rule: a share above none
// never reads 0, nor one short of all 100 (api-gateway's 0.1 % read "0%").
func pctShort(f float64) string { return report.PercentDigits(f, 0) }

// shownDiff is b-a as the two shares read on screen (pct): the points
// beside "55.1% → 51.7%" are -3.4, where the unrounded shares' -3.3 did
// not add up for a reader who checks it. A share pct writes as a bound
// ("<0.1%") has no figure to take: then the shares themselves.
func shownDiff(a, b float64) float64 {
	ra, errA := strconv.ParseFloat(strings.TrimSuffix(pct(a), "%"), 64)
	rb, errB := strconv.ParseFloat(strings.TrimSuffix(pct(b), "%"), 64)
	if errA != nil || errB != nil {
		return b - a
	}
	return (rb - ra) / 100
}

// points writes a difference of shares in percentage points, signed.
func points(d float64) string {
	p := 100 * d
	s := strconv.FormatFloat(p, 'f', 1, 64)
	switch {
	case s == "0.0" || s == "-0.0":
		return "no change"
	case p > 0:
		s = "+" + s
	}
	return s + " points"
}

// refreshCompare hands both sides' snapshots to their panes and works out
// the headers and the difference.
func (m *Model) refreshCompare() {
	c := m.cmp
	for i, s := range c.sides {
		d := s.sim.data()
		s.pool.SetData(d)
		// The log writes its times as ]'s note on the side does, from
		// the same transitions; none on an error, which the sim shows.
		ts, err := m.sideTransitions(i)
		if err != nil {
			ts = nil
		}
		s.brk.SetRunTransitions(ts)
		s.brk.SetData(d)
		s.out.SetData(d)
		s.inf.SetData(d)
		c.breakerNow[i] = breakerState(&s.sim.snap)
		tag := " " + m.th.Selected.Render(" "+string(rune('A'+i))+" ") + " "
		name := sideName(s.sim.sc, s)
		state, bareState := "", ""
		if c.breakerNow[i] != "" {
			state = m.th.Dim.Render(" · ") + c.breakerNow[i]
			// "OPEN" alone, for a half too narrow for "breaker OPEN".
			bareState = m.th.Dim.Render(" · ") + strings.TrimPrefix(c.breakerNow[i], "breaker ")
		}
		// The longest header first; View takes the first pair that fits
		// (pairFitting). Both sides' lists say the same at each place,
		// the breaker's state in the first five, so that a side never
		// shows its state while the other's, longer, goes without. The
		// last, the name whole, is the one a line of its own shows.
		full, bare := tag+m.th.Bold.Render(name)+state, tag+m.th.Bold.Render(name)
		mid := tag + m.th.Bold.Render(sideShortName(s.sim.sc, s))
		short := mid
		if s.preset != "" {
			short = tag + m.th.Bold.Render(fmt.Sprintf("%d · %s defaults", s.variant+1, presetLabel(s.preset)))
		}
		c.heads[i] = []string{full, mid + state, short + state, mid + bareState, short + bareState, mid, short, bare}
	}
	// At the end of the traffic the shares are the final ones, the run
	// played out through its drain, as `breakerlab run` counts them.
	da, db := c.sides[0].sim.data(), c.sides[1].sim.data()
	a, b := da.Settled(), db.Settled()
	c.diffTitle, c.diffs = Difference(a, b)
	c.diffTitles = []string{c.diffTitle}
	final := da.Final != nil && db.Final != nil
	if final {
		// The mark is what says these are `breakerlab run`'s numbers, so
		// a narrower window shortens it and never drops it: at 100×30 the
		// line lost it for want of the words after it. The last form
		// puts it first, where a cut at the end cannot take it.
		c.diffTitles = []string{c.diffTitle + " · final, as `breakerlab run` counts", c.diffTitle + " · final", "final · " + c.diffTitle}
	}
	c.diffShort = shortDifferences(a, b, final)
	sc := m.sim.sc
	m.status.SetInfo(pane.StatusInfo{
		Playing:  m.clock.Playing(),
		Finished: m.now() >= m.end(),
		Speed:    m.clock.Speed(),
		Now:      m.now(),
		Duration: m.end(),
		Unit:     chart.SpanUnit(m.end()),
		Scenario: sc.Name,
		Variant:  fmt.Sprintf("compare %s vs %s", sideTag(c.sides[0]), sideTag(c.sides[1])),
		Seed:     m.sim.seed,
		Edited:   m.sim.edited,
		Note:     m.note, NoteIsErr: m.noteErr, NoteShort: m.noteShort,
	})
	m.layout()
}

// sideTag is a side in a few characters: "3" or "3/polly".
func sideTag(s *compareSide) string {
	t := strconv.Itoa(s.variant + 1)
	if s.preset != "" {
		t += "/" + s.preset
	}
	return t
}

// breakerState is the state of the first breaker, in words: "breaker OPEN".
func breakerState(s *engine.Snapshot) string {
	for _, d := range s.Dependencies {
		if d.Breaker != nil {
			return "breaker " + strings.ToUpper(d.Breaker.State.String())
		}
	}
	return ""
}

// compareRects is how compare mode divides the body: rows of pane pairs.
type compareRects struct {
	pool, brk, out, inf int
	diff                int  // lines of the difference block
	long                bool // one line per endpoint
	// heads is 2 when a side's header does not fit its half: each then
	// has a line of its own, its variant's name whole.
	heads int
}

// planCompare fits the pane rows in the body: the outcomes first (the
// difference is about them), then the pool, then the breaker, then the
// calls in flight when there is room to spare.
func (m *Model) planCompare() compareRects {
	c := m.cmp
	body := m.h - 3
	half := m.w / 2
	var r compareRects
	r.diff = 1
	if body >= 27 {
		r.long, r.diff = true, 1+len(c.diffs)
	}
	r.heads = 1
	for i, w := range []int{half, m.w - half} {
		if ansi.StringWidth(fitting(c.heads[i], w)) > w {
			r.heads = 2
		}
	}
	avail := body - r.heads - r.diff // less the side headers
	poolNeed, brkNeed := 0, 0
	for _, s := range c.sides {
		poolNeed = max(poolNeed, s.pool.Needs(half))
		brkNeed = max(brkNeed, s.brk.Needs(m.w-half))
	}
	const outMin, poolMin, brkMin, infMin = 9, 5, 4, 8
	r.out = outMin
	r.pool = min(poolNeed, max(poolMin, avail/4))
	r.brk = brkNeed
	if r.pool+r.brk+r.out > avail {
		r.brk = avail - r.pool - r.out
		if r.brk < brkMin {
			r.brk = 0
		}
	}
	if r.pool+r.brk+r.out > avail {
		r.pool = max(avail-r.out-r.brk, poolMin)
	}
	r.out = max(avail-r.pool-r.brk, 0)
	if r.out >= outMin+infMin+4 {
		r.inf = max(infMin, r.out*2/5)
		r.out -= r.inf
	}
	return r
}

// layoutCompare sizes both sides' panes.
func (m *Model) layoutCompare() {
	r := m.planCompare()
	half := m.w / 2
	for i, s := range m.cmp.sides {
		w := half
		if i == 1 {
			w = m.w - half
		}
		s.pool.SetSize(w, r.pool)
		if p, ok := s.pool.(*pane.Pool); ok {
			p.WordsAt(half) // the narrower side's words on both
		}
		s.brk.SetSize(w, r.brk)
		s.out.SetSize(w, r.out)
		s.inf.SetSize(w, r.inf)
	}
	// The two sides' calls in flight, side by side to be compared, on one
	// y scale, the larger of their own: each on its own, a side whose
	// line tops out at 12 on an axis to 12 looked as busy as one at 20
	// on an axis to 20. After the sizes, which the scale is laid out on.
	a, b := m.cmp.sides[0].inf, m.cmp.sides[1].inf
	top := max(a.ScaleTop(), b.ScaleTop())
	a.ShareScale(top)
	b.ShareScale(top)
}

// compareView is the body in compare mode: the side headers, the pane
// rows, then the difference.
func (m Model) compareView(lines []string) []string {
	c := m.cmp
	r := m.planCompare()
	half := m.w / 2
	if r.heads == 2 {
		a, b := pairFitting(c.heads, m.w, m.w)
		lines = append(lines, pane.Fit(a, m.w), pane.Fit(b, m.w))
	} else {
		a, b := pairFitting(c.heads, half, m.w-half)
		lines = append(lines, pane.Fit(a, half)+pane.Fit(b, m.w-half))
	}
	a, b := c.sides[0], c.sides[1]
	if r.pool > 0 {
		lines = playback.SideBySide(lines, a.pool.View(), b.pool.View(), r.pool)
	}
	if r.brk > 0 {
		lines = playback.SideBySide(lines, a.brk.View(), b.brk.View(), r.brk)
	}
	lines = playback.SideBySide(lines, a.out.View(), b.out.View(), r.out)
	if r.inf > 0 {
		lines = playback.SideBySide(lines, a.inf.View(), b.inf.View(), r.inf)
	}
	if r.long {
		lines = append(lines, pane.Fit(" "+m.th.Bold.Render(fitting(c.diffTitles, m.w-1)), m.w))
		for _, d := range c.diffs {
			lines = append(lines, pane.Fit("   "+d, m.w))
		}
	} else {
		short := make([]string, len(c.diffShort))
		for i, d := range c.diffShort {
			short[i] = " " + m.th.Bold.Render(d)
		}
		lines = append(lines, pane.Fit(fitting(short, m.w), m.w))
	}
	return lines
}

// fitting is the first of the texts, longest first, that fits in w cells,
// or the last.
func fitting(texts []string, w int) string {
	for _, t := range texts {
		if ansi.StringWidth(t) <= w {
			return t
		}
	}
	return texts[len(texts)-1]
}

// pairFitting is the first pair of the two sides' headers, at the same
// place in their lists, that fit wa and wb cells; else the last pair.
func pairFitting(heads [2][]string, wa, wb int) (a, b string) {
	n := min(len(heads[0]), len(heads[1]))
	for k := range n {
		if ansi.StringWidth(heads[0][k]) <= wa && ansi.StringWidth(heads[1][k]) <= wb {
			return heads[0][k], heads[1][k]
		}
	}
	return heads[0][n-1], heads[1][n-1]
}

// compareKey handles the keys that mean something else in compare mode,
// and reports whether it took the key: tab and 1-9 pick the right side's
// variant, { and } the left's, x swaps, p and P step through breaker
// presets. (c and esc, which leave, are the model's.)
func (m *Model) compareKey(k tea.KeyMsg) bool {
	c := m.cmp
	n := len(m.sim.sc.Variants)
	a, b := c.sides[0], c.sides[1]
	switch {
	case key.Matches(k, m.keys.NextVariant):
		m.setSide(1, (b.variant+1)%n, b.preset)
	case key.Matches(k, m.keys.PrevVariant):
		m.setSide(1, (b.variant+n-1)%n, b.preset)
	case key.Matches(k, m.keys.Variant):
		if v := int(k.Runes[0] - '1'); v >= n {
			m.setNote(m.sim.sc.Name+" has "+pane.Counted(n, "variant", "variants"), true)
		} else {
			m.setSide(1, v, b.preset)
		}
	case key.Matches(k, m.keys.LeftNext):
		m.setSide(0, (a.variant+1)%n, a.preset)
	case key.Matches(k, m.keys.LeftPrev):
		m.setSide(0, (a.variant+n-1)%n, a.preset)
	case key.Matches(k, m.keys.Swap):
		c.sides[0], c.sides[1] = b, a
		m.setNote("sides swapped", false)
	case key.Matches(k, m.keys.Preset):
		m.nextPreset(1)
	case key.Matches(k, m.keys.PresetLeft):
		m.nextPreset(0)
	default:
		return false
	}
	return true
}

// setSide puts variant v on side i, keeping its preset when the variant
// has a breaker for it to replace.
func (m *Model) setSide(i, v int, preset string) {
	sc := m.sim.sc
	note := fmt.Sprintf("%s: variant %d, %s", sideWord(i), v+1, sc.Variants[v].Name)
	if preset != "" && !hasBreaker(sc, v) {
		preset = ""
		note += " (no breaker, so no preset)"
	}
	if m.report(m.showSide(i, v, preset)) {
		m.setNote(note, false)
	}
}

// nextPreset steps side i to the next library's breaker defaults, or back
// to the variant's own breaker after the last.
func (m *Model) nextPreset(i int) {
	s := m.cmp.sides[i]
	if !hasBreaker(m.sim.sc, s.variant) {
		m.setNote(fmt.Sprintf("%s: variant %d has no breaker to replace; %s", sideWord(i), s.variant+1, withBreakers(m.sim.sc)), true)
		return
	}
	names := presetNames()
	cur := 0
	for j, n := range names {
		if n == s.preset {
			cur = j
		}
	}
	next := names[(cur+1)%len(names)]
	if o := m.cmp.sides[1-i]; o.variant == s.variant && o.preset == next {
		// The other side's breaker already: the two runs would be one
		// (after C, P put Polly's on the left against Polly's), so the
		// step goes on to the library after it.
		next = names[(cur+2)%len(names)]
	}
	if !m.report(m.showSide(i, s.variant, next)) {
		return
	}
	if next == "" {
		m.setNote(fmt.Sprintf("%s: the variant's own breaker", sideWord(i)), false)
		return
	}
	p, _ := breaker.PresetNamed(next)
	m.setNote(fmt.Sprintf("%s: %s", sideWord(i), p.Source), false)
	// Where the source does not fit, the library and the command that
	// prints its source and its caveat.
	m.noteShort = fmt.Sprintf("%s: %s defaults (breakerlab presets %s)", sideWord(i), p.Library, p.Name)
}

// comparePresets opens (or turns compare mode into) one variant under
// Resilience4j's defaults on the left and Polly's on the right: the shown
// variant if it has a breaker, else the first that has one.
func (m *Model) comparePresets() {
	sc := m.sim.sc
	v := m.sim.variant
	if m.cmp != nil {
		v = m.cmp.sides[1].variant
	}
	if !hasBreaker(sc, v) {
		v = -1
		for i := range sc.Variants {
			if hasBreaker(sc, i) {
				v = i
				break
			}
		}
	}
	if v < 0 {
		m.setNote(fmt.Sprintf("no variant of %s has a breaker to compare", sc.Name), true)
		return
	}
	if m.report(m.openCompare(v, v, "resilience4j", "polly")) {
		m.setNote(fmt.Sprintf("variant %d: Resilience4j's defaults against Polly's; p and P try the others", v+1), false)
	}
}

func sideWord(i int) string {
	if i == 0 {
		return "left"
	}
	return "right"
}
