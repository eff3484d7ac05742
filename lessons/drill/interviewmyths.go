package drill

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/lessons"
)

// myth is a misconception the lessons show false, as a candidate would
// write it into a design answer, and the lesson step that shows why. A
// learner who took a lesson's wrong choice to heart should meet it again
// here, beside the rubric point it goes against.
type myth struct {
	id string
	// points are the rubric points the warning stands beside, the first
	// the prompt has; a prompt with none of them is not warned.
	points []string
	// says finds the misconception in one clause of a sentence (or, with
	// wholeSentence, in the sentence); the warning quotes that clause, or
	// where it is long, says' words. Each of also must match the same
	// text.
	says          *regexp.Regexp
	also          []*regexp.Regexp
	wholeSentence bool
	// alsoInSentence looks for also in the whole sentence, and
	// otherTools are words that, in the clause of says, make it about
	// another tool: "when the call times out, the provider stops
	// processing it" is about the timeout, "the breaker protects the
	// provider, and the timeout our workers" is not.
	alsoInSentence bool
	otherTools     []string
	// unless are phrases that, in the same text, make the sentence right
	// (a timeout "with cancellation propagated" does free the provider);
	// answerUnless, anywhere in the answer (a retry configured to leave
	// the breaker's refusal alone).
	unless, answerUnless []string
	// keepNegations: a negation in the clause (or sentence) does not
	// turn it around ("the retry won't go on once the breaker opens" is
	// the misconception, not its opposite).
	keepNegations bool
	// leftToRetry: a sentence that retries right away (the retry point's
	// unless phrases) is left to Warnings' immediate retry warning, which
	// says never to retry a refusal too: one sentence, one warning.
	leftToRetry bool
	// needs, when set, must appear somewhere in the answer: a claim about
	// a library's defaults is wrong only for that library.
	needs []string
	// why is what the lessons show, after the quoted words; figures is
	// the myth's figures, filled ("" where it has none, or they could
	// not be filled: the warning then says it without them).
	why func(p Prompt, figures string) string
	// figures quotes the cited lesson's runs with placeholders (stepN is
	// its step N, with the step's overrides), so that the warning shows
	// what the learner saw there, from the engine. `interview --check`
	// fills them.
	figures string
	// lesson and step cite the lesson's step that shows it: the ID of a
	// built-in lesson and the title of one of its steps (a test holds
	// them to the lessons).
	lesson, step string
}

// providerWords name the far side of a call as answers write it.
const providerWords = `(?:provider|dependency|dependencies|downstream|callee|upstream|database|db|backend)`

// fleetWords name the other instances of a fleet, as answers write them.
const fleetWords = `(?:the others|other instances|other servers|other pods|other nodes|other replicas|the rest of the (?:fleet|instances|servers|pods)|every instance|all instances|all the instances|all servers|all pods|all the pods|all replicas|the whole fleet|the entire fleet)`

// r4jWords find Resilience4j in an answer.
var r4jWords = []string{"resilience4j", "resilience 4j", "r4j"}

