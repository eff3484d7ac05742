package drill

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// weakAnswer is the reviewer's answer to payment-checkout (rep-a2, 1): it
// names a cache, retries, a breaker with default settings, a probe, a
// timeout, a context and restarts, and makes none of the rubric's points
// but the timeout, which it gets wrong.
const weakAnswer = "I would add a cache in front of the payment provider and retry every failed call 5 times right away. " +
	"Also a circuit breaker with default settings, it will probe health. Timeout of 30 s to be safe. " +
	"Context: we restart pods if it breaks."

// The ✱ hints starred 7 of the weak answer's 15 points (deadline for
// "Context", cooldown for "restart", half-open and health for "probe",
// fallback for "cache" and "default", retry for "retry ... right away"):
// a learner trusting them would give themselves about 7. At most the
// timeout, which it names, may be starred.
func TestWeakAnswerGetsAtMostOneStar(t *testing.T) {
	p, err := PromptNamed("payment-checkout")
	if err != nil {
		t.Fatal(err)
	}
	hinted, _ := Hints(p, weakAnswer)
	var starred []string
	for i, h := range hinted {
		if h {
			starred = append(starred, p.Points[i].ID)
		}
	}
	if len(starred) > 1 {
		t.Errorf("the weak answer stars %d points (%s): at most 1", len(starred), strings.Join(starred, ", "))
	}
}

// The weak answer proposes three harmful things, and the rubric says so
// beside the point each goes against, with the prompt's numbers: retries
// "right away" (5 retries make 6 calls, 120 a second at 20 checkouts a
// second), a retried charge with no idempotency key, and a 30 s timeout
// against a p99 of 200 ms (600 workers wanted at 20 a second, against 16).
func TestWeakAnswerIsWarned(t *testing.T) {
	p, err := PromptNamed("payment-checkout")
	if err != nil {
		t.Fatal(err)
	}
	byPoint := map[string]string{}
	for _, w := range Warnings(p, weakAnswer) {
		byPoint[w.Point] += w.Text
	}
	for point, wants := range map[string][]string{
		"retry":       {`"right away"`, "6 calls", "at 20 calls a second a dependency that is already failing or slow gets 120 a second", "Back off with jitter"},
		"idempotency": {"no idempotency key", "bill the customer twice", "up to 6 times", "no order may be charged twice"},
		"timeout":     {"30 s is 150 times the p99 of 200 ms", "2 × p99 = 400 ms", "at 20 calls a second, 600 workers busy", "against 16"},
	} {
		for _, want := range wants {
			if !strings.Contains(byPoint[point], want) {
				t.Errorf("the %s warning should say %q: %q", point, want, byPoint[point])
			}
		}
	}
	graded := GradeRubric(p, weakAnswer, nil)
	for i, g := range graded {
		if want := byPoint[g.ID] != ""; (len(g.Warnings) > 0) != want {
			t.Errorf("point %d (%s) carries warnings %q; want some: %v", i+1, g.ID, g.Warnings, want)
		}
	}
}

// strongCommon makes every common point in words of its own idea.
const strongCommon = "Each call gets a timeout from its p99. The deadline travels: each hop waits for the time left " +
	"minus a margin, and cancellation goes down to the last hop. A bulkhead per dependency, sized by Little's law. " +
	"The breaker's threshold: 50% failures over 20 calls, a minimum of 10 calls. It stays open for about the restart " +
	"time, with a jittered wait. Half-open: a few trial calls decide. The fallback is a cached answer or a 503 with " +
	"Retry-After. The breaker is per instance, in memory. Metrics per state: notify on each opening, page on time open. " +
	"Retries go inside the breaker, with backoff and jitter, under a retry budget. The trade-off: some calls fail fast " +
	"that might have worked. "

// strongOwn makes each prompt's own points.
var strongOwn = map[string]string{
	"api-gateway": "One breaker and one bulkhead per upstream. A quota per client key, a 429 past it. " +
		"Load shedding by priority under overload.",
	"notifications": "Messages wait in a queue and go out once, through an outbox. Each channel has separate workers. " +
		"After the outage the backlog drains at a limited rate.",
	"e-commerce":       "The page degrades to best-sellers without recommendations. Load shedding by priority keeps checkout.",
	"slow-apis":        "Slow calls count as failures: a slow-call threshold from the SLO.",
	"payment-checkout": "Each charge carries an idempotency key. Orders stay pending payment. The pending charges drain at a limited rate. /health has a worker of its own.",
	"search-ranking":   "The fallback is the index order, unranked. The ranking call gets what is left of the deadline.",
}

