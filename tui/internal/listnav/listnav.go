// Package listnav is what every list of the TUI shares beyond ↑ and ↓: `/`
// to filter it by typing (lazygit's and k9s's way), g/G and Home/End for
// its ends, and the mouse wheel. A list keeps its own items and cursor and
// asks a Filter which items to show and Move where its cursor goes; the
// filter owns the text typed and the line that shows it.
//
// It may import tui/theme, bubbletea and bubbles/key. It does no I/O.
package listnav

import (
	"strconv"
	"strings"

	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// Keys are the bindings a list adds for its help.
var (
	FilterKey = key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filter"))
	TopKey    = key.NewBinding(key.WithKeys("g", "home"), key.WithHelp("g/G", "first/last"))
	BottomKey = key.NewBinding(key.WithKeys("G", "end"), key.WithHelp("G", "last"))
)

// Filter is the text a list is filtered by. The zero value shows every
// item.
type Filter struct {
	typing bool
	query  []rune
}

// Typing reports whether the filter is being typed: every key that prints
// is text then, so a parent must not take `:` or `q` for itself.
func (f Filter) Typing() bool { return f.typing }

// Active reports whether the filter hides anything (it has text).
func (f Filter) Active() bool { return len(f.query) > 0 }

// Query is the filter's text.
func (f Filter) Query() string { return string(f.query) }

// Key takes the keys that belong to the filter: `/` starts typing; while
// typing, text, backspace, enter (keep the filter, move in the list again)
// and esc (drop it); esc with a filter kept drops it, the one level esc
// goes back before leaving the list. handled is false for the rest, and
// changed says whether the items shown may differ.
func (f *Filter) Key(k tea.KeyMsg) (handled, changed bool) {
	if !f.typing {
		switch {
		case k.String() == "/":
			f.typing = true
			return true, false
		case k.Type == tea.KeyEsc && len(f.query) > 0:
			f.query = nil
			return true, true
		}
		return false, false
	}
	switch k.Type {
	case tea.KeyCtrlC:
		return false, false
	case tea.KeyEsc:
		f.typing, f.query = false, nil
		return true, true
	case tea.KeyEnter, tea.KeyUp, tea.KeyDown:
		// Enter keeps the filter; ↑ and ↓ leave the text for the list.
		f.typing = false
		return k.Type == tea.KeyEnter, false
	case tea.KeyBackspace:
		if len(f.query) == 0 {
			f.typing = false
			return true, false
		}
		f.query = f.query[:len(f.query)-1]
		return true, true
	case tea.KeyCtrlU:
		f.query = nil
		return true, true
	case tea.KeyRunes, tea.KeySpace:
		r := k.Runes
		if k.Type == tea.KeySpace {
			r = []rune{' '}
		}
		f.query = append(f.query, r...)
		return true, true
	}
	return true, false
}

// Match reports whether an item whose texts are fields is shown: every
// word of the filter appears, in any case, in one of them.
func (f Filter) Match(fields ...string) bool {
	if len(f.query) == 0 {
		return true
	}
	hay := strings.ToLower(strings.Join(fields, " "))
	for _, w := range strings.Fields(strings.ToLower(string(f.query))) {
		if !strings.Contains(hay, w) {
			return false
		}
	}
	return true
}

// Line is the filter as the list shows it under its title, "" when there is
// none: what is typed, how many items match, and how to drop it.
func (f Filter) Line(th *theme.Theme, shown, total int) string {
	if !f.typing && len(f.query) == 0 {
		return ""
	}
	s := th.Accent.Render("/") + string(f.query)
	if f.typing {
		s += th.Accent.Render("▏")
	}
	count := th.Dim.Render("  " + strconv.Itoa(shown) + " of " + strconv.Itoa(total))
	if shown == 0 {
		count = th.Warn.Render("  nothing matches")
	}
	hint := "  enter keeps it · esc drops it"
	if !f.typing {
		hint = "  esc drops the filter"
	}
	return s + count + th.Dim.Render(hint)
}

// Move is where a cursor on position at of n shown items goes for msg: g
// and Home the first, G and End the last, the wheel one up or down. ok is
// false for any other message.
func Move(msg tea.Msg, at, n int) (to int, ok bool) {
	if n <= 0 {
		return at, false
	}
	switch msg := msg.(type) {
	case tea.KeyMsg:
		switch {
		case key.Matches(msg, TopKey):
			return 0, true
		case key.Matches(msg, BottomKey):
			return n - 1, true
		}
	case tea.MouseMsg:
		if d, ok := Wheel(msg); ok {
			return min(max(at+d, 0), n-1), true
		}
	}
	return at, false
}

// List is a list's cursor (an index into all its items) and its filter;
// the list says which items the filter lets through with match.
type List struct {
	Filter Filter
	Cursor int
}

// Shown are the indexes of the n items match lets through.
func (l *List) Shown(n int, match func(i int, f Filter) bool) []int {
	var out []int
	for i := range n {
		if match(i, l.Filter) {
			out = append(out, i)
		}
	}
	return out
}

// position is where the cursor is among shown (0 when it is not).
func position(shown []int, cur int) int {
	for j, i := range shown {
		if i == cur {
			return j
		}
	}
	return 0
}

// Step moves the cursor d items among those shown, stopping at the ends
// (or going round them with wrap).
func (l *List) Step(d int, shown []int, wrap bool) {
	if len(shown) == 0 {
		return
	}
	at := position(shown, l.Cursor) + d
	if wrap {
		at = (at%len(shown) + len(shown)) % len(shown)
	}
	l.Cursor = shown[min(max(at, 0), len(shown)-1)]
}

// Update takes what every list shares: the filter's keys, g/G, Home/End
// and the wheel. handled is false for the rest.
func (l *List) Update(msg tea.Msg, n int, match func(i int, f Filter) bool) (handled bool) {
	if k, ok := msg.(tea.KeyMsg); ok {
		if h, changed := l.Filter.Key(k); h {
			if shown := l.Shown(n, match); changed && len(shown) > 0 && shown[position(shown, l.Cursor)] != l.Cursor {
				l.Cursor = shown[0]
			}
			return true
		}
	}
	shown := l.Shown(n, match)
	if to, ok := Move(msg, position(shown, l.Cursor), len(shown)); ok {
		l.Cursor = shown[to]
		return true
	}
	return false
}

// Wheel is how many rows the mouse wheel moves for msg: -1 up, 1 down; ok
// is false for anything else.
func Wheel(msg tea.Msg) (delta int, ok bool) {
	m, isMouse := msg.(tea.MouseMsg)
	if !isMouse || m.Action != tea.MouseActionPress {
		return 0, false
	}
	switch m.Button {
	case tea.MouseButtonWheelUp:
		return -1, true
	case tea.MouseButtonWheelDown:
		return 1, true
	}
	return 0, false
}
