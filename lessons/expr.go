package lessons

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/lessons/facts"
)

// Expr is a metric expression: a metric's name, its arguments and an
// optional format, as in "share cascade/0 search ok | pct0". Placeholders
// ({{...}}), claims and numeric answers are all written with it.
type Expr struct {
	Text   string
	Metric string
	Args   []string
	Format string
}

// argKind is what one argument of a metric must be.
type argKind uint8

const (
	argRun       argKind = iota + 1 // step, or SCENARIO/VARIANT
	argEndpoints                    // an endpoint, or several joined by +
	argDep                          // a dependency
	argOptDep                       // a dependency, or nothing for any
	argOutcome                      // ok, fallback, rejected, failed, or several joined by +
	argTime                         // a virtual time: 12s, 1500ms
	argKey                          // a parameter key, as in overrides
	argInt                          // a whole number
	argWhich                        // latency, timeout, p99 or slow
	argSeeds                        // a range of seeds: 1..20
	argShuffle                      // shuffle/VARIANT, or step on a shuffle step
	argPreset                       // a breaker preset's name
	argPresetKey                    // one of its settings
	argAnyRun                       // a run of any scenario, shuffle included
	argFact                         // a fact's name (lessons/facts)
	argNumber                       // a number: 20, 0.5, 1e3
)

var argNames = map[argKind]string{
	argRun: "RUN", argEndpoints: "ENDPOINT", argDep: "DEPENDENCY", argOptDep: "[DEPENDENCY]",
	argOutcome: "OUTCOME", argTime: "TIME", argKey: "KEY", argInt: "N", argWhich: "latency|timeout|p99|slow",
	argSeeds: "FIRST..LAST", argShuffle: "shuffle/VARIANT", argPreset: "PRESET", argPresetKey: "SETTING", argAnyRun: "RUN",
	argFact: "FACT", argNumber: "NUMBER",
}

type metric struct {
	kind Kind
	args []argKind
	help string
	eval func(c *evalCtx, args []string) (Value, error)
}

// metrics is the catalogue of everything a lesson can quote. FORMAT.md
// lists it; TestFormatDocumentsEveryMetric keeps the two in step.
var metrics map[string]metric

