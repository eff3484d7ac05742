package chart

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// A peak in flight that rises between two samples under the scale's top
// moves nothing the chart draws, and draws nothing again: keyed on the
// peaks themselves, cascade's in-flight chart drew its whole plot again
// for most of a second of frames after 20 s. The frames are 20 ms apart;
// one between the same two samples as the last, whose view did not move,
// must not have drawn the plot, and some of them must have had a peak
// rise, or the test says nothing. Every frame is the one a fresh chart
// draws: go-server's payments' peak off the scale, named on the top edge,
// rises from 1,314 to 1,315 between the samples at 70 s, moving that
// edge and no scale.
func TestInFlightDrawsNothingAgainForAPeakUnderTheScale(t *testing.T) {
	racefree.Only(t) // no goroutine: a chart drawn frame by frame
	risen := 0
	for _, c := range []struct {
		scenario string
		variant  int
		from     time.Duration
	}{
		{"cascade", 1, 20 * time.Second},
		{"go-server", 0, 69500 * time.Millisecond},
	} {
		sc := tuitest.Scenario(t, c.scenario)
		r, err := engine.New(sc, c.variant, tuitest.Seed)
		if err != nil {
			t.Fatal(err)
		}
		faults := pane.FaultSpans(sc, c.variant)
		r.AdvanceTo(c.from)
		f := NewInFlight(tuitest.Color())
		f.SetSize(88, 31)
		var prev *engine.Snapshot
		var view string
		for i := range 60 {
			r.Advance(20 * time.Millisecond)
			s := r.Snapshot()
			d := pane.Data{Snap: &s, Gen: 1, Faults: faults}
			drawn := f.plots
			f.SetData(d)
			v := f.View()
			fresh := NewInFlight(tuitest.Color())
			fresh.SetSize(88, 31)
			fresh.SetData(d)
			if want := fresh.View(); v != want {
				t.Fatalf("%s, frame %d at %.3f s: the kept chart draws\n%s\na fresh one draws\n%s", c.scenario, i, s.Now.Seconds(), ansi.Strip(v), ansi.Strip(want))
			}
			if prev != nil && len(s.Dependencies[0].Series) == len(prev.Dependencies[0].Series) && v == view {
				for j := range s.Dependencies {
					if s.Dependencies[j].InFlightMax != prev.Dependencies[j].InFlightMax {
						risen++
						break
					}
				}
				if f.plots != drawn {
					t.Fatalf("%s, frame %d at %.3f s: between the same two samples, nothing moved, and the plot was drawn again", c.scenario, i, s.Now.Seconds())
				}
			}
			prev, view = &s, v
		}
	}
	if risen == 0 {
		t.Fatal("no peak rose between two samples without moving the view: the test checks nothing")
	}
	t.Logf("%d frames raised a peak and moved nothing", risen)
}

// A run with no dependency after one with some, as the builder's preview
// of a scenario being written shows, keys on no scale: there is none to
// lay out (yScale reads at least one dependency).
func TestInFlightTakesARunWithNoDependencyAfterOne(t *testing.T) {
	racefree.Only(t) // no goroutine: two snapshots drawn
	f := NewInFlight(tuitest.Color())
	f.SetSize(88, 31)
	f.SetData(tuitest.At(t, "cascade", 1, 20))
	f.View()
	f.SetData(pane.Data{Snap: &engine.Snapshot{}, Gen: 2})
	if v := ansi.Strip(f.View()); !strings.Contains(v, "Calls in flight per dependency") {
		t.Errorf("a run with no dependency draws\n%s", v)
	}
}
