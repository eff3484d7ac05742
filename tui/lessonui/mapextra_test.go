package lessonui

import (
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/mappane"
)

// A map with every column hidden, its nodes' names alone, takes no rows
// from the step: lesson 1's cascade, beside the text at 100 columns,
// showed "Map ── 6 columns hidden" over four names. With a column that
// fits, it is an extra as before.
func TestMapExtraOfNamesAloneTakesNoRows(t *testing.T) {
	d := tuitest.At(t, "cascade", 1, 30)
	p := &mapExtra{Model: mappane.New(tuitest.Plain())}
	p.SetStatic(true)
	p.SetData(d)
	if lo, hi := p.Extent(28); lo != 0 || hi != 0 {
		t.Errorf("28 columns wide, the map shows %d columns, yet asks for %d to %d rows:\n%s", p.Columns(), lo, hi, p.View())
	}
	if lo, _ := p.Extent(47); lo == 0 {
		t.Errorf("47 columns wide, the map shows %d columns, yet asks for no rows", p.Columns())
	}
}
