package pane_test

import (
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// A chain kept through a run, its heights asked at every snapshot, asks
// what a chain made afresh for that snapshot asks: the footer's measure
// it keeps (footHeights) is taken again when the totals move, as the
// counts grow a digit and the footer a line.
func TestChainKeptHeightsFollowTheTotals(t *testing.T) {
	racefree.Only(t) // no goroutine: the panes driven by hand
	var snaps []pane.Data
	for at := 0.0; at <= 60; at += 3 {
		snaps = append(snaps, tuitest.At(t, "multi-hop", 1, at))
	}
	moved := 0
	for w := 24; w <= 100; w++ {
		kept := pane.NewChain(tuitest.Plain())
		last := -1
		for i, d := range snaps {
			kept.SetData(d)
			fresh := pane.NewChain(tuitest.Plain())
			fresh.SetData(d)
			if got, want := kept.Needs(w), fresh.Needs(w); got != want {
				t.Errorf("%d wide at snapshot %d: the kept chain needs %d rows, one made afresh %d", w, i, got, want)
			}
			if got, want := kept.MinHeight(w), fresh.MinHeight(w); got != want {
				t.Errorf("%d wide at snapshot %d: the kept chain's least is %d rows, one made afresh %d", w, i, got, want)
			}
			if n := fresh.Needs(w) + fresh.MinHeight(w); last >= 0 && n != last {
				moved++
			}
			last = fresh.Needs(w) + fresh.MinHeight(w)
		}
	}
	// One chain asked at every width in turn, as a resize does.
	kept := pane.NewChain(tuitest.Plain())
	for i, d := range snaps {
		kept.SetData(d)
		for w := 24; w <= 100; w++ {
			fresh := pane.NewChain(tuitest.Plain()) // asked at this width alone
			fresh.SetData(d)
			if got, want := kept.Needs(w), fresh.Needs(w); got != want {
				t.Errorf("snapshot %d, asked %d wide after other widths: the kept chain needs %d rows, one made afresh %d", i, w, got, want)
			}
			if got, want := kept.MinHeight(w), fresh.MinHeight(w); got != want {
				t.Errorf("snapshot %d, asked %d wide after other widths: the kept chain's least is %d rows, one made afresh %d", i, w, got, want)
			}
		}
	}
	if moved == 0 {
		t.Fatal("multi-hop's totals never moved the chain's heights at one width: the test checks no change")
	}
}
