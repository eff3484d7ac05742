// Package facts is the one home of the library defaults and rules that
// breakerlab's texts quote: every lesson, drill card, cheat-sheet line,
// interview rubric and challenge brief that states a library's number
// writes {{fact NAME}} and gets it from here. A fact that the engine models
// (a breaker preset, the AWS retry quota, Resilience4j's rate limiter) is
// read from the engine's own value, so the text and the simulation cannot
// disagree; a fact the engine does not model (Envoy's caps, Resilience4j's
// bulkhead, TimeLimiter and Retry defaults) is stated here once, with the
// file of the library it comes from.
//
// Scenario figures (shares, counts, Little's law on a built-in scenario)
// are not facts: they are the lessons package's metrics, computed by
// running the engine.
//
// It may import the standard library and engine's sub-packages; it must
// not import lessons, tui or cmd.
package facts

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/ratelimit"
	"github.com/breakerlab/breakerlab/engine/retry"
	"github.com/breakerlab/breakerlab/internal/spell"
)

// Kind is what a fact measures, which decides how a text prints it.
type Kind uint8

const (
	// Count is a whole number of things: tokens, calls, connections.
	Count Kind = iota + 1
	// Share is a fraction in [0, 1], printed as a percentage.
	Share
	// Duration is a span of time.
	Duration
	// Number is any other number.
	Number
)

// Fact is one library default or rule, with where it comes from.
type Fact struct {
	// Name is how a text quotes it: {{fact aws.retry.capacity}}.
	Name string
	Kind Kind
	// Value is the number: seconds for a Duration.
	Value float64
	// Says is the fact in a few words, for `breakerlab facts` and for an
	// error that lists the facts.
	Says string
	// Source is the file (or document) of the library the value is read
	// from. For a fact the engine models, the engine's own comment cites
	// the same file and a test pins it.
	Source string
	// Version is the library and version Source was read at ("Envoy
	// 1.36", "Go 1.26"), for a text that quotes the default: a default
	// memorised without its version is carried over to a version that
	// changed it. Empty for the references' starting points (guide.*),
	// which are no library's.
	Version string
}

// Dur is the fact's value as a time.Duration (Duration facts).
func (f Fact) Dur() time.Duration { return time.Duration(f.Value * float64(time.Second)) }

func count(n int) float64 { return float64(n) }

func secs(d time.Duration) float64 { return d.Seconds() }

