package drill

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/retry"
	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/lessons/facts"
)

// Generators name the kinds of generated problem, in the order a worksheet
// cycles through them.
var Generators = []string{"little", "pool", "bulkhead", "min-calls", "cycles", "token-bucket", "shards", "share"}

// generatorInfo describes each kind: its topic and, for its deck card, what
// it practises.
var generatorInfo = map[string]struct{ topic, about string }{
	"little":       {"cascade", "Little's law: calls in flight = rate × latency"},
	"pool":         {"timeout", "whether rate × timeout exceeds the pool"},
	"bulkhead":     {"bulkhead", "a bulkhead's size from the rate, the p99 and a headroom"},
	"min-calls":    {"breaker", "how soon a count-window breaker with a minimum of calls can open"},
	"cycles":       {"breaker", "how many calls reach a dead provider while a breaker cycles"},
	"token-bucket": {"retry", "how many retries a token bucket allows in an outage"},
	"shards":       {"shuffle", "C(n, k) and the chance two customers share every worker"},
	"share":        {"shuffle", "the chance two shuffle shards share at least one worker"},
}

// Problem is one generated problem: a question with fresh numbers, its
// answer computed by the formula the lessons teach, the working, and the
// scenario that plays it in the engine.
type Problem struct {
	ID        string // "gen-little-7-0": generator, seed, index
	Generator string
	Seed      uint64
	Topic     string
	Kind      Kind // Number or Choice
	Question  string
	// Check judges a Number problem's answer; Choices hold a Choice
	// problem's answers in their written order.
	Check   *lessons.PreparedQuestion
	Choices []lessons.Option
	// Explain is the working that gives the answer.
	Explain string
	// Verified says how the tests check the answer against the engine (or
	// against the package whose formula it is), with the tolerance.
	Verified string
	// Scenario builds the engine scenario the problem describes, or is nil
	// when the problem is pure arithmetic (the shuffle odds).
	Scenario func() *engine.Scenario

	p params
}

// params are a problem's numbers, kept for the tests that run the engine.
type params struct {
	rate      float64       // calls a second
	latency   time.Duration // mean (little) or p99 (bulkhead)
	timeout   time.Duration
	workers   int
	headroom  float64
	size      int
	window    int
	minimum   int
	threshold float64
	warm      bool
	open      time.Duration
	trials    int
	from, dur time.Duration
	capacity  int
	cost      int
	timeouts  bool
	aws       bool
	n, k      int
	answer    float64
}

// Generate returns n problems for a seed, cycling through the generators
// (or only those named in kinds). The same seed and kinds give the same
// problems, bit for bit.
func Generate(seed uint64, n int, kinds ...string) ([]Problem, error) {
	if n < 0 {
		return nil, fmt.Errorf("the number of problems must be 0 or more, got %d", n)
	}
	if len(kinds) == 0 {
		kinds = Generators
	}
	for _, k := range kinds {
		if !slices.Contains(Generators, k) {
			return nil, fmt.Errorf("unknown kind of problem %q (allowed: %s)", k, strings.Join(Generators, ", "))
		}
	}
	out := make([]Problem, 0, n)
	seen := make(map[string]bool, n)
	spent := map[string]bool{} // kinds that gave nothing new in maxRedraws draws
	for i := range n {
		// A kind draws from a few dozen fleets or rates, so two problems
		// of one worksheet can come out the same: that one is drawn again,
		// from a stream of its own, until it is new. A kind that has
		// nothing new left hands its turn to the next kind that has.
		p, found := Problem{}, false
		for j := 0; j < len(kinds) && !found; j++ {
			kind := kinds[(i+j)%len(kinds)]
			if spent[kind] {
				continue
			}
			if p, found = fresh(kind, seed, i, seen); !found {
				spent[kind] = true
			}
		}
		if !found {
			return nil, fmt.Errorf("only %d different problems of %s for seed %d, not %d: ask for fewer problems or more kinds",
				len(out), strings.Join(kinds, ", "), seed, n)
		}
		seen[p.Question] = true
		out = append(out, p)
	}
	return out, nil
}

