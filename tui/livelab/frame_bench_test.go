package livelab

import (
	"fmt"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// benchReal is the measured side's snapshots, read in turn as the lab's
// session would hand them out: those of another run of the simulation
// (seed 6), a tick apart, taken before the timing starts so that the
// frames pay only for a read, as they do with a real lab.
func benchReal(b *testing.B, sc *engine.Scenario, v int, step time.Duration) []engine.Snapshot {
	b.Helper()
	r, err := engine.New(sc, v, 6)
	if err != nil {
		b.Fatal(err)
	}
	var out []engine.Snapshot
	for r.Now() < r.End() {
		r.Advance(step)
		out = append(out, r.Snapshot())
	}
	return out
}

// benchModes are the modes the live lab's benchmarks draw: the
// checkout's protected mode (a thread pool with a breaker) and the Go
// server (a tasks server).
var benchModes = []struct {
	name     string
	scenario func() *engine.Scenario
	variant  int
}{
	{"protected", scenarios.Checkout, 3},
	{"go-server", scenarios.GoServer, 1},
}

// BenchmarkFrame is one refresh of the live lab: a tick (the measured side
// read, the simulation brought to its time), then the full View, for the
// checkout's protected mode (a thread pool with a breaker) and the Go
// server (a tasks server), at 100×30, 120×40 and 200×60.
func BenchmarkFrame(b *testing.B) {
	for _, mode := range benchModes {
		for _, size := range [][2]int{{100, 30}, {120, 40}, {200, 60}} {
			b.Run(fmt.Sprintf("%s/%dx%d", mode.name, size[0], size[1]), func(b *testing.B) {
				sc := mode.scenario()
				snaps := benchReal(b, mode.scenario(), mode.variant, 100*time.Millisecond)
				read := 0
				real := func() engine.Snapshot {
					read++
					return snaps[(read-1)%len(snaps)]
				}
				m, err := New(Options{Theme: tuitest.Color(), Scenario: sc, Variant: mode.variant, Seed: 5, Where: "127.0.0.1:7011", Real: real})
				if err != nil {
					b.Fatal(err)
				}
				m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
				for range 30 { // three seconds in: the incident is under way
					m.Update(tickMsg{})
				}
				var view string
				b.ReportAllocs()
				for b.Loop() {
					if read%len(snaps) == 0 {
						// The measured side starts again: so does the
						// simulation.
						b.StopTimer()
						m.run, _ = engine.New(sc, mode.variant, 5)
						m.done = false
						b.StartTimer()
					}
					m.Update(tickMsg{})
					view = m.View()
				}
				b.ReportMetric(float64(len(view)), "view-B")
			})
		}
	}
}
