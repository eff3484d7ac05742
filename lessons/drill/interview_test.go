package drill

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	toml "github.com/pelletier/go-toml/v2"

	"github.com/breakerlab/breakerlab/engine/scenarios"
)

func TestPromptsCoverTheReferencesPlaces(t *testing.T) {
	ps := Prompts()
	if len(ps) < 6 {
		t.Fatalf("%d prompts", len(ps))
	}
	var f interviewTOMLFile
	if err := toml.Unmarshal(interviewTOML, &f); err != nil {
		t.Fatal(err)
	}
	common := f.Common
	for _, id := range []string{"api-gateway", "notifications", "e-commerce", "slow-apis", "payment-checkout", "search-ranking"} {
		p, err := PromptNamed(id)
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Points) <= len(common) || p.Text == "" || p.Scenario == "" {
			t.Errorf("%s: %d points", id, len(p.Points))
		}
	}
	if _, err := PromptNamed("gateway"); err == nil || !strings.Contains(err.Error(), "api-gateway, notifications") {
		t.Fatalf("an unknown prompt: %v", err)
	}
}

func TestHintsFindKeywordsAtWordStarts(t *testing.T) {
	p, _ := PromptNamed("payment-checkout")
	answer := "Set a Timeout of 500 ms from the p99. Retrying is budgeted. No accost here. Orders stay PENDING."
	// "Retrying" alone is no hint of the retry point (every weak answer
	// retries); "budgeted" is.
	said, spans := Hints(p, answer)
	byID := map[string]bool{}
	for i, pt := range p.Points {
		byID[pt.ID] = said[i]
	}
	for id, want := range map[string]bool{"timeout": true, "retry": true, "trade-off": false, "pending": true, "bulkhead": false} {
		if byID[id] != want {
			t.Errorf("%s: said %v, want %v", id, byID[id], want)
		}
	}
	var words []string
	for _, s := range spans {
		words = append(words, strings.ToLower(answer[s.Start:s.End]))
	}
	got := strings.Join(words, "|")
	if got != "timeout|p99|budget|pending" {
		t.Errorf("highlighted %q, want the keywords alone", got)
	}
	if !strings.Contains(got, "timeout") || !strings.Contains(got, "p99") || strings.Contains(got, "cost") {
		t.Fatalf("highlighted %q", got)
	}
	for i := 1; i < len(spans); i++ {
		if spans[i].Start < spans[i-1].End {
			t.Fatalf("spans overlap: %v", spans)
		}
	}
}

// keywordSoup is one sentence that names a keyword of nearly every point
// and explains none of them.
const keywordSoup = "Timeout, p99, deadline, propagate, cancel, bulkhead, semaphore, Little, threshold, failure rate, " +
	"window, cooldown, restart, half-open, probe, fallback, cache, 503, Retry-After, per instance, redis, metrics, " +
	"dashboard, retry, backoff, jitter, idempotency key, pending, outbox, load shedding."

// TestInterviewKeywordsNeverTickAPoint: an answer full of keywords starts
// with every point not said; the hints are kept apart from the marks.
func TestInterviewKeywordsNeverTickAPoint(t *testing.T) {
	for _, p := range Prompts() {
		hinted, _ := Hints(p, keywordSoup)
		graded := GradeRubric(p, keywordSoup, nil)
		n := 0
		for i, g := range graded {
			if g.Said {
				t.Errorf("%s: point %s is said without the learner's mark", p.ID, g.ID)
			}
			if g.Hinted != hinted[i] || g.ID != p.Points[i].ID || g.Text != p.Points[i].Text {
				t.Errorf("%s: point %d graded as %+v, hinted %v", p.ID, i, g, hinted[i])
			}
			if g.Hinted {
				n++
			}
		}
		if n < len(p.Points)/2 {
			t.Errorf("%s: the keyword soup hints only %d of %d points; the test wants an answer full of keywords", p.ID, n, len(p.Points))
		}
	}
}