// maxRedraws bounds the draws for one new problem of a kind: past it, the
// kind has (nearly) run out of problems the worksheet does not hold.
const maxRedraws = 500

// fresh draws problem i of a kind until it is none of seen's questions;
// found is false when maxRedraws draws gave nothing new.
func fresh(kind string, seed uint64, i int, seen map[string]bool) (p Problem, found bool) {
	for redraw := range maxRedraws {
		if p = generate(kind, seed, i, redraw); !seen[p.Question] {
			return p, true
		}
	}
	return p, false
}

// One returns a single problem of a kind for a seed.
func One(kind string, seed uint64) (Problem, error) {
	ps, err := Generate(seed, 1, kind)
	if err != nil {
		return Problem{}, err
	}
	return ps[0], nil
}

func generate(kind string, seed uint64, i, redraw int) Problem {
	// One stream a problem: its numbers depend on the seed, the index and
	// the kind only, so adding a kind never changes another's problems. A
	// redraw (a repeat of an earlier problem) moves the seed, and the
	// first draw keeps the stream worksheets had before redraws.
	h := uint64(0)
	for _, c := range kind {
		h = h*31 + uint64(c)
	}
	rng := rand.New(rand.NewPCG(seed+uint64(redraw)*0x9e3779b97f4a7c15, uint64(i)<<32^h))
	p := Problem{ID: fmt.Sprintf("gen-%s-%d-%d", kind, seed, i), Generator: kind, Seed: seed, Topic: generatorInfo[kind].topic}
	switch kind {
	case "little":
		genLittle(&p, rng)
	case "pool":
		genPool(&p, rng)
	case "bulkhead":
		genBulkhead(&p, rng)
	case "min-calls":
		genMinCalls(&p, rng)
	case "cycles":
		genCycles(&p, rng)
	case "token-bucket":
		genTokenBucket(&p, rng)
	case "shards":
		genShards(&p, rng)
	case "share":
		genShare(&p, rng)
	}
	return p
}

func pick[T any](rng *rand.Rand, xs ...T) T { return xs[rng.IntN(len(xs))] }

// number sets a Number problem's answer and tolerance (absolute, or
// relative when rel).
func (p *Problem) number(kind lessons.Kind, answer, tol float64, rel bool, unit string) {
	v := lessons.Value{Kind: kind, F: answer}
	text, _ := v.Format("")
	if kind == lessons.KindNumber || kind == lessons.KindDuration {
		// Seconds as a plain number, which the answer box reads back.
		text = trim(answer)
	}
	p.Kind = Number
	p.p.answer = answer
	p.Check = &lessons.PreparedQuestion{Kind: lessons.Number, Prompt: p.Question, Explain: p.Explain,
		Answer: answer, AnswerKind: kind, Tolerance: tol, Relative: rel, Unit: unit, AnswerText: text}
}

// trim writes f with up to two decimals and no trailing zeros.
func trim(f float64) string {
	s := fmt.Sprintf("%.2f", f)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s
}

func ms(d time.Duration) string { return breaker.Words(d) }

// calls writes a rate of calls: "30 calls a minute" below one a second.
func callsRate(r float64) string {
	switch {
	case r < 1:
		return fmt.Sprintf("%s calls a minute", trim(r*60))
	case r == 1:
		return "1 call a second"
	}
	return fmt.Sprintf("%s calls a second", trim(r))
}

