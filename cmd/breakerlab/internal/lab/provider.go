package lab

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
)

// Provider is the payment provider: POST /charge answers after a healthy
// log-normal latency, or as the fault timeline says. A call runs to its end
// even when the caller has given up (as a real provider does: it does not
// know), so calls abandoned by a timeout still count as in flight.
type Provider struct {
	epoch time.Time
	scale float64

	mu     sync.Mutex
	faults []Fault // wall time since epoch
	// changed is closed when the timeline is replaced (SetFaults), and a
	// new one made: a call a hang holds looks again whether the provider
	// is still hung, so a hang cleared or cut short through /admin/fault
	// answers the calls it holds as a hang that ends on schedule does.
	changed chan struct{}
	rng     *rand.Rand
	// p50 and p99 are the healthy latency's percentiles in wall time (the
	// config's, scaled): planCall draws from them and Help prints them.
	p50, p99 time.Duration
	mu0      float64 // log of p50
	sigma    float64

	inFlight, inFlightMax atomic.Int64
	// maxMu pairs inFlightMax with the time it was first reached, so the
	// report can say when, as run's in_flight_max_at_ms does; a call that
	// does not raise the maximum never takes it.
	maxMu         sync.Mutex
	inFlightMaxAt time.Duration
	calls         atomic.Uint64
	charges       atomic.Uint64

	stop     chan struct{} // closed at shutdown: waiting handlers return
	stopOnce sync.Once
	srv      *server
}

// z99 is the standard normal's 99th percentile.
const z99 = 2.3263478740408408

// newProvider builds the provider; faults are in the reference's units.
func newProvider(cfg Config, epoch time.Time) *Provider {
	p := &Provider{
		epoch: epoch,
		scale: cfg.Scale,
		rng:   rand.New(rand.NewPCG(cfg.Seed, 0x9e3779b97f4a7c15)),
		p50:   cfg.Scaled(HealthyP50),
		p99:   cfg.Scaled(HealthyP99),
		stop:  make(chan struct{}),
	}
	p.changed = make(chan struct{})
	p.mu0 = math.Log(float64(p.p50))
	p.sigma = math.Log(float64(p.p99)/float64(p.p50)) / z99
	for _, f := range cfg.Faults {
		p.faults = append(p.faults, f.scaled(cfg.Scale))
	}
	return p
}

func (p *Provider) now() time.Duration { return time.Since(p.epoch) }

// Handler serves the provider's routes.
func (p *Provider) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/charge", p.charge)
	mux.HandleFunc("/admin/fault", p.admin)
	mux.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		io.WriteString(w, p.Help())
	})
	return mux
}

// Help is the provider's own description, served on GET / and printed by
// `breakerlab lab --serve`: its healthy latency is the one planCall draws
// from, in wall time, so a --scale moves both.
func (p *Provider) Help() string {
	return fmt.Sprintf(providerHelp, breaker.Words(p.p50), breaker.Words(p.p99))
}

// providerHelp is Help's text, the healthy latency's p50 and p99 left to
// fill.
const providerHelp = `breakerlab payment provider
POST /charge       charge an order: 200 {"charged":true},
                   latency p50 %s, p99 %s when healthy
GET  /admin/fault  the fault timeline, in ms since the lab started
POST /admin/fault  replace the timeline with one fault, from after_ms after
                   now for for_ms (0 or absent: until changed); one JSON
                   object of at most 64 KiB, each _ms from 0 to 86400000
                   (24 h), e.g.
  {"kind":"slow","latency_ms":10000,"for_ms":3000}  every call takes 10 s
  {"kind":"error","probability":0.5}                half the calls answer 500
  {"kind":"hang"}                                   calls get no answer until
                                                    a POST ends the hang
  {"kind":"close"}                                  the connection is closed
  {"kind":"garbage"}                                the answer is not HTTP
  {"kind":"healthy"}                                clear every fault
`

// plan is what the provider does with one call.
type plan struct {
	kind    FaultKind
	faulty  bool
	latency time.Duration
	fail    bool
	// hung: the call started during a hang and is held while the
	// provider stays hung (Provider.holdHung), then answered after
	// latency, its healthy one.
	hung bool
}

// planCall decides a call arriving at now: the last active fault wins.
func (p *Provider) planCall(now time.Duration) plan {
	p.mu.Lock()
	defer p.mu.Unlock()
	healthy := time.Duration(math.Exp(p.mu0 + p.sigma*p.rng.NormFloat64()))
	pl := plan{latency: healthy}
	for _, f := range p.faults {
		if !f.active(now) {
			continue
		}
		pl.kind, pl.faulty = f.Kind, true
		pl.hung = false
		switch f.Kind {
		case Slow:
			pl.latency = f.Latency
		case Error:
			pl.fail = p.rng.Float64() < f.Probability
		case Hang:
			// As the engine's Hang (Run.response): a call that starts
			// during the hang gets no answer until it ends, then a
			// success after its own healthy latency. Held until the
			// lab stopped, a hang that ended read as calls lost for
			// good, where the simulated side answered them.
			pl.fail, pl.hung, pl.latency = false, true, healthy
		}
	}
	return pl
}

// hungUntil says whether the provider is hung at now, as planCall decides
// (the last active fault wins), and until when (0: no end), with the
// channel that is closed when the timeline next changes.
func (p *Provider) hungUntil(now time.Duration) (hung bool, until time.Duration, changed <-chan struct{}) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, f := range p.faults {
		if f.active(now) {
			hung, until = f.Kind == Hang, f.To
		}
	}
	return hung, until, p.changed
}