// A strong answer to each prompt stars every point of its rubric and
// gets no warning: the keywords are narrow, not unreachable, and the
// warnings fire on harmful advice only.
func TestStrongAnswersStarEveryPointAndGetNoWarning(t *testing.T) {
	for _, p := range Prompts() {
		own, ok := strongOwn[p.ID]
		if !ok {
			t.Errorf("no strong answer for %s", p.ID)
			continue
		}
		answer := strongCommon + own
		hinted, _ := Hints(p, answer)
		for i, h := range hinted {
			if !h {
				t.Errorf("%s: the strong answer does not star %s (keywords %q)", p.ID, p.Points[i].ID, p.Points[i].Keywords)
			}
		}
		if w := Warnings(p, answer); len(w) > 0 {
			t.Errorf("%s: the strong answer is warned: %+v", p.ID, w)
		}
	}
}

// Each warning fires on its harmful advice and not on the advice done
// right; the retry point's hint is not starred by an answer that says its
// opposite in the same sentence.
func TestWarningsFireOnTheHarmOnly(t *testing.T) {
	p, retry := pointOf(t, "payment-checkout", "retry")
	kinds := func(answer string) string {
		var ids []string
		for _, w := range Warnings(p, answer) {
			ids = append(ids, w.Point)
		}
		return strings.Join(ids, " ")
	}
	for _, c := range []struct{ answer, want string }{
		{"Retry immediately on an error, with an idempotency key.", "retry"},
		{"Never retry right away: back off with jitter. Each charge has an idempotency key.", ""},
		// "whenever" holds "never", and no negation: it was let through.
		{"Retry immediately whenever a call fails, with an idempotency key.", "retry"},
		{"Don't retry at once; back off with jitter, with an idempotency key.", ""},
		{"Retry twice with exponential backoff.", "idempotency"},
		{"A timeout of 400 ms; the breaker stays open for 30 s.", ""},
		{"A 5 s timeout on the provider.", "timeout"},
		{"A timeout of 1.5 s.", ""},
		{"Timeouts at 2 seconds, and a 30 s cooldown.", ""},
	} {
		if got := kinds(c.answer); got != c.want {
			t.Errorf("%q is warned on %q, want %q", c.answer, got, c.want)
		}
	}
	// e-commerce charges only in the calls a sentence names as payments.
	e, err := PromptNamed("e-commerce")
	if err != nil {
		t.Fatal(err)
	}
	if w := Warnings(e, "Retry recommendations twice with backoff."); len(w) > 0 {
		t.Errorf("a retry of recommendations is warned as a charge: %+v", w)
	}
	if w := Warnings(e, "Retry the payment twice with backoff."); len(w) != 1 || !strings.Contains(w[0].Text, "idempotency key") {
		t.Errorf("a retried payment with no key is not warned: %+v", w)
	}
	for _, a := range []string{"Retry 3 times with no backoff.", "Retries with jitter, straight away."} {
		if h, _ := Hints(p, a); h[retry] {
			t.Errorf("%q stars the retry point: it says its opposite", a)
		}
	}
	if h, _ := Hints(p, "Retry 3 times with backoff and jitter."); !h[retry] {
		t.Error("backoff and jitter should star the retry point")
	}
}

// A keyword that ends in a space ends a word: "slo " finds "SLO", not
// "slow", so "the provider is slow" stars no slow-call point.
func TestWholeWordKeywords(t *testing.T) {
	p, slow := pointOf(t, "slow-apis", "slow-calls")
	for a, want := range map[string]bool{"The provider is slow at times.": false, "An SLO of 300 ms.": true, "From the SLO": true} {
		if h, _ := Hints(p, a); h[slow] != want {
			t.Errorf("%q stars slow-calls: %v, want %v (%v)", a, h[slow], want, HintSpans(p.Points[slow], a))
		}
	}
	if s := HintSpans(p.Points[slow], "An SLO of 300 ms."); len(s) != 1 || s[0] != (Span{3, 6}) {
		t.Errorf("the whole word's span should be the word alone: %v", s)
	}
}