// TestInterviewGradeTakesTheLearnersMarks: said is the mark, whatever the
// hint; a mark missing is not said.
func TestInterviewGradeTakesTheLearnersMarks(t *testing.T) {
	p, _ := PromptNamed("payment-checkout")
	// Found by id: the rubric opens on where it breaks, not on the timeout.
	at := func(id string) int {
		for i, pt := range p.Points {
			if pt.ID == id {
				return i
			}
		}
		t.Fatalf("no point %q", id)
		return -1
	}
	timeout, deadline := at("timeout"), at("deadline")
	marks := make([]bool, len(p.Points)-1)
	marks[deadline] = true // the deadline travels: no keyword of it below
	g := GradeRubric(p, "a timeout of 500 ms", marks)
	if !g[deadline].Said || g[deadline].Hinted {
		t.Errorf("a point marked said without its words: %+v", g[deadline])
	}
	if g[timeout].Said || !g[timeout].Hinted {
		t.Errorf("a hinted point left unmarked: %+v", g[timeout])
	}
	if last := g[len(g)-1]; last.Said {
		t.Errorf("a point with no mark is said: %+v", last)
	}
}

// TestInterviewHintSpansPerPoint: each point's spans are its own keywords,
// and together they are Hints' spans.
func TestInterviewHintSpansPerPoint(t *testing.T) {
	p, _ := PromptNamed("payment-checkout")
	answer := "A timeout from the p99, and a bulkhead of 4 slots."
	_, all := Hints(p, answer)
	var words []string
	var union []Span
	for _, pt := range p.Points {
		union = append(union, HintSpans(pt, answer)...)
		for _, s := range HintSpans(pt, answer) {
			if pt.ID == "timeout" || pt.ID == "bulkhead" {
				words = append(words, pt.ID+":"+answer[s.Start:s.End])
			}
		}
	}
	if got := strings.Join(words, " "); got != "timeout:timeout timeout:p99 bulkhead:bulkhead bulkhead:slots" {
		t.Errorf("per point: %s", got)
	}
	if got, want := fmt.Sprint(all), fmt.Sprint(mergeSpans(union)); got != want {
		t.Errorf("Hints' spans %s, want the points' together, %s", got, want)
	}
}

func TestSaveInterview(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(dir+"/drill.json", []byte("keep"), 0o644)
	iv := Interview{Prompt: "api-gateway", Title: "An API gateway", Started: t0, Allowed: 10 * time.Minute, Used: 7 * time.Minute,
		Answer: "a timeout", Points: []GradedPoint{{ID: "timeout", Said: true, Hinted: true}, {ID: "bulkhead"}}}
	path, err := SaveInterview(dir, iv)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(path, "interviews/20261130T140000Z-api-gateway.json") {
		t.Fatalf("saved to %s", path)
	}
	var back Interview
	b, _ := os.ReadFile(path)
	if err := json.Unmarshal(b, &back); err != nil || back.Said != 1 || back.Hinted != 1 || back.Possible != 2 || back.Answer != "a timeout" {
		t.Fatalf("read back %+v (%v)", back, err)
	}
	if b, _ := os.ReadFile(dir + "/drill.json"); string(b) != "keep" {
		t.Fatal("saving an interview touched the schedule")
	}
}

// TestInterviewCheck is `breakerlab interview --check` on the built-in
// prompts: every placeholder fills, every claim holds, no number is typed.
func TestInterviewCheck(t *testing.T) {
	raw, err := BuiltinPrompts()
	if err != nil {
		t.Fatal(err)
	}
	c := CheckPrompts(nil, raw)
	for _, p := range c.Problems {
		t.Error(p)
	}
	t.Log(c.Summary())
}

// badPrompts is a prompts file with one prompt whose text and points go
// wrong in the ways CheckPrompts must name.
const badPrompts = `
[[common]]
id = "timeout"
text = "a timeout from the p99"
keywords = ["timeout"]

[[prompts]]
id = "gateway"
title = "A gateway"
scenario = "api-gateway"
text = "A gateway on {{param cascade/0 workers}} workers, 30 backends."

[[prompts.points]]
id = "typed"
text = "a bulkhead of 25 per upstream"
keywords = ["bulkhead"]

[[prompts.points]]
id = "wrong-claim"
text = "one breaker shared by every upstream keeps users answered"
keywords = ["shared"]
expect = ["share api-gateway/1 users ok >= 99%"]

[[prompts.points]]
id = "no-fact"
text = "Resilience4j tries {{fact r4j.breaker.trialz}} calls"
keywords = ["trial"]
`