func genLittle(p *Problem, rng *rand.Rand) {
	rate := float64(10 * (2 + rng.IntN(49)))
	lat := time.Duration(10*(1+rng.IntN(40))) * time.Millisecond
	ans := rate * lat.Seconds()
	p.p.rate, p.p.latency = rate, lat
	p.Question = fmt.Sprintf("An endpoint gets %s requests a second, and each one calls a dependency that answers in %s on average. "+
		"How many calls to it are in flight, on average?", trim(rate), ms(lat))
	p.Explain = fmt.Sprintf("Little's law: in flight = rate × time in the system = %s/s × %s = %s. "+
		"Each holds a worker, a connection or a permit for that long.", trim(rate), ms(lat), unit(ans, "calls"))
	p.number(lessons.KindNumber, ans, math.Max(0.5, 0.02*ans), false, "calls")
	p.misconceptions(littleSlips(rate, lat.Seconds(), ms(lat))...)
	p.Verified = "the engine's average of calls in flight over 30 s of Poisson traffic, over 10 seeds, within 5%"
	workers := int(ans*4) + 50
	p.Scenario = func() *engine.Scenario {
		return &engine.Scenario{
			Name: "drill-little", Summary: p.Question, Duration: 30 * time.Second, MeasureFrom: 0, MeasureTo: 30 * time.Second,
			Variants: []engine.Variant{{Name: "healthy dependency", System: engine.System{
				Workers:      workers,
				Endpoints:    []engine.Endpoint{{Name: "endpoint", Rate: rate, Calls: "dependency"}},
				Dependencies: []engine.Dependency{{Name: "dependency", Latency: engine.Latency{Kind: engine.Exponential, Mean: lat}}},
			}}},
		}
	}
}

func genPool(p *Problem, rng *rand.Rand) {
	// Keep rate × timeout well clear of the pool, at a quarter to a half
	// of it or 1.5 to 4 times it: near the pool, random arrivals decide.
	var workers int
	var timeout time.Duration
	var rate float64
	for {
		workers = pick(rng, 16, 20, 40, 50, 100, 200)
		timeout = pick(rng, 500*time.Millisecond, time.Second, 2*time.Second, 5*time.Second, 10*time.Second)
		ratio := pick(rng, 0.25, 0.4, 0.5, 1.5, 2, 3, 4)
		rate = math.Round(ratio * float64(workers) / timeout.Seconds())
		r := rate * timeout.Seconds() / float64(workers)
		if rate >= 1 && (r >= 0.2 && r <= 0.5 || r >= 1.5 && r <= 4.5) {
			break
		}
	}
	want := rate * timeout.Seconds()
	exceeds := want > float64(workers)
	p.p.rate, p.p.timeout, p.p.workers, p.p.answer = rate, timeout, workers, want
	p.Kind = Choice
	p.Question = fmt.Sprintf("A dependency hangs, so every call to it waits for its %s timeout. It gets %s, and the server has %d workers "+
		"with nothing else capping those calls. Do the hanging calls take the whole pool?", ms(timeout), callsRate(rate), workers)
	yes := lessons.Option{Text: fmt.Sprintf("Yes: they want %s × %s = %s workers, more than the %d there are.", trim(rate), ms(timeout), trim(want), workers)}
	no := lessons.Option{Text: fmt.Sprintf("No: they hold about %s × %s = %s workers, and %s stay free.", trim(rate), ms(timeout), trim(want), trim(float64(workers)-want))}
	wrong := lessons.Option{Text: "No: each call gives its worker back when the timeout fires, so the pool never fills.",
		Why: "Giving the worker back after the timeout is exactly what Little's law counts: rate × timeout workers are held at any moment."}
	if exceeds {
		yes.Right = true
		no.Text = fmt.Sprintf("No: the calls give up after %s, so each holds a worker only briefly.", ms(timeout))
		no.Why = fmt.Sprintf("%s is long at this rate: every call stays that long, so %s of them are waiting at once.", ms(timeout), trim(want))
		p.Explain = fmt.Sprintf("rate × timeout = %s × %s = %s > %d: the pool fills within about %s and every other endpoint finds no worker. "+
			"A bulkhead on this dependency, or a shorter timeout, is needed.", trim(rate), ms(timeout), trim(want), workers,
			ms(time.Duration(float64(workers)/rate*float64(time.Second)).Round(10*time.Millisecond)))
	} else {
		no.Right = true
		yes.Text = fmt.Sprintf("Yes: %s for %s is more than %d.", callsRate(rate), ms(timeout), workers)
		yes.Why = "Only the calls of one timeout's span are waiting at once: rate × timeout, not the rate alone or the total."
		p.Explain = fmt.Sprintf("rate × timeout = %s × %s = %s < %d: the timeout alone keeps the pool from filling, though the calls still fail slowly.",
			trim(rate), ms(timeout), trim(want), workers)
	}
	p.Choices = []lessons.Option{yes, no, wrong}
	p.Verified = "the engine with the hang from 1 s: over 3 seeds, above the pool more than 20% of the endpoint's requests are " +
		"turned away for want of a worker, below it fewer than 2%"
	// Measure over at least 400 expected arrivals once the pool has had
	// two timeouts to fill.
	end := time.Second + 2*timeout + max(4*timeout, time.Duration(400/rate*float64(time.Second)))
	p.Scenario = func() *engine.Scenario {
		return &engine.Scenario{
			Name: "drill-pool", Summary: p.Question, Duration: end, MeasureFrom: time.Second + 2*timeout, MeasureTo: end,
			Variants: []engine.Variant{{Name: fmt.Sprintf("%d workers, timeout %s", workers, ms(timeout)), System: engine.System{
				Workers:   workers,
				Endpoints: []engine.Endpoint{{Name: "endpoint", Rate: rate, Calls: "dependency"}},
				Dependencies: []engine.Dependency{{Name: "dependency",
					Latency: engine.Latency{Kind: engine.Exponential, Mean: 20 * time.Millisecond},
					Faults:  []engine.Fault{{Kind: engine.Hang, From: time.Second}},
					Policy:  engine.Policy{Timeout: timeout}}},
			}}},
		}
	}
}

