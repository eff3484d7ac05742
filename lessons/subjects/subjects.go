// Package subjects lists the subjects on which breakerlab's texts have
// contradicted its lessons before: each subject says what the lessons
// establish, names the lesson step whose checked claim (or text) settles
// it, and gives the phrasings that contradict it. Contradictions scans any
// text (a drill card, a cheat-sheet line, a rubric point, a challenge
// brief, a lesson) for them, so a wrong sentence written again anywhere is
// caught by the tests, not by an interviewee.
//
// It may import only the standard library: it holds data and a scanner;
// the tests that gather the texts live where every text is in reach.
package subjects

import (
	"regexp"
	"strings"
)

// Subject is one thing the texts must say the lessons' way.
type Subject struct {
	// Name is a short handle: "timeout-relief".
	Name string
	// Truth is what the lessons establish, in one sentence.
	Truth string
	// Lesson and Step (a step's title) settle it; Claim, when set, must be
	// one of that step's expect claims, so the engine checks the truth;
	// otherwise Phrase must be in the step's text.
	Lesson, Step  string
	Claim, Phrase string
	// Wrong are phrasings that contradict the truth, matched within one
	// sentence; Unless, matched in the same sentence, makes one right
	// (a qualifier such as "without cancellation").
	Wrong  []*regexp.Regexp
	Unless *regexp.Regexp
	// Mentions and Requires judge a whole text instead: a text that
	// mentions the subject must also say each of Requires.
	Mentions *regexp.Regexp
	Requires []*regexp.Regexp
	// Caught are sentences that texts once said and that must be caught;
	// Fine are right ones that must not be.
	Caught, Fine []string
}

func re(s string) *regexp.Regexp { return regexp.MustCompile(`(?i)` + s) }

func res(ss ...string) []*regexp.Regexp {
	out := make([]*regexp.Regexp, len(ss))
	for i, s := range ss {
		out[i] = re(s)
	}
	return out
}

