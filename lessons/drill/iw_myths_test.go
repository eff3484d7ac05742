package drill

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
)

// mythCase is a sentence a candidate could write, and the misconception
// it states ("" for none): each misconception has wrong sentences that
// state it and right ones about the same thing that do not.
type mythCase struct{ answer, myth string }

var mythCases = []mythCase{
	// Lesson 6: Resilience4j's Retry retries the breaker's refusal unless
	// told not to.
	{"We use Resilience4j: Retry outside the CircuitBreaker, so an open breaker stops the retries.", "r4j-retry-stops"},
	{"With Resilience4j the retry won't retry once the breaker is open.", "r4j-retry-stops"},
	{"We use Resilience4j: Retry outside the CircuitBreaker, with CallNotPermittedException in the retry's ignoreExceptions, so an open breaker stops the retries.", ""},
	{"Retry outside the breaker, so an open breaker stops the retries.", ""}, // no library named: the rubric's own point
	// Lessons 4 and 6: retrying every failure.
	{"Retry every failed call 3 times with exponential backoff.", "retry-every-error"},
	{"The client retries on any exception, up to 3 attempts with backoff.", "retry-every-error"},
	{"Retry only transient errors, with backoff and jitter, under a retry budget.", ""},
	{"Never retry every error: a refusal from an open breaker is final.", ""},
	{"Retry all 5xx errors three times.", "retry-every-error"},
	{"Resilience4j's Retry retries every exception by default, so list the refusal in ignoreExceptions.", ""},
	// Lesson 5: a breaker in place of the timeout never opens on a hang.
	{"We need no timeout at all if we add a circuit breaker: the breaker alone keeps /health answering.", "breaker-instead-of-timeout"},
	{"No timeout is needed since the circuit breaker opens when payment is slow.", "breaker-instead-of-timeout"},
	{"Skip the timeout because the breaker trips on slow calls.", "breaker-instead-of-timeout"},
	{"The breaker alone protects our workers.", "breaker-instead-of-timeout"},
	{"With no timeout, a breaker never opens on a hang: the hung calls never end.", ""},
	{"A breaker alone is not enough: we still need a 500 ms timeout.", ""},
	{"A 500 ms timeout, then a breaker over the calls that time out.", ""},
	{"No timeout on /health, since it calls nothing.", ""}, // no breaker
	// Lessons 2, 9 and 11: a timeout frees the caller, not the provider.
	{"A 400 ms timeout also frees the provider, since it stops working on calls we gave up on.", "timeout-frees-provider"},
	{"The timeout cancels the request at the provider, so it is not overloaded.", "timeout-frees-provider"},
	{"Timeouts reduce the provider's load while it is slow.", "timeout-frees-provider"},
	{"When the request times out, the provider stops processing it.", "timeout-frees-provider"},
	{"Timeouts protect the payment provider from overload.", "timeout-frees-provider"},
	{"The breaker protects the provider, and the timeout protects our workers.", ""},
	{"The timeout frees our worker, not the provider: it keeps working on the abandoned call.", ""},
	{"With the deadline propagated over gRPC, a timeout cancels the call at the provider too.", ""},
	{"A 400 ms timeout frees the worker waiting on the provider.", ""},
	// Lessons 2 and 10: a longer timeout to wait out the slowness.
	{"Increase the timeout so slow payments can still finish.", "longer-timeout"},
	{"Use a generous timeout to be safe.", "longer-timeout"},
	{"Set the timeout a little longer than the p99, so normal calls finish.", ""},
	{"A longer timeout only holds more workers.", ""},
	// Lesson 3: a cap at the average.
	{"Size the bulkhead at rate × mean latency.", "bulkhead-at-mean"},
	{"The semaphore allows the average number of calls in flight.", "bulkhead-at-mean"},
	{"Size the bulkhead at rate × p99 plus headroom, not the mean latency.", ""},
	{"Little's law: rate × mean latency is the average number of busy workers.", ""},
	// Lesson 3: a bulkhead makes no capacity.
	{"A bulkhead gives the payment calls more capacity, so they succeed.", "bulkhead-adds-capacity"},
	{"Separate pools add extra threads for each dependency.", "bulkhead-adds-capacity"},
	{"A bulkhead adds no capacity: it fences off a share of the pool.", ""},
	{"The bulkheads' permits must fit within the pool.", ""},
	// Lesson 10: a rate limiter against slowness.
	{"Put a rate limiter on the calls to the slow provider.", "rate-limit-slowness"},
	{"Throttle requests to the ranking model when its latency climbs.", "rate-limit-slowness"},
	{"A bulkhead against slowness, and a rate limit per client key against bursts.", ""},
	{"Once the provider is back, the backlog drains rate-limited.", ""},
	{"A limiter lets every slow call through: it counts calls a second.", ""},
	{"The .NET handler's order: rate limiter > total timeout > retry > breaker > attempt timeout.", ""},
	// Lessons 5 and 12: a shorter wait.
	{"Keep the breaker's open wait short, 5 s, so we recover faster.", "shorter-wait-sooner"},
	{"A shorter cooldown means the service recovers sooner.", "shorter-wait-sooner"},
	{"A shorter cooldown finds the recovery sooner but fails probe after probe while the provider restarts.", ""},
	{"The breaker stays open for about the restart time, jittered.", ""},
	{"The cooldown should be short so traffic resumes quickly.", "shorter-wait-sooner"},
	{"Keep the queue's wait short, so pages come back quickly.", ""}, // no breaker
	// Lesson 5: Resilience4j opens on a rate, from a minimum.
	{"Resilience4j opens the circuit after 5 consecutive failures.", "r4j-opens-after-n"},
	{"With Resilience4j, 5 failures in a row trip the breaker.", "r4j-opens-after-n"},
	{"In Resilience4j the breaker opens once 5 calls fail.", "r4j-opens-after-n"},
	{"Resilience4j opens at a 50% failure rate over the last 100 calls, once it has a minimum of 100.", ""},
	{"Our own breaker opens after 5 consecutive failures.", ""}, // no Resilience4j: libraries that count in a row exist
	// Lesson 12: breakers are local.
	{"When one instance's breaker opens, the others open too.", "breakers-share"},
	{"The breaker state is shared across the fleet, so every instance stops calling the provider.", "breakers-share"},
	{"If one pod's breaker trips, all pods stop calling the provider.", "breakers-share"},
	{"Nothing in a breaker is shared: each instance decides alone.", ""},
	{"The breaker is per instance: each opens on its own calls, and the others don't know.", ""},
	{"The breaker state is shared through Redis, so the fleet acts together.", ""},
	// Lesson 7: paging.
	{"Page the on-call every time a breaker opens.", "page-every-opening"},
	{"Alert with PagerDuty whenever the circuit breaker opens.", "page-every-opening"},
	{"Notify on every opening, page on time open per hour.", ""},
	{"Page the on-call when the breaker stays open for more than 5 minutes.", ""},
	{"A page on every transition fires on each blip.", ""},
	// Lesson 9: what health checks.
	{"/health checks that the payment provider is reachable.", "health-checks-dependency"},
	{"The readiness probe pings the database.", "health-checks-dependency"},
	{"The liveness probe calls the payment API.", "health-checks-dependency"},
	{"/health never calls the provider, and has a worker of its own.", ""},
	{"/health answers from the process alone.", ""},
	// Lesson 1: a bigger pool fills later, not never.
	{"Give the server a bigger thread pool.", "bigger-pool"},
	{"Add more workers so search keeps some.", "bigger-pool"},
	{"With more workers any overlap gets rarer.", ""},
	{"Raise the pool size to 400.", "bigger-pool"},
	{"More threads, so search keeps some.", "bigger-pool"},
	{"Double the workers.", "bigger-pool"},
	{"A bulkhead on recommendations.", ""},
	{"Fewer workers for recommendations, through a bulkhead.", ""},
	{"Size the pool at rate × p99 plus headroom.", ""},
	{"A bigger pool only buys time: it fills later.", ""},
	{"Rather than more threads, a bulkhead per dependency.", ""},
	{"Give recommendations its own pool of 20 workers.", ""},
	{"A longer hang holds more workers.", ""},
	// Lesson 6: more retries feed the storm.
	{"Retry more, with exponential backoff.", "more-retries"},
	{"Add more retries so payments go through.", "more-retries"},
	{"Increase the retry count to 5.", "more-retries"},
	{"Retry transient errors twice with backoff, under a retry budget.", ""},
	{"Fewer retries: one, with jitter.", ""},
	{"More retries only make a storm.", ""},
}