func genBulkhead(p *Problem, rng *rand.Rand) {
	var rate float64
	var p99 time.Duration
	for {
		rate = float64(10 * (1 + rng.IntN(20)))
		p99 = pick[time.Duration](rng, 100, 150, 200, 250, 300, 400, 500, 800, 1000) * time.Millisecond
		if rate*p99.Seconds() >= 8 {
			break
		}
	}
	head := pick(rng, 0.0, 0.2, 0.5, 1)
	base := rate * p99.Seconds()
	size := int(math.Ceil(base*(1+head) - 1e-9))
	p.p.rate, p.p.latency, p.p.headroom, p.p.size = rate, p99, head, size
	p.Question = fmt.Sprintf("A dependency gets %s calls a second and answers within %s at p99. Size its bulkhead with %s headroom "+
		"(round up).", trim(rate), ms(p99), pct(head))
	p.Explain = fmt.Sprintf("rate × p99 = %s × %s = %s; with %s headroom, %s × %s = %s, rounded up to %d. "+
		"Check that every bulkhead together fits the pool they draw on.", trim(rate), ms(p99), unit(base, "slots"), pct(head), trim(base), trim(1+head), trim(base*(1+head)), size)
	p.number(lessons.KindNumber, float64(size), 0, false, "slots")
	p.misconceptions(bulkheadSlips(rate, p99.Seconds(), head, size)...)
	p.Verified = "the engine on a healthy day (lognormal latency, the p50 at 40% of the p99), over 3 seeds: the bulkhead turns away fewer than 3% of calls"
	p.Scenario = func() *engine.Scenario {
		return &engine.Scenario{
			Name: "drill-bulkhead", Summary: p.Question, Duration: 30 * time.Second, MeasureFrom: time.Second, MeasureTo: 30 * time.Second,
			Variants: []engine.Variant{{Name: fmt.Sprintf("bulkhead %d", size), System: engine.System{
				Workers:   size*4 + 50,
				Endpoints: []engine.Endpoint{{Name: "endpoint", Rate: rate, Calls: "dependency"}},
				Dependencies: []engine.Dependency{{Name: "dependency",
					Latency: engine.Latency{Kind: engine.LogNormal, P50: p99 * 2 / 5, P99: p99},
					Policy:  engine.Policy{Bulkhead: size, Timeout: 4 * p99}}},
			}}},
		}
	}
}

func pct(f float64) string { return trim(100*f) + "%" }

// ordinal writes n as English counts places: 1st, 2nd, 3rd, 4th, 11th to
// 13th (not 11st), 21st, 112th.
func ordinal(n int) string {
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return strconv.Itoa(n) + suffix
}

