package theme

import (
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/muesli/termenv"
)

// Contrast is WCAG 2's contrast ratio of two colours, from 1 (the same
// luminance) to 21 (black on white): 4.5 is its least for text, 3 for
// graphics. The light theme's colours are held to it (light.go).
func Contrast(a, b color.Color) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// luminance is WCAG 2's relative luminance of c (sRGB).
func luminance(c color.Color) float64 {
	r, g, b, _ := c.RGBA()
	lin := func(v uint32) float64 {
		x := float64(v) / 0xffff
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}

// Foreground is the text colour the ink sets, as xterm's palette shows an
// indexed one, and false when it sets none (the terminal's own foreground):
// what the terminal is sent, for measuring it with Contrast.
func (k Ink) Foreground() (color.Color, bool) {
	// The ink's prefix is one or more CSI ... m sequences; lipgloss may
	// split attributes across them.
	var params []string
	for _, seq := range strings.Split(k.pre, "\x1b[") {
		if p, ok := strings.CutSuffix(seq, "m"); ok {
			params = append(params, strings.Split(p, ";")...)
		}
	}
	num := func(i int) int {
		if i >= len(params) {
			return -1
		}
		n, err := strconv.Atoi(params[i])
		if err != nil {
			return -1
		}
		return n
	}
	var found termenv.Color
	for i := 0; i < len(params); i++ {
		switch n := num(i); {
		case n == 38 && num(i+1) == 2 && i+4 < len(params):
			found = termenv.RGBColor(rgbHex(num(i+2), num(i+3), num(i+4)))
			i += 4
		case n == 38 && num(i+1) == 5:
			found = termenv.ANSI256Color(num(i + 2))
			i += 2
		case n >= 30 && n <= 37:
			found = termenv.ANSIColor(n - 30)
		case n >= 90 && n <= 97:
			found = termenv.ANSIColor(n - 90 + 8)
		case n == 48 && (num(i+1) == 2 || num(i+1) == 5):
			// A background colour: skip its arguments.
			if num(i+1) == 2 {
				i += 4
			} else {
				i += 2
			}
		}
	}
	if found == nil {
		return nil, false
	}
	return termenv.ConvertToRGB(found), true
}

// rgbHex writes three 0-255 channels as "#rrggbb".
func rgbHex(r, g, b int) string {
	const digits = "0123456789abcdef"
	out := []byte{'#'}
	for _, v := range []int{r, g, b} {
		out = append(out, digits[v>>4&0xf], digits[v&0xf])
	}
	return string(out)
}