// mythsOf are the IDs of the misconceptions the answer is warned of.
func mythsOf(p Prompt, answer string) []string {
	var ids []string
	for _, m := range myths {
		if said, _ := m.statedIn(strings.ToLower(answer), p); said != "" && (len(m.needs) == 0 || firstOf(strings.ToLower(answer), m.needs) != "") &&
			firstOf(strings.ToLower(answer), m.answerUnless) == "" {
			ids = append(ids, m.id)
		}
	}
	return ids
}

// Each misconception a lesson shows false is warned of when an answer
// states it, and not when an answer says the right thing about the same
// tool; payment-checkout has every point the warnings stand beside.
func TestMythsWarnTheWrongSentenceOnly(t *testing.T) {
	p, err := PromptNamed("payment-checkout")
	if err != nil {
		t.Fatal(err)
	}
	stated := map[string]bool{}
	for _, c := range mythCases {
		got := strings.Join(mythsOf(p, c.answer), " ")
		if got != c.myth {
			t.Errorf("%q states %q, want %q", c.answer, got, c.myth)
		}
		stated[c.myth] = true
		ws := mythWarnings(p, c.answer)
		if (len(ws) > 0) != (c.myth != "") {
			t.Errorf("%q gets warnings %+v, want them: %v", c.answer, ws, c.myth != "")
		}
	}
	for _, m := range myths {
		if !stated[m.id] {
			t.Errorf("no sentence states %s", m.id)
		}
	}
}