// All are the subjects, in the order of the lessons that settle them.
var All = []Subject{
	{
		Name:   "timeout-relief",
		Truth:  "A timeout relieves the provider when its cancellation reaches it (gRPC deadlines, Go contexts); without cancellation it does not, and any layer that stops sending (a bulkhead, a breaker) relieves it.",
		Lesson: "09-checkout-incident", Step: "What relieved the provider?",
		Claim: "inflight-max step payment < inflight-max checkout/1 payment",
		Wrong: res(`only the breaker[^.]*(stops sending|reliev|relief)`, `cancels only the caller`,
			`timeout[^.]*no relief`, `(provider|dependency) gets no relief`, `no relief for the (provider|dependency)`),
		Unless: re(`without (its )?cancel|unless|no cancel|nothing cancels|when (no|the) cancel|if (no|the) cancel|ignores? cancel`),
		Caught: []string{
			"Only the breaker, which stops sending: 19 calls in flight at most in the protected run.",
			"No: it cancels only the caller's side.",
			"The caller gets its worker back; the provider gets no relief.",
			"too long fills the pool; too short fails good calls; no relief for the provider",
		},
		Fine: []string{"Without cancellation a timeout gives the provider no relief."},
	},
	{
		Name:   "envoy-caps",
		Truth:  "Envoy queues a request over its connection cap as pending; only the pending-requests and requests caps refuse, with a 503 and x-envoy-overloaded.",
		Lesson: "03-bulkheads", Step: "Proxies set the same caps", Phrase: "pending request",
		Wrong:  res(`(over|past|above) (a|any|its|the) cap fails at once`, `request over a cap fails`),
		Unless: re(`pending`),
		Caught: []string{"A request over a cap fails at once, marked with an x-envoy-overloaded header."},
		Fine:   []string{"A request over the pending cap fails at once with a 503."},
	},
	{
		Name:   "shuffle-degraded",
		Truth:  "In bigger fleets sharing some workers becomes less likely too (the seed's table: 72.8%, 23.3%, 0.8%), and a degraded customer is not unharmed.",
		Lesson: "08-shuffle-sharding", Step: "The odds grow in your favour",
		Claim:  "share-any 2048 4 < share-any 64 4",
		Wrong:  res(`sharing some workers becomes common`, `harmless when clients retry`, `degraded[^.]*(is|are) (free|harmless)`),
		Unless: re(`not (free|harmless)|never harmless`),
		Caught: []string{
			"Bigger fleets: sharing some workers becomes common, sharing all becomes vanishingly rare.",
			"Degraded customers lose a worker: harmless when clients retry.",
		},
		Fine: []string{"Degraded is not free: those customers lose capacity."},
	},
	{
		Name:   "half-open-judgement",
		Truth:  "One failed probe reopens gobreaker, Polly, Hystrix and failsafe-go; Resilience4j judges its trials together, as a window.",
		Lesson: "04-breaker-states", Step: "Why half-open exists", Phrase: "judge them together",
		Wrong:  res(`one failed (probe|trial)[^.]*(re-?opens|opens)`, `first failed trial reopens`),
		Unless: re(`gobreaker|polly|hystrix|failsafe|except|resilience4j judges|but resilience4j`),
		Caught: []string{"One failed probe reopens the breaker and restarts the cool-down."},
		Fine:   []string{"In gobreaker, Polly and Hystrix one failed probe reopens it; Resilience4j judges its trials together."},
	},
	{
		Name:   "alerting",
		Truth:  "Notify on every opening; page on time open per hour and on the fallback rate, not on single transitions.",
		Lesson: "07-fallbacks-and-metrics", Step: "What to watch", Claim: "time-open step == 60s",
		Wrong:  res(`alert (when|whenever|if|on) (a|the|one) breaker opens`, `alert (when|whenever|if) one opens`, `alert on (an )?open\b`),
		Unless: re(`notify|page|one says|references disagree`),
		Caught: []string{
			"Alert when a breaker opens; show bulkhead slots in use next to it.",
			"And how you will see it: a metric per breaker state, an alert on open.",
			"metrics per breaker state and an alert when one opens",
		},
		Fine: []string{"Notify on every opening; page on time open per hour."},
	},
	{
		// A shorter wait costs failed probes while the dependency restarts;
		// recommending one without that cost is the half-truth.
		Name:   "shorter-cooldown",
		Truth:  "A wait shorter than the dependency's restart finds the recovery sooner only by paying in failed probes while it restarts; fit the cooldown to the restart, jitter it, and ramp after half-open.",
		Lesson: "12-a-fleet-of-breakers", Step: "A cooldown shorter than the restart",
		Claim:  "failed-probes step api > failed-probes fleet-probes/1 api",
		Wrong:  res(`shorter cool-?down`),
		Unless: re(`failed probes|\bfails?\b|pays|fitted|than the restart|flap|too short`),
		Caught: []string{"How would you shorten the late recovery? (A shorter cool-down, or probes that ramp traffic back.)"},
		Fine:   []string{"A shorter cool-down finds the recovery sooner, but pays for it in failed probes while the provider restarts."},
	},
	{
		// And it does find the recovery sooner: fleet-probes' 2 s wait
		// closes its last breaker before the 5 s wait's. The texts once
		// said a shorter wait bought nothing but failed probes.
		Name:   "shorter-cooldown-gain",
		Truth:  "A wait shorter than the dependency's restart does find the recovery sooner (fleet-probes: the last breaker closes earlier with 2 s than with 5 s); what it costs is failed probes while the dependency restarts.",
		Lesson: "12-a-fleet-of-breakers", Step: "A cooldown shorter than the restart",
		Claim: "fleet-closed-from step api < fleet-closed-from fleet-probes/1 api",
		Wrong: res(`only adds failed probes`, `not with a shorter cool-?down`,
			`shorter (cool-?down|wait)[^.]*(does not|doesn't|cannot|can't|never) (shorten|speed|find|bring)`),
		Caught: []string{
			"Not with a shorter cool-down: a wait shorter than the restart only adds failed probes (74 rounds in the fleet-probes scenario, against 30 with a wait of 5 s).",
			"how long the breaker stays open, fitted to the dependency's restart or failover (shorter only adds failed probes)",
			"Fit the cooldown to the restart: a wait shorter than it only adds failed probes (74 rounds), one far longer keeps breakers open after the provider is warm",
		},
		Fine: []string{
			"A shorter wait finds the recovery sooner but pays in failed probes while the provider restarts.",
			"While the provider restarts, a cooldown shorter than the restart adds nothing but failed calls to a service that is starting up.",
		},
	},
	{
		Name:   "aws-quota",
		Truth:  "The AWS SDKs' retry quota starts full at its capacity and never holds more; a retry takes tokens, a successful retry's cost is refunded, a first-try success adds one back.",
		Lesson: "06-retries-and-order", Step: "Self-check: a retry that works", Phrase: "refunds its whole cost",
		// Only a sentence that states the quota's numbers must state them all.
		Mentions: re(`(aws[^.]*(quota|token bucket)|(quota|token bucket)[^.]*aws)[^.]*\d`),
		Requires: res(`refund|gives? back|given back|comes back|gets? (exactly )?(its tokens|them|it|its cost|that|what it paid) back|returns? (its|the) cost`, `cap\b|capacity|never (holds|more)|at most|starts full|full bucket`),
		Caught: []string{
			"A retry budget: the AWS SDKs' token bucket of 500, 5 a retry, 10 after a timeout, 1 back per first-try success.",
		},
		Fine: []string{
			"The AWS quota starts full at 500 and never holds more; a retry takes 5, a successful retry's cost is refunded.",
			"AWS retry quota: starts full at 500 tokens, never holds more; a retry pays 5 (10 after a timeout) and gets exactly that back if it succeeds",
		},
	},
	{
		// The engine runs the quota's prices from before the 2026 update;
		// a text that quotes them must say so (or give the newer ones), or
		// a learner memorises 5 a retry as today's price.
		Name:   "aws-quota-release",
		Truth:  "The AWS quota's prices changed with the 2026 update (aws-sdk-go-v2 v1.48.0: 14 a transient retry, timeouts included, 5 a throttled one); the engine runs the earlier ones, and a text that quotes the quota's numbers says which release they belong to.",
		Lesson: "06-retries-and-order", Step: "A retry budget", Phrase: "aws-sdk-go-v2 v1.48.0",
		Mentions: re(`(aws[^.]*(quota|token)|(quota|token)[^.]*aws)[^.]*\d`),
		Requires: res(`2026|v1\.4[78]`),
		Caught: []string{
			"A retry budget: the AWS SDKs' token bucket of 500, 5 a retry, 10 after a timeout, 1 back per first-try success.",
			"AWS retry quota: starts full at 500 tokens, never holds more; a retry pays 5 (10 after a timeout), refunded (5) if it succeeds; a first-try success adds 1",
			"retry budget: in an outage, AWS tokens ÷ cost: 500 ÷ 5 = 100 (50 after timeouts)",
			"retries outside the breaker, with a budget (AWS: 500 tokens, 5 a retry; Envoy: 20% of the requests in flight)",
		},
		Fine: []string{
			"AWS retry quota: standard mode as simulated, before aws-sdk-go-v2 v1.48.0's update: starts full at 500 tokens; a retry pays 5 (10 after a timeout)",
			"The AWS SDKs' standard retry mode keeps a retry quota of 500 tokens; since the 2026 update a transient retry pays 14.",
		},
	},
	{
		// The SDKs share the quota's size and refund rule, not its prices:
		// aws-sdk-js-v3 charges 10 after any transient error where
		// aws-sdk-go-v2 charged 5 (10 after a timeout). A price quoted as
		// "the AWS SDKs'" is one SDK's passed off as every one's.
		Name:   "aws-quota-sdk",
		Truth:  "A retry's price in the AWS retry quota is one SDK's: aws-sdk-go-v2 charged 5, 10 after a timeout, before v1.48.0 (the engine's prices) and 14 since; aws-sdk-js-v3 charges 10 after any transient error.",
		Lesson: "06-retries-and-order", Step: "A retry budget", Phrase: "aws-sdk-js-v3",
		Wrong: res(`aws sdks'?[^.;]*\bretry (pays|takes|costs) (tokens|\d)`, `aws sdks'?[^.;]*\b(pays|takes|costs) \d`),
		// A sentence that says whose price it quotes is right.
		Unless: re(`aws-sdk-(go|js)`),
		Caught: []string{
			"In the AWS SDKs' token bucket a retry pays 5 tokens and gets them back if it succeeds.",
			"The AWS SDKs' quota starts full at 500 tokens, and a retry after a timeout costs 10.",
		},
		Fine: []string{
			"The AWS SDKs' retry quota holds at most 500 tokens and starts full; what a retry pays is each SDK's own.",
			"In aws-sdk-go-v2's standard mode before v1.48.0 a retry takes 5, one after a timeout 10.",
		},
	},
	{
		// Retry(CircuitBreaker(call)) puts every attempt before the breaker,
		// but whether a refused attempt is retried is the retry's own
		// setting: Resilience4j's and Polly's retry every exception by
		// default (the step's front matter cites their sources).
		Name:   "retry-refusal",
		Truth:  "A retry outside the breaker sends every attempt through it, but Resilience4j's Retry and a plain Polly retry retry every exception by default, a breaker's refusal included: tell them not to (ignoreExceptions, ShouldHandle); .NET's standard handler already leaves the refusal alone.",
		Lesson: "06-retries-and-order", Step: "Self-check: an open breaker mid-retry", Phrase: "ignoreExceptions",
		Wrong: res(`(resilience4j|polly|both)\b.*\b(stops?|ends?|halts?) (the )?retr(y|ies)\b.*without (any )?(extra|more|further|added) (code|config)`,
			`(resilience4j|polly)('s)? retry (never|does not|doesn't|won't|will not) retry (a |the )?(breaker's )?(refus|open breaker|callnotpermitted|brokencircuit)`),
		Caught: []string{
			"This is why both Resilience4j and the .NET handler put the retry outside: an open breaker stops the retries without any extra code.",
			"Resilience4j's retry does not retry a breaker's refusal.",
		},
		Fine: []string{
			"The .NET standard resilience handler's retry already leaves the refusal alone.",
			"Resilience4j's Retry retries every exception by default, so add CallNotPermittedException to its ignoreExceptions.",
		},
	},
	{
		Name:   "polly-order",
		Truth:  "Polly imposes no order (strategies run in the order added); rate limiter > total timeout > retry > breaker > attempt timeout is .NET's standard resilience handler.",
		Lesson: "06-retries-and-order", Phrase: "Polly",
		Wrong:  res(`polly( v8)?('s)?( handler)?[^.]*rate limiter[^.]*total timeout`, `polly( v8)?'s (standard )?(resilience )?handler`),
		Unless: re(`standard resilience handler|\.net|microsoft|built on polly`),
		Caught: []string{"Polly v8: rate limiter > total timeout > retry > breaker > attempt timeout", "How does Polly v8's standard handler have both?"},
		Fine:   []string{".NET's standard resilience handler, built on Polly: rate limiter > total timeout > retry > breaker > attempt timeout."},
	},
	{
		Name:   "limiter-or-bulkhead",
		Truth:  "A rate limiter bounds how fast calls go out, a bulkhead how many are in flight; when the downstream slows, a bulkhead spares it and a rate limiter does not.",
		Lesson: "10-shedding-rate-limits-bulkheads", Step: "Bulkheads against the slowdown", Phrase: "bulkhead",
		Wrong:  res(`rate limiter[^.]*,? not a bulkhead`, `protect a downstream[^.]*only (a|the) rate limiter`),
		Caught: []string{"protect a downstream: a rate limiter (how fast), not a bulkhead (how many)"},
	},
	{
		Name:   "bulkhead-headroom",
		Truth:  "A bulkhead sized at rate × p99 with no headroom refuses good calls at the peak; add headroom.",
		Lesson: "03-bulkheads", Step: "The checkout's cap of 4", Claim: "share step checkout rejected > 0.05",
		Wrong:  res(`= \d+ (slots )?with no headroom`),
		Unless: re(`refus|reject|turns? away|too small`),
		Caught: []string{"bulkhead size: rate × p99 + headroom, shares within the pool: 20 × 200 ms = 4 with no headroom"},
	},
	{
		Name:   "mesh-outlier-detection",
		Truth:  "A mesh's outlier detection is no fleet-wide breaker: each proxy ejects single hosts from its own load-balancing set; a shared breaker needs a shared store or a shared gateway.",
		Lesson: "12-a-fleet-of-breakers", Phrase: "outlier",
		Wrong:  res(`outlier detection[^.]*(cost of a network hop|fleet-wide breaker|shared breaker)`),
		Unless: re(`\bnot\b|\bno\b|isn't|is no`),
		Caught: []string{"A service mesh's outlier detection gives a fleet-wide breaker at the cost of a network hop."},
	},
	{
		Name:   "long-cooldown",
		Truth:  "After an outage a fleet needs jitter and a cooldown fitted to the restart; a long wait answers fewer pages.",
		Lesson: "12-a-fleet-of-breakers", Step: "A cooldown longer than the restart",
		Claim:  "share step page ok < share fleet-probes/1 page ok",
		Wrong:  res(`jitter, a long cool-?down`, `(use|with|needs?) a long cool-?down`),
		Unless: re(`\bnot\b|fitted`),
		Caught: []string{"a fleet after an outage: jitter, a long cooldown"},
	},
	{
		Name:   "most-of-the-hour",
		Truth:  "Time open is quoted as the engine measures it; 25 minutes is not most of an hour.",
		Lesson: "07-fallbacks-and-metrics", Step: "What to watch", Claim: "time-open step == 60s",
		Wrong:  res(`most of the hour`),
		Caught: []string{"The breaker was open for most of the hour."},
	},
}

