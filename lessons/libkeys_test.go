package lessons

import (
	"regexp"
	"sort"
	"strings"
	"testing"
)

// libraryKeys are the configuration names of real libraries that the
// built-in lessons may quote in a code span, each with the source file that
// defines it. A lesson that names a setting beside the simulator's own knob
// (`slidingWindowSize` beside `breaker.window`) must spell it as the library
// does, or a learner who copies it gets a startup error or, worse, a setting
// silently ignored by a properties file.
//
// Resilience4j names were read from resilience4j/resilience4j at commit
// af9e7c979f17804f23cc1b76dd7cf268fb58b5c7: each is a method of the
// config's Builder (and the same name in Spring Boot's properties).
var libraryKeys = map[string]string{
	// resilience4j-circuitbreaker/src/main/java/io/github/resilience4j/circuitbreaker/CircuitBreakerConfig.java
	"failureRateThreshold":                  r4jCircuitBreaker,
	"slidingWindowType":                     r4jCircuitBreaker,
	"slidingWindowSize":                     r4jCircuitBreaker,
	"minimumNumberOfCalls":                  r4jCircuitBreaker,
	"waitDurationInOpenState":               r4jCircuitBreaker,
	"waitIntervalFunctionInOpenState":       r4jCircuitBreaker,
	"permittedNumberOfCallsInHalfOpenState": r4jCircuitBreaker,
	"slowCallDurationThreshold":             r4jCircuitBreaker,
	"slowCallRateThreshold":                 r4jCircuitBreaker,
	"ignoreExceptions":                      r4jCircuitBreaker + " and " + r4jRetry,
	// resilience4j-bulkhead/src/main/java/io/github/resilience4j/bulkhead/BulkheadConfig.java
	"maxConcurrentCalls": r4jBulkhead,
	"maxWaitDuration":    r4jBulkhead,
	// resilience4j-bulkhead/src/main/java/io/github/resilience4j/bulkhead/ThreadPoolBulkheadConfig.java
	"maxThreadPoolSize":  r4jThreadPoolBulkhead,
	"coreThreadPoolSize": r4jThreadPoolBulkhead,
	"queueCapacity":      r4jThreadPoolBulkhead,
	// resilience4j-retry/src/main/java/io/github/resilience4j/retry/RetryConfig.java
	"maxAttempts":      r4jRetry,
	"waitDuration":     r4jRetry,
	"intervalFunction": r4jRetry,
	// resilience4j-timelimiter/src/main/java/io/github/resilience4j/timelimiter/TimeLimiterConfig.java
	// and, with another meaning (the wait for a permit), RateLimiterConfig.java
	"timeoutDuration":     r4jTimeLimiter + " and " + r4jRateLimiter,
	"cancelRunningFuture": r4jTimeLimiter,
	// resilience4j-ratelimiter/src/main/java/io/github/resilience4j/ratelimiter/RateLimiterConfig.java
	"limitForPeriod":     r4jRateLimiter,
	"limitRefreshPeriod": r4jRateLimiter,
	// grpc/grpc-go service_config.go: retryThrottlingPolicy's TokenRatio,
	// "tokenRatio" in the service config's JSON.
	"tokenRatio": "grpc/grpc-go service_config.go",
}

const (
	r4jCircuitBreaker     = "resilience4j-circuitbreaker/src/main/java/io/github/resilience4j/circuitbreaker/CircuitBreakerConfig.java"
	r4jBulkhead           = "resilience4j-bulkhead/src/main/java/io/github/resilience4j/bulkhead/BulkheadConfig.java"
	r4jThreadPoolBulkhead = "resilience4j-bulkhead/src/main/java/io/github/resilience4j/bulkhead/ThreadPoolBulkheadConfig.java"
	r4jRetry              = "resilience4j-retry/src/main/java/io/github/resilience4j/retry/RetryConfig.java"
	r4jTimeLimiter        = "resilience4j-timelimiter/src/main/java/io/github/resilience4j/timelimiter/TimeLimiterConfig.java"
	r4jRateLimiter        = "resilience4j-ratelimiter/src/main/java/io/github/resilience4j/ratelimiter/RateLimiterConfig.java"
)

