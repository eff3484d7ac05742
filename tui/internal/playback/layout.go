package playback

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// The smallest window the sandbox's and the shard view's layouts fit.
const (
	MinWidth  = 80
	MinHeight = 24
)

// TooSmall reports whether a w×h window is below the layouts' minimum.
func TooSmall(w, h int) bool { return w < MinWidth || h < MinHeight }

// SmallView asks for a bigger window, in as much of the w×h window as
// there is: exactly its size. It says what q does, as on the screen it
// hides: q quits on a screen of its own, and goes back on one inside another (Home
// enabled), as q does on the screen it hides.
func (k Keys) SmallView(w, h int) string {
	if k.Home.Enabled() {
		return smallView(w, h, "go back")
	}
	return smallView(w, h, "quit")
}

// SmallViewIn is SmallView with lines of context above the request
// where they fit (SmallMessage): where the window is and what it shows,
// so that a window made too small says what it hides.
func (k Keys) SmallViewIn(w, h int, context ...string) string {
	q := "quit"
	if k.Home.Enabled() {
		q = "go back"
	}
	return strings.Join(SmallMessage(w, h, MinWidth, MinHeight, q, context...), "\n")
}

func smallView(w, h int, q string) string {
	return strings.Join(SmallMessage(w, h, MinWidth, MinHeight, q), "\n")
}

// SmallMessage asks, in a w×h window, for one of at least minW×minH, and
// says what q does ("quit", "go back"): exactly w×h, the first lines of
// context (a screen's name, where it is) above it where they fit. Every
// screen's too-small message keeps to this one rule: the longest wording
// whose wrapped lines all fit whole, then shorter ones, the last with the
// way out first, so that what a tiny window cuts is never the size needed
// or how to leave. At 20×5 the whole sentence lost "press q to quit".
func SmallMessage(w, h, minW, minH int, q string, context ...string) []string {
	forms := [][]string{
		{fmt.Sprintf("breakerlab needs a window of at least %d×%d; this one is %d×%d. Make the window larger, or press q to %s.", minW, minH, w, h, q)},
		{fmt.Sprintf("Needs %d×%d, this is %d×%d.", minW, minH, w, h), fmt.Sprintf("Press q to %s.", q)},
		// The key line's words for q ("q quit", "q back"): its last word.
		{fmt.Sprintf("q %s · needs %d×%d", q[strings.LastIndex(q, " ")+1:], minW, minH)},
	}
	var wrapped []string
	for _, withContext := range []bool{true, false} {
		for _, form := range forms {
			var paras []string
			if withContext {
				paras = append(paras, context...)
			}
			paras = append(paras, form...)
			wrapped = wrapAll(paras, w)
			if fitsWhole(paras, wrapped, w, h) {
				return pane.Block(wrapped, w, h)
			}
		}
	}
	return pane.Block(wrapped, w, h) // the shortest, cut: nothing fits whole
}

// wrapAll is each paragraph wrapped to w cells, one after the other.
func wrapAll(paras []string, w int) []string {
	var out []string
	for _, p := range paras {
		out = append(out, pane.Wrap(p, max(w, 1))...)
	}
	return out
}

// fitsWhole says whether lines, paras wrapped, fit a w×h window with no
// line cut and no word broken: a word wider than the line is wrapped in
// pieces, which read as two words.
func fitsWhole(paras, lines []string, w, h int) bool {
	if len(lines) > h {
		return false
	}
	for _, l := range lines {
		if ansi.StringWidth(l) > w {
			return false
		}
	}
	return len(strings.Fields(strings.Join(lines, " "))) == len(strings.Fields(strings.Join(paras, " ")))
}

// smallQuit is what a key does on a too-small screen of its own: q and
// ctrl+c quit, and nothing else reaches the screen behind it.
func smallQuit(k tea.KeyMsg, keys Keys) tea.Cmd {
	if key.Matches(k, keys.Quit) {
		return tea.Quit
	}
	return nil
}

// SmallKey is what a key does on the screen Keys.SmallView draws: on a
// screen inside another (Home enabled) q sends back, the message that
// leaves it, as q does on the screen hidden; elsewhere q quits; ctrl+c
// always quits; nothing else reaches the screen behind it (space would
// play).
func (k Keys) SmallKey(msg tea.KeyMsg, back tea.Msg) tea.Cmd {
	if msg.String() == "q" && k.Home.Enabled() && back != nil {
		return func() tea.Msg { return back }
	}
	return smallQuit(msg, k)
}

// SideBySide appends h lines to lines, each the left pane's line followed
// by the right's (a missing line is empty).
func SideBySide(lines []string, left, right string, h int) []string {
	l := strings.Split(left, "\n")
	r := strings.Split(right, "\n")
	for i := range h {
		var a, b string
		if i < len(l) {
			a = l[i]
		}
		if i < len(r) {
			b = r[i]
		}
		lines = append(lines, a+b)
	}
	return lines
}

// Chrome caches the lines around a screen's panes (the title and the key
// help), which change far less often than the frames that draw them: each
// is redrawn only when its key (what it depends on) changes.
type Chrome struct {
	titleKey, keysKey string
	title, keys       string
}

// Title returns the cached title line, drawing it when key changed.
func (c *Chrome) Title(key string, draw func() string) string {
	if key != c.titleKey {
		c.titleKey, c.title = key, draw()
	}
	return c.title
}

// Keys returns the cached key-help line, drawing it when key changed.
func (c *Chrome) Keys(key string, draw func() string) string {
	if key != c.keysKey {
		c.keysKey, c.keys = key, draw()
	}
	return c.keys
}

// EachRune takes keys typed faster than they were read, which arrive as one
// message of several runes, one at a time through update, until stop says
// the screen now takes text (a form or a prompt opened): the runes after
// that go to it together, as the text they are; a nil stop never stops (a
// screen whose text fields take one rune at a time as well). ok is false,
// and nothing is done, when k is a single key, a paste or an alt
// combination.
func EachRune(m tea.Model, k tea.KeyMsg, stop func(tea.Model) bool) (next tea.Model, cmd tea.Cmd, ok bool) {
	if k.Type != tea.KeyRunes || len(k.Runes) < 2 || k.Paste || k.Alt {
		return m, nil, false
	}
	var cmds []tea.Cmd
	next = m
	for i, r := range k.Runes {
		var c tea.Cmd
		next, c = next.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
		cmds = append(cmds, c)
		if stop != nil && stop(next) {
			if rest := k.Runes[i+1:]; len(rest) > 0 {
				next, c = next.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: append([]rune(nil), rest...)})
				cmds = append(cmds, c)
			}
			break
		}
	}
	return next, tea.Batch(cmds...), true
}
