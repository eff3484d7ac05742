package challenge

import "testing"

// The levels on a fleet's breakers, a hung instance and two overloads at
// once: their naive designs and reference solutions, kept in this file and
// added to the tables of naive_test.go and solutions_test.go.
func init() {
	const (
		open, jitter, trials = "api/provider.breaker.open", "api/provider.breaker.jitter", "api/provider.breaker.trials"
		limit, bulkhead      = "partner-catalog.ratelimiter.limit_for_period", "search-catalog.bulkhead"
		balancer, attempts   = "catalog.balancer", "catalog.retry.attempts"
		web, mid, db         = "orders.retry.attempts", "orders/inventory.retry.attempts", "inventory/database.retry.attempts"
	)
	referenceSettings["fleet-herd"] = Setting{open: "20s", jitter: 0.5}
	referenceSettings["two-troubles"] = Setting{limit: int64(10), bulkhead: int64(12)}
	referenceSettings["hung-instance"] = Setting{balancer: "least-outstanding"}
	referenceSettings["retry-hops"] = Setting{web: int64(1), mid: int64(1), db: int64(4)}

	naiveDesigns["fleet-herd"] = []struct {
		name string
		s    Setting
	}{
		{"the start", Setting{}},
		{"jitter alone, the wait shorter than the restart", Setting{jitter: 0.5}},
		{"a wait past the restart, no jitter", Setting{open: "15s"}},
		{"a wait past the restart, too little jitter", Setting{open: "15s", jitter: 0.2}},
		{"a short wait, jittered", Setting{open: "2s", jitter: 0.5}},
		{"the longest wait, the warm provider left idle", Setting{open: "30s", jitter: 0.5}},
		{"the most trial calls, a wait past the restart", Setting{trials: int64(10), open: "15s"}},
	}
	naiveDesigns["two-troubles"] = oneToolDesigns
	naiveDesigns["retry-hops"] = []struct {
		name string
		s    Setting
	}{
		{"the start: retries at every hop", Setting{}},
		{"no retries", Setting{web: int64(1), mid: int64(1), db: int64(1)}},
		{"retries at the top only", Setting{web: int64(4), mid: int64(1), db: int64(1)}},
		{"retries in the middle only", Setting{web: int64(1), mid: int64(4), db: int64(1)}},
		{"two attempts at each of two hops", Setting{web: int64(2), mid: int64(1), db: int64(2)}},
		{"the most attempts at every hop", Setting{web: int64(4), mid: int64(4), db: int64(4)}},
		{"retries at the database, too few", Setting{web: int64(1), mid: int64(1), db: int64(2)}},
	}
	naiveDesigns["hung-instance"] = []struct {
		name string
		s    Setting
	}{
		{"the start", Setting{}},
		{"a random pick", Setting{balancer: "random"}},
		{"retries on round robin", Setting{attempts: int64(3)}},
		{"retries on a random pick", Setting{balancer: "random", attempts: int64(3)}},
		{"a short timeout, retried", Setting{"catalog.timeout": "100ms", attempts: int64(2)}},
	}
}

// oneToolDesigns meet the two troubles of two-troubles with one tool, or
// with both sized wrong.
var oneToolDesigns = []struct {
	name string
	s    Setting
}{
	{"the start", Setting{}},
	{"a limiter alone", Setting{"partner-catalog.ratelimiter.limit_for_period": int64(10)}},
	{"a limiter alone, at the partner's usual rate", Setting{"partner-catalog.ratelimiter.limit_for_period": int64(6)}},
	{"a bulkhead alone", Setting{"search-catalog.bulkhead": int64(12)}},
	{"a bulkhead alone, larger", Setting{"search-catalog.bulkhead": int64(30)}},
	{"a limiter below the partner's usual rate", Setting{"partner-catalog.ratelimiter.limit_for_period": int64(4), "search-catalog.bulkhead": int64(12)}},
	{"a limiter past what the front bears while catalog is slow", Setting{"partner-catalog.ratelimiter.limit_for_period": int64(12), "search-catalog.bulkhead": int64(12)}},
	{"a bulkhead too small for search", Setting{"partner-catalog.ratelimiter.limit_for_period": int64(10), "search-catalog.bulkhead": int64(6)}},
	{"a bulkhead too large beside the limit", Setting{"partner-catalog.ratelimiter.limit_for_period": int64(10), "search-catalog.bulkhead": int64(20)}},
}

// TestOneToolFallsShortOnEverySeed holds two-troubles to its title: a rate
// limiter alone, or a bulkhead alone, fails a goal on every graded seed,
// not only on an unlucky one; both together pass.
func TestOneToolFallsShortOnEverySeed(t *testing.T) {
	c, err := Lookup("two-troubles")
	if err != nil {
		t.Fatal(err)
	}
	alone := []Setting{
		{"partner-catalog.ratelimiter.limit_for_period": int64(6)},
		{"partner-catalog.ratelimiter.limit_for_period": int64(10)},
		{"search-catalog.bulkhead": int64(12)},
		{"search-catalog.bulkhead": int64(20)},
	}
	for _, s := range alone {
		r, err := c.Grade(s)
		if err != nil {
			t.Fatal(err)
		}
		for i, seed := range c.Seeds {
			failed := false
			for _, g := range r.Goals {
				failed = failed || !g.Measures[i].OK
			}
			if !failed {
				t.Errorf("%v meets every goal on seed %d with one tool", s, seed)
			}
		}
	}
	r, err := c.Grade(referenceSettings["two-troubles"])
	if err != nil {
		t.Fatal(err)
	}
	if r.Stars != 3 {
		t.Errorf("both tools together earn %d stars, want 3", r.Stars)
	}
}