func genMinCalls(p *Problem, rng *rand.Rand) {
	window := pick(rng, 10, 20, 50, 100)
	var minimum int
	for {
		minimum = pick(rng, 5, 10, 20, 50, 100)
		if minimum <= window {
			break
		}
	}
	rate := pick(rng, 0.5, 1, 2, 5, 10)
	threshold := pick(rng, 0.5, 0.25)
	warm := rng.IntN(2) == 0
	need := minimum
	state := "It has just started (or been reset), so its window is empty."
	if warm {
		need = int(math.Ceil(threshold*float64(window) - 1e-9))
		state = fmt.Sprintf("It has been running for a long time on a healthy dependency, so its window holds %d successes.", window)
	}
	ans := float64(need) / rate
	p.p.window, p.p.minimum, p.p.rate, p.p.threshold, p.p.warm = window, minimum, rate, threshold, warm
	p.Question = fmt.Sprintf("A breaker judges the last %d calls, opens at %s failures, and judges nothing before it has %d calls. %s "+
		"Its dependency gets %s on average, and from now on every call fails at once. How long until the breaker opens, on average?",
		window, pct(threshold), minimum, state, callsRate(rate))
	if warm {
		p.Explain = fmt.Sprintf("The window is full, so the minimum is met; it opens when %s of the last %d fail: %s. "+
			"They arrive at %s: %d ÷ %s = %s.", pct(threshold), window, unit(float64(need), "failures"), callsRate(rate), need, trim(rate), trimSeconds(ans))
	} else {
		p.Explain = fmt.Sprintf("Nothing is judged before %d calls; every one fails, so the %s call opens it. "+
			"At %s that takes %d ÷ %s = %s on average. A quiet dependency keeps a breaker closed for a long time.",
			minimum, ordinal(minimum), callsRate(rate), minimum, trim(rate), trimSeconds(ans))
	}
	p.number(lessons.KindDuration, ans, 0.05, true, "s")
	p.misconceptions(minCallsSlips(window, minimum, rate, threshold, warm, need)...)
	p.Verified = "the engine's mean time to open over 200 seeds of Poisson traffic, within 4 standard errors (4 ÷ √(200 · calls needed))"
	from := time.Duration(0)
	if warm {
		from = time.Duration(float64(3*window)/rate*float64(time.Second)) + 10*time.Second
	}
	p.p.from = from
	end := from + time.Duration(ans*20*float64(time.Second)) + 10*time.Second
	p.Scenario = func() *engine.Scenario {
		return &engine.Scenario{
			Name: "drill-min-calls", Summary: p.Question, Duration: end, MeasureFrom: from, MeasureTo: end,
			Variants: []engine.Variant{{Name: "breaker", System: engine.System{
				Workers:   50,
				Endpoints: []engine.Endpoint{{Name: "caller", Rate: rate, Calls: "dependency"}},
				Dependencies: []engine.Dependency{{Name: "dependency",
					Latency: engine.Latency{Kind: engine.Constant},
					Faults:  []engine.Fault{{Kind: engine.Error, From: from, Probability: 1}},
					Policy: engine.Policy{Breaker: &breaker.Config{WindowSize: window, MinimumCalls: minimum, FailureRate: threshold,
						OpenFor: time.Hour, HalfOpenTrials: 1}}}},
			}}},
		}
	}
}

func trimSeconds(s float64) string { return trim(s) + " s" }