// A bad point (a typed number, a claim the engine contradicts, a fact that
// does not exist) and a prompt whose text quotes another scenario than the
// one it plays are each named, with the prompt and the point.
func TestInterviewCheckNamesTheBadPoint(t *testing.T) {
	raw, err := ParsePrompts("bad.toml", []byte(badPrompts))
	if err != nil {
		t.Fatal(err)
	}
	c := CheckPrompts(nil, raw)
	got := strings.Join(c.Problems, "\n")
	for _, want := range []string{
		"prompt gateway: its text quotes cascade/0, but its scenario is api-gateway",
		"prompt gateway: its text types 30 by hand",
		"prompt gateway, point typed: types 25 by hand",
		"prompt gateway, point wrong-claim: claims \"share api-gateway/1 users ok >= 99%\"",
		"prompt gateway, point no-fact:",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the check should say %q; it said:\n%s", want, got)
		}
	}
	if c.OK() || len(c.Problems) != 5 {
		t.Errorf("want 5 problems, got %d:\n%s", len(c.Problems), got)
	}
	// A number the prompt states is a given for its points.
	raw[0].Text = "A gateway on {{param api-gateway/0 workers}} workers, with bulkheads of {{param api-gateway/0 search-api.bulkhead}}."
	raw[0].Points = raw[0].Points[:1]
	raw[0].Points = append(raw[0].Points, Point{ID: "given", Text: "keep the bulkheads of 25", Keywords: []string{"bulkhead"}})
	if c := CheckPrompts(nil, raw); !c.OK() {
		t.Errorf("a number the prompt states should count as given: %v", c.Problems)
	}
}

// Every prompt plays the scenario its text is about: the API gateway
// plays api-gateway (it played cascade once, whose numbers its text did
// not quote), and each prompt's placeholders name its own scenario.
func TestEveryPromptPlaysTheScenarioItQuotes(t *testing.T) {
	raw, err := BuiltinPrompts()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range raw {
		runs := runsOf(p.Text)
		if len(runs) == 0 {
			t.Errorf("%s: its text quotes no number of %s", p.ID, p.Scenario)
		}
		for _, r := range runs {
			if !strings.HasPrefix(r, p.Scenario+"/") {
				t.Errorf("%s plays %s but quotes %s", p.ID, p.Scenario, r)
			}
		}
	}
	p, err := PromptNamed("api-gateway")
	if err != nil || p.Scenario != "api-gateway" {
		t.Fatalf("api-gateway plays %q (%v)", p.Scenario, err)
	}
	// The filled text carries the scenario's own numbers.
	for _, want := range []string{"100 workers", "300 requests a second", "p99 of 80 ms", "At 10 s", "until 40 s"} {
		if !strings.Contains(p.Text, want) {
			t.Errorf("api-gateway's prompt should say %q: %s", want, p.Text)
		}
	}
	if strings.Contains(p.Text, "{{") {
		t.Errorf("unfilled: %s", p.Text)
	}
}

// pointOf finds a point of a prompt.
func pointOf(t *testing.T, prompt, id string) (Prompt, int) {
	t.Helper()
	p, err := PromptNamed(prompt)
	if err != nil {
		t.Fatal(err)
	}
	for i, pt := range p.Points {
		if pt.ID == id {
			return p, i
		}
	}
	t.Fatalf("%s has no point %s", prompt, id)
	return p, 0
}