// A warning quotes the answer's words as typed, stands beside the point it goes
// against, and names the lesson step that shows why: the lesson's number
// and the step's title, which the lesson has.
func TestMythWarningsCiteTheirLesson(t *testing.T) {
	for _, m := range myths {
		l, err := lessons.Lookup(m.lesson)
		if err != nil {
			t.Errorf("%s cites lesson %s: %v", m.id, m.lesson, err)
			continue
		}
		found := false
		for _, s := range l.Steps {
			found = found || s.Title == m.step
		}
		if !found {
			t.Errorf("%s cites step %q, which lesson %s does not have", m.id, m.step, m.lesson)
		}
		if want := fmt.Sprintf("lesson %d, “%s”", l.Number, m.step); m.cite() != want {
			t.Errorf("%s cites %q, want %q", m.id, m.cite(), want)
		}
	}
	p, err := PromptNamed("payment-checkout")
	if err != nil {
		t.Fatal(err)
	}
	ws := mythWarnings(p, "Page the on-call every time a breaker opens.")
	if len(ws) != 1 || ws[0].Point != "metrics" || !strings.HasPrefix(ws[0].Text, `You write "Page the on-call every time a breaker opens":`) ||
		!strings.HasSuffix(ws[0].Text, "(lesson 7, “Self-check: who gets paged”)") {
		t.Errorf("the paging warning: %+v", ws)
	}
}

// The strong answers of every prompt state no misconception either, and
// the grading screen's warnings (GradeRubric) carry the misconceptions
// beside their points, after the harmful advice Warnings finds.
func TestStrongAnswersStateNoMyth(t *testing.T) {
	for _, p := range Prompts() {
		answer := strongCommon + strongOwn[p.ID]
		if w := AnswerWarnings(p, answer); len(w) > 0 {
			t.Errorf("%s: the strong answer is warned: %+v", p.ID, w)
		}
	}
	p, err := PromptNamed("payment-checkout")
	if err != nil {
		t.Fatal(err)
	}
	answer := weakAnswer + " Resilience4j opens the circuit after 5 consecutive failures."
	graded := GradeRubric(p, answer, nil)
	for _, g := range graded {
		switch g.ID {
		case "threshold":
			if len(g.Warnings) != 1 || !strings.Contains(g.Warnings[0], "Resilience4j counts no failures in a row") {
				t.Errorf("threshold's warnings: %q", g.Warnings)
			}
		case "retry":
			// "retry every failed call 5 times right away" is warned once,
			// as an immediate retry, whose warning says never to retry a
			// refusal too.
			if len(g.Warnings) != 1 || !strings.Contains(g.Warnings[0], `"right away"`) {
				t.Errorf("retry's warnings: %q", g.Warnings)
			}
		}
	}
}

// A prompt without the point a misconception stands beside gets it on
// the next one it names, or none: health's warning stands beside the
// bulkhead where no /health point is.
func TestMythWarningsStandBesideAPointThePromptHas(t *testing.T) {
	p, err := PromptNamed("api-gateway")
	if err != nil {
		t.Fatal(err)
	}
	ws := mythWarnings(p, "/health checks that the payment provider is reachable.")
	if len(ws) != 1 || ws[0].Point != "bulkhead" {
		t.Errorf("api-gateway's health warning: %+v", ws)
	}
}

