package lab

import (
	"context"
	"sort"
	"sync"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
)

// Endpoint indexes, in the engine checkout scenario's order.
const (
	endpointHealth = iota
	endpointCheckout
	numEndpoints
)

var endpointNames = [numEndpoints]string{EndpointHealth, EndpointCheckout}

func endpointIndex(name string) int {
	if name == EndpointCheckout {
		return endpointCheckout
	}
	return endpointHealth
}

// Live counts the load's requests as they arrive and end, so that a view
// can show a run while it happens. It is safe for concurrent use.
type Live struct {
	mu       sync.Mutex
	from, to time.Duration // the window, wall time
	arrived  [numEndpoints]uint64
	inWindow [numEndpoints]uint64
	gaveUp   [numEndpoints]uint64
	total    [numEndpoints]engine.Counts
	window   [numEndpoints]engine.Counts
	latency  [numEndpoints][]time.Duration // the window's, as the clients saw them
	done     bool
	// late is how much later than scheduled the latest-sent request left
	// (wall time): the live view says when the machine fell behind, as
	// the table's stall note does, where it cannot measure again.
	late time.Duration

	// The time series the charts draw, one bucket per engine.SampleEvery
	// of reference time: arrivals and outcomes counted as they happen, the
	// pool and the provider read by the session's sampler at each bucket's
	// end. sampled is how many buckets are complete.
	every     time.Duration // a bucket, in wall time
	epSeries  [numEndpoints][]engine.EndpointSample
	depSeries []engine.DependencySample
	goSeries  []goSample // the Go server's goroutines and connections (golive.go)
	sampled   int
}

// NewLive counts the requests of a run of cfg.
func NewLive(cfg Config) *Live {
	return &Live{from: cfg.Scaled(DefaultMeasureFrom), to: cfg.Scaled(DefaultMeasureTo), every: max(cfg.Scaled(engine.SampleEvery), time.Millisecond)}
}

// bucket returns the endpoint's sample for wall time t, growing the series.
func (l *Live) bucket(e int, t time.Duration) *engine.EndpointSample {
	i := max(int(t/l.every), 0)
	for len(l.epSeries[e]) <= i {
		l.epSeries[e] = append(l.epSeries[e], engine.EndpointSample{})
	}
	return &l.epSeries[e][i]
}

// arrive counts a request due at at that left late after it.
func (l *Live) arrive(endpoint string, at, late time.Duration) {
	if l == nil {
		return
	}
	e := endpointIndex(endpoint)
	l.mu.Lock()
	defer l.mu.Unlock()
	l.late = max(l.late, late)
	l.arrived[e]++
	l.bucket(e, at).Arrivals++
	if at >= l.from && at < l.to {
		l.inWindow[e]++
	}
}

// outcome maps what a client saw onto the engine's outcomes, as the JSON
// report does: a 503 was refused before any work, the rest failed.
func (s Sample) outcome() engine.Outcome {
	switch {
	case s.GaveUp || s.Err:
		return engine.Failed
	case s.Status >= 200 && s.Status < 300:
		return engine.OK
	case s.Status == 503:
		return engine.Rejected
	}
	return engine.Failed
}

// finish counts a request that ended at wall time decided.
func (l *Live) finish(s Sample, decided time.Duration) {
	if l == nil {
		return
	}
	e := endpointIndex(s.Endpoint)
	o := s.outcome()
	l.mu.Lock()
	defer l.mu.Unlock()
	l.total[e][o]++
	l.bucket(e, decided).Outcomes[o]++
	if s.GaveUp {
		l.gaveUp[e]++
	}
	if s.At >= l.from && s.At < l.to {
		l.window[e][o]++
		l.latency[e] = append(l.latency[e], s.Latency)
	}
}

func (l *Live) end() {
	if l == nil {
		return
	}
	l.mu.Lock()
	l.done = true
	l.mu.Unlock()
}

// Done says the load has ended and every request has its answer.
func (l *Live) Done() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.done
}

