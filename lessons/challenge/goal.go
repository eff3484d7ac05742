package challenge

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/shed"
	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/lessons"
)

// Goal is one thing the learner's design must achieve, on every seed:
// a metric of the run, an operator and a value ("share search ok >= 99%").
type Goal struct {
	Text   string // as written
	Label  string // what the view calls it; the text when the file gives none
	Metric string
	Args   []string
	Op     string // <, <=, >, >=, ==
	Want   lessons.Value
	// Window, when set, replaces the scenario's measurement window for
	// this goal: the counts are those of a run whose file says
	// measure_from = Window[0] and measure_to = Window[1].
	Window *[2]time.Duration
	// scenarioWindow is the scenario's measurement window where the goal
	// has none of its own and its metric reads the window's counts (a
	// share of the requests that arrived in it), as measuredWindows found
	// by asking the metric; nil where the metric counts over the whole run.
	scenarioWindow *[2]time.Duration
	// peers are the challenge's other goals and par on the same measure
	// (linkPeers), with bounds of their own: a value is written with the
	// digits the bound of any of them needs, so that one measure reads
	// the same on every line that shows it.
	peers []Goal
}

// sameMeasure says whether two goals measure one quantity: the same
// metric, arguments and window, whatever their bounds.
func (g *Goal) sameMeasure(o *Goal) bool {
	if g.Metric != o.Metric || !slices.Equal(g.Args, o.Args) || (g.Window == nil) != (o.Window == nil) {
		return false
	}
	return g.Window == nil || *g.Window == *o.Window
}

// linkPeers gives each goal, and the par, the others that measure the
// same quantity (a par on the share a goal holds to 99%, held to 99.9%).
func linkPeers(c *Challenge) {
	all := make([]*Goal, 0, len(c.Goals)+1)
	for i := range c.Goals {
		all = append(all, &c.Goals[i])
	}
	if c.Par.Goal != nil {
		all = append(all, c.Par.Goal)
	}
	// Copies taken before any is linked, so a peer has no peers of its own.
	plain := make([]Goal, len(all))
	for i, g := range all {
		plain[i] = *g
	}
	for i, g := range all {
		for j := range plain {
			if i != j && g.sameMeasure(&plain[j]) {
				g.peers = append(g.peers, plain[j])
			}
		}
	}
}

// MeasuredWindow is the window the goal's value is measured over: its own,
// or the scenario's where its metric reads the scenario's window; nil where
// it counts over the whole run.
func (g *Goal) MeasuredWindow() *[2]time.Duration {
	if g.Window != nil {
		return g.Window
	}
	return g.scenarioWindow
}

// WindowText is the window the goal is measured over, "5–15 s", or "" for
// the whole run: its ends as durationText writes them, the unit once where
// both have it.
func (g *Goal) WindowText() string {
	w := g.MeasuredWindow()
	if w == nil {
		return ""
	}
	from, to := durationText(w[0]), durationText(w[1])
	if n, u, ok := strings.Cut(from, " "); ok && strings.HasSuffix(to, " "+u) {
		from = n
	}
	return from + "–" + to
}

// outcome is one run's results, for one seed: the engine's final snapshot
// of a scenario, or the shuffle lab's count of who goes down.
type outcome struct {
	sc      *engine.Scenario
	snap    *engine.Snapshot
	fleet   *Fleet
	lost    int
	hurt    int
	victims int
	seed    uint64 // the fleet's seed, to draw its shards again for lostWhy
	// readWindow is set when a metric asked for the measurement window
	// (window): measuredWindows reads it to learn which metrics count
	// only the window's requests.
	readWindow bool
}

// window is the span the run's window counts cover, [from, to), as the
// engine took it. Every metric that reads counts of the window asks for it
// here, before it reads them, so that asking is what marks it as measured
// over the window.
func (o *outcome) window() (from, to time.Duration) {
	o.readWindow = true
	return o.snap.MeasureFrom, o.snap.MeasureTo
}

// readsWindow says whether g's metric reads the measurement window, asked
// as measuredWindows asks: on snap, the start's snapshot before any request
// arrives. One that does not counts over the whole run (calls,
// inflight-max, retries) or is no count at all (param).
func readsWindow(sc *engine.Scenario, snap *engine.Snapshot, g *Goal) bool {
	m, ok := metrics[g.Metric]
	if !ok {
		return true // no metric of the table: its own error says so
	}
	o := &outcome{sc: sc, snap: snap}
	_, _, _ = m.eval(o, g.Args)
	return o.readWindow
}

