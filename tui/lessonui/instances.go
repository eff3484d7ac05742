package lessonui

import (
	"github.com/breakerlab/breakerlab/tui/pane"
)

// instancesPane is tui/pane's fleet pane (the sandbox's key I): the
// instances of one service, a row each, with the breaker each keeps in its
// own memory. A lesson names it "instances", since "fleet" is the shuffle
// steps' fleet of workers. Like the chain it shares the rest of the column
// as a flexible pane, up to every instance on a row; Max without a width
// is taken at the width SetSize last gave, or at the side-by-side width of
// an 80-column window before that. Both count the footer as it reads with
// the fleet's breakers split between open, half-open and closed
// (RunMinHeight, RunNeeds), not as it reads now: the footer grows as
// breakers open and probe, and counted as it read, the pane grew and
// shrank as the step played (lesson 12's second step, at 20 s).
type instancesPane struct {
	*pane.Fleet
	w int
}

func (p *instancesPane) SetSize(w, h int) {
	p.w = w
	p.Fleet.SetSize(w, h)
}

func (p *instancesPane) width() int {
	if p.w > 0 {
		return p.w
	}
	return 39
}

func (p *instancesPane) Needs(w int) int {
	p.w = w
	return 0
}

func (p *instancesPane) Min(w int) int { return p.Fleet.RunMinHeight(w) }

func (p *instancesPane) Max() int { return p.Fleet.RunNeeds(p.width()) }