// all builds the table. It is a function, not a variable, so that a fact
// read from the engine is read from the engine's current code.
func all() []Fact {
	aws := retry.NewAWSTokenBucket()
	envoyBudget := retry.NewEnvoyBudget()
	rl := ratelimit.Resilience4jDefaults
	r4j := breaker.Resilience4j()
	hystrix := breaker.Hystrix()
	const (
		// The AWS quota's numbers: aws-sdk-go-v2 up to v1.47.8,
		// aws/retry/standard.go (DefaultRetryRateTokens 500,
		// DefaultRetryCost 5, DefaultRetryTimeoutCost 10), with the bucket
		// of aws/ratelimit/token_rate_limit.go. v1.48.0 (2026-11-10) made
		// "Retry Behavior 2.1" the default: a retry costs 14 (the
		// unexported defaultRetryCost), 5 after a throttling error
		// (DefaultThrottlingRetryCost), and timeouts cost no more; the
		// engine and these facts keep the earlier numbers.
		awsSrc = "aws-sdk-go-v2 up to v1.47.8 (v1.48.0 charges 14 a retry, 5 after throttling): aws/retry/standard.go and aws/ratelimit/token_rate_limit.go (engine/retry.NewAWSTokenBucket)"
		// The quota since the 2026 update, which no engine code models:
		// aws-sdk-go-v2 v1.48.0, aws/retry/standard.go (the unexported
		// defaultRetryCost 14, DefaultThrottlingRetryCost 5, the capacity
		// still DefaultRetryRateTokens 500). The same change came to every
		// AWS SDK, first behind AWS_NEW_RETRIES_2026 and by default from
		// November 2026: PR aws/aws-sdk-go-v2#3400 ("Non-throttling retry
		// cost increases from 5 to 14 tokens", throttling errors 5,
		// "Timeouts are no longer treated differently from other transient
		// errors") and the announcement issue aws/aws-sdk-go-v2#3416
		// (likewise aws-sdk-java-v2#6987, aws-sdk-js-v3#8037).
		aws2026Src = "aws-sdk-go-v2 v1.48.0 aws/retry/standard.go (defaultRetryCost, DefaultThrottlingRetryCost); PR aws/aws-sdk-go-v2#3400 and issue #3416, the 2026 update of every AWS SDK"
		// Who earns NoRetryIncrement (1 token). aws-sdk-js-v3
		// packages/middleware-retry/src/defaultRetryQuota.ts,
		// releaseRetryTokens: a success hands back the retry's cost, or
		// NO_RETRY_INCREMENT when it took no retry token, that is at its
		// first try; capped at the initial tokens. aws-sdk-go-v2 v1.48.0,
		// aws/retry/standard.go, Standard.GetAttemptToken: the increment's
		// release token for the first attempt only (nopRelease once the
		// retry metadata's AttemptNum > 1). Up to v1.47.8 the same
		// function returned GetInitialToken() for every attempt, and
		// aws/retry/middleware.go's Attempt.handleAttempt asks for one on
		// each attempt and releases it on success: there a successful retry
		// earned its cost back plus 1. engine/retry.TokenBucket.OnSuccess
		// follows the first-try rule.
		awsRefillSrc = "aws-sdk-js-v3 packages/middleware-retry/src/defaultRetryQuota.ts, releaseRetryTokens; aws-sdk-go-v2 v1.48.0 aws/retry/standard.go, Standard.GetAttemptToken (up to v1.47.8 Go v2 added it after every successful attempt, retries included) (engine/retry.TokenBucket.OnSuccess)"
		envoySrc     = "envoy api/envoy/config/cluster/v3/circuit_breaker.proto, Thresholds"
		r4jBH        = "resilience4j-bulkhead BulkheadConfig.java"
		r4jTPBH      = "resilience4j-bulkhead ThreadPoolBulkheadConfig.java"
		r4jRL        = "resilience4j-ratelimiter RateLimiterConfig.java (engine/ratelimit.Resilience4jDefaults)"
		r4jTL        = "resilience4j-timelimiter TimeLimiterConfig.java"
		r4jRetry     = "resilience4j-retry RetryConfig.java"
		finagleSrc   = "finagle finagle-core/src/main/scala/com/twitter/finagle/service/RetryBudget.scala, RetryBudget.apply()"
		// Hystrix 1.5's breaker judges HealthCountsStream, whose
		// getInstance cuts the rolling window into buckets one health
		// snapshot wide (numHealthCountBuckets = the window's span ÷ the
		// snapshot interval). HystrixCommandProperties' own bucket count,
		// metrics.rollingStats.numBuckets, defaults to 10 and buckets only
		// the dashboard's rolling counts: a reader who checked the 20 in
		// HystrixCommandProperties alone would find 10 there.
		hystrixSr = "Hystrix HystrixCommandProperties.java (metrics.rollingStats.timeInMilliseconds, metrics.healthSnapshot.intervalInMilliseconds) and metric/consumer/HealthCountsStream.java, getInstance (buckets = window ÷ snapshot interval) (engine/breaker.Hystrix)"
		envoyOD   = "envoy api/envoy/config/cluster/v3/outlier_detection.proto, OutlierDetection"
		// opossum
		opossumSrc = "opossum 9.0.0 lib/circuit.js (CircuitBreaker constructor and fail) and lib/status.js (engine/breaker.Opossum)"
		// Go's standard library (go1.26): net/http/transport.go's
		// Transport.MaxConnsPerHost ("Zero means no limit"), client.go's
		// Client.Timeout ("A Timeout of zero means no timeout"; the
		// DefaultClient sets none), database/sql/sql.go's SetMaxOpenConns
		// ("The default is 0 (unlimited)"). facts_test.go reads each from
		// the library itself.
		goTransport = "Go net/http transport.go, Transport.MaxConnsPerHost"
		// DefaultMaxIdleConnsPerHost, which maxIdleConnsPerHost returns
		// for a MaxIdleConnsPerHost of 0; tryPutIdleConn closes a
		// connection past it (engine.Pool.IdlePerHost).
		goIdle   = "Go net/http transport.go, DefaultMaxIdleConnsPerHost and Transport.tryPutIdleConn"
		goClient = "Go net/http client.go, Client.Timeout (http.DefaultClient)"
		goSQL    = "Go database/sql sql.go, DB.SetMaxOpenConns"
		// defaultMaxIdleConns, which maxIdleConnsLocked returns for a
		// SetMaxIdleConns never called; putConnDBLocked closes a returned
		// connection past it when no query waits (engine.Pool.IdlePerHost
		// of go-server's database pool).
		goSQLIdle = "Go database/sql sql.go, defaultMaxIdleConns and DB.putConnDBLocked"
		// aiohttp 3.x: connector.py's BaseConnector.__init__ (limit: int
		// = 100, limit_per_host: int = 0; 0 is no limit) and client.py's
		// DEFAULT_TIMEOUT = ClientTimeout(total=5 * 60, sock_connect=30).
		aiohttpConn    = "aiohttp aiohttp/connector.py, BaseConnector.__init__ (TCPConnector)"
		aiohttpTimeout = "aiohttp aiohttp/client.py, DEFAULT_TIMEOUT (ClientTimeout)"
	)
	// The references' starting points, cited by title: a reader does not
	// have the project's seeds/ folder its ID names.
	guideSrc := Cite("seeds/002, its sections Resource boundaries and Frequently asked questions (starting points, not a library's defaults)")
	// The rows leave out Version: versionOf gives it by the fact's name,
	// one line a library rather than one a fact.
	type row struct {
		name   string
		kind   Kind
		value  float64
		says   string
		source string
	}
	rows := []row{
		// The AWS SDKs' retry quota, "standard" mode as it was before the
		// 2026 update: the bucket the engine runs.
		{"aws.retry.capacity", Count, count(aws.Capacity), "tokens in the AWS retry quota when full: it starts full and never holds more (the same since the 2026 update)", awsSrc},
		{"aws.retry.cost", Count, count(aws.RetryCost), fmt.Sprintf("tokens a retry takes from aws-sdk-go-v2's quota in standard mode before the 2026 update (v1.48.0), the engine's bucket; aws-sdk-js-v3 charges %d after a transient error", awsJSTransientCost), awsSrc},
		{"aws.retry.timeout_cost", Count, count(aws.TimeoutCost), "tokens a retry after a timeout takes from aws-sdk-go-v2's quota in standard mode before the 2026 update (v1.48.0), the engine's bucket", awsSrc},
		// aws-sdk-js-v3 prices a retry by the error's class, not by whether
		// it was a timeout: every transient error pays what Go charged for a
		// timeout, so "a retry pays 5" is Go's price, not the SDKs'.
		{"aws.retry.js.transient_cost", Count, awsJSTransientCost, fmt.Sprintf("tokens a retry after a transient error (a timeout, a 500, 502, 503 or 504, a dropped connection) takes from aws-sdk-js-v3's quota in standard mode before the 2026 update; a retry after throttling takes %d", aws.RetryCost), awsJSSrc},
		{"aws.retry.success_refill", Count, count(aws.NoRetryIncrement), "tokens a request that succeeds at its first try adds to the AWS quota (a retry that succeeds gets its cost back instead)", awsRefillSrc},
		{"aws.retry.outage_retries", Count, count(aws.Capacity / aws.RetryCost), "retries a full AWS quota pays for when none succeeds, before the 2026 update: capacity ÷ cost", awsSrc},
		{"aws.retry.outage_timeout_retries", Count, count(aws.Capacity / aws.TimeoutCost), "retries after timeouts a full AWS quota pays for, before the 2026 update: capacity ÷ timeout cost", awsSrc},
		// The same quota since the 2026 update: a transient retry costs
		// more, a throttled one less, and a timeout no more than any other
		// transient error. The engine does not model it.
		{"aws.retry.v2026.cost", Count, aws2026RetryCost, "tokens a transient (non-throttling) retry takes from the AWS quota since the 2026 update (aws-sdk-go-v2 v1.48.0); a timeout costs the same", aws2026Src},
		{"aws.retry.v2026.throttle_cost", Count, aws2026ThrottleCost, "tokens a retry after a throttling error takes from the AWS quota since the 2026 update (aws-sdk-go-v2 v1.48.0)", aws2026Src},
		{"aws.retry.v2026.outage_retries", Count, math.Floor(count(aws.Capacity) / aws2026RetryCost), "transient retries a full AWS quota pays for when none succeeds, since the 2026 update: capacity ÷ cost, rounded down", aws2026Src},

		// Envoy.
		{"envoy.retry_budget.share", Share, envoyBudget.Share, "Envoy's retry budget: retries in flight as a share of active requests", "envoy api/envoy/config/cluster/v3/circuit_breaker.proto, RetryBudget.budget_percent"},
		{"envoy.retry_budget.min", Count, count(envoyBudget.MinRetries), "Envoy's retry budget: concurrent retries always allowed", "envoy api/envoy/config/cluster/v3/circuit_breaker.proto, RetryBudget.min_retry_concurrency"},
		{"envoy.max_connections", Count, 1024, "Envoy's default cap on connections to one upstream cluster", envoySrc},
		{"envoy.max_pending_requests", Count, 1024, "Envoy's default cap on requests waiting for a connection", envoySrc},
		{"envoy.max_requests", Count, 1024, "Envoy's default cap on requests in flight to one cluster", envoySrc},
		{"envoy.max_retries", Count, 3, "Envoy's default cap on retries in flight to one cluster", envoySrc},

		// Resilience4j's bulkheads.
		{"r4j.bulkhead.max_concurrent", Count, 25, "Resilience4j's semaphore bulkhead: calls at once (maxConcurrentCalls)", r4jBH},
		{"r4j.bulkhead.max_wait", Duration, 0, "Resilience4j's semaphore bulkhead: how long a call waits for a permit (maxWaitDuration)", r4jBH},
		{"r4j.thread_bulkhead.queue", Count, 100, "Resilience4j's thread-pool bulkhead: its queue's capacity (queueCapacity)", r4jTPBH},

		// Resilience4j's rate limiter, time limiter and retry.
		{"r4j.ratelimiter.limit", Count, count(rl.LimitForPeriod), "Resilience4j's RateLimiter: permits a period (limitForPeriod)", r4jRL},
		{"r4j.ratelimiter.period", Duration, secs(rl.LimitRefreshPeriod), "Resilience4j's RateLimiter: the period (limitRefreshPeriod)", r4jRL},
		{"r4j.ratelimiter.wait", Duration, secs(rl.TimeoutDuration), "Resilience4j's RateLimiter: how long a caller waits for a permit (timeoutDuration)", r4jRL},
		{"r4j.timelimiter.timeout", Duration, secs(time.Second), "Resilience4j's TimeLimiter: how long a call may take (timeoutDuration)", r4jTL},
		{"r4j.retry.attempts", Count, 3, "Resilience4j's Retry: attempts, the first included (maxAttempts)", r4jRetry},
		{"r4j.retry.wait", Duration, secs(500 * time.Millisecond), "Resilience4j's Retry: the wait between attempts (waitDuration)", r4jRetry},

		// Finagle's RetryBudget.apply() defaults: a deposit per request,
		// a floor of retries a second, deposits that expire.
		{"finagle.retry_budget.share", Share, 0.2, "Finagle's RetryBudget: the share of requests that may be retried (percentCanRetry)", finagleSrc},
		{"finagle.retry_budget.min_per_second", Count, 10, "Finagle's RetryBudget: retries a second always allowed (minRetriesPerSec)", finagleSrc},
		{"finagle.retry_budget.ttl", Duration, 10, "Finagle's RetryBudget: how long a deposit lasts (ttl)", finagleSrc},

		// Breakers: the numbers texts quote most; every setting is also the
		// `preset` metric.
		{"r4j.breaker.trials", Count, count(r4j.HalfOpenTrials), "Resilience4j's half-open trials (permittedNumberOfCallsInHalfOpenState)", "resilience4j-circuitbreaker CircuitBreakerConfig.java (engine/breaker.Resilience4j)"},
		// Hystrix's breaker reads HealthCountsStream, whose buckets are one
		// health snapshot wide: the window's span over its buckets.
		{"hystrix.snapshot", Duration, secs(hystrix.WindowSpan / time.Duration(hystrix.WindowBuckets)), "how often Hystrix recomputes the error share its breaker judges (metrics.healthSnapshot.intervalInMilliseconds)", hystrixSr},
		{"hystrix.buckets", Count, count(hystrix.WindowBuckets), "the buckets of the window Hystrix's breaker judges: the window ÷ the snapshot interval, one snapshot each (not metrics.rollingStats.numBuckets, which buckets only the dashboard's counts)", hystrixSr},

		// cheat sheet: the AWS quota's refund and cap, read from the
		// bucket's behaviour.
		{"aws.retry.success_refund", Count, count(awsRefund(false)), "tokens a retry that succeeds gives back to the AWS quota: its cost", awsSrc},
		{"aws.retry.timeout_refund", Count, count(awsRefund(true)), "tokens a retry after a timeout gives back to the AWS quota when it succeeds: its cost, not the plain retry's", awsSrc},
		{"aws.retry.max_tokens", Count, count(awsMost()), "the most tokens the AWS quota holds: a full quota earns nothing more", awsSrc},
		// drill cards: the references' starting points (not a library's
		// defaults: the numbers seeds/002 tells a team to begin with and
		// tune), and Envoy's outlier detection, which ejects hosts per proxy.
		{"guide.breaker.failure_rate", Share, 0.5, "a breaker's starting failure rate: half the calls of its window", guideSrc},
		{"guide.breaker.window", Count, 20, "a breaker's starting window: the last 20 calls", guideSrc},
		{"guide.breaker.min_calls", Count, 5, "a breaker's starting minimum of calls before it judges a rate", guideSrc},
		{"guide.breaker.consecutive", Count, 5, "a breaker's starting count of consecutive failures, for a quiet path", guideSrc},
		{"guide.breaker.cooldown", Duration, 30, "a breaker's starting cool-down: long enough for a restart or a failover", guideSrc},
		{"guide.breaker.probes", Count, 1, "a breaker's starting number of half-open probes", guideSrc},
		{"guide.bulkhead.wait_min", Duration, 0.1, "the shortest wait for a bulkhead's permit the references suggest", guideSrc},
		{"guide.bulkhead.wait_max", Duration, 0.5, "the longest wait for a bulkhead's permit the references suggest: below the client's own patience", guideSrc},
		{"guide.timeout.p99_multiple", Number, 2, "a per-call timeout's first guess, as a multiple of the dependency's p99", guideSrc},
		{"envoy.outlier.consecutive_5xx", Count, 5, "Envoy's outlier detection: consecutive 5xx answers that eject a host (consecutive_5xx)", envoyOD},
		{"envoy.outlier.interval", Duration, 10, "Envoy's outlier detection: how often it sweeps the hosts (interval)", envoyOD},
		{"envoy.outlier.base_ejection", Duration, 30, "Envoy's outlier detection: how long a first ejection lasts (base_ejection_time, times the ejections so far)", envoyOD},
		{"envoy.outlier.max_ejection", Share, 0.1, "Envoy's outlier detection: the most of a cluster's hosts ejected at once (max_ejection_percent)", envoyOD},
		// The pools and timeouts a service without a thread pool gets by
		// default (lesson 14).
		{"go.http.max_conns_per_host", Count, 0, "Go's http.Transport: connections to one host, dialling, active and idle (MaxConnsPerHost); 0, the default, is no limit", goTransport},
		{"go.http.max_idle_conns_per_host", Count, 2, "Go's http.Transport: idle connections kept to one host once their calls answer (MaxIdleConnsPerHost, 0 meaning DefaultMaxIdleConnsPerHost); one more is closed, and the next call past them dials", goIdle},
		{"go.http.client_timeout", Duration, 0, "Go's http.Client: how long a request may take, its body read included (Timeout); 0, the DefaultClient's, is no timeout", goClient},
		{"go.sql.max_idle_conns", Count, 2, "Go's database/sql: idle connections a DB keeps once their queries return (SetMaxIdleConns, 0 meaning defaultMaxIdleConns); one more is closed, and the next query past them opens a new one", goSQLIdle},
		{"go.sql.max_open_conns", Count, 0, "Go's database/sql: connections open to the database at once (SetMaxOpenConns); 0, the default, is unlimited", goSQL},
		{"aiohttp.connector.limit", Count, 100, "aiohttp's connector: connections open at once, to every host together (limit); 0 is no limit", aiohttpConn},
		{"aiohttp.connector.limit_per_host", Count, 0, "aiohttp's connector: connections open at once to one host (limit_per_host); 0, the default, is no limit", aiohttpConn},
		{"aiohttp.timeout.total", Duration, 300, "aiohttp's ClientSession: how long a whole request may take by default (ClientTimeout total, 5 minutes)", aiohttpTimeout},
		// opossum
		{"opossum.error_threshold", Share, breaker.Opossum().FailureRate, "opossum opens when the errors exceed this share of the calls fired in its rolling window, not when they reach it (errorThresholdPercentage)", opossumSrc},
		{"opossum.volume_threshold", Count, count(breaker.Opossum().MinimumCalls), "calls fired (refused ones too) opossum's window must hold before it judges: by default none, so one failure of one call opens it (volumeThreshold)", opossumSrc},
		{"opossum.reset_timeout", Duration, secs(breaker.Opossum().OpenFor), "how long opossum stays open before its timer lets one trial through (resetTimeout)", opossumSrc},
		{"opossum.timeout", Duration, secs(breaker.Opossum().CallTimeout), "how long opossum lets a call run before it fails it, inside the breaker (timeout)", opossumSrc},
	}
	fs := make([]Fact, len(rows))
	for i, r := range rows {
		fs[i] = Fact{Name: r.name, Kind: r.kind, Value: r.value, Says: r.says, Source: r.source, Version: versionOf(r.name)}
	}
	return fs
}