// measuredWindows finds, for each goal, par and claim without a window of
// its own, whether its metric reads the scenario's measurement window, by
// evaluating it on the start's snapshot before any request arrives: a
// metric that asks the outcome for the window (outcome.window) gets the
// scenario's window to show. The shuffle lab has no window, and a window
// that is the whole run is not shown, as a count of the whole run is not.
func measuredWindows(c *Challenge) error {
	sc := c.startScenario()
	if sc == nil {
		return nil
	}
	run, err := engine.New(sc, 0, c.Seeds[0])
	if err != nil {
		return err
	}
	snap := run.Snapshot()
	w := [2]time.Duration{snap.MeasureFrom, snap.MeasureTo}
	if w[0] == 0 && w[1] >= snap.Duration {
		return nil // the window is the whole run, as for the other goals
	}
	for _, g := range c.everyGoal() {
		m, ok := metrics[g.Metric]
		if !ok || g.Window != nil {
			continue
		}
		o := &outcome{sc: sc, snap: &snap}
		// The value is not wanted (no request has arrived): only whether
		// the metric asked for the window on the way to it.
		_, _, _ = m.eval(o, g.Args)
		if o.readWindow {
			g.scenarioWindow = &w
		}
	}
	return nil
}

// metricDef is a metric a goal may name.
type metricDef struct {
	kind    lessons.Kind
	usage   string // the arguments, as FORMAT.md writes them
	min     int    // arguments required
	max     int
	shuffle bool // a metric of the shuffle lab, not of a scenario
	// unit is what a number of the metric counts in ("MiB"), where its
	// kind does not say (a share prints as %, a duration in s or ms).
	unit string
	// prints is the format its values print in where not their kind's
	// ("pane": a tenant's share as the tenants pane writes it, "63%").
	prints string
	help   string
	// eval computes the value; ok is false when there is none ("the
	// breaker never opens"), which fails any goal.
	eval func(o *outcome, a []string) (v lessons.Value, ok bool, err error)
	// why, where set, says what made a seed fail the goal, in the
	// outcome's own terms ("customer 412 has the poisoned customer's
	// workers 5 and 17, all of them"): a count alone does not show it.
	why func(o *outcome) string
}

func withWhy(m metricDef, why func(o *outcome) string) metricDef {
	m.why = why
	return m
}

// lostWhy names the first customer who lost every worker on the outcome's
// seed, the workers it shares with the poisoned customer (customer 0),
// and why its strategy let that happen.
func lostWhy(o *outcome) string {
	if o.fleet == nil || o.lost == 0 {
		return ""
	}
	a, err := shuffle.Assign(o.fleet.fleet(), o.seed)
	if err != nil {
		return ""
	}
	down := map[int32]bool{}
	for _, w := range a.Shard(0) {
		down[w] = true
	}
	for c := 1; c < a.Customers(); c++ {
		shard := a.Shard(c)
		if !slices.ContainsFunc(shard, func(w int32) bool { return !down[w] }) {
			// In order: "(7, 3, 8)", as drawn, read as a list to decode.
			var ws []string
			for _, w := range slices.Sorted(slices.Values(shard)) {
				ws = append(ws, strconv.Itoa(int(w)))
			}
			why := fmt.Sprintf("customer %d's workers (%s) are all the poisoned customer 0's too", c, strings.Join(ws, ", "))
			switch o.fleet.Strategy {
			case shuffle.StrategyShuffle:
				why += `: random shards make a full overlap rare, not impossible; a cap on the workers two customers share (strategy "overlap-limited") rules it out`
			case shuffle.StrategyPlain:
				why += ": plain shards are shared whole"
			}
			return why
		}
	}
	return ""
}

// degradedWhy says why so many customers lose some workers on the
// outcome's seed, from the run's own figures: how many of the others share
// a worker with the poisoned customer (customer 0) at this shard size, and,
// for random shards, the share of them the shuffle lab expects to
// (shuffle.Expected, the odds its lesson shows), which grows with the
// shard.
func degradedWhy(o *outcome) string {
	if o.fleet == nil || o.hurt == 0 {
		return ""
	}
	k := o.fleet.PerCustomer
	why := fmt.Sprintf("with %d workers each, %d of the %d other customers share at least one with the poisoned customer 0", k, o.hurt, o.victims)
	a, err := shuffle.Assign(o.fleet.fleet(), o.seed)
	if err != nil {
		return why
	}
	ex, err := shuffle.Expected(a, 0)
	switch {
	case err != nil || !ex.DegradedKnown:
		// Overlap-limited shards: the cap keeps a full overlap out, but
		// the more workers each, the more customers share one.
		why += "; the larger the shard, the more customers share a worker with it"
	case o.fleet.Strategy == shuffle.StrategyShuffle || o.fleet.Strategy == shuffle.StrategyHash:
		why += fmt.Sprintf(" (about %.0f expected at this shard size); fewer workers each means fewer share one", ex.Degraded)
	}
	return why
}

func fraction(f float64) lessons.Value { return lessons.Value{Kind: lessons.KindFraction, F: f} }
func count(n uint64) lessons.Value     { return lessons.Value{Kind: lessons.KindCount, F: float64(n)} }
func seconds(d time.Duration) lessons.Value {
	return lessons.Value{Kind: lessons.KindDuration, F: d.Seconds()}
}

