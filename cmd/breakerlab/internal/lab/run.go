package lab

import (
	"context"
	"fmt"
	"math"
	"sort"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/report"
)

// Counts are one endpoint's requests that arrived in the window, as their
// clients saw them.
type Counts struct {
	Total, OK, Unavailable, GatewayTimeout, OtherStatus, GaveUp, Errors int
	// P50, P95, P99 are client-seen latencies; a client that gave up counts
	// at its patience, as the engine counts it.
	P50, P95, P99 time.Duration
	// P50GaveUp, P95GaveUp, P99GaveUp say the percentile fell on a client
	// that gave up: the figure is its patience, a time the request took at
	// least, not one the server answered in (no timeout's /health p50 read
	// "2 s", the load's patience, as if the server had taken that long).
	P50GaveUp, P95GaveUp, P99GaveUp bool
}

// Failed is every request that neither succeeded nor was refused with 503.
func (c Counts) Failed() int { return c.GatewayTimeout + c.OtherStatus + c.GaveUp + c.Errors }

// Result is one measured run of one mode.
type Result struct {
	Config  Config
	Variant string
	// Window is the span of arrivals counted, wall time since the epoch.
	From, To time.Duration
	Health   Counts
	Checkout Counts
	// Provider: the most calls in flight at once over the whole run, when
	// it first held that many (wall time since the epoch), and the calls
	// that reached it.
	InFlightMax   int
	InFlightMaxAt time.Duration
	Calls         uint64
	// ShortCircuited and BulkheadFull are calls the protected mode refused;
	// BulkheadWaitedOut those of BulkheadFull that waited for a slot in
	// vain (--bulkhead-wait, the Go server's semaphore), where the rest
	// were turned away at once.
	ShortCircuited, BulkheadFull uint64
	BulkheadWaitedOut            uint64
	Transitions                  []breaker.Transition
	// Stall is the scheduler's worst lateness; Attempts how many runs were
	// made (the stalled ones were discarded); Stalled says every attempt
	// stalled and this is the least stalled.
	Stall    time.Duration
	Attempts int
	Stalled  bool
	Samples  []Sample
	// Go is what the Go server measured besides (zero on the thread-pool
	// server); Sim is the engine's run of the same setup, the Go server's
	// only (the thread-pool server's is in the live view).
	Go  GoStats
	Sim *Simulation
}

// Simulation is the engine's run of a lab's setup (SimScenario): the
// scenario, the variant's snapshot at the end, and its object in run's
// JSON.
type Simulation struct {
	Scenario *engine.Scenario
	Snapshot engine.Snapshot
	Report   report.Report
}

// Simulate runs the engine's model of cfg's setup to its end.
func Simulate(cfg Config) (*Simulation, error) {
	sc, v, err := SimScenario(cfg)
	if err != nil {
		return nil, err
	}
	snaps, err := engine.RunAll(sc, cfg.Seed)
	if err != nil {
		return nil, fmt.Errorf("simulating %s: %w", cfg.VariantName(), err)
	}
	return &Simulation{Scenario: sc, Snapshot: snaps[v], Report: report.Build(sc, cfg.Seed, snaps[v:v+1])}, nil
}

// StallLimit is the lateness past which a run is discarded: the
// reference's 500 ms, scaled.
func (c Config) StallLimit() time.Duration { return c.Scaled(DefaultStallLimit) }

// Measure runs the mode's incident and measures it, repeating a run whose
// scheduler stalled past the limit, up to cfg.Attempts runs. Each run starts
// a fresh provider and API and shuts them down before the next.
func Measure(ctx context.Context, cfg Config) (Result, error) {
	if err := cfg.Validate(); err != nil {
		return Result{}, err
	}
	if err := cfg.CheckMeasured(); err != nil {
		return Result{}, err
	}
	var sim *Simulation
	if cfg.Server == Go {
		var err error
		if sim, err = Simulate(cfg); err != nil {
			return Result{}, err
		}
	}
	var best Result
	for attempt := 1; attempt <= cfg.Attempts; attempt++ {
		r, err := measureRun(ctx, cfg, sim)
		if err != nil {
			return Result{}, err
		}
		r.Sim = sim
		if attempt == 1 || r.Stall < best.Stall {
			best = r
		}
		best.Attempts = attempt
		if r.Stall <= cfg.StallLimit() {
			return r.withAttempts(attempt), nil
		}
	}
	best.Stalled = true
	return best, nil
}

// measureRun is measureOnce; tests replace it to script the stalls.
var measureRun = measureOnce

// settleSlack is how long, in the reference's time, the Go server is given
// past the simulation's end to end its last calls: a real timer fires a
// moment late, by up to the stall limit the run allows.
const settleSlack = DefaultStallLimit

func (r Result) withAttempts(n int) Result { r.Attempts = n; return r }

// lead is how far in the future a run's epoch lies, so that the first
// arrival at zero is not already late when the servers have just started.
const lead = 100 * time.Millisecond

