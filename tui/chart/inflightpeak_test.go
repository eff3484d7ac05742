package chart_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// The samples see the calls in flight only at their ends, and the engine
// records the peak between them: the chart's top label must reach that
// peak, the one a lesson quotes beside it (lesson 9's "Add a timeout" says
// "up to 73 calls" where the samples top out at 72, and a chart a few
// rows high, which scales to the peak itself, read 72).
func TestInFlightScaleReachesTheRecordedPeak(t *testing.T) {
	missed := 0
	for v := 0; v <= 2; v++ {
		for _, at := range []float64{2, 4, 6} {
			d := tuitest.At(t, "checkout", v, at)
			dep := d.Snap.Dependencies[0]
			sampled := 0
			for _, s := range dep.Series {
				sampled = max(sampled, int(s.InFlight))
			}
			if sampled >= dep.InFlightMax {
				continue
			}
			missed++
			for _, sz := range [][2]int{{40, 7}, {44, 8}, {44, 9}, {44, 12}, {88, 31}} {
				f := chart.NewInFlight(tuitest.Plain())
				f.SetData(d)
				f.SetSize(sz[0], sz[1])
				top := topLabel(t, f.View())
				if top < float64(dep.InFlightMax) {
					t.Errorf("checkout/%d at %gs, %v: the axis tops out at %g, below the recorded peak %d (samples: %d)", v, at, sz, top, dep.InFlightMax, sampled)
				}
			}
		}
	}
	if missed == 0 {
		t.Fatal("no fixture whose samples miss the recorded peak: the test checks nothing")
	}
}

// topLabel is the number on the chart's top row of the y axis.
func topLabel(t *testing.T, view string) float64 {
	t.Helper()
	lines := strings.Split(ansi.Strip(view), "\n")
	if len(lines) < 2 {
		t.Fatalf("no chart:\n%s", view)
	}
	row := strings.TrimPrefix(lines[1], "│")
	label, _, ok := strings.Cut(row, "│")
	n, err := strconv.ParseFloat(strings.TrimSpace(label), 64)
	if !ok || err != nil {
		t.Fatalf("no top label on %q:\n%s", lines[1], view)
	}
	return n
}

// go-server's payments, unreachable (tuitest.UnreachableGoServer), records
// some 1,300 in flight at once when the fault ends at 70 s and its dials
// connect together (the run's peak, read from the engine below), a burst between
// two samples, the highest of which counts some 190; the others a few dozen
// or fewer. An axis stretched to the recorded peak
// (2000) drew every column on the 0 row, and a column's mean of samples
// hid the 189 among the 26s: the chart read "nothing in flight". The line
// must stand off the 0 row, reach the upper half of the plot where the
// burst's sample falls, and the axis must not run to the peak it cannot
// show; the top edge names that peak instead, as lesson 14 quotes it.
func TestInFlightBurstBetweenSamplesKeepsTheLineReadable(t *testing.T) {
	d := tuitest.At(t, tuitest.UnreachableGoServer, 0, 75)
	dep := d.Snap.Dependencies[0]
	sampled := int32(0)
	for _, s := range dep.Series {
		sampled = max(sampled, s.InFlight)
	}
	if dep.Name != "payments" || int(sampled)*2 >= dep.InFlightMax {
		t.Fatalf("the fixture should have a recorded peak far above its samples: %s, %d sampled, %d recorded", dep.Name, sampled, dep.InFlightMax)
	}
	for _, sz := range [][2]int{{44, 9}, {55, 15}, {64, 16}, {88, 31}} {
		f := chart.NewInFlight(tuitest.Plain())
		f.SetData(d)
		f.SetSize(sz[0], sz[1])
		v := f.View()
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		lines := strings.Split(ansi.Strip(v), "\n")
		if top := topLabel(t, v); top >= float64(dep.InFlightMax) {
			t.Errorf("%v: the axis runs to %g for a peak of %d its line cannot show:\n%s", sz, top, dep.InFlightMax, v)
		}
		// The plot's rows, top first, down to the one labelled 0.
		var plot []string
		for _, l := range lines[1:] {
			label, row, _ := strings.Cut(strings.TrimPrefix(l, "│"), "│")
			plot = append(plot, row)
			if strings.TrimSpace(label) == "0" {
				break
			}
		}
		highest := -1 // rows above the 0 row of the line's highest point
		for i, row := range plot {
			if strings.ContainsRune(row, 'p') {
				highest = len(plot) - 1 - i
				break
			}
		}
		if highest < 1 || highest < (len(plot)-1)/2 {
			t.Errorf("%v: the payments line rises %d rows of %d above the 0 row; its samples reach %d:\n%s", sz, highest, len(plot)-1, sampled, v)
		}
		if !strings.Contains(lines[0], "p: peak "+pane.Count(dep.InFlightMax)) {
			t.Errorf("%v: the top edge does not name the peak the axis leaves out:\n%s", sz, v)
		}
	}
}

// A recorded peak a row or two above its line's samples that leaves the
// scale as it is costs the line nothing: the axis keeps it, and the top
// edge names no peak "off the scale" (go-server, payments unreachable, up
// to just after the fault begins: payments' peak of 24 or 26 over samples of 22, orders-db's 4 or
// 5 over samples of 2, each under a scale to 50 with or without it).
func TestInFlightSmallPeakBetweenSamplesStaysOnTheScale(t *testing.T) {
	below := 0
	for _, at := range []float64{5, 13, 21} {
		d := tuitest.At(t, tuitest.UnreachableGoServer, 0, at)
		for _, dep := range d.Snap.Dependencies {
			sampled := int32(0)
			for _, s := range dep.Series {
				sampled = max(sampled, s.InFlight)
			}
			if int(sampled) < dep.InFlightMax {
				below++
			}
		}
		for _, sz := range [][2]int{{55, 15}, {88, 31}} {
			f := chart.NewInFlight(tuitest.Plain())
			f.SetData(d)
			f.SetSize(sz[0], sz[1])
			v := f.View()
			if edge := strings.Split(ansi.Strip(v), "\n")[0]; strings.Contains(edge, "peak") {
				t.Errorf("at %gs, %v: the top edge names a peak the scale holds:\n%s", at, sz, v)
			}
			if top := topLabel(t, v); top > 50 {
				t.Errorf("at %gs, %v: the axis runs to %g for a run that has not reached 30 in flight:\n%s", at, sz, top, v)
			}
		}
	}
	if below == 0 {
		t.Fatal("no fixture whose samples miss the recorded peak: the test checks nothing")
	}
}

// A line that leaves its scale says so at every size the sandbox draws the
// chart at: at 80x24 (the right column's 44) the top edge read "p: peak
// 1,315" alone, and the line under an axis of 200 read as the peak's own.
func TestInFlightPeakOffTheScaleSaysSoAtEverySize(t *testing.T) {
	d := tuitest.At(t, tuitest.UnreachableGoServer, 0, 75)
	peak := pane.Count(d.Snap.Dependencies[0].InFlightMax)
	for _, w := range []int{36, 40, 44, 55, 64, 88, 110} {
		f := chart.NewInFlight(tuitest.Plain())
		f.SetData(d)
		f.SetSize(w, 13)
		top := strings.Split(ansi.Strip(f.View()), "\n")[0]
		if !strings.Contains(top, peak) || !strings.Contains(top, "off") || !strings.Contains(top, "scale") {
			t.Errorf("width %d: the top edge does not say the peak is off the scale: %q", w, top)
		}
	}
}
