package playback

import (
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// BenchmarkProcessEvents is the run of its own that finds go-server's
// kills at its memory limit: what the first ] on its first design costs
// beside the jump, in the sandbox, which plays the run shown only as far
// as the next event.
func BenchmarkProcessEvents(b *testing.B) {
	bi, ok := scenarios.Lookup("go-server")
	if !ok {
		b.Fatal("no scenario go-server")
	}
	sc := bi.Build()
	for b.Loop() {
		if _, err := ProcessEvents(sc, 0, 5); err != nil {
			b.Fatal(err)
		}
	}
}
