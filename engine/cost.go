package engine

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Costs known before a run (issue 30). Every limit of a scenario is per key
// (duration, rate, workers, attempts, steps of a sweep), and nothing bounds
// their product: a legal file can ask for hours of work and gigabytes.
// EstimateCost reads a scenario, without simulating it, and says how much
// work its run will be: how many requests the engine will simulate, how
// many events it will handle and about how much memory it will hold. A
// caller compares the figure with a budget (CheckBudget) before it starts,
// and refuses a run over it with a message that names the figure.
//
// What is counted. A simulated request is a client's arrival at the front
// service, or one attempt of a call along any edge (a leaf dependency's
// call, or a call into a service, which is a request of that service). A
// client's request that calls a dependency whose policy makes at most A
// attempts causes at most A calls; each call into a service that calls
// another dependency causes that dependency's calls in turn, so the
// attempts multiply down a chain of services. The arrivals are the
// endpoints' rates (bursts included) over the duration, with five standard
// deviations of the Poisson count to spare, so the figure is an upper bound
// of what a run simulates with any seed, not only an average.
//
// An upper bound that is close: a retry layer's attempts are counted in
// full only where the calls can fail. A call fails where the dependency is
// under a fault (or a service it reaches is), where its latency can pass
// its timeout, where a bulkhead, rate limiter or queue can refuse it, or
// where the traffic it meets is more than the workers it calls can answer.
// Elsewhere a retry layer's first attempt nearly always answers, and a
// retried request is counted twice over the share of calls that may fail.
// A retry budget (the token bucket) bounds the retries of all requests
// together, and the bound takes the smaller figure.
//
// It is cheap (a walk over the scenario, no simulation, no allocation
// beyond a few words) and deterministic: the same scenario gives the same
// figure, on any machine.

// Cost is what running a scenario will take, estimated before it starts.
type Cost struct {
	// Runs is how many simulations the figure covers: the scenario's
	// variants, times a sweep's cells and seeds.
	Runs int
	// Variants, Cells and Seeds are the factors of Runs (Cells and Seeds
	// are 1 for a plain run).
	Variants, Cells, Seeds int
	// Duration is each run's virtual time while traffic arrives.
	Duration time.Duration
	// Arrivals is how many requests the clients send, over all runs: a
	// bound that a run's random draw stays under (poissonBound), so that
	// a budget holds whatever the seed.
	Arrivals float64
	// MeanArrivals is how many they send on average: what Why quotes
	// beside the bound, since the scenario's own rates add up to it.
	MeanArrivals float64
	// Requests is every request the engine simulates, over all runs: the
	// arrivals and every attempt of every call (see above). It is what a
	// budget limits.
	Requests float64
	// Events is about how many events the runs handle: an arrival, and for
	// each attempt its answer, its timeout's timer and a retry's wait.
	Events float64
	// Bytes is about how much memory the largest step holds at once: one
	// plain run of every variant keeps each variant's answers' latencies
	// and time series, plus the requests in flight of the variant running;
	// a sweep's figure is one cell's run (its runs do not keep theirs).
	Bytes float64
	// Held is about how many requests the largest step holds in flight at
	// once, at its worst (a part of Bytes).
	Held float64
	// HeldBy says what Held is made of, for the advice of a refusal for
	// memory: each is lowered by a different change. A sweep's is
	// HeldUnknown: its cells may differ in what holds their requests.
	HeldBy HeldBy
}

// HeldBy is what the requests in flight at a run's worst are, by the
// estimate.
type HeldBy int

const (
	// HeldUnknown: not said (a sweep's cost); the advice names every
	// change, each with where it helps.
	HeldUnknown HeldBy = iota
	// HeldLong: requests held as long as a call may take (a timeout, a
	// hang, a slow spell) at the rate they arrive, where nothing bounds
	// how many are in flight: shorter timeouts or faults, or a slower
	// rate, lower it.
	HeldLong
	// HeldByPool: a thread-pool server's workers and queue bound them,
	// with the calls their timeouts gave up on that still wait for an
	// answer: fewer workers, a smaller queue, shorter faults or a slower
	// rate lower it (a shorter timeout frees a worker sooner, but leaves
	// its call waiting longer).
	HeldByPool
	// HeldInBacklog: more arrive than the workers (or threads) answer,
	// and the rest pile up in a queue: more workers, or a bounded queue
	// (or a tasks server's memory), lower it.
	HeldInBacklog
)

// The figures behind the estimate.
const (
	// eventsPerArrival and eventsPerAttempt: an arrival is one event (its
	// patience timer a second); an attempt's answer, its timeout's timer
	// and the wait before a retry are up to three.
	eventsPerArrival = 2
	eventsPerAttempt = 3
	// bytesInFlight is what a request in flight holds: its slot (112
	// bytes), a link for a call into a service (48) and its pending events
	// (40 each).
	bytesInFlight = 112 + 48 + 3*40
	// bytesPerAnswer is an answer's latency, kept for the snapshot (4
	// bytes), and the traffic drawn for it once and shared by the variants
	// (24 bytes, for the first million requests a run holds).
	bytesPerAnswer = 4
	bytesPerDrawn  = 24
	// Time-series samples: an endpoint's is 24 bytes, a dependency's 52,
	// a service's 32.
	bytesEndpointSample   = 24
	bytesDependencySample = 52
	bytesServiceSample    = 32
)