// The versions the sources were read at. Resilience4j: the v2.4.0 tag's
// BulkheadConfig, ThreadPoolBulkheadConfig, RateLimiterConfig's Builder,
// TimeLimiterConfig and RetryConfig. Envoy: the circuit_breaker.proto and
// outlier_detection.proto of the tree whose VERSION.txt says 1.36.6 (the
// defaults are the v3 API's, unchanged across 1.3x). aiohttp: the v3.14.3
// tag's connector.py and client.py (the main branch is 4.0 alpha). Finagle:
// the RetryBudget.scala of build.sbt's releaseVersion 23.11. Go: the
// module's go line, go1.26, whose standard library facts_test.go reads.
const (
	r4jVersion     = "Resilience4j 2.4.0"
	envoyVersion   = "Envoy 1.36"
	aiohttpVersion = "aiohttp 3.14.3"
	finagleVersion = "Finagle 23.11"
	goVersion      = "Go 1.26"
)

// versionOf is the library and version a fact was read at (Fact.Version).
// A fact the engine's breaker presets model takes the preset's Library,
// the version the cheat sheet's breaker table names, so that a text
// quoting both says one version. The AWS prices name the aws-sdk-go-v2
// release on either side of the 2026 update (aws-sdk-js-v3's own price
// only the update, which changed it likewise).
func versionOf(name string) string {
	preset := func(n string) string {
		for _, p := range breaker.Presets() {
			if p.Name == n {
				return p.Library
			}
		}
		return ""
	}
	switch {
	case strings.HasPrefix(name, "guide."):
		return ""
	case name == "r4j.breaker.trials":
		return preset("resilience4j")
	case strings.HasPrefix(name, "r4j."):
		return r4jVersion
	case strings.HasPrefix(name, "hystrix."):
		return preset("hystrix")
	case strings.HasPrefix(name, "opossum."):
		return preset("opossum")
	case strings.HasPrefix(name, "envoy."):
		return envoyVersion
	case strings.HasPrefix(name, "aiohttp."):
		return aiohttpVersion
	case strings.HasPrefix(name, "finagle."):
		return finagleVersion
	case strings.HasPrefix(name, "go."):
		return goVersion
	case strings.HasPrefix(name, "aws.retry.js."):
		return "aws-sdk-js-v3 before the 2026 update"
	case strings.HasPrefix(name, "aws.retry.v2026."), name == "aws.retry.success_refill":
		return "aws-sdk-go-v2 v1.48.0"
	case strings.HasPrefix(name, "aws."):
		return "aws-sdk-go-v2 v1.47.8"
	}
	return ""
}

