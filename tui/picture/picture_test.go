package picture

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/engine/sweep"
)

// svgTexts parses an SVG as XML and returns the content of its text
// elements, one string each.
func svgTexts(t *testing.T, data []byte) []string {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	var texts []string
	depth := 0
	var cur strings.Builder
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG does not parse as XML: %v", err)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			if el.Name.Local == "text" {
				depth++
				cur.Reset()
			}
		case xml.CharData:
			if depth > 0 {
				cur.Write(el)
			}
		case xml.EndElement:
			if el.Name.Local == "text" && depth > 0 {
				depth--
				texts = append(texts, cur.String())
			}
		}
	}
	return texts
}

func hasText(texts []string, want string) bool {
	for _, s := range texts {
		if strings.Contains(s, want) {
			return true
		}
	}
	return false
}

func checkPNG(t *testing.T, draw func(io.Writer, string) error) {
	t.Helper()
	var b bytes.Buffer
	if err := draw(&b, "png"); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&b)
	if err != nil {
		t.Fatalf("the PNG does not decode: %v", err)
	}
	if r := img.Bounds(); r.Dx() < 1000 || r.Dy() < 500 {
		t.Errorf("PNG is %v, want a slide-sized picture", r)
	}
}

func checkSVG(t *testing.T, draw func(io.Writer, string) error, want ...string) {
	t.Helper()
	var b bytes.Buffer
	if err := draw(&b, "svg"); err != nil {
		t.Fatal(err)
	}
	texts := svgTexts(t, b.Bytes())
	for _, w := range want {
		if !hasText(texts, w) {
			t.Errorf("the SVG has no text %q; its texts: %q", w, texts)
		}
	}
}

func TestRunPicture(t *testing.T) {
	sc := scenarios.Cascade()
	snaps, err := engine.RunAll(sc, 5)
	if err != nil {
		t.Fatal(err)
	}
	draw := func(w io.Writer, f string) error { return Run(w, sc, 5, snaps, f) }
	checkSVG(t, draw, "cascade, seed 5", "1. one shared pool of 200 threads: outcomes per endpoint", "time", "30 s",
		"ok 100.0%", "calls in flight: held and abandoned", "breaker state", "half-open", "fault: recommendations hang", "ok", "failed",
		"solid: held (a caller waits)", "dashed: abandoned (the caller gave up)", "dotted: the bulkhead's cap")
	// Rasterising is the slow part: the PNG check uses a one-variant run.
	tl := scenarios.BreakerTimeline()
	snaps, err = engine.RunAll(tl, 5)
	if err != nil {
		t.Fatal(err)
	}
	checkPNG(t, func(w io.Writer, f string) error { return Run(w, tl, 5, snaps, f) })
}

func TestShufflePicture(t *testing.T) {
	rep, err := shuffle.RunScenario(5)
	if err != nil {
		t.Fatal(err)
	}
	draw := func(w io.Writer, f string) error { return Shuffle(w, rep, 5, f) }
	checkSVG(t, draw, "the odds that two customers share workers", "workers per customer, of the fleet",
		"chance (log scale, taller is rarer)", "share of the strategy's other customers (%)", "share every worker", "plain")
	checkPNG(t, draw)
}

// cascadeSweep runs a small sweep of the cascade on one seed: the
// recommendations' timeout, and with twoKnobs the workers too, measuring
// search.ok with the goal search.ok>=0.99.
func cascadeSweep(t *testing.T, twoKnobs bool) *sweep.Result {
	t.Helper()
	build := func() *engine.Scenario {
		sc := scenarios.Cascade()
		sc.Duration, sc.MeasureTo = 12*time.Second, 12*time.Second
		return sc
	}
	set := func(sc *engine.Scenario, v int, path string, val any) error {
		switch path {
		case "workers":
			sc.Variants[v].System.Workers = int(val.(int64))
		default:
			d, err := time.ParseDuration(val.(string))
			sc.Variants[v].System.Dependencies[2].Policy.Timeout = d
			return err
		}
		return nil
	}
	x, _ := sweep.ParseVary("recommendations.timeout=200ms..3s:4")
	y, _ := sweep.ParseVary("workers=100..300:3")
	m, _ := sweep.ParseMetric("search.ok", build(), 0)
	g, _ := sweep.ParseGoal("search.ok>=0.99", build(), 0)
	axes := []sweep.Axis{x}
	if twoKnobs {
		axes = append(axes, y)
	}
	p := &sweep.Plan{Build: build, Axes: axes, Seeds: []uint64{5}, Measure: m, Goal: &g, Set: set}
	if err := p.Prepare(); err != nil {
		t.Fatal(err)
	}
	res := sweep.NewResult(p)
	for _, j := range p.Jobs() {
		s, err := p.Run(j)
		if err != nil {
			t.Fatal(err)
		}
		res.Add(s)
	}
	return res
}

func TestSweepPicture(t *testing.T) {
	for _, two := range []bool{true, false} {
		res := cascadeSweep(t, two)
		draw := func(w io.Writer, f string) error { return Sweep(w, res, "cascade", f) }
		// A share reads as a percentage, as the terminal writes it
		// (sweepui.Value, sweepui.GoalText): the legend's bands, the
		// curve's axis, and the goal, given as 0.99.
		// The title says which requests the share counts, as the table's does.
		want := []string{"cascade", "search.ok (share), of requests arriving from 10 s to ", "recommendations.timeout", "search.ok>=99%"}
		if two {
			// A heatmap's ticks are its swept values (sweptTicks), the
			// first and the last with them.
			want = append(want, "0.2 s", "3 s", "workers", "meets search.ok>=99%", "goal boundary", "darker: better", "93% – 100%", "45% – 52%")
		} else {
			want = append(want, "1 s", "search.ok (share)", "goal search.ok>=99%", "0%", "100%")
		}
		checkSVG(t, draw, want...)
		checkPNG(t, draw)
	}
}
