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

// In the checkout's protected variant a bulkhead caps payment at 4 calls,
// yet more are in flight: the calls whose caller timed out, which the
// provider goes on working on. The chart hatches them apart, says what the
// hatching means, and counts them on its edge.
func TestInFlightShowsTheAbandonedCallsApart(t *testing.T) {
	d := tuitest.At(t, "checkout", 3, 3.5)
	dep := d.Snap.Dependencies[0]
	if dep.InFlight <= dep.BulkheadCap || dep.Abandoned == 0 {
		t.Fatalf("the fixture should have more in flight (%d) than the cap (%d), abandoned ones (%d) among them", dep.InFlight, dep.BulkheadCap, dep.Abandoned)
	}
	for _, sz := range inFlightSizes {
		f := chart.NewInFlight(tuitest.Plain())
		f.SetData(d)
		f.SetSize(sz[0], sz[1])
		v := f.View()
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		if !strings.Contains(v, "╱ abandoned") {
			t.Errorf("%v: the legend should name the hatching:\n%s", sz, v)
		}
		if sz[1] >= 15 && !strings.Contains(v, "╱╱") {
			t.Errorf("%v: the abandoned calls should be hatched:\n%s", sz, v)
		}
		if sz[0] >= 88 && !strings.Contains(v, "abandoned: the caller gave up, the dependency still works") {
			t.Errorf("%v: with room, the legend should say what abandoned means:\n%s", sz, v)
		}
	}
	f := chart.NewInFlight(tuitest.Plain())
	f.SetData(d)
	f.SetSize(88, 31)
	v := f.View()
	golden.Check(t, "inflight-checkout-protected-3.5s-88x31", v)
	last := dep.Series[len(dep.Series)-1]
	if want := fmt.Sprintf("p: %d of %d in flight abandoned", last.Abandoned, last.InFlight); !strings.Contains(v, want) {
		t.Errorf("the chart's edge should say %q:\n%s", want, v)
	}
	// What rises above the cap is hatched: the calls still awaited fit in
	// it.
	lines := strings.Split(v, "\n")
	capRow, hatchRow := -1, -1
	for i, l := range lines {
		if strings.Contains(l, "┄┄") && capRow < 0 {
			capRow = i
		}
		if strings.Contains(l, "╱╱") && hatchRow < 0 {
			hatchRow = i
		}
	}
	if capRow < 0 || hatchRow < 0 || hatchRow >= capRow {
		t.Errorf("the hatching (from line %d) should rise above the cap (line %d):\n%s", hatchRow, capRow, v)
	}
}

// Without timeouts nothing is abandoned, and the legend does not speak of it.
func TestInFlightWithoutTimeoutsHasNoAbandonedLegend(t *testing.T) {
	f := chart.NewInFlight(tuitest.Plain())
	f.SetData(tuitest.At(t, "breaker-timeline", 0, 60))
	f.SetSize(88, 31)
	if v := f.View(); strings.Contains(v, "abandoned") || strings.Contains(v, "╱") {
		t.Errorf("a run without timeouts should not mention abandoned calls:\n%s", v)
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

// The chart counts a request when its answer comes, and says so; a past
// stretch with nothing decided shows a dot, explained in the legend, not a
// gap that looks like missing data. From 10 s the shared pool's
// recommendations calls hang: for the next seconds none is decided, until
// the pool is full and new ones are rejected at the door.
func TestOutcomesSayWhatTheyCountAndMarkEmptyStretches(t *testing.T) {
	d := tuitest.At(t, "cascade", 0, 12)
	o := chart.NewOutcomes(tuitest.Plain())
	o.SetData(d)
	o.SetSize(72, 31)
	v := o.View()
	if !strings.Contains(v, "as decided") {
		t.Errorf("the title must say the columns count requests as they are decided:\n%s", v)
	}
	if !strings.Contains(v, "· nothing decided") {
		t.Errorf("the legend must explain the dot:\n%s", v)
	}
	// The recommendations band's bottom row has a dot where nothing was
	// decided, right after 10 s, and no blank inside the past.
	lines := strings.Split(v, "\n")
	var bottom string
	for i, l := range lines {
		if strings.Contains(l, "recommendatio") && strings.Contains(l, "█") {
			for j := i; j < len(lines) && !strings.Contains(lines[j], "─") && strings.TrimSpace(strings.Trim(lines[j], "│")) != ""; j++ {
				bottom = lines[j]
			}
			break
		}
	}
	past := strings.TrimRight(strings.Trim(bottom, "│"), " ")
	start := strings.IndexAny(past, "█░▒╳")
	if start < 0 || !strings.Contains(past[start:], "·") || strings.Contains(past[start:], " ") {
		t.Errorf("the recommendations band's last row %q should be filled or dotted up to now", bottom)
	}
}

// When the chart is too short for every endpoint's band it says which it
// leaves out rather than leave one out silently. It keeps the band of the
// endpoint whose dependency has the fault (recommendations hangs in
// cascade: lesson 1's subject, which dropping the last bands hid at
// 80×24), and the endpoints a screen says it is about (SetFocus) before
// those; the others go first.
func TestOutcomesSayWhenBandsAreLeftOut(t *testing.T) {
	o := chart.NewOutcomes(tuitest.Plain())
	o.SetData(tuitest.At(t, "cascade", 0, 20))
	o.SetSize(39, 7)
	v := o.View()
	lines := strings.Split(v, "\n")
	if !strings.Contains(lines[0], "see profile") {
		t.Errorf("two bands of three fit; the title must name the hidden one, profile, not the hanging recommendations:\n%s", v)
	}
	if strings.Contains(lines[0], "  ") {
		t.Errorf("the title and its note run together with no dash between them: %q", lines[0])
	}
	drawn := func(v, name string) bool {
		for _, l := range strings.Split(v, "\n")[1:] {
			if strings.Contains(l, name+" ") || strings.HasSuffix(strings.TrimRight(strings.Trim(l, "│"), " "), name) {
				return true
			}
		}
		return false
	}
	if !drawn(v, "recommendations") || !drawn(v, "search") || drawn(v, "profile") {
		t.Errorf("the bands of search and recommendations should be drawn, not profile's:\n%s", v)
	}
	o.SetSize(70, 7)
	if v := o.View(); !strings.Contains(strings.Split(v, "\n")[0], "enlarge to see profile") {
		t.Errorf("with room, the title should say how to see the hidden band:\n%s", v)
	}
	// A screen about search and profile keeps theirs.
	o.SetFocus([]string{"profile", "search"})
	o.SetSize(39, 7)
	v = o.View()
	if !strings.Contains(strings.Split(v, "\n")[0], "recommendations hidden") || !drawn(v, "profile") || !drawn(v, "search") {
		t.Errorf("focused on search and profile, the chart should hide recommendations:\n%s", v)
	}
}
