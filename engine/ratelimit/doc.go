// Package ratelimit owns two rate limiters as plain state machines: a token
// bucket (Bucket) and Resilience4j's refresh-period limiter (Period). Both
// answer one question, "may this call go now, later, or not at all?", and
// never sleep: Acquire returns how long the caller must wait before it uses
// its permit, and the caller (the engine's event queue, or real code with a
// timer) does the waiting.
//
// A rate limiter protects a provider from one caller: it caps how often the
// caller sends, whatever the provider's health. Compare a bulkhead (package
// bulkhead), which caps how many calls are in flight at once and so protects
// the caller's own workers from one slow dependency, and load shedding
// (package shed), which a server applies to everyone who calls it to protect
// itself.
//
// Like package breaker, every method that depends on time takes `now`, a
// reading of a monotonic clock as a time.Duration since an origin the caller
// picks (virtual time in the simulation, time.Since(start) in real code). A
// reading earlier than the last one is treated as the last one. The
// arithmetic is in integers, so a seeded simulation gives the same answer on
// every machine, and nothing allocates after New. The limiters are not safe
// for concurrent use; Locked wraps one with a mutex for real code.
//
// It imports only the standard library.
package ratelimit