// configKeySpan matches a code span holding one lowerCamelCase word, the
// shape of a library's configuration key (`failureRateThreshold`); the
// simulator's own knobs are dotted or snake_case and never match.
var configKeySpan = regexp.MustCompile("`([a-z][a-z0-9]*[A-Z][A-Za-z0-9]*)`")

// unknownConfigKeys lists the lowerCamelCase code spans in text that are
// not in libraryKeys, and records the known ones in used.
func unknownConfigKeys(text string, used map[string]bool) []string {
	var bad []string
	for _, m := range configKeySpan.FindAllStringSubmatch(text, -1) {
		if _, ok := libraryKeys[m[1]]; ok {
			used[m[1]] = true
			continue
		}
		bad = append(bad, m[1])
	}
	return bad
}

// Every library setting a lesson names is spelled as the library's source
// spells it, and every name on the list is still used by some lesson (so
// the list is the lessons' list, not a wish list).
func TestLessonsNameRealLibraryKeys(t *testing.T) {
	files, err := builtinFiles()
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	for _, f := range files {
		data, err := content.ReadFile("content/" + f.name)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range unknownConfigKeys(string(data), used) {
			t.Errorf("%s names `%s`, which is not a configuration key on the list in libkeys_test.go; "+
				"check its spelling against the library's source and add it there with the file that defines it", f.name, k)
		}
	}
	var unused []string
	for k := range libraryKeys {
		if !used[k] {
			unused = append(unused, k)
		}
	}
	sort.Strings(unused)
	if len(unused) > 0 {
		t.Errorf("no lesson names %s: drop them from libraryKeys or teach them", strings.Join(unused, ", "))
	}
}

// The lessons name each Resilience4j setting the course teaches beside the
// simulator's own knob: breaker, bulkhead, retry, time limiter and rate
// limiter.
func TestLessonsNameResilience4jSettings(t *testing.T) {
	want := []string{
		"failureRateThreshold", "slidingWindowType", "slidingWindowSize", "minimumNumberOfCalls",
		"waitDurationInOpenState", "permittedNumberOfCallsInHalfOpenState", "slowCallDurationThreshold",
		"slowCallRateThreshold", "maxConcurrentCalls", "maxWaitDuration", "maxAttempts", "waitDuration",
		"timeoutDuration", "limitForPeriod", "limitRefreshPeriod",
	}
	files, err := builtinFiles()
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	for _, f := range files {
		data, err := content.ReadFile("content/" + f.name)
		if err != nil {
			t.Fatal(err)
		}
		unknownConfigKeys(string(data), used)
	}
	for _, k := range want {
		if _, ok := libraryKeys[k]; !ok {
			t.Errorf("%s is not on the checked list", k)
		}
		if !used[k] {
			t.Errorf("no lesson names Resilience4j's `%s`", k)
		}
	}
}

// The check itself catches a misspelt key and lets the simulator's knobs
// and the listed keys through.
func TestUnknownConfigKeysCatchesSlips(t *testing.T) {
	used := map[string]bool{}
	text := "`waitDurationOpenState` (`breaker.open`), `failureRateThreshold`, `bulkhead_wait`, `COUNT_BASED`, `maxConcurentCalls`"
	bad := unknownConfigKeys(text, used)
	if strings.Join(bad, ",") != "waitDurationOpenState,maxConcurentCalls" {
		t.Errorf("unknown keys %q, want the two misspelt ones", bad)
	}
	if !used["failureRateThreshold"] || len(used) != 1 {
		t.Errorf("used %v, want only failureRateThreshold", used)
	}
}
