package exercisesui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
)

// A window too short for the whole list keeps the chosen row on screen
// and says how many rows are above and below it. The list used to cut rows
// from the top: at 60×20 with the cursor on 01 it started at 02, and the
// row enter would open was not shown.
func TestShortListKeepsTheChosenRow(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	var b strings.Builder
	for _, sz := range [][2]int{{60, 20}, {40, 12}} {
		d := start(t, newFake(), sz[0], sz[1])
		d.keys("l")
		n := len(d.m.visible())
		for i := range n {
			v := d.view()
			name := d.m.exs[d.m.visible()[i]].Name
			chosen := ""
			for _, l := range strings.Split(v, "\n") {
				if strings.HasPrefix(l, symCursor+" ") {
					chosen = l
				}
			}
			if !strings.Contains(chosen, name) {
				t.Fatalf("%dx%d, cursor on %s: the chosen row is not shown:\n%s", sz[0], sz[1], name, v)
			}
			if i > 0 && !strings.Contains(v, "more above") && !strings.Contains(v, d.m.exs[d.m.visible()[0]].Name) {
				t.Fatalf("%dx%d, cursor on %s: rows above are hidden without a marker:\n%s", sz[0], sz[1], name, v)
			}
			if i < n-1 && !strings.Contains(v, "more below") && !strings.Contains(v, d.m.exs[d.m.visible()[n-1]].Name) {
				t.Fatalf("%dx%d, cursor on %s: rows below are hidden without a marker:\n%s", sz[0], sz[1], name, v)
			}
			if i == 0 || i == n/2 || i == n-1 {
				fmt.Fprintf(&b, "──── %dx%d, cursor on row %d ────\n%s\n", sz[0], sz[1], i+1, v)
			}
			d.keys("down")
		}
	}
	golden.Check(t, "list-short", b.String())
}

// listWindow keeps the cursor inside and, with its marker lines, fits.
func TestListWindow(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	for n := 1; n < 20; n++ {
		for room := 1; room < 22; room++ {
			for at := range n {
				start, end := listWindow(n, at, room)
				lines := end - start
				if room >= 3 {
					if start > 0 {
						lines++
					}
					if end < n {
						lines++
					}
				}
				if at < start || at >= end || lines > max(room, 1) {
					t.Fatalf("listWindow(%d, %d, %d) = %d, %d (%d lines)", n, at, room, start, end, lines)
				}
			}
		}
	}
}

// The list's keys are named as on the other screens: / filter (it narrows
// the list to the typed words; it said "search"), tab show (all, pending,
// done), and ? keys on the runner (it said "more keys").
func TestKeyWordsMatchTheOtherScreens(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	d := start(t, newFake(), 120, 30)
	d.wantView("? keys")
	d.keys("l")
	d.wantView("/ filter", "tab show", "/ to filter")
	d.keys("/", "slo")
	d.wantView("filter: slo")
}
