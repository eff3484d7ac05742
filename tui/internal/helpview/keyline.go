package helpview

import (
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/x/ansi"
)

// KeyLine is h's short help of bs in w cells. Where the keys do not all
// fit it leaves some out: first those named in drop (by their help's
// key, in drop's order), then from the right, but never ?, the key that
// lists them all; help's own cut at the end is the last resort. Cut at
// its end alone, the drill's and the interview's lines at 60 columns lost
// "? keys" and esc.
func KeyLine(h help.Model, bs []key.Binding, w int, drop ...string) string {
	h.Width = 0 // measured whole
	for {
		line := h.ShortHelpView(bs)
		if ansi.StringWidth(line) <= w {
			return line
		}
		i := leastNeeded(bs, drop)
		if i < 0 {
			h.Width = w
			return h.ShortHelpView(bs)
		}
		bs = append(bs[:i:i], bs[i+1:]...)
	}
}

// leastNeeded is the index in bs of the binding to leave out first: the
// first of drop still there, else the last binding but ?; -1 when only ?
// is left. A disabled binding is not shown, so it is not one.
func leastNeeded(bs []key.Binding, drop []string) int {
	for _, d := range drop {
		for i, b := range bs {
			if b.Enabled() && b.Help().Key == d {
				return i
			}
		}
	}
	for i := len(bs) - 1; i >= 0; i-- {
		if b := bs[i]; b.Enabled() && b.Help().Key != "?" {
			return i
		}
	}
	return -1
}