// myths are the misconceptions of the lessons' wrong choices and
// [[...misconception]]s that a design answer can state; the others are
// about reading one run (how many workers were busy at 9 s) and no answer
// states them.
var myths = []myth{
	{
		// Lesson 5, "Self-check: a hang": a breaker learns only from calls
		// that have ended, and with no timeout a hung call never ends, so
		// the breaker never opens while the hang holds every worker. A
		// candidate who drops the timeout for a breaker states it. A
		// sentence that says why the timeout is still needed (the hang,
		// the held workers, "never", "not enough") is left alone.
		id:     "breaker-instead-of-timeout",
		points: []string{"timeout"},
		says: regexp.MustCompile(`\b(?:need|needs|needed|require|requires)\s+no\s+time[- ]?outs?\b|` +
			`\b(?:no|without(?:\s+a|\s+any)?|skip(?:ping)?(?:\s+the)?|drop(?:ping)?(?:\s+the)?)\s+time[- ]?outs?\s+(?:at all\s+|is needed\s+|needed\s+)?(?:if|once|when|since|because|as)\b|` +
			`\bbreakers?\s+(?:alone|by itself|on its own)\s+(?:keeps?|protects?|saves?|stops?|is enough|suffices|frees?|handles?)\b`),
		also:           []*regexp.Regexp{regexp.MustCompile(`breaker`)},
		alsoInSentence: true,
		unless:         []string{"hang", "hung", "never", "held", "stuck", "not enough", "still need", "fill", "wait for ever", "wait forever"},
		why: func(Prompt, string) string {
			return "a breaker learns only from calls that have ended, and with no timeout a hung call never ends: its window never sees the hang, it never opens, and the calls hold every worker. Keep the timeout; the breaker counts what the timeout ends."
		},
		lesson: "05-tuning-a-breaker", step: "Self-check: a hang",
	},
	{
		// Lesson 6: Resilience4j's Retry retries every exception by
		// default, CallNotPermittedException too: an open breaker ends no
		// retry until ignoreExceptions lists the refusal. Source:
		// resilience4j-retry RetryConfig.java (DEFAULT_RECORD_FAILURE_PREDICATE
		// is throwable -> true; retryExceptions and ignoreExceptions are
		// empty), and CallNotPermittedException is a RuntimeException.
		id:     "r4j-retry-stops",
		points: []string{"retry"},
		says: regexp.MustCompile(`(?:open (?:circuit )?breaker|breaker (?:is |goes |)open|breaker opens|breaker trips|breaker is tripped)[^,;]*?\b(?:stops?|ends?|halts?|cuts? off|short-circuits?|aborts?)\b[^,;.]*|` +
			`\b(?:retry|retries|retrying)\b[^,;.]*?\b(?:stops?|ends?|halts?|gives? up|won't retry|will not retry|doesn't retry|does not retry)\b[^,;.]*?\b(?:breaker (?:is |)open|breaker opens|open (?:circuit )?breaker|callnotpermitted\w*)`),
		also:          []*regexp.Regexp{regexp.MustCompile(`retr(?:y|ies|ied|ying)`)},
		wholeSentence: true,
		keepNegations: true,
		needs:         r4jWords,
		answerUnless:  []string{"ignoreexceptions", "ignore exceptions", "ignoreexception", "retryexceptions", "retryonexception", "retry predicate", "retryonresult", "exclude callnotpermitted", "excluding callnotpermitted", "not retry callnotpermitted", "never retry callnotpermitted"},
		why: func(Prompt, string) string {
			return "Resilience4j's Retry retries every exception by default, the breaker's CallNotPermittedException too, so each attempt meets the same refusal until the attempts run out. List CallNotPermittedException in the retry's ignoreExceptions."
		},
		lesson: "06-retries-and-order", step: "Self-check: an open breaker mid-retry",
	},
	{
		// Lessons 4 and 6: a refusal is not transient, and in an outage
		// every retry is one more call to a provider already slow.
		id:          "retry-every-error",
		points:      []string{"retry"},
		says:        regexp.MustCompile(`\b(?:every|all|any)\s+(?:\w+\s+){0,2}?(?:errors?|failures?|failed (?:calls?|requests?|attempts?)|exceptions?)\b`),
		also:        []*regexp.Regexp{retryRE},
		leftToRetry: true,
		unless:      []string{"by default", "transient", "except ", "except for", "other than", "apart from", "retryable", "retriable", "idempotent only", "only idempotent"},
		why: func(Prompt, string) string {
			return "an open breaker's refusal or a bad request fails the same way again at once, and in an outage each retry is one more call to a provider that is already failing or slow. Retry transient errors only, never a refusal, under a retry budget."
		},
		lesson: "06-retries-and-order", step: "A retry storm",
	},
	{
		// Lessons 2, 9 and 11: the caller stops waiting; the provider
		// never hears of it and keeps working on the abandoned call.
		id:     "timeout-frees-provider",
		points: []string{"timeout"},
		says: regexp.MustCompile(`\b(?:free|frees|freeing|relieves?|relieving|unloads?|spares?|lightens?|protects?|protecting)\s+(?:the\s+|its\s+)?(?:payment\s+)?` + providerWords + `\b|` +
			`\b` + providerWords + `\s+(?:also\s+|then\s+)?(?:stops|drops|abandons|cancels|aborts|forgets)\s+(?:processing|working|the work|the call|the request|the query|it)\b|` +
			`\b(?:free|frees|reduces?|cuts?|lowers?|relieves?|lightens?|stops?|releases?|shrinks?|limits?|caps?|bounds?)\s+(?:the\s+|our\s+)?` + providerWords + `(?:'s|’s)?\s+(?:load|work|threads|workers|resources|capacity|queue)\b|` +
			`\b(?:cancels?|stops?|aborts?|kills?|ends?|frees?)\s+(?:the\s+|its\s+)?(?:call|calls|request|requests|query|queries|work)\s+(?:at|on|in)\s+the\s+` + providerWords + `\b`),
		also:           []*regexp.Regexp{regexp.MustCompile(`time[- ]?outs?\b|tim(?:es|ing|ed) out\b`)},
		alsoInSentence: true,
		otherTools:     []string{"breaker", "bulkhead", "shed", "limit", "semaphore", "queue", "cache"},
		unless:         []string{"propagat", "cancellation", "deadline", "grpc", "context", "protocol", "statement_timeout", "carries the cancel", "sends a cancel", "cancel request"},
		why: func(Prompt, string) string {
			return "a timeout frees the caller's worker only. The provider never hears of it and works on every abandoned call, so its pile grows; only a cancellation the protocol carries, to a provider that listens, stops that work."
		},
		lesson: "09-checkout-incident", step: "Self-check: the provider's load",
	},
	{
		// Lesson 2 and lesson 10: waiting longer holds each worker longer,
		// rate × timeout, and the slow calls still fail, later.
		id:     "longer-timeout",
		points: []string{"timeout"},
		says: regexp.MustCompile(`\b(?:increase|increased|increasing|raise|raised|raising|bump|bumped|extend|extended|lengthen|double)\s+(?:the\s+|our\s+|its\s+|all\s+)?(?:\w+\s+)?time[- ]?outs?\b|` +
			`\b(?:longer|generous|bigger|higher|larger)\s+time[- ]?outs?\b`),
		also:   []*regexp.Regexp{regexp.MustCompile(`\b(?:so|to let|to give|to allow|to be safe|wait out|ride out|succeed|finish|complete|get through|enough time|more time|in case)\b`)},
		unless: []string{"than", "p99", "margin", "deadline"},
		why: func(p Prompt, _ string) string {
			text := "each slow call then holds its worker longer, rate × timeout workers in all"
			if p.Warn.Rate != "" && p.Warn.Workers != "" {
				text += fmt.Sprintf(" (%s calls a second, %s workers)", p.Warn.Rate, p.Warn.Workers)
			}
			return text + ": in a slow spell the calls still fail, only later, while the pool fills. Fit the timeout to the p99; give slow calls a fallback."
		},
		lesson: "02-timeouts", step: "When a timeout is enough",
	},
	{
		// Lesson 3: a cap at the average need refuses good calls in every
		// burst; rate × p99 plus headroom refuses almost none.
		id:     "bulkhead-at-mean",
		points: []string{"bulkhead"},
		says:   regexp.MustCompile(`\b(?:mean|average|avg|median|p50|typical)\s+(?:latency|response time|call time|duration|time)\b|\b(?:average|mean) (?:number of )?(?:calls|requests) in flight\b`),
		also:   []*regexp.Regexp{regexp.MustCompile(`bulkhead|semaphore|permits|slots|\bcap\b|concurrency limit|separate pool|\bsize`)},
		unless: []string{"p99", "headroom", "plus", "above", "burst", "percentile"},
		why: func(Prompt, string) string {
			return "a cap at the average need is below it a large part of the time, and every burst's calls beyond it are refused while the dependency is healthy. Size it by rate × p99, plus headroom."
		},
		lesson: "03-bulkheads", step: "Too small rejects good calls",
	},
	{
		// Lesson 3, "Every share must fit": a bulkhead fences off a share
		// of what exists; it adds no worker.
		id:     "bulkhead-adds-capacity",
		points: []string{"bulkhead"},
		says: regexp.MustCompile(`\b(?:adds?|adding|creates?|gives?|increases?|boosts?|more|extra)\s+(?:\w+\s+){0,2}?(?:capacity|throughput)\b|` +
			`\b(?:adds?|gives?|creates?)\s+(?:\w+\s+)?(?:more|extra)\s+(?:threads|workers|connections)\b`),
		also:   []*regexp.Regexp{regexp.MustCompile(`bulkhead|semaphore|separate pools?|own pool|permits`)},
		unless: []string{"fit", "share of", "out of the", "within"},
		why: func(Prompt, string) string {
			return "a bulkhead adds no worker: it fences off a share of the pool one dependency may hold, so that a slow one cannot take the rest, and the shares together must fit in the pool they draw on, or they protect nothing."
		},
		lesson: "03-bulkheads", step: "Every share must fit",
	},
	{
		// Lesson 10: a limiter counts calls a second; a slow dependency's
		// rate does not change, each call just holds a worker longer.
		id:     "rate-limit-slowness",
		points: []string{"bulkhead"},
		says:   regexp.MustCompile(`\brate[- ]?limit\w*|\bthrottl\w*|\blimiter\b|\brequests? per second (?:cap|limit)`),
		also:   []*regexp.Regexp{regexp.MustCompile(`\bslow\w*|\blatency\b|\bhang\w*|\bhung\b`)},
		unless: []string{"lets", "let through", "passes", "counts", "usual rate", "same rate", "drain", "backlog", "ramp", "after the outage", "once it is back", "once the provider is back", "is back", "recover", "burst", "client key", "per client", "api key", "quota", "noisy"},
		why: func(Prompt, string) string {
			return "a rate limiter counts calls a second, and a slow dependency's rate does not change: each call just holds a worker longer, and the limiter lets them all through. Against slowness cap the calls in flight (a bulkhead) and time them out."
		},
		lesson: "10-shedding-rate-limits-bulkheads", step: "Now catalog slows: the limiter",
	},
	{
		// Lessons 5 and 12: a shorter wait finds the recovery at most one
		// wait sooner, and probes a provider that is still down meanwhile.
		id:     "shorter-wait-sooner",
		points: []string{"cooldown"},
		says: regexp.MustCompile(`\b(?:short|shorter|shorten|shortening|lower|reduce|reducing|small|smaller|quick|tiny|minimal)\s+(?:the\s+|a\s+|its\s+)?(?:\w+\s+)?(?:open wait|wait|wait duration|waitdurationinopenstate|cooldown|cool-down|cool down|open time|open duration|open period|open state|open interval|break duration|sleep window|reset timeout)\b[^.;]*\b(?:recover\w*|sooner|faster|quicker|quickly|fast|earlier)\b|` +
			`\b(?:open wait|wait|wait duration|cooldown|cool-down|open time|open duration|break duration|sleep window)\s+(?:\w+\s+){0,2}?(?:short|shorter|small|low|brief)\b[^.;]*\b(?:recover\w*|sooner|faster|quicker|quickly|fast|earlier)\b|` +
			`\b(?:recover\w*|back)\s+(?:\w+\s+){0,2}(?:sooner|faster|quicker|quickly|earlier)\b[^.;]*\b(?:short|shorter|shorten|lower|reduce|small|smaller)\s+(?:the\s+)?(?:\w+\s+)?(?:open wait|wait|cooldown|cool-down|open time|open duration|break duration|sleep window)\b`),
		also:          []*regexp.Regexp{regexp.MustCompile(`breaker|circuit|cool-?down|cool down|open (?:wait|time|duration|period|state|interval)|wait ?duration|break duration|sleep window|reset timeout`)},
		wholeSentence: true,
		unless:        []string{"too short", "probe", "flap", "restart", "failover", "trade", "at the cost", "costs", "but ", "jitter"},
		why: func(Prompt, string) string {
			return "it finds the recovery at most one wait sooner; until then every round of probes meets a provider still down, and a struggling one flaps. Fit the wait to the restart or failover, jittered."
		},
		lesson: "12-a-fleet-of-breakers", step: "A cooldown shorter than the restart",
	},
	{
		// Lesson 5: Resilience4j judges a failure rate over its window,
		// and no rate before minimumNumberOfCalls.
		id:     "r4j-opens-after-n",
		points: []string{"threshold"},
		says: regexp.MustCompile(`\b(?:opens?|trips?|opening|tripping|break|breaks)\s+(?:the\s+(?:circuit|breaker)\s+)?(?:after|at|on|once there are|when there are|following)\s+(?:the\s+)?(?:first\s+)?(?:[0-9]+|one|two|three|four|five|six|seven|eight|nine|ten|a few|several)\s+(?:consecutive\s+|successive\s+|straight\s+)?(?:failures|errors|failed calls|failed requests|exceptions|timeouts|failure|error)\b|` +
			`\b(?:[0-9]+|three|five|ten)\s+(?:consecutive\s+|successive\s+)?(?:failures|errors|failed calls|timeouts)\s+(?:in a row\s+)?(?:opens?|trips?|open|trip)\b|` +
			`\b(?:opens?|trips?)\s+(?:once|when|after|as soon as)\s+(?:[0-9]+|three|five|ten|a few)\s+(?:calls|requests)\s+(?:fail|have failed|time out|error)`),
		wholeSentence: true,
		needs:         r4jWords,
		unless:        []string{"%", "percent", "rate", "ratio", "of the last", "out of", "window", "minimum", "at least"},
		why: func(Prompt, string) string {
			c := breaker.Resilience4j()
			return fmt.Sprintf("Resilience4j counts no failures in a row: it opens when %s%% of its last %d calls fail, and judges nothing before it holds its minimum of %d calls, which a quiet dependency may never reach.",
				numText(c.FailureRate*100), c.WindowSize, c.MinimumCalls)
		},
		lesson: "05-tuning-a-breaker", step: "The minimum number of calls",
	},
	{
		// Lesson 12: a breaker lives in one process's memory and opens on
		// its own window; nothing tells the others.
		id:     "breakers-share",
		points: []string{"local"},
		says: regexp.MustCompile(`\b` + fleetWords + `\s+(?:\w+\s+){0,2}?(?:open|opens|trip|trips|stop calling|stops calling)\s+(?:too|as well|together|at once|immediately|with it)\b|` +
			`\b` + fleetWords + `\s+(?:\w+\s+)?(?:follow|follows|follow suit|know|knows|learn|learns|find out|finds out|see it|sees it|stop calling|stops calling)\b|` +
			`\bbreaker(?:'s|’s)?\s+(?:state\s+)?(?:is|are|gets|get)\s+shared\b|\bbreaker\s+(?:\w+\s+){0,2}?(?:opens|trips|open|trip)\s+for\s+(?:all|every|the whole|the entire)\s+(?:instances?|servers?|pods?|nodes?|fleet|replicas?)\b|` +
			`\b(?:tells|notifies|informs|signals)\s+(?:the\s+)?(?:other|others|every|all)\b`),
		also:          []*regexp.Regexp{regexp.MustCompile(`breaker`)},
		wholeSentence: true,
		unless:        []string{"shared store", "redis", "gateway", "mesh", "envoy", "sidecar", "in front", "central", "coordinat", "gossip", "broadcast", "consul", "etcd", "zookeeper", "database", "cache"},
		why: func(Prompt, string) string {
			return "a breaker is an object in one instance's memory: each sees only its own calls and opens on its own window, and nothing tells the others (a restart forgets it too). Acting for the fleet takes a shared store or a gateway in front."
		},
		lesson: "12-a-fleet-of-breakers", step: "The outage: each decides alone",
	},
	{
		// Lesson 7: notify on every opening, page on the sustained signals;
		// a page on each opening fires on every blip and flap.
		id:     "page-every-opening",
		points: []string{"metrics"},
		says: regexp.MustCompile(`\b(?:page|pages|paging)\s+(?:the\s+|an?\s+|our\s+)?(?:on-?call|oncall|engineer|someone|somebody|team|sre|people|us)\b[^,;.]*|` +
			`\b(?:page|pages|paging|pager|pagerduty|wake (?:someone|somebody|people|the on-?call) up)\b[^,;.]*`),
		also: []*regexp.Regexp{regexp.MustCompile(`\b(?:every|each|any)\s+(?:\w+\s+){0,3}?(?:open|opens|opening|openings|trip|trips|transition|transitions|state change|state changes)\b|` +
			`\b(?:when|whenever|if|as soon as|once)\s+(?:a|the|any)\s+(?:circuit\s+)?breaker\s+(?:opens|trips|changes state)\b`)},
		unless: []string{"blip", "flap", "ignore", "noise", "noisy", "fatigue", "would", "time open", "stays open", "stay open", "open for", "more than", "longer than", "sustained", "per hour", "minutes", "fallback rate"},
		why: func(Prompt, string) string {
			return "every opening deserves a notice, but a page on each one fires on every blip and flap, and people learn to ignore pages like that. Page on the sustained signals: time open per hour, the fallback rate."
		},
		lesson: "07-fallbacks-and-metrics", step: "Self-check: who gets paged",
	},
	{
		// Lesson 9: a health probe that checks the provider fails with it,
		// and the platform restarts every pod of an API that is otherwise
		// fine.
		id:     "health-checks-dependency",
		points: []string{"health", "bulkhead"},
		says:   regexp.MustCompile(`\b(?:checks?|checking|calls?|calling|pings?|pinging|verif(?:y|ies)|tests?|includes?|probes?|queries|query|hits?|depends on|fails? (?:if|when))\s+(?:that\s+|whether\s+)?(?:the\s+|our\s+|each\s+|every\s+)?(?:\w+\s+)?(?:payment provider|payment api|payment service|payments|provider|dependency|dependencies|downstream|database|db|upstreams?|third[- ]part\w*|external)\b`),
		also:   []*regexp.Regexp{regexp.MustCompile(`/health|health[- ]?checks?|health endpoint|health probe|liveness|readiness|healthcheck`)},
		why: func(Prompt, string) string {
			return "it then fails whenever the provider does, and the platform restarts every pod of an API that is fine but for that call: the restarts fix nothing, and everyone loses service. Answer /health from the process alone."
		},
		lesson: "09-checkout-incident", step: "Self-check: what health should check",
	},
	{
		// Lesson 1, "A bigger pool": in flight = rate × time held, and a
		// hang raises the time held past the pool; twice the workers fill
		// about twice as late. Sizing a pool by rate × p99 is no myth, so
		// a sentence that does (or says the pool only buys time) is left
		// alone.
		id:     "bigger-pool",
		points: []string{"capacity", "bulkhead"},
		// A bare "more workers" is advice only as the clause's start or
		// after a verb that asks for them: "a longer timeout holds more
		// workers" is the opposite point.
		says: regexp.MustCompile(`(?:^|\b(?:add|adds|adding|give|giving|use|using|provision|allocate|throw|throwing|spin up|need|needs|just|a|an)\s+)(?:a\s+)?(?:bigger|larger|more|extra|additional)\s+(?:thread\s+|worker\s+)?(?:pool size|pools?|workers|threads)\b|` +
			`\b(?:raise|raising|increase|increasing|bump|bumping|grow|growing|double|doubling|enlarge|enlarging|expand|expanding|scale up|scaling up)\s+(?:the\s+|our\s+|its\s+)?(?:thread\s+|worker\s+)?(?:pool(?:'s|’s)?\s+size|pool|pools|workers|threads|thread count|worker count|max threads)\b|` +
			`\badd(?:s|ing)?\s+(?:more\s+)?(?:threads|workers)\b`),
		otherTools: []string{"bulkhead", "semaphore", "separate", "own pool", "dedicated", "per dependency", "per-dependency", "shard", "overlap", "lane"},
		unless:     []string{"p99", "little", "rate ×", "rate x", "rate *", "headroom", "buys time", "buy time", "fills later", "only delays", "healthy day", "normal day"},
		why: func(_ Prompt, figures string) string {
			return withFigures("a bigger pool fills later, not never: a hang raises the time each call holds its worker, and in flight = rate × time held outgrows any pool",
				figures, "Cap what one dependency may hold (a bulkhead) and time its calls out.")
		},
		figures: "in lesson 1's hang, {{param step6 workers}} workers instead of {{param cascade/0 workers}} were full at {{full-from step6 front 10s}} instead of {{full-from cascade/0 front 10s}}, as the hang wanted {{little step6 recommendations timeout}} at once",
		lesson:  "01-one-slow-dependency", step: "A bigger pool",
	},
	{
		// Lesson 6, "A retry storm": every retry of a call that timed out
		// is one more call to a provider already slow.
		id:     "more-retries",
		points: []string{"retry"},
		says: regexp.MustCompile(`\b(?:more|extra|additional)\s+(?:retries|retry attempts|attempts)\b|\bretry\s+more\b|\bretr(?:y|ies)\s+(?:\w+\s+)?more\s+(?:often|times)\b|` +
			`\b(?:raise|raising|increase|increasing|bump|bumping|double|doubling)\s+(?:the\s+|our\s+|its\s+)?(?:retry\s+(?:count|attempts|limit)|retries|retry|max(?:imum)?\s+(?:retries|attempts)|number of retries|attempts)\b`),
		also:           []*regexp.Regexp{retryRE},
		alsoInSentence: true,
		leftToRetry:    true,
		unless:         []string{"budget", "token bucket", "fewer", "storm", "amplif", "multipl"},
		why: func(_ Prompt, figures string) string {
			return withFigures("in a slow spell each retry is one more call to a provider that is already failing or slow, and the worse it does, the more calls it gets",
				figures, "Retry transient errors only, with backoff and jitter, under a retry budget.")
		},
		figures: "in lesson 6's slow spell, up to {{param step3 payment.retry.attempts}} attempts sent the provider {{calls step3 payment}} calls instead of {{calls checkout/1 payment}}, and health's median latency rose from {{p50 checkout/1 health}} to {{p50 step3 health}}",
		lesson:  "06-retries-and-order", step: "A retry storm",
	},
}

