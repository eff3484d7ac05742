package sandbox

import (
	"fmt"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// BenchmarkSweepResultFrame is one frame of the sweep's finished map, in
// colour, at 80×24 (workers against the traffic into the dependency on 8 ×
// 8 designs) and 200×60 (19 × 10, the largest grid the sandbox sweeps):
// the map stands still once done, and what redraws it is the cell cursor
// moving (right, then left), then the full View with the cell's figures.
func BenchmarkSweepResultFrame(b *testing.B) {
	for _, size := range [][2]int{{80, 24}, {200, 60}} {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			m := newModel(b, size[0], size[1], Options{Theme: tuitest.Color(), Scenario: shortCascade(b)})
			m = send(press(m, "e"), ctrlS)
			next, cmd := m.Update(tuitest.Key("enter"))
			m = next.(Model)
			for n := 0; cmd != nil; n++ {
				if n > 100000 {
					b.Fatal("the sweep never finished")
				}
				next, cmd = m.Update(cmd())
				m = next.(Model)
			}
			if m.sw == nil || m.sw.stage != sweepDone || m.sw.res == nil || !m.sw.res.Complete() {
				b.Fatal("the sweep did not complete")
			}
			m = tuitest.BenchKeys(b, m, "right", "left")
			if !m.sw.mark.Cursor.Shown {
				b.Fatal("the keys did not move the cell cursor")
			}
			nx, ny := m.sw.plan.Size()
			b.ReportMetric(float64(nx*ny), "cells")
		})
	}
}