// Two misconceptions beside one point are warned in the order the answer
// states them, which is not the order they are listed in; a long
// sentence is quoted by the words that state the misconception.
func TestMythWarningsFollowTheAnswer(t *testing.T) {
	p, err := PromptNamed("payment-checkout")
	if err != nil {
		t.Fatal(err)
	}
	answer := "Increase the timeout so slow payments can still finish. The timeout also frees the provider."
	ws := mythWarnings(p, answer)
	if len(ws) != 2 || !strings.HasPrefix(ws[0].Text, `You write "Increase the timeout so slow payments can still finish":`) ||
		!strings.HasPrefix(ws[1].Text, `You write "The timeout also frees the provider":`) {
		t.Errorf("the timeout's warnings, in the answer's order: %+v", ws)
	}
	long := "We use Resilience4j everywhere in this service: Retry outside the CircuitBreaker, so an open breaker stops the retries."
	if ws := mythWarnings(p, long); len(ws) != 1 || !strings.HasPrefix(ws[0].Text, `You write "open breaker stops the retries":`) {
		t.Errorf("the long sentence's warning: %+v", ws)
	}
}

// What the project itself says right states no misconception: the deck's
// model answers (which name the misconceptions to refute them: "a limiter
// lets every slow call through", "Resilience4j's Retry retries every
// exception by default"), every rubric point, and the cheat sheet's lines
// (".NET handler: rate limiter > total timeout > …").
func TestModelAnswersStateNoMyth(t *testing.T) {
	p, err := PromptNamed("payment-checkout")
	if err != nil {
		t.Fatal(err)
	}
	deck, err := Deck()
	if err != nil {
		t.Fatal(err)
	}
	texts := map[string]string{}
	for _, c := range deck {
		texts["card "+c.ID] = c.Answer()
	}
	for _, q := range Prompts() {
		for _, pt := range q.Points {
			texts["point "+q.ID+"/"+pt.ID] = pt.Text
		}
	}
	for _, f := range []Format{Text, Markdown} {
		sheet, err := CheatSheet(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, l := range strings.Split(sheet, "\n") {
			texts[fmt.Sprintf("the %s cheat sheet's line %d", f, i+1)] = l
		}
	}
	if len(texts) < 100 {
		t.Fatalf("only %d texts: the check reads next to nothing", len(texts))
	}
	for where, text := range texts {
		for _, w := range mythWarnings(p, text) {
			t.Errorf("%s is warned: %s\n  %s", where, w.Text, text)
		}
	}
}

// A bigger pool and more retries are warned of with what the cited step
// showed, from the engine: the moment the doubled pool is full against
// the first one's, the calls the storm sent against those without retries.
func TestPoolAndRetryWarningsQuoteTheirSteps(t *testing.T) {
	p, err := PromptNamed("payment-checkout")
	if err != nil {
		t.Fatal(err)
	}
	lab := lessons.NewLab()
	for _, c := range []struct {
		answer, lesson, point string
		figures               []string
	}{
		{"Give the server a bigger thread pool.", "01-one-slow-dependency", "capacity",
			[]string{"{{full-from step6 front 10s}}", "{{full-from cascade/0 front 10s}}", "{{param step6 workers}}", "{{little step6 recommendations timeout}}"}},
		{"Add more retries so payments go through.", "06-retries-and-order", "retry",
			[]string{"{{calls step3 payment}}", "{{calls checkout/1 payment}}", "{{p50 step3 health}}"}},
	} {
		l, err := lessons.Lookup(c.lesson)
		if err != nil {
			t.Fatal(err)
		}
		ws := mythWarnings(p, c.answer)
		if len(ws) != 1 || ws[0].Point != c.point {
			t.Fatalf("%q: warnings %+v, want one beside %s", c.answer, ws, c.point)
		}
		for _, f := range c.figures {
			want, err := lab.FillLessonText(l, "figure", f)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(ws[0].Text, " "+want) {
				t.Errorf("%q: the warning lacks %s (%s): %s", c.answer, f, want, ws[0].Text)
			}
		}
	}
	if figs, err := fillMythFigures(lab); err != nil || len(figs) != 2 {
		t.Errorf("the warnings' figures fill as %v, %v; want two", figs, err)
	}
}
