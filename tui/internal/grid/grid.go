// Package grid is a small character grid for drawings the panes build cell
// by cell (the breaker diagram, the charts): each cell holds a rune and an
// ink class, and Render turns a row into a string with one escape sequence
// per run of equal class instead of one per cell.
//
// It imports only the theme (for Ink) and x/ansi.
package grid

import (
	"strings"

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
func (g *Grid) Lines(inks []theme.Ink) []string {
	out := make([]string, g.H)
	var b, run strings.Builder
	for y := 0; y < g.H; y++ {
		b.Reset()
		row := g.runes[y*g.W : (y+1)*g.W]
		cls := g.class[y*g.W : (y+1)*g.W]
		for x := 0; x < g.W; {
			c := cls[x]
			run.Reset()
			for x < g.W && cls[x] == c {
				run.WriteRune(row[x])
				x++
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