func genCycles(p *Problem, rng *rand.Rand) {
	rate := pick(rng, 1.0, 2, 4, 5, 10)
	window := pick(rng, 10, 20)
	trials := pick(rng, 1, 2, 3)
	open := pick[time.Duration](rng, 5, 10, 15, 20, 30) * time.Second
	every := time.Duration(float64(time.Second) / rate)
	k := window / 2
	first := time.Duration(k-1) * every
	var outage time.Duration
	for {
		outage = pick[time.Duration](rng, 30, 45, 60, 90, 120) * time.Second
		if outage > first+open {
			break
		}
	}
	from := 20 * time.Second
	t1 := from + first
	probes := 0
	for t := t1 + open; t < from+outage; t += open {
		probes++
	}
	ans := float64(k + probes)
	p.p.rate, p.p.window, p.p.trials, p.p.open, p.p.from, p.p.dur = rate, window, trials, open, from, outage
	p.Question = fmt.Sprintf("A caller sends one call every %s to a provider that goes down for %s (every call fails at once). "+
		"Its breaker judges the last %d calls (all successes so far), opens at 50%% failures, stays open %s, then lets %d trial "+
		"call%s through; a failed trial opens it again. How many calls reach the provider while it is down?",
		ms(every), ms(outage), window, ms(open), trials, plural(trials))
	p.Explain = fmt.Sprintf("%s make 50%% of %d: they reach it in the first %s, and the breaker opens. Then one trial every %s "+
		"fails and reopens it (the other trials never go): %s before the provider is back. %d + %d = %s, "+
		"against %s without a breaker.", unit(float64(k), "failures"), window, ms(first), ms(open), unit(float64(probes), "trials"),
		k, probes, unit(ans, "calls"), trim(rate*outage.Seconds()))
	p.number(lessons.KindCount, ans, 0, false, "calls")
	p.misconceptions(cyclesSlips(rate, outage.Seconds(), window, trials, k, probes, ms(open))...)
	p.Verified = "the engine, exactly: calls arrive at fixed intervals, so its count of calls that reached the provider during the outage equals the answer"
	p.Scenario = func() *engine.Scenario {
		return &engine.Scenario{
			Name: "drill-cycles", Summary: p.Question, Duration: from + outage, MeasureFrom: from, MeasureTo: from + outage,
			Variants: []engine.Variant{{Name: "breaker", System: engine.System{
				Workers:   10,
				Endpoints: []engine.Endpoint{{Name: "caller", Interval: every, Calls: "provider"}},
				Dependencies: []engine.Dependency{{Name: "provider",
					Latency: engine.Latency{Kind: engine.Constant},
					Faults:  []engine.Fault{{Kind: engine.Error, From: from, To: from + outage, Probability: 1}},
					Policy: engine.Policy{Breaker: &breaker.Config{WindowSize: window, FailureRate: 0.5,
						OpenFor: open, HalfOpenTrials: trials}}}},
			}}},
		}
	}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func genTokenBucket(p *Problem, rng *rand.Rand) {
	aws := rng.IntN(3) == 0
	capacity, cost := pick(rng, 100, 200, 250, 500, 1000), pick(rng, 1, 2, 5, 10)
	if aws {
		b := retry.NewAWSTokenBucket()
		capacity, cost = b.Capacity, b.RetryCost
	}
	timeouts := rng.IntN(2) == 0
	b := retry.NewTokenBucket(capacity, cost, 2*cost, 1)
	paid := b.RetryCost
	how := "fail at once with an error"
	if timeouts {
		paid = b.TimeoutCost
		how = "time out"
	}
	// Spend the bucket with the package's own code: the answer is what
	// engine/retry allows, not a formula typed twice.
	n := 0
	for {
		if _, ok := b.TryRetry(timeouts); !ok {
			break
		}
		n++
	}
	p.p.capacity, p.p.cost, p.p.timeouts, p.p.aws, p.p.answer = capacity, cost, timeouts, aws, float64(n)
	// The rules are engine/retry.TokenBucket's: a successful retry gets its
	// cost back, a first-try success adds NoRetryIncrement, and nothing
	// fills the bucket past its capacity.
	name := fmt.Sprintf("A retry budget is a token bucket that starts full with %d tokens and never holds more: a retry costs %d, a retry after a timeout %d; "+
		"a successful retry gets its cost back, and a first-try success adds %d.",
		capacity, b.RetryCost, b.TimeoutCost, b.NoRetryIncrement)
	if aws {
		name = fmt.Sprintf("A client uses the AWS SDKs' standard retry quota as aws-sdk-js-v3 keeps it, with the prices aws-sdk-go-v2 had before the 2026 update (up to v1.47.8; aws-sdk-js-v3's own differ), "+
			"the rule breakerlab simulates: a bucket that starts full with %d tokens and never holds more; "+
			"a retry costs %d, a retry after a timeout %d; a successful retry gets its cost back, and a first-try success adds %d.",
			capacity, b.RetryCost, b.TimeoutCost, b.NoRetryIncrement)
	}
	p.Question = name + fmt.Sprintf(" The dependency goes down and every call and retry %s. How many retries does the bucket allow before it stops them?", how)
	p.Explain = fmt.Sprintf("No call succeeds, so nothing comes back into the bucket: %s ÷ %d a retry = %s (rounded down), "+
		"then every retry is refused and callers get their first failure at once. Without a budget, each failed call would retry.",
		unit(float64(capacity), "tokens"), paid, unit(float64(n), "retries"))
	if aws {
		if now, err := aws2026Prices(); err == nil {
			p.Explain += " " + now
		}
	}
	p.number(lessons.KindCount, float64(n), 0, false, "retries")
	p.misconceptions(tokenBucketSlips(capacity, b.RetryCost, b.TimeoutCost, timeouts, n)...)
	p.Verified = "engine/retry's token bucket spent until it refuses; with the AWS numbers, also the engine's count of retries sent in a 10 s outage"
	if aws {
		p.Scenario = func() *engine.Scenario {
			dep := engine.Dependency{Name: "dependency", Latency: engine.Latency{Kind: engine.Constant, Value: time.Millisecond},
				Policy: engine.Policy{Retry: &engine.RetryPolicy{Attempts: 3, Budget: engine.TokenBucketBudget}}}
			if timeouts {
				dep.Faults = []engine.Fault{{Kind: engine.Hang, From: 0}}
				dep.Policy.Timeout = 100 * time.Millisecond
			} else {
				dep.Faults = []engine.Fault{{Kind: engine.Error, From: 0, Probability: 1}}
			}
			return &engine.Scenario{
				Name: "drill-token-bucket", Summary: p.Question, Duration: 10 * time.Second, MeasureTo: 10 * time.Second,
				Variants: []engine.Variant{{Name: "token bucket", System: engine.System{
					Workers:      200,
					Endpoints:    []engine.Endpoint{{Name: "caller", Rate: 50, Calls: "dependency"}},
					Dependencies: []engine.Dependency{dep},
				}}},
			}
		}
	}
}

// aws2026Prices says, from lessons/facts, what the AWS quota charges since
// the 2026 update, so that a problem set in the earlier prices does not
// leave them to be learnt as today's.
func aws2026Prices() (string, error) {
	var v [4]float64
	for i, name := range []string{"aws.retry.v2026.cost", "aws.retry.v2026.throttle_cost", "aws.retry.capacity", "aws.retry.v2026.outage_retries"} {
		f, err := facts.Lookup(name)
		if err != nil {
			return "", err
		}
		v[i] = f.Value
	}
	return fmt.Sprintf("Since the 2026 update (aws-sdk-go-v2 v1.48.0) a transient retry costs %g, after a timeout too, and a retry after throttling %g: "+
		"the same outage would get %g ÷ %g = %g retries.", v[0], v[1], v[2], v[0], v[3]), nil
}

// fleet draws a fleet and a shard size with k at most half of n and a
// divisor of it. The problems compare with plain shards of k, and plain
// sharding cuts the fleet into whole shards: shuffle.AssignPlain refuses a
// fleet that leaves workers over (plain shards of 5 on 2,048 workers).
func fleet(rng *rand.Rand) (n, k int) {
	for {
		n = pick(rng, 8, 10, 12, 16, 20, 24, 32, 50, 64, 100, 128, 256, 500, 1000, 2048)
		k = 2 + rng.IntN(4)
		if 2*k <= n && n%k == 0 {
			return n, k
		}
	}
}

func genShards(p *Problem, rng *rand.Rand) {
	n, k := fleet(rng)
	c, _ := shuffle.Shards(n, k)
	f, _ := new(big.Float).SetInt(c).Float64()
	p.p.n, p.p.k = n, k
	p.Question = fmt.Sprintf("A fleet of %d workers gives every customer its own %d, drawn at random. How many different shards of %d are there?", n, k, k)
	// Plain shards put another customer in yours with a chance of k/n;
	// shuffle shards with 1/C(n, k): the gain is k·C(n, k)/n, kept exact.
	gain := new(big.Rat).SetFrac(new(big.Int).Mul(big.NewInt(int64(k)), c), big.NewInt(int64(n)))
	gainText := groupDigits(new(big.Int).Quo(gain.Num(), gain.Denom()).String())
	if !gain.IsInt() {
		gainText = "about " + gainText
	}
	p.Explain = fmt.Sprintf("C(%d, %d) = %d! ÷ (%d! × %d!) = %s, so two customers share %s workers with a chance of 1 in %s. "+
		"With plain shards of %d, another customer shares yours with a chance of %s: %s times as often.",
		n, k, n, k, n-k, groupDigits(c.String()), allOf(k), groupDigits(c.String()), k, plainChance(n, k), gainText)
	tol, rel := 0.0, false
	if f > 1e6 {
		tol, rel = 0.01, true
	}
	p.number(lessons.KindCount, f, tol, rel, "shards")
	p.Check.AnswerText = groupDigits(c.String())
	p.misconceptions(shardsSlips(n, k)...)
	p.Verified = "engine/shuffle's exact odds (the lessons' shards and share-all metrics)"
}

func genShare(p *Problem, rng *rand.Rand) {
	// Fleets where the chance is at least 2 %: below it, "within half a
	// point" would accept nearly any small number.
	var n, k int
	var f float64
	for {
		n, k = fleet(rng)
		anyShared, _ := shuffle.ShareAny(n, k)
		if f, _ = anyShared.Float64(); f >= 0.02 {
			break
		}
	}
	p.p.n, p.p.k = n, k
	p.Question = fmt.Sprintf("A fleet of %d workers gives every customer its own %d, drawn at random. What is the chance that another "+
		"customer shares at least one worker with you? (within half a point)", n, k)
	p.Explain = fmt.Sprintf("1 − C(%d, %d) ÷ C(%d, %d): the other customer must draw %s of its workers from the %d you do not have. "+
		"That leaves %s sharing at least one; they lose one worker and carry on if their clients retry on the others.",
		n-k, k, n, k, allOf(k), n-k, report.Percent1(f))
	p.number(lessons.KindFraction, f, 0.005, false, "")
	p.misconceptions(shareSlips(n, k, f)...)
	p.Verified = "engine/shuffle's exact odds, and a draw of 20,000 random pairs of shards within 1.5 points"
}

// plainChance is the chance that another customer is on yours of n/k
// plain shards of k, "1 in 4" for 8 workers in pairs: k in n, reduced.
func plainChance(n, k int) string {
	return shuffle.ChanceText(big.NewRat(int64(k), int64(n)))
}

// allOf says "all k" of a shard's workers as English does: "both" for two.
func allOf(k int) string {
	if k == 2 {
		return "both"
	}
	return "all " + strconv.Itoa(k)
}

// groupDigits writes 730862190080 as 730,862,190,080.
func groupDigits(s string) string {
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// Card turns the problem into a card to show (the deck's card for its
// generator carries the schedule).
func (p *Problem) Card() Card {
	c := Card{ID: "gen-" + p.Generator, Topic: p.Topic, Kind: p.Kind, Question: p.Question, Choices: p.Choices,
		Check: p.Check, Explain: p.Explain, Generator: p.Generator, Scenario: p.Scenario,
		Source: fmt.Sprintf("generated (%s, seed %d)", p.Generator, p.Seed)}
	return c
}

// generatorCards are the deck's cards for the kinds of generated problem:
// their schedule is kept by kind, and a session fills them with fresh
// numbers each time.
func generatorCards() []Card {
	out := make([]Card, 0, len(Generators))
	for _, g := range Generators {
		info := generatorInfo[g]
		out = append(out, Card{ID: "gen-" + g, Topic: info.topic, Kind: Number, Generator: g,
			Question: "A generated problem: " + info.about + ".",
			Explain:  "Fresh numbers each time; `breakerlab drill --generate N --seed S` prints a worksheet.",
			Source:   "generated (" + g + ")"})
	}
	return out
}
