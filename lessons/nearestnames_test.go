package lessons

import (
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/internal/spell"
)

// A typo is offered the name meant first and no stray: the names at the
// nearest distance only, and a part spelt right compared key with key,
// so that its long name does not let in the part's other keys.
func TestNearestNamesOffersTheNameMeant(t *testing.T) {
	racefree.Only(t) // no goroutine: builds scenarios and compares names
	cascade, _ := scenarios.Lookup("cascade")
	rl, _ := scenarios.Lookup("rate-limit-vs-bulkhead")
	tenant, _ := scenarios.Lookup("noisy-tenant")
	c, r, n := cascade.Build(), rl.Build(), tenant.Build()
	cKnobs, cMeasures := Knobs(c, len(c.Variants)-1), sweep.Measures(c, len(c.Variants)-1)
	rKnobs, nKnobs := Knobs(r, 0), Knobs(n, len(n.Variants)-1)
	for _, tc := range []struct {
		typed string
		among []string
		want  []string
	}{
		// A server's knob.
		{"worker", cKnobs, []string{"workers"}},
		{"queu", cKnobs, []string{"queue"}},
		{"duraton", cKnobs, []string{"duration"}},
		// An endpoint's.
		{"search.rte", cKnobs, []string{"search.rate"}},
		{"search.patince", cKnobs, []string{"search.patience"}},
		{"serch.rate", cKnobs, []string{"search.rate"}},
		{"search.burst.rat", cKnobs, []string{"search.burst.rate"}},
		// A dependency's, and a policy's in it.
		{"recommendations.bulkhed", cKnobs, []string{"recommendations.bulkhead"}},
		{"recomendations.bulkhed", cKnobs, []string{"recommendations.bulkhead"}},
		{"recommendations.timout", cKnobs, []string{"recommendations.timeout"}},
		{"recommendations.breaker.windw", cKnobs, []string{"recommendations.breaker.window"}},
		{"recommendations.braeker.window", cKnobs, []string{"recommendations.breaker.window"}},
		{"recommendations.breaker.min_call", cKnobs, []string{"recommendations.breaker.min_calls"}},
		{"recommendations.retry.attemps", cKnobs, []string{"recommendations.retry.attempts"}},
		{"recommendations.fault.too", cKnobs, []string{"recommendations.fault.to"}},
		{"recommendations.latency.p90", cKnobs, []string{"recommendations.latency.p50", "recommendations.latency.p99"}},
		{"profile-db.ratelimiter.rat", cKnobs, []string{"profile-db.ratelimiter.rate"}},
		{"search-index.per_tenant_bulkhed", cKnobs, []string{"search-index.per_tenant_bulkhead"}},
		{"database.per_tenant_bulkhead.own.acm", nKnobs, []string{"database.per_tenant_bulkhead.own.acme"}},
		// The server's dotted keys, a service's and a nested dependency's.
		{"shed.max_wiat", cKnobs, []string{"shed.max_wait"}},
		{"catalog.instance", rKnobs, []string{"catalog.instances"}},
		{"catalog/database.timout", rKnobs, []string{"catalog/database.timeout"}},
		{"catalog/databse.timeout", rKnobs, []string{"catalog/database.timeout"}},
		// Measures: an endpoint's share and latency, a dependency's count.
		{"search.okk", cMeasures, []string{"search.ok"}},
		{"search.fallbak", cMeasures, []string{"search.fallback"}},
		{"search.rejectd", cMeasures, []string{"search.rejected"}},
		{"profile.faild", cMeasures, []string{"profile.failed"}},
		{"search.p999", cMeasures, []string{"search.p99"}},
		{"search.p9", cMeasures, []string{"search.p95", "search.p99"}},
		{"serach.p99", cMeasures, []string{"search.p99"}},
		{"recommendations.inflight_max", cMeasures, []string{"recommendations.in_flight_max"}},
		{"profile-db.held_mx", cMeasures, []string{"profile-db.held_max"}},
		{"recommendations.first_opn", cMeasures, []string{"recommendations.first_open"}},
		// Nothing near: no guess.
		{"zzzzzzzzzz", cKnobs, nil},
		{"search.zzzzzz", cMeasures, nil},
		// The key right on a part that is not there: the parts that have it.
		{"nosuch.bulkhead", cKnobs, []string{"search-index.bulkhead", "profile-db.bulkhead", "recommendations.bulkhead"}},
		// A part's key without its part: the parts that have it.
		{"rate", cKnobs, []string{"search.rate", "profile.rate", "recommendations.rate"}},
		{"bulkhead", cKnobs, []string{"search-index.bulkhead", "profile-db.bulkhead", "recommendations.bulkhead"}},
		{"breaker.window", cKnobs, []string{"search-index.breaker.window", "profile-db.breaker.window", "recommendations.breaker.window"}},
		{"in_flight_max", cMeasures, []string{"search-index.in_flight_max", "profile-db.in_flight_max", "recommendations.in_flight_max"}},
	} {
		if got := NearestNames(tc.typed, tc.among, 3); !slices.Equal(got, tc.want) {
			t.Errorf("NearestNames(%q) = %q, want %q", tc.typed, got, tc.want)
		}
	}
}

