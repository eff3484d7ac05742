package sandbox

import (
	"fmt"
	"slices"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/mappane"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/breakerlab/breakerlab/tui/tiles"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// The arrangement: a large window shows more panes, not bigger ones. Every
// pane says how tall it must be, how tall it would like to be and how tall
// it can usefully get (a pool with a cell per worker; a chart with as many
// rows as its values take steps); the panes go into two columns in the
// order of what the run is about, each column filled to the wishes of its
// panes, and a pane that finds no room is named at the foot of a column
// with the way to see it. A chart that would say nothing over the whole
// run (no dependency ever has more than one call in flight; every answer
// takes under a millisecond) gives way, and the foot says so too. In a
// short window a pool that leaves too few rows under it for the outcomes
// takes the breaker under it instead, and a pane keeps no rows it cannot
// draw in: the right column's charts get them.

// paneID names a pane of the main view; the order is the order top to
// bottom within a column.
type paneID int

const (
	pPool paneID = iota
	pBreaker
	pOverview
	pOutcomes
	pTenants // with tenants
	pHistory
	pInFlight
	pChain // with services, in the in-flight chart's place
	pFleet // with a service of several instances, room allowing
	pLatency
	pMap        // the system's map (tui/mappane), room allowing
	pTiles      // a tile per circuit, with several breakers (tui/tiles)
	pTaskCharts // a tasks server's memory and loop (tasks_panes.go)
	numPanes
)

// paneNames are the panes' names in the foot's words.
var paneNames = [numPanes]string{"worker pool", "breaker", "dependencies at a glance", "outcomes", "tenants", "breaker history",
	"calls in flight", "call chain", "fleet (I shows it)", "latency", "map", "circuit tiles", "memory and loop"}

// extraPanes are the panes the sandbox shows when there is room, and what
// the layout knows about the whole run.
type extraPanes struct {
	hist *chart.History
	lat  *chart.Latency
	ovw  *pane.Overview
	// The bigger systems' panes (issue 14): the chain of services, a
	// fleet's instances (Model.fleetOpen shows it over the whole body)
	// and the tenants.
	chain   *pane.Chain
	fleet   *pane.Fleet
	tenants *pane.Tenants
	// The map of the system and the circuits' tiles (issue 24).
	mapv  *mappane.Model
	tiles *tiles.Model
	tasks *tasksPanes // a tasks server's, in the pool's place (tasks_panes.go)
	prof  profile
	// seen are the profiles and latency charts of the other variants shown
	// on the run's scenario and seed, which a switch back to one takes up
	// again: its profile is its whole run's, and its chart keeps the
	// percentiles of its finished columns for its run's generation (a
	// kept run keeps its generation: variants.go).
	seen   []variantPanes
	latGen uint64 // the generation of the data lat was last given
	arr    arrangement
	th     *theme.Theme
}

// variantPanes are what the extra panes keep of a variant not shown: its
// profile, and its latency chart while the sim keeps its run of
// generation gen.
type variantPanes struct {
	prof profile
	lat  *chart.Latency
	gen  uint64
}

func newExtraPanes(th *theme.Theme) *extraPanes {
	return &extraPanes{th: th, hist: chart.NewHistory(th), lat: chart.NewLatency(th), ovw: pane.NewOverview(th),
		chain: pane.NewChain(th), fleet: pane.NewFleet(th), tenants: pane.NewTenants(th),
		mapv: mappane.New(th), tiles: tiles.New(th), tasks: newTasksPanes(th)}
}

// profile is what the layout needs to know about the whole run, from the
// same run played to its end: whether a chart would say anything.
type profile struct {
	sc      *engine.Scenario
	variant int
	seed    uint64
	ok      bool
	// given says the profile of a long run was stopped (esc, work.go):
	// the layout shows every pane, and the profile is not asked again.
	given bool

	peakInFlight int    // the most calls in flight at any dependency
	maxLatency   uint32 // the longest answer, µs
	breakers     int
	transitions  int // the most any one breaker makes
	// awayMost is what each bulkhead has turned away by the end: the pool
	// keeps rows for those counts only (pane.Pool.ReserveTurnedAway).
	awayMost map[string]uint64
	// trans are the run's transitions, every one: the breaker pane writes
	// their times as `breakerlab run` lists them
	// (pane.Breaker.SetRunTransitions).
	trans []engine.Transition
}

// flatInFlight says the in-flight chart would stay at 0–1 all run.
func (p *profile) flatInFlight() bool { return p.ok && p.peakInFlight <= 1 }

// flatLatency says every answer of the run took under a millisecond.
func (p *profile) flatLatency() bool { return p.ok && p.maxLatency < 1000 }

// setData hands the snapshot to the extra panes, and works out the profile
// when the run is a new one.
func (x *extraPanes) setData(d pane.Data, s *sim) {
	x.takeVariant(s)
	x.hist.SetData(d)
	x.lat.SetData(d)
	x.latGen = d.Gen
	x.ovw.SetData(d)
	x.chain.SetData(d)
	x.fleet.SetData(d)
	x.tenants.SetData(d)
	x.mapv.SetData(d)
	x.tiles.SetData(d)
	x.tasks.setData(d)
	p := &x.prof
	same := p.sc == s.sc && p.variant == s.variant && p.seed == s.seed
	if (p.ok || p.given) && same {
		return
	}
	if !same {
		*p = profile{sc: s.sc, variant: s.variant, seed: s.seed}
	}
	if longProfile(s.sc) {
		// The model's work plays the run to its end (work.go,
		// profileWork), unless the run shown has played there already
		// or the program has played the same run before (profiles.go):
		// a day-long run opened again was played to its end again, a
		// hitch of seconds on every opening.
		if s.final != nil {
			p.fill(s.final)
		} else if q, ok := profiles.get(s.sc, s.variant, s.seed); ok {
			q.sc = s.sc
			*p = q
		}
		return
	}
	// A run within directSpan is played to its end here, unless the
	// program has played the same one before (profiles.go).
	if q, ok := profiles.runProfile(s.sc, s.variant, s.seed); ok {
		*p = q
	} // else the sim reports the error; the layout shows every pane
}

// fill works the profile out of end, the run's snapshot at its end.
func (p *profile) fill(end *engine.Snapshot) {
	p.ok = true
	p.awayMost = map[string]uint64{}
	for i := range end.Dependencies {
		d := &end.Dependencies[i]
		p.peakInFlight = max(p.peakInFlight, d.InFlightMax)
		if d.BulkheadCap > 0 {
			p.awayMost[d.Name] = d.BulkheadFull
		}
	}
	for i := range end.Endpoints {
		if l := end.Endpoints[i].Latencies; len(l) > 0 {
			p.maxLatency = max(p.maxLatency, slices.Max(l))
		}
	}
	p.breakers = pane.BreakerCount(end)
	p.trans = end.Transitions
	per := map[string]int{}
	for _, t := range end.Transitions {
		per[t.Dependency]++
		p.transitions = max(p.transitions, per[t.Dependency])
	}
}

// takeVariant makes the profile and the latency chart the shown
// variant's: the ones it had when last shown, or no profile yet and a new
// chart, keeping the ones of the variant shown until now. A chart is kept
// only while its run is (sim.kept): another run of the variant is another
// generation, which the chart would work out anew.
func (x *extraPanes) takeVariant(s *sim) {
	p := &x.prof
	if p.sc == s.sc && p.variant == s.variant && p.seed == s.seed {
		return
	}
	if p.ok {
		x.seen = append(x.seen, variantPanes{prof: *p, lat: x.lat, gen: x.latGen})
	}
	x.seen = slices.DeleteFunc(x.seen, func(v variantPanes) bool { return v.prof.sc != s.sc || v.prof.seed != s.seed })
	for i := range x.seen {
		if v := &x.seen[i]; v.lat != nil && !s.kept.keeps(v.prof.variant, v.gen) && !(v.prof.variant == s.variant && v.gen == s.gen) {
			v.lat = nil
		}
	}
	*p, x.lat = profile{sc: s.sc, variant: s.variant, seed: s.seed}, nil
	for i, v := range x.seen {
		if v.prof.variant == s.variant {
			x.prof, x.lat = v.prof, v.lat
			x.seen = slices.Delete(x.seen, i, i+1)
			break
		}
	}
	if x.lat == nil {
		x.lat = chart.NewLatency(x.th)
	}
}

// slot is a pane's place: its column and height (the order within the
// column is the panes' order).
type slot struct {
	id paneID
	h  int
}

// arrangement is the layout of the main view for one window and run.
type arrangement struct {
	key    arrangeKey
	widths [2]int
	cols   [2][]slot
	// foot is, per column, the note set into the bottom edge of its last
	// pane: what is not shown.
	foot [2]string
	// hidden names the panes that found no room, which the foot names.
	hidden []string
}

type arrangeKey struct {
	w, h    int
	sc      *engine.Scenario
	variant int
	seed    uint64
	gen     uint64
	has     bool // the variant has a breaker
	// What the bigger systems bring: services, a fleet, tenants.
	services, fleet, tenants bool
	// profiled says the run's profile was known: a long run's arrives
	// after its first screen (work.go, profileWork), and what it says
	// (the breaker log's rows, the pool's turned-away rows, the charts
	// left out) must move the arrangement then. Without it the screen
	// kept the layout made before the profile until the window's size
	// changed, so a sandbox resized to a size drew another breaker log
	// than one made at that size.
	profiled bool
}

// sizes is what a pane asks for: at least min, ideally want, at most max.
type sizes struct{ min, want, max int }

// ask is what pane id asks for at width w.
func (m *Model) ask(id paneID, w int) sizes {
	x := m.xp
	switch id {
	case pPool:
		if x.tasks.on {
			return x.tasks.left.ask()
		}
		return sizes{m.pool.MinHeight(w), m.pool.Needs(w), m.pool.Needs(w)}
	case pBreaker:
		// Room for the whole log of the run, when there is room to spare.
		n := m.brk.Needs(w)
		more := 0
		// Room for the log only where the pane shows a breaker: one
		// saying there is none at the front has nothing more to say.
		if _, has := m.brk.Showing(); has && x.prof.transitions > 3 {
			more = min(x.prof.transitions-3, 12)
		}
		return sizes{min(m.brk.MinHeight(w), n), n, n + more}
	case pOverview:
		n := x.ovw.Needs()
		return sizes{n, n, n}
	case pOutcomes:
		n := len(m.sim.snap.Endpoints)
		// Bands of one row at the least, four to read the shares by, eight
		// at the most; an axis, a legend of one or two lines, the frame.
		frame := 2 + 2
		return sizes{frame + n + 1, frame + 4*n + (n - 1) + 2, frame + 8*n + (n - 1) + 2}
	case pHistory:
		rows := 3
		for i := range m.sim.snap.Dependencies {
			if b := m.sim.snap.Dependencies[i].Breaker; b != nil {
				rows = max(rows, chart.HistoryRows(b.Config))
			}
		}
		return sizes{x.hist.HistoryHeight(w, 2), x.hist.HistoryHeight(w, min(rows, 6)), x.hist.HistoryHeight(w, rows)}
	case pInFlight:
		// Eleven rows at the least: at 80 columns the legend takes three,
		// and the plot keeps four, so that a cap never sits on the 0 row.
		return sizes{11, 13, 18}
	case pTaskCharts:
		return x.tasks.right.ask()
	case pLatency:
		return sizes{x.lat.LatencyHeight(w, 4), x.lat.LatencyHeight(w, 8), x.lat.LatencyHeight(w, 12)}
	case pChain:
		return sizes{x.chain.MinHeight(w), x.chain.Needs(w), x.chain.Max(w)}
	case pFleet:
		// The fleet's footer counted as one layout holds all run (its
		// Needs counts it as it reads now).
		return sizes{x.fleet.RunMinHeight(w), x.fleet.RunNeeds(w), x.fleet.RunNeeds(w)}
	case pTenants:
		// The note counted as one layout holds all run (its Needs counts
		// it as it reads now).
		return sizes{x.tenants.MinHeight(), x.tenants.RunNeeds(w), x.tenants.RunNeeds(w)}
	case pMap:
		x.mapv.SetSize(w, 0) // the map's columns depend on its width
		return sizes{x.mapv.MinHeight(), x.mapv.Needs(), x.mapv.Max()}
	case pTiles:
		n := x.tiles.Needs(w)
		return sizes{x.tiles.MinHeight(), n, n}
	}
	return sizes{}
}

// arrange lays the main view out for the window, unless nothing it depends
// on changed.
func (m *Model) arrange() *arrangement {
	x := m.xp
	snap := &m.sim.snap
	key := arrangeKey{w: m.w, h: m.h, sc: m.sim.sc, variant: m.sim.variant, seed: m.sim.seed, gen: m.sim.gen, has: pane.BreakerCount(snap) > 0,
		services: len(snap.Services) > 0, fleet: pane.FirstFleet(snap) != "", tenants: len(snap.Tenants) > 0, profiled: x.prof.ok}
	if x.arr.key == key && x.arr.cols[0] != nil {
		return &x.arr
	}
	a := arrangement{key: key}
	body := m.h - 3
	a.widths[0] = min(max(m.w*45/100, 36), m.w-44)
	a.widths[1] = m.w - a.widths[0]
	p := &x.prof
	has := key.has
	// What the run is about comes first: the pool, the breaker, the
	// outcomes, then the chart the right column leads with: the history
	// where calls in flight never pile up and a breaker is the story.
	historyMain := has && p.flatInFlight()
	type want struct {
		id   paneID
		home int
	}
	order := []want{{pPool, 0}, {pBreaker, 1}, {pOutcomes, 0}}
	var flat []string
	switch {
	case key.services:
		// A chain of services: the chain, hop by hop, says what the
		// in-flight chart says of one server, and more.
		order = append(order, want{pChain, 1})
		historyMain = false
	case historyMain:
		order = append(order, want{pHistory, 1})
	default:
		order = append(order, want{pInFlight, 1})
	}
	if key.tenants {
		order = append(order, want{pTenants, 0})
	}
	if key.fleet {
		order = append(order, want{pFleet, 1})
	}
	// The map (the whole system at a glance, every breaker on its edge),
	// then the dependencies' table, then the circuits' tiles where there
	// are several breakers (a fleet's count, one per instance).
	order = append(order, want{pMap, 0})
	if x.tasks.on {
		// A tasks server's memory and loop, after the map (tasks_panes.go).
		order = append(order, want{pTaskCharts, 1})
	}
	if p.breakers > 1 || pane.BreakerCount(&m.sim.snap) > 1 {
		order = append(order, want{pOverview, 1})
	}
	if x.tiles.Breakers() > 1 {
		order = append(order, want{pTiles, 1})
	}
	if has && !historyMain {
		order = append(order, want{pHistory, 1})
	}
	if p.flatInFlight() && !key.services {
		flat = append(flat, "in flight")
	}
	switch {
	case p.flatLatency():
		flat = append(flat, "latency")
	default:
		order = append(order, want{pLatency, 0})
	}
	own := ownTrouble(m.sim.sc, m.sim.variant)
	if own {
		// Nothing piles up at a dependency that never falters: the run's
		// trouble is its own traffic (a tenant's burst, a handler that
		// blocks the loop), which shows first as the wait, then as the
		// tenants' shares and the loop's time. Those panes come before
		// the rest and the calls in flight last; the chart that leads the
		// right column in place of the calls in flight (the chain, the
		// history) keeps its place. The wait comes first because it is a
		// chart: in a short window (noisy-tenant's per-tenant lanes at
		// 80x24) the tenants' table would leave rows blank under it
		// where the chart grows into them.
		rank := func(w want) int {
			switch w.id {
			case pChain, pHistory:
				if w.id == pChain || historyMain {
					return 0
				}
			case pLatency:
				return 1
			case pTenants, pTaskCharts:
				return 2
			case pInFlight:
				return 4
			}
			return 3
		}
		slices.SortStableFunc(order[3:], func(a, b want) int { return rank(a) - rank(b) })
	}
	var asks [numPanes][2]sizes
	for _, o := range order {
		for c := range 2 {
			asks[o.id][c] = m.ask(o.id, a.widths[c])
		}
	}
	// A worker pool that leaves the left column rows to spare but too few
	// for the outcomes (a short window, a pool with a line per bulkhead)
	// has the breaker under it: the rows would stand blank on the left
	// while the right column's charts go short of theirs. Only a breaker
	// that is there to show: the note that there is none reads whole only
	// at the right column's width.
	if room := body - asks[pPool][0].want; !x.tasks.on && has && room < asks[pOutcomes][0].min && room >= asks[pBreaker][0].min {
		order[1].home = 0
	}
	used := [2]int{}
	var hidden []string
	// shortfall is how far the panes of column c, with extra added, fall
	// short of what they would like once grown.
	shortfall := func(c int, extra paneID) int {
		total, short := 0, 0
		ids := []paneID{}
		for _, s := range a.cols[c] {
			ids = append(ids, s.id)
		}
		if extra >= 0 {
			ids = append(ids, extra)
		}
		for _, id := range ids {
			total += asks[id][c].min
		}
		spare := body - total
		for _, id := range ids {
			need := asks[id][c].want - asks[id][c].min
			give := min(need, max(spare, 0))
			spare -= give
			short += need - give
		}
		return short
	}
	// wanted is what column c's panes would like in all.
	wanted := func(c int) int {
		n := 0
		for _, s := range a.cols[c] {
			n += asks[s.id][c].want
		}
		return n
	}
	// nextFits says whether the pane after order[i] still finds a column
	// at its least once order[i] takes column c.
	nextFits := func(i, c int) bool {
		if i+1 >= len(order) {
			return true
		}
		next := order[i+1].id
		for k := range 2 {
			u := used[k]
			if k == c {
				u += asks[order[i].id][c].min
			}
			if u+asks[next][k].min <= body {
				return true
			}
		}
		return false
	}
	for i, o := range order {
		// The column that leaves the next pane a place (at 100x30 the map
		// of rate-limit-vs-bulkhead's variant 7 took the right column's
		// rows, and the latency found none, where both fit with the map
		// on the left); then the one where every pane comes nearest what
		// it would like; between two as good, the one with less in it,
		// so that the columns stay even; between two as even, its own.
		best, bestShort, bestWant, bestNext, bestCols := -1, 0, 0, false, 0
		for _, c := range []int{o.home, 1 - o.home} {
			if i < 3 && c != o.home {
				break // the pool, the breaker and the outcomes keep their column
			}
			if used[c]+asks[o.id][c].min > body {
				continue
			}
			if (o.id == pTiles || o.id == pMap && !key.services) && wanted(c)+asks[o.id][c].min > body {
				// The tiles, and the map of a single server, take no row
				// the panes before them want; a system of services'
				// map is worth a smaller pool.
				continue
			}
			sh, next := shortfall(c, o.id)+shortfall(1-c, -1), nextFits(i, c)
			// The map shows the columns its width holds: where both
			// columns take it, the wider one. Its cells widen as the run
			// goes (a hung call's "28 abandoned", "98.8/s made") while
			// the arrangement made at its start stays, so its columns now
			// are no guide: at 200x60 cascade's map, placed on the left's
			// 90 columns when every cell was short, hid its breaker and
			// refused columns at 26 s, which the right's 110 hold. A
			// system of services' map keeps its rule: it takes rows from
			// the pool, and on the right (fleet-probes) left rows blank.
			cols := 0
			if o.id == pMap && !key.services {
				cols = a.widths[c]
			}
			more := cols > bestCols
			same := cols == bestCols
			if best < 0 || next && !bestNext || next == bestNext && (more || same && (sh < bestShort || (sh == bestShort && wanted(c) < bestWant))) {
				best, bestShort, bestWant, bestNext, bestCols = c, sh, wanted(c), next, cols
			}
		}
		if best < 0 {
			hidden = append(hidden, paneNames[o.id])
			continue
		}
		a.cols[best] = append(a.cols[best], slot{id: o.id, h: asks[o.id][best].min})
		used[best] += asks[o.id][best].min
	}
	// Grow each column's panes to what they would like, in the order of
	// importance, then to what they can use.
	// A run of its own trouble placed its latency chart before its
	// tenants' table and its loop's pane, for the chart to have a place;
	// those grow before it all the same (after the pool, the breaker and
	// the outcomes): below what they would like they leave lines out,
	// where a chart only draws coarser.
	growRank := func(id paneID) int {
		switch {
		case !own || id == pPool || id == pBreaker || id == pOutcomes:
			return 0
		case id == pTenants || id == pTaskCharts:
			return 1
		}
		return 2
	}
	grow := func(c int) {
		for _, level := range []func(s sizes) int{func(s sizes) int { return s.want }, func(s sizes) int { return s.max }} {
			for rank := range 3 {
				for i := range a.cols[c] {
					s := &a.cols[c][i]
					if growRank(s.id) != rank {
						continue
					}
					more := min(max(level(asks[s.id][c])-s.h, 0), body-used[c])
					s.h += more
					used[c] += more
				}
			}
		}
	}
	for c := range 2 {
		grow(c)
	}
	// A column left with rows to spare and no chart to draw taller takes
	// a pane from the other column (a chart first), and both grow again.
	for c := range 2 {
		if body-used[c] <= spareRows || slices.ContainsFunc(a.cols[c], func(s slot) bool { return stretches(s.id) }) {
			continue
		}
		o, pick, score := 1-c, -1, 0
		for i, s := range a.cols[o] {
			if s.id == pPool || s.id == pBreaker || s.id == pOutcomes || asks[s.id][c].min > body-used[c] {
				continue
			}
			sc := s.h
			if stretches(s.id) {
				sc += body
			}
			if pick < 0 || sc > score {
				pick, score = i, sc
			}
		}
		if pick < 0 {
			continue
		}
		a.cols[c] = append(a.cols[c], a.cols[o][pick])
		a.cols[o] = slices.Delete(a.cols[o], pick, pick+1)
		for k := range 2 {
			used[k] = 0
			for i := range a.cols[k] {
				a.cols[k][i].h = asks[a.cols[k][i].id][k].min
				used[k] += a.cols[k][i].h
			}
		}
		grow(0)
		grow(1)
	}
	// A pane given rows it cannot draw in (a tasks server's limits with
	// too few rows under them for a pool's chart) gives them back, for
	// the charts of its column to take.
	for c := range 2 {
		for i := range a.cols[c] {
			s := &a.cols[c][i]
			if u := m.usable(s.id, s.h); u < s.h {
				used[c] -= s.h - u
				s.h = u
			}
		}
	}
	// Rows still to spare, and no chart to take them: a single breaker's
	// tile says what nothing else does (its rolling rate, its latency
	// percentiles, its rate second by second).
	for c := range 2 {
		placed := slices.ContainsFunc(a.cols[0], func(s slot) bool { return s.id == pTiles }) ||
			slices.ContainsFunc(a.cols[1], func(s slot) bool { return s.id == pTiles })
		spare := body - used[c]
		if placed || x.tiles.Count() == 0 || spare <= spareRows || slices.ContainsFunc(a.cols[c], func(s slot) bool { return stretches(s.id) }) {
			continue
		}
		if t := m.ask(pTiles, a.widths[c]); t.min <= spare {
			h := min(t.max, spare)
			a.cols[c] = append(a.cols[c], slot{id: pTiles, h: h})
			used[c] += h
		}
	}
	for c := range 2 {
		fillColumn(a.cols[c], body-used[c])
		slices.SortStableFunc(a.cols[c], func(p, q slot) int { return int(p.id) - int(q.id) })
		// A column with no chart to take its spare row ends where the
		// other does: its last pane takes it, inside its frame, where it
		// stood blank under it and read as a pane cut short (multi-hop's
		// and fleet-probes' right column at 80x24 ended a row above the
		// left). More rows than one stay outside, where they read as
		// room; a pane that gave rows back (usable) keeps them given.
		if col := a.cols[c]; len(col) > 0 && !slices.ContainsFunc(col, func(s slot) bool { return stretches(s.id) }) {
			last := &col[len(col)-1]
			if spare := body - used[c]; spare == 1 && m.usable(last.id, last.h+spare) == last.h+spare {
				last.h += spare
			}
		}
	}
	a.foot = m.footNotes(&a, hidden, flat)
	a.hidden = hidden
	x.arr = a
	// Asking the map its height sized it for the asking (the map's
	// columns depend on its width): every pane gets its place back, so
	// that a view drawn right after a new arrangement draws them whole.
	for c, col := range a.cols {
		for _, s := range col {
			m.paneOf(s.id).SetSize(a.widths[c], s.h)
		}
	}
	return &x.arr
}

// ownTrouble says whether no dependency of variant v of sc falters: none
// of the front's or a service's has a fault, nor does any service's
// instance. What goes wrong then comes with the traffic itself.
func ownTrouble(sc *engine.Scenario, v int) bool {
	sys := &sc.Variants[v].System
	for i := range sys.Dependencies {
		if len(sys.Dependencies[i].Faults) > 0 {
			return false
		}
	}
	for i := range sys.Services {
		svc := &sys.Services[i]
		if len(svc.Faults) > 0 {
			return false
		}
		for j := range svc.Dependencies {
			if len(svc.Dependencies[j].Faults) > 0 {
				return false
			}
		}
	}
	return true
}

// usable is the most of h rows pane id draws something in.
func (m *Model) usable(id paneID, h int) int {
	switch {
	case id == pPool && m.xp.tasks.on:
		return m.xp.tasks.left.usable(h)
	case id == pTaskCharts:
		return m.xp.tasks.right.usable(h)
	}
	return h
}

// fillColumn gives the rows a column has left once every pane has what
// it can use to its charts, evenly (a chart drawn taller reads finer), so
// that a large window shows no blank rows under a column; a column with no
// chart keeps them.
func fillColumn(col []slot, spare int) {
	var charts []int
	for i, s := range col {
		if stretches(s.id) {
			charts = append(charts, i)
		}
	}
	for k, i := range charts {
		give := spare / (len(charts) - k)
		col[i].h += give
		spare -= give
	}
}

// stretches says whether pane id draws finer when taller: the charts
// whose rows are a scale (the breaker history's are its window's, fixed).
func stretches(id paneID) bool { return id == pOutcomes || id == pLatency || id == pInFlight }

// spareRows is the most rows a column may leave blank before it takes a
// pane from the other.
const spareRows = 4

// footNotes say what is not shown and why, in the bottom edges of the
// columns: what found no room (and that a larger window shows it), and
// what was left out because it would say nothing, each in the longest
// words that fit, the two in one edge when they fit together.
func (m *Model) footNotes(a *arrangement, hidden, flat []string) [2]string {
	var notes [][]string // each note's wordings, longest first
	if len(hidden) > 0 {
		var brief []string
		for _, h := range hidden {
			brief = append(brief, briefNames[h])
		}
		them := "them"
		if len(hidden) == 1 {
			them = "it"
		}
		notes = append(notes, []string{
			"not shown at this size: " + strings.Join(hidden, ", ") + " (a larger window shows " + them + ")",
			"hidden: " + strings.Join(hidden, ", ") + " (a larger window shows " + them + ")",
			"hidden: " + strings.Join(hidden, ", ") + " (enlarge to see)",
			"enlarge the window to see " + strings.Join(hidden, ", "),
			"enlarge to see " + strings.Join(hidden, ", "),
			"enlarge to see " + strings.Join(brief, ", "),
			"hidden: " + strings.Join(brief, ", "),
		})
		// Too many to name in a narrow edge: the first ones, in the order
		// of what the run is about, and how many more; at the last, the
		// count alone. A pane left out is never left unsaid.
		for k := len(brief) - 1; k >= 1; k-- {
			notes[0] = append(notes[0], fmt.Sprintf("hidden: %s +%d (enlarge)", strings.Join(brief[:k], ", "), len(brief)-k))
		}
		notes[0] = append(notes[0], pane.Counted(len(brief), "pane", "panes")+" hidden (enlarge)", fmt.Sprintf("%d hidden", len(brief)))
	}
	if len(flat) > 0 {
		// A chart left out is named, and why, in plain words ("≤ 1" alone
		// read as a riddle); at the last its name alone, the help saying why.
		var words [4][]string
		for _, f := range flat {
			for i := range words {
				words[i] = append(words[i], flatWords[f][i])
			}
		}
		notes = append(notes, []string{
			"left out, saying nothing here: " + strings.Join(words[0], "; "),
			"left out: " + strings.Join(words[0], "; "),
			"nothing to chart: " + strings.Join(words[1], ", "),
			"nothing to chart: " + strings.Join(words[2], ", "),
			"nothing to chart: " + strings.Join(words[3], ", "),
			"left out: " + strings.Join(words[3], ", "),
		})
	}
	var out [2]string
	fits := func(c int, t string) bool { return len(a.cols[c]) > 0 && ansi.StringWidth(t)+6 <= a.widths[c] }
	if len(notes) == 2 {
		for i := range min(len(notes[0]), len(notes[1])) {
			both := notes[0][i] + " · " + notes[1][i]
			for _, c := range []int{1, 0} {
				if fits(c, both) {
					out[c] = both
					return out
				}
			}
		}
	}
	// One note to a column: the right column's edge first.
	free := []int{1, 0}
	for _, n := range notes {
		for _, t := range n {
			placed := false
			for k, c := range free {
				if fits(c, t) {
					out[c] = t
					free = append(free[:k:k], free[k+1:]...)
					placed = true
					break
				}
			}
			if placed {
				break
			}
		}
	}
	return out
}

// briefNames are the panes' names in one word, for a narrow foot.
var briefNames = map[string]string{
	"worker pool": "pool", "breaker": "breaker", "dependencies at a glance": "overview", "outcomes": "outcomes",
	"breaker history": "history", "calls in flight": "in flight", "latency": "latency",
	"call chain": "chain", "fleet (I shows it)": "fleet (I)", "tenants": "tenants",
	"map": "map", "circuit tiles": "tiles", "memory and loop": "memory, loop",
}

// flatWords are, for each chart that can be left out, its name and why,
// longest first, the last its name alone.
var flatWords = map[string][4]string{
	"in flight": {"calls in flight (never more than 1)", "calls in flight never over 1", "in flight never over 1", "in flight"},
	"latency":   {"latency (every answer under 1 ms)", "latency always under 1 ms", "latency under 1 ms", "latency"},
}

// layoutMain sizes the main view's panes for the window.
func (m *Model) layoutMain() {
	a := m.arrange()
	for c, col := range a.cols {
		for _, s := range col {
			m.paneOf(s.id).SetSize(a.widths[c], s.h)
		}
	}
}

// sizer is a pane as the layout sees it.
type sizer interface {
	SetSize(w, h int)
	View() string
}

func (m *Model) paneOf(id paneID) sizer {
	switch id {
	case pPool:
		if m.xp.tasks.on {
			return &m.xp.tasks.left
		}
		return m.pool
	case pBreaker:
		return m.brk
	case pOverview:
		return m.xp.ovw
	case pOutcomes:
		return m.out
	case pHistory:
		return m.xp.hist
	case pTaskCharts:
		return &m.xp.tasks.right
	case pInFlight:
		return m.inf
	case pChain:
		return m.xp.chain
	case pFleet:
		return m.xp.fleet
	case pTenants:
		return m.xp.tenants
	case pMap:
		return m.xp.mapv
	case pTiles:
		return m.xp.tiles
	}
	return m.xp.lat
}

// mainView gathers the body, to go before line at of the screen: the two
// columns side by side, each pane under the one before, the foot in the
// bottom edge of its column. The
// rows are not joined here: frame.String writes each row's two halves
// straight into the screen's one buffer.
func (m *Model) mainView(f *frame, at, body int) {
	a := m.arrange()
	for c, col := range a.cols {
		for i, s := range col {
			v := strings.Split(m.paneOf(s.id).View(), "\n")
			if len(v) > s.h {
				v = v[:s.h]
			}
			if a.foot[c] != "" && i == len(col)-1 && len(v) > 0 {
				v[len(v)-1] = m.footEdge(a.widths[c], a.foot[c])
			}
			f.cols[c] = append(f.cols[c], v...)
		}
	}
	f.at, f.rows, f.widths = at, body, a.widths
}

// frame is a screen as View gathers it: its lines, and the main view's
// body rows among them (before lines[at]) held as their two columns. A
// row was its halves joined with +, then the lines joined: the screen
// copied twice, some 14 KB a frame at 160×48; String writes it once.
type frame struct {
	lines []string
	// keys is set when lines ends with the key line, whose blank cells
	// at its end a parent drawing beside the sandbox may take
	// (WriteBeside).
	keys   bool
	cols   [2][]string
	widths [2]int // a column's width, its blank line's where it runs short
	at     int
	rows   int
}

// cell is a body row's half: the column's line, or its width of blanks
// past its end.
func (f *frame) cell(c, i int) string {
	if i < len(f.cols[c]) {
		return f.cols[c][i]
	}
	return blank(f.widths[c])
}

// blank is n spaces, sliced from a run of them where n allows.
func blank(n int) string {
	const blanks = "                                                                                                                                                                                                                                                                "
	if n <= len(blanks) {
		return blanks[:n]
	}
	return strings.Repeat(" ", n)
}

// size is the screen's length in bytes, its newlines counted.
func (f *frame) size() int {
	n := len(f.lines) + f.rows - 1 // the newlines between them
	for _, l := range f.lines {
		n += len(l)
	}
	for i := range f.rows {
		n += len(f.cell(0, i)) + len(f.cell(1, i))
	}
	return max(n, 0)
}

// each calls fn with the screen's lines in order, as its text split at
// the newlines gives them: a body row as its two halves, any other line
// (an entry of lines may hold several) with c empty.
func (f *frame) each(fn func(a, c string)) {
	for j := 0; j <= len(f.lines); j++ {
		if j == f.at {
			for i := range f.rows {
				fn(f.cell(0, i), f.cell(1, i))
			}
		}
		if j < len(f.lines) {
			for rest, more := f.lines[j], true; more; {
				var l string
				l, rest, more = strings.Cut(rest, "\n")
				fn(l, "")
			}
		}
	}
}

// String is the screen: the lines and the rows, one per line, in a buffer
// sized for them before the first byte is written.
func (f *frame) String() string {
	n := f.size()
	if n == 0 {
		return ""
	}
	var b strings.Builder
	b.Grow(n)
	first := true
	f.each(func(a, c string) {
		if !first {
			b.WriteByte('\n')
		}
		first = false
		b.WriteString(a)
		b.WriteString(c)
	})
	return b.String()
}

// footEdge is a pane's bottom edge with a note set into it.
func (m *Model) footEdge(w int, note string) string {
	border := theme.InkOf(m.th.Border)
	rest := w - 4 - ansi.StringWidth(note) - 1
	if rest < 1 {
		return border.Paint("╰" + strings.Repeat("─", max(w-2, 0)) + "╯")
	}
	return border.Paint("╰─ ") + m.th.Dim.Render(note) + " " + border.Paint(strings.Repeat("─", rest)+"╯")
}

// Hidden names the panes the layout left out, with the foot's words, for
// tests and for a parent that reports them.
func (m Model) Hidden() string {
	f := m.arrange().foot
	return strings.TrimSpace(f[0] + " " + f[1])
}

// nextBreaker shows the next breaker in the breaker pane, on both sides
// in compare mode (key b), or says why there is none to show, as I does
// for a fleet: with one breaker or none, b changed nothing and said
// nothing, and a learner could not tell the key from a broken one.
func (m *Model) nextBreaker(k tea.KeyMsg) {
	snaps := []*engine.Snapshot{&m.sim.snap}
	if m.cmp != nil {
		snaps = snaps[:0]
		for _, s := range m.cmp.sides {
			snaps = append(snaps, &s.sim.snap)
		}
	}
	most, only, deeper := 0, "", false
	for _, s := range snaps {
		n, first := frontBreakers(s)
		if n > most {
			most, only = n, first
		}
		deeper = deeper || servicesHaveBreakers(s)
	}
	switch {
	case most == 0 && deeper:
		m.setNote("no breaker on the front's calls for b to step to; the services' are on the map", false)
		return
	case most == 0:
		m.setNote("no breaker in this run: b steps between breakers", false)
		return
	case most == 1:
		m.setNote(fmt.Sprintf("only one breaker in this run (%s): b steps between two or more", only), false)
		return
	}
	m.brk.Update(k)
	if m.cmp != nil {
		for _, s := range m.cmp.sides {
			s.brk.Update(k)
		}
	}
}

// frontBreakers counts the breakers on the front's calls as the breaker
// pane steps through them (a breaker shared by several calls is one), and
// names the first.
func frontBreakers(s *engine.Snapshot) (int, string) {
	seen := map[string]bool{}
	first := ""
	for i := range s.Dependencies {
		if s.Dependencies[i].Breaker == nil {
			continue
		}
		name := s.Dependencies[i].BreakerName()
		if first == "" {
			first = name
		}
		seen[name] = true
	}
	return len(seen), first
}

// servicesHaveBreakers says whether a service's call has a breaker, which
// the map shows and the breaker pane names but b does not step to.
func servicesHaveBreakers(s *engine.Snapshot) bool {
	for i := range s.Services {
		for _, in := range s.Services[i].Instances {
			for _, b := range in.Breakers {
				if b != nil {
					return true
				}
			}
		}
	}
	return false
}

// placed says whether pane id has a place in the main view at this size.
func (m *Model) placed(id paneID) bool {
	a := m.arrange()
	for _, col := range a.cols {
		if slices.ContainsFunc(col, func(s slot) bool { return s.id == id }) {
			return true
		}
	}
	return false
}

// toggleFleet opens the fleet pane over the whole body (key I), or says
// why there is none to open.
func (m *Model) toggleFleet() {
	if pane.FirstFleet(&m.sim.snap) == "" {
		m.setNote("no fleet in this run", false)
		return
	}
	m.fleetOpen = true
	m.setNote("fleet: ↑/↓ scroll, esc back", false)
}
