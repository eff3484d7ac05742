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

// extraPane is a pane placePanes sizes only from the rows left over.
type extraPane interface {
	enginePane
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
	return append(out, &mapExtra{Model: mp}, &tilesExtra{Model: tiles.New(th)})
}

// historyExtra is the breakers' history, where the run has a breaker at
// the front.
type historyExtra struct {
	*chart.History
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
func (p *historyExtra) Min() int      { return 0 }
func (p *historyExtra) Extent(w int) (int, int) {
	if p.Breakers() == 0 {
		return 0, 0
	}
	return p.HistoryHeight(w, 2), p.HistoryHeight(w, p.rows)
}

// mapExtra is the map of the system.
type mapExtra struct{ *mappane.Model }

func (p *mapExtra) Needs(int) int { return 0 }
func (p *mapExtra) Min() int      { return 0 }
func (p *mapExtra) Extent(w int) (int, int) {
	p.Model.SetSize(w, 0) // the legend's lines depend on the width
	return p.MinHeight(), p.Model.Max()
}

// tilesExtra is a tile per circuit, where the run has several breakers.
type tilesExtra struct{ *tiles.Model }

func (p *tilesExtra) Needs(int) int { return 0 }
func (p *tilesExtra) Min() int      { return 0 }
func (p *tilesExtra) Extent(w int) (int, int) {
	if p.Breakers() < 2 {
		return 0, 0
	}
	return p.MinHeight(), p.Model.Needs(w)
}

// compile-time checks that the extras are extras.
var _ = []extraPane{(*historyExtra)(nil), (*mapExtra)(nil), (*tilesExtra)(nil)}

// isExtra says whether p is sized from the rows left over.
func isExtra(p simPane) bool { _, ok := p.(extraPane); return ok }