// The AWS quota's costs since the 2026 update (aws2026Src), which the
// engine does not model.
const (
	aws2026RetryCost    = 14
	aws2026ThrottleCost = 5
)

// aws-sdk-js-v3's standard mode is @smithy/util-retry's
// StandardRetryStrategy: getCapacityCost charges TIMEOUT_RETRY_COST (10) for
// an error classified TRANSIENT and RETRY_COST (5) for THROTTLING, the only
// two it retries; @smithy/service-error-classification makes timeouts,
// dropped connections and the statuses 500, 502, 503 and 504 transient. The
// engine does not model its prices.
const (
	awsJSTransientCost = 10
	awsJSSrc           = "@smithy/util-retry (aws-sdk-js-v3's standard mode): StandardRetryStrategy.getCapacityCost (TIMEOUT_RETRY_COST for a TRANSIENT error, RETRY_COST for THROTTLING) and constants.ts; @smithy/service-error-classification, TRANSIENT_ERROR_STATUS_CODES and TRANSIENT_ERROR_CODES"
)

// awsRefund pays for a retry from a full AWS quota (after a timeout, if
// timeout), lets it succeed, and says how many tokens came back.
func awsRefund(timeout bool) int {
	b := retry.NewAWSTokenBucket()
	paid, _ := b.TryRetry(timeout)
	before := b.Tokens()
	b.OnSuccess(true, paid)
	return b.Tokens() - before
}