// measureOnce runs the incident once and reads what the servers did. On
// the Go server it reads them once sim's run would have ended (settle), so
// that both sides count the same calls.
func measureOnce(ctx context.Context, cfg Config, sim *Simulation) (res Result, err error) {
	epoch := time.Now().Add(lead)
	l, err := Start(cfg, epoch, nil)
	if err != nil {
		return res, err
	}
	client, transport := loadClient()
	defer func() {
		transport.CloseIdleConnections()
		if serr := l.Shutdown(context.Background()); serr != nil && err == nil {
			err = serr
		}
	}()
	interrupted := func() error {
		return fmt.Errorf("interrupted (%w): the lab's servers were shut down before %s was measured", context.Cause(ctx), cfg.VariantName())
	}
	if err := l.healthy(ctx, client); err != nil {
		// A signal while the servers are asked whether they answer is
		// an interruption too, not a lab that fails to answer.
		if ctx.Err() != nil {
			return res, interrupted()
		}
		return res, err
	}
	samples, stall := runLoad(ctx, cfg, client, l.APIURL(), epoch, nil)
	if sim != nil {
		// The clients are done, but a handler whose client gave up still
		// calls the provider: its context is the API's own (API.base),
		// not the request's, in every mode, as the engine's call goes on
		// past its client's patience (Policy.Cancel none). The engine's
		// run ends once every request has ended (Run.Done), so its
		// connection figures count those calls' waits to their end; read
		// here as the last client left, the Go server counted the same
		// calls still waiting, neither waited nor given up (mode none,
		// seed 5, scale 0.25: 0 waited where the engine read 94).
		l.API.settle(ctx, epoch.Add(cfg.Scaled(sim.Snapshot.Now+settleSlack)))
	}
	if ctx.Err() != nil {
		return res, interrupted()
	}
	res = Result{
		Config:            cfg,
		Variant:           cfg.VariantName(),
		From:              cfg.Scaled(DefaultMeasureFrom),
		To:                cfg.Scaled(DefaultMeasureTo),
		InFlightMax:       l.Provider.InFlightMax(),
		InFlightMaxAt:     l.Provider.InFlightMaxAt(),
		Calls:             l.Provider.Calls(),
		ShortCircuited:    l.API.shortCircuited.Load(),
		BulkheadFull:      l.API.bulkheadFull.Load(),
		Transitions:       l.API.Transitions(),
		BulkheadWaitedOut: l.API.permits.waitedOut.Load(),
		Stall:             stall,
		Samples:           samples,
	}
	if cfg.Server == Go {
		res.Go = l.API.goStats()
	}
	res.Health = count(samples, EndpointHealth, res.From, res.To)
	res.Checkout = count(samples, EndpointCheckout, res.From, res.To)
	return res, nil
}

// count tallies one endpoint's samples that arrived in [from, to).
func count(samples []Sample, endpoint string, from, to time.Duration) Counts {
	var c Counts
	var lat []time.Duration
	var gaveUp []time.Duration
	for _, s := range samples {
		if s.Endpoint != endpoint || s.At < from || s.At >= to {
			continue
		}
		c.Total++
		switch {
		case s.GaveUp:
			c.GaveUp++
			gaveUp = append(gaveUp, s.Latency)
			continue
		case s.Err:
			c.Errors++
		case s.Status >= 200 && s.Status < 300:
			c.OK++
		case s.Status == 503:
			c.Unavailable++
		case s.Status == 504:
			c.GatewayTimeout++
		default:
			c.OtherStatus++
		}
		lat = append(lat, s.Latency)
	}
	// The answered requests sorted, the ones given up after them: a
	// client gives up at its patience, later than any answer it took, so
	// a rank past the answers is a give-up, whatever the times' ties.
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	answered := len(lat)
	sort.Slice(gaveUp, func(i, j int) bool { return gaveUp[i] < gaveUp[j] })
	lat = append(lat, gaveUp...)
	rank := func(p float64) (time.Duration, bool) {
		i := percentileIndex(len(lat), p)
		if i < 0 {
			return 0, false
		}
		return lat[i], i >= answered
	}
	c.P50, c.P50GaveUp = rank(0.50)
	c.P95, c.P95GaveUp = rank(0.95)
	c.P99, c.P99GaveUp = rank(0.99)
	return c
}

// percentile is the nearest-rank percentile of sorted values.
func percentile(sorted []time.Duration, p float64) time.Duration {
	i := percentileIndex(len(sorted), p)
	if i < 0 {
		return 0
	}
	return sorted[i]
}

// percentileIndex is the nearest-rank percentile's index in n sorted
// values, -1 when there are none.
func percentileIndex(n int, p float64) int {
	if n == 0 {
		return -1
	}
	i := int(math.Ceil(p*float64(n))) - 1
	return min(max(i, 0), n-1)
}

// Modes lists what --mode all runs: the reference's four rows, the third
// at twice the rate.
func Modes(base Config) []Config {
	none, timeout, doubled, protected := base, base, base, base
	none.Mode, timeout.Mode, doubled.Mode, protected.Mode = None, Timeout, Timeout, Protected
	doubled.Rate = 2 * base.Rate
	return []Config{none, timeout, doubled, protected}
}
