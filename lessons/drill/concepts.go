package drill

import (
	"fmt"

	"github.com/breakerlab/breakerlab/engine/breaker"
)

// conceptCards define a term or set two tools side by side. Each cites the
// references it draws its facts from.
func conceptCards() []Card {
	r4j := breaker.Resilience4j()
	return []Card{
		openCard("concept-breaker-vs-retry-budget", "retry", "concept; seeds/000 (Builders' Library), seeds/002",
			"Contrast a circuit breaker with a retry budget.",
			"Which one would the Amazon Builders' Library pick? (The token bucket: it finds breakers add "+
				"modes that are hard to test and can slow recovery.)",
			"A breaker stops every call to a dependency for a while once enough of them fail.",
			"A retry budget lets first attempts through and caps only the extra ones: a token bucket pays "+
				"for retries and successes refill it.",
			"The budget keeps retries from multiplying load but still sends each first attempt; the breaker "+
				"also spares the first attempts and frees the caller's threads.",
			"Many systems use both: the budget on the retries, the breaker around the attempts."),

		openCard("concept-timeout-vs-deadline", "timeout", "concept; seeds/001, seeds/002",
			"What is the difference between a timeout and a deadline?",
			"What timeout would you pick? (About p99 × 2 of the dependency, but never more than the "+
				"deadline that remains.)",
			"A timeout bounds one attempt: how long this call may wait.",
			"A deadline bounds the whole request, retries and backoff included, and travels down the chain.",
			"Each attempt's timeout must fit in what remains of the deadline, or the caller waits for an "+
				"answer nobody upstream still wants."),

		openCard("concept-timeout-vs-breaker", "breaker", "concept; seeds/002, seeds/003",
			"Why is a timeout not enough, and why is a breaker not enough without one?",
			"What did the reference measure with a timeout alone? (The provider still had 63 calls in "+
				"flight at 20 a second and 112 at 40: abandoned work it kept doing.)",
			"A timeout bounds one call, but every call still pays the full timeout while the dependency is down.",
			"A breaker notices the pattern and stops paying it: open calls cost microseconds.",
			"Without a timeout, hanging calls never finish, so the breaker never records them and the "+
				"workers are gone before it can open. Timeouts come first."),

		openCard("concept-semaphore-vs-thread-pool", "bulkhead", "concept; seeds/003, seeds/000",
			"Semaphore bulkhead or thread-pool bulkhead: what is the difference and when do you use each?",
			fmt.Sprintf("What are Resilience4j's defaults? (Semaphore: %s; thread pool: %s.)",
				BulkheadDefaults[0].Value, BulkheadDefaults[1].Value),
			"A semaphore counts calls in flight and refuses one over the cap; the caller's own thread makes the call.",
			"A thread pool hands the call to its own small pool with a bounded queue in front.",
			"The semaphore is cheap and fine for non-blocking calls with timeouts; the thread pool costs "+
				"threads but lets the caller give up on a client library that blocks and ignores cancellation."),

		openCard("concept-count-vs-time-window", "breaker", "concept; seeds/002, seeds/004",
			"Count window or time window for a breaker: what is the difference?",
			"What breaks a time window on a quiet path? (Too few calls in it: keep a minimum number of calls.)",
			"A count window judges the last N calls, however old they are.",
			"A time window judges the calls of the last N seconds, kept in buckets that leave whole.",
			"A count window reacts at the speed of the traffic; a time window forgets old results on its own."),

		openCard("concept-what-counts-as-failure", "breaker", "concept; seeds/002, seeds/003",
			"Which errors should a breaker count as failures?",
			"What do you see when the predicate is wrong? (A breaker that opens while the dependency's own "+
				"metrics are green, or one that never opens while users see errors.)",
			"Timeouts, connection errors and 5xx answers: the dependency is unhealthy.",
			"Not 4xx such as 400 or 404: the request was wrong, and counting them opens the breaker on "+
				"healthy traffic.",
			"Slow answers count too, with a slow-call threshold from the dependency's SLO."),

		openCard("concept-slow-calls", "breaker", "concept; seeds/001",
			"A provider still answers 200 OK, but after 10 s. Why can a breaker miss it, and what fixes it?",
			fmt.Sprintf("What is Resilience4j's default slow-call threshold? (%s, so set it yourself.)", breaker.Words(r4j.SlowCallDuration)),
			"A breaker that counts only exceptions sees successes and never opens.",
			"Meanwhile every call holds a worker for 10 s.",
			"Turn on the slow-call rule: a call slower than a duration from the SLO counts as slow, and a "+
				"slow-call rate opens the breaker."),

		openCard("concept-minimum-calls", "breaker", "concept; seeds/001, seeds/003",
			"What is a breaker's minimum number of calls for, and what does it cost?",
			"How long does a fresh breaker with a minimum of N calls take to open at r calls a second? "+
				"(At least N / r: the drill's generated problems practise it.)",
			"It stops a rate from being judged on a handful of calls: one error in two calls is not 50 %.",
			"The price: on a quiet path the breaker cannot open until that many calls have come.",
			"Match it to real traffic."),

		openCard("concept-half-open-probes", "breaker", "concept; seeds/002, seeds/003",
			"How many calls should half-open let through, and why not all of them?",
			"What if every instance half-opens on the same schedule? (They probe together, a thundering "+
				"herd: add jitter to the cool-down.)",
			fmt.Sprintf("Few: one probe (gobreaker, Polly, Hystrix) or a handful (Resilience4j allows %d).", r4j.HalfOpenTrials),
			"Letting all the waiting traffic through at once can knock a recovering service straight over again.",
			"One failed probe reopens the breaker and restarts the cool-down."),

		openCard("concept-fallbacks", "fallback", "concept; seeds/001 (Fowler), seeds/003, seeds/000",
			"What can a caller return while a breaker is open?",
			"When is a fallback worse than the failure? (When it loads something else that cannot take it, "+
				"as when every web server fell back to the database at once, or when it is never tested.)",
			"A fast, honest error: 503 with Retry-After set to the open time left.",
			"Stale data from a cache, with its age stated, or a default (best-sellers).",
			"Process later: keep the work queued and do it when the dependency is back, with an idempotency key.",
			"The fallback must not depend on the broken thing, and must be exercised regularly."),

		openCard("concept-shuffle-vs-plain", "shuffle", "concept; seeds/000",
			"Plain sharding or shuffle sharding: what changes for the other customers when one customer's "+
				"requests crash every worker they reach?",
			"What must clients do for it to work? (Retry on the other workers of their shard.)",
			"Plain: 8 workers in 4 fixed shards of 2; the bad customer takes its shard down, and a quarter "+
				"of all customers with it.",
			"Shuffle: every customer gets its own pair of the 8, one of 28 pairs, so about 1 customer in 28 "+
				"shares both workers: 7 times better.",
			"Many customers lose one worker and carry on with the other.",
			"Bigger fleets: sharing some workers becomes common, sharing all becomes vanishingly rare."),

		openCard("concept-cascading-failure", "cascade", "concept; seeds/003, seeds/000",
			"What is a cascading failure, and what does it spread through?",
			"Why is the CPU idle while the pool is exhausted? (The threads are waiting, not working: what "+
				"runs out is a bounded resource they hold.)",
			"One slow dependency holds the caller's threads, connections or permits while it waits.",
			"The caller runs out of them and fails even requests that never touch the dependency.",
			"Its own callers then fail the same way: the failure climbs the call graph.",
			"It spreads through shared, bounded resources held by slow calls: bound them."),

		openCard("concept-shares-must-fit", "bulkhead", "concept; seeds/002",
			"Four dependencies get bulkheads of 40 connections each from a pool of 100. What is wrong?",
			"What else do bulkheads cost? (Reserved capacity sits idle while its dependency is quiet.)",
			"Together the shares allow 160 connections, more than the pool holds.",
			"Slow dependencies can still drain the shared pool before any of them reaches its own cap.",
			"Budget the shares against the resource they draw on."),

		openCard("concept-bounded-queue", "bulkhead", "concept; seeds/003, seeds/002",
			"Why must a bulkhead's queue be bounded, and how long may a caller wait in it?",
			"What wait would you allow? (100 to 500 ms: below the client's patience, above the normal "+
				"time to get a slot.)",
			"An unbounded queue is not a bulkhead: it grows until memory runs out.",
			"Bound it, and refuse (then fall back) when it is full.",
			"Keep the wait short, so a caller is refused before its own client has given up."),

		openCard("concept-envoy-caps", "bulkhead", "concept; seeds/000 (Envoy)",
			"What does Envoy call a circuit breaker, and what happens to a request over its limit?",
			"What principle is behind it? (Fail quickly and push back early rather than wait.)",
			"Caps per upstream cluster on connections, pending requests, requests and retries: "+
				BulkheadDefaults[2].Value+" by default.",
			"A request over a cap fails at once, marked with an x-envoy-overloaded header.",
			"They are bulkheads in a proxy, not breakers that watch failure rates."),

		openCard("concept-flapping", "operations", "concept; seeds/002",
			"A breaker opens and closes every few seconds. What does it mean, and what do you change?",
			"And a breaker that never opens while errors are high? (The failure predicate is wrong, or an "+
				"inner retry swallows the failures.)",
			"Flapping: the threshold is too tight or the cool-down too short.",
			"It adds latency variance instead of removing it.",
			"Widen the window, require a minimum number of calls, lengthen the cool-down."),

		openCard("concept-one-breaker-per-dependency", "breaker", "concept; seeds/001, seeds/000",
			"Why not one breaker for every outbound call?",
			"And for a store with many shards? (One breaker per shard: one shard failing must not block the healthy ones.)",
			"A breaker measures the health of one thing that fails on its own.",
			"Shared, the email provider's failures would open it and block checkout's payments.",
			"Name each breaker after its dependency (or endpoint of it)."),

		openCard("concept-timeout-load", "timeout", "concept; seeds/001",
			"Does a timeout reduce the load on a slow provider?",
			"What does? (Only the breaker, which stops sending: 19 calls in flight at most in the protected run.)",
			"No: it cancels only the caller's side.",
			"The provider goes on working on the abandoned calls, so its calls in flight keep growing.",
			"The caller gets its worker back; the provider gets no relief."),

		openCard("concept-breaker-cost", "breaker", "concept; seeds/000, seeds/001",
			"What does a circuit breaker cost you?",
			"How would you shorten the late recovery? (A shorter cool-down, or probes that ramp traffic back.)",
			"It fails calls that might have succeeded.",
			"It adds modes that run only during failures and are hard to test.",
			"It can delay recovery: the dependency is back, but callers fail until the next probe.",
			"Wrong parameters make it open on low traffic, or never."),
	}
}
