package sandbox

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/tui/internal/playback"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// onMouse: a click on a variant's tab shows that variant, a click on a
// chart's time axis goes to that moment (paused), and the wheel scrolls
// the help. In the knob form a click focuses a knob. The prompts ignore
// the mouse.
func (m Model) onMouse(msg tea.MouseMsg) (tea.Model, tea.Cmd) {
	if m.prompt != nil || m.sw != nil || m.tooSmall() {
		return m, nil
	}
	if m.form != nil {
		was := m.form.focus
		m.formMouse(msg)
		if m.form.focus != was {
			m.followForm() // knobs_focus.go
		}
		return m, nil
	}
	if m.showHelp {
		if k, ok := playback.WheelKey(msg); ok {
			m.helpv.Update(k)
		}
		return m, nil
	}
	if !playback.Click(msg) {
		return m, nil
	}
	if msg.Y == 0 {
		if v, ok := m.tabAt(msg.X); ok && m.cmp == nil {
			m.note = ""
			m.switchVariant(v)
			m.refresh()
		}
		return m, nil
	}
	if msg.Y >= m.h-2 {
		return m, nil // the status and key lines
	}
	if m.cmp == nil && !m.fleetOpen && m.clickMap(msg.X, msg.Y) {
		m.setNote("map: selected "+m.xp.mapv.SelectedName(), false)
		m.refresh()
		return m, nil
	}
	at, ok := playback.AxisTime(strings.Split(m.View(), "\n"), msg.X, msg.Y)
	if !ok {
		return m, nil
	}
	m.clock.Play(false)
	if m.report(m.seek(at)) {
		m.setNote("at "+playback.MomentIn(at, m.end())+" (clicked on the time axis)", false)
	}
	m.refresh()
	return m, nil
}

// formMouse: the knob form is the one place of the sandbox where keys go
// to a focused part (the field the cursor is on; tab moves it). A click on
// a knob's line focuses that knob, and the wheel moves the focus a field
// at a time, as tab and shift+tab do; the key line already names the
// form's keys.
func (m *Model) formMouse(msg tea.MouseMsg) {
	if len(m.form.knobs) == 0 {
		return
	}
	if d := playback.Wheel(msg); d != 0 {
		m.form.move(d)
		return
	}
	if !playback.Click(msg) {
		return
	}
	// The form's lines start on row 2 and column 1: under the title line,
	// inside the frame formView draws at the body's height (m.h-3).
	_, owner := m.form.layout(m.w-2, m.h-5)
	row := msg.Y - 2
	if row >= 0 && row < len(owner) && msg.X >= 1 && msg.X <= m.w-2 && owner[row] >= 0 {
		m.form.focusField(owner[row])
	}
}

// tabAt is the variant whose tab in the title line holds column x. The
// title names each variant by its number and, room allowing, its name or
// a shorter form of it (tabForms), in order after the scenario's name.
func (m *Model) tabAt(x int) (int, bool) {
	title := []rune(ansi.Strip(m.titleLine()))
	s := string(title)
	sc := m.sim.sc
	from := strings.Index(s, sc.Name+"  ")
	if from < 0 {
		from = 0 // a crowded title gives the scenario's name up (titleLine)
	} else {
		from += len(sc.Name)
	}
	// A window of tabs (titleLine) may show the tight forms, the others'
	// superset.
	forms := tightForms(m.tabForms())
	for i := range sc.Variants {
		best, bestEnd := -1, -1
		// Longest first: at one place " 3 40 req/s " is the tab, not " 3 ".
		var labels []string
		for _, f := range forms[i] {
			labels = append(labels, fmt.Sprintf("%d %s", i+1, f))
		}
		for _, label := range append(labels, fmt.Sprint(i+1)) {
			for _, form := range []string{"[" + label + "]", " " + label + " "} {
				if j := strings.Index(s[from:], form); j >= 0 && (best < 0 || from+j < best) {
					best, bestEnd = from+j, from+j+len(form)
				}
			}
		}
		if best < 0 {
			continue // hidden: a narrow title shows the tabs near the current one
		}
		// Byte offsets to cells: the title may hold wide or multi-byte runes.
		lo, hi := ansi.StringWidth(s[:best]), ansi.StringWidth(s[:bestEnd])
		if x >= lo && x < hi {
			return i, true
		}
		from = bestEnd - 1
	}
	return 0, false
}

// clickMap hands a click inside the map pane to it, in the pane's own
// coordinates; it reports whether the map took it.
func (m *Model) clickMap(x, y int) bool {
	a := m.arrange()
	left := 0
	for c, col := range a.cols {
		top := 1 // under the title line
		for _, s := range col {
			if s.id == pMap && x >= left && x < left+a.widths[c] && y >= top && y < top+s.h {
				return m.xp.mapv.Click(x-left, y-top)
			}
			top += s.h
		}
		left += a.widths[c]
	}
	return false
}
