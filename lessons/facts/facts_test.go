package facts

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/ratelimit"
	"github.com/breakerlab/breakerlab/engine/retry"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// TestEngineFactsAreTheEnginesValues pins the facts the engine models to
// the engine's own values and to the libraries' published numbers: a change
// on either side shows here.
func TestEngineFactsAreTheEnginesValues(t *testing.T) {
	aws := retry.NewAWSTokenBucket()
	for _, c := range []struct {
		name   string
		engine float64
		lib    float64 // the library's published number
	}{
		{"aws.retry.capacity", float64(aws.Capacity), 500},
		{"aws.retry.cost", float64(aws.RetryCost), 5},
		{"aws.retry.timeout_cost", float64(aws.TimeoutCost), 10},
		{"aws.retry.success_refill", float64(aws.NoRetryIncrement), 1},
		{"aws.retry.outage_retries", float64(aws.Capacity / aws.RetryCost), 100},
		{"envoy.retry_budget.share", retry.NewEnvoyBudget().Share, 0.2},
		{"envoy.retry_budget.min", float64(retry.NewEnvoyBudget().MinRetries), 3},
		{"r4j.ratelimiter.limit", float64(ratelimit.Resilience4jDefaults.LimitForPeriod), 50},
		{"r4j.ratelimiter.period", ratelimit.Resilience4jDefaults.LimitRefreshPeriod.Seconds(), (500 * time.Nanosecond).Seconds()},
		{"r4j.ratelimiter.wait", ratelimit.Resilience4jDefaults.TimeoutDuration.Seconds(), 5},
		{"r4j.breaker.trials", float64(breaker.Resilience4j().HalfOpenTrials), 10},
		{"hystrix.snapshot", 0.5, 0.5},
		{"hystrix.buckets", float64(breaker.Hystrix().WindowBuckets), 20},
		// cheat sheet
		{"aws.retry.success_refund", float64(aws.RetryCost), 5},
		{"aws.retry.timeout_refund", float64(aws.TimeoutCost), 10},
		{"aws.retry.max_tokens", float64(aws.Capacity), 500},
		{"guide.timeout.p99_multiple", 2, 2},
		{"guide.bulkhead.wait_min", 0.1, 0.1},
		{"guide.bulkhead.wait_max", 0.5, 0.5},
	} {
		f, err := Lookup(c.name)
		if err != nil {
			t.Fatal(err)
		}
		if f.Value != c.engine || f.Value != c.lib {
			t.Errorf("%s = %v; the engine has %v, the library publishes %v", c.name, f.Value, c.engine, c.lib)
		}
	}
}

// TestAWSQuotaFactsSayWhichRelease: the engine runs the AWS quota's
// standard mode as it was before the 2026 update; the texts that quote its
// costs must not pass them off as today's. Every cost fact says which
// release it belongs to, and the 2026 figures are the published ones
// (aws-sdk-go-v2 v1.48.0: 14 a transient retry, 5 a throttled one, the
// capacity unchanged), with the outage's count worked from them.
func TestAWSQuotaFactsSayWhichRelease(t *testing.T) {
	for _, name := range []string{"aws.retry.cost", "aws.retry.timeout_cost", "aws.retry.outage_retries", "aws.retry.outage_timeout_retries", "aws.retry.js.transient_cost"} {
		f, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(f.Says, "before the 2026 update") {
			t.Errorf("%s says %q: it must say it is the quota before the 2026 update", name, f.Says)
		}
	}
	capacity, _ := Lookup("aws.retry.capacity")
	for name, want := range map[string]float64{
		"aws.retry.v2026.cost":           14,
		"aws.retry.v2026.throttle_cost":  5,
		"aws.retry.v2026.outage_retries": 35, // 500 ÷ 14 = 35.7: 35 whole retries
	} {
		f, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		if f.Value != want {
			t.Errorf("%s = %v, aws-sdk-go-v2 v1.48.0 gives %v", name, f.Value, want)
		}
		if !strings.Contains(f.Says, "since the 2026 update") || !strings.Contains(f.Source, "v1.48.0") || !strings.Contains(f.Source, "#3400") {
			t.Errorf("%s: says %q, source %q: both must name the 2026 update and where it is published", name, f.Says, f.Source)
		}
	}
	cost, _ := Lookup("aws.retry.v2026.cost")
	outage, _ := Lookup("aws.retry.v2026.outage_retries")
	if n := float64(int(capacity.Value) / int(cost.Value)); outage.Value != n {
		t.Errorf("aws.retry.v2026.outage_retries = %v, but %v ÷ %v = %v", outage.Value, capacity.Value, cost.Value, n)
	}
}