// withFigures is a myth's claim, its figures after a colon where it has
// them (the claim reads whole without), and the advice.
func withFigures(claim, figures, advice string) string {
	if figures != "" {
		claim += ": " + figures
	}
	return claim + ". " + advice
}

// mythFigures fills every myth's figures, in the context of the lesson it
// cites, once: the runs behind them are the lesson's, seeded as the
// lesson seeds them.
var mythFigures = sync.OnceValues(func() (map[string]string, error) {
	return fillMythFigures(lessons.NewLab())
})

// fillMythFigures fills every myth's figures through lab, by myth ID; the
// error names the myth and what would not fill.
func fillMythFigures(lab *lessons.Lab) (map[string]string, error) {
	out := map[string]string{}
	for _, m := range myths {
		if m.figures == "" {
			continue
		}
		l, err := lessons.Lookup(m.lesson)
		if err != nil {
			return nil, fmt.Errorf("warning %s: lesson %q: %w", m.id, m.lesson, err)
		}
		filled, err := lab.FillLessonText(l, "warning "+m.id+", figures", m.figures)
		if err != nil {
			return nil, err
		}
		out[m.id] = filled
	}
	return out, nil
}

// filledFigures is the myth's figures, filled, or "" when it has none or
// they would not fill (`interview --check` says why).
func filledFigures(id string) string {
	figs, err := mythFigures()
	if err != nil {
		return ""
	}
	return figs[id]
}

