package pane_test

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// The pool pane says how many workers a cell stands for in one wording
// (pane.PerCell's "3 per cell"), the sandbox's and the lessons' alike, at
// every size: lesson 1 at 80x24 titled its pool "3/cell", which a new
// reader could not read, beside a sandbox that said "2 per cell".
func TestPoolSaysWorkersPerCellInOneWording(t *testing.T) {
	racefree.Only(t) // no goroutine: a pane drawn and read
	d := tuitest.At(t, "cascade", 0, 12)
	// Lesson 1's pool pane at 80x24: 39 columns, 6 rows, 3 workers a cell.
	p := pane.NewPool(tuitest.Plain())
	p.SetData(d)
	p.SetSize(39, 6)
	top := strings.Split(p.View(), "\n")[0]
	if !strings.Contains(top, pane.PerCell(3)+" · ") {
		t.Errorf("39x6: the title should say %q: %s", pane.PerCell(3), top)
	}
	for w := 16; w <= 120; w++ {
		for h := 4; h <= 14; h++ {
			p := pane.NewPool(tuitest.Plain())
			p.SetData(d)
			p.SetSize(w, h)
			top := strings.Split(p.View(), "\n")[0]
			if strings.Contains(top, "/cell") {
				t.Errorf("%dx%d: the title says the cells' share in another wording than \"N per cell\": %s", w, h, top)
			}
		}
	}
}
