package sweep

import (
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// BenchmarkRateGrid prepares and runs, on one goroutine, a sweep of the
// cascade's bulkhead variant whose first axis changes the traffic (search's
// rate, 10 values) and whose second does not (recommendations' timeout, 4
// values): 40 runs of 30 simulated seconds. One goroutine, so that
// valgrind --tool=callgrind can count its instructions.
func BenchmarkRateGrid(b *testing.B) {
	sc := scenarios.Cascade()
	rate, _ := ParseVary("search.rate=200..400:10")
	to, _ := ParseVary("recommendations.timeout=200ms..2s:4")
	m, err := ParseMetric("search.ok", sc, 1)
	if err != nil {
		b.Fatal(err)
	}
	runs := 0
	for b.Loop() {
		p := &Plan{Build: scenarios.Cascade, Variant: 1, Axes: []Axis{rate, to}, Seeds: []uint64{5}, Measure: m, Set: testSet}
		if err := p.Prepare(); err != nil {
			b.Fatal(err)
		}
		w := p.Runner()
		for _, job := range p.Jobs() {
			if _, err := w.Run(job); err != nil {
				b.Fatal(err)
			}
			runs++
		}
	}
	b.ReportMetric(float64(runs)/b.Elapsed().Seconds(), "runs/s")
}