// holdHung holds a call that started during a hang until the provider is
// hung no more: the hang's end on schedule, or the moment /admin/fault
// replaced the timeline with one under which it is not hung now (a hang
// cleared, cut short, or turned into another fault). A hang still on
// under the new timeline (a hang made longer) goes on holding it. It
// reports false when the provider shut down first. Held until its first
// hang's planned end whatever the timeline became, a hang turned off
// through /admin/fault kept its calls until the lab stopped, where the
// engine answers a held call once its hang ends.
func (p *Provider) holdHung() bool {
	var t *time.Timer
	defer func() {
		if t != nil {
			t.Stop()
		}
	}()
	for {
		now := p.now()
		hung, until, changed := p.hungUntil(now)
		if !hung {
			return true
		}
		var end <-chan time.Time
		if until != 0 {
			if t == nil {
				t = time.NewTimer(until - now)
			} else {
				t.Reset(until - now)
			}
			end = t.C
		}
		select {
		case <-end:
		case <-changed:
		case <-p.stop:
			return false
		}
	}
}

func (p *Provider) charge(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "POST /charge charges an order", http.StatusMethodNotAllowed)
		return
	}
	n := p.inFlight.Add(1)
	defer p.inFlight.Add(-1)
	if n > p.inFlightMax.Load() {
		p.raiseMax(n, p.now())
	}
	id := p.calls.Add(1)
	io.Copy(io.Discard, io.LimitReader(r.Body, 1<<16))

	pl := p.planCall(p.now())
	if pl.faulty && (pl.kind == Close || pl.kind == Garbage) {
		p.hangUp(w, pl.kind == Garbage)
		return
	}
	if pl.hung && !p.holdHung() {
		return
	}
	t := time.NewTimer(pl.latency)
	select {
	case <-t.C:
	case <-p.stop:
		t.Stop()
		http.Error(w, "the provider is shutting down", http.StatusServiceUnavailable)
		return
	}
	if pl.fail {
		http.Error(w, `{"charged":false,"error":"internal error"}`, http.StatusInternalServerError)
		return
	}
	p.charges.Add(1)
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"charged":true,"charge_id":"ch_%d"}`+"\n", id)
}

// hangUp closes the connection, after writing bytes that are not HTTP when
// garbage is set. A server that cannot hijack answers 500 instead.
func (p *Provider) hangUp(w http.ResponseWriter, garbage bool) {
	conn, buf, err := http.NewResponseController(w).Hijack()
	if err != nil {
		http.Error(w, "cannot hang up on this connection", http.StatusInternalServerError)
		return
	}
	if garbage {
		buf.WriteString("\x00\x01 this is not HTTP \xff\r\n\r\n")
		buf.Flush()
	}
	conn.Close()
}

func (p *Provider) admin(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodGet:
	case http.MethodPost:
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxFaultBody))
		var tooBig *http.MaxBytesError
		switch {
		case errors.As(err, &tooBig):
			http.Error(w, fmt.Sprintf("request body too large: at most %d KiB", maxFaultBody>>10), http.StatusRequestEntityTooLarge)
			return
		case err != nil:
			http.Error(w, "reading the body: "+err.Error(), http.StatusBadRequest)
			return
		}
		faults, err := decodeFaultRequest(body, p.now())
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		p.SetFaults(faults)
	default:
		w.Header().Set("Allow", "GET, POST")
		http.Error(w, "GET reads the fault timeline, POST replaces it", http.StatusMethodNotAllowed)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	io.WriteString(w, p.faultsJSON())
}

// SetFaults replaces the timeline (wall time since the lab's start).
func (p *Provider) SetFaults(f []Fault) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.faults = append([]Fault(nil), f...)
	close(p.changed)
	p.changed = make(chan struct{})
}

// Faults returns the timeline (wall time since the lab's start).
func (p *Provider) Faults() []Fault {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]Fault(nil), p.faults...)
}

func (p *Provider) faultsJSON() string {
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	s := `{"now_ms":` + strconv.FormatFloat(ms(p.now()), 'f', 0, 64) + `,"faults":[`
	for i, f := range p.Faults() {
		if i > 0 {
			s += ","
		}
		s += fmt.Sprintf(`{"kind":%q,"from_ms":%.0f`, f.Kind, ms(f.From))
		if f.To != 0 {
			s += fmt.Sprintf(`,"to_ms":%.0f`, ms(f.To))
		}
		switch f.Kind {
		case Slow:
			s += fmt.Sprintf(`,"latency_ms":%.0f`, ms(f.Latency))
		case Error:
			s += `,"probability":` + strconv.FormatFloat(f.Probability, 'f', -1, 64)
		}
		s += "}"
	}
	return s + "]}\n"
}

// raiseMax records n calls in flight at now if no call has seen as many
// before: the time kept is when the maximum was first reached.
func (p *Provider) raiseMax(n int64, now time.Duration) {
	p.maxMu.Lock()
	defer p.maxMu.Unlock()
	if n > p.inFlightMax.Load() {
		p.inFlightMax.Store(n)
		p.inFlightMaxAt = now
	}
}

// InFlightMax is the most calls the provider held at once.
func (p *Provider) InFlightMax() int { return int(p.inFlightMax.Load()) }

// InFlightMaxAt is when the provider first held InFlightMax calls, wall
// time since the epoch (0 while no call has come).
func (p *Provider) InFlightMaxAt() time.Duration {
	p.maxMu.Lock()
	defer p.maxMu.Unlock()
	return p.inFlightMaxAt
}

// InFlight is the calls the provider holds now.
func (p *Provider) InFlight() int { return int(p.inFlight.Load()) }

// Calls is how many calls reached the provider.
func (p *Provider) Calls() uint64 { return p.calls.Load() }

// halt makes every waiting call return.
func (p *Provider) halt() { p.stopOnce.Do(func() { close(p.stop) }) }
