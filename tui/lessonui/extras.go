package lessonui

import (
	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/mappane"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/breakerlab/breakerlab/tui/tiles"
)

// Extra panes: what a tall window shows under the panes a step names,
// in the rows those leave over, rather than blank rows or a pane
// stretched past what it has to say (issue 27). Each says something the
// step's panes may not: the breakers' history, the map of the system, a
// tile per circuit. They take no row a step's own pane could use, and a
// pane that has nothing to say in this run asks for none.

// The charts a step may leave out come last, after the map and the tiles:
// what the sandbox draws beside its pool (outcomes as decided, latency per
// endpoint, calls in flight), each said to be worth showing only when the
// run so far gives it something to draw.

// extraPane is a pane placePanes sizes only from the rows left over.
type extraPane interface {
	simPane
	// Extent is the least and the most height worth giving the pane at
	// width w; 0, 0 when it has nothing to say.
	Extent(w int) (lo, hi int)
}

// newExtraPanes are the extras for an engine step that does not already
// show them.
func newExtraPanes(names []string, th *theme.Theme) []enginePane {
	has := map[string]bool{}
	for _, n := range names {
		has[n] = true
	}
	var out []enginePane
	if !has["history"] {
		out = append(out, &historyExtra{History: chart.NewHistory(th)})
	}
	mp := mappane.New(th)
	mp.SetStatic(true) // the player's keys are its own: no selection here
	out = append(out, &mapExtra{Model: mp}, &tilesExtra{Model: tiles.New(th)})
	for _, name := range []string{"chart", "latency", "deps"} {
		if !has[name] {
			out = append(out, &chartExtra{enginePane: newEnginePane(name, th), says: chartSays[name]})
		}
	}
	return out
}

// chartExtra is one of the sandbox's charts a step did not name, sized
// from the rows left over: at least its Min, at most its Max.
type chartExtra struct {
	enginePane
	says func(d pane.Data) bool // whether the run so far gives it anything to draw
	on   bool
	// moved: on changed since the panes were last placed (relayout).
	moved bool
}

// chartSays are the charts' tests of having something to say: any answer
// at all for the outcomes; an answer of a millisecond or more for the
// latency (one under that sits on the bottom row); more than one call in
// flight at some moment for the calls in flight.
var chartSays = map[string]func(d pane.Data) bool{
	"chart": func(d pane.Data) bool {
		for _, e := range d.Snap.Endpoints {
			if len(e.Latencies) > 0 {
				return true
			}
		}
		return false
	},
	"latency": func(d pane.Data) bool {
		for _, e := range d.Snap.Endpoints {
			for _, us := range e.Latencies {
				if us >= 1000 {
					return true
				}
			}
		}
		return false
	},
	"deps": func(d pane.Data) bool {
		for _, dep := range d.Snap.Dependencies {
			if dep.InFlightMax > 1 {
				return true
			}
		}
		return false
	},
}

func (p *chartExtra) SetData(d pane.Data) {
	p.enginePane.SetData(d)
	on := d.Snap != nil && len(d.Snap.Endpoints) > 0 && p.says(d)
	p.moved = p.moved || on != p.on
	p.on = on
}

func (p *chartExtra) Relayout() bool { m := p.moved; p.moved = false; return m }

func (p *chartExtra) Needs(int) int { return 0 }
func (p *chartExtra) Min(int) int   { return 0 }
func (p *chartExtra) Extent(w int) (int, int) {
	if !p.on {
		return 0, 0
	}
	lo := p.enginePane.Min(w)
	hi := lo
	if mx, ok := p.enginePane.(interface{ Max() int }); ok {
		hi = max(mx.Max(), lo)
	}
	return lo, hi
}

// stateHeld is an extra left out while a prediction about a breaker's
// state waits for its guess (breakerPane.HoldState): the history, the map
// and the tiles all name the states.
type stateHeld struct{ held bool }

func (h *stateHeld) HoldState(on bool) { h.held = on }

// historyExtra is the breakers' history, where the run has a breaker at
// the front.
type historyExtra struct {
	*chart.History
	stateHeld
	rows int // the plot rows the breakers' windows take
}

func (p *historyExtra) SetData(d pane.Data) {
	p.History.SetData(d)
	p.rows = 3
	if d.Snap != nil {
		for i := range d.Snap.Dependencies {
			if b := d.Snap.Dependencies[i].Breaker; b != nil {
				p.rows = max(p.rows, chart.HistoryRows(b.Config))
			}
		}
	}
}

