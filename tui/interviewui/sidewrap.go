package interviewui

import "github.com/breakerlab/breakerlab/tui/pane"

// sideWrap is the side panel as a frame puts it beside the main column:
// sideLines fitted to w×h (pane.Block), for the prompt, phase and runs it
// was drawn for. Drawing it builds the prompt's scenario, wraps every
// number and run line and fits each to the panel, though none of that
// changes between a tick or a key in the answer: Update draws it once
// (wrappedSide), again when the size, the phase, the prompt shown or the
// arrival of its runs changes it, and View only joins its lines.
type sideWrap struct {
	w, h   int
	phase  phase
	prompt string // the ID of the prompt shown: the one under the cursor while choosing
	runsIn bool   // its scenario's runs were back (they never change once back)
	ok     bool
	lines  []string
}

// sideKey is what the side panel at w×h shows now, as a sideWrap without
// its lines: the panel is drawn again when it differs from the one kept.
func (m Model) sideKey(w, h int) sideWrap {
	k := sideWrap{w: w, h: h, phase: m.phase, ok: true}
	if m.phase == picking {
		if m.pick < len(m.prompts) {
			k.prompt = m.prompts[m.pick].ID
		}
	} else {
		k.prompt = m.prompt.ID
	}
	_, k.runsIn = m.runs[m.panelScenario()]
	return k
}

// fits says whether s is the side panel m shows at w×h.
func (s sideWrap) fits(m Model, w, h int) bool {
	k := m.sideKey(w, h)
	return s.ok && s.w == k.w && s.h == k.h && s.phase == k.phase && s.prompt == k.prompt && s.runsIn == k.runsIn
}

// sidePanel is the side panel's w×h lines: as Update drew them, or drawn
// now when they are not the ones for this frame (a model whose runs came
// back to a copy of it: the runs are shared, the panel is not).
func (m Model) sidePanel(w, h int) []string {
	if m.side.fits(m, w, h) {
		return m.side.lines
	}
	return m.drawSide(w, h)
}

// drawSide is sideLines fitted to w×h; in the answer's place
// (numbersShown) the whole numbers page, each line w wide, which
// numbersWindow scrolls through h rows.
func (m Model) drawSide(w, h int) []string {
	if m.numbersShown() {
		lines := m.numbersPage(w)
		return pane.Block(lines, w, len(lines))
	}
	return pane.Block(m.sideLines(w, h), w, h)
}

// wrappedSide draws the side panel, when it is on screen, for what it
// shows now if the one kept was drawn for something else.
func (m Model) wrappedSide() Model {
	if m.w <= 0 || m.h <= 0 || m.inSandbox || m.showKey || m.reading {
		return m
	}
	sw, bh := m.sidePlace()
	if sw <= 0 {
		return m
	}
	if !m.side.fits(m, sw, bh) {
		m.side = m.sideKey(sw, bh)
		m.side.lines = m.drawSide(sw, bh)
	}
	return m
}