// DefaultBudget is how many simulated requests a run may cost unless the
// user raises it (`--budget N`): over twice the largest built-in scenario,
// lesson, challenge or default sweep (the sandbox's 20 × 14 sweep of the
// fleet-probes scenario on two seeds, about 93 M by the sweep's own estimate, sweep.Plan.Cost), and
// below the cascade's three designs over 23 hours (298 M). The cascade
// simulates some 13 M requests a second of one core, fleets of services
// some 2 M.
const DefaultBudget = 200_000_000

// EstimateCost is what running every variant of the scenario once costs.
// The scenario should be valid (Validate); an invalid one gets a figure
// anyway, never a panic.
func EstimateCost(sc *Scenario) Cost {
	c := Cost{Variants: len(sc.Variants), Cells: 1, Seeds: 1, Runs: len(sc.Variants), Duration: sc.Duration}
	var kept, inFlight float64
	for v := range sc.Variants {
		vc := estimateVariant(sc, &sc.Variants[v].System)
		c.Arrivals += vc.arrivals
		c.MeanArrivals += vc.meanArrivals
		c.Requests += vc.requests
		c.Events += vc.events
		kept += vc.kept
		inFlight = max(inFlight, vc.inFlight)
		if vc.held > c.Held {
			c.Held, c.HeldBy = vc.held, vc.heldBy
		}
	}
	c.Bytes = kept + inFlight + min(c.Arrivals/max(1, float64(c.Variants)), maxSharedArrivals)*bytesPerDrawn
	return c
}

// EstimateSweepCost is what a sweep costs that runs variant v of each of
// its cells' scenarios on seeds seeds: the sum over the cells (a knob a
// sweep varies, a rate say, changes each cell's figure), one variant each.
func EstimateSweepCost(cells []*Scenario, v, seeds int) Cost {
	c := Cost{Variants: 1, Cells: len(cells), Seeds: seeds, Runs: len(cells) * seeds}
	for _, sc := range cells {
		if v < 0 || v >= len(sc.Variants) {
			continue
		}
		c.Duration = max(c.Duration, sc.Duration)
		vc := estimateVariant(sc, &sc.Variants[v].System)
		c.Arrivals += vc.arrivals * float64(seeds)
		c.MeanArrivals += vc.meanArrivals * float64(seeds)
		c.Requests += vc.requests * float64(seeds)
		c.Events += vc.events * float64(seeds)
		c.Bytes = max(c.Bytes, vc.kept+vc.inFlight)
		c.Held = max(c.Held, vc.held)
	}
	return c
}

// Times is c repeated over cells cells and seeds seeds (a sweep whose
// cells all cost what c does); a factor below 1 counts as 1.
func (c Cost) Times(cells, seeds int) Cost {
	cells, seeds = max(1, cells), max(1, seeds)
	k := float64(cells * seeds)
	c.Cells *= cells
	c.Seeds *= seeds
	c.Runs *= cells * seeds
	c.Arrivals *= k
	c.MeanArrivals *= k
	c.Requests *= k
	c.Events *= k
	return c
}

// Plus is the cost of running both (one after the other): the counts add
// up, and the memory is the larger.
func (c Cost) Plus(d Cost) Cost {
	if c.Runs == 0 {
		return d
	}
	c.Runs += d.Runs
	c.Cells, c.Seeds, c.Variants = 0, 0, 0 // no longer one product
	c.Duration = max(c.Duration, d.Duration)
	c.Arrivals += d.Arrivals
	c.MeanArrivals += d.MeanArrivals
	c.Requests += d.Requests
	c.Events += d.Events
	c.Bytes = max(c.Bytes, d.Bytes)
	if d.Held > c.Held {
		c.Held, c.HeldBy = d.Held, d.HeldBy
	}
	return c
}

// Over reports whether the cost passes budget; a budget of 0 or less means
// no limit.
func (c Cost) Over(budget int64) bool {
	return budget > 0 && c.Requests > float64(budget)
}

