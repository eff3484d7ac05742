package drill

import (
	"fmt"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/retry"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// The reference documents (the project's seeds/ folder) and the questions
// they ask. Their facts and numbers carry over; every question and model
// answer below is written in this project's own words.

// checkout holds the checkout incident's numbers, read from the built-in
// scenario: the rate, the timeout, the pool, the provider's p99, and the
// workers a slow provider holds (rate × timeout).
type checkout struct {
	rate         float64
	timeout, p99 time.Duration
	workers      int
	held         float64
}

func checkoutNumbers() checkout {
	v := scenarios.Checkout().Variants[1].System // timeout 500 ms, 20 a second
	var c checkout
	c.workers = v.Workers
	for _, e := range v.Endpoints {
		if e.Calls != "" {
			d := dependencyOf(v, e.Calls)
			c.rate, c.timeout, c.p99 = e.Rate, d.Policy.Timeout, d.Latency.P99
		}
	}
	c.held = c.rate * c.timeout.Seconds()
	return c
}

// seconds writes a duration in seconds, as the references' arithmetic
// does: 0.5 s.
func seconds(d time.Duration) string { return trim(d.Seconds()) + " s" }

// Reference is one of the documents the project was started from.
type Reference struct {
	// ID is how a card's source names it: "seeds/001".
	ID    string
	Title string
}

// References lists the five documents, in the order of their file names.
var References = []Reference{
	{"seeds/000", "Circuit breakers, bulkheads and shuffle sharding"},
	{"seeds/001", "Circuit breaker and bulkhead: a slow provider must not take down the whole API"},
	{"seeds/002", "Circuit breakers and bulkheads in asyncio"},
	{"seeds/003", "Circuit breaker and bulkhead patterns"},
	{"seeds/004", "Circuit breakers: failing fast when a dependency is sick"},
}

// openCard builds an open card: points in order, then the follow-up.
func openCard(id, topic, source, question, followUp string, points ...string) Card {
	return Card{ID: id, Topic: topic, Kind: Open, Question: question, Points: points, FollowUp: followUp, Source: source}
}

// referenceCards are the self-check, interview and FAQ questions the
// references ask, and the interview problems they name, each with a model
// answer. Their sources say where in which document the question is.
func referenceCards() []Card {
	r4j, polly, gob, hystrix := breaker.Resilience4j(), breaker.Polly(), breaker.Gobreaker(), breaker.Hystrix()
	aws, envoy := retry.NewAWSTokenBucket(), retry.NewEnvoyBudget()
	co := checkoutNumbers()
	return []Card{
		openCard("ref-000-interview-states", "breaker", "seeds/000, interview questions (warm-up)",
			"Name the three states of a circuit breaker. Why is there a half-open state at all?",
			fmt.Sprintf("How many trial calls would you allow, and what closes the breaker? (One to a handful; "+
				"Resilience4j allows %d and judges them together; gobreaker allows %d, Polly %d and Hystrix %d, "+
				"and there the first failed trial reopens.)", r4j.HalfOpenTrials, gob.HalfOpenTrials, polly.HalfOpenTrials, hystrix.HalfOpenTrials),
			"Closed: calls go through and the breaker counts how many of the recent ones failed.",
			"Open: once failures pass the threshold, calls are refused at once, with an error or a fallback; "+
				"callers stop waiting and the dependency gets its load taken away.",
			"Half-open: when the open timer runs out, a few trial calls go through; success closes the "+
				"breaker, a failure opens it again and restarts the timer.",
			"Half-open exists because a service that has just come back may handle a trickle of calls "+
				"but not the whole load at once: the breaker tests it gently before sending everything."),

		openCard("ref-001-self-check-1", "timeout", "seeds/001, self-check 1",
			"With no timeout, why does /health keep timing out after the payment provider has recovered?",
			"What would you add first? (A timeout from the provider's p99, 500 ms here, so a worker "+
				"is held for half a second at most; then a bulkhead.)",
			"Every checkout that started while the provider was slow waits its full 10 s, holding a worker.",
			"All 16 workers are still held by those old calls when the provider recovers at 3.5 s.",
			"Health probes wait in the queue behind them until the old calls finish, and give up first.",
			"The provider's recovery is not the caller's recovery: without a timeout, the caller pays "+
				"for every slow call it started."),

		openCard("ref-001-self-check-2", "bulkhead", "seeds/001, self-check 2",
			"Checkouts arrive 20 times a second, the timeout is 500 ms and the pool has 16 workers. "+
				"Do you need a bulkhead? And at 40 a second?",
			"What does a 4-slot bulkhead cost at 40 a second with a healthy provider? (It turns good "+
				"checkouts away: about 4 in 18 in the reference's demo. Size for the peak and load-test it.)",
			fmt.Sprintf("Little's law: a slow provider holds rate × timeout workers, %s × %s = %s.", trim(co.rate), seconds(co.timeout), trim(co.held)),
			fmt.Sprintf("%s is under %d, so the timeout alone leaves %s workers for /health: it works, with little margin.",
				trim(co.held), co.workers, trim(float64(co.workers)-co.held)),
			fmt.Sprintf("At %s a second it is %s, more than %d: checkouts take every worker and /health slows down "+
				"(its median went from 2 ms to 259 ms in the reference).", trim(2*co.rate), trim(2*co.held), co.workers),
			fmt.Sprintf("So add a bulkhead on payment sized from rate × p99 (%s × %s = %s slots) and a breaker; "+
				"add it whenever rate × timeout comes near the pool.", trim(co.rate), seconds(co.p99), trim(co.rate*co.p99.Seconds()))),

		openCard("ref-001-self-check-3", "breaker", "seeds/001, self-check 3",
			"A breaker needs 100 calls before it judges (minimumNumberOfCalls = 100), and its dependency "+
				"gets 30 calls a minute. What does the breaker do in the first minute of an incident?",
			"What would you set instead? (A minimum matched to real traffic, say 10 of a window of 20, "+
				"or a consecutive-failure rule for a quiet path; the timeout and bulkhead carry the load meanwhile.)",
			"Nothing: in one minute it sees 30 calls, fewer than the 100 it needs to judge, so it stays closed.",
			"Every one of those calls pays the full timeout or error; the breaker gives no protection yet.",
			"Even with a window already full of old successes it needs 50 failures at 50 %: 100 s at this rate.",
			"The minimum exists to stop a few unlucky errors from opening the breaker; set it from the "+
				"traffic the dependency really gets."),

		openCard("ref-001-self-check-4", "composition", "seeds/001, self-check 4",
			"Why does Resilience4j put Retry outside CircuitBreaker?",
			"Another reference puts the breaker outermost: is that a contradiction? (No: both keep every "+
				"attempt under the breaker's eye. Resilience4j's aspect: Retry(CircuitBreaker(RateLimiter("+
				"TimeLimiter(Bulkhead(call))))); Polly v8's handler: rate limiter, total timeout, retry, "+
				"breaker, attempt timeout.)",
			"With the breaker inside, it sees every attempt, so its failure rate counts what really happened.",
			"When it opens, the retries hit the open breaker and fail in microseconds instead of "+
				"hammering the provider.",
			"The retry must treat a breaker refusal as not retryable (or wait out the open time, as "+
				"Polly suggests), never try again at once.",
			"The per-attempt timeout sits innermost, so each attempt is bounded and a hang becomes a "+
				"failure the breaker can count."),

		openCard("ref-002-faq-breaker-or-retries", "retry", "seeds/002, frequently asked questions 1",
			"When do you use a circuit breaker rather than retries?",
			fmt.Sprintf("How do you stop retries from multiplying load even so? (A retry budget: the AWS SDKs' token "+
				"bucket of %d, %d a retry, %d after a timeout, %d back per first-try success; or Envoy's %s of active requests.)",
				aws.Capacity, aws.RetryCost, aws.TimeoutCost, aws.NoRetryIncrement, pct(envoy.Share)),
			"Retries fit transient, independent faults: a dropped packet, one bad instance behind the balancer.",
			"A breaker fits correlated failure: the dependency itself is down or swamped, and every retry "+
				"adds load to the thing that is drowning.",
			"Use both, layered: a couple of retries with backoff and jitter, and a breaker that sees each "+
				"attempt, so a lasting failure trips it and stops the attempts."),

		openCard("ref-002-faq-threshold", "breaker", "seeds/002, frequently asked questions 2",
			"What failure threshold and cool-down would you start a breaker with?",
			fmt.Sprintf("What do the libraries ship with? (Resilience4j %s of %d calls and %s open; Polly %s over %s "+
				"from %d calls and %s; Hystrix %s over %s from %d calls and %s. The cheat sheet has them all.)",
				pct(r4j.FailureRate), r4j.WindowSize, breaker.Words(r4j.OpenFor),
				pct(polly.FailureRate), breaker.Words(polly.WindowSpan), polly.MinimumCalls, breaker.Words(polly.OpenFor),
				pct(hystrix.FailureRate), breaker.Words(hystrix.WindowSpan), hystrix.MinimumCalls, breaker.Words(hystrix.OpenFor)),
			"About 50 % failures over a window of 20 calls, judged only once a minimum of about 5 calls is in.",
			"A cool-down of about 30 s: long enough for a restart or a failover, so the probe does not "+
				"hit a service that is still coming up.",
			"A raw count of consecutive failures suits a quiet path; on a busy one it trips on noise, "+
				"so use a rate over a window.",
			"Then tune from real traffic: raise the threshold or widen the window if blips trip it."),

		openCard("ref-002-faq-bulkhead-vs-limiter", "bulkhead", "seeds/002, frequently asked questions 3",
			"How is a bulkhead different from a rate limiter?",
			"Which one protects whom? (The limiter protects the downstream; the bulkhead protects you. "+
				"They compose well.)",
			"A rate limiter controls how fast you send: requests per second.",
			"A bulkhead controls how much of your capacity one dependency may hold at once: concurrency.",
			"When a dependency slows from 50 ms to 8 s, a rate limiter still lets each call sit for 8 s "+
				"and pile up; a bulkhead stops it at its permits and leaves the rest free."),

		openCard("ref-002-faq-placement", "composition", "seeds/002, frequently asked questions 4",
			"Where does the circuit breaker sit relative to the bulkhead, the timeout and the retries?",
			"Why check the cheapest layer first? (An open breaker then costs microseconds and holds "+
				"nothing: no permit, no connection, no waiting task.)",
			"Outermost: check the breaker before acquiring anything.",
			"Inside it the bulkhead, so a saturated dependency is refused before a connection is taken.",
			"Innermost the per-call timeout, bounding the attempt that actually runs.",
			"Retries stay inside what the breaker observes, so a retry storm counts toward tripping it "+
				"instead of hiding the failure."),

		openCard("ref-002-faq-shared", "breaker", "seeds/002, frequently asked questions 5",
			"Should a circuit breaker's state be shared across the instances of a service?",
			"Then what protects the dependency globally? (Its own load shedding, and jittered cool-downs "+
				"so the instances do not all probe together.)",
			"Usually not: a breaker per instance reacts to what that instance sees and needs no coordination.",
			"A shared one trips more consistently, but puts a network round trip on the hot path and adds "+
				"a new shared thing that can fail.",
			"Instances in different places may rightly see the dependency differently."),

		openCard("ref-004-trade-off", "breaker", "seeds/004, the trade-off you must say out loud",
			"You propose a circuit breaker in a design interview. What trade-off must you say out loud?",
			"How do you know it tripped? (A gauge per breaker state and an alert when one opens.)",
			"You fail some calls that would have succeeded, to keep your own service alive.",
			"For each dependency: the trip threshold and the minimum volume, the cool-down, the half-open "+
				"rule and the fallback.",
			"The breaker is local to each server, not shared.",
			"And how you will see it: a metric per breaker state, an alert on open."),

		openCard("ref-004-follow-up", "operations", "seeds/004, the interviewer's follow-up",
			"\"How do you know the breaker tripped?\"",
			"Which two numbers would you alert on? (Time spent open per hour, and the fallback rate, "+
				"which is what users feel: not every single transition.)",
			"Export a gauge per breaker (closed, half-open, open) named after its dependency.",
			"Count the calls it refused and log every state change with its reason.",
			"Alert when a breaker opens; show bulkhead slots in use next to it.",
			"Watch for flapping (open, close, open) and for a breaker that never opens while errors are high."),

		openCard("ref-004-api-gateway", "composition", "seeds/004, where it shows up: API gateway",
			"Design question: an API gateway in front of many backends. Where do breakers and bulkheads go?",
			"What does the gateway answer while a backend's breaker is open? (A fast 503 with "+
				"Retry-After, or a cached answer for reads; never a 30 s wait.)",
			"A breaker per upstream (per route if routes fail apart), so one sick backend cannot stall the gateway.",
			"A bulkhead per upstream, sized by rate × p99 with headroom, that together fit the gateway's pool.",
			"Timeouts per route from each backend's p99, within the client's deadline.",
			"Retries only for idempotent calls, under a budget, never on a breaker refusal."),

		openCard("ref-004-notifications", "fallback", "seeds/004, where it shows up: notification system",
			"Design question: a notification system sends through push, email and SMS providers. One "+
				"push provider goes down. What keeps the rest working?",
			"How do you avoid sending a message twice when it is retried later? (An idempotency key per "+
				"message, checked by the sender.)",
			"A breaker per provider: the dead push provider's calls fail fast instead of holding workers.",
			"A bulkhead per channel, so push cannot take the workers email and SMS need.",
			"The fallback is to process later: keep the message in a queue and send it once the breaker closes.",
			"Alert on the open breaker and on the queue's age."),

		openCard("ref-004-e-commerce", "fallback", "seeds/004, where it shows up: e-commerce site",
			"Design question: an e-commerce product page calls a recommendation service, and checkout "+
				"calls a payment provider. What happens when each one fails?",
			"Which fallback is dangerous? (One that sends more load elsewhere, or serves stale data for "+
				"ever: bound the staleness and mark degraded answers.)",
			"Recommendations: a breaker with a fallback of cached best-sellers; the page degrades, it does not fail.",
			"Checkout: a bulkhead so payment cannot take every worker, a timeout from p99, a breaker.",
			"Payment's fallback is a fast 503 with Retry-After, or the order kept as pending payment and "+
				"charged later with an idempotency key.",
			"Recommendations must never be able to fail checkout."),

		openCard("ref-004-slow-apis", "cascade", "seeds/004, where it shows up: slow and unreliable APIs",
			"Design question: your service depends on third-party APIs that are slow and sometimes down. "+
				"What is your plan?",
			"The deep dive: what is the fallback for each call? (Cached, default, queued for later, or a "+
				"fast honest error, chosen per call.)",
			"A timeout on every call, from the API's p99 and within the request's deadline.",
			"A bulkhead per API, sized with Little's law (rate × p99) plus headroom.",
			"A breaker per API with a failure rate, a slow-call threshold and a minimum volume.",
			"A fallback per call, and metrics: state gauges, refusals, slots in use."),
	}
}
