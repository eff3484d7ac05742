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
		{"bulkhead-20", "Little's law's mean for the slowdown", Setting{"recommendations.bulkhead": int64(12)},
			"good calls refused while slow", "Size it for the bursts, not the average"},
		{"bulkhead-20", "most of the pool", Setting{"recommendations.bulkhead": int64(26)},
			"search answered in the hang", "what the hang may take"},
		{"bulkhead-40", "a larger pool, the old bulkhead", Setting{"workers": int64(80)},
			"good calls refused while slow", "The bulkhead, not the pool, refuses"},
		{"bulkhead-40", "a bulkhead for twice the rate, the old pool", Setting{"recommendations.bulkhead": int64(34)},
			"search answered", "must hold the bulkhead and search together"},
		{"half-open", "the shortest wait", Setting{"pricing.breaker.open": "500ms", "pricing.breaker.trials": int64(1)},
			"calls that reached pricing while down", "round after round of trials"},
		{"half-open", "Polly's default wait", Setting{"pricing.breaker.open": "5s", "pricing.breaker.trials": int64(1)},
			"closes again after the first outage", "learns of a recovery only when it looks"},
		{"half-open", "a short wait, the crowd of trials kept", Setting{"pricing.breaker.open": "1.1s"},
			"time half-open, the four outages together", "holds the breaker half-open"},
		{"slow-calls", "a slow line under the healthy p99", Setting{"catalog.breaker.slow_duration": "300ms"},
			"slow line above the healthy p99", "counts healthy calls as slow"},
		{"contain-checkout", "a short timeout alone", Setting{"payment.timeout": "100ms"},
			"calls payment works on at once", "not what payment is handed"},
		{"contain-checkout", "a bulkhead at the mean", Setting{"payment.bulkhead": int64(2)},
			"checkouts answered while healthy", "not the average"},
		{"contain-checkout", "the start: no timeout, no bulkhead", Setting{},
			"calls payment works on at once", "a bulkhead caps what it is handed"},
		{"bulkhead-20", "the start: no bulkhead", Setting{},
			"search answered in the hang", "nothing caps the workers recommendations hold"},
		{"partner-limit", "a limit at the partner's usual rate", Setting{"partner-catalog.ratelimiter.limit_for_period": int64(10)},
			"partner calls served", "takes away the excess, not the burst"},
		{"partner-limit", "a good limit, the excess left to wait", Setting{"partner-catalog.ratelimiter.limit_for_period": int64(30), "partner-catalog.ratelimiter.timeout_duration": "500ms"},
			"shop pages answered in the burst", "holds one of the front's"},
		{"shed-priority", "one short bound for every class", Setting{"shed.max_wait.critical": "50ms", "shed.max_wait.default": "50ms", "shed.max_wait.sheddable": "50ms"},
			"checkouts answered through the burst", "refuses the very calls the shedding is for"},
		{"shed-priority", "exports shed early, searches left to wait", Setting{"shed.max_wait.default": "500ms", "shed.max_wait.sheddable": "50ms"},
			"checkouts answered through the burst", "how much of the queue it may take"},
		{"shed-priority", "a longer bound on checkouts, the one way it turns at the start", Setting{"shed.max_wait.critical": "1s"},
			"checkouts answered through the burst", "not how long checkouts may wait"},
		{"tenant-lanes", "an overflow with no cap on one tenant", Setting{"database.per_tenant_bulkhead.default": int64(10), "database.per_tenant_bulkhead.shared": int64(40)},
			"quiet tenants answered in the burst", "the noisy tenant takes whole"},
		{"tenant-lanes", "the lanes kept full, an overflow beside them", Setting{"database.per_tenant_bulkhead.shared": int64(30), "database.per_tenant_bulkhead.shared_per_tenant": int64(25)},
			"checkout's p99 in the burst", "leave the overflow no room of its own"},
		{"hop-deadlines", "deadlines at every hop, no cancellation", Setting{"orders.propagate_deadline": true, "orders/inventory.propagate_deadline": true, "inventory/database.propagate_deadline": true},
			"calls orders finished for no one", "Sending the deadline down does not stop that"},
		{"fleet-herd", "jitter alone, the wait shorter than the restart", Setting{"api/provider.breaker.jitter": 0.5},
			"rounds of probes that failed", "does not make them worth sending"},
		{"fleet-herd", "a wait past the restart, no jitter", Setting{"api/provider.breaker.open": "15s"},
			"instances probing at once, at most", "moves the herd; it does not spread it"},
		{"fleet-herd", "the longest wait, jittered", Setting{"api/provider.breaker.open": "30s", "api/provider.breaker.jitter": 0.5},
			"pages answered, provider still cold", "not past the warm-up"},
		{"two-troubles", "a limiter alone", Setting{"partner-catalog.ratelimiter.limit_for_period": int64(10)},
			"home answered through both troubles", "not the slow catalog"},
		{"two-troubles", "a bulkhead alone", Setting{"search-catalog.bulkhead": int64(12)},
			"home answered through both troubles", "does not bound the partner's calls"},
		{"retry-hops", "retries at the top only", Setting{"orders.retry.attempts": int64(4), "orders/inventory.retry.attempts": int64(1), "inventory/database.retry.attempts": int64(1)},
			"calls orders sent to inventory", "a new call through every hop below"},
		{"retry-hops", "the start: every hop retries", Setting{},
			"calls orders sent to inventory", "where a hop below retries too, the attempts multiply"},
		{"retry-hops", "no retries", Setting{"orders.retry.attempts": int64(1), "orders/inventory.retry.attempts": int64(1), "inventory/database.retry.attempts": int64(1)},
			"order pages answered, flaky database", "their place was"},
		{"quiet-breaker", "a breaker that judges every call", Setting{"ledger.breaker.min_calls": int64(1), "ledger.breaker.window": int64(1)},
			"first opens (not before the outage)", "opens on noise"},
		{"retry-budget", "fewer attempts, no budget", Setting{"inventory.retry.attempts": int64(2)},
			"calls sent to inventory", "No number of attempts does both"},
		{"retry-budget", "a concurrency budget", Setting{"inventory.retry.budget": "concurrency"},
			"calls sent to inventory", "not their share of the calls"},
		{"fallback", "a fast 503", Setting{"payment.fallback": "fail-fast"},
			"checkouts answered", "still a refusal"},
		{"shuffle-shards", "plain shuffle sharding", Setting{"strategy": "shuffle"},
			"customers who lose every worker", "rare, not impossible"},
		{"hung-instance", "retries on a random pick", Setting{"catalog.balancer": "random", "catalog.retry.attempts": int64(3)},
			"calls sent to the hung instance", "does not look at the instances"},
		{"budget-permits", "the connector split evenly, waits as long as the client", Setting{"search-api.bulkhead": int64(10), "profile-api.bulkhead": int64(10), "catalog-api.bulkhead": int64(10)},
			"times the process was killed", "permit wait of seconds"},
		{"budget-permits", "no permit wait, semaphores as large as the connector", Setting{"search-api.bulkhead_wait": "0s", "profile-api.bulkhead_wait": "0s", "catalog-api.bulkhead_wait": "0s"},
			"calls waiting for a connection, most at once", "larger than its endpoint's rate"},
		{"budget-permits", "the connector split evenly, no permit wait", Setting{"search-api.bulkhead": int64(10), "profile-api.bulkhead": int64(10), "catalog-api.bulkhead": int64(10),
			"search-api.bulkhead_wait": "0s", "profile-api.bulkhead_wait": "0s", "catalog-api.bulkhead_wait": "0s"},
			"search answered, upstreams fast", "refuses a call the moment its semaphore is"},
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
