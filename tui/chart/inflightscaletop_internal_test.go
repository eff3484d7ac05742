package chart

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// ScaleTop, asked every frame by the screens that share the in-flight
// scale between two charts, answers from its last layout while the
// picture on the chart's own scale would not change; every answer is the
// one a fresh chart of the same size and snapshot gives. Cascade's
// variant 1 played from 15 to 27 s, as its incident grows, 20 ms at a time, its
// window resized every 3 s, its shared top moved every frame (which the
// own top must not read): its own top must move, and some frames must
// answer without laying the chart out, or the test says nothing.
func TestInFlightScaleTopIsAFreshChartsFrameByFrame(t *testing.T) {
	racefree.Only(t) // no goroutine: a chart drawn frame by frame
	sc := tuitest.Scenario(t, "cascade")
	r, err := engine.New(sc, 1, tuitest.Seed)
	if err != nil {
		t.Fatal(err)
	}
	faults := pane.FaultSpans(sc, 1)
	r.AdvanceTo(15 * time.Second)
	sizes := [][2]int{{88, 31}, {60, 14}, {140, 40}, {40, 9}}
	f := NewInFlight(tuitest.Color())
	tops := map[float64]bool{}
	frames := 0
	for r.Now() < 27*time.Second {
		r.Advance(20 * time.Millisecond)
		s := r.Snapshot()
		d := pane.Data{Snap: &s, Gen: 1, Faults: faults}
		sz := sizes[int(s.Now/(3*time.Second))%len(sizes)]
		f.SetSize(sz[0], sz[1])
		f.SetData(d)
		got := f.ScaleTop()
		f.ShareScale(got * float64(1+frames%3))
		f.View()
		fresh := NewInFlight(tuitest.Color())
		fresh.SetSize(sz[0], sz[1])
		fresh.SetData(d)
		if want := fresh.ScaleTop(); got != want {
			t.Fatalf("at %.1f s, %dx%d: the kept chart's own top is %v, a fresh one's %v", s.Now.Seconds(), sz[0], sz[1], got, want)
		}
		tops[got] = true
		frames++
	}
	if len(tops) < 3 {
		t.Fatalf("the own top took %d values over %d frames: the test checks no change of scale", len(tops), frames)
	}
	if f.own.layouts >= frames {
		t.Fatalf("%d layouts for %d frames: ScaleTop laid the chart out every frame", f.own.layouts, frames)
	}
	t.Logf("%d frames, %d layouts, %d tops", frames, f.own.layouts, len(tops))

	// The last snapshot in windows of every height from 7 to 40 rows: a
	// size is laid out afresh, whose rows may take another top.
	clear(tops)
	for h := 7; h <= 40; h++ {
		f.SetSize(88, h)
		got := f.ScaleTop()
		fresh := NewInFlight(tuitest.Color())
		fresh.SetSize(88, h)
		fresh.SetData(f.data)
		if want := fresh.ScaleTop(); got != want {
			t.Fatalf("88x%d: the kept chart's own top is %v, a fresh one's %v", h, got, want)
		}
		tops[got] = true
	}
	if len(tops) < 2 {
		t.Fatal("every height takes one top: the test checks no resize")
	}
}

// The layout counts the legend's rows from its plain words (wrapRows),
// the picture draws it styled (legend): the two wrap alike, at every
// level, with and without the caps, from 12 to 200 columns, on go-server
// at 70 s (a fault, dials, timeouts: every entry) and the fault's legend
// at level 0 (which takes most lines).
func TestInFlightLegendRowsAreTheDrawnLegends(t *testing.T) {
	racefree.Only(t) // no goroutine: legends wrapped
	f := NewInFlight(tuitest.Color())
	f.SetData(tuitest.At(t, "go-server", 0, 70))
	s := f.data.Snap
	names := make([]string, len(s.Dependencies))
	for i := range s.Dependencies {
		names[i] = s.Dependencies[i].Name
	}
	letters := pane.Letters(names)
	rows := map[int]bool{}
	for iw := 10; iw <= 198; iw++ {
		for level := range legendLevels {
			for _, caps := range []bool{true, false} {
				_, plain := f.legendItems(names, letters, iw, level, caps, false)
				want := len(f.legend(names, letters, iw, level, caps))
				if got := wrapRows(plain, iw); got != want {
					t.Fatalf("%d columns, level %d, caps %v: the layout counts %d rows, the legend draws %d", iw, level, caps, got, want)
				}
				rows[want] = true
			}
		}
	}
	if len(rows) < 3 {
		t.Fatalf("the legends took %d row counts: the test checks no wrapping", len(rows))
	}
}
