package sweep_test

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/sweep"
)

// A breaker's first opening measured on a variant without that breaker is
// refused with the variant that has one and the flag that picks it: the
// refusal said only what was wrong, and cascade's variants read alike
// until one is tried.
func TestFirstOpenWithoutABreakerNamesTheVariantsWithOne(t *testing.T) {
	b, _ := scenarios.Lookup("cascade")
	_, err := sweep.ParseMetric("recommendations.first_open", b.Build(), 0)
	want := `dependency "recommendations" has no breaker in variant 1 (one shared pool of 200 threads); variant 3 has one: --variant 3`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("refusal %v, want it to say %q", err, want)
	}
	if _, err := sweep.ParseMetric("recommendations.first_open", b.Build(), 2); err != nil {
		t.Errorf("variant 3, which has the breaker: %v", err)
	}
}
