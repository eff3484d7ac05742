package home

import (
	"strings"

	"github.com/breakerlab/breakerlab/tui/internal/listnav"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// filter is the filter of the list on screen (the menu's or the
// picker's); nil on a screen without a list.
func (m *Model) filter() *listnav.Filter {
	switch m.screen {
	case onMenu:
		return &m.menuFilter
	case onPicker:
		return &m.pickFilter
	}
	return nil
}

// filtering reports whether a filter is being typed, which takes every key
// that prints.
func (m Model) filtering() bool {
	f := m.filter()
	return f != nil && f.Typing()
}

// shown are the indexes of the rows the filter lets through (of items on
// the menu, of Options.Scenarios in the picker), and the position among
// them of the row under the cursor (0 when it is filtered out).
func (m Model) shown() (rows []int, at int) {
	f := m.filter()
	if f == nil {
		return nil, 0
	}
	cur := m.cursor
	if m.screen == onPicker {
		cur = m.pick
		for i, e := range m.o.Scenarios {
			if f.Match(e.Name, e.Summary) {
				rows = append(rows, i)
			}
		}
	} else {
		for i, it := range items {
			if f.Match(it.title, it.desc) {
				rows = append(rows, i)
			}
		}
	}
	for j, i := range rows {
		if i == cur {
			at = j
		}
	}
	return rows, at
}

// setAt puts the cursor on the row at position at of shown.
func (m *Model) setAt(shown []int, at int) {
	if at < 0 || at >= len(shown) {
		return
	}
	if m.screen == onPicker {
		m.pick = shown[at]
	} else {
		m.cursor = shown[at]
	}
}

// listKey takes the keys every list shares (`/` and the filter's text,
// g/G, Home/End); false for the rest.
func (m *Model) listKey(k tea.KeyMsg) bool {
	f := m.filter()
	if f == nil {
		return false
	}
	if handled, changed := f.Key(k); handled {
		if changed {
			// The cursor goes to the first row left when its own is
			// filtered out.
			shown, at := m.shown()
			if len(shown) > 0 && shown[at] != m.curIndex() {
				m.setAt(shown, 0)
			}
		}
		return true
	}
	shown, at := m.shown()
	if to, ok := listnav.Move(k, at, len(shown)); ok {
		m.setAt(shown, to)
		return true
	}
	return false
}

// listMove takes the mouse wheel over the list.
func (m *Model) listMove(msg tea.MouseMsg) {
	if m.filter() == nil || m.showHelp || m.busy != "" {
		return
	}
	shown, at := m.shown()
	if to, ok := listnav.Move(msg, at, len(shown)); ok {
		m.setAt(shown, to)
	}
}

func (m Model) curIndex() int {
	if m.screen == onPicker {
		return m.pick
	}
	return m.cursor
}

// listClick takes a click on the list, as the sandbox takes one on a
// variant's tab: a click on a row puts the cursor there, and a click on the
// row under the cursor opens it (open: what enter does).
func (m *Model) listClick(msg tea.MouseMsg) (open bool) {
	if m.filter() == nil || m.showHelp || m.busy != "" || !playback.Click(msg) {
		return false
	}
	shown, at := m.shown()
	names := make([]string, len(shown))
	for j, i := range shown {
		if m.screen == onPicker {
			names[j] = m.o.Scenarios[i].Name
		} else {
			names[j] = items[i].title
		}
	}
	lines := strings.Split(ansi.Strip(m.view()), "\n")
	j, ok := playback.RowAt(lines, msg.Y, func(l string) (int, bool) { return rowOf(l, names) }, underRow)
	if !ok {
		return false
	}
	if j == at && shown[j] == m.curIndex() {
		return true
	}
	m.setAt(shown, j)
	return false
}

// rowOf is the name whose row (Model.row: a space, the cursor or two
// spaces, the name between spaces) line is, the longest when one name
// starts another.
func rowOf(line string, names []string) (int, bool) {
	best, found := 0, false
	for j, n := range names {
		for _, lead := range []string{"    ", " " + theme.GlyphCursor + "  "} {
			rest, ok := strings.CutPrefix(line, lead+n)
			if ok && (rest == "" || rest[0] == ' ') && (!found || len(n) > len(names[best])) {
				best, found = j, true
			}
		}
	}
	return best, found
}

// underRow says whether line goes on the row above it: a description
// wrapped under its name's column (listLines indents it 7 cells or more).
func underRow(line string) bool {
	return strings.HasPrefix(line, "       ") && strings.TrimSpace(line) != ""
}