// mythWarnings are the misconceptions the answer states, one warning
// each, for the first clause that states it.
func mythWarnings(p Prompt, answer string) []Warning {
	lower := strings.ToLower(answer)
	type placed struct {
		at int
		w  Warning
	}
	var found []placed
	for _, m := range myths {
		point := ""
		for _, id := range m.points {
			if hasPoint(p, id) {
				point = id
				break
			}
		}
		if point == "" || len(m.needs) > 0 && firstOf(lower, m.needs) == "" || firstOf(lower, m.answerUnless) != "" {
			continue
		}
		if said, at := m.statedIn(lower, p); said != "" {
			said = asTyped(answer, lower, said)
			found = append(found, placed{at, Warning{Point: point, Text: fmt.Sprintf("You write %q: %s (%s)", said, m.why(p, filledFigures(m.id)), m.cite())}})
		}
	}
	// In the answer's order, as the learner wrote them.
	sort.SliceStable(found, func(i, j int) bool { return found[i].at < found[j].at })
	out := make([]Warning, len(found))
	for i, f := range found {
		out[i] = f.w
	}
	return out
}

// statedIn is the words of lower that state the misconception, and the
// sentence they are in, as sentences splits lower; "" and -1 for none.
func (m myth) statedIn(lower string, p Prompt) (string, int) {
	for at, s := range sentences(lower) {
		if m.leftToRetry && firstOf(s, promptPoint(p, "retry").Unless) != "" {
			continue
		}
		parts := []string{s}
		if !m.wholeSentence {
			parts = clauses(s)
		}
		for _, c := range parts {
			alsoIn := c
			if m.alsoInSentence {
				alsoIn = s
			}
			if m.says.MatchString(c) && m.alsoSaid(alsoIn) && firstOf(c, m.otherTools) == "" && firstOf(s, m.unless) == "" &&
				(m.keepNegations || !negation.MatchString(c)) {
				return quoteOf(c, m.says.FindString(c)), at
			}
		}
	}
	return "", -1
}