// Contradiction is a sentence of a text that contradicts a subject.
type Contradiction struct {
	Subject  *Subject
	Sentence string
	// Incomplete is a text that mentions the subject without saying all
	// of what Requires asks; a question's premise may do that.
	Incomplete bool
}

// sentenceRE cuts a text into sentences, list items, table cells and
// clauses after a colon: a contradiction is judged within one of them.
var sentenceRE = regexp.MustCompile(`[.!?](\s+|$)|\n\s*\n|\n\s*[-*|+]\s|\|`)

// Sentences cuts text as Contradictions judges it.
func Sentences(text string) []string {
	var out []string
	for _, s := range sentenceRE.Split(text, -1) {
		if s = strings.Join(strings.Fields(s), " "); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// Contradictions lists where text contradicts the subjects.
func Contradictions(text string) []Contradiction {
	var out []Contradiction
	sentences := Sentences(text)
	for i := range All {
		s := &All[i]
		for _, sen := range sentences {
			for _, w := range s.Wrong {
				if w.MatchString(sen) && (s.Unless == nil || !s.Unless.MatchString(sen)) {
					out = append(out, Contradiction{Subject: s, Sentence: sen})
					break
				}
			}
		}
		// A text wrapped to columns (the cheat sheet's) breaks a phrase
		// across lines and pads it: Requires reads it as one line of words.
		if flat := strings.Join(strings.Fields(text), " "); s.Mentions != nil && s.Mentions.MatchString(flat) {
			for _, r := range s.Requires {
				if !r.MatchString(flat) {
					out = append(out, Contradiction{s, firstMatch(sentences, s.Mentions), true})
					break
				}
			}
		}
	}
	return out
}

func firstMatch(sentences []string, r *regexp.Regexp) string {
	for _, s := range sentences {
		if r.MatchString(s) {
			return s
		}
	}
	return strings.Join(sentences, " ")
}