// Snapshot is the running lab as the engine would describe it, so that the
// sandbox's panes draw it: the pool's workers and who holds them, the
// endpoints' outcomes so far, the provider's calls in flight (those whose
// callers gave up as abandoned), the bulkhead and the breaker. Times are
// in the reference's units (wall time divided by the scale), so the
// snapshot lines up with the simulation's of the same moment.
func (l *Lab) Snapshot(live *Live) engine.Snapshot {
	cfg := l.Config
	unscale := func(d time.Duration) time.Duration { return time.Duration(float64(d) / cfg.Scale) }
	wall := time.Since(l.Epoch)
	s := engine.Snapshot{
		Scenario:    "checkout",
		Variant:     cfg.VariantName(),
		Seed:        cfg.Seed,
		Now:         max(unscale(wall), 0),
		Duration:    DefaultDuration,
		MeasureFrom: DefaultMeasureFrom,
		MeasureTo:   DefaultMeasureTo,
		Workers:     cfg.Workers,
		Busy:        l.API.PoolInUse(),
		Queued:      l.API.PoolQueued(),
		QueueCap:    -1, // as the engine's checkout: no run comes near the bound
		WorkerOwner: l.API.pool.Owners(nil),
	}
	s.Endpoints = make([]engine.EndpointSnapshot, numEndpoints)
	for e := range numEndpoints {
		s.Endpoints[e].Name = endpointNames[e]
	}
	s.Endpoints[endpointCheckout].Calls = Dependency
	for _, o := range s.WorkerOwner {
		if o >= 0 && int(o) < numEndpoints {
			s.Endpoints[o].Busy++
		}
	}
	if live != nil {
		live.mu.Lock()
		s.Done = live.done
		s.SampleEvery = engine.SampleEvery
		n := live.sampled
		for e := range numEndpoints {
			ep := &s.Endpoints[e]
			ep.Series = append([]engine.EndpointSample(nil), live.epSeries[e][:min(n, len(live.epSeries[e]))]...)
			for len(ep.Series) < n {
				ep.Series = append(ep.Series, engine.EndpointSample{})
			}
			ep.Arrived, ep.WindowArrived, ep.GaveUp = live.arrived[e], live.inWindow[e], live.gaveUp[e]
			ep.Total, ep.Window = live.total[e], live.window[e]
			lat := append([]time.Duration(nil), live.latency[e]...)
			sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
			ep.P50, ep.P95, ep.P99 = unscale(percentile(lat, 0.5)), unscale(percentile(lat, 0.95)), unscale(percentile(lat, 0.99))
		}
		live.mu.Unlock()
	}

	a := l.API
	var depSeries []engine.DependencySample
	if live != nil {
		live.mu.Lock()
		depSeries = append(depSeries, live.depSeries[:live.sampled]...)
		live.mu.Unlock()
	}
	d := engine.DependencySnapshot{
		Name:           Dependency,
		InFlight:       l.Provider.InFlight(),
		InFlightMax:    l.Provider.InFlightMax(),
		Calls:          l.Provider.Calls(),
		ShortCircuited: a.shortCircuited.Load(),
		BulkheadFull:   a.bulkheadFull.Load(),
		BudgetTokens:   -1,
		Series:         depSeries,
	}
	// The provider cannot tell an abandoned call; the API can: the calls it
	// still waits for are the ones not abandoned.
	d.Abandoned = max(0, d.InFlight-int(a.waiting.Load()))
	switch cfg.Mode {
	case Timeout:
		d.Timeout, d.Order = cfg.Timeout, []engine.Layer{engine.LayerTimeout}
	case Protected:
		d.Timeout, d.Order = cfg.Timeout, []engine.Layer{engine.LayerBreaker, engine.LayerTimeout, engine.LayerBulkhead}
		d.Bulkhead, d.BulkheadCap, d.Fallback = a.BulkheadInUse(), cfg.Bulkhead, engine.FailFastFallback
		_, d.BulkheadWaiting, _ = a.bh.Stats()
		// The API counts every refusal as a full bulkhead's; the engine
		// tells those turned away at once from those that waited in vain
		// (--bulkhead-wait, the Go server's semaphore), and the panes
		// draw both sides from the same fields. A refusal under way
		// counts its wait a moment before it counts as refused: hence
		// min.
		out := a.permits.waitedOut.Load()
		d.BulkheadFull, d.BulkheadWaitedOut = d.BulkheadFull-min(out, d.BulkheadFull), out
		d.RetryAfter = unscale(time.Duration(a.lastRetryAfter.Load()))
		d.Breaker = l.breakerSnapshot(wall, unscale)
	}
	for _, f := range l.Provider.Faults() {
		if f.active(wall) {
			ef := engine.Fault{From: unscale(f.From), To: unscale(f.To), Latency: unscale(f.Latency), Probability: f.Probability}
			switch f.Kind {
			case Slow:
				ef.Kind = engine.Slow
			case Hang:
				ef.Kind = engine.Hang
			case Error:
				ef.Kind = engine.Error
			default: // a closed connection or garbage fails every call
				ef.Kind, ef.Probability = engine.Error, 1
			}
			d.Fault = &ef
		}
	}
	if cfg.Server == Go {
		var series []goSample
		if live != nil {
			live.mu.Lock()
			series = append(series, live.goSeries[:min(live.sampled, len(live.goSeries))]...)
			live.mu.Unlock()
		}
		l.addGoSnapshot(&s, &d, series)
	}
	s.Dependencies = []engine.DependencySnapshot{d}
	for _, t := range a.Transitions() {
		t.At = unscale(t.At)
		t.Wait = unscale(t.Wait)
		s.Transitions = append(s.Transitions, engine.Transition{Dependency: Dependency, Transition: t})
	}
	return s
}

