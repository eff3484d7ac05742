package lab

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
)

func TestParseFault(t *testing.T) {
	good := map[string]Fault{
		"slow:10s@0.5s-3.5s": {Kind: Slow, Latency: 10 * time.Second, From: 500 * time.Millisecond, To: 3500 * time.Millisecond},
		"error:0.3@1s-2s":    {Kind: Error, Probability: 0.3, From: time.Second, To: 2 * time.Second},
		"hang@1s-":           {Kind: Hang, From: time.Second},
		"close@0s-1s":        {Kind: Close, To: time.Second},
		"garbage@2s-3s":      {Kind: Garbage, From: 2 * time.Second, To: 3 * time.Second},
	}
	for in, want := range good {
		got, err := ParseFault(in)
		if err != nil || got != want {
			t.Errorf("ParseFault(%q) = %+v, %v; want %+v", in, got, err, want)
		}
		if back, err := ParseFault(got.String()); err != nil || back != got {
			t.Errorf("%q does not read back: %q gives %+v, %v", in, got.String(), back, err)
		}
	}
	bad := map[string]string{
		"slow:10s":            "no @FROM-TO",
		"slow@1s-2s":          "slow needs a latency",
		"error@1s-2s":         "error needs a probability",
		"error:2@1s-2s":       "probability above 0 and at most 1",
		"hang:5s@1s-2s":       "takes no argument",
		"melt@1s-2s":          "allowed: slow, error, hang, close, garbage",
		"slow:1s@1s":          "needs a dash",
		"slow:1s@soon-2s":     "is not a duration",
		"slow:1s@1s-later":    "is not a duration",
		"slow:1s@2s-1s":       "must end after it starts",
		"slow:-1s@1s-2s":      "positive latency",
		"slow:1s@-1s-2s":      "is not a duration",
		"close@-1s-":          "is not a duration",
		"slow:1s@1s-2s-3s":    "is not a duration",
		"garbage:1@1s-2s":     "takes no argument",
		"error:x@1s-2s":       "error needs a probability",
		"slow:10ms@0s-0s":     "must end after it starts",
		"error:0@0s-1s":       "probability above 0",
		"@1s-2s":              "unknown fault kind",
		"slow:@1s-2s":         "slow needs a latency",
		"hang@1s-2s trailing": "is not a duration",
	}
	for in, want := range bad {
		_, err := ParseFault(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseFault(%q) = %v, want an error naming %q", in, err, want)
		}
	}
}