// awsMost is what a full AWS quota holds after one more first-try success.
func awsMost() int {
	b := retry.NewAWSTokenBucket()
	b.OnSuccess(false, 0)
	return b.Tokens()
}

// All returns every fact, sorted by name.
func All() []Fact {
	fs := all()
	sort.Slice(fs, func(i, j int) bool { return fs[i].Name < fs[j].Name })
	return fs
}

// Lookup finds a fact by name; an unknown name's error lists the known ones.
func Lookup(name string) (Fact, error) {
	var names []string
	for _, f := range all() {
		if f.Name == name {
			return f, nil
		}
		names = append(names, f.Name)
	}
	sort.Strings(names)
	if near := spell.Closest(name, names); near != "" {
		return Fact{}, fmt.Errorf("no fact is called %q: did you mean %s? (known: %s)", name, near, strings.Join(names, ", "))
	}
	var prefixed []string // facts r4j: the facts under that name
	for _, n := range names {
		if strings.HasPrefix(n, name+".") {
			prefixed = append(prefixed, n)
		}
	}
	if len(prefixed) > 0 {
		return Fact{}, fmt.Errorf("no fact is called %q; the facts under it are: %s", name, strings.Join(prefixed, ", "))
	}
	return Fact{}, fmt.Errorf("no fact is called %q (known: %s)", name, strings.Join(names, ", "))
}
