package lessonui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
)

// customerGrid is a shuffle step's extra for a tall window: a cell per
// customer, in customer order, with how much of its shard is up right
// now (· healthy, ▒ degraded, █ lost; ☠ the poisoned one), so the reach
// of one poisoned customer shows as a picture beside the counts.
type customerGrid struct {
	cached
	th *theme.Theme
	d  shuffleData
	// statuses and poisoned are the customers as last drawn: a frame in
	// which none changed (most frames: they change at the timeline's
	// events) keeps the drawing.
	statuses []shuffle.CustomerStatus
	poisoned int
	drawn    bool
}

// gridLegends are the grid's legend, the longest first.
var gridLegends = []string{
	"· healthy  ▒ degraded  █ lost  ☠ poisoned",
	"· healthy ▒ degraded █ lost ☠ poisoned",
	"· ok ▒ degraded █ lost ☠ poisoned",
	"· ok ▒ some █ lost ☠",
}

// gridGlyphs are the statuses' glyphs, in shuffle.CustomerStatus order.
var gridGlyphs = [...]string{"·", "▒", "█"}

func (p *customerGrid) Needs(int) int { return 0 }
func (p *customerGrid) Min(int) int   { return 0 }

// Extent is the frame, the legend and a row per width's worth of
// customers: at least three rows of them (else it has too little to
// show), at most all of them.
func (p *customerGrid) Extent(w int) (int, int) {
	if p.d.snap == nil || w < 12 {
		return 0, 0
	}
	rows := (len(p.d.snap.Statuses) + w - 3) / (w - 2)
	return 3 + min(rows, 3), 3 + rows
}

func (p *customerGrid) SetShuffle(d shuffleData) {
	p.d = d
	s := d.snap
	if !p.drawn || s.Poisoned != p.poisoned || !slices.Equal(s.Statuses, p.statuses) {
		p.statuses = append(p.statuses[:0], s.Statuses...)
		p.poisoned, p.drawn, p.dirty = s.Poisoned, true, true
	}
}

func (p *customerGrid) View() string {
	if !p.dirty {
		return p.view
	}
	p.dirty = false
	var body []string
	if s := p.d.snap; s != nil && p.w > 2 {
		inner := p.w - 2
		rows := max(p.h-3, 0)
		// A cell's glyph in its status's ink, written as the style
		// would render it, without a lipgloss rendering a cell.
		bad := theme.InkOf(p.th.Bad)
		inks := [...]theme.Ink{theme.InkOf(p.th.Dim), theme.InkOf(p.th.Warn), bad}
		var b strings.Builder
		n := 0
		for c, st := range s.Statuses {
			if n == rows*inner {
				break // the frame's note says how many are drawn
			}
			switch {
			case c == s.Poisoned:
				bad.WriteTo(&b, "☠")
			case int(st) < len(gridGlyphs):
				inks[st].WriteTo(&b, gridGlyphs[st])
			}
			n++
			if n%inner == 0 {
				body = append(body, b.String())
				b.Reset()
			}
		}
		if b.Len() > 0 {
			body = append(body, b.String())
		}
		// The legend in words that fit, never cut.
		for _, l := range gridLegends {
			if len([]rune(l)) <= inner || l == gridLegends[len(gridLegends)-1] {
				body = append(body, p.th.Dim.Render(pane.Fit(l, inner)))
				break
			}
		}
		notes := []string{fmt.Sprintf("%s of %s", pane.Count(n), pane.Count(len(s.Statuses))), ""}
		if n == len(s.Statuses) {
			notes = []string{pane.Count(n), ""}
		}
		title, note := pane.TitledNoteFirst(p.w, []string{"Every customer, right now", "Every customer", "Customers"}, notes)
		p.view = strings.Join(pane.Frame(p.th, p.w, p.h, title, note, body), "\n")
		return p.view
	}
	p.view = strings.Join(pane.Frame(p.th, p.w, p.h, "Every customer, right now", "", body), "\n")
	return p.view
}

var (
	_ extraPane   = (*customerGrid)(nil)
	_ shufflePane = (*customerGrid)(nil)
	_             = shuffle.CustomerLost
)