// metrics is the catalogue of what a goal can measure: the lesson metrics
// (lessons/FORMAT.md) that make sense for a single run, under the same
// names, without the run argument. TestFormatListsEveryMetric keeps
// FORMAT.md in step.
var metrics map[string]metricDef

func init() {
	dep := func(help string, get func(*engine.DependencySnapshot) uint64) metricDef {
		return metricDef{kind: lessons.KindCount, usage: "DEPENDENCY", min: 1, max: 1, help: help,
			eval: func(o *outcome, a []string) (lessons.Value, bool, error) {
				d, err := dependencyOf(o.snap, a[0])
				if err != nil {
					return lessons.Value{}, false, err
				}
				return count(get(d)), true, nil
			}}
	}
	latency := func(help string, q func(*engine.EndpointSnapshot) time.Duration) metricDef {
		return metricDef{kind: lessons.KindDuration, usage: "ENDPOINT", min: 1, max: 1, help: help,
			eval: func(o *outcome, a []string) (lessons.Value, bool, error) {
				o.window() // the engine's percentiles are of the window's requests
				e, err := endpointOf(o.snap, a[0])
				if err != nil {
					return lessons.Value{}, false, err
				}
				return seconds(q(e)), true, nil
			}}
	}
	transition := func(help string, to breaker.State) metricDef {
		return metricDef{kind: lessons.KindDuration, usage: "[DEPENDENCY]", min: 0, max: 1, help: help,
			eval: func(o *outcome, a []string) (lessons.Value, bool, error) {
				at, ok := lessons.FirstTransition(o.snap.Transitions, optDep(a), to)
				return seconds(at), ok, nil
			}}
	}
	shuffleCount := func(help string, get func(o *outcome) int) metricDef {
		return metricDef{kind: lessons.KindCount, shuffle: true, help: help,
			eval: func(o *outcome, _ []string) (lessons.Value, bool, error) {
				return count(uint64(get(o))), true, nil
			}}
	}
	metrics = map[string]metricDef{
		"share": {kind: lessons.KindFraction, usage: "ENDPOINT OUTCOME", min: 2, max: 2,
			help: "the share of the endpoints' requests in the measurement window that ended with the outcomes (endpoints and outcomes may be joined with +)",
			eval: func(o *outcome, a []string) (lessons.Value, bool, error) {
				t, err := o.windowTally(a[0])
				if err != nil || t.Arrived == 0 {
					return lessons.Value{}, false, err
				}
				return fraction(t.ShareOf(outcomesOf(a[1])...)), true, nil
			}},
		"count": {kind: lessons.KindCount, usage: "ENDPOINT OUTCOME", min: 2, max: 2,
			help: "how many of the endpoints' requests in the window ended with the outcomes",
			eval: func(o *outcome, a []string) (lessons.Value, bool, error) {
				t, err := o.windowTally(a[0])
				if err != nil {
					return lessons.Value{}, false, err
				}
				var n uint64
				for _, oc := range outcomesOf(a[1]) {
					n += t.Outcomes[oc]
				}
				return count(n), true, nil
			}},
		"requests": {kind: lessons.KindCount, usage: "ENDPOINT", min: 1, max: 1,
			help: "how many requests arrived at the endpoints in the window",
			eval: func(o *outcome, a []string) (lessons.Value, bool, error) {
				t, err := o.windowTally(a[0])
				return count(t.Arrived), err == nil, err
			}},
		"p50":             latency("the median latency the endpoint's clients saw", func(e *engine.EndpointSnapshot) time.Duration { return e.P50 }),
		"p95":             latency("the 95th percentile latency", func(e *engine.EndpointSnapshot) time.Duration { return e.P95 }),
		"p99":             latency("the 99th percentile latency", func(e *engine.EndpointSnapshot) time.Duration { return e.P99 }),
		"inflight-max":    dep("the most calls the dependency was working on at once, abandoned ones included", func(d *engine.DependencySnapshot) uint64 { return uint64(d.InFlightMax) }),
		"calls":           dep("the attempts that reached the dependency", func(d *engine.DependencySnapshot) uint64 { return d.Calls }),
		"short-circuited": dep("the calls an open breaker refused", func(d *engine.DependencySnapshot) uint64 { return d.ShortCircuited }),
		"bulkhead-full":   dep("the calls a full bulkhead turned away", func(d *engine.DependencySnapshot) uint64 { return d.BulkheadFull }),
		"fell-back":       dep("the refusals a fallback answered", func(d *engine.DependencySnapshot) uint64 { return d.FellBack }),
		"retries":         dep("the retries sent", func(d *engine.DependencySnapshot) uint64 { return d.Retries }),
		"retries-denied":  dep("the retries a budget or a deadline refused", func(d *engine.DependencySnapshot) uint64 { return d.RetriesDenied }),
		"opens":           transition("when a breaker first moves to open (no value if it never does)", breaker.Open),
		"half-opens":      transition("when a breaker first moves to half-open", breaker.HalfOpen),
		"closes":          transition("when a breaker first moves back to closed after opening", breaker.Closed),
		"opened": {kind: lessons.KindCount, usage: "[DEPENDENCY]", min: 0, max: 1,
			help: "how many times a breaker moved to open",
			eval: func(o *outcome, a []string) (lessons.Value, bool, error) {
				var n uint64
				for _, t := range o.snap.Transitions {
					if t.To == breaker.Open && (len(a) == 0 || t.Dependency == a[0]) {
						n++
					}
				}
				return count(n), true, nil
			}},
		"time-open": {kind: lessons.KindDuration, usage: "[DEPENDENCY]", min: 0, max: 1,
			help: "how long a breaker spent open (not half-open) before the traffic ended",
			eval: func(o *outcome, a []string) (lessons.Value, bool, error) {
				return seconds(lessons.TimeOpen(o.snap.Transitions, optDep(a), o.snap.Duration)), true, nil
			}},
		"time-half-open": {kind: lessons.KindDuration, usage: "[DEPENDENCY]", min: 0, max: 1,
			help: "how long a breaker spent half-open, letting its trials through, before the traffic ended",
			eval: func(o *outcome, a []string) (lessons.Value, bool, error) {
				return seconds(timeHalfOpen(o.snap.Transitions, optDep(a), o.snap.Duration)), true, nil
			}},
		"param": {usage: "KNOB", min: 1, max: 1,
			help: "a knob's value in the learner's design, read by the path a knob is written with, or the sum of several knobs of one kind joined with +",
			eval: func(o *outcome, a []string) (lessons.Value, bool, error) {
				return o.paramSum(a[0])
			}},
		"rate-limited": dep("the calls the dependency's rate limiter refused", func(d *engine.DependencySnapshot) uint64 { return d.RateLimited }),
		"tenant-share": {kind: lessons.KindFraction, usage: "TENANT OUTCOME", min: 2, max: 2, prints: "pane",
			help: "the share of the tenants' requests in the measurement window, every endpoint's, that ended with the outcomes (tenants and outcomes may be joined with +)",
			eval: func(o *outcome, a []string) (lessons.Value, bool, error) {
				o.window()
				var arrived uint64
				var counts engine.Counts
				for _, name := range strings.Split(a[0], "+") {
					t, err := tenantOf(o.snap, name)
					if err != nil {
						return lessons.Value{}, false, err
					}
					arrived += t.WindowArrived
					for i := range counts {
						counts[i] += t.Window[i]
					}
				}
				tally := report.Tally{Arrived: arrived, Outcomes: counts}
				if arrived == 0 {
					return lessons.Value{}, false, nil
				}
				return fraction(tally.ShareOf(outcomesOf(a[1])...)), true, nil
			}},
		"wasted": {kind: lessons.KindCount, usage: "SERVICE", min: 1, max: 1,
			help: "the calls the service finished for a caller that had already given up (no cancellation reached it)",
			eval: func(o *outcome, a []string) (lessons.Value, bool, error) {
				for i := range o.snap.Services {
					if s := &o.snap.Services[i]; s.Name == a[0] {
						return count(s.AbandonedWork), true, nil
					}
				}
				var names []string
				for _, s := range o.snap.Services {
					names = append(names, s.Name)
				}
				return lessons.Value{}, false, fmt.Errorf("the scenario has no service %q (it has: %s)", a[0], strings.Join(names, ", "))
			}},
		// What the front's load shedding refused, apart from a full queue's
		// refusals: both end as rejected, and only this tells a bound that
		// ran out from a queue with no place left.
		"shed-class": {kind: lessons.KindCount, usage: "CLASS", min: 1, max: 1,
			help: "the requests of the classes (critical, default, sheddable; joined with +) the front's load shedding refused, over the whole run",
			eval: func(o *outcome, a []string) (lessons.Value, bool, error) {
				if len(o.sc.Variants) == 0 || o.sc.Variants[0].System.Shed == nil {
					return lessons.Value{}, false, fmt.Errorf("the scenario's front sheds no load ([system] shed is not set), so no class %q is shed", a[0])
				}
				var n uint64
				for _, name := range strings.Split(a[0], "+") {
					class, err := shed.ParseClass(name)
					if err != nil {
						return lessons.Value{}, false, err
					}
					n += o.snap.Shed[class]
				}
				return count(n), true, nil
			}},
		"lost":      withWhy(shuffleCount("the other customers who lose every worker once the poisoned customer's workers are down", func(o *outcome) int { return o.lost }), lostWhy),
		"degraded":  withWhy(shuffleCount("the other customers who lose some workers and carry on", func(o *outcome) int { return o.hurt }), degradedWhy),
		"customers": shuffleCount("the other customers", func(o *outcome) int { return o.victims }),
	}
	addFleetMetrics(metrics)
	addTasksMetrics(metrics)
}