// breakerSnapshot reads the payment breaker under its lock.
func (l *Lab) breakerSnapshot(wall time.Duration, unscale func(time.Duration) time.Duration) *engine.BreakerSnapshot {
	bs := &engine.BreakerSnapshot{}
	l.API.brk.Do(func(b *breaker.Breaker) {
		cfg := b.Config()
		cfg.SlowCallDuration, cfg.OpenFor = unscale(cfg.SlowCallDuration), unscale(cfg.OpenFor)
		c := b.CountsAt(wall)
		sent, passed := b.Trials()
		*bs = engine.BreakerSnapshot{
			Config:        cfg,
			State:         b.State(), // as it stands, as /metrics and the log say (API.BreakerState)
			Window:        b.AppendWindow(nil),
			WindowCalls:   b.AppendCalls(nil), // slow calls marked, as the simulation's: the pane draws them ◐, not ✓
			Calls:         c.Calls,
			Failures:      c.Failures,
			Slow:          c.Slow,
			Consecutive:   c.ConsecutiveFailures,
			OpenRemaining: unscale(b.OpenRemaining(wall)),
			TrialsSent:    sent,
			TrialsPassed:  passed,
		}
	})
	return bs
}

// Session is a run in progress that a live view watches: the lab, the load
// sending its schedule, and the counts so far.
type Session struct {
	Lab    *Lab
	Live   *Live
	cancel context.CancelFunc
	done   chan struct{} // the load and the sampler have returned
}

// StartSession starts the lab and its load and returns at once. Stop ends
// both, whenever it is called.
func StartSession(ctx context.Context, cfg Config) (*Session, error) {
	if err := cfg.CheckMeasured(); err != nil {
		return nil, err
	}
	epoch := time.Now().Add(lead)
	l, err := Start(cfg, epoch, nil)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	s := &Session{Lab: l, Live: NewLive(cfg), cancel: cancel, done: make(chan struct{})}
	sampled := make(chan struct{})
	halt := make(chan struct{})
	go func() {
		defer close(sampled)
		s.sampler(halt)
	}()
	go func() {
		defer close(s.done)
		client, transport := loadClient()
		runLoad(ctx, cfg, client, l.APIURL(), epoch, s.Live)
		transport.CloseIdleConnections()
		// The series are complete before the run says it is done.
		close(halt)
		<-sampled
		s.Live.end()
	}()
	return s, nil
}

// Snapshot is the session's state now (see Lab.Snapshot).
func (s *Session) Snapshot() engine.Snapshot { return s.Lab.Snapshot(s.Live) }

// Late is how much later than scheduled the load has sent a request at
// worst so far, and the lateness past which the table discards a run,
// both in the reference's time as the snapshot's clock is.
func (s *Session) Late() (worst, limit time.Duration) {
	s.Live.mu.Lock()
	late := s.Live.late
	s.Live.mu.Unlock()
	return time.Duration(float64(late) / s.Lab.Config.Scale), DefaultStallLimit
}

// Stop ends the load and shuts the lab down; nothing of it is left running.
func (s *Session) Stop() error {
	s.cancel()
	<-s.done
	return s.Lab.Shutdown(context.Background())
}

// sample closes the series' bucket i with the lab's state now.
func (l *Live) sample(i int, lab *Lab) {
	owners := lab.API.pool.Owners(nil)
	var busy [numEndpoints]int32
	for _, o := range owners {
		if o >= 0 && int(o) < numEndpoints {
			busy[o]++
		}
	}
	inFlight := lab.Provider.InFlight()
	d := engine.DependencySample{
		InFlight:  int32(inFlight),
		Abandoned: int32(max(0, inFlight-int(lab.API.waiting.Load()))),
		Bulkhead:  int32(lab.API.BulkheadInUse()),
		Breaker:   -1,
	}
	if st, ok := lab.API.BreakerState(); ok {
		d.Breaker = int8(st)
	}
	var g goSample
	if lab.Config.Server == Go {
		g = readGoSample(lab.API)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if lab.Config.Server == Go {
		for len(l.goSeries) <= i {
			l.goSeries = append(l.goSeries, g)
		}
	}
	for e := range numEndpoints {
		l.bucket(e, time.Duration(i)*l.every).Busy = busy[e]
	}
	for len(l.depSeries) <= i {
		l.depSeries = append(l.depSeries, d)
	}
	l.sampled = max(l.sampled, i+1)
}

// sampler closes a bucket at the end of each, until stop is closed, then
// closes every bucket up to now: the series ends where the run ended.
func (s *Session) sampler(stop <-chan struct{}) {
	every := s.Live.every
	i := 0
	for ; ; i++ {
		t := time.NewTimer(time.Until(s.Lab.Epoch.Add(time.Duration(i+1) * every)))
		select {
		case <-t.C:
			s.Live.sample(i, s.Lab)
			continue
		case <-stop:
			t.Stop()
		}
		break
	}
	for last := int(time.Since(s.Lab.Epoch) / every); i <= last; i++ {
		s.Live.sample(i, s.Lab)
	}
}
