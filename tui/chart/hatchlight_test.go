package chart_test

import (
	"image/color"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/muesli/termenv"
)

// On a light background the abandoned calls' hatching reads against
// white at 3:1, WCAG's least for graphics, as the terminal shows it: a
// faint colour is drawn halfway to the background (xterm, VTE), and faint
// took the light theme's series colours to 2.0 to 3.4:1.
func TestInFlightHatchingOnLight(t *testing.T) {
	white := color.RGBA{255, 255, 255, 255}
	d := tuitest.At(t, "checkout", 3, 3.5) // calls abandoned above a cap
	for _, p := range []profile{{"true colour", termenv.TrueColor}, {"256 colours", termenv.ANSI256}} {
		r := theme.Plain()
		r.SetColorProfile(p.Profile)
		r.SetHasDarkBackground(false)
		f := chart.NewInFlight(theme.New(r))
		f.SetData(d)
		f.SetSize(88, 31)
		hatched := 0
		for _, cell := range cellsOf(f.View(), '╱') {
			fg, ok := shown(cell, white)
			if !ok {
				continue // the terminal's own foreground
			}
			hatched++
			if c := theme.Contrast(fg, white); c < 3 {
				t.Errorf("%s: hatching sent as %q shows as #%02x%02x%02x, %.2f:1 against white", p.name, cell, fg.R, fg.G, fg.B, c)
			}
		}
		if hatched == 0 {
			t.Errorf("%s: no coloured hatching drawn:\n%s", p.name, f.View())
		}
	}
}

// cellsOf is the SGR parameters glyph g is drawn with in view, each set
// once.
func cellsOf(view string, g rune) []string {
	var out []string
	params := ""
	for len(view) > 0 {
		if rest, ok := strings.CutPrefix(view, "\x1b["); ok {
			end := strings.IndexFunc(rest, func(r rune) bool { return r >= 0x40 && r <= 0x7e })
			if end < 0 {
				break
			}
			if rest[end] == 'm' {
				if p := rest[:end]; p == "" || p == "0" {
					params = ""
				} else {
					params += ";" + p
				}
			}
			view = rest[end+1:]
			continue
		}
		r, size := utf8.DecodeRuneInString(view)
		if p := strings.TrimPrefix(params, ";"); r == g && !slices.Contains(out, p) {
			out = append(out, p)
		}
		view = view[size:]
	}
	return out
}

// shown is the colour a terminal shows text drawn with SGR parameters
// params on background bg: its foreground, halfway to bg when faint.
// ok is false when params set no foreground.
func shown(params string, bg color.RGBA) (c color.RGBA, ok bool) {
	var ps []int
	for _, s := range strings.Split(params, ";") {
		n, err := strconv.Atoi(s)
		if err != nil {
			n = -1
		}
		ps = append(ps, n)
	}
	at := func(i int) int {
		if i < len(ps) {
			return ps[i]
		}
		return -1
	}
	faint := false
	for i := 0; i < len(ps); i++ {
		switch {
		case ps[i] == 2:
			faint = true
		case ps[i] == 38 && at(i+1) == 2:
			c, ok = color.RGBA{uint8(at(i + 2)), uint8(at(i + 3)), uint8(at(i + 4)), 255}, true
			i += 4
		case ps[i] == 38 && at(i+1) == 5:
			rgb := termenv.ConvertToRGB(termenv.ANSI256Color(at(i + 2)))
			r, g, b := rgb.RGB255()
			c, ok = color.RGBA{r, g, b, 255}, true
			i += 2
		case ps[i] == 48:
			i += map[int]int{2: 4, 5: 2}[at(i+1)]
		}
	}
	if faint && ok {
		half := func(a, b uint8) uint8 { return uint8((int(a) + int(b) + 1) / 2) }
		c = color.RGBA{half(c.R, bg.R), half(c.G, bg.G), half(c.B, bg.B), 255}
	}
	return c, ok
}

// profile is a colour profile and its name for a failure's message.
type profile struct {
	name string
	termenv.Profile
}