// Why spells the figure out as its factors, such as "3 designs × 23 h ×
// 600 arrivals a second × 3.1 requests each".
func (c Cost) Why() string {
	var parts []string
	if c.Cells > 1 {
		parts = append(parts, plural(c.Cells, "cell"))
	}
	if c.Seeds > 1 {
		parts = append(parts, plural(c.Seeds, "seed"))
	}
	if c.Variants > 1 {
		parts = append(parts, plural(c.Variants, "design"))
	}
	if c.Cells == 0 { // a sum of unlike runs
		parts = append(parts, plural(c.Runs, "run"))
	}
	if c.Duration > 0 {
		parts = append(parts, shortDuration(c.Duration))
	}
	if c.Runs > 0 && c.Duration > 0 && c.Arrivals > 0 {
		per := float64(c.Runs) * c.Duration.Seconds()
		rate := FormatCount(c.Arrivals / per)
		// The factor is the bound the estimate multiplies; the scenario's
		// rates add up to the mean, which a reader checks it against.
		unit := " arrivals a second"
		if rate == "1" {
			unit = " arrival a second"
		}
		if mean := FormatCount(c.MeanArrivals / per); c.MeanArrivals > 0 && mean != rate {
			rate += unit + " at most, " + mean + " on average,"
		} else {
			rate += unit
		}
		parts = append(parts, rate)
		parts = append(parts, fmt.Sprintf("%.3g requests each", c.Requests/c.Arrivals))
	}
	return strings.Join(parts, " × ")
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// shortDuration writes a duration the way a person would say it: 23 h,
// 90 s, 1.5 min.
func shortDuration(d time.Duration) string {
	switch {
	case d >= time.Hour:
		return trimFloat(d.Hours()) + " h"
	case d >= time.Minute:
		return trimFloat(d.Minutes()) + " min"
	case d >= time.Second:
		return trimFloat(d.Seconds()) + " s"
	}
	return d.String()
}

func trimFloat(x float64) string {
	if x >= 1000 {
		// %.3g writes 3610 as 3.61e+03: past a thousand G, whole G.
		return strconv.FormatFloat(math.Round(x), 'f', 0, 64)
	}
	return fmt.Sprintf("%.3g", x)
}

// FormatCount writes a count for a person: 950, 1.5 k, 149 M, 2.1 G.
func FormatCount(n float64) string {
	switch {
	case n >= 1e9:
		return trimFloat(n/1e9) + " G"
	case n >= 1e6:
		return trimFloat(n/1e6) + " M"
	case n >= 1e4:
		return trimFloat(n/1e3) + " k"
	}
	return fmt.Sprintf("%.0f", n)
}

// BudgetValue writes a budget as --budget reads it, rounded up to two
// significant figures: 149.2 M is 150M.
func BudgetValue(n float64) string {
	if n < 100 {
		return fmt.Sprintf("%.0f", math.Ceil(n))
	}
	exp := math.Pow(10, math.Floor(math.Log10(n))-1)
	n = math.Ceil(n/exp) * exp
	switch {
	case n >= 1e9:
		return trimFloat(n/1e9) + "G"
	case n >= 1e6:
		return trimFloat(n/1e6) + "M"
	case n >= 1e3:
		return trimFloat(n/1e3) + "k"
	}
	return fmt.Sprintf("%.0f", n)
}

// ParseBudget reads a budget as a person writes it: a whole number
// (1500000), a number with a suffix k, M or G (150M, 1.5G), or a float
// (2e8). It must be at least 1.
func ParseBudget(s string) (int64, error) {
	t := strings.TrimSpace(s)
	mult := 1.0
	if n := len(t); n > 0 {
		switch t[n-1] {
		case 'k', 'K':
			mult, t = 1e3, t[:n-1]
		case 'm', 'M':
			mult, t = 1e6, t[:n-1]
		case 'g', 'G':
			mult, t = 1e9, t[:n-1]
		}
	}
	t = strings.ReplaceAll(strings.TrimSpace(t), "_", "")
	var x float64
	if _, err := fmt.Sscanf(t, "%g", &x); err != nil || t == "" || strings.ContainsAny(t, " \t") {
		return 0, fmt.Errorf("a budget is a number of simulated requests, such as 150M, 2e8 or 1500000, got %q", s)
	}
	if rest := strings.TrimLeft(t, "0123456789.eE+-"); rest != "" {
		return 0, fmt.Errorf("a budget is a number of simulated requests, such as 150M, 2e8 or 1500000, got %q", s)
	}
	x *= mult
	if math.IsNaN(x) || x < 1 || x > 1e15 {
		return 0, fmt.Errorf("a budget must be between 1 and 1e15 simulated requests, got %q", s)
	}
	if x != math.Trunc(x) {
		// 1.5 requests: a typo for 1.5M, or a fraction; either way not
		// to be rounded without a word.
		return 0, fmt.Errorf("a budget counts whole simulated requests, and %q is %v of them: give a whole number, or a suffix (1.5M)", s, x)
	}
	return int64(x), nil
}

// BudgetError is a run refused because its cost passes the budget. Flag,
// when set, is how the user raises the budget (the command line's
// "--budget"); without it the message says the budget is fixed (a
// classroom session's, say).
//
// Memory, when set, says the run was refused for the memory it would hold
// (Cost.Bytes past MaxRunBytes), which no budget raises.
type BudgetError struct {
	Cost   Cost
	Budget int64
	Flag   string
	Memory bool
}

// MaxRunBytes is the most memory a run (or a sweep's cell) may be
// estimated to hold at once: a valid file can otherwise ask for a server
// a thousand times too slow for its clients, with an unbounded queue, and
// hold tens of gigabytes before the system kills it. The built-in
// scenarios, lessons, challenges and sweeps hold a few megabytes each.
const MaxRunBytes = 1e9

// ErrOverBudget is what every BudgetError is (errors.Is).
var ErrOverBudget = errors.New("over the budget of simulated requests")

func (e *BudgetError) Error() string {
	if e.Memory {
		return fmt.Sprintf("this run would hold about %s of memory at once (%s requests in flight at its worst, of the %s it simulates: %s), more than the %s a run may hold: %s",
			formatBytes(e.Cost.Bytes), FormatCount(e.Cost.Held), FormatCount(e.Cost.Requests), e.Cost.Why(), formatBytes(MaxRunBytes), e.Cost.HeldBy.advice())
	}
	msg := fmt.Sprintf("this run would simulate about %s requests (%s), over the budget of %s",
		FormatCount(e.Cost.Requests), e.Cost.Why(), FormatCount(float64(e.Budget)))
	if e.Flag != "" {
		return msg + fmt.Sprintf(": raise it with %s %s", e.Flag, BudgetValue(e.Cost.Requests))
	}
	return msg + ": make the scenario shorter, slower or smaller"
}

// Is makes errors.Is(err, ErrOverBudget) hold.
func (e *BudgetError) Is(target error) bool { return target == ErrOverBudget }

// CheckBudget refuses, before anything runs, a run of every variant of sc
// on cells × seeds (1 and 1 for a plain run; a sweep of one variant should
// call CheckCost with EstimateSweepCost instead) whose estimated simulated
// requests pass budget. It returns a *BudgetError without a Flag: a caller
// that lets the user raise the budget sets one (see BudgetError). A budget
// of 0 or less means no limit. It is what the sandbox and a classroom
// session call with their fixed budget.
func CheckBudget(sc *Scenario, cells, seeds int, budget int64) error {
	return CheckCost(EstimateCost(sc).Times(cells, seeds), budget)
}

// CheckCost is CheckBudget for a cost already estimated.
func CheckCost(c Cost, budget int64) error {
	if c.Over(budget) {
		return &BudgetError{Cost: c, Budget: budget}
	}
	if budget > 0 && c.Bytes > MaxRunBytes {
		return &BudgetError{Cost: c, Budget: budget, Memory: true}
	}
	return nil
}

// advice names changes that lower the requests in flight, for what holds
// them: "give it more workers" lowers a backlog and raises what a pool
// holds, so each is told only where it helps.
func (h HeldBy) advice() string {
	switch h {
	case HeldByPool:
		return "give the server fewer workers or a smaller queue, give its faults shorter spans, or make the scenario slower"
	case HeldInBacklog:
		return "bound what the server and its services may hold (their queues, or a tasks server's memory), give it more workers or threads, or make the scenario shorter or slower"
	case HeldLong:
		return "give its calls shorter timeouts or its faults shorter spans, or make the scenario slower"
	}
	return "bound what the server and its services may hold (their queues, or a tasks server's memory), give it fewer workers where they hold the requests or more where a backlog piles up, or make the scenario shorter or slower"
}

// formatBytes is a size in MB or GB, to three figures.
func formatBytes(b float64) string {
	if b >= 1e9 {
		return trimFloat(b/1e9) + " GB"
	}
	return trimFloat(b/1e6) + " MB"
}

// costStrict, set by tests, counts every retry layer's attempts in full.
var costStrict bool

// variantCost is one variant's share of a Cost.
type variantCost struct {
	arrivals, requests, events float64
	// meanArrivals: the arrivals on average, where arrivals is a bound.
	meanArrivals float64
	// kept: the latencies and series its snapshot keeps; inFlight: the
	// requests it holds at once, in bytes.
	kept, inFlight float64
	// held: the requests in flight at once, at the worst, and what they
	// are.
	held   float64
	heldBy HeldBy
}

// estimateVariant estimates one run of sys over the scenario's duration.
func estimateVariant(sc *Scenario, sys *System) variantCost {
	var vc variantCost
	e := costWalker{sc: sc, sys: sys}
	var rate float64 // the mean arrivals a second, all endpoints
	for i := range sys.Endpoints {
		ep := &sys.Endpoints[i]
		mean := endpointArrivals(ep, sc.Duration)
		bound := poissonBound(mean)
		if ep.Interval > 0 {
			bound = mean
		}
		rate += mean / max(sc.Duration.Seconds(), 1e-9)
		vc.meanArrivals += mean
		vc.arrivals += bound
		vc.requests += bound
		vc.events += bound * eventsPerArrival
		if ep.Calls == "" {
			continue
		}
		d := findDep(sys.Dependencies, ep.Calls)
		if d == nil {
			continue
		}
		calls := e.edge(d, rate0(ep, sc.Duration), bound, 0, 1)
		vc.requests += calls
		vc.events += calls * eventsPerAttempt
	}
	// What the snapshot keeps: every answer's latency, and the series.
	samples := float64(sc.Duration / sampleInterval(sc.Duration))
	edges := len(sys.Dependencies)
	for i := range sys.Services {
		edges += len(sys.Services[i].Dependencies) * max(1, sys.Services[i].Instances)
	}
	vc.kept = vc.arrivals*bytesPerAnswer + samples*(float64(len(sys.Endpoints))*bytesEndpointSample+
		float64(edges)*bytesDependencySample+float64(len(sys.Services))*bytesServiceSample)
	// Little's law: the requests in flight are the rate times how long one
	// is held, at most as long as the longest a call can take; and when
	// more arrive than the pool can answer, the backlog too.
	hold := e.longestHold()
	perRequest := max(1, vc.requests/max(vc.arrivals, 1))
	long := rate * hold.Seconds() * perRequest
	// A thread-pool server holds no more than its workers and queue take,
	// whatever the hold: 200 workers with no queue under a hang held 200
	// requests, where the rate times the hang said 16 M, the same with
	// 100,000 workers.
	if pool := e.poolBound(perRequest); pool < long {
		vc.held, vc.heldBy = pool, HeldByPool
	} else {
		vc.held, vc.heldBy = long, HeldLong
	}
	// (A request waiting in the queue has no call out yet: the backlog
	// is not multiplied by the calls a request makes.)
	if b := backlog(sc, sys, rate, vc.arrivals) + e.servicesBacklog(); b > vc.held {
		vc.held, vc.heldBy = b, HeldInBacklog
	}
	vc.inFlight = vc.held * bytesInFlight
	return vc
}

// backlog is about how many requests a thread-pool server holds at the end
// of a run whose clients send more than its workers can answer: the
// arrivals past its capacity (workers over a request's mean hold) pile up
// in its queue for the whole run, up to the queue's bound, all of them
// when it has none (rate × the run's length). Little's law with the longest
// hold (estimateVariant) misses this: a server a thousand times too slow
// holds each request only as long as a healthy call takes, yet holds
// nearly every request of the run at its end. 0 when the pool keeps up.
// A tasks server's capacity is its loop's (tasksBacklog).
func backlog(sc *Scenario, sys *System, rate, arrivals float64) float64 {
	if sys.Tasks != nil {
		return tasksBacklog(sc, sys, rate, arrivals)
	}
	if sys.Workers <= 0 || rate <= 0 {
		return 0
	}
	var mean float64 // a request's mean hold of a worker, in seconds
	for i := range sys.Endpoints {
		ep := &sys.Endpoints[i]
		h := ep.CPU
		if d := findDep(sys.Dependencies, ep.Calls); d != nil {
			each := d.Latency.Expected()
			if d.Service != "" {
				w := costWalker{sc: sc, sys: sys}
				each = w.callHold(d)
			}
			if t := d.Policy.Timeout; t > 0 {
				each = min(each, t)
			}
			h += each
		}
		mean += rate0(ep, sc.Duration) / rate * h.Seconds()
	}
	if mean <= 0 {
		return 0
	}
	capacity := float64(sys.Workers) / mean
	if rate <= capacity {
		return 0
	}
	queued := (rate - capacity) * sc.Duration.Seconds()
	if sys.Queue != QueueUnbounded {
		queued = min(queued, float64(sys.Queue))
	}
	return min(arrivals, queued+float64(sys.Workers))
}

// servicesBacklog is backlog for the services behind the front: about how
// many calls their queues hold at their worst. A caller whose call has a
// timeout (or a deadline) stops waiting and sends the next call, but the
// call it gave up on stays in the service's queue (unless the caller
// cancels it), so a service slower than its callers' timeouts queues
// calls for as long as it stays slower, up to its queue's bound: without
// one, all of them (a front of 5,000 workers sending a million calls a
// second with a 1 ms timeout to one worker of 1 ms took 3.8 GB in 28 s).
// A caller that waits for its calls holds at most a call per worker in
// the service, which Little's law in estimateVariant counts.
func (w *costWalker) servicesBacklog() float64 {
	if len(w.sys.Services) == 0 {
		return 0
	}
	in := make(map[string]float64, len(w.sys.Services)) // calls a second into each service
	slots := float64(w.sys.Workers)
	if w.sys.Tasks != nil {
		slots = math.Inf(1) // a tasks server's loop takes every request
	}
	for i := range w.sys.Endpoints {
		ep := &w.sys.Endpoints[i]
		if d := findDep(w.sys.Dependencies, ep.Calls); d != nil {
			w.sendTo(in, d, rate0(ep, w.sc.Duration)*float64(attemptsOf(d)), slots, 0)
		}
	}
	var held float64
	for i := range w.sys.Services {
		s := &w.sys.Services[i]
		if r := in[s.Name]; r > 0 {
			held += w.serviceQueued(s, r)
		}
	}
	return held
}

// sendTo adds to in the calls a second that reach the service along d
// (and, below it, the services it calls), from a caller of slots workers
// sending rate calls a second. A caller that waits for each call (no
// timeout, no deadline, or one that cancels the call it gives up on)
// sends none past what its workers hold: none that pile up.
func (w *costWalker) sendTo(in map[string]float64, d *Dependency, rate, slots float64, depth int) {
	if depth > MaxDepth || d.Service == "" || rate <= 0 {
		return
	}
	s := findService(w.sys, d.Service)
	if s == nil {
		return
	}
	p := &d.Policy
	wait := p.Timeout
	if p.Deadline > 0 && (wait == 0 || p.Deadline < wait) {
		wait = p.Deadline
	}
	if wait <= 0 || p.Cancel == CancelPropagate {
		return
	}
	// When the service is slow each call holds its caller's worker for
	// the timeout: the caller sends no faster than that.
	rate = min(rate, slots/wait.Seconds())
	in[s.Name] += rate
	if next := findDep(s.Dependencies, s.Calls); next != nil {
		w.sendTo(in, next, rate*float64(attemptsOf(next)), float64(s.Workers*max(1, s.Instances)), depth+1)
	}
}

// serviceQueued is about how many calls service s queues at its worst
// when rate calls a second reach it: those past what its workers answer,
// in normal running for the whole run and in each of its faults (and its
// dependency's) for the fault's span, up to its queues' bound.
func (w *costWalker) serviceQueued(s *Service, rate float64) float64 {
	workers := float64(s.Workers * max(1, s.Instances))
	if workers <= 0 {
		return 0
	}
	next := findDep(s.Dependencies, s.Calls)
	call := func(l time.Duration) time.Duration { // how long the call to next holds a worker
		if next == nil {
			return 0
		}
		if t := next.Policy.Timeout; t > 0 {
			l = min(l, t)
		}
		return l
	}
	// over is what a span of time queues when a share of the workers
	// each hold a call for hold.
	over := func(hold, span time.Duration, share float64) float64 {
		if span <= 0 {
			return 0
		}
		capacity := workers * share / max(hold.Seconds(), 1e-9)
		return max(rate-capacity, 0) * span.Seconds()
	}
	work := s.Work.Expected()
	normal := work
	if next != nil {
		normal += call(next.Latency.Expected())
		if next.Service != "" {
			normal += call(w.callHold(next))
		}
	}
	end := w.sc.Duration
	queued := over(normal, end, 1)
	if next != nil {
		for _, f := range next.Faults {
			to := min(end, f.To)
			if f.To == 0 {
				to = end
			}
			hold := normal
			switch f.Kind {
			case Slow:
				hold = work + call(f.Latency)
			case Hang, Unreachable:
				hold = work + call(to-f.From)
			}
			queued = max(queued, over(hold, to-f.From, 1))
		}
	}
	for _, f := range s.Faults {
		share := 1.0
		if f.Instance != AllInstances {
			share = 1 / float64(max(1, s.Instances))
		}
		to := min(end, f.To)
		if f.To == 0 {
			to = end
		}
		switch f.Kind {
		case InstanceSlow:
			queued = max(queued, over(normal+f.Latency, to-f.From, 1))
		case InstanceHang: // the hung instances answer none
			queued = max(queued, over(normal, to-f.From, 1-share))
		}
	}
	if s.Queue != QueueUnbounded {
		queued = min(queued, float64(s.Queue)*float64(max(1, s.Instances)))
	}
	return min(queued+workers, rate*end.Seconds())
}

// tasksBacklog is backlog for a tasks server: its loop runs each request's
// CPU on its threads, and when requests arrive faster than they can run
// (threads over the mean CPU a request takes) the loop keeps starting new
// ones while those it started wait behind them to finish, so nearly every
// request of the run is still live at its end: two million tasks after 2 s
// of a million requests a second at 1 ms each on one thread, and 39,761
// of 40,000 at 20,000 a second (TestCheckBudgetRefusesATasksServer...).
// A memory limit bounds them: past it the process is killed, and its
// tasks with it.
func tasksBacklog(sc *Scenario, sys *System, rate, arrivals float64) float64 {
	t := sys.Tasks
	if t.Threads <= 0 || rate <= 0 {
		return 0
	}
	var cpu float64 // a request's mean CPU on the loop, in seconds
	for i := range sys.Endpoints {
		ep := &sys.Endpoints[i]
		cpu += rate0(ep, sc.Duration) / rate * ep.CPU.Seconds()
	}
	if cpu <= 0 {
		return 0
	}
	capacity := float64(t.Threads) / cpu
	if rate <= capacity {
		return 0
	}
	live := arrivals
	if m := t.Memory; m.Limit > 0 && m.PerTask > 0 {
		live = min(live, float64(max(m.Limit-m.Base, 0)/m.PerTask))
	}
	return live
}

// rate0 is an endpoint's mean rate a second, bursts averaged in.
func rate0(ep *Endpoint, d time.Duration) float64 {
	return endpointArrivals(ep, d) / max(d.Seconds(), 1e-9)
}

// endpointArrivals is an endpoint's mean arrivals over d, bursts included.
func endpointArrivals(ep *Endpoint, d time.Duration) float64 {
	switch {
	case ep.Interval > 0:
		return float64(d/ep.Interval) + 1
	case ep.Rate > 0 || len(ep.Bursts) > 0:
		n := ep.Rate * d.Seconds()
		for _, b := range ep.Bursts {
			n += (b.Rate - ep.Rate) * (min(b.To, d) - b.From).Seconds()
		}
		return max(n, 0)
	}
	return 0
}

// poissonBound is a count a Poisson variable of this mean stays under
// with any seed one meets: five standard deviations above it.
func poissonBound(mean float64) float64 {
	if mean <= 0 {
		return 0
	}
	return math.Ceil(mean + 5*math.Sqrt(mean) + 5)
}

func findDep(deps []Dependency, name string) *Dependency {
	for i := range deps {
		if deps[i].Name == name {
			return &deps[i]
		}
	}
	return nil
}

func findService(sys *System, name string) *Service {
	for i := range sys.Services {
		if sys.Services[i].Name == name {
			return &sys.Services[i]
		}
	}
	return nil
}

// costWalker walks the calls down from the front service.
type costWalker struct {
	sc  *Scenario
	sys *System
}

// edge is how many calls (attempts) n requests sending calls along d at
// rate a second cause, d's own and those of the services below it, at
// depth hops from the front (a guard against loops in an invalid file).
// callers is how many instances the caller runs: each holds its own
// retry budget.
func (w *costWalker) edge(d *Dependency, rate, n float64, depth, callers int) float64 {
	if depth > MaxDepth || n <= 0 {
		return 0
	}
	attempts := w.attempts(d, rate, n, callers)
	if d.Service == "" {
		return attempts
	}
	s := findService(w.sys, d.Service)
	if s == nil || s.Calls == "" {
		return attempts
	}
	next := findDep(s.Dependencies, s.Calls)
	if next == nil {
		return attempts
	}
	perAttempt := attempts / n
	return attempts + w.edge(next, rate*perAttempt, attempts, depth+1, max(1, s.Instances))
}

// attempts bounds the attempts n calls along d make, from callers
// instances of the caller.
func (w *costWalker) attempts(d *Dependency, rate, n float64, callers int) float64 {
	p := &d.Policy
	r := p.Retry
	if r == nil || r.Attempts <= 1 {
		return n
	}
	a := float64(r.Attempts)
	full := n * a
	if !costStrict {
		// The calls that may fail are retried in full: those sent while
		// d (or a service it reaches) is under a fault, widened by how
		// long one request's attempts take, with a Poisson count's
		// spread to spare; elsewhere a healthy call fails at most as
		// often as its latency's tail passes its timeout.
		f := w.failShare(d, rate, 0)
		risky := f * n
		if f < 1 {
			risky += 5*math.Sqrt(risky) + 5
		}
		full = min(full, n*(1+(a-1)*w.tail(d))+min(n, risky)*(a-1))
	}
	if r.Budget == TokenBucketBudget {
		// AWS's quota: 500 tokens, at least 5 a retry, one back for
		// every first try that succeeds (at most n), in each instance of
		// the caller: (500 + n) / 5 retries at most.
		full = min(full, n*1.2+100*float64(callers))
	}
	return full
}

// tail bounds the share of a healthy dependency's calls that fail: those
// whose latency passes the timeout, at least one in a hundred.
func (w *costWalker) tail(d *Dependency) float64 {
	t := d.Policy.Timeout
	l := d.Latency
	if d.Service != "" || t <= 0 {
		return 0.01
	}
	var p float64
	switch l.Kind {
	case Exponential:
		p = math.Exp(-float64(t) / float64(l.Mean))
	case Constant:
		if l.Value >= t {
			p = 1
		}
	case LogNormal:
		mu, sigma := l.logNormalFit()
		z := (math.Log(float64(t)) - mu) / sigma
		p = 0.5 * math.Erfc(z/math.Sqrt2)
	}
	return min(1, max(0.01, 2*p))
}

// failShare is the share of the run's time in which calls along d may
// fail for more than their latency's tail: all of it when a bulkhead's or
// rate limiter's refusals are retried, when a retry waits for an open
// breaker, or when a service it reaches sheds load or is sent more than
// its workers can answer; otherwise the faults of d and of the services
// below it, each widened on both sides by how long a request's attempts
// along d can take.
func (w *costWalker) failShare(d *Dependency, rate float64, depth int) float64 {
	var spans [][2]time.Duration
	if !w.failWindows(d, rate, depth, &spans) {
		return 1
	}
	total := w.sc.Duration
	if total <= 0 {
		return 1
	}
	// The union of the windows, clipped to the run.
	var covered time.Duration
	var lo, hi time.Duration = -1, -1
	sortSpans(spans)
	for _, sp := range spans {
		a, b := max(sp[0], 0), min(sp[1], total)
		if b <= a {
			continue
		}
		if hi < 0 || a > hi {
			covered += max(0, hi-lo)
			lo, hi = a, b
			continue
		}
		hi = max(hi, b)
	}
	covered += max(0, hi-lo)
	return min(1, float64(covered)/float64(total))
}

// failWindows adds to spans the windows in which calls along d may fail,
// widened by a request's time along d; false means they may fail at any
// time.
func (w *costWalker) failWindows(d *Dependency, rate float64, depth int, spans *[][2]time.Duration) bool {
	if depth > MaxDepth {
		return false
	}
	p := &d.Policy
	if r := p.Retry; r != nil {
		if r.WaitForBreaker || (r.RetryBulkheadFull && (p.Bulkhead > 0 || p.TenantBulkhead != nil || p.RateLimiter != nil)) {
			return false
		}
	}
	widen := w.span(d) + time.Second // and a second for queues on the way
	add := func(from, to time.Duration) {
		if to == 0 {
			to = w.sc.Duration + DrainLimit
		}
		*spans = append(*spans, [2]time.Duration{from - widen, to + widen})
	}
	for _, f := range d.Faults {
		add(f.From, f.To)
	}
	if d.Service == "" {
		return true
	}
	s := findService(w.sys, d.Service)
	if s == nil || s.Shed != nil {
		return false
	}
	for _, f := range s.Faults {
		add(f.From, f.To)
	}
	inst := float64(max(1, s.Instances))
	hold := s.Work.Quantile99()
	if s.Calls != "" {
		next := findDep(s.Dependencies, s.Calls)
		if next == nil {
			return false
		}
		var below [][2]time.Duration
		if !w.failWindows(next, rate*float64(attemptsOf(next)), depth+1, &below) {
			return false
		}
		for _, sp := range below {
			*spans = append(*spans, [2]time.Duration{sp[0] - widen, sp[1] + widen})
		}
		hold += w.callHold(next)
	}
	// Little's law: the workers the calls keep busy on average, against
	// the pool; half full already makes queues that time calls out.
	return rate*hold.Seconds() <= 0.5*inst*float64(s.Workers)
}

// span is the longest one request's attempts along d take: each attempt's
// timeout (or its latency's 99th percentile) and the backoff's longest
// wait, or the policy's deadline.
func (w *costWalker) span(d *Dependency) time.Duration {
	p := &d.Policy
	each := max(p.Timeout, d.Latency.Quantile99(), w.callHold(d))
	var back time.Duration
	if p.Retry != nil {
		back = p.Retry.Backoff.Max
	}
	s := time.Duration(attemptsOf(d)) * (each + back)
	if p.Deadline > 0 {
		s = min(s, p.Deadline)
	}
	return s
}

func sortSpans(s [][2]time.Duration) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j][0] < s[j-1][0]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// callHold is about how long a healthy call along d holds its caller's
// worker: a leaf's high latency, or a service's work and calls.
func (w *costWalker) callHold(d *Dependency) time.Duration {
	if d.Service == "" {
		return d.Latency.Quantile99()
	}
	s := findService(w.sys, d.Service)
	if s == nil {
		return 0
	}
	h := s.Work.Quantile99()
	if s.Calls != "" {
		if next := findDep(s.Dependencies, s.Calls); next != nil && next != d {
			h += w.callHold(next)
		}
	}
	return h
}