// timeHalfOpen sums the spells the dependency's breaker (every breaker's,
// with dep "") spent half-open before end. A round of many trials keeps
// the breaker there for as long as the trials take to arrive, which
// time-open, counting only the open spells, does not see.
func timeHalfOpen(ts []engine.Transition, dep string, end time.Duration) time.Duration {
	var total time.Duration
	since := map[string]time.Duration{}
	for _, t := range ts {
		if dep != "" && t.Dependency != dep || t.At > end {
			continue
		}
		if at, ok := since[t.Dependency]; ok {
			total += t.At - at
			delete(since, t.Dependency)
		}
		if t.To == breaker.HalfOpen {
			since[t.Dependency] = t.At
		}
	}
	for _, at := range since {
		total += end - at
	}
	return total
}

// metricNames lists the metrics, sorted.
func metricNames() []string {
	var names []string
	for n := range metrics {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

func optDep(a []string) string {
	if len(a) == 0 {
		return ""
	}
	return a[0]
}

// parseGoal reads "METRIC ARGS OP VALUE".
func parseGoal(text string, shuffle bool) (Goal, error) {
	g := Goal{Text: strings.TrimSpace(text)}
	fields := strings.Fields(text)
	at := -1
	for i, f := range fields {
		switch f {
		case "<", "<=", ">", ">=", "==", "≤", "≥":
			at = i
		}
	}
	if at < 1 || at > len(fields)-2 {
		return g, fmt.Errorf("a goal is METRIC ARGS OP VALUE, such as \"share search ok >= 99%%\" (OP one of < <= > >= ==; VALUE a number, a percentage such as 99%% or a duration such as 2s), got %q", text)
	}
	if at < len(fields)-2 {
		// A bound written as a sum (a scenario's value and the author's
		// allowance) is read as the one value it comes to, and shown so.
		sum, err := addTerms(fields[at+1:])
		if err != nil {
			return g, err
		}
		fields = append(fields[:at+1:at+1], sum)
		g.Text = strings.Join(fields, " ")
	}
	g.Metric, g.Args, g.Op = fields[0], fields[1:at], strings.NewReplacer("≤", "<=", "≥", ">=").Replace(fields[at])
	m, ok := metrics[g.Metric]
	if !ok {
		return g, fmt.Errorf("unknown metric %q%s (known: %s)", g.Metric, lessons.DidYouMean(g.Metric, metricNames()), strings.Join(metricNames(), ", "))
	}
	if m.shuffle != shuffle && g.Metric != "param" {
		if shuffle {
			return g, fmt.Errorf("%s measures a scenario's run, and this challenge is on the shuffle lab (its metrics: lost, degraded, customers, param)", g.Metric)
		}
		return g, fmt.Errorf("%s measures the shuffle lab, and this challenge is on a scenario", g.Metric)
	}
	if len(g.Args) < m.min || len(g.Args) > m.max {
		return g, fmt.Errorf("%s takes %s, got %d argument(s)", g.Metric, usageOf(g.Metric), len(g.Args))
	}
	if g.Metric == "param" && strings.Contains(g.Args[0], "+") {
		if err := sameKindTerms(g.Args[0], shuffle); err != nil {
			return g, err
		}
	}
	if g.Metric == "share" || g.Metric == "count" {
		for _, o := range strings.Split(g.Args[1], "+") {
			if _, err := parseOutcome(o); err != nil {
				return g, err
			}
		}
	}
	want, err := parseLiteral(fields[at+1])
	if err != nil {
		return g, err
	}
	if m.kind != 0 && (m.kind == lessons.KindDuration) != (want.Kind == lessons.KindDuration) {
		return g, fmt.Errorf("%s is %s, so compare it with %s", g.Metric, m.kind, map[bool]string{true: "a duration such as 24s", false: "a number or a percentage"}[m.kind == lessons.KindDuration])
	}
	if m.kind == lessons.KindFraction && want.Kind != lessons.KindFraction && want.F > 1 {
		return g, fmt.Errorf("%s is a share from 0 to 1; write 99%% or 0.99, not %s", g.Metric, fields[at+1])
	}
	g.Want = want
	return g, nil
}

// sameKindTerms checks a param sum's knobs when the file is read: each a
// path a knob may be written with, all of one kind, since 10 workers and
// 1 s add to nothing.
func sameKindTerms(arg string, shuffle bool) error {
	var first KnobKind
	for i, t := range strings.Split(arg, "+") {
		k, ok := knobKind(t, shuffle)
		if !ok {
			return fmt.Errorf("param %s: %q is not a knob's path (a sum joins knobs' paths with +, no spaces)", arg, t)
		}
		if i == 0 {
			first = k
		} else if k != first {
			return fmt.Errorf("param %s adds %s to another kind of knob: the knobs of a sum are of one kind (all counts, all durations or all shares)", arg, t)
		}
	}
	return nil
}

func usageOf(name string) string {
	u := metrics[name].usage
	if u == "" {
		return "no arguments"
	}
	return u
}

// parseLiteral reads a goal's value: 0.5, 99%, 24s, 1500ms.
func parseLiteral(s string) (lessons.Value, error) {
	if p, ok := strings.CutSuffix(s, "%"); ok {
		// Moving the point, not dividing by 100: 99.9% is 0.999, as a
		// sweep's goal reads it (report.ParsePercent).
		f, err := report.ParsePercent(p)
		if err != nil {
			return lessons.Value{}, fmt.Errorf("%q is not a percentage such as 99%%", s)
		}
		return fraction(f), nil
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		return lessons.Value{Kind: lessons.KindNumber, F: f}, nil
	}
	if err := engine.RepeatedUnit(s); err != nil {
		return lessons.Value{}, err // 5s1s: Go sums it to 6s, a slip
	}
	if d, err := time.ParseDuration(s); err == nil {
		return seconds(d), nil
	}
	return lessons.Value{}, fmt.Errorf("%q is not a number (0.5), a percentage (99%%) or a duration (2s)", s)
}

func parseOutcome(s string) (engine.Outcome, error) {
	for _, o := range engine.Outcomes {
		if o.String() == s {
			return o, nil
		}
	}
	return 0, fmt.Errorf("%q is not an outcome (ok, fallback, rejected, failed; join several with +)", s)
}

func outcomesOf(s string) []engine.Outcome {
	var out []engine.Outcome
	for _, name := range strings.Split(s, "+") {
		o, _ := parseOutcome(name)
		out = append(out, o)
	}
	return out
}

// windowTally sums the window tallies of the endpoints joined by +, with
// engine/report's Tally: the count `breakerlab run` prints.
func (o *outcome) windowTally(endpoints string) (report.Tally, error) {
	o.window()
	s := o.snap
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

func endpointOf(s *engine.Snapshot, name string) (*engine.EndpointSnapshot, error) {
	if e, ok := s.Endpoint(name); ok {
		return e, nil
	}
	var names []string
	for _, e := range s.Endpoints {
		names = append(names, e.Name)
	}
	return nil, fmt.Errorf("the scenario has no endpoint %q%s (it has: %s)", name, lessons.DidYouMean(name, names), strings.Join(names, ", "))
}

// tenantOf finds a tenant's counts.
func tenantOf(s *engine.Snapshot, name string) (*engine.TenantSnapshot, error) {
	var names []string
	for i := range s.Tenants {
		if s.Tenants[i].Name == name {
			return &s.Tenants[i], nil
		}
		names = append(names, s.Tenants[i].Name)
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("the scenario has no tenants, so no tenant %q", name)
	}
	return nil, fmt.Errorf("the scenario has no tenant %q%s (it has: %s)", name, lessons.DidYouMean(name, names), strings.Join(names, ", "))
}

// dependencyOf finds DEPENDENCY of the front service, or
// SERVICE/DEPENDENCY of another.
func dependencyOf(s *engine.Snapshot, name string) (*engine.DependencySnapshot, error) {
	if d, ok := s.DependencyAt(name); ok {
		return d, nil
	}
	var names []string
	for _, d := range s.Dependencies {
		names = append(names, d.Name)
	}
	for _, svc := range s.Services {
		for _, d := range svc.Dependencies {
			names = append(names, svc.Name+"/"+d.Name)
		}
	}
	return nil, fmt.Errorf("the scenario has no dependency %q%s (it has: %s)", name, lessons.DidYouMean(name, names), strings.Join(names, ", "))
}

// param reads a knob's value as a metric value. set is false where the
// value is a zero the scenario file reads as none at all (a deadline or a
// timeout of 0s, a bulkhead of 0): no deadline is not a deadline of 0 ms
// within any bound, so a goal on it reads "none" and fails.
func (o *outcome) param(path string) (v lessons.Value, set bool, err error) {
	var raw any
	var kind KnobKind
	if o.fleet != nil {
		raw, err = o.fleet.read(path)
		kind, _ = knobKind(path, true)
	} else {
		raw, err = readKnob(o.sc, path)
		kind, _ = knobKind(path, false)
	}
	if err != nil {
		return lessons.Value{}, false, err
	}
	k := Knob{Path: path, Kind: kind}
	f, ok := k.number(raw)
	if !ok {
		return lessons.Value{}, false, fmt.Errorf("param %s is %s, not a number", path, FormatValue(raw))
	}
	set = f != 0 || !k.zeroIsNone()
	switch kind {
	case KnobInt:
		return lessons.Value{Kind: lessons.KindCount, F: f}, set, nil
	case KnobShare:
		return fraction(f), set, nil
	case KnobDuration:
		return lessons.Value{Kind: lessons.KindDuration, F: f}, set, nil
	}
	return lessons.Value{Kind: lessons.KindNumber, F: f}, set, nil
}

// paramSum is a param goal's value: one knob's, or the sum of the knobs
// joined with + ("database.per_tenant_bulkhead.default+..."), so a goal
// can bound what several knobs promise together, such as every tenant's
// lane and what one tenant may borrow beside them against the workers.
// A term at a zero that means none (no cap) leaves the sum unbounded: it
// has no value, and the goal fails as a lone knob's does.
func (o *outcome) paramSum(arg string) (lessons.Value, bool, error) {
	terms := strings.Split(arg, "+")
	var sum lessons.Value
	all := true
	for i, t := range terms {
		v, set, err := o.param(t)
		if err != nil {
			return lessons.Value{}, false, err
		}
		if i > 0 && v.Kind != sum.Kind {
			return lessons.Value{}, false, fmt.Errorf("param %s adds %s to %s: the knobs of a sum are of one kind", arg, t, terms[0])
		}
		sum.Kind = v.Kind
		sum.F += v.F
		all = all && set
	}
	return sum, all, nil
}

// holds says whether v meets the goal.
func (g *Goal) holds(v lessons.Value) bool {
	const eps = 1e-9
	switch g.Op {
	case "<":
		return v.F < g.Want.F-eps
	case "<=":
		return v.F <= g.Want.F+eps
	case ">":
		return v.F > g.Want.F+eps
	case ">=":
		return v.F >= g.Want.F-eps
	}
	return v.F >= g.Want.F-eps && v.F <= g.Want.F+eps
}

// worse says whether a is further from meeting the goal than b: the value
// the view shows is the worst seed's.
func (g *Goal) worse(a, b lessons.Value) bool {
	switch g.Op {
	case "<", "<=":
		return a.F > b.F
	case ">", ">=":
		return a.F < b.F
	}
	da, db := a.F-g.Want.F, b.F-g.Want.F
	return da*da > db*db
}

// FormatValue writes a measured value in the goal's terms: a share as a
// percentage, a count as a whole number, a duration in s or ms, another
// number with its metric's unit ("170.2 MiB").
//
// Rounded so, a value can read as its bound when it is not: 98.999 % is
// "99.0%", which beside "≥ 99%" reads as met. So when the value and the
// bound round to the same text, and that text would say the opposite of
// the grade (equal reads as met for ≤ ≥ =, as missed for < >), it is
// written with as many more digits as tell the two apart: "98.999%". A
// value of a measure that another goal or the par bounds too is written
// with the digits the closest of those bounds needs, so that the goal line
// and the par line show one number for it. The view, `--check` and its
// JSON all write a goal's values here, so they share the rule.
func (g *Goal) FormatValue(v lessons.Value) string {
	v = g.withKind(v)
	d := g.digitsNeeded(v)
	for i := range g.peers {
		d = max(d, g.peers[i].digitsNeeded(v))
	}
	if d == 0 {
		return g.plainText(v)
	}
	return g.digitsText(v, d)
}

// digitsNeeded is how many decimals tell v from the goal's bound where its
// default digits would make it read as the opposite of its grade; 0 where
// they do not.
func (g *Goal) digitsNeeded(v lessons.Value) int {
	v = g.withKind(v)
	bound := g.boundValue()
	if g.Op == "" || v.F == bound.F || g.plainText(v) != g.plainText(bound) {
		return 0
	}
	equalReadsMet := g.Op == "<=" || g.Op == ">=" || g.Op == "=="
	if equalReadsMet == g.holds(v) {
		return 0
	}
	for d := 1; d <= 9; d++ {
		if g.digitsText(v, d) != g.digitsText(bound, d) {
			return d
		}
	}
	return 0
}

// withKind gives a value without a kind the bound's, and a share the
// format its metric prints in (a tenant's share as the tenants pane and
// run's table write it, "63%"), the bound's too: digitsNeeded then finds a
// value and a bound that read alike ("63%" against "< 63%") and writes the
// value with the digits that tell them apart ("62.9%"). A bound the format
// would round ("62.5%") keeps the kind's own format, value and bound alike.
func (g *Goal) withKind(v lessons.Value) lessons.Value {
	if v.Kind == 0 {
		v.Kind = g.Want.Kind
	}
	if p := metrics[g.Metric].prints; p != "" && v.Prints == "" && v.Kind == lessons.KindFraction && g.boundExactIn(p) {
		v.Prints = p
	}
	return v
}

// boundExactIn says whether the goal's bound, printed in format, reads as
// the number it is: "99%" does, "62%" for 62.5% does not.
func (g *Goal) boundExactIn(format string) bool {
	text, err := lessons.Value{Kind: lessons.KindFraction, F: g.Want.F}.Format(format)
	if err != nil {
		return false
	}
	f, err := strconv.ParseFloat(strings.TrimSuffix(text, "%"), 64)
	return err == nil && math.Abs(f-100*g.Want.F) < 1e-9
}

// plainText writes a value with the digits its kind shows by default.
func (g *Goal) plainText(v lessons.Value) string {
	s, err := v.Format("")
	if err != nil {
		s = strconv.FormatFloat(v.F, 'g', 4, 64)
	}
	if u := g.Unit(); u != "" && v.Kind == lessons.KindNumber {
		s += " " + u
	}
	return s
}

// digitsText writes a value with d decimals: a share as a percentage, a
// duration in seconds, another number with its unit.
func (g *Goal) digitsText(v lessons.Value, d int) string {
	switch v.Kind {
	case lessons.KindFraction:
		return report.PercentDigits(v.F, d)
	case lessons.KindDuration:
		return strconv.FormatFloat(v.F, 'f', d, 64) + " s"
	}
	s := strconv.FormatFloat(v.F, 'f', d, 64)
	if u := g.Unit(); u != "" && v.Kind == lessons.KindNumber {
		s += " " + u
	}
	return s
}

// boundValue is the goal's bound in its metric's kind, as WantText shows
// it: a count's bound written as a bare number is a count.
func (g *Goal) boundValue() lessons.Value {
	want := g.Want
	if m := metrics[g.Metric]; m.kind != 0 && want.Kind != lessons.KindFraction && want.Kind != lessons.KindDuration {
		want.Kind = m.kind
	}
	return g.withKind(want)
}

// Unit is what the goal's metric counts in, where its value's kind does
// not say it ("MiB" for memory-peak); "" for the others.
func (g *Goal) Unit() string { return metrics[g.Metric].unit }

// Written is the goal as written with its bound's unit, as a brief or a
// par shows it: "memory-peak <= 165 MiB". A bound written with a unit of
// its own (99%, 450ms) is shown as it is.
func (g *Goal) Written() string {
	u := g.Unit()
	if u == "" || g.Want.Kind != lessons.KindNumber || strings.HasSuffix(g.Text, u) {
		return g.Text
	}
	return g.Text + " " + u
}

// WantText is the goal's bound as the view shows it: "≥ 99 %"; "none"
// for a bound that allows none ("≤ 0", "< 1" on a count, "≤ 0%") and "any"
// for one that allows anything ("≥ 0"), as a person says them. "rejected
// ≤ 0" read as a sum to work out, not as "none may be rejected". The view,
// the brief, the result screen and the graded file all ask here.
func (g *Goal) WantText() string {
	switch {
	case g.AllowsNone():
		return "none"
	case g.Op == ">=" && g.Want.F == 0:
		return "any"
	}
	op := map[string]string{"<": "<", "<=": "≤", ">": ">", ">=": "≥", "==": "="}[g.Op]
	text := g.plainText(g.boundValue())
	// A whole percentage reads as written: ≥ 99 %, not ≥ 99.0 %.
	if t, ok := strings.CutSuffix(text, ".0%"); ok {
		text = t + "%"
	}
	return op + " " + text
}

// AllowsNone says whether the goal's bound allows nothing at all: "<= 0",
// "== 0", or "< 1" on a whole count.
func (g *Goal) AllowsNone() bool {
	switch g.Op {
	case "<=", "==":
		return g.Want.F == 0
	case "<":
		return g.boundValue().Kind == lessons.KindCount && g.Want.F > 0 && g.Want.F <= 1
	}
	return false
}

// WindowNote says, for the brief, what a goal marked with the scenario's
// window counts: "The goals marked (5–25 s) count only the requests that
// arrived from 5 s to 25 s, not the whole 30 s run." "" where no goal or
// par is measured over it. A learner checking a share against the whole
// run could not make it add up.
func (c *Challenge) WindowNote() string {
	goals := make([]*Goal, 0, len(c.Goals)+1)
	for i := range c.Goals {
		goals = append(goals, &c.Goals[i])
	}
	if c.Par.Goal != nil {
		goals = append(goals, c.Par.Goal)
	}
	for _, g := range goals {
		if w := g.scenarioWindow; w != nil && c.Scenario != nil {
			return fmt.Sprintf("The goals marked (%s) count only the requests that arrived from %s to %s, not the whole %s run.",
				g.WindowText(), durationText(w[0]), durationText(w[1]), durationText(c.Scenario.Duration))
		}
	}
	return ""
}

// everyGoal is every measure the challenge states: its goals, its claims,
// its whys' claims and its par's goal, if it has one.
func (c *Challenge) everyGoal() []*Goal {
	all := make([]*Goal, 0, len(c.Goals)+len(c.Claims)+1)
	for i := range c.Goals {
		all = append(all, &c.Goals[i])
	}
	for i := range c.Claims {
		all = append(all, &c.Claims[i])
	}
	for i := range c.Knobs {
		k := &c.Knobs[i]
		for j := range k.Ranges {
			for m := range k.Ranges[j].Claims {
				all = append(all, &k.Ranges[j].Claims[m])
			}
		}
		for _, ch := range k.Choices {
			cl := k.WhyClaims[FormatValue(ch)]
			for m := range cl {
				all = append(all, &cl[m])
			}
		}
	}
	if c.Par.Goal != nil {
		all = append(all, c.Par.Goal)
	}
	return all
}
