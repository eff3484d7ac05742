// Package grid is a small character grid for drawings the panes build cell
// by cell (the breaker diagram, the charts): each cell holds a rune and an
// ink class, and Render turns a row into a string with one escape sequence
// per run of equal class instead of one per cell.
//
// It imports only the theme (for Ink) and x/ansi.
package grid

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/x/ansi"
)

// Class picks an ink when rendering; class 0 is plain text.
type Class uint8

// Grid is a W×H block of cells, blank to start with.
type Grid struct {
	W, H  int
	runes []rune
	class []Class
}

// New makes a blank grid; negative sizes count as zero.
func New(w, h int) *Grid {
	w, h = max(w, 0), max(h, 0)
	g := &Grid{W: w, H: h, runes: make([]rune, w*h), class: make([]Class, w*h)}
	for i := range g.runes {
		g.runes[i] = ' '
	}
	return g
}

// Set writes one cell; cells outside the grid are ignored.
func (g *Grid) Set(x, y int, r rune, c Class) {
	if x < 0 || y < 0 || x >= g.W || y >= g.H {
		return
	}
	g.runes[y*g.W+x] = r
	g.class[y*g.W+x] = c
}

// At reads one cell; outside the grid it is a blank.
func (g *Grid) At(x, y int) (rune, Class) {
	if x < 0 || y < 0 || x >= g.W || y >= g.H {
		return ' ', 0
	}
	return g.runes[y*g.W+x], g.class[y*g.W+x]
}

// Text writes s from (x, y) rightwards, one cell per rune, clipped at the
// grid's edge, and returns the column after it. A rune that is not one cell
// wide is written as '?', so that the grid's columns stay aligned.
func (g *Grid) Text(x, y int, s string, c Class) int {
	for _, r := range s {
		if r >= 0x300 && ansi.StringWidth(string(r)) != 1 {
			r = '?'
		}
		g.Set(x, y, r, c)
		x++
	}
	return x
}

// HLine draws r from x0 to x1 inclusive on row y.
func (g *Grid) HLine(x0, x1, y int, r rune, c Class) {
	for x := x0; x <= x1; x++ {
		g.Set(x, y, r, c)
	}
}

// VLine draws r from y0 to y1 inclusive in column x.
func (g *Grid) VLine(x, y0, y1 int, r rune, c Class) {
	for y := y0; y <= y1; y++ {
		g.Set(x, y, r, c)
	}
}

// Lines renders the grid, one string per row, painting each run of cells of
// the same class with inks[class] (class 0, or one without an ink, is plain).
//
// It is called for every chart in every frame, so it allocates the rows'
// slice and one buffer sized up front, not a buffer per row and per run: the
// buffer holds the grid's plain text, which a row with nothing to paint
// returns a slice of and a painted row reads its runs from, then each
// painted row. The rows share that buffer; every caller copies them into a
// view at once, so none keeps the rest alive beyond the frame.
func (g *Grid) Lines(inks []theme.Ink) []string {
	out := make([]string, g.H)
	// paints says whether a run of class c is wrapped in an ink: writing a
	// zero Ink adds nothing, so such a run is plain.
	paints := func(c Class) bool {
		return c > 0 && int(c) < len(inks) && inks[c] != (theme.Ink{})
	}
	// inkBytes is what an ink adds around a run, to size the buffer. Paint's
	// concatenation, read for its length only, takes no heap for an ink of
	// up to 32 bytes (TestLinesAllocateOnceForTheText holds it); an
	// estimate short of the truth would cost a copy, never a wrong byte.
	var inkBytes [1 << 8]int
	for c := 1; c < len(inks) && c < len(inkBytes); c++ {
		inkBytes[c] = len(inks[c].Paint(""))
	}

	textBytes, paintedBytes := 0, 0
	for y := 0; y < g.H; y++ {
		row, cls := g.row(y)
		n, extra, painted := 0, 0, false
		for x, r := range row {
			n += runeBytes(r)
			if c := cls[x]; paints(c) && (x == 0 || cls[x-1] != c) {
				extra += inkBytes[c]
				painted = true
			}
		}
		textBytes += n
		if painted {
			paintedBytes += n + extra
		}
	}

	var b strings.Builder
	b.Grow(textBytes + paintedBytes)
	for _, r := range g.runes {
		b.WriteRune(r)
	}
	// Writing on past the text leaves it as it is: text stays valid even
	// if a short estimate made the builder move to a larger buffer.
	text := b.String()
	pos := 0
	for y := 0; y < g.H; y++ {
		row, cls := g.row(y)
		start := pos
		if !slices.ContainsFunc(cls, paints) {
			for _, r := range row {
				pos += runeBytes(r)
			}
			out[y] = text[start:pos]
			continue
		}
		from := b.Len()
		for x := 0; x < g.W; {
			c, runStart := cls[x], pos
			for ; x < g.W && cls[x] == c; x++ {
				pos += runeBytes(row[x])
			}
			if paints(c) {
				inks[c].WriteTo(&b, text[runStart:pos])
			} else {
				b.WriteString(text[runStart:pos])
			}
		}
		out[y] = b.String()[from:]
	}
	return out
}

// row is row y's runes and classes.
func (g *Grid) row(y int) ([]rune, []Class) {
	return g.runes[y*g.W : (y+1)*g.W], g.class[y*g.W : (y+1)*g.W]
}

// runeBytes is how many bytes strings.Builder.WriteRune writes for r: an
// invalid rune is written as utf8.RuneError.
func runeBytes(r rune) int {
	if n := utf8.RuneLen(r); n > 0 {
		return n
	}
	return utf8.RuneLen(utf8.RuneError)
}

// Blit copies src onto the grid with its top-left corner at (x0, y0),
// clipped at the grid's edges.
func (g *Grid) Blit(src *Grid, x0, y0 int) {
	for y := range src.H {
		for x := range src.W {
			i := y*src.W + x
			g.Set(x0+x, y0+y, src.runes[i], src.class[i])
		}
	}
}