// longestHold is the longest a request may stay in flight: the longest
// timeout, fault or latency of any dependency, or the drain limit when a
// call may hang with nothing to stop it.
func (w *costWalker) longestHold() time.Duration {
	var h time.Duration
	look := func(deps []Dependency) {
		for i := range deps {
			h = max(h, w.depHold(&deps[i]))
		}
	}
	look(w.sys.Dependencies)
	for i := range w.sys.Services {
		s := &w.sys.Services[i]
		look(s.Dependencies)
		h += s.Work.Quantile99()
		for _, f := range s.Faults {
			switch f.Kind {
			case InstanceHang:
				h = max(h, f.To-f.From)
			case InstanceSlow:
				h = max(h, f.Latency)
			}
		}
	}
	return max(h, time.Millisecond)
}

// depHold is the longest a call along d may hold its caller: its timeout
// (each attempt's), deadline or the dependency's longest answer
// (longestAnswer).
func (w *costWalker) depHold(d *Dependency) time.Duration {
	return max(d.Policy.Timeout*time.Duration(max(1, attemptsOf(d))), d.Policy.Deadline, w.longestAnswer(d))
}

// longestAnswer is the longest the dependency of d may take to answer a
// call: its latency's 99th percentile, or its faults', a hang's to the
// drain limit when nothing ends it.
func (w *costWalker) longestAnswer(d *Dependency) time.Duration {
	h := d.Latency.Quantile99()
	for _, f := range d.Faults {
		switch f.Kind {
		case Slow:
			h = max(h, f.Latency)
		case Hang, Unreachable:
			to := f.To
			if to == 0 {
				to = w.sc.Duration + DrainLimit
			}
			h = max(h, to-f.From)
		}
	}
	return h
}