// --fault also reads the form run, sweep and sandbox take ('12s inventory
// slow 2s for 10s'), aimed at the lab's one dependency, for the kinds its
// provider can do; the rest, and a fault in neither form, are refused
// with both forms named.
func TestParseFaultInRunsForm(t *testing.T) {
	good := map[string]Fault{
		"0.5s payment slow 10s for 3s": {Kind: Slow, Latency: 10 * time.Second, From: 500 * time.Millisecond, To: 3500 * time.Millisecond},
		"1s payment slow 2s":           {Kind: Slow, Latency: 2 * time.Second, From: time.Second},
		"1s payment hang":              {Kind: Hang, From: time.Second},
		"2 payment errors 30% for 1s":  {Kind: Error, Probability: 0.3, From: 2 * time.Second, To: 3 * time.Second},
		"500ms payment error 0.5":      {Kind: Error, Probability: 0.5, From: 500 * time.Millisecond},
		"1s payment down for 2s":       {Kind: Close, From: time.Second, To: 3 * time.Second},
		"0s  payment   hang  for 1s":   {Kind: Hang, To: time.Second},
	}
	for in, want := range good {
		got, err := ParseFault(in)
		if err != nil || got != want {
			t.Errorf("ParseFault(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
	bad := map[string][]string{
		"12s inventory slow 2s for 10s": {"one dependency, payment", `not "inventory"`, "'12s payment slow 2s for 10s'"},
		"1s payment slow":               {"slow needs a latency", "the lab reads run's form as AT payment", "its own form, KIND[:ARG]@FROM-[TO]"},
		"1s payment melt":               {`unknown kind "melt"`, "KIND[:ARG]@FROM-[TO]"},
		"1s payment restart":            {"cannot restart", "slow, hang, errors or down", "KIND[:ARG]@FROM-[TO]"},
		"1s payment surge x3":           {"cannot surge", "--rate"},
		"1s payment unreachable":        {"cannot be unreachable", "it can hang (dials connect, calls get no answer)"},
		"1s payment recover":            {"takes no recover", "for DURATION"},
		"1s payment errors 150%":        {"up to 100%"},
		"slow 2s":                       {"no @FROM-TO", "KIND[:ARG]@FROM-[TO]", "or run's form, AT payment"},
		"soon payment slow 2s":          {"no @FROM-TO", "or run's form, AT payment"},
	}
	for in, wants := range bad {
		_, err := ParseFault(in)
		for _, want := range wants {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("ParseFault(%q) = %v, want an error naming %q", in, err, want)
			}
		}
	}
}

func TestConfigValidate(t *testing.T) {
	ok := DefaultConfig(Protected)
	if err := ok.Validate(); err != nil {
		t.Fatal(err)
	}
	for name, tc := range map[string]struct {
		change func(*Config)
		want   string
	}{
		"rate":     {func(c *Config) { c.Rate = 0 }, "rate must be above 0"},
		"scale":    {func(c *Config) { c.Scale = 0.01 }, "scale must be between"},
		"fast":     {func(c *Config) { c.Rate, c.Scale = 1000, 0.05 }, "keep rate/scale"},
		"port":     {func(c *Config) { c.APIPort = -1 }, "ports must be between"},
		"same":     {func(c *Config) { c.APIPort, c.ProviderPort = 9000, 9000 }, "two different ports"},
		"workers":  {func(c *Config) { c.Workers = 0 }, "workers must be between"},
		"bulkhead": {func(c *Config) { c.Bulkhead = 0 }, "bulkhead must be at least 1"},
		"wait":     {func(c *Config) { c.BulkheadWait = -time.Second }, "bulkhead wait must not be negative"},
		"listen":   {func(c *Config) { c.Listen = "my-laptop" }, "listen must be an IP address"},
		"fault":    {func(c *Config) { c.Faults = []Fault{{Kind: Slow}} }, "fault 1: slow fault needs a positive latency"},
	} {
		c := ok
		tc.change(&c)
		if err := c.Validate(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", name, err, tc.want)
		}
	}
}

// TestSchedule: the open loop sends the reference's counts, and a scaled
// run sends the same requests in proportionally less time.
func TestSchedule(t *testing.T) {
	for _, scale := range []float64{1, 0.3, 0.25} {
		cfg := DefaultConfig(None)
		cfg.Scale = scale
		n := map[string]int{}
		inWindow := map[string]int{}
		var last time.Duration
		for _, a := range schedule(cfg) {
			if a.at < last {
				t.Fatalf("scale %v: arrivals out of order at %v", scale, a.at)
			}
			last = a.at
			n[a.endpoint]++
			if a.at >= cfg.Scaled(DefaultMeasureFrom) && a.at < cfg.Scaled(DefaultMeasureTo) {
				inWindow[a.endpoint]++
			}
		}
		if n[EndpointHealth] != 24 || n[EndpointCheckout] != 120 || inWindow[EndpointHealth] != 12 || inWindow[EndpointCheckout] != 60 {
			t.Errorf("scale %v: %v arrivals, %v in the window; want 24 and 120, 12 and 60", scale, n, inWindow)
		}
	}
}

func TestPercentile(t *testing.T) {
	ms := func(v ...int) []time.Duration {
		out := make([]time.Duration, len(v))
		for i, x := range v {
			out[i] = time.Duration(x) * time.Millisecond
		}
		return out
	}
	if p := percentile(nil, 0.5); p != 0 {
		t.Errorf("empty: %v", p)
	}
	vals := ms(1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
	for _, tc := range []struct {
		p    float64
		want time.Duration
	}{{0.5, 5 * time.Millisecond}, {0.95, 10 * time.Millisecond}, {0.1, time.Millisecond}, {0.11, 2 * time.Millisecond}} {
		if got := percentile(vals, tc.p); got != tc.want {
			t.Errorf("p%v = %v, want %v", tc.p*100, got, tc.want)
		}
	}
}

func TestVariantNamesMatchTheSimulation(t *testing.T) {
	var names []string
	for _, c := range Modes(DefaultConfig(None)) {
		names = append(names, c.VariantName())
	}
	// engine/scenarios' checkout variants, in order.
	want := []string{"no timeout", "timeout 500 ms", "timeout 500 ms, 40 req/s", "protected"}
	if strings.Join(names, "|") != strings.Join(want, "|") {
		t.Errorf("names %q, want %q", names, want)
	}
}

func TestStateGauge(t *testing.T) {
	for s, want := range map[breaker.State]float64{breaker.Closed: 0, breaker.Open: 1, breaker.HalfOpen: 2, breaker.ForcedOpen: 1, breaker.Disabled: 0, breaker.MetricsOnly: 0} {
		if got := StateGauge(s); got != want {
			t.Errorf("%v: %v, want %v", s, got, want)
		}
	}
}

// TestStalledRunsAreRepeated: a run whose scheduler fell behind past the
// limit is discarded and measured again; when every run stalls, the least
// stalled is kept and marked.
func TestStalledRunsAreRepeated(t *testing.T) {
	old := measureRun
	defer func() { measureRun = old }()
	script := func(stalls ...time.Duration) {
		i := 0
		measureRun = func(ctx context.Context, cfg Config, _ *Simulation) (Result, error) {
			r := Result{Stall: stalls[i], InFlightMax: i}
			i++
			return r, nil
		}
	}
	cfg := DefaultConfig(None)
	script(900*time.Millisecond, 100*time.Millisecond)
	r, err := Measure(context.Background(), cfg)
	if err != nil || r.Attempts != 2 || r.Stalled || r.InFlightMax != 1 {
		t.Errorf("one stalled run then a good one: %+v, %v; want the second run, 2 attempts", r, err)
	}
	script(900*time.Millisecond, 800*time.Millisecond, 950*time.Millisecond, 700*time.Millisecond)
	r, err = Measure(context.Background(), cfg)
	if err != nil || r.Attempts != 4 || !r.Stalled || r.InFlightMax != 3 {
		t.Errorf("four stalled runs: %+v, %v; want the least stalled (the fourth), marked", r, err)
	}
	script(500 * time.Millisecond)
	if r, _ := Measure(context.Background(), cfg); r.Attempts != 1 || r.Stalled {
		t.Errorf("a run exactly at the limit is kept: %+v", r)
	}
}

func TestSimScenario(t *testing.T) {
	for _, m := range []Mode{None, Timeout, Protected} {
		cfg := DefaultConfig(m)
		cfg.Rate = 30
		cfg.Faults = []Fault{{Kind: Garbage, From: time.Second, To: 2 * time.Second}}
		sc, v, err := SimScenario(cfg)
		if err != nil {
			t.Fatal(err)
		}
		vr := sc.Variants[v]
		d := vr.System.Dependencies[0]
		// 30 a second on the load tool's beat: one every 33.3 ms.
		if e := vr.System.Endpoints[1]; vr.Name != cfg.VariantName() || e.Rate != 0 || e.Interval != time.Second/30 || len(d.Faults) != 1 || d.Faults[0].Probability != 1 {
			t.Errorf("%v: variant %q, rate %v, interval %v, faults %+v", m, vr.Name, e.Rate, e.Interval, d.Faults)
		}
		if (m == Protected) != (d.Policy.Breaker != nil && d.Policy.Bulkhead == 4) || (m == None) != (d.Policy.Timeout == 0) {
			t.Errorf("%v: policy %+v", m, d.Policy)
		}
	}
}

// TestBreakerStateIsOneTruth: after the open wait, with no call since, the
// gauge, the live view and the log of transitions all say open (the gauge
// said half-open for a move the log gave only at the next call, up to the
// whole quiet spell later); the next call half-opens the breaker, and all
// three say so from then on.
func TestBreakerStateIsOneTruth(t *testing.T) {
	cfg := DefaultConfig(Protected)
	var logged []breaker.Transition
	a, err := newAPI(cfg, time.Now(), "http://127.0.0.1:1", func(tr breaker.Transition) { logged = append(logged, tr) })
	if err != nil {
		t.Fatal(err)
	}
	defer func() { a.halt(); a.pool.close() }()
	l := &Lab{Config: cfg, API: a}
	gauge := func() string {
		rec := httptest.NewRecorder()
		a.metrics.handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
		for _, line := range strings.Split(rec.Body.String(), "\n") {
			if strings.HasPrefix(line, MetricBreakerState+"{") {
				return line[strings.LastIndexByte(line, ' ')+1:]
			}
		}
		t.Fatalf("/metrics has no %s:\n%s", MetricBreakerState, rec.Body.String())
		return ""
	}
	check := func(when string, want breaker.State, gaugeWant string, transitions int) {
		t.Helper()
		st, ok := a.BreakerState()
		view := l.breakerSnapshot(a.now(), func(d time.Duration) time.Duration { return d }).State
		if !ok || st != want || view != want || gauge() != gaugeWant || len(logged) != transitions || len(a.Transitions()) != transitions {
			t.Errorf("%s: BreakerState %v, live view %v, gauge %s, %d transitions logged (%v); want %v, gauge %s, %d",
				when, st, view, gauge(), len(logged), logged, want, gaugeWant, transitions)
		}
		if transitions > 0 && logged[len(logged)-1].To != want {
			t.Errorf("%s: the last transition logged is to %v, but the state is %v", when, logged[len(logged)-1].To, want)
		}
	}
	check("at the start", breaker.Closed, "0", 0)
	for range BreakerMinimumCalls {
		p, err := a.brk.Allow(a.now())
		if err != nil {
			t.Fatal(err)
		}
		a.brk.Record(a.now(), p, breaker.Failure)
	}
	check("after the failures", breaker.Open, "1", 1)
	// The open wait runs out, and a second more, with no call.
	a.epoch = a.epoch.Add(-cfg.Scaled(BreakerOpenFor) - time.Second)
	check("after the open wait, before a call", breaker.Open, "1", 1)
	if _, err := a.brk.Allow(a.now()); err != nil {
		t.Fatalf("the first call after the wait was refused: %v", err)
	}
	check("at the first call after the wait", breaker.HalfOpen, "2", 2)
}
