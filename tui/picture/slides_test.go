package picture

import (
	"bytes"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/shuffle"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// The tests of this file hold the pictures to what a slide needs: legends
// beside the lines, not on them; round tick labels; bars inside the plot;
// no red on a sweep's good cells.

func cascadeFigure(t *testing.T) figure {
	t.Helper()
	sc := scenarios.Cascade()
	snaps, err := engine.RunAll(sc, 5)
	if err != nil {
		t.Fatal(err)
	}
	f, err := runFigure(sc, 5, snaps)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func shuffleFig(t *testing.T) (figure, shuffle.Report) {
	t.Helper()
	rep, err := shuffle.RunScenario(5)
	if err != nil {
		t.Fatal(err)
	}
	f, err := shuffleFigure(rep, 5)
	if err != nil {
		t.Fatal(err)
	}
	return f, rep
}

func overlap(a, b vg.Rectangle) bool {
	return a.Min.X < b.Max.X && b.Min.X < a.Max.X && a.Min.Y < b.Max.Y && b.Min.Y < a.Max.Y
}

// checkLegendsBeside fails when a panel draws a legend inside itself or a
// row's legend overlaps a panel.
func checkLegendsBeside(t *testing.T, name string, f figure) {
	t.Helper()
	dc := draw.New(vgsvg.New(width, f.height))
	panels, legends := f.layout(dc)
	for i, row := range f.rows {
		for j, p := range row {
			if p == nil {
				continue // no panel: a design without a breaker
			}
			if r := p.Legend.Rectangle(panels[i][j]); r.Max.X > r.Min.X {
				t.Errorf("%s: panel %d,%d (%q) has a legend inside it, over its lines", name, i, j, p.Title.Text)
			}
		}
	}
	if len(legends) != len(f.rows) {
		t.Fatalf("%s: %d legends for %d rows", name, len(legends), len(f.rows))
	}
	for i := range legends {
		r := f.legends[i].Rectangle(legends[i])
		if r.Max.X <= r.Min.X {
			t.Errorf("%s: row %d has no legend", name, i)
		}
		for _, row := range panels {
			for _, c := range row {
				if overlap(legends[i].Rectangle, c.Rectangle) {
					t.Errorf("%s: row %d's legend %v overlaps a panel %v", name, i, legends[i].Rectangle, c.Rectangle)
				}
			}
		}
	}
}

func TestLegendsStandBesideThePanels(t *testing.T) {
	checkLegendsBeside(t, "cascade", cascadeFigure(t))
	f, _ := shuffleFig(t)
	checkLegendsBeside(t, "shuffle", f)
}

// decimalZeros is a number written with only zeros after its point.
var decimalZeros = regexp.MustCompile(`^-?[0-9]+\.0+( |$)`)

func TestTickLabelsAreRound(t *testing.T) {
	// Every axis of the cascade's picture is a count, a percentage or a
	// time: no label should read "25.00".
	sc := scenarios.Cascade()
	snaps, err := engine.RunAll(sc, 5)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := Run(&b, sc, 5, snaps, "svg"); err != nil {
		t.Fatal(err)
	}
	for _, s := range svgTexts(t, b.Bytes()) {
		if decimalZeros.MatchString(s) {
			t.Errorf("tick label %q: a whole number written with decimals", s)
		}
	}
	cases := []struct {
		name     string
		ticker   plot.Ticker
		min, max float64
		want     string
	}{
		{"calls", countTicks, 0, 29.4, "0 5 10 15 20 25"},
		{"few calls", countTicks, 0, 2.1, "0 1 2"},
		{"ms to s", durationTicks("ms"), 34, 5216, "1 s 2 s 3 s 4 s 5 s"},
		{"ms under a second", durationTicks("ms"), 0, 929, "0 ms 200 ms 400 ms 600 ms 800 ms"},
		{"s", durationTicks("s"), 0, 30, "0 s 5 s 10 s 15 s 20 s 25 s 30 s"},
		{"half seconds", durationTicks("ms"), 300, 3100, "0.5 s 1 s 1.5 s 2 s 2.5 s 3 s"},
		// Past half an hour, in the unit report.SpanUnit reads the span in
		// (a scenario file's run, a sweep of a fault's start in one), as
		// the sandbox's axes: "36000 s" read as nothing at a glance.
		{"half an hour", durationTicks("s"), 0, 1800, "0 s 500 s 1000 s 1500 s"},
		{"minutes", durationTicks("ms"), 0, 2.7e6, "0m 10m 20m 30m 40m"},
		{"hours", durationTicks("s"), 3600, 36000, "2h 4h 6h 8h 10h"},
		{"a day", durationTicks("s"), 0, 86400, "0h 6h 12h 18h 24h"},
		{"number", numberTicks, 0.4, 1.0, "0.4 0.5 0.6 0.7 0.8 0.9 1"},
		{"share", percentTicks, 0.4, 1.0, "40% 50% 60% 70% 80% 90% 100%"},
		{"share near all", percentTicks, 0.991, 1.0, "99.2% 99.4% 99.6% 99.8% 100%"},
	}
	for _, c := range cases {
		var got []string
		for _, tk := range c.ticker.Ticks(c.min, c.max) {
			if tk.Value < c.min || tk.Value > c.max {
				t.Errorf("%s: tick %v outside %v..%v", c.name, tk.Value, c.min, c.max)
			}
			got = append(got, tk.Label)
		}
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("%s: ticks on %v..%v are %q, want %q", c.name, c.min, c.max, g, c.want)
		}
	}
}

func TestShuffleBarsStandInsideThePlot(t *testing.T) {
	f, rep := shuffleFig(t)
	odds, sim := f.rows[0][0], f.rows[1][0]
	tallest := 0.0
	for _, r := range rep.Combinatorics {
		tallest = math.Max(tallest, -math.Log10(math.Max(r.ShareAll, 1e-300)))
	}
	most := 0.0
	rows := rep.Simulation.Rows()
	for _, r := range rows {
		most = math.Max(most, 100*math.Max(float64(r.Lost), float64(r.Degraded))/float64(r.Customers))
	}
	for _, c := range []struct {
		name    string
		p       *plot.Plot
		n       int
		tallest float64
	}{{"odds", odds, len(rep.Combinatorics), tallest}, {"simulation", sim, len(rows), most}} {
		// Category k stands at x = k; its pair of bars needs half a slot
		// on each side.
		if c.p.X.Min > -0.5 || c.p.X.Max < float64(c.n-1)+0.5 {
			t.Errorf("%s: x axis %v..%v cuts the outer bars of %d categories", c.name, c.p.X.Min, c.p.X.Max, c.n)
		}
		if c.p.Y.Max < c.tallest {
			t.Errorf("%s: y axis ends at %v, under the tallest bar %v", c.name, c.p.Y.Max, c.tallest)
		}
		ticks := c.p.Y.Tick.Marker.Ticks(c.p.Y.Min, c.p.Y.Max)
		if top := ticks[len(ticks)-1].Value; top < c.tallest {
			t.Errorf("%s: the highest tick %v is under the tallest bar %v", c.name, top, c.tallest)
		}
	}
}

// fillColour is an SVG fill written as #RRGGBB.
var fillColour = regexp.MustCompile(`fill:#([0-9A-Fa-f]{6})`)

func TestSweepHasNoRedAndMarksItsGoal(t *testing.T) {
	res := cascadeSweep(t, true)
	var b bytes.Buffer
	if err := Sweep(&b, res, "cascade", "svg"); err != nil {
		t.Fatal(err)
	}
	fills := 0
	for _, m := range fillColour.FindAllStringSubmatch(b.String(), -1) {
		v, _ := strconv.ParseUint(m[1], 16, 32)
		r, g, bl := v>>16, v>>8&0xff, v&0xff
		fills++
		if r > 2*g && r > 2*bl {
			t.Errorf("the sweep's picture fills with red #%s; red means bad on a slide", m[1])
		}
	}
	if fills == 0 {
		t.Fatal("the sweep's SVG has no fill colours: the check reads nothing")
	}
	texts := svgTexts(t, b.Bytes())
	for _, want := range []string{"goal boundary", "darker: better"} {
		if !hasText(texts, want) {
			t.Errorf("the sweep's picture has no %q; its texts: %q", want, texts)
		}
	}
	// The best band, where the goal is met, is dark blue or green.
	colors, _, _ := sweepBands(res.Plan)
	r, g, bl, _ := colors[len(colors)-1].RGBA()
	if r >= g && r >= bl {
		t.Errorf("search.ok's best band is %v: want blue or green", colors[len(colors)-1])
	}
	// With a goal to stay under, the lowest values are the best.
	res.Plan.Goal.Op = "<="
	colors, _, _ = sweepBands(res.Plan)
	if !dark(colors[0]) || dark(colors[len(colors)-1]) {
		t.Error("a goal with <= should make the lowest band the darkest")
	}
}

// TestGoalBoundarySeparatesMetFromUnmet checks each segment of the
// boundary: the cells on its two sides differ in meeting the goal.
func TestGoalBoundarySeparatesMetFromUnmet(t *testing.T) {
	res := cascadeSweep(t, true)
	segs, err := goalBoundary(res, placeKnob(res.Plan.Axes[0].X, ""), placeKnob(res.Plan.Axes[1].X, ""))
	if err != nil {
		t.Fatal(err)
	}
	if len(segs) == 0 {
		t.Fatal("no boundary, though some cells meet the goal and some do not")
	}
	pl := res.Plan
	ex, ey := edges(pl.Axes[0].X), edges(pl.Axes[1].X)
	cellAt := func(x, y float64) (int, int, bool) {
		i, j := -1, -1
		for k := 0; k+1 < len(ex); k++ {
			if x > ex[k] && x < ex[k+1] {
				i = k
			}
		}
		for k := 0; k+1 < len(ey); k++ {
			if y > ey[k] && y < ey[k+1] {
				j = k
			}
		}
		return i, j, i >= 0 && j >= 0
	}
	for _, s := range segs {
		a, b := s.XYs[0], s.XYs[1]
		mx, my := (a.X+b.X)/2, (a.Y+b.Y)/2
		dx, dy := 1e-6*(ex[len(ex)-1]-ex[0]), 0.0
		if a.X != b.X {
			dx, dy = 0, 1e-6*(ey[len(ey)-1]-ey[0])
		}
		i1, j1, ok1 := cellAt(mx-dx, my-dy)
		i2, j2, ok2 := cellAt(mx+dx, my+dy)
		if !ok1 || !ok2 {
			t.Errorf("segment %v–%v lies on the grid's edge", a, b)
			continue
		}
		if res.Cell(i1, j1).Met == res.Cell(i2, j2).Met {
			t.Errorf("segment %v–%v separates cells (%d,%d) and (%d,%d) that both meet the goal or both miss it", a, b, i1, j1, i2, j2)
		}
	}
}
