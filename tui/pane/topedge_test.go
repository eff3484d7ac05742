package pane_test

import (
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/x/ansi"
)

// TopEdge is the first line of Frame at every width, with and without a
// title and a note, short or long enough to be cut, in colour and plain:
// a gauge redraws its top edge alone between two samples and sets it on
// the rest of the frame it drew before, which must read as the whole
// frame drawn afresh.
func TestTopEdgeIsFramesFirstLine(t *testing.T) {
	racefree.Only(t) // no goroutine: strings compared
	titles := []string{"", "Pool", "Pool db (client connections)"}
	notes := []string{"", "3/10", "10/10 in use · 4 waiting", "a note far wider than any frame here, which must be cut"}
	for name, th := range map[string]*theme.Theme{"plain": tuitest.Plain(), "colour": tuitest.Color()} {
		for w := range 70 {
			for _, title := range titles {
				for _, note := range notes {
					want := pane.Frame(th, w, 3, title, note, nil)[0]
					got := pane.TopEdge(th, w, title, note)
					if got != want {
						t.Fatalf("%s, width %d, %q and %q: TopEdge draws\n%q\nFrame's top line is\n%q", name, w, title, note, got, want)
					}
					if n := ansi.StringWidth(got); n != w {
						t.Fatalf("%s, width %d, %q and %q: TopEdge is %d cells wide", name, w, title, note, n)
					}
				}
			}
		}
	}
}
