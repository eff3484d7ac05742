package drill

import (
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/lessons/store"
)

// Prompt is a mock interview's design question and the rubric to grade an
// answer against.
type Prompt struct {
	ID    string
	Title string
	Text  string
	// Scenario names the built-in scenario whose failure the prompt is
	// about, for trying the candidate's numbers in the sandbox.
	Scenario string
	// Source says where the prompt comes from.
	Source string
	Points []Point
}

// Point is something a strong answer says out loud, with the words that
// hint it was said.
type Point struct {
	ID       string
	Text     string
	Keywords []string
}

// common are the points every design answer must make for each
// dependency, in the order a strong answer makes them (seeds/004's "say it
// out loud", seeds/001's production checklist).
var common = []Point{
	{"timeout", "a timeout on every call, from the dependency's p99, within the deadline",
		[]string{"timeout", "p99", "p99.9", "deadline"}},
	{"bulkhead", "a bulkhead per dependency, sized with numbers (rate × p99 + headroom)",
		[]string{"bulkhead", "semaphore", "concurrency limit", "little", "permits", "slots", "separate pool"}},
	{"threshold", "the breaker's threshold and its minimum volume of calls",
		[]string{"threshold", "failure rate", "error rate", "minimum", "volume", "window", "opens at", "of the last", "percent"}},
	{"cooldown", "how long the breaker stays open (the cool-down)",
		[]string{"cooldown", "cool-down", "cool down", "open for", "wait duration", "break duration"}},
	{"half-open", "the half-open rule: a few trial calls decide",
		[]string{"half-open", "half open", "probe", "trial"}},
	{"fallback", "the fallback for each call: cached, default, queued, or a fast 503",
		[]string{"fallback", "fall back", "cache", "default", "degrade", "503", "retry-after", "stale"}},
	{"local", "the breaker is local to each instance, not shared",
		[]string{"local", "per instance", "per-instance", "each instance", "not shared", "each server", "in memory"}},
	{"metrics", "metrics per breaker state and an alert when one opens",
		[]string{"metric", "gauge", "alert", "dashboard", "monitor", "observab"}},
	{"retry", "where retries go (outside the breaker) and their budget",
		[]string{"retry", "retries", "budget", "backoff", "jitter", "idempotent"}},
	{"trade-off", "what is given up: some calls fail that might have worked",
		[]string{"trade-off", "tradeoff", "trade off", "give up", "gives up", "fail fast", "fail some", "cost"}},
}

// Prompts are the mock interviews: the places the references say the
// pattern shows up, a payment checkout and a search service with a flaky
// ranking model.
func Prompts() []Prompt {
	p := func(id, title, scenario, source, text string, extra ...Point) Prompt {
		return Prompt{ID: id, Title: title, Text: text, Scenario: scenario, Source: source, Points: append(append([]Point(nil), common...), extra...)}
	}
	return []Prompt{
		p("api-gateway", "An API gateway", "cascade", "seeds/004, where it shows up",
			"Design an API gateway that routes requests to thirty backend services. One backend starts answering in 30 s "+
				"instead of 50 ms. Keep the gateway, and every other route, working.",
			Point{"per-upstream", "one breaker and one bulkhead per upstream (or route), so one backend cannot stall the rest",
				[]string{"per upstream", "per-upstream", "per backend", "per route", "each backend", "each upstream"}}),
		p("notifications", "A notification system", "cascade", "seeds/004, where it shows up",
			"Design a notification system that sends push, email and SMS through third-party providers, 2,000 messages "+
				"a second at peak. The push provider goes down for twenty minutes.",
			Point{"queue", "messages wait in a queue and are sent once the provider is back, without duplicates",
				[]string{"queue", "later", "idempotenc", "dedup", "outbox"}},
			Point{"per-channel", "each channel has its own workers, so push cannot starve email and SMS",
				[]string{"per channel", "per-channel", "each channel", "per provider", "separate workers"}}),
		p("e-commerce", "An e-commerce site", "cascade", "seeds/004, where it shows up",
			"Design the product page and checkout of an e-commerce site. The page calls recommendations, reviews and "+
				"inventory; checkout calls a payment provider. Recommendations start to hang.",
			Point{"degrade", "the page degrades (best-sellers instead of recommendations) and checkout is never affected",
				[]string{"best seller", "best-seller", "popular", "degrade", "without recommendations", "hide"}}),
		p("slow-apis", "Slow and unreliable APIs", "checkout", "seeds/004, where it shows up",
			"Your service answers users by calling three third-party APIs. They are slow at times (p99 from 200 ms "+
				"to 10 s) and sometimes down for minutes. Design the calls.",
			Point{"slow-calls", "slow calls count as failures (a slow-call threshold from the SLO)",
				[]string{"slow call", "slow-call", "slow calls", "latency threshold", "slo"}}),
		p("payment-checkout", "A payment checkout", "checkout", "seeds/001, the checkout incident",
			checkoutPrompt(),
			Point{"idempotency", "an idempotency key, so a retried or queued charge is never made twice",
				[]string{"idempotenc", "charged twice", "double charge", "exactly once"}},
			Point{"pending", "orders kept as pending payment and charged once the provider is back",
				[]string{"pending", "later", "queue", "asynchron"}},
			Point{"health", "/health never shares a worker with the provider's calls",
				[]string{"health", "probe", "liveness", "readiness"}}),
		p("search-ranking", "Search with a flaky ranking model", "cascade", "the references' pattern, applied",
			"Design a search service that retrieves candidates from an index (20 ms) and orders them with a machine-"+
				"learned ranking model (p99 80 ms, but at times 2 s or errors). Search must keep answering.",
			Point{"unranked", "the fallback is the index's own order (or a cheap ranking), marked as degraded",
				[]string{"unranked", "index order", "bm25", "cheap rank", "simple rank", "heuristic", "without ranking"}},
			Point{"deadline", "the ranking call gets what remains of the request's deadline, not a fixed 2 s",
				[]string{"deadline", "budget", "remaining"}}),
	}
}