// The points lessons 7, 10, 11, 12 and 13 teach say what the lessons'
// checked claims say, and an answer in their words is hinted.
func TestRubricSaysWhatTheLessonsTeach(t *testing.T) {
	for _, c := range []struct {
		prompt, point string
		says          []string // the point's text must say these
		answer        string   // an answer that makes the point
	}{
		// Lesson 6, "The order of the layers": the retry on either side of
		// the breaker, as the references put it, makes the point, so long
		// as the breaker sees every attempt (the drill's cards and the
		// cheat sheet teach both orders).
		{"api-gateway", "retry", []string{"every attempt seen by the breaker", "Retry outside the CircuitBreaker",
			"breaker outermost, told of each attempt", "budget", "never retry a refusal"},
			"Retry(CircuitBreaker(call)): each retry goes through the breaker, under a retry budget."},
		{"api-gateway", "retry", []string{"every attempt seen by the breaker", "breaker outermost, told of each attempt"},
			"Breaker outermost, then the bulkhead, the timeout innermost, with retries inside the breaker."},
		// Lesson 7 step 7: notify on each opening, page on the time open
		// and on the fallback rate (not "alert when a breaker opens").
		{"e-commerce", "metrics", []string{"notify on every opening", "page on time open per hour", "fallback rate"},
			"We notify the owners when it opens and page on-call on time open per hour."},
		// Lesson 12: a breaker per instance; sharing needs a shared store
		// or a gateway in front.
		{"payment-checkout", "local", []string{"per instance", "restart forgets", "shared store", "gateway"},
			"Each breaker is per instance; a shared store such as Redis would add a hop."},
		// Lesson 12: the cooldown fitted to the restart; a shorter one finds
		// the recovery sooner (fleet-probes: 50.354 s against 55.315 s) and
		// pays in failed probes.
		{"slow-apis", "cooldown", []string{"restart", "jittered", "finds the recovery sooner", "50.354 s", "55.315 s", "failed probes"},
			"Open for about as long as the provider takes to restart."},
		// Lesson 10: a quota per client, 429 and Retry-After at a gateway.
		{"api-gateway", "quota", []string{"quota per client", "429", "Retry-After"},
			"Each API key gets a quota; past it the gateway answers 429 with Retry-After."},
		// Lessons 10 and 13: shedding by priority, a 503 for sheddable first.
		{"api-gateway", "shedding", []string{"priority", "503", "sheddable", "critical"},
			"Under overload we shed the low-priority traffic first."},
		{"e-commerce", "shedding", []string{"priority", "503", "sheddable", "checkout last"},
			"Load shedding keeps checkout: critical requests go last."},
		// Lesson 11: each hop's timeout min(own, left − margin), cancel down
		// to the last hop.
		{"search-ranking", "deadline", []string{"min(its own timeout, time left − a margin)", "cancels down to the last hop"},
			"Propagate the deadline in a header and cancel downstream calls."},
		// Lesson 12: a rate-limited drain after the outage, jittered. Its
		// evidence is fleet-probes', named; the cooldown fitted to the
		// restart is the common cooldown point's (checkout restarts
		// nothing, and cascade's push never comes back).
		{"notifications", "drain", []string{"limited rate", "jittered", "`breakerlab sandbox fleet-probes`"},
			"When push comes back we drain the backlog slowly."},
		{"payment-checkout", "drain", []string{"limited rate", "jittered", "`breakerlab sandbox fleet-probes`"},
			"The pending charges are rate-limited as they drain."},
	} {
		p, i := pointOf(t, c.prompt, c.point)
		for _, s := range c.says {
			if !strings.Contains(p.Points[i].Text, s) {
				t.Errorf("%s/%s should say %q: %s", c.prompt, c.point, s, p.Points[i].Text)
			}
		}
		said, _ := Hints(p, c.answer)
		if !said[i] {
			t.Errorf("%s/%s: the answer %q is not hinted (keywords %q)", c.prompt, c.point, c.answer, p.Points[i].Keywords)
		}
	}
	// The old metrics point told to alert on every opening; no point pages
	// on a single transition.
	p, i := pointOf(t, "api-gateway", "metrics")
	if strings.Contains(p.Points[i].Text, "alert when") {
		t.Errorf("metrics: %s", p.Points[i].Text)
	}
}

// Lessons 10 to 13 each have a point in some prompt's rubric.
func TestRubricCoversLessonsTenToThirteen(t *testing.T) {
	want := map[string]string{"quota": "10", "shedding": "10 and 13", "deadline": "11", "drain": "12", "local": "12"}
	found := map[string]bool{}
	for _, p := range Prompts() {
		for _, pt := range p.Points {
			found[pt.ID] = true
		}
	}
	for id, lesson := range want {
		if !found[id] {
			t.Errorf("no prompt has the point %q (lesson %s)", id, lesson)
		}
	}
}

