package pane

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// WriteFit writes what Fit returns, for lines that fit, fall short or are
// clipped, plain or styled, and for widths of none and one.
func TestWriteFitIsFit(t *testing.T) {
	for _, s := range []string{"", "short", "a line longer than the width it is fitted to", "\x1b[31mred words\x1b[0m and plain ones", "wide 宽字符 runes"} {
		for _, w := range []int{-1, 0, 1, 4, 12, 300} {
			var b strings.Builder
			b.WriteString("|")
			WriteFit(&b, s, w)
			if got, want := b.String(), "|"+Fit(s, w); got != want {
				t.Errorf("WriteFit(%q, %d) wrote %q, Fit gives %q", s, w, got[1:], want[1:])
			}
			if w > 0 && ansi.StringWidth(b.String()) != w+1 {
				t.Errorf("WriteFit(%q, %d) wrote %d cells", s, w, ansi.StringWidth(b.String())-1)
			}
		}
	}
}