// TestARetryGetsBackWhatItPaid: a successful retry refunds its own cost,
// the dearer one after a timeout included (engine/retry.TokenBucket's
// OnSuccess, and the SDKs' release of the retry token).
func TestARetryGetsBackWhatItPaid(t *testing.T) {
	for refund, cost := range map[string]string{"aws.retry.success_refund": "aws.retry.cost", "aws.retry.timeout_refund": "aws.retry.timeout_cost"} {
		r, _ := Lookup(refund)
		c, _ := Lookup(cost)
		if r.Value != c.Value || r.Value == 0 {
			t.Errorf("%s = %v, %s = %v: a successful retry gets back what it paid", refund, r.Value, cost, c.Value)
		}
	}
}

func TestEveryFactSaysWhatItIsAndWhereItComesFrom(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range All() {
		if seen[f.Name] {
			t.Errorf("two facts are called %s", f.Name)
		}
		seen[f.Name] = true
		if f.Says == "" || f.Source == "" || f.Kind == 0 {
			t.Errorf("%s: says %q, source %q, kind %d: every fact needs all three", f.Name, f.Says, f.Source, f.Kind)
		}
		if f.Kind == Share && (f.Value < 0 || f.Value > 1) {
			t.Errorf("%s is a share of %v", f.Name, f.Value)
		}
	}
	if _, err := Lookup("aws.retry.capacty"); err == nil || !strings.Contains(err.Error(), "aws.retry.capacity") {
		t.Errorf("an unknown fact's error must list the known ones: %v", err)
	}
}

// TestSuccessRefillIsFirstTryOnly: aws.retry.success_refill says a request
// that succeeds at its first try adds NoRetryIncrement and a retry that
// succeeds gets only its cost back, the rule of aws-sdk-js-v3's
// defaultRetryQuota.ts and of aws-sdk-go-v2 v1.48.0's
// Standard.GetAttemptToken. The engine's bucket must follow that rule, and
// the fact's source must say which SDK does what, Go v2's earlier releases
// included (they added the increment after a successful retry as well).
func TestSuccessRefillIsFirstTryOnly(t *testing.T) {
	f, err := Lookup("aws.retry.success_refill")
	if err != nil {
		t.Fatal(err)
	}
	b := retry.NewAWSTokenBucket()
	first, _ := b.TryRetry(false)
	b.TryRetry(false) // two retries paid, so one refund cannot reach the cap
	before := b.Tokens()
	b.OnSuccess(true, first)
	if got := b.Tokens() - before; got != first {
		t.Errorf("a successful retry earned %d tokens, want its cost %d and no increment", got, first)
	}
	before = b.Tokens()
	b.OnSuccess(false, 0)
	if got := float64(b.Tokens() - before); got != f.Value {
		t.Errorf("a first-try success earned %v tokens, the fact says %v", got, f.Value)
	}
	for _, w := range []string{"first try", "retry that succeeds gets its cost back"} {
		if !strings.Contains(f.Says, w) {
			t.Errorf("the fact says %q, without %q", f.Says, w)
		}
	}
	for _, w := range []string{"defaultRetryQuota.ts, releaseRetryTokens", "v1.48.0 aws/retry/standard.go, Standard.GetAttemptToken", "up to v1.47.8", "every successful attempt"} {
		if !strings.Contains(f.Source, w) {
			t.Errorf("the fact's source %q does not name %q", f.Source, w)
		}
	}
}

// TestDrillCardFacts pins the facts the drill's cards added: the
// references' starting points (seeds/002's table of resource boundaries and
// its answers) and Envoy's outlier-detection defaults.
func TestDrillCardFacts(t *testing.T) {
	for name, want := range map[string]float64{
		"guide.breaker.failure_rate":    0.5,
		"guide.breaker.window":          20,
		"guide.breaker.min_calls":       5,
		"guide.breaker.consecutive":     5,
		"guide.breaker.cooldown":        30,
		"guide.breaker.probes":          1,
		"guide.bulkhead.wait_min":       0.1,
		"guide.bulkhead.wait_max":       0.5,
		"guide.timeout.p99_multiple":    2,
		"envoy.outlier.consecutive_5xx": 5,
		"envoy.outlier.interval":        10,
		"envoy.outlier.base_ejection":   30,
		"envoy.outlier.max_ejection":    0.1,
	} {
		f, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		if f.Value != want {
			t.Errorf("%s = %v, want %v", name, f.Value, want)
		}
	}
}

