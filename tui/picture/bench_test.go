package picture

import (
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// BenchmarkRunFigure builds api-gateway's run picture, fitting its band
// labels, as `breakerlab run api-gateway -o FILE` does before drawing:
// the run is simulated once, outside the timer.
func BenchmarkRunFigure(b *testing.B) {
	sc := scenarios.APIGateway()
	snaps, err := engine.RunAll(sc, 5)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := runFigure(sc, 5, snaps); err != nil {
			b.Fatal(err)
		}
	}
}
