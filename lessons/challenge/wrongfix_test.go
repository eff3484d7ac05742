package challenge

import (
	"maps"
	"strings"
	"testing"
)

// A learner's first try is often the obvious wrong fix. Each of these
// falls short on the goal the level's idea is about, and what the level
// says of it names the misconception, not only the goal missed: level 12
// said of "no retries" and of a timeout cut to fit every attempt in the
// client's patience only that no deadline was set, where the first loses
// what retries are for and the second still sends every attempt.
func TestObviousWrongFixesNameTheirMisconception(t *testing.T) {
	for _, tc := range []struct {
		level, name string
		s           Setting
		missed      string // the goal the idea is about
		says        string // the misconception, as the why names it
	}{
		{"timeout-pool", "the shortest timeout", Setting{"recommendations.timeout": "100ms"},
			"healthy recommendations cut off", "not as short as it can go"},
		{"timeout-pool", "a timeout halved", Setting{"recommendations.timeout": "5s"},
			"search answered", "sized against the pool"},
		{"layer-order", "a cached answer, the retries still inside the breaker", Setting{"inventory.fallback": "cached"},
			"breaker first opens", "retries sit inside the breaker"},
		{"layer-order", "an honest order and a fast 503", Setting{"inventory.order": []any{"retry", "breaker", "timeout", "bulkhead"}, "inventory.fallback": "fail-fast"},
			"orders refused", "still a refusal"},
		{"deadline", "no retries", Setting{"payment.retry.attempts": int64(1)},
			"checkouts answered once healthy", "retries were not the waste"},
		{"deadline", "a timeout that fits every attempt in the patience", Setting{"payment.timeout": "300ms"},
			"calls sent to payment", "bounds each attempt, not the waste"},
		{"deadline", "that timeout under a deadline", Setting{"payment.timeout": "300ms", "payment.deadline": "1s"},
			"calls sent to payment", "bounds each attempt, not the waste"},
		{"budget-permits", "the connector split evenly, waits as long as the client", Setting{"search-api.bulkhead": int64(10), "profile-api.bulkhead": int64(10), "catalog-api.bulkhead": int64(10)},
			"times the process was killed", "permit wait of seconds"},
		{"budget-permits", "no permit wait, semaphores as large as the connector", Setting{"search-api.bulkhead_wait": "0s", "profile-api.bulkhead_wait": "0s", "catalog-api.bulkhead_wait": "0s"},
			"calls waiting for a connection, most at once", "larger than its endpoint's rate"},
	} {
		c := lookup(t, tc.level)
		s := c.Start() // the knobs left alone, as the learner's file has them
		maps.Copy(s, tc.s)
		r, err := c.Grade(s)
		if err != nil {
			t.Fatalf("%s, %s: %v", tc.level, tc.name, err)
		}
		missed := false
		for _, g := range r.Goals {
			missed = missed || g.Goal.Label == tc.missed && !g.Pass
		}
		if !missed {
			t.Errorf("%s, %s: %q is not missed", tc.level, tc.name, tc.missed)
		}
		if why := strings.Join(c.ExplainResult(s, r), "\n"); !strings.Contains(why, tc.says) {
			t.Errorf("%s, %s: the whys do not say %q:\n%s", tc.level, tc.name, tc.says, why)
		}
	}
}
