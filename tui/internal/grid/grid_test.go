package grid

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/muesli/termenv"
)

func TestGrid(t *testing.T) {
	g := New(6, 2)
	g.Text(1, 0, "ab", 1)
	g.Set(5, 1, 'z', 2)
	g.Set(9, 9, 'q', 1) // outside: ignored
	g.Text(4, 0, "long", 0)
	lines := g.Lines(nil)
	if lines[0] != " ab lo" { // "long" is clipped at the edge
		t.Errorf("row 0 = %q", lines[0])
	}
	if lines[1] != "     z" {
		t.Errorf("row 1 = %q", lines[1])
	}
	src := New(2, 1)
	src.Text(0, 0, "xy", 1)
	g.Blit(src, 5, 1)
	if r, c := g.At(5, 1); r != 'x' || c != 1 {
		t.Errorf("blit wrote %q class %d", r, c)
	}
}

func TestLinesPaintRuns(t *testing.T) {
	r := theme.Plain()
	r.SetColorProfile(termenv.ANSI256)
	th := theme.New(r)
	g := New(4, 1)
	g.Text(0, 0, "aabb", 1)
	g.Set(2, 0, 'b', 2)
	g.Set(3, 0, 'b', 2)
	inks := []theme.Ink{{}, theme.InkOf(th.Bad), theme.InkOf(th.Good)}
	got := g.Lines(inks)[0]
	want := inks[1].Paint("aa") + inks[2].Paint("bb")
	if got != want {
		t.Errorf("runs of a class should be painted once: %q, want %q", got, want)
	}
}

// testInks are inks of the lengths the charts use: none, a colour, a bold
// reversed colour, and one that is the zero Ink.
func testInks(profile termenv.Profile) []theme.Ink {
	r := theme.Plain()
	r.SetColorProfile(profile)
	th := theme.New(r)
	return []theme.Ink{{}, theme.InkOf(th.Bad), theme.InkOf(th.Good.Bold(true).Reverse(true)), {}, theme.InkOf(th.Dim)}
}

// chartLike is a grid drawn as a chart is: an axis, a line of box and
// braille runes in two classes, labels, and rows left blank.
func chartLike(w, h int) *Grid {
	g := New(w, h)
	g.VLine(4, 0, h-2, '│', 1)
	g.HLine(4, w-1, h-2, '─', 1)
	g.Text(0, 0, "100", 4)
	g.Text(0, h-3, "0", 4)
	g.Text(5, h-1, "0s        10s       20s", 4)
	for x := 5; x < w; x++ {
		g.Set(x, x%(h-2), '⣿', Class(2+x%2))
	}
	return g
}

// linesRunByRun is what Lines must write: each run of a class written
// again from its runes, in its ink.
func linesRunByRun(g *Grid, inks []theme.Ink) []string {
	out := make([]string, g.H)
	for y := range g.H {
		var b strings.Builder
		for x := 0; x < g.W; {
			_, c := g.At(x, y)
			var run strings.Builder
			for ; x < g.W; x++ {
				r, cx := g.At(x, y)
				if cx != c {
					break
				}
				run.WriteRune(r)
			}
			if int(c) > 0 && int(c) < len(inks) {
				inks[c].WriteTo(&b, run.String())
			} else {
				b.WriteString(run.String())
			}
		}
		out[y] = b.String()
	}
	return out
}

// TestLinesWriteEachRunInItsInk holds Lines's shared buffer to the rows
// written run by run: classes past the inks, the zero Ink, wide and
// invalid runes (written as U+FFFD), rows with nothing to paint, and
// grids with no cells.
func TestLinesWriteEachRunInItsInk(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	runes := []rune{' ', 'a', '─', '⣿', '━', -1, utf8.MaxRune + 1, 0xD800, '€'}
	for _, profile := range []termenv.Profile{termenv.Ascii, termenv.ANSI256, termenv.TrueColor} {
		inks := testInks(profile)
		for i := range 300 {
			g := New(rnd.IntN(12), rnd.IntN(6))
			for range rnd.IntN(40) {
				g.Set(rnd.IntN(12), rnd.IntN(6), runes[rnd.IntN(len(runes))], Class(rnd.IntN(7)))
			}
			if got, want := g.Lines(inks), linesRunByRun(g, inks); !slices.Equal(got, want) {
				t.Fatalf("profile %v, grid %d:\n got %q\nwant %q", profile, i, got, want)
			}
		}
		if got, want := chartLike(60, 12).Lines(inks), linesRunByRun(chartLike(60, 12), inks); !slices.Equal(got, want) {
			t.Errorf("profile %v, chart:\n got %q\nwant %q", profile, got, want)
		}
	}
}

// TestLinesAllocateOnceForTheText holds a frame's cost: the rows' slice
// and one buffer for a whole chart, not a buffer for every row and run.
func TestLinesAllocateOnceForTheText(t *testing.T) {
	for _, profile := range []termenv.Profile{termenv.ANSI256, termenv.TrueColor} {
		inks := testInks(profile)
		// A checkerboard of two inks paints every cell: a buffer sized for
		// the text alone would have to grow.
		checkers := New(120, 30)
		for i := range checkers.class {
			checkers.class[i] = Class(1 + (i+i/checkers.W)%2)
		}
		for name, g := range map[string]*Grid{"chart": chartLike(120, 30), "checkers": checkers} {
			if n := testing.AllocsPerRun(20, func() { g.Lines(inks) }); n != 2 {
				t.Errorf("profile %v, %s: Lines made %v allocations, want 2", profile, name, n)
			}
		}
	}
}

// BenchmarkLines is the rendering of one chart-sized grid.
func BenchmarkLines(b *testing.B) {
	inks := testInks(termenv.ANSI256)
	g := chartLike(160, 20)
	b.ReportAllocs()
	for b.Loop() {
		g.Lines(inks)
	}
}
