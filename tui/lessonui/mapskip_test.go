package lessonui

import (
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/mappane"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// A map left just room enough for its least height when the panes were
// placed still lays out each snapshot: a snapshot that leaves it names
// alone, or gives it back a column, asks for the panes to be placed
// again. Only a map that could not be placed, columns or none, skips
// laying out (mapExtra.SetData), and it is placed again afresh.
func TestMapExtraWithRoomSeesItsColumnsComeAndGo(t *testing.T) {
	racefree.Only(t) // no goroutine: the pane driven by hand
	calm := tuitest.At(t, "cascade", 1, 2)
	hung := tuitest.At(t, "cascade", 1, 30)
	// A width where the calm map has a column beside its names and the
	// hung one, its names marked with the fault, has none.
	w := 0
	for x := 20; x <= 80 && w == 0; x++ {
		if bareAt(calm, x) != bareAt(hung, x) {
			w = x
		}
	}
	if w == 0 {
		t.Fatal("no width from 20 to 80 where cascade's map at 2 s and at 30 s differ in having a column")
	}
	p := &mapExtra{Model: mappane.New(tuitest.Plain())}
	p.SetStatic(true)
	p.SetData(calm)
	placePanes([]simPane{p}, w, 40)
	if !p.placed || p.room != 40 {
		t.Fatalf("placed in 40 rows, the map was told placed=%v with %d rows left", p.placed, p.room)
	}
	for _, room := range []int{40, p.MinHeight()} {
		for i, d := range []pane.Data{hung, calm} {
			p.room = room
			_ = p.Relayout()
			p.SetData(d)
			if !p.Relayout() {
				t.Errorf("left %d rows (its least is %d) at %d columns wide, snapshot %d changed whether the map has a column, yet it asked for no new placing", room, p.MinHeight(), w, i)
			}
		}
	}
}

// bareAt says whether the map of d has no column beside its names at w.
func bareAt(d pane.Data, w int) bool {
	m := mappane.New(tuitest.Plain())
	m.SetStatic(true)
	m.SetData(d)
	m.SetSize(w, 0)
	return m.Columns() == 0
}
