package chart_test

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// go-server's first variant at 30 s, payments unreachable since 20 s
// (tuitest.UnreachableGoServer): 26 of its calls in flight and some 1,900
// dialling the host, which its
// line leaves out (pane.Held: not at the dependency yet). The chart drew
// the 26 and nothing of the pile-up the lesson is about. The dials are a
// band of ░ above the line from the hang on, named in the legend; the
// axis keeps to the line (an axis to 2000 drew every line on the 0 row),
// the band runs off its top and the top edge counts the dials.
func TestInFlightDrawsTheDiallingPileUp(t *testing.T) {
	d := tuitest.At(t, tuitest.UnreachableGoServer, 0, 30)
	dep := d.Snap.Dependencies[0]
	last := dep.Series[len(dep.Series)-1]
	if dep.Name != "payments" || last.Dialling < 1000 || pane.OneCap(&dep) != 0 {
		t.Fatalf("%s: %d dialling, cap %d: not the pile-up this test is about", dep.Name, last.Dialling, pane.OneCap(&dep))
	}
	for _, sz := range [][2]int{{44, 12}, {55, 15}, {88, 31}} {
		f := chart.NewInFlight(tuitest.Plain())
		f.SetData(d)
		f.SetSize(sz[0], sz[1])
		v := f.View()
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		lines := strings.Split(ansi.Strip(v), "\n")
		if top := topLabel(t, v); top > 100 {
			t.Errorf("%v: the axis runs to %g, flattening a line of %d:\n%s", sz, top, pane.Held(&dep, last), v)
		}
		if want := "p: " + pane.Count(int(last.Dialling)) + " dialling"; !strings.Contains(lines[0], want) {
			t.Errorf("%v: the top edge does not say %q:\n%s", sz, want, v)
		}
		if !strings.Contains(ansi.Strip(v), "░ dialling") {
			t.Errorf("%v: the legend does not name the band:\n%s", sz, v)
		}
		// The plot's rows, top first, down to the one labelled 0, as
		// columns of runes.
		var plot [][]rune
		for _, l := range lines[1:] {
			label, row, _ := strings.Cut(strings.TrimPrefix(l, "│"), "│")
			plot = append(plot, []rune(row))
			if strings.TrimSpace(label) == "0" {
				break
			}
		}
		banded := 0
		for c := range plot[0] {
			// A band is a run of ░ from the top row (off the scale) down
			// to the payments line.
			y := 0
			for y < len(plot) && plot[y][c] == '░' {
				y++
			}
			if y == 0 {
				continue
			}
			banded++
			if y == len(plot) || plot[y][c] != 'p' {
				t.Errorf("%v: column %d's band does not end on the payments line:\n%s", sz, c, v)
			}
			for _, row := range plot[y:] {
				if row[c] == '░' {
					t.Errorf("%v: column %d has ░ below its line:\n%s", sz, c, v)
				}
			}
		}
		// From 20 s to 30 s of the 80 s the axis spans: an eighth of the
		// columns, give or take one.
		if want := len(plot[0]) / 8; banded < want-1 {
			t.Errorf("%v: %d columns banded, want about %d (20 s to 30 s):\n%s", sz, banded, want, v)
		}
	}
}

// The band is for dials the line leaves out and that pile up: under a
// bulkhead's cap the permits (the line) count the calls dialling
// (go-server's second variant: 60 held, 60 dialling), and go-inventory's
// handful of dials at once (5 at most) are a healthy pool's, which the map
// leaves unsaid too. Neither draws ░ or names it.
func TestInFlightDrawsNoBandForDialsTheLineCounts(t *testing.T) {
	for _, c := range []struct {
		scenario string
		v        int
		at       float64
	}{{"go-server", 1, 45}, {"go-inventory", 0, 30}} {
		d := tuitest.At(t, c.scenario, c.v, c.at)
		dials := int32(0)
		for _, dep := range d.Snap.Dependencies {
			for _, s := range dep.Series {
				dials = max(dials, s.Dialling)
			}
		}
		if dials == 0 {
			t.Fatalf("%s/%d at %gs: no dials: the test checks nothing", c.scenario, c.v, c.at)
		}
		f := chart.NewInFlight(tuitest.Plain())
		f.SetData(d)
		f.SetSize(88, 31)
		if v := ansi.Strip(f.View()); strings.ContainsRune(v, '░') || strings.Contains(v, "dialling") {
			t.Errorf("%s/%d at %gs (%d dialling at most): a band or its words:\n%s", c.scenario, c.v, c.at, dials, v)
		}
	}
}