func init() {
	// A dependency's counters are the engine's totals for the whole run,
	// drain included: the engine keeps no per-window count of calls (its
	// dependency samples hold the in-flight calls and the breaker's window,
	// not the calls made), so these metrics say "whole run" rather than
	// cover the measurement window as the endpoints' counts do.
	depCounter := func(get func(*engine.DependencySnapshot) uint64) func(*evalCtx, []string) (Value, error) {
		return func(c *evalCtx, a []string) (Value, error) {
			s, err := c.final(a[0])
			if err != nil {
				return Value{}, err
			}
			d, err := dependencyOf(&s, a[1])
			if err != nil {
				return Value{}, err
			}
			return count(get(d)), nil
		}
	}
	latency := func(q func(*engine.EndpointSnapshot) time.Duration) func(*evalCtx, []string) (Value, error) {
		return func(c *evalCtx, a []string) (Value, error) {
			s, err := c.final(a[0])
			if err != nil {
				return Value{}, err
			}
			e, err := endpointOf(&s, a[1])
			if err != nil {
				return Value{}, err
			}
			// A percentile prints as the player's latency figures do
			// (LatencyText), to the digits its histogram resolves.
			v := duration(q(e))
			v.Prints = "lat"
			return v, nil
		}
	}
	transition := func(to breaker.State) func(*evalCtx, []string) (Value, error) {
		return func(c *evalCtx, a []string) (Value, error) {
			s, err := c.final(a[0])
			if err != nil {
				return Value{}, err
			}
			dep := ""
			if len(a) > 1 {
				dep = a[1]
			}
			at, ok := FirstTransition(s.Transitions, dep, to)
			if !ok {
				return Value{}, notYet{fmt.Errorf("in %s no breaker%s ever moves to %v", a[0], forDep(dep), to)}
			}
			return duration(at), nil
		}
	}
	metrics = map[string]metric{
		"share": {KindFraction, []argKind{argRun, argEndpoints, argOutcome},
			"the share of the endpoints' requests in the measurement window that ended with the outcomes", evalShare},
		"mean-share": {KindFraction, []argKind{argRun, argEndpoints, argOutcome, argSeeds},
			"share, averaged over a range of seeds", evalMeanShare},
		"count": {KindCount, []argKind{argRun, argEndpoints, argOutcome},
			"how many of the endpoints' requests in the window ended with the outcomes", evalCount},
		"requests": {KindCount, []argKind{argRun, argEndpoints},
			"how many requests arrived at the endpoints in the window", evalRequests},
		"p50": {KindDuration, []argKind{argRun, argEndpoints}, "the median latency the endpoint's clients saw",
			latency(func(e *engine.EndpointSnapshot) time.Duration { return e.P50 })},
		"p95": {KindDuration, []argKind{argRun, argEndpoints}, "the 95th percentile latency",
			latency(func(e *engine.EndpointSnapshot) time.Duration { return e.P95 })},
		"p99": {KindDuration, []argKind{argRun, argEndpoints}, "the 99th percentile latency",
			latency(func(e *engine.EndpointSnapshot) time.Duration { return e.P99 })},
		"inflight-max": {KindCount, []argKind{argRun, argDep}, "the most calls the dependency was working on at once, abandoned ones included, over the whole run",
			depCounter(func(d *engine.DependencySnapshot) uint64 { return uint64(d.InFlightMax) })},
		"calls": {KindCount, []argKind{argRun, argDep}, "the attempts that reached the dependency, over the whole run",
			depCounter(func(d *engine.DependencySnapshot) uint64 { return d.Calls })},
		"short-circuited": {KindCount, []argKind{argRun, argDep}, "the calls an open breaker refused, over the whole run",
			depCounter(func(d *engine.DependencySnapshot) uint64 { return d.ShortCircuited })},
		"bulkhead-full": {KindCount, []argKind{argRun, argDep}, "the calls a full bulkhead turned away, over the whole run",
			depCounter(func(d *engine.DependencySnapshot) uint64 { return d.BulkheadFull })},
		"fell-back": {KindCount, []argKind{argRun, argDep}, "the refusals a fallback answered, over the whole run",
			depCounter(func(d *engine.DependencySnapshot) uint64 { return d.FellBack })},
		"retries": {KindCount, []argKind{argRun, argDep}, "the retries sent, over the whole run",
			depCounter(func(d *engine.DependencySnapshot) uint64 { return d.Retries })},
		"retries-denied": {KindCount, []argKind{argRun, argDep}, "the retries a budget or a deadline refused, over the whole run",
			depCounter(func(d *engine.DependencySnapshot) uint64 { return d.RetriesDenied })},
		"opens": {KindDuration, []argKind{argRun, argOptDep}, "when a breaker first moves to open",
			transition(breaker.Open)},
		"half-opens": {KindDuration, []argKind{argRun, argOptDep}, "when a breaker first moves to half-open",
			transition(breaker.HalfOpen)},
		"closes": {KindDuration, []argKind{argRun, argOptDep}, "when a breaker first moves back to closed after opening",
			transition(breaker.Closed)},
		"time-open":   {KindDuration, []argKind{argRun, argOptDep}, "how long a breaker spent open (not half-open) before the traffic ended", evalTimeOpen},
		"opened":      {KindCount, []argKind{argRun, argOptDep}, "how many times a breaker moved to open", evalOpened},
		"transition":  {KindDuration, []argKind{argRun, argInt}, "when the Nth breaker transition (from 1) happens", evalTransition},
		"transitions": {KindCount, []argKind{argRun}, "how many breaker transitions the run has", evalTransitions},
		"design":      {KindCount, []argKind{argAnyRun}, "the run's design as the player numbers it, from 1 (cascade/0 is design 1): the number to write in text", evalDesign}, // design.go
		"busy-at":     {KindCount, []argKind{argRun, argTime}, "the workers busy at a moment", evalBusyAt},
		"held-at":     {KindCount, []argKind{argRun, argEndpoints, argTime}, "the workers the endpoints' requests hold at a moment", evalHeldAt},
		"inflight-at": {KindCount, []argKind{argRun, argDep, argTime}, "the calls the dependency is working on at a moment", evalInFlightAt},
		"retry-after-at": {KindDuration, []argKind{argRun, argDep, argTime},
			"the Retry-After of the last fail-fast 503 sent for the dependency by a moment: the breaker's open time left then (0 before any, and after a refusal while half-open)", evalRetryAfterAt},
		"param": {0, []argKind{argAnyRun, argKey}, "a parameter of the scenario, read with the same keys as overrides", evalParam},
		"little": {KindNumber, []argKind{argRun, argEndpoints, argWhich},
			"Little's law: the endpoints' rates times their dependency's mean latency, timeout, p99 or first slow fault's latency, summed", evalLittle},
		"multiple": {KindNumber, []argKind{argRun, argKey, argKey},
			"how many times the first parameter of the scenario is the second, both of one kind: a timeout as a multiple of its dependency's p99", evalMultiple},
		"midway": {0, []argKind{argRun, argKey, argKey},
			"halfway between two parameters of the scenario of one kind (two durations, two counts): a line drawn nearer one than the other", evalMidway},
		"shards":        {KindCount, []argKind{argInt, argInt}, "how many different K-worker shards N workers allow: C(N, K)", evalShards},
		"share-all":     {KindOdds, []argKind{argInt, argInt}, "the chance that two random K-of-N shards are the same", evalShareAll},
		"share-any":     {KindFraction, []argKind{argInt, argInt}, "the chance that two random K-of-N shards share at least one worker", evalShareAny},
		"share-some":    {KindFraction, []argKind{argInt, argInt}, "the chance that two random shards share some workers but not all", evalShareSome},
		"plain-odds":    {KindOdds, []argKind{argInt, argInt}, "the chance that another customer is in the same plain shard: K/N", evalPlainOdds},
		"shuffle-gain":  {KindNumber, []argKind{argInt, argInt}, "how many times fewer customers shuffle sharding puts at risk than plain sharding", evalShuffleGain},
		"lost":          {KindCount, []argKind{argShuffle}, "the other customers who lose every worker (the shuffle report)", evalShuffleRow("lost")},
		"degraded":      {KindCount, []argKind{argShuffle}, "the other customers who lose some workers and carry on", evalShuffleRow("degraded")},
		"customers":     {KindCount, []argKind{argShuffle}, "the other customers in the shuffle report", evalShuffleRow("customers")},
		"expected-lost": {KindNumber, []argKind{argShuffle}, "the customers the exact odds expect to lose every worker", evalShuffleRow("expected")},
		"ever-lost":     {KindCount, []argKind{argShuffle}, "on a shuffle step's timeline: the customers who had every worker down at some moment", evalTimeline(false)},
		"preset": {0, []argKind{argPreset, argPresetKey},
			"a library's documented breaker default (engine/breaker presets): window, min_calls, failure_rate, slow_duration, slow_rate, open, trials, time_window, consecutive, trials_to_close, trials_to_reopen", evalPreset},
		"ever-degraded": {KindCount, []argKind{argShuffle}, "on a shuffle step's timeline: the customers who had some workers down, never all at once", evalTimeline(true)},
	}
	for name, m := range serviceMetrics() { // expr_services.go
		metrics[name] = m
	}
	for name, m := range fleetMetrics() { // expr_fleet.go
		metrics[name] = m
	}
	for name, m := range limitMetrics() { // expr_limits.go
		metrics[name] = m
	}
	for name, m := range tenantMetrics() { // expr_tenants.go
		metrics[name] = m
	}
	for name, m := range tasksMetrics() { // expr_tasks.go
		metrics[name] = m
	}
	for name, m := range factMetrics() { // expr_facts.go
		metrics[name] = m
	}
}

