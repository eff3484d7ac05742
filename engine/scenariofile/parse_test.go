package scenariofile

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// base is a small valid file; the error cases append to it or replace parts
// of it, so their line numbers are easy to count. It has 16 lines.
const base = `name = "mine"
duration = "10s"

[system]
workers = 8
queue = 4

[[system.endpoints]]
name = "checkout"
rate = 20
calls = "payment"

[[system.dependencies]]
name = "payment"
latency = { kind = "exponential", mean = "50ms" }
policy = { timeout = "1s" }
`

func TestParseBase(t *testing.T) {
	sc, err := Parse("mine.toml", []byte(base))
	if err != nil {
		t.Fatal(err)
	}
	if sc.Name != "mine" || sc.Duration != 10*time.Second || sc.MeasureFrom != 0 || sc.MeasureTo != 10*time.Second {
		t.Errorf("scenario header: %+v", sc)
	}
	if len(sc.Variants) != 1 || sc.Variants[0].Name != DefaultVariant {
		t.Fatalf("a file without [[variants]] has one variant named %q, got %+v", DefaultVariant, sc.Variants)
	}
	sys := sc.Variants[0].System
	if sys.Workers != 8 || sys.Queue != 4 || len(sys.Endpoints) != 1 || len(sys.Dependencies) != 1 {
		t.Errorf("system: %+v", sys)
	}
	if e := sys.Endpoints[0]; !reflect.DeepEqual(e, engine.Endpoint{Name: "checkout", Rate: 20, Calls: "payment"}) {
		t.Errorf("endpoint: %+v", e)
	}
	d := sys.Dependencies[0]
	if d.Latency != (engine.Latency{Kind: engine.Exponential, Mean: 50 * time.Millisecond}) || d.Policy.Timeout != time.Second {
		t.Errorf("dependency: %+v", d)
	}
}

