package picture

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// The legend says "beside each band: its shares", so a band's label gives
// every share of its window that `run`'s table prints above 0.0%, in the
// outcomes' order, not ok and the largest other: cascade's first design
// fails 39.6% of its recommendations and its third rejects 24.3%. A
// crowded panel may leave a share out only when the row's legend names
// the band and the shares it shows. And the labels stay readable: no text
// of the picture overlaps another or runs off the page.
func TestBandLabelsShowEveryShareThatFits(t *testing.T) {
	type run struct {
		name  string
		sc    *engine.Scenario
		snaps []engine.Snapshot
	}
	var runs []run
	for _, name := range []string{"cascade", "checkout", "api-gateway", "noisy-tenant"} {
		b, ok := scenarios.Lookup(name)
		if !ok {
			t.Fatalf("no scenario %s", name)
		}
		sc := b.Build()
		snaps, err := engine.RunAll(sc, 5)
		if err != nil {
			t.Fatal(err)
		}
		runs = append(runs, run{name, sc, snaps})
	}
	// The gateway's five bands with four shares each: three lines a band
	// do not fit in a band's room.
	gw := runs[2]
	crowded := run{name: "api-gateway, every outcome", sc: gw.sc, snaps: everyOutcome(gw.snaps)}
	runs = append(runs, crowded)

	for _, r := range runs {
		f, err := runFigure(r.sc, 5, r.snaps)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := f.write(&b, "svg"); err != nil {
			t.Fatal(err)
		}
		texts := svgBoxes(t, b.Bytes())
		notes := 0
		for v := range r.snaps {
			ticks := f.rows[v][0].Y.Tick.Marker.Ticks(0, 1)
			for k := range r.snaps[v].Endpoints {
				e := &r.snaps[v].Endpoints[k]
				tally := report.WindowTally(e)
				label := ticks[k].Label
				note := ""
				for _, tx := range texts {
					if strings.HasPrefix(strings.TrimSpace(tx.s), e.Name+": only ") {
						note = tx.s
					}
				}
				for o := engine.Outcome(0); o < 4; o++ {
					if o != engine.OK && tally.Outcomes[o] == 0 {
						continue
					}
					want := fmt.Sprintf("%s %s", o, report.Percent1(tally.Share(o)))
					if strings.Contains(label, want) {
						continue
					}
					if note == "" || strings.Contains(note, o.String()) {
						t.Errorf("%s, design %d: the band %q leaves out %q, and no legend says so (%q)", r.name, v+1, label, want, note)
					} else if o == engine.OK {
						t.Errorf("%s, design %d: the band %q leaves out ok", r.name, v+1, label)
					}
				}
				if note != "" {
					notes++
				}
			}
		}
		if r.name == crowded.name && notes == 0 {
			t.Errorf("%s: every share fits in a crowded panel: the test does not reach a band with no room", r.name)
		}
		checkTextsApart(t, r.name, texts, f.height)
	}
}

// everyOutcome is snaps with every endpoint's window of 1000 requests
// split 400 ok, 300 fallback, 200 rejected and 100 failed: every band
// has four shares to give.
func everyOutcome(snaps []engine.Snapshot) []engine.Snapshot {
	var out []engine.Snapshot
	for _, s := range snaps {
		s.Endpoints = append([]engine.EndpointSnapshot(nil), s.Endpoints...)
		for k := range s.Endpoints {
			e := &s.Endpoints[k]
			e.WindowArrived = 1000
			e.Window = engine.Counts{400, 300, 200, 100}
		}
		out = append(out, s)
	}
	return out
}

// textBox is a text of an SVG and the box its glyphs take, in the
// picture's coordinates (y up).
type textBox struct {
	s   string
	box vg.Rectangle
	// legend: a legend's line, in the legend's type size
	legend bool
}

// svgBoxes reads the upright texts of a picture's SVG with where they
// stand, measured in the pictures' font. Rotated texts (an axis's name)
// stand in a group of their own and are left out.
func svgBoxes(t *testing.T, data []byte) []textBox {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	var out []textBox
	var rotated []bool // per open group: does it rotate
	var cur *textBox
	var sty text.Style
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG does not parse: %v", err)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			switch el.Name.Local {
			case "g":
				rotated = append(rotated, strings.Contains(attr(el, "transform"), "rotate"))
			case "text":
				if len(rotated) > 0 && rotated[len(rotated)-1] {
					continue
				}
				x, _ := strconv.ParseFloat(attr(el, "x"), 64)
				y, _ := strconv.ParseFloat(attr(el, "y"), 64) // flipped: the baseline is at -y
				size := 10.0
				if _, after, ok := strings.Cut(attr(el, "style"), "font-size:"); ok {
					size, _ = strconv.ParseFloat(strings.TrimSuffix(strings.Split(after, ";")[0], "px"), 64)
				}
				sty = text.Style{Font: font.Font{Typeface: plot.DefaultFont.Typeface, Variant: plot.DefaultFont.Variant, Size: vg.Points(size)}, Handler: plot.DefaultTextHandler}
				ext := sty.FontExtents()
				cur = &textBox{legend: vg.Points(size) == newRowLegend().TextStyle.Font.Size, box: vg.Rectangle{
					Min: vg.Point{X: vg.Length(x), Y: vg.Length(-y) - ext.Descent},
					Max: vg.Point{X: vg.Length(x), Y: vg.Length(-y) + ext.Ascent},
				}}
			}
		case xml.CharData:
			if cur != nil {
				cur.s += string(el)
			}
		case xml.EndElement:
			switch el.Name.Local {
			case "g":
				rotated = rotated[:len(rotated)-1]
			case "text":
				if cur != nil {
					cur.box.Max.X += sty.Width(cur.s)
					out = append(out, *cur)
					cur = nil
				}
			}
		}
	}
	return out
}

func attr(el xml.StartElement, name string) string {
	for _, a := range el.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// checkTextsApart fails when two texts of a picture overlap or one runs
// off the page. A glyph box reaches a little past the ink (ascent and
// descent), so boxes may touch by a point.
func checkTextsApart(t *testing.T, name string, texts []textBox, ht vg.Length) {
	t.Helper()
	const slack = vg.Length(1)
	inner := func(r vg.Rectangle) vg.Rectangle {
		r.Min.Y += slack
		r.Max.Y -= slack
		return r
	}
	for i, a := range texts {
		if a.box.Min.X < 0 || a.box.Max.X > width || a.box.Min.Y < -slack || a.box.Max.Y > ht+slack {
			t.Errorf("%s: %q runs off the page: %v", name, a.s, a.box)
		}
		for _, b := range texts[i+1:] {
			if a.legend || b.legend {
				continue // a legend's lines stand closer than their boxes; plot.Legend spaces them
			}
			if overlap(inner(a.box), inner(b.box)) {
				t.Errorf("%s: %q %v overlaps %q %v", name, a.s, a.box, b.s, b.box)
			}
		}
	}
}
