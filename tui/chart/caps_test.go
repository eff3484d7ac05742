package chart_test

import (
	"fmt"
	"strconv"
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

// A chart too short to draw a bulkhead's cap apart from 0 and its top
// says the cap in its title instead, and with only 0 and its top labelled
// its top is the highest value drawn: lesson 3's first step, two plot rows
// tall beside the text, drew recommendations' 80 calls on a row labelled
// 100 and its cap of 20 on the 0 row, far below the line it caps; lesson
// 7's checkout, its cap of 4 under calls reaching 8, would have the cap on
// the top row, as if the line were held at it.
func TestInFlightShortChartIsHonestAboutTheCap(t *testing.T) {
	for _, c := range []struct {
		name    string
		variant int
		at      float64
		cap     int
	}{{"cascade", 1, 30, 20}, {"checkout", 3, 2.2, 4}} {
		d := tuitest.At(t, c.name, c.variant, c.at)
		peak := 0
		for _, dep := range d.Snap.Dependencies {
			peak = max(peak, dep.BulkheadCap)
			for _, s := range dep.Series {
				peak = max(peak, int(s.InFlight))
			}
		}
		for _, sz := range [][2]int{{39, 7}, {39, 8}, {47, 8}, {44, 9}, {47, 9}, {55, 15}, {88, 31}} {
			f := chart.NewInFlight(tuitest.Plain())
			f.SetData(d)
			f.SetSize(sz[0], sz[1])
			v := ansi.Strip(f.View())
			lines := strings.Split(v, "\n")
			var plot []string // the plot's rows, top first, each after its y label: "80|rrr"
			for _, l := range lines[1:] {
				label, row, ok := strings.Cut(strings.TrimPrefix(l, "│"), "│")
				if !ok || strings.Contains(label, "└") {
					break
				}
				plot = append(plot, strings.TrimSpace(label)+"|"+row)
			}
			drawn := false
			for k, p := range plot {
				if !strings.Contains(p, "┄") {
					continue
				}
				drawn = true
				if strings.HasPrefix(p, "0|") || k == 0 && c.cap < peak {
					t.Errorf("%s %dx%d: the cap of %d is drawn on the row %q:\n%s", c.name, sz[0], sz[1], c.cap, p[:strings.IndexByte(p, '|')], v)
				}
			}
			if !drawn && !strings.Contains(lines[0], fmt.Sprintf("cap %d", c.cap)) {
				t.Errorf("%s %dx%d: the cap is neither drawn nor said in the title:\n%s", c.name, sz[0], sz[1], v)
			}
			if len(plot) < 5 && len(plot) > 0 {
				if top, _, _ := strings.Cut(plot[0], "|"); top != strconv.Itoa(max(peak, 5)) {
					t.Errorf("%s %dx%d: %d plot rows, top labelled %s; the highest value is %d:\n%s", c.name, sz[0], sz[1], len(plot), top, peak, v)
				}
			}
		}
	}
}

// A per-tenant bulkhead has no one cap on its calls in flight: noisy-tenant's
// lanes of 20 a tenant drew "┄ cap 60", the lanes summed, over the calls
// acme's full lane of 20 turned away (the pool and breaker panes say "20 per
// tenant"). The chart draws no cap line for it and names none.
func TestInFlightDrawsNoCapForAPerTenantBulkhead(t *testing.T) {
	d := tuitest.At(t, "noisy-tenant", 1, 20)
	if d.Snap.Dependencies[0].TenantBulkhead == nil {
		t.Fatal("noisy-tenant's second design should have a per-tenant bulkhead")
	}
	for _, sz := range [][2]int{{44, 11}, {44, 21}, {110, 30}} {
		f := chart.NewInFlight(tuitest.Plain())
		f.SetData(d)
		f.SetSize(sz[0], sz[1])
		v := ansi.Strip(f.View())
		if strings.Contains(v, "┄") || strings.Contains(v, "cap") {
			t.Errorf("%dx%d: a per-tenant bulkhead drawn or named as one cap:\n%s", sz[0], sz[1], v)
		}
	}
}
