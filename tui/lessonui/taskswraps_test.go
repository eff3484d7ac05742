package lessonui

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// A tasks pane kept through a run, asked its heights and drawn at every
// snapshot, shows what a pane made afresh for that snapshot shows: the
// lines it keeps of the figures that read as before (wrapsAt) are those
// figures' own, and a figure that moved is wrapped again.
func TestTasksPaneKeptWrapsFollowTheFigures(t *testing.T) {
	racefree.Only(t) // no goroutine: the panes driven by hand
	sc := scenarios.AsyncCascade()
	r, err := engine.New(sc, 0, tuitest.Seed)
	if err != nil {
		t.Fatal(err)
	}
	kept := newTasksPane(tuitest.Plain())
	moved := 0
	for at := time.Duration(0); at <= sc.Duration; at += 1500 * time.Millisecond {
		r.AdvanceTo(at)
		s := r.Snapshot()
		d := pane.Data{Snap: &s, Gen: 1}
		kept.SetData(d)
		for _, w := range []int{24, 39, 60} {
			fresh := newTasksPane(tuitest.Plain())
			fresh.SetData(d)
			if got, want := kept.Needs(w), fresh.Needs(w); got != want {
				t.Fatalf("%v, %d wide: the kept pane needs %d rows, one made afresh %d", at, w, got, want)
			}
			if got, want := kept.Min(w), fresh.Min(w); got != want {
				t.Fatalf("%v, %d wide: the kept pane's least is %d rows, one made afresh %d", at, w, got, want)
			}
			h := fresh.Needs(w)
			kept.SetSize(w, h)
			fresh.SetSize(w, h)
			if got, want := kept.View(), fresh.View(); got != want {
				t.Fatalf("%v at %dx%d: the kept pane draws\n%s\none made afresh\n%s", at, w, h, got, want)
			}
		}
		if len(kept.wrapsOf) > 0 && kept.Needs(24) != kept.Needs(60) {
			moved++
		}
	}
	if moved == 0 {
		t.Fatal("no snapshot whose figures wrap differently at 24 and 60 columns: the test checks nothing")
	}
}
