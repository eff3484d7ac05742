package picture

import (
	"bytes"
	"fmt"
	"image/color"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/heatbands"
	"github.com/breakerlab/breakerlab/tui/sweepui"
	"github.com/breakerlab/breakerlab/tui/theme"
	xansi "github.com/charmbracelet/x/ansi"
)

// svgFill is a filled path of an SVG, with its colour.
var svgFill = regexp.MustCompile(`<path d="[^"]*" style="fill:#([0-9A-Fa-f]{6})"`)

// termCell is a cell of the terminal's heatmap: its colour (24-bit), then
// its shade glyphs.
var termCell = regexp.MustCompile(`\x1b\[38;2;(\d+);(\d+);(\d+)m[·░▒▓█]+`)

func hex(c color.Color) string {
	r, g, b, _ := c.RGBA()
	return fmt.Sprintf("%02X%02X%02X", r>>8, g>>8, b>>8)
}

// near says whether two colours written rrggbb are the same but for a
// unit in a channel: the terminal's renderer turns a colour into floats
// and back (termenv, go-colorful).
func near(a, b string) bool {
	x, _ := strconv.ParseUint(a, 16, 32)
	y, _ := strconv.ParseUint(b, 16, 32)
	for sh := 0; sh < 24; sh += 8 {
		if d := int(x>>sh&0xff) - int(y>>sh&0xff); d < -1 || d > 1 {
			return false
		}
	}
	return true
}

// mustAtoi is a decimal channel of an escape code.
func mustAtoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		panic(err)
	}
	return n
}

// The terminal's heatmap (tui/sweepui) and the slide's (gonum) put every
// cell in the same band: each picks it from tui/internal/heatbands, and
// gonum's own choice of band is the one heatbands.Band names. The colours
// are read from what each draws: the SVG's cells, and the terminal's
// escape codes.
func TestTerminalHeatmapHasThePicturesColours(t *testing.T) {
	res := cascadeSweep(t, true)
	nx, ny := res.Plan.Size()
	var b bytes.Buffer
	if err := Sweep(&b, res, "cascade", "svg"); err != nil {
		t.Fatal(err)
	}
	fills := svgFill.FindAllStringSubmatch(b.String(), -1)
	if len(fills) < 1+nx*ny {
		t.Fatalf("the SVG has %d filled paths, want the background and %d cells", len(fills), nx*ny)
	}
	// gonum draws the background, then the cells column by column from
	// the bottom row up.
	slide := map[[2]int]string{}
	for k, f := range fills[1 : 1+nx*ny] {
		slide[[2]int{k / ny, k % ny}] = strings.ToUpper(f[1])
	}

	out := sweepui.Heatmap(res, theme.New(theme.Fixed(false)), 80)
	var rows []string
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(xansi.Strip(l), " │") {
			rows = append(rows, l)
		}
	}
	if len(rows) != ny {
		t.Fatalf("the terminal's heatmap has %d rows, want %d:\n%s", len(rows), ny, out)
	}
	// A slide is drawn in the pictures' colours whatever the terminal; the
	// terminal draws the same band in its background's colours (a dark one
	// here: theme.Fixed): the cell's band is what must agree.
	pal := heatbands.For(res.Plan)
	bandOf := func(colors [heatbands.N]color.RGBA, rgb string) int {
		for k, c := range colors {
			if near(hex(c), rgb) {
				return k
			}
		}
		return -1
	}
	for r, l := range rows {
		j := ny - 1 - r // the top row is the last value
		cells := termCell.FindAllStringSubmatch(l, -1)
		if len(cells) != nx {
			t.Fatalf("row %d has %d coloured cells, want %d: %q", j, len(cells), nx, l)
		}
		for i, c := range cells {
			rr, _ := strconv.Atoi(c[1])
			gg, _ := strconv.Atoi(c[2])
			bb, _ := strconv.Atoi(c[3])
			term := fmt.Sprintf("%02X%02X%02X", rr, gg, bb)
			tb, sb := bandOf(pal.OnDark, term), bandOf(pal.Colors, slide[[2]int{i, j}])
			if tb < 0 {
				t.Errorf("cell (%d, %d): #%s is not a band's colour on a dark terminal", i, j, term)
			}
			if sb < 0 {
				t.Errorf("cell (%d, %d): the slide's #%s is not a band's colour", i, j, slide[[2]int{i, j}])
			}
			if tb != sb {
				t.Errorf("cell (%d, %d), mean %.3f: the terminal draws band %d (#%s), the slide band %d (#%s)", i, j, res.Cell(i, j).Mean, tb, term, sb, slide[[2]int{i, j}])
			}
		}
	}
	// Both say how to read the colours the same way.
	if !strings.Contains(strings.ReplaceAll(xansi.Strip(out), "\u00a0", " "), "darker: better") {
		t.Errorf("the terminal's legend should say how to read it, as the slide does:\n%s", xansi.Strip(out))
	}
}

// Without colour the terminal's legend says in words which way is
// better, and each band keeps a glyph of its own.
func TestTerminalHeatmapReadsWithoutColour(t *testing.T) {
	res := cascadeSweep(t, true)
	out := strings.ReplaceAll(sweepui.Heatmap(res, theme.New(theme.Plain()), 80), "\u00a0", " ")
	if strings.Contains(out, "\x1b[") {
		t.Errorf("NO_COLOR: the heatmap has escape codes:\n%q", out)
	}
	if !strings.Contains(out, "higher is better") || strings.Contains(out, "darker") {
		t.Errorf("NO_COLOR: the legend should say higher is better, in words, not by colour:\n%s", out)
	}
	for _, g := range []string{"·", "█"} {
		if !strings.Contains(out, g) {
			t.Errorf("NO_COLOR: the heatmap lacks the band glyph %q:\n%s", g, out)
		}
	}
}
