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
// for any screen whose full help is wider than 80 columns, and keeps the
// scroll position of a page of lines (Scroll) for a screen that draws a
// page of its own, in no frame. A screen's key line is fitted to its width
// by playback.KeyLine, the one ranking of keys for every screen.
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
	keys   Keys
	lines  []string
	w, h   int
	scroll Scroll
}

// Scroll is how far a page of lines is scrolled in a window that shows
// rows of them: the first line shown. The page's length and the rows are
// the screen's, passed in, as a resize or a new text changes them.
type Scroll struct{ top int }

// At is the first line shown of a page of n lines in rows: the position,
// kept where the page's last lines fill the window at most (a resize may
// have left it further).
func (s Scroll) At(n, rows int) int { return max(min(s.top, n-rows), 0) }

// Reset scrolls back to the top.
func (s *Scroll) Reset() { s.top = 0 }

// Move scrolls a page of n lines in rows by the key, from where it shows,
// and reports whether keys has k: a line up or down, a window less one
// line, the top, the bottom.
func (s *Scroll) Move(k tea.KeyMsg, keys Keys, n, rows int) bool {
	page := max(rows-1, 1)
	s.top = s.At(n, rows)
	switch {
	case key.Matches(k, keys.Up):
		s.top--
	case key.Matches(k, keys.Down):
		s.top++
	case key.Matches(k, keys.PageUp):
		s.top -= page
	case key.Matches(k, keys.PageDown):
		s.top += page
	case key.Matches(k, keys.Top):
		s.top = 0
	case key.Matches(k, keys.Bottom):
		s.top = n
	default:
		return false
	}
	s.top = s.At(n, rows)
	return true
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
	m.scroll.top = m.scroll.At(len(m.lines), m.rows())
}

// Reset scrolls back to the top, for a help that opens again.
func (m *Model) Reset() { m.scroll.Reset() }

// rows is how many lines the frame shows.
func (m Model) rows() int { return max(m.h-2, 0) }

// Scrollable reports whether the lines overflow the frame.
func (m Model) Scrollable() bool { return len(m.lines) > m.rows() }

// Update scrolls on the keys and reports whether it used k.
func (m *Model) Update(k tea.KeyMsg) bool {
	return m.scroll.Move(k, m.keys, len(m.lines), m.rows())
}

// View draws the frame, titled, with the visible lines and, when they
// overflow, which lines these are: exactly the size SetContent gave.
func (m Model) View(th *theme.Theme, title string) []string {
	rows := m.rows()
	top := m.scroll.top
	end := min(top+rows, len(m.lines))
	note := ""
	if m.Scrollable() {
		note = fmt.Sprintf("lines %d–%d of %d", top+1, end, len(m.lines))
		switch {
		case end < len(m.lines):
			note += " · ↓ more"
		default:
			note += " · the end"
		}
	}
	return pane.Frame(th, m.w, m.h, title, note, m.lines[min(top, len(m.lines)):end])
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
// between, where help.Model alone would cut them off. A column wider than
// w alone has its descriptions wrapped under themselves: at 40 columns
// the frame cut the builder's and the sandbox's longest ones with "…".
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
		if len(next) == 1 && maxWidth(lines) > w {
			next = [][]key.Binding{wrapDescs(g, w)}
			lines = strings.Split(h.FullHelpView(next), "\n")
		}
		cols, row = next, lines
	}
	flush()
	return out
}

// wrapDescs is the column g in w cells: each description wrapped to what
// the keys leave, its lines after the first as bindings whose help names
// no key, so that help draws them under the description, in its style.
func wrapDescs(g []key.Binding, w int) []key.Binding {
	keyW := 0
	for _, b := range g {
		if b.Enabled() {
			keyW = max(keyW, ansi.StringWidth(b.Help().Key))
		}
	}
	var out []key.Binding
	for _, b := range g {
		if !b.Enabled() {
			continue
		}
		for i, l := range pane.Wrap(b.Help().Desc, max(w-keyW-1, 1)) {
			k := b.Help().Key
			if i > 0 {
				k = ""
			}
			// help shows a binding only when it has keys: these are
			// never matched, only drawn.
			out = append(out, key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(k, l)))
		}
	}
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
