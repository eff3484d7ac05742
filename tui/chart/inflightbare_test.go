package chart_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// At 0.0 s, before any call, the in-flight chart's axis read "5 / 2 / 0",
// ticks made up from nothing: without a cap it says 0 alone until calls
// are counted, and a bulkhead's cap, a bound the scenario gives, still
// sets its scale. The chart that drew the bare axis draws the ticks once
// calls come (its frame is cached by the scale).
func TestInFlightAxisInventsNoScale(t *testing.T) {
	racefree.Only(t) // no goroutine: the runs and the drawing are on this one
	f := chart.NewInFlight(tuitest.Plain())
	f.SetSize(44, 12)
	f.SetData(tuitest.At(t, "checkout", 0, 0)) // no bulkhead
	if got := yLabels(t, f.View()); len(got) != 1 || got[0] != "0" {
		t.Errorf("checkout/1 at 0 s, no call yet: the axis reads %q, want 0 alone:\n%s", got, ansi.Strip(f.View()))
	}
	f.SetData(tuitest.At(t, "checkout", 0, 0.3)) // a few calls: the same scale as none
	if got := yLabels(t, f.View()); len(got) < 2 {
		t.Errorf("checkout/1 at 0.3 s: the axis reads %q, want ticks above 0:\n%s", got, ansi.Strip(f.View()))
	}

	capped := tuitest.At(t, "checkout", 4, 0) // bulkhead 4
	f = chart.NewInFlight(tuitest.Plain())
	f.SetSize(44, 12)
	f.SetData(capped)
	got := yLabels(t, f.View())
	top, err := strconv.ParseFloat(got[0], 64)
	if len(got) < 2 || err != nil || top < float64(capped.Snap.Dependencies[0].BulkheadCap) {
		t.Errorf("checkout/5 at 0 s: the axis reads %q, want a scale up to its cap %d", got, capped.Snap.Dependencies[0].BulkheadCap)
	}
}

// yLabels are the y axis' labels, top first: the text left of the axis on
// each row above it.
func yLabels(t *testing.T, view string) []string {
	t.Helper()
	var out []string
	for _, l := range strings.Split(ansi.Strip(view), "\n")[1:] {
		row := strings.TrimPrefix(l, "│")
		if strings.Contains(row, "└") {
			break
		}
		label, _, ok := strings.Cut(row, "│")
		if ok && strings.TrimSpace(label) != "" {
			out = append(out, strings.TrimSpace(label))
		}
	}
	if len(out) == 0 {
		t.Fatalf("no y label:\n%s", ansi.Strip(view))
	}
	return out
}