// alsoSaid says whether the text holds every one of also.
func (m myth) alsoSaid(text string) bool {
	for _, re := range m.also {
		if !re.MatchString(text) {
			return false
		}
	}
	return true
}

// clauses splits a sentence where clauseEnd does: "a bulkhead against
// slowness, and a rate limit against bursts" is two claims.
func clauses(s string) []string {
	var out []string
	from := 0
	for _, m := range clauseEnd.FindAllStringIndex(s, -1) {
		if c := strings.TrimSpace(s[from:m[0]]); c != "" {
			out = append(out, c)
		}
		from = m[1]
	}
	if c := strings.TrimSpace(s[from:]); c != "" {
		out = append(out, c)
	}
	return out
}

// quoteOf is what a warning quotes: the clause that states the
// misconception, or where that is long, the words that do, trimmed.
func quoteOf(clause, words string) string {
	const most = 70
	s := strings.TrimRight(strings.TrimSpace(clause), ".!?:")
	if len(s) <= most {
		return s
	}
	s = strings.TrimSpace(words)
	if len(s) <= most {
		return s
	}
	cut := strings.LastIndex(s[:most], " ")
	if cut <= 0 {
		return s
	}
	return s[:cut] + "…"
}

// asTyped is said, found in lower, with the answer's own capitals
// ("Resilience4j"), where lowering kept every byte in place (it does for
// ASCII); otherwise said as it is.
func asTyped(answer, lower, said string) string {
	words := strings.TrimSuffix(said, "…")
	i := strings.Index(lower, words)
	if i < 0 || len(lower) != len(answer) {
		return said
	}
	return answer[i:i+len(words)] + said[len(words):]
}

// cite names the lesson step that shows the misconception false: the
// lesson's number, which finds it in the list, and the step's title, what
// the learner read there. (The lesson's title would take a line of the
// rubric's narrow column and say no more.) A lesson's number heads its ID,
// as the catalog reads it.
func (m myth) cite() string {
	num, _, _ := strings.Cut(m.lesson, "-")
	if n, err := strconv.Atoi(num); err == nil {
		num = strconv.Itoa(n)
	}
	return fmt.Sprintf("lesson %s, “%s”", num, m.step)
}

// AnswerWarnings are all the warnings the answer earns on prompt p, in
// the rubric's order of points: the harmful advice of Warnings (retries,
// charges, timeouts, with the prompt's numbers) and the misconceptions
// the lessons show false, each citing its lesson.
func AnswerWarnings(p Prompt, answer string) []Warning {
	return inRubricOrder(p, append(Warnings(p, answer), mythWarnings(p, answer)...))
}

// AnswerPointWarnings are AnswerWarnings' texts by rubric point: out[i]
// for p.Points[i]. The grading screen and a saved interview show them.
func AnswerPointWarnings(p Prompt, answer string) [][]string {
	return textsByPoint(p, AnswerWarnings(p, answer))
}
