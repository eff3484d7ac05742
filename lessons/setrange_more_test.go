package lessons

import (
	"errors"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// stepWith is setStep on any scenario: first, a key that fits the
// scenario, keeps line 11, so the key under test is on line 12.
func stepWith(scenario, variant, first, line string) string {
	return predictHead + "+++ step\ntitle = \"a\"\nscenario = \"" + scenario + "\"\nvariant = " + variant + "\n[set]\n" +
		first + "\n" + line + "\n+++\nbody\n"
}

// The bigger systems' keys (a service's, a pool's, a tasks server's,
// shedding's, a rate limiter's, per-tenant slots, an edge's deadline keys)
// and a shuffle step's are refused out of their own range at their own
// line, named as the step writes them, as the breakers' keys are. Their
// ranges went unchecked until the engine's check of the whole, which
// refused at the [set] header in its own words ("pool \"aiohttp\": size
// and per_host must be ...") or not at all (a shuffle's "-1s").
func TestSetRefusesTheBiggerSystemsKeysOutOfRangeAtTheirLine(t *testing.T) {
	cases := []struct {
		scenario, variant, first, set string
		want                          string // after "mine.md:12: set.KEY: KEY "
	}{
		{"async-cascade", "0", "search.rate = 10", "aiohttp.size = -1", "must be between 0 (no cap) and 100,000, got -1"},
		{"async-cascade", "0", "search.rate = 10", `aiohttp.wait = "-1s"`, "must not be negative, got -1s"},
		{"async-cascade", "0", "search.rate = 10", `aiohttp.dial_timeout = "2m"`, `must be at most 1m, got "2m"`},
		{"async-cascade", "0", "search.rate = 10", "tasks.threads = 0", "must be between 1 (an event loop) and 256 (a Go server: GOMAXPROCS), got 0"},
		{"async-cascade", "0", "search.rate = 10", "tasks.memory.limit_mib = -1", "must be between 0 (no limit) and 1,048,576 (1 TiB), got -1"},
		{"async-cascade", "0", "search.rate = 10", `search.cpu = "-1ms"`, "must not be negative, got -1ms"},
		{"multi-hop", "0", "home.rate = 10", "orders.workers = 0", "must be between 1 and 100,000, got 0"},
		{"multi-hop", "0", "home.rate = 10", "orders.queue = -2", `must be 0 (none) or up to 10,000,000, or "unbounded", got -2`},
		{"multi-hop", "0", "home.rate = 10", "inventory.instances = 300", "must be between 1 and 256 (0 is read as 1), got 300"},
		{"multi-hop", "0", "home.rate = 10", `inventory.work.value = "-1ms"`, "must not be negative, got -1ms"},
		{"multi-hop", "0", "home.rate = 10", `orders.deadline_margin = "-1s"`, "must not be negative, got -1s"},
		{"multi-hop", "0", "home.rate = 10", `shed.max_wait = "0s"`, `must be above 0, got "0s": it is how long a request may wait`},
		{"multi-hop", "0", "home.rate = 10", `orders.shed.max_wait.critical = "-1s"`, `must be above 0, got "-1s"`},
		{"rate-limit-vs-bulkhead", "0", "home.rate = 10", "partner-catalog.ratelimiter.rate = 0", "must be at least 1 (tokens a period), got 0"},
		{"rate-limit-vs-bulkhead", "0", "home.rate = 10", `partner-catalog.ratelimiter.per = "0s"`, `must be above 0, got "0s"`},
		{"rate-limit-vs-bulkhead", "0", "home.rate = 10", "partner-api.burst.rate = -5", "must be between 0 and 1,000,000 requests a second, got -5"},
		{"rate-limit-vs-bulkhead", "0", "home.rate = 10", "search-catalog.per_tenant_bulkhead.default = -1", "must be 0 or more, got -1"},
		{"shuffle", "0", "customers = 100", "workers = 0", "must be between 1 and 100,000, got 0"},
		{"shuffle", "0", "workers = 100", "customers = 1", "must be between 2 (the poisoned one and another) and 10,000,000, got 1"},
		{"shuffle", "0", "customers = 100", `request_every = "0s"`, `must be above 0, got "0s": it is how often each customer`},
		{"shuffle", "0", "customers = 100", `retry_after = "-1s"`, "must not be negative, got -1s"},
	}
	for _, c := range cases {
		key, _, _ := strings.Cut(c.set, " = ")
		t.Run(c.scenario+"/"+c.set, func(t *testing.T) {
			err := loadAndPrepare(t, "mine.md", stepWith(c.scenario, c.variant, c.first, c.set))
			if err == nil {
				t.Fatal("prepared")
			}
			if want := "mine.md:12: set." + key + ": " + key + " " + c.want; !strings.Contains(err.Error(), want) {
				t.Errorf("error lacks %q:\n%v", want, err)
			}
		})
	}
	// In range, each is set as before.
	for _, c := range []struct{ scenario, first, set string }{
		{"async-cascade", "search.rate = 10", "aiohttp.size = 0"},
		{"async-cascade", "search.rate = 10", `aiohttp.wait = "1m"`},
		{"multi-hop", "home.rate = 10", "inventory.instances = 0"},
		{"multi-hop", "home.rate = 10", `orders.queue = "unbounded"`},
		{"shuffle", "customers = 100", `retry_after = "0s"`},
	} {
		if err := loadAndPrepare(t, "mine.md", stepWith(c.scenario, "0", c.first, c.set)); err != nil {
			t.Errorf("%s: refused: %v", c.set, err)
		}
	}
}

// SetKnob, which the sandbox's form, a challenge and a sweep's cells go
// through, refuses a percentage outside 0–100 % where it is read, naming
// the path as the caller wrote it, in a scenario file's words: it read
// "150%" as 1.5 and left the engine to refuse a "breaker failure rate" of
// 1.5, or, for a jitter, set 1.5 with no refusal until the run.
func TestSetKnobRefusesAPercentageOutOfRangeAsAFileDoes(t *testing.T) {
	b, ok := scenarios.Lookup("cascade")
	if !ok {
		t.Fatal("no cascade")
	}
	for _, c := range []struct{ path, val string }{
		{"recommendations.breaker.failure_rate", "150%"},
		{"recommendations.breaker.slow_rate", "-5%"},
		{"recommendations.breaker.jitter", "101%"},
		{"recommendations.fault.probability", "NaN%"},
	} {
		sc := b.Build()
		err := SetKnob(sc, 2, c.path, c.val)
		want := c.path + " must be " + scenariofile.PercentAllowed + `, got "` + c.val + `"`
		if err == nil || err.Error() != want {
			t.Errorf("SetKnob(%s, %q) = %v, want %q", c.path, c.val, err, want)
		}
		var r *outOfRange
		if !errors.As(err, &r) {
			t.Errorf("SetKnob(%s, %q): refusal is no outOfRange, so [set] cannot name its key", c.path, c.val)
		}
	}
	sc := b.Build()
	if err := SetKnob(sc, 2, "recommendations.breaker.failure_rate", "100%"); err != nil {
		t.Errorf("100%% refused: %v", err)
	}
}

// The words a [set] and a scenario file refuse a share and a duration in
// are one set of words, scenariofile's: the hint for a bare 50 and the
// forms a share takes read alike in both.
func TestSetSaysSharesInTheScenarioFilesWords(t *testing.T) {
	const r = "recommendations."
	for _, c := range []struct{ set, want string }{
		{r + "breaker.failure_rate = 1.5", "got 1.5" + scenariofile.ShareHint(1.5)},
		{r + "breaker.failure_rate = 50", "got 50" + scenariofile.ShareHint(50)},
		{r + "breaker.jitter = 1", "must be " + scenariofile.BelowOneAllowed + ", got 1" + scenariofile.ShareHint(1)},
		{r + `retry.base = "-1s"`, scenariofile.NotNegative + ", got -1s"},
	} {
		err := loadAndPrepare(t, "mine.md", setStep("cascade", "2", c.set))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error lacks %q:\n%v", c.set, c.want, err)
		}
	}
	// The file's own refusal of the same share, for the same words.
	if !strings.Contains(scenariofile.ShareHint(1.5), scenariofile.ShareForms) {
		t.Errorf("ShareHint(1.5) = %q, which names no form a share takes", scenariofile.ShareHint(1.5))
	}
}