func TestParseNameFromFile(t *testing.T) {
	doc := strings.Replace(base, `name = "mine"`, "", 1)
	sc, err := Parse("lessons/my-storm.toml", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if sc.Name != "my-storm" {
		t.Errorf("a file without a name is named after itself: got %q", sc.Name)
	}
}

func TestParseVariants(t *testing.T) {
	doc := base + `
[system.dependencies.policy.breaker]
window_size = 10
failure_rate = 0.5
open_for = "1s"
half_open_trials = 2

[[system.endpoints]]
name = "health"
interval = "250ms"

[[variants]]
name = "as is"

[[variants]]
name = "bigger"
workers = 32
queue = "unbounded"

[variants.endpoints.checkout]
interval = "100ms"
patience = "2s"

[variants.endpoints.health]
calls = "payment"

[variants.dependencies.payment]
latency = { kind = "constant", value = "5ms" }
faults = [{ kind = "error", from = "1s", to = "2s", probability = 0.25 }, { kind = "hang", from = "3s" }]
policy = {}
`
	// The inline policy of base cannot take sub-tables; write it as a section.
	doc = strings.Replace(doc, `policy = { timeout = "1s" }`, "[system.dependencies.policy]\ntimeout = \"1s\"", 1)
	sc, err := Parse("mine.toml", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.Variants) != 2 {
		t.Fatalf("variants: %+v", sc.Variants)
	}
	asIs, bigger := sc.Variants[0].System, sc.Variants[1].System
	if asIs.Workers != 8 || asIs.Queue != 4 || asIs.Dependencies[0].Policy.Breaker == nil || asIs.Dependencies[0].Policy.Timeout != time.Second {
		t.Errorf("a variant that changes nothing is the base: %+v", asIs)
	}
	if bigger.Workers != 32 || bigger.Queue != engine.QueueUnbounded {
		t.Errorf("workers and queue: %+v", bigger)
	}
	if e := bigger.Endpoints[0]; !reflect.DeepEqual(e, engine.Endpoint{Name: "checkout", Interval: 100 * time.Millisecond, Calls: "payment", Patience: 2 * time.Second}) {
		t.Errorf("an interval replaces the base's rate: %+v", e)
	}
	if e := bigger.Endpoints[1]; !reflect.DeepEqual(e, engine.Endpoint{Name: "health", Interval: 250 * time.Millisecond, Calls: "payment"}) {
		t.Errorf("health: %+v", e)
	}
	d := bigger.Dependencies[0]
	if d.Latency != (engine.Latency{Kind: engine.Constant, Value: 5 * time.Millisecond}) || len(d.Faults) != 2 || d.Faults[0].Probability != 0.25 || d.Faults[1].To != 0 {
		t.Errorf("latency and faults: %+v", d)
	}
	if d.Policy.Breaker != nil || d.Policy.Timeout != 0 {
		t.Errorf("an empty policy table replaces the base's policy: %+v", d.Policy)
	}
	// Variants do not share memory.
	asIs.Dependencies[0].Policy.Breaker.OpenFor = time.Hour
	if sc.Variants[0].System.Dependencies[0].Policy.Breaker.OpenFor != time.Hour || bigger.Dependencies[0].Policy.Breaker != nil {
		t.Fatal("unexpected aliasing")
	}
}

func TestParseBreakerAndRetry(t *testing.T) {
	doc := strings.Replace(base, `policy = { timeout = "1s" }`, `
[system.dependencies.policy]
order = ["breaker", "retry", "timeout", "bulkhead"]
timeout = "1s"
deadline = "3s"
bulkhead = { size = 4, kind = "thread-pool", queue = 2 }
fallback = "queue"

[system.dependencies.policy.breaker]
window_span = "10s"
window_buckets = 5
minimum_calls = 20
failure_rate = 0.5
slow_call_duration = "500ms"
slow_call_rate = 0.8
max_consecutive_failures = 7
judge_on_failure = true
open_for = "2s"
open_jitter = 0.1
open_backoff = 2
open_max = "30s"
half_open_trials = 3
half_open_rule = "window"
half_open_max = "5s"

[system.dependencies.policy.retry]
attempts = 3
backoff = { base = "50ms", max = "400ms" }
retry_bulkhead_full = true
wait_for_breaker = true
budget = "token-bucket"
`, 1)
	if !engineRunsJitter() {
		doc = strings.Replace(doc, "open_jitter = 0.1", "", 1)
	}
	sc, err := Parse("mine.toml", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	p := sc.Variants[0].System.Dependencies[0].Policy
	if p.Order[0] != engine.LayerBreaker || p.Deadline != 3*time.Second || p.Bulkhead != 4 || p.BulkheadKind != engine.ThreadPoolBulkhead || p.BulkheadQueue != 2 || p.Fallback != engine.QueueFallback {
		t.Errorf("policy: %+v", p)
	}
	b := p.Breaker
	if b.Window.String() != "time" || b.WindowSpan != 10*time.Second || b.WindowBuckets != 5 || b.SlowCallRate != 0.8 || b.MaxConsecutiveFailures != 7 ||
		!b.JudgeOnFailure || b.OpenJitter != jitter(0.1) || b.OpenBackoff != 2 || b.OpenMax != 30*time.Second || b.HalfOpenRule.String() != "window" || b.HalfOpenMax != 5*time.Second {
		t.Errorf("breaker (the window kind follows from window_span): %+v", *b)
	}
	r := p.Retry
	if r.Attempts != 3 || r.Backoff.Base != 50*time.Millisecond || r.Backoff.Max != 400*time.Millisecond || !r.RetryBulkheadFull || !r.WaitForBreaker || r.Budget != engine.TokenBucketBudget {
		t.Errorf("retry: %+v", *r)
	}
}

// TestParseErrors pins the message for each kind of bad input: the file, the
// line, what was wrong and what is allowed.
func TestParseErrors(t *testing.T) {
	variant := "\n[[variants]]\nname = \"v\"\n" // lines 17-19 after base
	cases := []struct {
		name string
		doc  string
		line int
		want []string
	}{
		{"unknown key", strings.Replace(base, "workers = 8", "wokers = 8", 1), 5,
			[]string{`unknown key "wokers" in [system] (allowed: workers, queue, tenants, shed, endpoints, dependencies, services, tasks, pools); did you mean "workers"?`}},
		{"unknown key in a variant", base + variant + "rate = 3\n", 20,
			[]string{`unknown key "rate" in variants "v" (allowed: name, workers, queue, tenants, shed, endpoints, dependencies, services, tasks, pools)`}},
		{"unknown top-level key", "seed = 3\n" + base, 1, []string{`unknown key "seed" at the top level (allowed: name, summary`}},
		{"wrong type", strings.Replace(base, "workers = 8", `workers = "eight"`, 1), 5,
			[]string{`[system]: workers must be a whole number, got the string "eight"`}},
		{"a duration without quotes", strings.Replace(base, `duration = "10s"`, "duration = 10", 1), 2,
			[]string{`duration must be a duration in quotes, such as "250ms"`, `got the number 10: a number needs its unit, such as "10ms" or "10s"`}},
		{"a duration without a unit", strings.Replace(base, `duration = "10s"`, `duration = "10"`, 1), 2,
			[]string{`units: ns, us, ms, s, m, h), got "10": a number needs its unit, such as "10ms" or "10s"`}},
		{"a rate below zero", strings.Replace(base, "rate = 20", "rate = -3", 1), 10,
			[]string{`endpoints "checkout": rate must be between 0 and 1,000,000 requests per second, got -3`}},
		{"rate and interval", strings.Replace(base, "rate = 20", "rate = 20\ninterval = \"1s\"", 1), 11,
			[]string{`endpoints "checkout": give a rate`, "or an interval", "not both"}},
		// "0s" read as no timeout at all, and the pool filled without a
		// word: leaving timeout out is how to say none.
		{"a timeout beside the latency, not in the policy", strings.Replace(base, `policy = { timeout = "1s" }`, `timeout = "1s"`, 1), 16,
			[]string{`unknown key "timeout" in dependencies "payment" (allowed: name, service, latency, faults, policy, pool); timeout is part of the policy: policy = { timeout = ... }`}},
		{"a timeout of zero", strings.Replace(base, `policy = { timeout = "1s" }`, `policy = { timeout = "0s" }`, 1), 16,
			[]string{`dependencies "payment" policy: timeout must be above 0, got "0s": to wait for ever, leave timeout out`}},
		{"a timeout of zero without a unit", strings.Replace(base, `policy = { timeout = "1s" }`, `policy = { timeout = "0" }`, 1), 16,
			[]string{`timeout must be above 0, got "0": to wait for ever, leave timeout out`}},
		{"a bulkhead larger than the pool", strings.Replace(base, `policy = { timeout = "1s" }`, `policy = { bulkhead = { size = 9 } }`, 1), 16,
			[]string{`dependencies "payment": the bulkhead's size 9 is larger than the pool (workers = 8, line 5)`, "between 0 (none) and the number of workers"}},
		{"a variant's pool smaller than the bulkhead", strings.Replace(base, `policy = { timeout = "1s" }`, `policy = { bulkhead = { size = 6 } }`, 1) + variant + "workers = 4\n", 20,
			[]string{`variants "v": dependencies "payment": the bulkhead's size 6 is larger than the pool (workers = 4, line 20)`}},
		{"a fault ending before it starts", base + `faults = [{ kind = "slow", from = "5s", to = "2s", latency = "3s" }]` + "\n", 17,
			[]string{`dependencies "payment" fault 1 (slow): a fault must start before it ends, got from 5s to 2s`}},
		// Left out, the latency read as 0s, and the message said "got 0s",
		// a value the author never wrote.
		{"a slow fault without a latency", base + `faults = [{ kind = "slow", from = "5s" }]` + "\n", 17,
			[]string{`dependencies "payment" fault 1 (slow): a slow fault needs a latency, how long each call takes while the fault lasts, such as latency = "10s"`}},
		{"a fault starting after the run", base + `faults = [{ kind = "hang", from = "12s" }]` + "\n", 17,
			[]string{`fault 1 (hang): a fault must start before the run ends (duration 10s), got from 12s`}},
		// from 12s to 14s in a 10 s run never happens; the same fault
		// without a to was refused, and so is this one.
		{"a fault wholly past the end of the run", base + `faults = [{ kind = "hang", from = "12s", to = "14s" }]` + "\n", 17,
			[]string{`fault 1 (hang): a fault must start before the run ends (duration 10s), got from 12s`}},
		// The engine reads To = 0 as "until the end": a written "0s" is a
		// typo, not a way to say that.
		{"a fault written to end at 0s", base + `faults = [{ kind = "hang", from = "5s", to = "0s" }]` + "\n", 17,
			[]string{`fault 1 (hang): a fault must start before it ends, got from 5s to 0s`}},
		{"overlapping faults", base + "faults = [\n { kind = \"hang\", from = \"1s\", to = \"4s\" },\n { kind = \"hang\", from = \"3s\" },\n]\n", 19,
			[]string{`dependencies "payment" fault 2: it starts at 3s, before fault 1 ends at 4s`}},
		{"a fault key of another kind", base + `faults = [{ kind = "hang", from = "1s", latency = "3s" }]` + "\n", 17,
			[]string{`unknown key "latency" in dependencies "payment" fault 1 (hang) (allowed: kind, from, to)`}},
		{"a probability above one", base + `faults = [{ kind = "error", from = "1s", probability = 1.5 }]` + "\n", 17,
			[]string{`probability must be between 0 and 1, got 1.5`}},
		// A bare 50 is the usual slip for 50 %: every share's message names
		// both right spellings of it.
		{"a probability written as a percentage", base + `faults = [{ kind = "error", from = "1s", probability = 50 }]` + "\n", 17,
			[]string{`probability must be between 0 and 1, got 50: for 50 %, write 0.5 or "50%"`}},
		{"a failure rate written as a percentage", strings.Replace(base, `policy = { timeout = "1s" }`, `policy = { breaker = { window_size = 10, failure_rate = 50, open_for = "1s", half_open_trials = 1 } }`, 1), 16,
			[]string{`policy.breaker: failure_rate must be above 0 and at most 1, or 0 for no failure-rate rule, got 50: for 50 %, write 0.5 or "50%"`}},
		{"a jitter written as a percentage", strings.Replace(base, `policy = { timeout = "1s" }`, `policy = { breaker = { preset = "resilience4j", open_jitter = 10 } }`, 1), 16,
			[]string{`policy.breaker: open_jitter must be at least 0 and below 1, got 10: for 10 %, write 0.1 or "10%"`}},
		{"a slow-call rate below zero", strings.Replace(base, `policy = { timeout = "1s" }`, `policy = { breaker = { preset = "resilience4j", slow_call_rate = -0.5 } }`, 1), 16,
			[]string{`policy.breaker: slow_call_rate must be above 0 and at most 1, or 0 for no slow-call rule, got -0.5 (a share, such as 0.5, or a percentage in quotes such as "50%")`}},
		{"a duplicate endpoint", base + "\n[[system.endpoints]]\nname = \"checkout\"\nrate = 1\n", 19,
			[]string{`endpoints "checkout": the name is used twice (first on line 9): give each endpoint its own name`}},
		{"a duplicate dependency", base + "\n[[system.dependencies]]\nname = \"payment\"\nlatency = { kind = \"constant\", value = \"0s\" }\n", 19,
			[]string{`dependencies "payment": the name is used twice (first on line 14)`}},
		{"a duplicate variant", base + variant + variant, 22,
			[]string{`variants "v": the name is used twice (first on line 19): give each variant its own name`}},
		{"a key set twice", strings.Replace(base, "queue = 4", "queue = 4\nqueue = 5", 1), 7,
			[]string{`not valid TOML (column 1): key queue is already defined`}},
		{"an unknown dependency", strings.Replace(base, `calls = "payment"`, `calls = "payments"`, 1), 11,
			[]string{`endpoints "checkout": calls "payments", which is not a dependency (have: "payment")`}},
		{"an override of an endpoint that does not exist", base + variant + "[variants.endpoints.chekout]\nrate = 4\n", 20,
			[]string{`variants "v": there is no endpoint "chekout" in [system] to change (have: "checkout")`}},
		{"an override of a dependency that does not exist", base + variant + "[variants.dependencies.db]\npolicy = {}\n", 20,
			[]string{`variants "v": there is no dependency "db" in [system] to change (have: "payment")`}},
		{"an override with an endpoint's name", base + variant + "[variants.endpoints.checkout]\nname = \"x\"\n", 21,
			[]string{`unknown key "name" in variants "v": endpoints "checkout" (allowed: rate, interval, calls, patience, class, tenants, bursts, cpu, blocking)`}},
		{"a rate below zero in a variant", base + variant + "[variants.endpoints.checkout]\nrate = -1\n", 21,
			[]string{`variants "v": endpoints "checkout": rate must be between 0 and 1,000,000 requests per second, got -1`}},
		{"not TOML", strings.Replace(base, "workers = 8", "workers 8", 1), 5, []string{"not valid TOML (column 9)"}},
		{"no duration", strings.Replace(base, `duration = "10s"`, "", 1), 0, []string{"the scenario needs a duration"}},
		{"no system", "name = \"x\"\nduration = \"1s\"\n", 0, []string{"needs a [system] section"}},
		{"no endpoints", "duration = \"1s\"\n[system]\nworkers = 1\n", 2, []string{"[system] needs between 1 and 64 endpoints"}},
		{"a queue of the wrong kind", strings.Replace(base, "queue = 4", `queue = "infinite"`, 1), 6,
			[]string{`[system]: queue must be "none", "unbounded" or a number of requests from 0 to 10000000, got "infinite"`}},
		{"an unknown latency kind", strings.Replace(base, `kind = "exponential"`, `kind = "normal"`, 1), 15,
			[]string{`unknown latency kind "normal" (allowed: exponential, constant, lognormal)`}},
		{"a latency key of another kind", strings.Replace(base, `mean = "50ms"`, `p50 = "50ms"`, 1), 15,
			[]string{`unknown key "p50" in dependencies "payment" latency (allowed: kind, mean)`}},
		{"a bad order", strings.Replace(base, `policy = { timeout = "1s" }`, `policy = { order = ["retry", "breaker"] }`, 1), 16,
			[]string{`order must name each of "retry", "breaker", "timeout" and "bulkhead" once, outermost first; got 2 names`}},
		{"a fallback without a breaker", strings.Replace(base, `policy = { timeout = "1s" }`, `policy = { fallback = "cached" }`, 1), 16,
			[]string{`fallback "cached" answers the calls a breaker refuses, so it needs a breaker`}},
		{"an invalid breaker", strings.Replace(base, `policy = { timeout = "1s" }`, `policy = { breaker = { window_size = 10, failure_rate = 1.5, open_for = "1s", half_open_trials = 1 } }`, 1), 16,
			[]string{`dependencies "payment" policy.breaker: failure_rate must be above 0 and at most 1, or 0 for no failure-rate rule, got 1.5 (a share, such as 0.5, or a percentage in quotes such as "50%")`}},
		{"a retry without attempts", strings.Replace(base, `policy = { timeout = "1s" }`, `policy = { retry = { budget = "none" } }`, 1), 16,
			[]string{`policy.retry needs attempts`}},
		{"a measurement window past the end", strings.Replace(base, `duration = "10s"`, "duration = \"10s\"\nmeasure_to = \"11s\"", 1), 3,
			[]string{"measure_to must be at most the duration 10s, got 11s"}},
		{"endpoints keyed by name in [system]", strings.Replace(base, "[[system.endpoints]]\nname = \"checkout\"", "[system.endpoints.checkout]", 1), 8,
			[]string{`[system]: endpoints must be a list of tables, each in its own [[system.endpoints]] section with a name, got a table`}},
		// A value one key of the table takes: that key, and the line.
		{"a number where a bulkhead belongs", strings.Replace(base, `policy = { timeout = "1s" }`, "[system.dependencies.policy]\nbulkhead = 30", 1), 17,
			[]string{`dependencies "payment" policy: bulkhead is a table, not the number 30: the most calls at once is its size, so write bulkhead = { size = 30 }`}},
		{"a number where a retry belongs", strings.Replace(base, `policy = { timeout = "1s" }`, `policy = { retry = 3 }`, 1), 16,
			[]string{`retry is a table, not the number 3: the number of tries is its attempts, so write retry = { attempts = 3 }`}},
		{"a duration where a latency belongs", strings.Replace(base, `latency = { kind = "exponential", mean = "50ms" }`, `latency = "50ms"`, 1), 15,
			[]string{`latency is a table, not the string "50ms": a fixed latency is a constant one's value, so write latency = { kind = "constant", value = "50ms" }`}},
		{"a name where a breaker belongs", strings.Replace(base, `policy = { timeout = "1s" }`, `policy = { breaker = "resilience4j" }`, 1), 16,
			[]string{`breaker is a table, not the string "resilience4j": a breaker named by a string is a preset, so write breaker = { preset = "resilience4j" }`}},
		{"a list where a table belongs", strings.Replace(base, `policy = { timeout = "1s" }`, `policy = ["timeout"]`, 1), 16,
			[]string{`policy must be a table`, "got a list"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("mine.toml", []byte(c.doc))
			if err == nil {
				t.Fatalf("no error for:\n%s", c.doc)
			}
			var fe *Error
			if !errors.As(err, &fe) {
				t.Fatalf("error is not an *Error: %T %v", err, err)
			}
			if !errors.Is(err, ErrInvalid) {
				t.Errorf("error does not wrap ErrInvalid: %v", err)
			}
			if fe.File != "mine.toml" || fe.Line != c.line {
				t.Errorf("got %s:%d, want mine.toml:%d (%v)", fe.File, fe.Line, c.line, err)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q\ndoes not contain %q", err, w)
				}
			}
			if c.line > 0 && !strings.HasPrefix(err.Error(), "mine.toml:") {
				t.Errorf("error does not start with file:line: %q", err)
			}
		})
	}
}
