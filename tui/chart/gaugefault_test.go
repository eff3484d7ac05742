package chart_test

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// A gauge that marks the fault with ━ on its time axis names it in its
// legend whenever the legend's last line has room for the shortest name,
// "━ fault": at 80x24 the live lab's go server drew its connections' chart
// 39 cells wide with ━ under the plot and no word for it, the fault's
// longer name not fitting beside "u in use  w waiting for one" (and no
// outcomes chart beside it at that size to name it).
func TestGaugeNamesTheFaultItMarksWhereItFits(t *testing.T) {
	racefree.Only(t) // draws in this goroutine only
	d := tuitest.At(t, "go-server", 0, 60)
	if len(d.Faults) == 0 {
		t.Fatal("go-server's first variant has no fault to mark")
	}
	named := 0
	for w := 30; w <= 100; w++ {
		g := chart.NewPoolGauge(tuitest.Plain(), 0)
		g.SetSize(w, 12)
		g.SetData(d)
		lines := strings.Split(ansi.Strip(g.View()), "\n")
		marked, legend := false, ""
		for i, l := range lines {
			r := []rune(l)
			if len(r) < 3 {
				continue
			}
			in := string(r[1 : len(r)-1])
			if strings.Contains(in, "└") && strings.Contains(in, "━") {
				marked = true
			}
			if i == len(lines)-2 { // the legend's last line, above the frame's bottom
				legend = strings.TrimRight(in, " ")
			}
		}
		if !marked {
			continue
		}
		if strings.Contains(legend, "━ ") {
			named++
			continue
		}
		if len([]rune(legend))+len("  ━ fault") <= w-2 {
			t.Errorf("%d wide: ━ marks the fault on the axis, and the legend's last line %q leaves room for its name:\n%s", w, legend, ansi.Strip(g.View()))
		}
	}
	if named == 0 {
		t.Error("no width named the fault: the test checks nothing")
	}
}
