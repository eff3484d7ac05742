package chart_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

type sized interface {
	tea.Model
	SetSize(w, h int)
	SetData(pane.Data)
}

// The sizes the charts get in the sandbox's layout at 80×24, 100×30 and 160×48.
var (
	outcomeSizes  = [][2]int{{36, 9}, {45, 15}, {72, 31}}
	inFlightSizes = [][2]int{{44, 9}, {55, 15}, {88, 31}}
)

func TestOutcomesGolden(t *testing.T) {
	for _, c := range []struct {
		name    string
		variant int
		at      float64
	}{{"shared-20s", 0, 20}, {"breaker-30s", 2, 30}} {
		d := tuitest.At(t, "cascade", c.variant, c.at)
		for _, sz := range outcomeSizes {
			o := chart.NewOutcomes(tuitest.Plain())
			o.SetData(d)
			o.SetSize(sz[0], sz[1])
			v := o.View()
			tuitest.CheckBlock(t, v, sz[0], sz[1])
			golden.Check(t, fmt.Sprintf("outcomes-%s-%dx%d", c.name, sz[0], sz[1]), v)
		}
	}
}

func TestInFlightGolden(t *testing.T) {
	for _, c := range []struct {
		name    string
		variant int
		at      float64
	}{{"shared-20s", 0, 20}, {"bulkhead-30s", 1, 30}} {
		d := tuitest.At(t, "cascade", c.variant, c.at)
		for _, sz := range inFlightSizes {
			f := chart.NewInFlight(tuitest.Plain())
			f.SetData(d)
			f.SetSize(sz[0], sz[1])
			v := f.View()
			tuitest.CheckBlock(t, v, sz[0], sz[1])
			golden.Check(t, fmt.Sprintf("inflight-%s-%dx%d", c.name, sz[0], sz[1]), v)
		}
	}
}

// The charts tell the story of the shared pool: before the hang every
// request of every endpoint ends ok; once the pool is full, search is
// rejected, though it never calls the hanging dependency.
func TestOutcomesShowTheCascade(t *testing.T) {
	o := chart.NewOutcomes(tuitest.Plain())
	o.SetData(tuitest.At(t, "cascade", 0, 30))
	o.SetSize(72, 31)
	lines := strings.Split(o.View(), "\n")
	var search string
	for _, l := range lines {
		if strings.Contains(l, "search") {
			search = l
		}
	}
	i := strings.Index(search, "█")
	if i < 0 {
		t.Fatalf("no band for search:\n%s", o.View())
	}
	cells := []rune(search[i:])
	n := len(cells) - 1 // the border closes the line
	// The first third of the axis is before the hang.
	early, late := string(cells[:n/3-1]), string(cells[2*n/3:n])
	if strings.Trim(early, "█") != "" {
		t.Errorf("search before the hang should be all ok (█), got %q", early)
	}
	if !strings.Contains(late, "░") {
		t.Errorf("search after the pool fills should show rejections (░), got %q", late)
	}
	if !strings.Contains(o.View(), "━ recommendations hangs 10s–30s") {
		t.Errorf("the legend should name the fault's span")
	}
}

func TestInFlightShowsTheBulkheadCap(t *testing.T) {
	f := chart.NewInFlight(tuitest.Plain())
	f.SetData(tuitest.At(t, "cascade", 1, 30))
	f.SetSize(88, 31)
	v := f.View()
	for _, want := range []string{"┄ cap 20", "r recommendations", "┄┄┄┄"} {
		if !strings.Contains(v, want) {
			t.Errorf("in-flight chart with a bulkhead lacks %q:\n%s", want, v)
		}
	}
}

func TestChartsFillTheirSize(t *testing.T) {
	d := tuitest.At(t, "cascade", 2, 26)
	for _, mk := range []func(*theme.Theme) sized{
		func(th *theme.Theme) sized { return chart.NewOutcomes(th) },
		func(th *theme.Theme) sized { return chart.NewInFlight(th) },
	} {
		for w := 1; w <= 100; w += 9 {
			for h := 1; h <= 40; h += 5 {
				c := mk(tuitest.Plain())
				c.SetSize(w, h)
				c.SetData(d)
				tuitest.CheckBlock(t, c.View(), w, h)
			}
		}
	}
}

func TestChartsColourDoesNotMoveAnything(t *testing.T) {
	d := tuitest.At(t, "cascade", 2, 26)
	for _, mk := range []func(*theme.Theme) sized{
		func(th *theme.Theme) sized { return chart.NewOutcomes(th) },
		func(th *theme.Theme) sized { return chart.NewInFlight(th) },
	} {
		plain, color := mk(tuitest.Plain()), mk(tuitest.Color())
		for _, c := range []sized{plain, color} {
			c.SetSize(60, 16)
			c.SetData(d)
		}
		if ansi.Strip(color.View()) != plain.View() {
			t.Errorf("%T: colour changed the layout", plain)
		}
	}
}

// Between samples (every 100 ms of virtual time) a chart does not redraw.
func TestChartsRedrawOnlyOnNewSamples(t *testing.T) {
	a := tuitest.At(t, "cascade", 0, 12.01)
	b := tuitest.At(t, "cascade", 0, 12.05) // the same samples
	c := tuitest.At(t, "cascade", 0, 16)    // forty more
	for _, mk := range []func(*theme.Theme) sized{
		func(th *theme.Theme) sized { return chart.NewOutcomes(th) },
		func(th *theme.Theme) sized { return chart.NewInFlight(th) },
	} {
		ch := mk(tuitest.Color())
		ch.SetSize(60, 16)
		ch.SetData(a)
		first := ch.View()
		if n := testing.AllocsPerRun(10, func() { ch.SetData(b); _ = ch.View() }); n > 0 {
			t.Errorf("%T redrew without a new sample (%v allocations)", ch, n)
		}
		ch.SetData(c)
		if ch.View() == first {
			t.Errorf("%T did not redraw for a new sample", ch)
		}
	}
}