// TestSearchRankingSaysWhatCascadePlays: cascade calls the index and the
// ranking model from two endpoints, so the prompt's play note says so and
// sends the ranking call's deadline to multi-hop, a scenario with
// propagated deadlines (findings I, F8).
func TestSearchRankingSaysWhatCascadePlays(t *testing.T) {
	p, err := PromptNamed("search-ranking")
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"stands in for", "two different endpoints", "`breakerlab sandbox multi-hop`"} {
		if !strings.Contains(p.Plays, w) {
			t.Errorf("search-ranking's play note lacks %q: %s", w, p.Plays)
		}
	}
	if _, ok := scenarios.Lookup("multi-hop"); !ok {
		t.Fatal("the play note names multi-hop, which is not a built-in scenario")
	}
}

// A prompt gives what its rubric asks for and says what its scenario
// plays. The common timeout point sets the timeout from the dependency's
// p99, so search-ranking, which names its two dependencies' latencies,
// gives each one's p99 (the engine's distribution: an exponential of mean
// 20 ms has a p99 of 92.1 ms), not only the means. And notifications plays
// cascade, whose hang lasts to the end of the 30 s run: the prompt says
// so, not that push stays down for minutes.
func TestPromptsGiveWhatTheRubricAsksAndTheScenarioPlays(t *testing.T) {
	p, err := PromptNamed("search-ranking")
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"a mean of 20 ms, a p99 of 92.1 ms", "a mean of 40 ms, a p99 of 184.2 ms"} {
		if !strings.Contains(p.Text, w) {
			t.Errorf("search-ranking's prompt lacks %q: %s", w, p.Text)
		}
	}
	if _, i := pointOf(t, "search-ranking", "timeout"); !strings.Contains(p.Points[i].Text, "p99") {
		t.Errorf("the timeout point no longer asks for the p99: %s", p.Points[i].Text)
	}
	n, err := PromptNamed("notifications")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(n.Text, "minutes") || !strings.Contains(n.Text, "still down at 30 s, when the scenario ends") {
		t.Errorf("notifications' prompt must say push is down to the end of cascade's run: %s", n.Text)
	}
}

// The report's answer: "Retry-After" on the fail-fast 503 hints the
// fallback point (its keyword retry-after), not the retry point, which the
// answer never made; a word that merely begins a compound still hints
// ("Bulkhead-style", "health-check").
func TestRetryAfterIsNotARetry(t *testing.T) {
	p, retry := pointOf(t, "payment-checkout", "retry")
	_, fallback := pointOf(t, "payment-checkout", "fallback")
	answer := "Timeout of 500ms on the provider call, bulkhead of 4 slots, breaker at 50% over 10 calls, open 1s, fallback 503 with Retry-After. Idempotency key on charges."
	hinted, _ := Hints(p, answer)
	if hinted[retry] {
		t.Errorf("Retry-After hinted the retry point: %v", HintSpans(p.Points[retry], answer))
	}
	if !hinted[fallback] {
		t.Error("the fallback point (503 with Retry-After) is not hinted")
	}
	// Typed in lower case it is the same header.
	if h, _ := Hints(p, "fallback 503 with a retry-after header"); h[retry] {
		t.Error("retry-after, typed in lower case, hinted the retry point")
	}
	for _, a := range []string{"Retries with a budget.", "Retries back off with jitter."} {
		if h, _ := Hints(p, a); !h[retry] {
			t.Errorf("%q should hint the retry point", a)
		}
	}
	found := false
	for _, q := range Prompts() {
		for i, pt := range q.Points {
			if slices.Contains(pt.Keywords, "bulkhead") {
				found = true
				if h, _ := Hints(q, "A Bulkhead-style pool for each call."); !h[i] {
					t.Errorf("%s/%s: a Bulkhead-style pool should still hint it", q.ID, pt.ID)
				}
			}
		}
	}
	if !found {
		t.Fatal("no point has the keyword bulkhead")
	}
}

