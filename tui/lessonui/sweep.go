package lessonui

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/sweepui"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/x/ansi"
)

// sweepPane draws a step's [sweep] as tui/sweepui's heatmap: the grid the
// lesson ran when it was prepared (lessons.SweepSpec.Result), so the
// numbers the text quotes are the cells on screen. The map is held back
// until the step plays, so that a prediction asked before the play is not
// answered by the screen beside it; then it is shown at once. It waited
// for the step's own run to reach the end of its traffic, which has no
// part in the map: lesson 3's "How big is big enough" showed an empty
// pane for some 20 s of play, lesson 5's "Where the minimum wins" longer.
type sweepPane struct {
	cached
	th    *theme.Theme
	res   *sweep.Result
	err   string
	until string   // what the held map waits for, in words; "" once shown
	shown bool     // the map has been shown: it stays (r replays the run, not the guess)
	lines []string // the heatmap at the cached width
	lineW int
}

// attachSweep hands the step's sweep to its sweep pane, if it shows one.
// The result is already there: Prepare ran it.
func attachSweep(panes []enginePane, st *lessons.PreparedStep) {
	for _, p := range panes {
		sp, ok := p.(*sweepPane)
		if !ok {
			continue
		}
		if st.Sweep == nil {
			sp.err = "this step has no [sweep] table"
			continue
		}
		res, err := st.Sweep.Result()
		if err != nil {
			sp.err = err.Error()
			continue
		}
		sp.res = res
	}
}

// SetData has nothing to take: the map is the prepared sweep's, not the
// step's run's.
func (p *sweepPane) SetData(pane.Data) {}

// HoldMap keeps the map back until the step plays; until says what it
// waits for, and "" shows it.
func (p *sweepPane) HoldMap(until string) {
	if p.shown {
		until = ""
	}
	p.shown = until == ""
	if until != p.until {
		p.until, p.dirty = until, true
	}
}

// heatmap is the map's lines at inner width w, cached by width.
func (p *sweepPane) heatmap(w int) []string {
	if p.res == nil {
		return pane.Wrap(p.th.Error.Render(p.err), max(w, 1))
	}
	if p.lines == nil || p.lineW != w {
		// In words: a learner was never taught the typed paths the
		// sandbox's sweep writes (recommendations.bulkhead=16).
		p.lines = strings.Split(strings.TrimRight(sweepui.HeatmapInWords(p.res, p.th, w), "\n"), "\n")
		p.lineW = w
	}
	return p.lines
}

// Needs is the whole map's height, with the frame.
func (p *sweepPane) Needs(w int) int { return len(p.heatmap(w-4)) + 2 }

func (p *sweepPane) Min(int) int { return 6 }

func (p *sweepPane) View() string {
	if !p.dirty && p.view != "" {
		return p.view
	}
	p.dirty = false
	lines := p.heatmap(p.w - 4)
	if p.res != nil && p.until != "" {
		nx, ny := p.res.Plan.Size()
		lines = pane.Wrap(p.th.Dim.Render(fmt.Sprintf("%s designs, %s runs each: the map appears %s.",
			pane.Count(nx*ny), pane.Count(len(p.res.Plan.Seeds)), p.until)), max(p.w-4, 1))
	}
	// What does not fit is said, not dropped: the rows' edges come last
	// and a taller window shows them.
	if room := p.h - 2; len(lines) > room && room >= 2 {
		more := len(lines) - room + 1
		note := "… " + plural(more, "more line", "more lines") + "; a taller window shows them"
		if ansi.StringWidth(note) > p.w-4 {
			note = "… and " + plural(more, "more line", "more lines")
		}
		lines = append(lines[:room-1:room-1], p.th.Dim.Render(note))
	}
	body := make([]string, len(lines))
	for i, l := range lines {
		body[i] = " " + l
	}
	title := "Sweep"
	if p.res != nil {
		nx, ny := p.res.Plan.Size()
		title = "Sweep of " + pane.Count(uint64(nx*ny*len(p.res.Plan.Seeds))) + " runs"
	}
	p.view = strings.Join(pane.Frame(p.th, p.w, p.h, title, "", body), "\n")
	return p.view
}
