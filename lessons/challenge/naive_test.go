package challenge

import "testing"

// naiveDesigns are, for each challenge, designs that ignore its idea: the
// knobs at their extremes, a goal's bound typed into a knob, the start
// unchanged, the obvious wrong idea. None may earn a star
// (TestNaiveDesignsFallShort), while the reference solution meets par
// (TestEveryChallenge).
var naiveDesigns = map[string][]struct {
	name string
	s    Setting
}{
	"timeout-pool": {
		{"the start", Setting{}},
		{"the longest timeout", Setting{"recommendations.timeout": "10s"}},
		{"the shortest timeout, cutting off healthy calls", Setting{"recommendations.timeout": "100ms"}},
		{"the review's 400 ms: at the healthy p99, cutting off a few healthy calls", Setting{"recommendations.timeout": "400ms"}},
	},
	"bulkhead-20": {
		{"the start", Setting{}},
		{"no bulkhead", Setting{"recommendations.bulkhead": int64(0)}},
		{"a bulkhead of the whole pool", Setting{"recommendations.bulkhead": int64(34)}},
		{"the mean in flight while slow, no headroom", Setting{"recommendations.bulkhead": int64(12)}},
		{"most of the pool", Setting{"recommendations.bulkhead": int64(26)}},
	},
	"bulkhead-40": {
		{"the start", Setting{}},
		{"the largest pool the goal allows, the old bulkhead", Setting{"workers": int64(80)}},
		{"a bulkhead as large as the pool", Setting{"recommendations.bulkhead": int64(100), "workers": int64(80)}},
	},
	"quiet-breaker": {
		{"the start", Setting{}},
		{"a breaker that judges every call", Setting{"ledger.breaker.min_calls": int64(1), "ledger.breaker.window": int64(1)}},
		{"the largest window", Setting{"ledger.breaker.window": int64(50)}},
	},
	"retry-budget": {
		{"the start", Setting{}},
		{"no retries", Setting{"inventory.retry.attempts": int64(1)}},
		{"fewer attempts, no budget", Setting{"inventory.retry.attempts": int64(2)}},
		{"the most attempts, no budget", Setting{"inventory.retry.attempts": int64(6)}},
		{"a concurrency budget", Setting{"inventory.retry.budget": "concurrency"}},
		{"a concurrency budget, fewer attempts", Setting{"inventory.retry.budget": "concurrency", "inventory.retry.attempts": int64(2)}},
	},
	"layer-order": {
		{"the start", Setting{}},
		{"the timeout inside the retry, both inside the breaker", Setting{"inventory.order": []any{"breaker", "timeout", "retry", "bulkhead"}}},
		{"the timeout outermost", Setting{"inventory.order": []any{"timeout", "retry", "breaker", "bulkhead"}}},
		{"an honest order that refuses most orders", Setting{"inventory.order": []any{"retry", "breaker", "timeout", "bulkhead"}}},
		{"an honest order and a fast 503", Setting{"inventory.order": []any{"retry", "breaker", "timeout", "bulkhead"}, "inventory.fallback": "fail-fast"}},
		{"a cached answer with the retries hidden from the breaker", Setting{"inventory.fallback": "cached"}},
		{"a cached answer, the timeout outermost", Setting{"inventory.order": []any{"timeout", "retry", "breaker", "bulkhead"}, "inventory.fallback": "cached"}},
	},
	"fallback": {
		{"the start", Setting{}},
		{"a fast 503", Setting{"payment.fallback": "fail-fast"}},
	},
	"shuffle-shards": {
		{"the start", Setting{}},
		{"plain shuffle sharding, three workers", Setting{"strategy": "shuffle", "per_customer": int64(3)}},
		{"plain shuffle sharding, two workers", Setting{"strategy": "shuffle"}},
		{"plain shuffle sharding, four workers", Setting{"strategy": "shuffle", "per_customer": int64(4)}},
		{"plain shuffle sharding, the most workers", Setting{"strategy": "shuffle", "per_customer": int64(8)}},
		{"plain shards, one worker each", Setting{"per_customer": int64(1)}},
	},
	"half-open": append([]struct {
		name string
		s    Setting
	}{
		{"the start", Setting{}},
		{"Polly's default wait", Setting{"pricing.breaker.open": "5s", "pricing.breaker.trials": int64(1)}},
		{"a short wait, a crowd of trials", Setting{"pricing.breaker.open": "1.1s"}},
		{"the shortest wait", Setting{"pricing.breaker.open": "500ms", "pricing.breaker.trials": int64(1)}},
		{"the longest wait", Setting{"pricing.breaker.open": "30s", "pricing.breaker.trials": int64(1)}},
		{"a 3 s wait", Setting{"pricing.breaker.open": "3s", "pricing.breaker.trials": int64(3)}},
		// A failed round reopens on its first failure, so a crowd of
		// trials costs no more calls than one: only the time it keeps the
		// breaker half-open shows it.
		{"a short wait, 30 trials", Setting{"pricing.breaker.open": "1.1s", "pricing.breaker.trials": int64(30)}},
		{"a short wait, 15 trials", Setting{"pricing.breaker.open": "1.2s", "pricing.breaker.trials": int64(15)}},
		{"a short wait, 12 trials", Setting{"pricing.breaker.open": "1.1s", "pricing.breaker.trials": int64(12)}},
	}, fittedWaits...),
	"slow-calls": {
		{"the start", Setting{}},
		{"never slow", Setting{"catalog.breaker.slow_duration": "10s", "catalog.breaker.slow_rate": 0.1}},
		{"every call slow", Setting{"catalog.breaker.slow_duration": "100ms", "catalog.breaker.slow_rate": 0.1}},
		{"healthy calls counted as slow", Setting{"catalog.breaker.slow_duration": "300ms", "catalog.breaker.slow_rate": 1.0}},
		{"QA: a slow line under the healthy p99", Setting{"catalog.breaker.slow_duration": "500ms", "catalog.breaker.slow_rate": 0.3}},
		{"QA: a slow line far under the healthy p99", Setting{"catalog.breaker.slow_duration": "300ms", "catalog.breaker.slow_rate": 0.5}},
		{"a slow line at the healthy p99", Setting{"catalog.breaker.slow_duration": "600ms", "catalog.breaker.slow_rate": 0.2}},
		{"a slow line fitted a step under the slowdown's latency", Setting{"catalog.breaker.slow_duration": "2.4s", "catalog.breaker.slow_rate": 0.2}},
		{"a slow line fitted under the slowdown, every call slow", Setting{"catalog.breaker.slow_duration": "2.4s", "catalog.breaker.slow_rate": 1.0}},
	},
	"contain-checkout": {
		{"the start", Setting{}},
		{"a short timeout alone", Setting{"payment.timeout": "100ms"}},
		{"a timeout at the client's patience", Setting{"payment.timeout": "3s"}},
		{"a bulkhead of the whole pool", Setting{"payment.bulkhead": int64(16)}},
		{"QA: a bulkhead of one", Setting{"payment.bulkhead": int64(1)}},
		{"Little's law's mean, no room for a burst", Setting{"payment.bulkhead": int64(2)}},
		{"the old reference: four slots", Setting{"payment.bulkhead": int64(4)}},
		{"a bulkhead with a timeout, the provider left with the abandoned calls", Setting{"payment.bulkhead": int64(8), "payment.timeout": "1s"}},
		{"a bulkhead past the provider's share", Setting{"payment.bulkhead": int64(11)}},
	},
	"deadline": {
		{"the start", Setting{}},
		{"two attempts, no deadline", Setting{"payment.retry.attempts": int64(2)}},
		{"two attempts that fit the patience, no deadline", Setting{"payment.retry.attempts": int64(2), "payment.timeout": "400ms"}},
		{"no retries", Setting{"payment.retry.attempts": int64(1)}},
		{"the most attempts, no deadline", Setting{"payment.retry.attempts": int64(5)}},
		{"the longest deadline", Setting{"payment.deadline": "3s", "payment.retry.attempts": int64(5)}},
		{"the shortest timeout", Setting{"payment.timeout": "100ms"}},
		{"a timeout that fits every attempt in the patience", Setting{"payment.timeout": "300ms"}},
		{"that timeout under a deadline of the patience", Setting{"payment.timeout": "300ms", "payment.deadline": "1s"}},
		// A deadline past the patience fills the pool: the checkouts it
		// refuses never call payment, which keeps the count of calls low.
		{"a deadline three times the patience", Setting{"payment.deadline": "3s", "payment.retry.attempts": int64(4), "payment.timeout": "900ms"}},
		{"a deadline just past the patience", Setting{"payment.deadline": "1.2s", "payment.retry.attempts": int64(5), "payment.timeout": "600ms"}},
		{"a deadline a step past the patience", Setting{"payment.deadline": "1.1s", "payment.retry.attempts": int64(4), "payment.timeout": "700ms"}},
	},
	"partner-limit": {
		{"the start", Setting{}},
		{"one call per period", Setting{"partner-catalog.ratelimiter.limit_for_period": int64(1)}},
		{"a limit at the partner's usual rate, no room for its burst", Setting{"partner-catalog.ratelimiter.limit_for_period": int64(10)}},
		{"a limit past what catalog can serve beside search", Setting{"partner-catalog.ratelimiter.limit_for_period": int64(40)}},
		{"a good limit, but the refused wait for a permit", Setting{"partner-catalog.ratelimiter.limit_for_period": int64(30), "partner-catalog.ratelimiter.timeout_duration": "500ms"}},
		{"the longest wait, no limit", Setting{"partner-catalog.ratelimiter.timeout_duration": "1s"}},
	},
	"shed-priority": {
		{"the start", Setting{}},
		{"one short bound for every class", Setting{"shed.max_wait.critical": "50ms", "shed.max_wait.default": "50ms", "shed.max_wait.sheddable": "50ms"}},
		{"one long bound for every class", Setting{"shed.max_wait.critical": "1s", "shed.max_wait.default": "1s", "shed.max_wait.sheddable": "1s"}},
		{"exports shed early, searches left to wait", Setting{"shed.max_wait.critical": "1s", "shed.max_wait.default": "500ms", "shed.max_wait.sheddable": "50ms"}},
		{"searches and exports alike", Setting{"shed.max_wait.critical": "1s", "shed.max_wait.default": "150ms", "shed.max_wait.sheddable": "150ms"}},
		{"searches shed as early as exports", Setting{"shed.max_wait.critical": "1s", "shed.max_wait.default": "50ms", "shed.max_wait.sheddable": "50ms"}},
	},
	"tenant-lanes": {
		{"the start: lanes, no overflow", Setting{}},
		{"no lanes, one shared pool", Setting{"database.per_tenant_bulkhead.default": int64(0), "database.per_tenant_bulkhead.shared": int64(60)}},
		{"an overflow with no cap on one tenant", Setting{"database.per_tenant_bulkhead.default": int64(10), "database.per_tenant_bulkhead.shared": int64(40)}},
		{"full lanes and an overflow of the whole pool", Setting{"database.per_tenant_bulkhead.shared": int64(60), "database.per_tenant_bulkhead.shared_per_tenant": int64(60)}},
		{"lanes of one", Setting{"database.per_tenant_bulkhead.default": int64(1)}},
		// The review's designs: 45 slots for the noisy tenant, the quiet
		// tenants' calls left waiting for a worker.
		{"uncapped lanes of 15 and an overflow of 30", Setting{"database.per_tenant_bulkhead.default": int64(15), "database.per_tenant_bulkhead.shared": int64(30)}},
		{"full lanes and an overflow of 30 capped at 25", Setting{"database.per_tenant_bulkhead.shared": int64(30), "database.per_tenant_bulkhead.shared_per_tenant": int64(25)}},
		{"full lanes and a capped overflow too large", Setting{"database.per_tenant_bulkhead.shared": int64(40), "database.per_tenant_bulkhead.shared_per_tenant": int64(30)}},
		// A capped overflow with no lanes, or lanes too small to matter,
		// serves the quiet tenants from what the cap leaves: the knob's
		// range now refuses them.
		{"no lanes, a capped overflow of the whole pool", Setting{"database.per_tenant_bulkhead.default": int64(0), "database.per_tenant_bulkhead.shared": int64(60), "database.per_tenant_bulkhead.shared_per_tenant": int64(36)}},
		{"token lanes, a capped overflow of the whole pool", Setting{"database.per_tenant_bulkhead.default": int64(4), "database.per_tenant_bulkhead.shared": int64(60), "database.per_tenant_bulkhead.shared_per_tenant": int64(36)}},
		// The start's whole lanes kept and an overflow added on top, which
		// beat par before the goal on the lanes and the cap: the quiet
		// tenants are served only because they stay far below lanes that
		// already divide the pool.
		{"whole lanes and an uncapped overflow of 15", Setting{"database.per_tenant_bulkhead.shared": int64(15)}},
		{"whole lanes and an uncapped overflow of 18", Setting{"database.per_tenant_bulkhead.shared": int64(18)}},
		{"whole lanes and an uncapped overflow of 24", Setting{"database.per_tenant_bulkhead.shared": int64(24)}},
		{"whole lanes and an overflow of the whole pool capped at 24", Setting{"database.per_tenant_bulkhead.shared": int64(60), "database.per_tenant_bulkhead.shared_per_tenant": int64(24)}},
		{"lanes of 12 and an uncapped overflow of 30", Setting{"database.per_tenant_bulkhead.default": int64(12), "database.per_tenant_bulkhead.shared": int64(30)}},
	},
	"hop-deadlines": {
		{"the start", Setting{}},
		{"deadlines at every hop, no cancellation", Setting{"orders.propagate_deadline": true, "orders/inventory.propagate_deadline": true, "inventory/database.propagate_deadline": true}},
		{"cancellation at the first hop only", Setting{"orders.cancel": "propagate"}},
		{"cancellation into inventory only", Setting{"orders/inventory.cancel": "propagate"}},
		{"cancellation at the first hop, a deadline at the second", Setting{"orders.cancel": "propagate", "orders/inventory.propagate_deadline": true}},
		{"cancellation at the database only", Setting{"inventory/database.cancel": "propagate"}},
	},
}

func TestNaiveDesignsFallShort(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range all {
		designs, ok := naiveDesigns[c.ID]
		if !ok {
			t.Errorf("%s has no naive designs: list what ignores its idea in naiveDesigns", c.ID)
			continue
		}
		if len(designs) < 2 {
			t.Errorf("%s has %d naive designs, want several", c.ID, len(designs))
		}
		t.Run(c.ID, func(t *testing.T) {
			for _, d := range designs {
				r, err := gradeOnce(c, d.s)
				if err != nil {
					continue // a design the engine refuses earns nothing
				}
				if r.Stars > 0 {
					t.Errorf("%s: %v earns %s; a design that ignores the idea must fall short", d.name, d.s, StarsText(r.Stars))
				}
			}
		})
	}
}