// checkoutPrompt states the checkout incident with the built-in
// scenario's own numbers, so the prompt and the sandbox agree.
func checkoutPrompt() string {
	sys := scenarios.Checkout().Variants[0].System
	rate, p99, slow := 0.0, time.Duration(0), time.Duration(0)
	for _, e := range sys.Endpoints {
		if d := dependencyOf(sys, e.Calls); e.Calls != "" {
			rate, p99 = e.Rate, d.Latency.P99
			for _, f := range d.Faults {
				slow = max(slow, f.Latency)
			}
		}
	}
	return fmt.Sprintf("Design checkout for an online shop: %s checkouts a second, %d workers, a payment provider with a p99 of "+
		"%s that sometimes takes %s. /health must keep answering and no order may be charged twice.",
		trim(rate), sys.Workers, breaker.Words(p99), breaker.Words(slow))
}

// PromptNamed finds a prompt by its ID.
func PromptNamed(id string) (Prompt, error) {
	var ids []string
	for _, p := range Prompts() {
		if p.ID == id {
			return p, nil
		}
		ids = append(ids, p.ID)
	}
	return Prompt{}, fmt.Errorf("unknown interview prompt %q (allowed: %s)", id, strings.Join(ids, ", "))
}

// Span is where a keyword was found in an answer: bytes [Start, End).
type Span struct{ Start, End int }

// Hints finds, for each rubric point, whether the answer uses one of its
// keywords, and every place a keyword occurs (merged, in order), for
// highlighting. It is a hint for the learner's own grading, not a grade.
func Hints(p Prompt, answer string) (said []bool, spans []Span) {
	lower := strings.ToLower(answer)
	said = make([]bool, len(p.Points))
	for i, pt := range p.Points {
		for _, k := range pt.Keywords {
			re := keywordRE(k)
			for _, loc := range re.FindAllStringSubmatchIndex(lower, -1) {
				// Group 2 is the keyword without the character before it.
				said[i] = true
				spans = append(spans, Span{loc[4], loc[5]})
			}
		}
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].Start < spans[j].Start })
	var merged []Span
	for _, s := range spans {
		if n := len(merged); n > 0 && s.Start <= merged[n-1].End {
			merged[n-1].End = max(merged[n-1].End, s.End)
			continue
		}
		merged = append(merged, s)
	}
	return said, merged
}

// keywordRE matches a keyword at the start of a word (so "retry" finds
// "retrying" but "cost" does not find "accost").
func keywordRE(k string) *regexp.Regexp {
	return regexp.MustCompile(`(^|[^a-z0-9])(` + regexp.QuoteMeta(k) + `)`)
}

// Interview is a finished mock interview as it is saved.
type Interview struct {
	Prompt   string        `json:"prompt"`
	Title    string        `json:"title"`
	Started  time.Time     `json:"started"`
	Allowed  time.Duration `json:"allowed_ns"`
	Used     time.Duration `json:"used_ns"`
	Answer   string        `json:"answer"`
	Points   []GradedPoint `json:"points"`
	Said     int           `json:"said"`
	Possible int           `json:"possible"`
}

// GradedPoint is one rubric point with the learner's mark and the hint.
type GradedPoint struct {
	ID     string `json:"id"`
	Text   string `json:"text"`
	Said   bool   `json:"said"`
	Hinted bool   `json:"hinted"`
}

// InterviewDir is the folder of saved interviews inside the progress
// directory.
const InterviewDir = "interviews"

// SaveInterview writes the interview to dir/interviews/TIME-PROMPT.json,
// atomically, and returns the file's path. Every interview has its own
// file, so one bad file never costs another.
func SaveInterview(dir string, iv Interview) (string, error) {
	iv.Said, iv.Possible = 0, len(iv.Points)
	for _, p := range iv.Points {
		if p.Said {
			iv.Said++
		}
	}
	b, err := store.Encode(iv)
	if err != nil {
		return "", fmt.Errorf("encoding the interview: %w", err)
	}
	name := fmt.Sprintf("%s-%s.json", iv.Started.UTC().Format("20060102T150405Z"), iv.Prompt)
	path := filepath.Join(dir, InterviewDir, name)
	return path, writeAtomic(path, b)
}