// MetricNames lists the metrics, sorted, with their arguments and meaning.
func MetricNames() []string {
	names := make([]string, 0, len(metrics))
	for n := range metrics {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// MetricUsage is a metric's argument list, as FORMAT.md writes it.
func MetricUsage(name string) string {
	m := metrics[name]
	parts := []string{name}
	for _, a := range m.args {
		parts = append(parts, argNames[a])
	}
	return strings.Join(parts, " ")
}

// ParseExpr reads a metric expression and checks its form: a known metric,
// the right number of arguments, each of the right shape. Names of
// endpoints and dependencies are checked when it is evaluated.
func ParseExpr(text string) (Expr, error) {
	body, format, hasFormat := strings.Cut(text, "|")
	e := Expr{Text: strings.TrimSpace(text), Format: strings.TrimSpace(format)}
	fields := strings.Fields(body)
	if len(fields) == 0 {
		return e, errors.New("empty metric expression: write a metric and its arguments, such as \"share cascade/0 search ok\"")
	}
	e.Metric, e.Args = fields[0], fields[1:]
	m, ok := metrics[e.Metric]
	if !ok {
		if s := didYouMean(e.Metric, MetricNames()); s != "" {
			return e, fmt.Errorf("unknown metric %q: did you mean %q? (known: %s)", e.Metric, s, strings.Join(MetricNames(), ", "))
		}
		return e, fmt.Errorf("unknown metric %q (known: %s)", e.Metric, strings.Join(MetricNames(), ", "))
	}
	if hasFormat {
		if !slices.Contains(formats, e.Format) {
			if s := didYouMean(e.Format, formats); s != "" && e.Format != "" {
				return e, fmt.Errorf("unknown format %q after |: did you mean %q? (allowed: %s)", e.Format, s, strings.Join(formats, ", "))
			}
			return e, fmt.Errorf("unknown format %q after | (allowed: %s)", e.Format, strings.Join(formats, ", "))
		}
		// A metric whose kind is fixed is held to its formats here; one
		// whose kind depends on its arguments (param, fact, preset) when
		// its value is known (Value.Format).
		if err := fitFormat(m.kind, e.Format, e.Metric); err != nil {
			return e, err
		}
	}
	required := 0
	for _, a := range m.args {
		if a != argOptDep {
			required++
		}
	}
	if len(e.Args) < required || len(e.Args) > len(m.args) {
		return e, fmt.Errorf("%s takes %s, got %d argument(s)", e.Metric, MetricUsage(e.Metric), len(e.Args))
	}
	for i, a := range e.Args {
		if err := checkArg(m.args[i], a); err != nil {
			return e, fmt.Errorf("%s: %w (it takes %s)", e.Metric, err, MetricUsage(e.Metric))
		}
	}
	return e, nil
}

// Kind is what the expression's metric measures.
func (e Expr) Kind() Kind { return metrics[e.Metric].kind }

func checkArg(k argKind, a string) error {
	switch k {
	case argRun, argShuffle, argAnyRun:
		if a == "step" {
			return nil
		}
		if n, ok := stepRef(a); ok {
			if n < 1 {
				return fmt.Errorf("%q: steps count from 1", a)
			}
			return nil
		}
		name, idx, ok := strings.Cut(a, "/")
		v, err := strconv.Atoi(idx)
		if !ok || err != nil {
			return fmt.Errorf("%q is not a run: write step (this step's own simulation), stepN (step N's simulation) or SCENARIO/VARIANT such as cascade/0", a)
		}
		n, known := variantCount(name)
		if !known && isScenarioFile(name) {
			// SCENARIO/VARIANT names a built-in; a teacher's file runs
			// only as a step's simulation, with the step's variant.
			return fmt.Errorf("%q names a scenario file, and a file's runs are quoted by the steps that run it: write step (this step's simulation) or stepN (step N's), with the file and the variant as that step's scenario and variant", a)
		}
		if !known {
			if s := didYouMean(name, scenarioNames()); s != "" {
				return fmt.Errorf("no scenario is called %q: did you mean %q? (built in: %s)", name, s, strings.Join(scenarioNames(), ", "))
			}
			return fmt.Errorf("no scenario is called %q (built in: %s)", name, strings.Join(scenarioNames(), ", "))
		}
		if k == argShuffle && name != Shuffle {
			return fmt.Errorf("%q is not the shuffle scenario: write shuffle/VARIANT (0 plain, 1 shuffle, 2 hash, 3 overlap-limited)", a)
		}
		if k == argRun && name == Shuffle {
			return fmt.Errorf("%q is the shuffle scenario, which has no worker pool; use the shuffle metrics (lost, degraded, ...)", a)
		}
		if v < 0 || v >= n {
			return fmt.Errorf("scenario %s has variants 0 to %d, not %d", name, n-1, v)
		}
	case argOutcome:
		for _, o := range strings.Split(a, "+") {
			if _, err := parseOutcome(o); err != nil {
				return err
			}
		}
	case argTime:
		if err := engine.RepeatedUnit(a); err != nil {
			return err // 5s1s: Go sums it to 6s, a slip, not a time
		}
		if _, err := time.ParseDuration(a); err != nil {
			return fmt.Errorf("%q is not a time such as 12s or 1500ms", a)
		}
	case argInt:
		if _, err := strconv.Atoi(a); err != nil {
			return fmt.Errorf("%q is not a whole number", a)
		}
	case argWhich:
		if a != "latency" && a != "timeout" && a != "p99" && a != "slow" {
			return fmt.Errorf("%q is not latency, timeout, p99 or slow", a)
		}
	case argSeeds:
		if _, _, err := parseSeeds(a); err != nil {
			return err
		}
	case argPreset:
		if _, err := breaker.PresetNamed(a); err != nil {
			return err
		}
	case argFact:
		if _, err := facts.Lookup(a); err != nil {
			return err
		}
	case argNumber:
		if f, err := strconv.ParseFloat(a, 64); err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return fmt.Errorf("%q is not a number such as 20 or 0.5", a)
		}
	case argPresetKey:
		if _, ok := presetReaders[a]; !ok {
			return fmt.Errorf("%q is not a preset setting (allowed: window, min_calls, failure_rate, slow_duration, slow_rate, open, trials, time_window, consecutive, trials_to_close, trials_to_reopen)", a)
		}
	}
	return nil
}

func parseOutcome(s string) (engine.Outcome, error) {
	for _, o := range engine.Outcomes {
		if o.String() == s {
			return o, nil
		}
	}
	return 0, fmt.Errorf("%q is not an outcome (ok, fallback, rejected, failed; join several with +)", s)
}

func parseSeeds(s string) (uint64, uint64, error) {
	a, b, ok := strings.Cut(s, "..")
	first, err1 := strconv.ParseUint(a, 10, 64)
	last, err2 := strconv.ParseUint(b, 10, 64)
	if !ok || err1 != nil || err2 != nil || last < first || last-first >= 100 {
		return 0, 0, fmt.Errorf("%q is not a range of at most 100 seeds such as 1..20", s)
	}
	return first, last, nil
}

// evalCtx is what an expression is evaluated against: where its runs are
// read (the lab that runs the engine, or a step's run as a screen shows it:
// shown.go), the step whose "step" runs refer to, and the seed that
// SCENARIO/VARIANT runs use.
type evalCtx struct {
	lab    runs
	step   *Step
	lesson *Lesson
	seed   uint64
}

// Eval computes the expression's value.
func (c *evalCtx) Eval(e Expr) (Value, error) {
	m, ok := metrics[e.Metric]
	if !ok {
		return Value{}, fmt.Errorf("unknown metric %q", e.Metric)
	}
	v, err := m.eval(c, e.Args)
	if err != nil {
		return Value{}, fmt.Errorf("%s: %w", e.Text, err)
	}
	return v, nil
}

// spec resolves a run argument.
func (c *evalCtx) spec(a string) (*SimSpec, error) {
	if a == "step" {
		if c.step == nil || c.step.Sim == nil {
			return nil, errors.New("\"step\" means this step's simulation, and this step has none: name a run such as cascade/0")
		}
		return c.step.Sim, nil
	}
	if n, ok := stepRef(a); ok {
		if c.lesson == nil || n > len(c.lesson.Steps) || c.lesson.Steps[n-1].Sim == nil {
			return nil, fmt.Errorf("%q names step %d's simulation, and there is no such step or it has none", a, n)
		}
		return c.lesson.Steps[n-1].Sim, nil
	}
	name, idx, _ := strings.Cut(a, "/")
	v, _ := strconv.Atoi(idx)
	return &SimSpec{Scenario: name, Variant: v, Seed: c.seed}, nil
}

// stepRef reads "stepN", a reference to step N's simulation.
func stepRef(a string) (int, bool) {
	rest, ok := strings.CutPrefix(a, "step")
	if !ok || rest == "" {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	return n, err == nil
}

func (c *evalCtx) final(a string) (engine.Snapshot, error) {
	spec, err := c.spec(a)
	if err != nil {
		return engine.Snapshot{}, err
	}
	return c.lab.Final(spec)
}

func endpointOf(s *engine.Snapshot, name string) (*engine.EndpointSnapshot, error) {
	if e, ok := s.Endpoint(name); ok {
		return e, nil
	}
	var names []string
	for _, e := range s.Endpoints {
		names = append(names, e.Name)
	}
	return nil, fmt.Errorf("%s has no endpoint %q (it has: %s)", s.Scenario, name, strings.Join(names, ", "))
}

func dependencyOf(s *engine.Snapshot, name string) (*engine.DependencySnapshot, error) {
	if d, ok := s.Dependency(name); ok {
		return d, nil
	}
	var names []string
	for _, d := range s.Dependencies {
		names = append(names, d.Name)
	}
	return nil, fmt.Errorf("%s has no dependency %q (it has: %s)", s.Scenario, name, strings.Join(names, ", "))
}

// windowCounts sums the window tallies of the endpoints joined by +: the
// same computation `breakerlab run` and the player's outcome table use.
func windowCounts(s *engine.Snapshot, endpoints string) (report.Tally, error) {
	var sum report.Tally
	for _, name := range strings.Split(endpoints, "+") {
		e, err := endpointOf(s, name)
		if err != nil {
			return sum, err
		}
		sum = sum.Add(report.WindowTally(e))
	}
	return sum, nil
}

// outcomesOf reads outcomes joined by + (checked when the text was parsed).
func outcomesOf(outcomes string) []engine.Outcome {
	var out []engine.Outcome
	for _, name := range strings.Split(outcomes, "+") {
		o, _ := parseOutcome(name)
		out = append(out, o)
	}
	return out
}

func outcomeCount(c report.Tally, outcomes string) uint64 {
	var n uint64
	for _, o := range outcomesOf(outcomes) {
		n += c.Outcomes[o]
	}
	return n
}

func evalShare(c *evalCtx, a []string) (Value, error) {
	s, err := c.final(a[0])
	if err != nil {
		return Value{}, err
	}
	counts, err := windowCounts(&s, a[1])
	if err != nil {
		return Value{}, err
	}
	if counts.Arrived == 0 {
		return Value{}, notYet{fmt.Errorf("no request of %s arrived in the measurement window", a[1])}
	}
	return fraction(counts.ShareOf(outcomesOf(a[2])...)), nil
}

func evalMeanShare(c *evalCtx, a []string) (Value, error) {
	first, last, _ := parseSeeds(a[3])
	spec, err := c.spec(a[0])
	if err != nil {
		return Value{}, err
	}
	var sum float64
	for seed := first; seed <= last; seed++ {
		one := *spec
		one.Seed = seed
		s, err := c.lab.Final(&one)
		if err != nil {
			return Value{}, err
		}
		counts, err := windowCounts(&s, a[1])
		if err != nil {
			return Value{}, err
		}
		if counts.Arrived == 0 {
			return Value{}, fmt.Errorf("with seed %d no request of %s arrived in the measurement window", seed, a[1])
		}
		sum += counts.ShareOf(outcomesOf(a[2])...)
	}
	return fraction(sum / float64(last-first+1)), nil
}

func evalCount(c *evalCtx, a []string) (Value, error) {
	s, err := c.final(a[0])
	if err != nil {
		return Value{}, err
	}
	counts, err := windowCounts(&s, a[1])
	if err != nil {
		return Value{}, err
	}
	return count(outcomeCount(counts, a[2])), nil
}

func evalRequests(c *evalCtx, a []string) (Value, error) {
	s, err := c.final(a[0])
	if err != nil {
		return Value{}, err
	}
	counts, err := windowCounts(&s, a[1])
	if err != nil {
		return Value{}, err
	}
	return count(counts.Arrived), nil
}

// FirstTransition finds when a breaker (of dep, or any when dep is "")
// first moves into state to. For Closed it is the first close after the
// breaker has opened.
func FirstTransition(ts []engine.Transition, dep string, to breaker.State) (time.Duration, bool) {
	opened := false
	for _, t := range ts {
		if dep != "" && t.Dependency != dep {
			continue
		}
		if t.To == breaker.Open {
			opened = true
		}
		if t.To == to && (to != breaker.Closed || opened) {
			return t.At, true
		}
	}
	return 0, false
}

func forDep(dep string) string {
	if dep == "" {
		return ""
	}
	return " on " + dep
}

func evalOpened(c *evalCtx, a []string) (Value, error) {
	s, err := c.final(a[0])
	if err != nil {
		return Value{}, err
	}
	var n uint64
	for _, t := range s.Transitions {
		if t.To == breaker.Open && (len(a) < 2 || t.Dependency == a[1]) {
			n++
		}
	}
	return count(n), nil
}

func evalTransition(c *evalCtx, a []string) (Value, error) {
	s, err := c.final(a[0])
	if err != nil {
		return Value{}, err
	}
	n, _ := strconv.Atoi(a[1])
	if n < 1 || n > len(s.Transitions) {
		return Value{}, fmt.Errorf("%s has %d breaker transitions, so there is no number %d", a[0], len(s.Transitions), n)
	}
	return duration(s.Transitions[n-1].At), nil
}

func evalTransitions(c *evalCtx, a []string) (Value, error) {
	s, err := c.final(a[0])
	if err != nil {
		return Value{}, err
	}
	return count(uint64(len(s.Transitions))), nil
}

func (c *evalCtx) at(run, at string) (engine.Snapshot, error) {
	spec, err := c.spec(run)
	if err != nil {
		return engine.Snapshot{}, err
	}
	t, _ := time.ParseDuration(at)
	return c.lab.At(spec, t)
}

func evalBusyAt(c *evalCtx, a []string) (Value, error) {
	s, err := c.at(a[0], a[1])
	if err != nil {
		return Value{}, err
	}
	return count(uint64(s.Busy)), nil
}

func evalHeldAt(c *evalCtx, a []string) (Value, error) {
	s, err := c.at(a[0], a[2])
	if err != nil {
		return Value{}, err
	}
	var n int
	for _, name := range strings.Split(a[1], "+") {
		e, err := endpointOf(&s, name)
		if err != nil {
			return Value{}, err
		}
		n += e.Busy
	}
	return count(uint64(n)), nil
}

func evalInFlightAt(c *evalCtx, a []string) (Value, error) {
	s, err := c.at(a[0], a[2])
	if err != nil {
		return Value{}, err
	}
	d, err := dependencyOf(&s, a[1])
	if err != nil {
		return Value{}, err
	}
	return count(uint64(d.InFlight)), nil
}

// evalRetryAfterAt reads the engine's own record of the last fail-fast
// answer (DependencySnapshot.RetryAfter), so a lesson quotes the wait the
// simulated 503 carried instead of working it out in prose.
func evalRetryAfterAt(c *evalCtx, a []string) (Value, error) {
	s, err := c.at(a[0], a[2])
	if err != nil {
		return Value{}, err
	}
	d, err := dependencyOf(&s, a[1])
	if err != nil {
		return Value{}, err
	}
	return duration(d.RetryAfter), nil
}

func (c *evalCtx) scenario(run string) (*engine.Scenario, *engine.System, error) {
	spec, err := c.spec(run)
	if err != nil {
		return nil, nil, err
	}
	if spec.IsShuffle() {
		return nil, nil, fmt.Errorf("%s is the shuffle scenario, which has no worker pool", run)
	}
	sc, err := buildScenario(spec)
	if err != nil {
		return nil, nil, err
	}
	return sc, &sc.Variants[spec.Variant].System, nil
}

func evalParam(c *evalCtx, a []string) (Value, error) {
	spec, specErr := c.spec(a[0])
	if specErr == nil && spec.IsShuffle() {
		cfg, until, err := buildShuffle(spec)
		if err != nil {
			return Value{}, err
		}
		return readShuffleParam(cfg, until, a[1])
	}
	sc, sys, err := c.scenario(a[0])
	if err != nil {
		return Value{}, err
	}
	val, err := readParam(sc, sys, a[1])
	if err != nil && specErr == nil {
		// A knob in a scenario file's words (policy.breaker.window_size)
		// is named as [set] and a sweep name it, among the knobs param
		// reads, so that the name given is not refused next: it was
		// told only which keys param reads.
		if fk := FileKeyRefusal(a[1], paramKnobs(sc, sys, spec.Variant), "a {{param}}"); fk != nil {
			return Value{}, fk
		}
	}
	return val, err
}

// paramKnobs are the knobs of variant v that readParam reads, or knows
// and finds unset (a breaker's window on a call with no breaker).
func paramKnobs(sc *engine.Scenario, sys *engine.System, v int) []string {
	var out []string
	for _, k := range Knobs(sc, v) {
		if _, err := readParam(sc, sys, k); err == nil || !strings.HasPrefix(err.Error(), paramCannotRead) {
			out = append(out, k)
		}
	}
	return out
}

// paramCannotRead opens readParam's refusal of a key it does not read.
const paramCannotRead = "param cannot read "

// readParam reads the knob an override of the same key would set.
func readParam(sc *engine.Scenario, sys *engine.System, key string) (Value, error) {
	switch key {
	case "workers":
		return count(uint64(sys.Workers)), nil
	case "queue":
		return number(float64(sys.Queue)), nil
	case "duration":
		return duration(sc.Duration), nil
	}
	head, rest, _ := SplitKnobName(key) // a name may hold dots
	if v, ok, err := readServiceParam(sc, sys, head, rest); ok {
		return v, err
	}
	if v, ok, err := readLimitParam(sys, key); ok { // expr_limits.go
		return v, err
	}
	if v, ok, err := readTasksParam(sys, key); ok { // expr_tasks.go
		return v, err
	}
	for _, e := range sys.Endpoints {
		if e.Name != head || !isEndpointKey(rest) {
			continue
		}
		switch rest {
		case "rate":
			return number(e.Rate), nil
		case "interval":
			return duration(e.Interval), nil
		case "patience":
			return duration(e.Patience), nil
		}
	}
	// A dependency by the path [set] and a sweep take (knobpath.go): the
	// front's DEPENDENCY.KEY or a service's SERVICE/DEPENDENCY.KEY, with
	// its names bare or quoted; the one a path names, where two services
	// each have a dependency of that name.
	at, ok, err := findKnob(sys, key)
	if err != nil {
		return Value{}, err
	}
	if ok && (at.part == dependencyPart || at.part == edgePart) {
		return readDependencyParam(at.dep, at.name(), at.key, sc.Duration)
	}
	for i := range sys.Dependencies {
		if d := &sys.Dependencies[i]; d.Name == head {
			return readDependencyParam(d, d.Name, rest, sc.Duration)
		}
	}
	return Value{}, fmt.Errorf(paramCannotRead+"%q: use workers, queue, duration, ENDPOINT.rate|interval|patience, SERVICE.workers|queue|instances|work, DEPENDENCY.timeout|bulkhead|latency.*|breaker.* or a service's SERVICE/DEPENDENCY.KEY", key)
}

// readDependencyParam reads key rest of dependency d, which a path names
// as name (a service's dependency as SERVICE/DEPENDENCY); end is the run's
// length, where a fault with no end stops.
func readDependencyParam(d *engine.Dependency, name, rest string, end time.Duration) (Value, error) {
	p := d.Policy
	b := p.Breaker
	// faultN.KEY (N from 2) reads the dependency's Nth fault, as
	// fault.KEY reads its first: {{param step recommendations.fault2.from}}.
	if n, key, ok := nthFault(rest); ok {
		if n > len(d.Faults) {
			return Value{}, fmt.Errorf("dependency %q has %d fault(s), not %d", name, len(d.Faults), n)
		}
		f := d.Faults[n-1]
		switch key {
		case "from":
			return duration(f.From), nil
		case "to":
			return duration(f.To), nil
		case "latency":
			return duration(f.Latency), nil
		case "probability":
			return fraction(f.Probability), nil
		}
	}
	switch rest {
	case "faults.total":
		// How long the dependency misbehaves, its faults together: a
		// bound on what a breaker does across several outages (the time
		// it may stay open) starts from it, not from a sum typed beside
		// the scenario. A dependency's faults never overlap (the engine
		// refuses that), so their lengths add up.
		var total time.Duration
		for _, f := range d.Faults {
			to := f.To
			if to == 0 || to > end {
				to = end // until the run ends
			}
			total += max(to-f.From, 0)
		}
		return duration(total), nil
	case "timeout":
		return duration(p.Timeout), nil
	case "deadline":
		return duration(p.Deadline), nil
	case "bulkhead":
		return count(uint64(p.Bulkhead)), nil
	case "bulkhead_wait":
		return duration(p.BulkheadWait), nil
	case "deadline_margin":
		return duration(p.DeadlineMargin), nil
	case "min_time_left":
		return duration(p.MinTimeLeft), nil
	case "latency.mean":
		// The distribution's mean, whatever its kind (a log-normal
		// fitted to a median and a p99 has no Mean field of its own).
		return duration(d.Latency.Expected()), nil
	case "latency.value":
		return duration(d.Latency.Value), nil
	case "latency.p50":
		return duration(d.Latency.P50), nil
	case "latency.p99":
		// The distribution's 99th percentile, whatever its kind, as
		// latency.mean is its mean: a prompt that gives an exponential
		// dependency's mean can give the p99 a timeout is set from.
		return duration(d.Latency.Quantile99()), nil
	case "fault.from", "fault.to", "fault.latency", "fault.probability":
		if len(d.Faults) == 0 {
			return Value{}, fmt.Errorf("dependency %q has no fault", name)
		}
		f := d.Faults[0]
		switch rest {
		case "fault.from":
			return duration(f.From), nil
		case "fault.to":
			return duration(f.To), nil
		case "fault.latency":
			return duration(f.Latency), nil
		}
		return fraction(f.Probability), nil
	}
	if r := p.Retry; r != nil && strings.HasPrefix(rest, "retry.") {
		switch strings.TrimPrefix(rest, "retry.") {
		case "attempts":
			return count(uint64(r.Attempts)), nil
		case "base":
			return duration(r.Backoff.Base), nil
		case "max":
			return duration(r.Backoff.Max), nil
		}
	}
	if strings.HasPrefix(rest, "breaker.") {
		if b == nil {
			return Value{}, fmt.Errorf("dependency %q has no breaker", name)
		}
		switch strings.TrimPrefix(rest, "breaker.") {
		case "window":
			return count(uint64(b.WindowSize)), nil
		case "min_calls":
			if b.MinimumCalls == 0 {
				return count(uint64(b.WindowSize)), nil
			}
			return count(uint64(b.MinimumCalls)), nil
		case "failure_rate":
			return fraction(b.FailureRate), nil
		case "open":
			return duration(b.OpenFor), nil
		case "trials":
			return count(uint64(b.HalfOpenTrials)), nil
		case "slow_duration":
			return duration(b.SlowCallDuration), nil
		case "slow_rate":
			return fraction(b.SlowCallRate), nil
		case "time_window":
			return duration(b.WindowSpan), nil
		case "jitter":
			return fraction(b.OpenJitter), nil
		}
	}
	return Value{}, fmt.Errorf(paramCannotRead+"%q of dependency %q (readable: timeout, deadline, bulkhead, bulkhead_wait, deadline_margin, min_time_left, latency.*, fault.*, faults.total, retry.attempts, retry.base, retry.max, breaker.window, breaker.min_calls, breaker.failure_rate, breaker.open, breaker.trials, breaker.slow_duration, breaker.slow_rate, breaker.time_window, breaker.jitter, ratelimiter.*, per_tenant_bulkhead.default, per_tenant_bulkhead.shared, per_tenant_bulkhead.shared_per_tenant)", rest, name)
}

// evalMidway is halfway between two of a scenario's parameters, read as
// param reads them: a bound a challenge draws between two of its values
// (a slow-call line nearer the healthy p99 than the slowdown's latency)
// is then computed from the scenario, not typed beside it.
// twoParams reads a's two parameters of run a[0], as param reads them,
// for metric name, which takes two numbers of one kind (midway, multiple).
func twoParams(c *evalCtx, name string, a []string) ([2]Value, error) {
	var v [2]Value
	for i := range v {
		x, err := evalParam(c, []string{a[0], a[i+1]})
		if err != nil {
			return v, err
		}
		if x.Big != nil || x.Rat != nil {
			return v, fmt.Errorf("%s takes two numbers; %s is not one", name, a[i+1])
		}
		v[i] = x
	}
	if v[0].Kind != v[1].Kind {
		return v, fmt.Errorf("%s takes two parameters of one kind: %s is %s and %s is %s", name, a[1], v[0].Kind, a[2], v[1].Kind)
	}
	return v, nil
}

func evalMidway(c *evalCtx, a []string) (Value, error) {
	v, err := twoParams(c, "midway", a)
	if err != nil {
		return Value{}, err
	}
	mid := Value{Kind: v[0].Kind, F: (v[0].F + v[1].F) / 2, Prints: v[0].Prints}
	if mid.Kind == KindCount && mid.F != math.Trunc(mid.F) {
		mid.Kind = KindNumber // halfway between 5 and 6 workers is no count
	}
	return mid, nil
}

// evalMultiple is a over b, two parameters of one kind: the interview's
// rubric said a timeout "near 2 × its p99" beside checkout's 500 ms, which
// is 2.5 times its 200 ms p99, and a text that quotes the multiple its
// scenario uses follows either number when it moves.
func evalMultiple(c *evalCtx, a []string) (Value, error) {
	v, err := twoParams(c, "multiple", a)
	if err != nil {
		return Value{}, err
	}
	if v[1].F == 0 {
		return Value{}, fmt.Errorf("multiple divides by %s, which is 0 here", a[2])
	}
	return number(v[0].F / v[1].F), nil
}

func evalLittle(c *evalCtx, a []string) (Value, error) {
	_, sys, err := c.scenario(a[0])
	if err != nil {
		return Value{}, err
	}
	var sum float64
	for _, name := range strings.Split(a[1], "+") {
		var ep *engine.Endpoint
		for i := range sys.Endpoints {
			if sys.Endpoints[i].Name == name {
				ep = &sys.Endpoints[i]
			}
		}
		if ep == nil {
			return Value{}, fmt.Errorf("there is no endpoint %q", name)
		}
		rate := ep.Rate
		if ep.Interval > 0 {
			rate = float64(time.Second) / float64(ep.Interval)
		}
		var dep *engine.Dependency
		for i := range sys.Dependencies {
			if sys.Dependencies[i].Name == ep.Calls {
				dep = &sys.Dependencies[i]
			}
		}
		if dep == nil {
			return Value{}, fmt.Errorf("endpoint %q calls no dependency", name)
		}
		var hold time.Duration
		switch a[2] {
		case "latency":
			hold = dep.Latency.Expected()
		case "timeout":
			hold = dep.Policy.Timeout
			if hold == 0 {
				return Value{}, fmt.Errorf("dependency %q has no timeout", dep.Name)
			}
		case "p99":
			if dep.Latency.Kind != engine.LogNormal {
				return Value{}, fmt.Errorf("dependency %q has no p99 of its own (its latency is %v)", dep.Name, dep.Latency.Kind)
			}
			hold = dep.Latency.P99
		case "slow":
			// The latency of the dependency's first slow fault: what each
			// call holds a worker for while the dependency is slow.
			for _, f := range dep.Faults {
				if f.Kind == engine.Slow {
					hold = f.Latency
					break
				}
			}
			if hold == 0 {
				return Value{}, fmt.Errorf("dependency %q has no slow fault", dep.Name)
			}
		}
		sum += rate * hold.Seconds()
	}
	return number(sum), nil
}

func fleetArgs(a []string) (int, int) {
	n, _ := strconv.Atoi(a[0])
	k, _ := strconv.Atoi(a[1])
	return n, k
}

func evalShards(_ *evalCtx, a []string) (Value, error) {
	n, k := fleetArgs(a)
	s, err := shuffle.Shards(n, k)
	if err != nil {
		return Value{}, err
	}
	return bigCount(s), nil
}

func evalShareAll(_ *evalCtx, a []string) (Value, error) {
	n, k := fleetArgs(a)
	r, err := shuffle.ShareAll(n, k)
	if err != nil {
		return Value{}, err
	}
	return odds(r), nil
}

func evalShareAny(_ *evalCtx, a []string) (Value, error) {
	n, k := fleetArgs(a)
	r, err := shuffle.ShareAny(n, k)
	if err != nil {
		return Value{}, err
	}
	f, _ := r.Float64()
	return fraction(f), nil
}

func evalShareSome(_ *evalCtx, a []string) (Value, error) {
	n, k := fleetArgs(a)
	r, err := shuffle.ShareSome(n, k)
	if err != nil {
		return Value{}, err
	}
	f, _ := r.Float64()
	return fraction(f), nil
}

func evalPlainOdds(_ *evalCtx, a []string) (Value, error) {
	n, k := fleetArgs(a)
	if k < 1 || n < k || n%k != 0 {
		return Value{}, fmt.Errorf("plain shards of %d need a fleet that divides evenly by %d, got %d", k, k, n)
	}
	return odds(big.NewRat(int64(k), int64(n))), nil
}

func evalShuffleGain(_ *evalCtx, a []string) (Value, error) {
	n, k := fleetArgs(a)
	if k < 1 || n < k || n%k != 0 {
		return Value{}, fmt.Errorf("plain shards of %d need a fleet that divides evenly by %d, got %d", k, k, n)
	}
	shards, err := shuffle.Shards(n, k)
	if err != nil {
		return Value{}, err
	}
	gain := new(big.Rat).SetFrac(shards, big.NewInt(int64(n/k)))
	f, _ := gain.Float64()
	return number(f), nil
}

func evalShuffleRow(what string) func(*evalCtx, []string) (Value, error) {
	return func(c *evalCtx, a []string) (Value, error) {
		spec, err := c.spec(a[0])
		if err != nil {
			return Value{}, err
		}
		if !spec.IsShuffle() {
			return Value{}, fmt.Errorf("%s is not a shuffle run", a[0])
		}
		rep, err := c.lab.Report(spec.Seed)
		if err != nil {
			return Value{}, err
		}
		row := rep.Simulation.Rows()[spec.Variant]
		if row.Error != "" {
			return Value{}, fmt.Errorf("the %s row could not run: %s", row.Strategy, row.Error)
		}
		switch what {
		case "lost":
			return count(uint64(row.Lost)), nil
		case "degraded":
			return count(uint64(row.Degraded)), nil
		case "customers":
			return count(uint64(row.Customers)), nil
		}
		return number(row.ExpectedLost), nil
	}
}

func evalTimeline(degraded bool) func(*evalCtx, []string) (Value, error) {
	return func(c *evalCtx, a []string) (Value, error) {
		spec, err := c.spec(a[0])
		if err != nil {
			return Value{}, err
		}
		s, err := c.lab.Timeline(spec)
		if err != nil {
			return Value{}, err
		}
		if degraded {
			return count(uint64(s.EverDegraded)), nil
		}
		return count(uint64(s.EverLost)), nil
	}
}

func evalTimeOpen(c *evalCtx, a []string) (Value, error) {
	s, err := c.final(a[0])
	if err != nil {
		return Value{}, err
	}
	dep := ""
	if len(a) > 1 {
		dep = a[1]
	}
	// Up to the end of the traffic, or of the run so far where it is
	// read before (Prepared.Answer); a run played out is past it.
	return duration(TimeOpen(s.Transitions, dep, min(s.Now, s.Duration))), nil
}

// TimeOpen sums the time a breaker (of dep, or every breaker when dep is "")
// spent open or forced open, up to end.
func TimeOpen(ts []engine.Transition, dep string, end time.Duration) time.Duration {
	var total time.Duration
	openSince := map[string]time.Duration{}
	for _, t := range ts {
		if dep != "" && t.Dependency != dep || t.At > end {
			continue
		}
		if since, ok := openSince[t.Dependency]; ok {
			total += t.At - since
			delete(openSince, t.Dependency)
		}
		if t.To == breaker.Open || t.To == breaker.ForcedOpen {
			openSince[t.Dependency] = t.At
		}
	}
	for _, since := range openSince {
		total += end - since
	}
	return total
}

var presetReaders = map[string]func(breaker.Config) Value{
	"window": func(c breaker.Config) Value { return count(uint64(c.WindowSize)) },
	"min_calls": func(c breaker.Config) Value {
		if c.MinimumCalls == 0 {
			return count(uint64(c.WindowSize))
		}
		return count(uint64(c.MinimumCalls))
	},
	"failure_rate":  func(c breaker.Config) Value { return fraction(c.FailureRate) },
	"slow_duration": func(c breaker.Config) Value { return duration(c.SlowCallDuration) },
	"slow_rate":     func(c breaker.Config) Value { return fraction(c.SlowCallRate) },
	"open":          func(c breaker.Config) Value { return duration(c.OpenFor) },
	"trials":        func(c breaker.Config) Value { return count(uint64(c.HalfOpenTrials)) },
	"time_window":   func(c breaker.Config) Value { return duration(c.WindowSpan) },
	"consecutive":   func(c breaker.Config) Value { return count(uint64(c.MaxConsecutiveFailures)) },
	// What decides a half-open breaker, read off the breaker itself
	// (breaker.Config.TrialVerdict) so a text saying what closes or
	// reopens a library's breaker is held to what the simulation does. A
	// preset's configuration is valid, so the error cannot happen; were it
	// to, 0 ("never") fails every claim that quotes it.
	"trials_to_close": func(c breaker.Config) Value {
		n, _, _ := c.TrialVerdict()
		return count(uint64(n))
	},
	"trials_to_reopen": func(c breaker.Config) Value {
		_, n, _ := c.TrialVerdict()
		return count(uint64(n))
	},
}

func evalPreset(_ *evalCtx, a []string) (Value, error) {
	p, err := breaker.PresetNamed(a[0])
	if err != nil {
		return Value{}, err
	}
	return presetReaders[a[1]](p.Config), nil
}

// readShuffleParam reads a knob of a shuffle step's timeline.
func readShuffleParam(cfg shuffle.SimConfig, until time.Duration, key string) (Value, error) {
	switch key {
	case "workers":
		return count(uint64(cfg.Workers)), nil
	case "customers":
		return count(uint64(cfg.Customers)), nil
	case "per_customer":
		return count(uint64(cfg.PerCustomer)), nil
	case "max_shared":
		return count(uint64(cfg.MaxShared)), nil
	case "duration":
		return duration(until), nil
	case "request_every":
		return duration(cfg.RequestEvery), nil
	case "poison_every":
		return duration(cfg.PoisonEvery), nil
	case "poison_from":
		return duration(cfg.PoisonFrom), nil
	case "retry_after":
		return duration(cfg.RetryAfter), nil
	case "crashed_for":
		return duration(cfg.CrashedFor), nil
	case "restart_for":
		return duration(cfg.RestartFor), nil
	}
	return Value{}, fmt.Errorf("param cannot read %q of the shuffle timeline (readable: %s)", key, shuffleKeys)
}

// nthFault reads "faultN.KEY" (N from 2): the fault's place and its key.
func nthFault(rest string) (n int, key string, ok bool) {
	head, key, found := strings.Cut(rest, ".")
	digits, isFault := strings.CutPrefix(head, "fault")
	if !found || !isFault || digits == "" {
		return 0, "", false
	}
	n, err := strconv.Atoi(digits)
	if err != nil || n < 2 {
		return 0, "", false
	}
	return n, key, true
}
