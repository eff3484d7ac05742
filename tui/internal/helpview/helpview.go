// Package helpview is the full-screen help of the sandbox and the shard
// view: the screen's key table and a few paragraphs about what it shows, in
// a frame, scrolled when they do not fit the window (at 80×24 they do not).
//
// A screen builds the lines once when the help opens or the window changes
// (Paragraphs wraps its prose), hands them to SetContent with the frame's
// size, passes keys to Update, and draws View. It holds no global state;
// its key bindings (Keys) join the screen's one key map.
//
// It also sets a key table that wraps its columns to the window (KeyTable),
// for any screen whose full help is wider than 80 columns.
//
// It imports tui/pane (the frame), tui/theme, bubbles (help, key),
// bubbletea and x/ansi; it does no I/O.
package helpview

import (
	"fmt"
	"slices"
	"strings"

	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Keys scroll the help.
type Keys struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
}

// DefaultKeys are the scrolling keys: the arrows and j/k, the page keys
// (and space, as in a pager), home/g and end/G.
func DefaultKeys() Keys {
	b := func(keys []string, k, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
	}
	return Keys{
		Up:       b([]string{"up", "k"}, "↑/k", "scroll up"),
		Down:     b([]string{"down", "j"}, "↓/j", "scroll down"),
		PageUp:   b([]string{"pgup", "b"}, "pgup", "page up"),
		PageDown: b([]string{"pgdown", " ", "f"}, "pgdn", "page down"),
		Top:      b([]string{"home", "g"}, "g", "top"),
		Bottom:   b([]string{"end", "G"}, "G", "bottom"),
	}
}

// Model is a help screen: its lines, the frame's size and how far it is
// scrolled.
type Model struct {
	keys  Keys
	lines []string
	w, h  int
	top   int
}

// New makes an empty help screen scrolled by keys (the screen's own
// bindings, from its key map).
func New(keys Keys) Model { return Model{keys: keys} }

// Keys are the scrolling keys, for the screen's key help.
func (m Model) Keys() Keys { return m.keys }

// SetContent sets the lines and the frame's outer size, keeping the scroll
// position where it can.
func (m *Model) SetContent(lines []string, w, h int) {
	m.lines, m.w, m.h = lines, w, h
	m.clamp()
}

// Reset scrolls back to the top, for a help that opens again.
func (m *Model) Reset() { m.top = 0 }

// rows is how many lines the frame shows.
func (m Model) rows() int { return max(m.h-2, 0) }

func (m *Model) clamp() { m.top = max(min(m.top, len(m.lines)-m.rows()), 0) }

// Scrollable reports whether the lines overflow the frame.
func (m Model) Scrollable() bool { return len(m.lines) > m.rows() }

// Update scrolls on the keys and reports whether it used k.
func (m *Model) Update(k tea.KeyMsg) bool {
	page := max(m.rows()-1, 1)
	switch {
	case key.Matches(k, m.keys.Up):
		m.top--
	case key.Matches(k, m.keys.Down):
		m.top++
	case key.Matches(k, m.keys.PageUp):
		m.top -= page
	case key.Matches(k, m.keys.PageDown):
		m.top += page
	case key.Matches(k, m.keys.Top):
		m.top = 0
	case key.Matches(k, m.keys.Bottom):
		m.top = len(m.lines)
	default:
		return false
	}
	m.clamp()
	return true
}

// View draws the frame, titled, with the visible lines and, when they
// overflow, which lines these are: exactly the size SetContent gave.
func (m Model) View(th *theme.Theme, title string) []string {
	rows := m.rows()
	end := min(m.top+rows, len(m.lines))
	note := ""
	if m.Scrollable() {
		note = fmt.Sprintf("lines %d–%d of %d", m.top+1, end, len(m.lines))
		switch {
		case end < len(m.lines):
			note += " · ↓ more"
		default:
			note += " · the end"
		}
	}
	return pane.Frame(th, m.w, m.h, title, note, m.lines[min(m.top, len(m.lines)):end])
}

// ShortHelp is the one-line key help while the help is open: how to scroll
// (when it must) and the keys that close it.
func (m Model) ShortHelp(close ...key.Binding) []key.Binding {
	var out []key.Binding
	if m.Scrollable() {
		out = append(out, key.NewBinding(key.WithKeys("up", "down"), key.WithHelp("↑/↓", "scroll")),
			key.NewBinding(key.WithKeys("pgup", "pgdown"), key.WithHelp("pgup/pgdn", "page")))
	}
	return append(out, close...)
}

// KeyTable is a screen's full key help in at most w cells: its columns
// side by side as far as they fit, the rest in rows below, a blank line
// between, where help.Model alone would cut them off.
func KeyTable(h help.Model, groups [][]key.Binding, w int) []string {
	h.Width = 0 // measure, and draw, without cutting
	var out, row []string
	var cols [][]key.Binding
	flush := func() {
		if len(cols) == 0 {
			return
		}
		if len(out) > 0 {
			out = append(out, "")
		}
		out = append(out, row...)
		cols = nil
	}
	for _, g := range groups {
		next := append(slices.Clone(cols), g)
		lines := strings.Split(h.FullHelpView(next), "\n")
		if len(cols) > 0 && maxWidth(lines) > w {
			flush()
			next = [][]key.Binding{g}
			lines = strings.Split(h.FullHelpView(next), "\n")
		}
		cols, row = next, lines
	}
	flush()
	return out
}

func maxWidth(lines []string) int {
	w := 0
	for _, l := range lines {
		w = max(w, ansi.StringWidth(l))
	}
	return w
}

// Paragraphs sets each paragraph in at most w cells, its lines after the
// first indented by two, as the help screens set their prose.
func Paragraphs(paras []string, w int) []string {
	var out []string
	for _, para := range paras {
		for i, l := range pane.Wrap(para, max(w-2, 1)) {
			if i > 0 {
				l = "  " + l
			}
			out = append(out, l)
		}
	}
	return out
}