// A prompt's warning numbers quote its scenario, as its text does, and
// read as what they are.
func TestWarnNumbersQuoteTheScenario(t *testing.T) {
	const file = `
[[common]]
id = "timeout"
text = "a timeout"
keywords = ["timeout"]

[[prompts]]
id = "x"
title = "X"
scenario = "checkout"
text = "{{param checkout/0 workers}} workers."

[prompts.warn]
rate = "RATE"
p99 = "{{param checkout/0 payment.latency.p99}}"
charges = "every"
`
	for rate, want := range map[string]string{
		"20":                              "quote the scenario with a placeholder",
		"{{param cascade/0 search.rate}}": "but the prompt's scenario is checkout",
		"{{param checkout/0 payment.latency.p99}}": "does not read as its number",
		"{{param checkout/0 checkout.rate}}":       "",
	} {
		raw, err := ParsePrompts("x.toml", []byte(strings.Replace(file, "RATE", rate, 1)))
		if err != nil {
			t.Fatal(err)
		}
		_, err = FillPrompts(nil, raw)
		if want == "" && err != nil || want != "" && (err == nil || !strings.Contains(err.Error(), want)) {
			t.Errorf("rate %s: %v, want %q", rate, err, want)
		}
	}
	if _, err := ParsePrompts("x.toml", []byte(strings.Replace(file, `"every"`, `"some"`, 1))); err == nil {
		t.Error("charges = \"some\" should be refused")
	}
}

// A bulkhead as large as the pool fences nothing off, against the
// rubric's "every cap within the pool": the answer that said "Bulkhead of
// 50 per API" to slow-apis' 16 workers was warned of its 5 s timeout and
// not of this. Only a number said beside the word is read as the size;
// the arithmetic that sizes it is not.
func TestBulkheadPastThePoolIsWarned(t *testing.T) {
	racefree.Only(t) // pure text, no goroutine
	p, err := PromptNamed("slow-apis")
	if err != nil {
		t.Fatal(err)
	}
	for answer, want := range map[string]string{
		"Bulkhead of 50 per API.":             "A bulkhead of 50 against a pool of 16 workers fences nothing off",
		"A bulkhead of 16, a 400 ms timeout.": "A bulkhead of 16 against",
		"A 40-slot bulkhead.":                 "A bulkhead of 40 against",
		"Bulkheads capped at 1,024 permits.":  "A bulkhead of 1,024 against",
		"A bulkhead of 8 per API.":            "",
		"A bulkhead sized by Little's law: 20 × 200 ms = 4, plus headroom: 8.": "",
		"Bulkhead = 20 × 2 s = 40 would be too many; 8 it is.":                 "",
		"One bulkhead per API, 30 s breaker cooldown.":                         "",
	} {
		var got []string
		for _, w := range Warnings(p, answer) {
			if w.Point == "bulkhead" {
				got = append(got, w.Text)
			}
		}
		switch {
		case want == "" && len(got) > 0:
			t.Errorf("%q is warned on its bulkhead: %q", answer, got)
		case want != "" && (len(got) != 1 || !strings.Contains(got[0], want)):
			t.Errorf("%q: the bulkhead warning should say %q: %q", answer, want, got)
		}
	}
	w := Warnings(p, "Bulkhead of 50 per API.")
	if len(w) != 1 || !strings.Contains(w[0].Text, "20 calls a second × a p99 of 200 ms = 4 in flight, plus headroom, below 16") {
		t.Errorf("the warning should size the bulkhead with the prompt's numbers: %+v", w)
	}
	// notifications gives its push provider's p99 now, and sizes with it.
	n, err := PromptNamed("notifications")
	if err != nil {
		t.Fatal(err)
	}
	if w := Warnings(n, "A bulkhead of 500 for recommendations."); len(w) != 1 || !strings.Contains(w[0].Text, "100 calls a second × a p99 of 184.2 ms = 18.4 in flight, plus headroom, below 200") {
		t.Errorf("notifications' bulkhead warning: %+v", w)
	}
	// A prompt with no p99 to quote still names its pool.
	n.Warn.P99 = ""
	if w := Warnings(n, "A bulkhead of 500 for recommendations."); len(w) != 1 || !strings.Contains(w[0].Text, "rate × p99, plus headroom, below 200") {
		t.Errorf("a bulkhead warning without a p99: %+v", w)
	}
}
