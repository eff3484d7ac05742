package chart_test

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// api-gateway caps search-api at 25 calls and every other upstream at 10:
// the chart draws a dashed line at each, and its legend names both values
// (with the letters they cap where there is room), at every size the
// sandbox gives it, so that no dashed line goes unexplained.
func TestInFlightNamesEveryCapItDraws(t *testing.T) {
	d := tuitest.At(t, "api-gateway", 0, 30)
	for _, sz := range [][2]int{{44, 11}, {44, 13}, {44, 21}, {55, 15}, {110, 30}} {
		f := chart.NewInFlight(tuitest.Plain())
		f.SetData(d)
		f.SetSize(sz[0], sz[1])
		v := ansi.Strip(f.View())
		if !strings.Contains(v, "┄┄┄") {
			t.Fatalf("%dx%d: no cap drawn:\n%s", sz[0], sz[1], v)
		}
		if !strings.Contains(v, "caps 25") || !strings.Contains(v, "10") {
			t.Errorf("%dx%d: the legend names the caps 25 and 10 both:\n%s", sz[0], sz[1], v)
		}
	}
	f := chart.NewInFlight(tuitest.Plain())
	f.SetData(d)
	f.SetSize(110, 30)
	if v := ansi.Strip(f.View()); !strings.Contains(v, "caps 25 (s), 10 (u o c a)") {
		t.Errorf("at 110 columns the legend says which dependency each cap holds:\n%s", v)
	}
}