func (p *historyExtra) Needs(int) int { return 0 }
func (p *historyExtra) Min(int) int   { return 0 }
func (p *historyExtra) Extent(w int) (int, int) {
	if p.Breakers() == 0 || p.held {
		return 0, 0
	}
	return p.HistoryHeight(w, 2), p.HistoryHeight(w, p.rows)
}

// mapExtra is the map of the system, where a column fits beside its
// nodes' names: a map of names alone, every column hidden, says nothing
// the step's panes do not, and its rows go to the next extra.
type mapExtra struct {
	*mappane.Model
	stateHeld
	bare  bool // no column fits beside the names at the width placed
	moved bool // bare changed since the panes were last placed
	// room is the rows left for the map when the panes were last placed,
	// placed says they were: a map whose least height is more than that
	// is not placed, columns or none, so a snapshot need not lay it out
	// to learn whether it has any (a tenth of a lesson's ticks went to
	// that); placing the panes again asks afresh (Extent).
	room   int
	placed bool
}

func (p *mapExtra) SetData(d pane.Data) {
	p.Model.SetData(d)
	if p.placed && p.MinHeight() > p.room {
		return
	}
	bare := p.Columns() == 0
	p.moved = p.moved || bare != p.bare
	p.bare = bare
}

func (p *mapExtra) Relayout() bool { m := p.moved; p.moved = false; return m }

func (p *mapExtra) Needs(int) int { return 0 }
func (p *mapExtra) Min(int) int   { return 0 }
func (p *mapExtra) Extent(w int) (int, int) {
	if p.held {
		return 0, 0
	}
	p.Model.SetSize(w, 0) // the legend's lines depend on the width
	if p.bare = p.Columns() == 0; p.bare {
		return 0, 0
	}
	return p.MinHeight(), p.Model.Max()
}

// tilesExtra is a tile per circuit, where the run has several breakers.
type tilesExtra struct {
	*tiles.Model
	stateHeld
}

func (p *tilesExtra) Needs(int) int { return 0 }
func (p *tilesExtra) Min(int) int   { return 0 }
func (p *tilesExtra) Extent(w int) (int, int) {
	if p.Breakers() < 2 || p.held {
		return 0, 0
	}
	return p.MinHeight(), p.Model.Needs(w)
}

// compile-time checks that the extras are extras.
var _ = []extraPane{(*historyExtra)(nil), (*mapExtra)(nil), (*tilesExtra)(nil), (*chartExtra)(nil)}

var _ shufflePane = (*shuffleExtra)(nil)

// newShuffleExtras are the extras of a shuffle-sharding step, in the
// order they take the rows left over: every customer as a cell
// (customergrid.go); the fleet, the customers' counts and the odds table
// (the chance of each overlap) where the step does not name them; and
// last, taking what remains up to its most, the chart over time
// (shufflehistory.go).
func newShuffleExtras(names []string, th *theme.Theme) []shufflePane {
	has := map[string]bool{}
	for _, n := range names {
		has[n] = true
	}
	out := []shufflePane{&customerGrid{th: th}}
	for _, n := range []string{"fleet", "customers", "odds"} {
		if !has[n] {
			// A fleet cut to its first workers, or counts cut short, would
			// say less than it seems to: those show whole or not at all.
			out = append(out, &shuffleExtra{shufflePane: newShufflePane(n, th), whole: n != "odds"})
		}
	}
	return append(out, &shuffleHistory{th: th})
}

// shuffleExtra is a shuffle pane sized from the rows left over, up to
// what it needs; from its least, or if whole only at what it needs.
type shuffleExtra struct {
	shufflePane
	whole bool
}

func (p *shuffleExtra) Needs(int) int { return 0 }
func (p *shuffleExtra) Min(int) int   { return 0 }
func (p *shuffleExtra) Extent(w int) (int, int) {
	lo, hi := p.shufflePane.Min(w), p.shufflePane.Needs(w)
	if p.whole {
		lo = hi
	}
	return lo, max(hi, lo)
}

// relayouter is a pane whose extent can change as the run plays (a chart
// that finds something to say, a list that grows): the player places the
// panes again when one says so, rather than on every frame.
type relayouter interface{ Relayout() bool }

// relayout says whether a pane of ps asks to be placed again.
func relayout(ps []simPane) bool {
	again := false
	for _, p := range ps {
		if r, ok := p.(relayouter); ok && r.Relayout() {
			again = true
		}
	}
	return again
}

// isExtra says whether p is sized from the rows left over.
func isExtra(p simPane) bool { _, ok := p.(extraPane); return ok }