// opossum: its defaults (lib/circuit.js's constructor: errorThresholdPercentage
// 50, volumeThreshold 0, resetTimeout 30000, timeout 10000) as the engine's
// preset holds them.
func TestOpossumFacts(t *testing.T) {
	o := breaker.Opossum()
	for _, c := range []struct {
		name        string
		engine, lib float64
	}{
		{"opossum.error_threshold", o.FailureRate, 0.5},
		{"opossum.volume_threshold", float64(o.MinimumCalls), 0},
		{"opossum.reset_timeout", o.OpenFor.Seconds(), 30},
		{"opossum.timeout", o.CallTimeout.Seconds(), 10},
	} {
		f, err := Lookup(c.name)
		if err != nil {
			t.Fatal(err)
		}
		if f.Value != c.engine || f.Value != c.lib {
			t.Errorf("%s = %v; the engine has %v, opossum's constructor %v", c.name, f.Value, c.engine, c.lib)
		}
	}
	if !o.RateMustExceed || !o.CountAtStart {
		t.Error("opossum.error_threshold says exceeded, of the calls fired: the preset must say so too")
	}
}

// The defaults lesson 14 quotes, read from Go's own standard library where
// it is linked into this test, and checked against the async-cascade
// scenario that plays aiohttp's (its first variant keeps every default).
func TestNoThreadPoolFacts(t *testing.T) {
	db := sql.OpenDB(idleConnector{})
	defer db.Close()
	tr := http.DefaultTransport.(*http.Transport)
	// The Transport's own rule (maxIdleConnsPerHost): 0 is the default.
	idlePerHost := tr.MaxIdleConnsPerHost
	if idlePerHost == 0 {
		idlePerHost = http.DefaultMaxIdleConnsPerHost
	}
	sc := scenarios.AsyncCascade()
	sys := sc.Variants[0].System
	upstream := sys.Dependencies[0]
	for _, c := range []struct {
		name string
		lib  float64
	}{
		{"go.http.max_conns_per_host", float64(tr.MaxConnsPerHost)},
		{"go.http.max_idle_conns_per_host", float64(idlePerHost)},
		{"go.http.client_timeout", http.DefaultClient.Timeout.Seconds()},
		{"go.sql.max_idle_conns", float64(sqlDefaultIdle(t))},
		{"go.sql.max_open_conns", float64(db.Stats().MaxOpenConnections)},
		{"aiohttp.connector.limit", float64(sys.Pools[0].Size)},
		{"aiohttp.connector.limit_per_host", float64(sys.Pools[0].PerHost)},
		{"aiohttp.timeout.total", upstream.Policy.Timeout.Seconds()},
	} {
		f, err := Lookup(c.name)
		if err != nil {
			t.Fatal(err)
		}
		if f.Value != c.lib {
			t.Errorf("%s = %v; the library (or the scenario playing it) has %v", c.name, f.Value, c.lib)
		}
	}
	// The published aiohttp numbers themselves, so a scenario changed to
	// other settings does not carry the facts along with it.
	for name, want := range map[string]float64{"aiohttp.connector.limit": 100, "aiohttp.connector.limit_per_host": 0, "aiohttp.timeout.total": 300} {
		if f, _ := Lookup(name); f.Value != want {
			t.Errorf("%s = %v, aiohttp's source says %v", name, f.Value, want)
		}
	}
}

// sqlDefaultIdle is how many connections a *sql.DB whose SetMaxIdleConns
// was never called keeps idle: database/sql does not export its default,
// so the test holds sqlHeld connections at once, gives them back, and
// counts those kept.
func sqlDefaultIdle(t *testing.T) int {
	t.Helper()
	const sqlHeld = 10
	db := sql.OpenDB(nopConnector{})
	defer db.Close()
	var held []*sql.Conn
	for range sqlHeld {
		c, err := db.Conn(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, c)
	}
	for _, c := range held {
		if err := c.Close(); err != nil {
			t.Fatal(err)
		}
	}
	idle := db.Stats().Idle
	if idle >= sqlHeld {
		t.Fatalf("database/sql kept all %d connections idle: hold more to find its cap", sqlHeld)
	}
	return idle
}