// Every knob and measure of every built-in scenario, its key's last two
// letters swapped (the commonest slip), is offered itself, among at most
// three names each one edit from what was typed.
func TestNearestNamesFindsEveryNameSwapped(t *testing.T) {
	racefree.Only(t) // no goroutine: builds scenarios and compares names
	for _, b := range scenarios.All() {
		sc := b.Build()
		// The first variant and the last, the most protected: every kind
		// of knob, at a tenth of the time of every variant.
		for _, v := range []int{0, len(sc.Variants) - 1} {
			for _, names := range [][]string{Knobs(sc, v), sweep.Measures(sc, v)} {
				for _, name := range names {
					r := []rune(name)
					i := len(r) - 2
					if i < 1 || r[i] == r[i+1] || r[i] == '.' || r[i+1] == '.' || r[i-1] == '.' {
						continue // a key too short to misspell so
					}
					r[i], r[i+1] = r[i+1], r[i]
					typed := string(r)
					if slices.Contains(names, typed) {
						continue
					}
					got := NearestNames(typed, names, 3)
					if !slices.Contains(got, name) || len(got) > 3 {
						t.Errorf("%s variant %d: %q is offered %q, not %s", b.Name, v+1, typed, got, name)
						continue
					}
					for _, g := range got {
						if d := spell.Distance(typed, g); d != 1 {
							t.Errorf("%s variant %d: %q is offered %s, %d edits away", b.Name, v+1, typed, g, d)
						}
					}
				}
			}
		}
	}
}

// A goal's misspelt measure is offered the measure meant, as --measure's
// is, in the first line before the list; a goal refused for its number
// or a measure spelt right is offered nothing.
func TestGoalAndMeasureOfferTheMeasureMeant(t *testing.T) {
	racefree.Only(t) // no goroutine: builds a scenario and parses names
	b, _ := scenarios.Lookup("cascade")
	sc := b.Build()
	for _, tc := range []struct {
		err  error
		hint string
	}{
		{second(ParseGoal("search.okk>=0.9", sc, 0)), "did you mean search.ok?"},
		{second(ParseGoal(`"serch".p99<=250`, sc, 0)), "did you mean search.p99?"},
		{second(ParseMetric("search.okk", sc, 0)), "did you mean search.ok?"},
		{second(ParseGoal("search.ok>=9x", sc, 0)), ""},
		{second(ParseGoal("search.ok", sc, 0)), ""},
	} {
		if tc.err == nil {
			t.Fatal("a goal or measure refused was taken")
		}
		head, _, _ := strings.Cut(tc.err.Error(), "\n")
		if tc.hint == "" && strings.Contains(head, "did you mean") || !strings.HasSuffix(head, tc.hint) {
			t.Errorf("the first line should end %q: %s", tc.hint, tc.err)
		}
	}
}

func second[T any](_ T, err error) error { return err }
