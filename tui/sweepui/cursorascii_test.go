package sweepui

import (
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/asciiterm"
)

// A terminal with no UTF-8 draws each glyph as one ASCII character
// (tui/asciiterm): there the cursor's ▣ must still stand apart from every
// band's shade and from the design's ◆, or the cell under the cursor
// reads as a cell of the best band (▣ and █ were both #).
func TestTheCursorReadsApartInASCII(t *testing.T) {
	racefree.Only(t) // a table lookup: no goroutine
	cursor := asciiterm.Rune([]rune(cursorGlyph)[0])
	others := map[byte]string{asciiterm.Rune('◆'): "◆", asciiterm.Rune([]rune(partMark)[0]): partMark, asciiterm.Rune([]rune(noneMark)[0]): noneMark}
	for _, s := range shades {
		others[asciiterm.Rune(s)] = string(s)
	}
	if what, ok := others[cursor]; ok {
		t.Errorf("in ASCII the cursor %s reads %q, as %s does", cursorGlyph, cursor, what)
	}
}