// nopConnector opens connections that run nothing: sqlDefaultIdle only
// takes and returns them.
type nopConnector struct{}

func (nopConnector) Connect(context.Context) (driver.Conn, error) { return nopConn{}, nil }
func (nopConnector) Driver() driver.Driver                        { return nil }

type nopConn struct{}

func (nopConn) Prepare(string) (driver.Stmt, error) { return nil, errors.New("nopConn runs no query") }
func (nopConn) Close() error                        { return nil }
func (nopConn) Begin() (driver.Tx, error)           { return nil, errors.New("nopConn runs no transaction") }

// idleConnector opens a database handle that never connects: sql.OpenDB
// dials nothing until a query, and Stats reads the pool's settings.
type idleConnector struct{}

func (idleConnector) Connect(context.Context) (driver.Conn, error) {
	return nil, errors.New("this test opens no connection")
}
func (idleConnector) Driver() driver.Driver { return nil }

// TestSourcesNameNoSeedID: `breakerlab facts` prints each fact's says and
// source as they are; a reference document's ID ("seeds/002") is the
// project's own file name, which a learner does not have, so a printed
// source names the document by its title.
func TestSourcesNameNoSeedID(t *testing.T) {
	cites := 0
	for _, f := range All() {
		for _, text := range []string{f.Says, f.Source} {
			if strings.Contains(text, "seeds/") {
				t.Errorf("%s: %q names the reference by its file name", f.Name, text)
			}
		}
		for _, r := range References {
			if strings.Contains(f.Source, r.Title) {
				cites++
			}
		}
	}
	if cites == 0 {
		t.Error("no fact's source names a reference by its title: the guide.* facts lost where they come from")
	}
}

// TestAWSRetryPricesNameTheirSDK: a retry's price is one SDK's, not the
// AWS SDKs': aws-sdk-go-v2 (the engine's prices) charged 5, 10 after a
// timeout, and aws-sdk-js-v3's StandardRetryStrategy charges 10 after any
// transient error, 5 only after throttling. Each price fact names the SDK
// it is.
func TestAWSRetryPricesNameTheirSDK(t *testing.T) {
	for name, sdk := range map[string]string{
		"aws.retry.cost":              "aws-sdk-go-v2",
		"aws.retry.timeout_cost":      "aws-sdk-go-v2",
		"aws.retry.js.transient_cost": "aws-sdk-js-v3",
	} {
		f, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(f.Says, sdk) {
			t.Errorf("%s says %q: it must name %s, whose price it is", name, f.Says, sdk)
		}
	}
	js, _ := Lookup("aws.retry.js.transient_cost")
	timeout, _ := Lookup("aws.retry.timeout_cost")
	if js.Value != 10 || !strings.Contains(js.Source, "TIMEOUT_RETRY_COST") || js.Value != timeout.Value {
		t.Errorf("aws.retry.js.transient_cost = %v (source %q): @smithy/util-retry's TIMEOUT_RETRY_COST is 10, Go's timeout price", js.Value, js.Source)
	}
}

// TestHystrixBucketsCiteWhereTwentyIsWorkedOut: Hystrix's breaker judges 20
// buckets, which HealthCountsStream.getInstance works out as the window over
// the snapshot interval; HystrixCommandProperties alone sets
// metrics.rollingStats.numBuckets to 10. A source naming only that file
// sends a reader checking the 20 to a 10.
func TestHystrixBucketsCiteWhereTwentyIsWorkedOut(t *testing.T) {
	for _, name := range []string{"hystrix.buckets", "hystrix.snapshot"} {
		f, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(f.Source, "HealthCountsStream") {
			t.Errorf("%s's source is %q: it must name HealthCountsStream, where the breaker's buckets are worked out", name, f.Source)
		}
	}
	b, _ := Lookup("hystrix.buckets")
	if !strings.Contains(b.Says, "numBuckets") {
		t.Errorf("hystrix.buckets says %q: it must tell its 20 from metrics.rollingStats.numBuckets", b.Says)
	}
}