// The reviewer's answer gives its threshold, volume and cooldown as
// figures: it hints the threshold and cooldown points, and it stars no
// drain point for its jitter (jittered waits are the cooldown's words).
func TestFiguresHintTheBreakerPoints(t *testing.T) {
	const answer = "50% failures over 20 calls, min 10 calls, open 30 s with jitter"
	for _, prompt := range []string{"notifications", "payment-checkout"} {
		p, threshold := pointOf(t, prompt, "threshold")
		_, cooldown := pointOf(t, prompt, "cooldown")
		_, drain := pointOf(t, prompt, "drain")
		hinted, _ := Hints(p, answer)
		if !hinted[threshold] || !hinted[cooldown] {
			t.Errorf("%s: threshold hinted %v, cooldown %v, for %q", prompt, hinted[threshold], hinted[cooldown], answer)
		}
		if hinted[drain] {
			t.Errorf("%s: drain is hinted by %q: %v", prompt, answer, HintSpans(p.Points[drain], answer))
		}
	}
	// Each common phrasing alone, and a # never stands for a word.
	p, threshold := pointOf(t, "notifications", "threshold")
	_, cooldown := pointOf(t, "notifications", "cooldown")
	for _, c := range []struct {
		answer string
		point  int
		want   bool
	}{
		{"it trips at 25% errors", threshold, true},
		{"min 5 calls before it judges", threshold, true},
		{"failures over the last minute", threshold, true},
		{"open 1.5 s, then a trial", cooldown, true},
		{"the breaker stays open while the provider restarts", cooldown, true},
		{"min calls before it judges", threshold, false},
		{"open the door", cooldown, false},
	} {
		if h, _ := Hints(p, c.answer); h[c.point] != c.want {
			t.Errorf("%q hints %s: %v, want %v", c.answer, p.Points[c.point].ID, h[c.point], c.want)
		}
	}
}

// A prompt whose rubric sizes a bulkhead by Little's law (rate × p99)
// gives a rate to size with: search-ranking gave none, and --check let it
// pass. The numbers panel's lines are held to the text's standard.
func TestInterviewCheckWantsARateToSizeWith(t *testing.T) {
	const file = `
[[common]]
id = "bulkhead"
text = "a bulkhead per dependency, sized by Little's law: rate × p99 plus headroom"
keywords = ["bulkhead"]

[[prompts]]
id = "search"
title = "Search"
scenario = "cascade"
text = "A search service on {{param cascade/0 workers}} workers calls a model with a p99 of {{param cascade/0 recommendations.latency.p99}}."
`
	raw, err := ParsePrompts("rate.toml", []byte(file))
	if err != nil {
		t.Fatal(err)
	}
	c := CheckPrompts(nil, raw)
	if got := strings.Join(c.Problems, "\n"); len(c.Problems) != 1 ||
		!strings.Contains(got, "prompt search: its rubric sizes a bulkhead by Little's law (rate × p99), but its text gives no rate") {
		t.Errorf("a prompt with no rate: %s", got)
	}
	raw[0].Text += " It answers {{param cascade/0 recommendations.rate}} searches a second."
	if c := CheckPrompts(nil, raw); !c.OK() {
		t.Errorf("a prompt with a rate: %v", c.Problems)
	}
	raw[0].Numbers = []string{"search: 100 a second.", "{{param api-gateway/0 workers}} workers.", "{{param cascade/0 nope}}"}
	got := strings.Join(CheckPrompts(nil, raw).Problems, "\n")
	for _, want := range []string{
		"prompt search, numbers line 1: types 100 by hand",
		"prompt search, numbers line 2: quotes api-gateway/0, but the prompt's scenario is cascade",
		"prompt search, numbers line 3:",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the check should say %q; it said:\n%s", want, got)
		}
	}
	// The built-in search-ranking gives the rate the panel sizes with.
	p, err := PromptNamed("search-ranking")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(p.Text, "answers 100 searches a second") || len(p.Numbers) == 0 || !strings.Contains(p.Numbers[1], "search: 100 requests a second") {
		t.Errorf("search-ranking: %s\n%q", p.Text, p.Numbers)
	}
}