// poolBound is the most requests a thread-pool server whose calls all go
// to leaf dependencies can hold at once: its workers and its queue's
// bound, each with the calls a request makes, and the calls its timeouts
// gave up on, which stay in flight until the dependency answers: at the
// rate they are sent, for as long as the dependency's answer may outlast
// the timeout (a hang's span).
// +Inf where nothing bounds them: an unbounded queue, a tasks server, or
// services behind the front, whose own pools and queues the estimate does
// not cap.
func (w *costWalker) poolBound(perRequest float64) float64 {
	sys := w.sys
	if sys.Tasks != nil || len(sys.Services) > 0 || sys.Workers <= 0 || sys.Queue == QueueUnbounded {
		return math.Inf(1)
	}
	held := float64(sys.Workers+sys.Queue) * perRequest
	for i := range sys.Endpoints {
		ep := &sys.Endpoints[i]
		d := findDep(sys.Dependencies, ep.Calls)
		if d == nil {
			continue
		}
		wait := d.Policy.Timeout
		if dl := d.Policy.Deadline; dl > 0 && (wait == 0 || dl < wait) {
			wait = dl
		}
		if wait > 0 {
			held += rate0(ep, w.sc.Duration) * float64(attemptsOf(d)) * max(w.longestAnswer(d)-wait, 0).Seconds()
		}
	}
	return held
}

func attemptsOf(d *Dependency) int {
	if r := d.Policy.Retry; r != nil {
		return r.Attempts
	}
	return 1
}
