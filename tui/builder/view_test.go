package builder

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

var sizes = [][2]int{{80, 24}, {120, 40}, {200, 60}}

// screen is one of the builder's screens, by name.
type screen struct {
	name string
	m    Model
}

// screens are the builder's screens: the list of starts, a system built
// by keys, the same with the knob form open, the help, a refusal, and the
// question on leaving. They are built once and drawn at each size (a
// resize runs nothing again).
func screens(t *testing.T) []screen {
	b := built(t, 120, 40)
	refused := tuitest.Press(selectPart(t, b, "inventory"), "c")
	refused = tuitest.Press(selectPart(t, refused, "inventory"), "enter")
	return []screen{
		{"starts", newBuilder(120, 40)},
		{"built", b},
		{"knobs", tuitest.Press(b, "e")},
		{"help", tuitest.Press(b, "?")},
		{"refused", refused},
		{"leave", tuitest.Press(b, "esc")},
	}
}

// at is the screens resized to w×h.
func at(all []screen, w, h int) []screen {
	out := make([]screen, len(all))
	for i, s := range all {
		s.m.SetSize(w, h)
		out[i] = s
	}
	return out
}

// The screens at 80×24, 120×40 and 200×60: exactly the window's size,
// no word cut, and the goldens of the starts and the built system.
func TestScreensAtThreeSizes(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	all := screens(t)
	for _, sz := range sizes {
		var g strings.Builder
		for _, s := range at(all, sz[0], sz[1]) {
			v := s.m.View()
			where := fmt.Sprintf("%s at %dx%d", s.name, sz[0], sz[1])
			tuitest.CheckBlock(t, v, sz[0], sz[1])
			tuitest.CheckNoCuts(t, where, v, s.m.msg)
			if s.name == "starts" || s.name == "built" || s.name == "refused" {
				fmt.Fprintf(&g, "──── %s ────\n%s\n", s.name, ansi.Strip(v))
			}
		}
		golden.Check(t, fmt.Sprintf("builder-%dx%d", sz[0], sz[1]), g.String())
	}
}

// blankRun is the longest run of rows, within the columns [from, to) of
// the body (under the title, over the message and the keys), that hold
// nothing: spaces, or spaces between a frame's two sides (a chart's axis
// is a third line, and its plot area counts as drawn).
func blankRun(view string, from, to, bottom int) int {
	rows := strings.Split(ansi.Strip(view), "\n")
	best, run := 0, 0
	for _, r := range rows[1 : len(rows)-bottom] {
		cells := []rune(r)
		seg := string(cells[min(from, len(cells)):min(to, len(cells))])
		if n := strings.Count(seg, "│"); (n == 0 || n == 2) && strings.TrimSpace(strings.ReplaceAll(seg, "│", " ")) == "" {
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	return best
}

// At 200×60 neither column of the builder's screens is left blank over
// more than four rows: the charts of the preview run fill what the parts
// and the map leave.
func TestNoBlankAreasAt200x60(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	for _, s := range at(screens(t), 200, 60) {
		if s.name == "help" {
			continue // a scrolled text, as every screen's help
		}
		left, _ := s.m.split(60)
		bottom := 1 + len(s.m.messageLines())
		for _, col := range [][2]int{{0, left}, {left, 200}} {
			if n := blankRun(s.m.View(), col[0], col[1], bottom); n > 4 {
				t.Errorf("%s: %d blank rows in a run in columns %d-%d:\n%s", s.name, n, col[0], col[1], ansi.Strip(s.m.View()))
			}
		}
	}
}

// The check sees a blank area: a pane taller than what it holds.
func TestBlankRunSeesAnEmptyPane(t *testing.T) {
	view := "title\n" + strings.Repeat("│      │xx\n", 6) + "keys"
	if n := blankRun(view, 0, 8, 1); n != 6 {
		t.Errorf("run %d, want 6", n)
	}
	if n := blankRun(view, 8, 10, 1); n != 0 {
		t.Errorf("run %d in a full column, want 0", n)
	}
	if n := blankRun("title\n"+strings.Repeat("│ 5│    │\n", 6)+"keys", 0, 8, 1); n != 0 {
		t.Errorf("run %d in a chart's plot, want 0", n)
	}
}

// Any window, however small, gets a view of exactly its size, on every
// screen; none panics.
func TestAnySizeDraws(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	all := screens(t)
	for _, sz := range [][2]int{{1, 1}, {40, 10}, {79, 23}, {110, 12}, {300, 90}} {
		for _, s := range at(all, sz[0], sz[1]) {
			tuitest.CheckBlock(t, s.m.View(), sz[0], sz[1])
		}
	}
}
