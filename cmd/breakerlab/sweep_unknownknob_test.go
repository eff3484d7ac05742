package main

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
)

// A knob sweep does not know lists and suggests the knobs sweep takes,
// those it lists without --vary (sweepKnobs), not every knob of the
// variant: a misspelt rate limiter's "per" was offered
// recommendations.ratelimiter.per, which cascade's first variant has no
// rate limiter to read, and the list offered breakers, retries' backoff,
// per-tenant bulkheads (cascade has no tenants) and min_time_left (it
// propagates no deadline), each refused when tried.
func TestSweepUnknownKnobOffersWhatSweepTakes(t *testing.T) {
	racefree.Only(t) // no goroutine: the command refuses before it sweeps
	_, stderr, code := run(t, "sweep", "cascade", "--vary", "recommendations.ratelimiter.pr=1..3", "--measure", "search.ok")
	// The refusal wraps to 80 columns: its words are read without its
	// line breaks.
	said := strings.Join(strings.Fields(stderr), " ")
	if code != 2 || !strings.Contains(said, `cascade has no knob "recommendations.ratelimiter.pr"`) {
		t.Fatalf("exit code %d, stderr %q: want the knob refused as unknown", code, stderr)
	}
	_, offered, _ := strings.Cut(said, `"recommendations.ratelimiter.pr"`)
	for _, never := range []string{"ratelimiter", "breaker.{", "retry.{", "per_tenant_bulkhead", "min_time_left", "shed"} {
		if strings.Contains(offered, never) {
			t.Errorf("stderr offers %s, which sweep refuses on cascade's variant 1:\n%s", never, stderr)
		}
	}
	b, _ := scenarios.Lookup("cascade")
	for _, g := range lessons.GroupKnobs(builtinSweepKnobs(b, 0)) {
		if line := " " + g.Part + ": " + strings.Join(g.Keys, ", "); !strings.Contains(said, line) {
			t.Errorf("stderr lacks the line %q sweep lists without --vary:\n%s", line, stderr)
		}
	}
}
