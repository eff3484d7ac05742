package challenge

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite solutions/*.toml from referenceSettings")

// referenceSettings are the built-in challenges' reference solutions as
// knob settings. `go test ./lessons/challenge -run TestWriteSolutions
// -update` writes each as solutions/ID.toml, the file a learner would hand
// in; TestEveryChallenge checks the files as they are.
var referenceSettings = map[string]Setting{
	"timeout-pool":     {"recommendations.timeout": "500ms"},
	"bulkhead-20":      {"recommendations.bulkhead": int64(22)},
	"bulkhead-40":      {"recommendations.bulkhead": int64(44), "workers": int64(55)},
	"quiet-breaker":    {"ledger.breaker.min_calls": int64(5)},
	"retry-budget":     {"inventory.retry.budget": "token-bucket"},
	"layer-order":      {"inventory.order": []any{"retry", "breaker", "timeout", "bulkhead"}, "inventory.fallback": "cached"},
	"fallback":         {"payment.fallback": "queue"},
	"shuffle-shards":   {"strategy": "overlap-limited", "per_customer": int64(3)},
	"half-open":        {"pricing.breaker.open": "1.3s", "pricing.breaker.trials": int64(3)},
	"slow-calls":       {"catalog.breaker.slow_duration": "1s", "catalog.breaker.slow_rate": 0.2},
	"contain-checkout": {"payment.bulkhead": int64(7)},
	"deadline":         {"payment.deadline": "1s", "payment.retry.attempts": int64(5)},
	"partner-limit":    {"partner-catalog.ratelimiter.limit_for_period": int64(30)},
	"shed-priority":    {"shed.max_wait.default": "100ms", "shed.max_wait.sheddable": "50ms"},
	"tenant-lanes": {"database.per_tenant_bulkhead.default": int64(10), "database.per_tenant_bulkhead.shared": int64(40),
		"database.per_tenant_bulkhead.shared_per_tenant": int64(30)},
	"hop-deadlines": {"orders.cancel": "propagate", "orders/inventory.cancel": "propagate"},
}

func TestWriteSolutions(t *testing.T) {
	if !*update {
		t.Skip("run with -update to rewrite the reference solutions")
	}
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range all {
		s, ok := referenceSettings[c.ID]
		if !ok {
			t.Fatalf("%s has no reference setting", c.ID)
		}
		body, err := c.DesignFile(s)
		if err != nil {
			t.Fatalf("%s: %v", c.ID, err)
		}
		head := "# The reference solution of the challenge \"" + c.Title + "\":\n"
		for _, k := range c.Knobs {
			if v, ok := s[k.Path]; ok {
				head += "#   " + k.Path + " = " + FormatValue(v) + "\n"
			}
		}
		head += "# breakerlab challenge " + c.ID + " --check solutions/" + c.ID + ".toml\n"
		if err := os.WriteFile(filepath.Join("solutions", c.ID+".toml"), append([]byte(head), body...), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
