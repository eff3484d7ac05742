package scenariofile

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pelletier/go-toml/v2"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// maxFuzzRequests bounds the work of one fuzz input: scenarios whose traffic
// (arrivals times attempts, over every variant) could exceed it are parsed
// and dumped but not run.
const maxFuzzRequests = 20_000

// The engine's own estimate (engine.EstimateCost) bounds the rest of a run's
// work, so that every input the fuzzer keeps is fast and it keeps exploring:
// a scenario with few requests can still ask for many events (services
// calling services), a long timeline of samples, or a great deal of memory.
const (
	maxFuzzEvents   = 100_000
	maxFuzzBytes    = 16 << 20
	maxFuzzDuration = 10 * time.Minute
)

// cheapToRun says whether the fuzz targets run a parsed scenario.
func cheapToRun(sc *engine.Scenario) bool {
	if requests(sc) > maxFuzzRequests || sc.Duration > maxFuzzDuration {
		return false
	}
	c := engine.EstimateCost(sc)
	return c.Requests <= maxFuzzRequests && c.Events <= maxFuzzEvents && c.Bytes <= maxFuzzBytes
}

// FuzzParse feeds the parser any bytes. Nothing may panic; a rejected file
// gets an *Error; an accepted one dumps, parses back to the same scenario,
// and runs.
func FuzzParse(f *testing.F) {
	for _, b := range scenarios.All() {
		text, err := Dump(b.Build())
		if err != nil {
			f.Fatal(err)
		}
		f.Add(text)
	}
	for _, sink := range []*engine.Scenario{kitchenSink(), tasksKitchenSink()} {
		if text, err := Dump(sink); err == nil {
			f.Add(text)
		}
	}
	examples, _ := filepath.Glob("testdata/examples/*.toml")
	for _, p := range examples {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, broken := range []string{
		base,
		base[:len(base)/2],
		strings.Replace(base, "workers = 8", "wokers = 8", 1),
		strings.Replace(base, "rate = 20", "rate = -3", 1),
		strings.Replace(base, "rate = 20", "rate = nan", 1),
		strings.Replace(base, `duration = "10s"`, `duration = "-10s"`, 1),
		base + "faults = [{ kind = \"slow\", from = \"5s\", to = \"2s\", latency = \"3s\" }]\n",
		base + "\n[[variants]]\nname = \"v\"\nworkers = 1\n[variants.endpoints.nope]\nrate = 1\n",
		base + "\n[[variants]]\nname = \"v\"\n[variants.dependencies.payment]\npolicy = { bulkhead = { size = 99 } }\n",
		"[[system.endpoints]]\n[[system.endpoints]]\nname = 3\n",
		"a = { b = [ { c = 1 }, 2 ] }\n[[a.d]]\n",
		"\"\\u0000\" = 1\n",
		hops,
		line(hops, 35, `service = "orders"`),
		line(hops, 22, `balancer = "fastest"`),
		line(hops, 17, `policy = { ratelimiter = { kind = "leaky", rate = 5 } }`),
		line(hops, 12, `tenants = { acme = 0.7, globex = 0.2 }`),
		line(hops, 22, "instances = 2\nfaults = [{ kind = \"restart\", instance = 1, from = \"1s\", to = \"2s\" }]"),
		hops + "\n[[variants]]\nname = \"v\"\ntenants = []\nshed = {}\n[variants.services.orders]\nwork = {}\n[variants.services.inventory.dependencies.db]\npolicy = { timeout = \"1s\", cancel = \"propagate\" }\n",
		// Shared breakers (sharedbreaker_test.go): a group, and a group
		// whose members' breakers differ.
		gateway,
		strings.Replace(gateway, "window_size = 10", "window_size = 11", 1),
	} {
		f.Add([]byte(broken))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !smallAsks(data) {
			t.Skip("asks for more than a fuzz input may")
		}
		checkParse(t, data)
	})
}

// Bounds on what a FuzzParse input may ask for. Parse builds every variant
// (engine.New) to prove it can start, and that work grows with the pool
// sizes, instances, windows and timelines the file asks for; one input
// asking for a million workers kept the fuzzer minimizing it for minutes.
// Inputs beyond these bounds are skipped, so that each input takes
// milliseconds and the fuzzer keeps exploring. The seeds stay within them
// (TestSeedsAreWithinTheFuzzBounds); FuzzFields covers large numbers.
const (
	maxFuzzNumber    = 2000
	maxFuzzTimeValue = 10 * time.Minute
	maxFuzzArray     = 64
	maxFuzzBytesIn   = 32 << 10
)

// smallAsks says whether every number, duration and list in a TOML input is
// within the fuzz bounds. Input that is not TOML passes: Parse rejects it
// quickly.
func smallAsks(data []byte) bool {
	if len(data) > maxFuzzBytesIn {
		return false
	}
	var doc map[string]any
	if toml.Unmarshal(data, &doc) != nil {
		return true
	}
	return withinBounds(doc)
}

func withinBounds(v any) bool {
	switch v := v.(type) {
	case map[string]any:
		if len(v) > maxFuzzArray {
			return false
		}
		for _, x := range v {
			if !withinBounds(x) {
				return false
			}
		}
	case []any:
		if len(v) > maxFuzzArray {
			return false
		}
		for _, x := range v {
			if !withinBounds(x) {
				return false
			}
		}
	case []map[string]any:
		if len(v) > maxFuzzArray {
			return false
		}
		for _, x := range v {
			if !withinBounds(x) {
				return false
			}
		}
	case int64:
		return v >= -maxFuzzNumber && v <= maxFuzzNumber
	case float64:
		return !(v > maxFuzzNumber || v < -maxFuzzNumber)
	case string:
		if d, err := time.ParseDuration(v); err == nil {
			return d <= maxFuzzTimeValue && d >= -maxFuzzTimeValue
		}
	}
	return true
}

// checkParse is the fuzz targets' property: nothing panics; a rejected file
// gets a located *Error; an accepted one dumps, parses back to the same
// scenario, dumps to the same text, and runs (when its traffic is small).
func checkParse(t *testing.T, data []byte) {
	sc, err := Parse("fuzz.toml", data)
	if err != nil {
		var fe *Error
		if !errors.As(err, &fe) || fe.File != "fuzz.toml" || !errors.Is(err, ErrInvalid) || fe.Err.Error() == "" {
			t.Fatalf("Parse error is not a located *Error: %#v", err)
		}
		return
	}
	text, err := Dump(sc)
	if err != nil {
		t.Fatalf("a parsed scenario does not dump: %v", err)
	}
	back, err := Parse("fuzz.toml", text)
	if err != nil {
		t.Fatalf("a dump does not parse: %v\n%s", err, text)
	}
	if !reflect.DeepEqual(sc, back) {
		t.Fatalf("Parse(Dump(sc)) differs from sc:\n%+v\n%+v\n%s", sc, back, text)
	}
	if again, err := Dump(back); err != nil || !bytes.Equal(again, text) {
		t.Fatalf("the dump is not stable (%v):\n%s\n---\n%s", err, text, again)
	}
	if !cheapToRun(sc) {
		return
	}
	if _, err := engine.RunAll(sc, 1); err != nil {
		t.Fatalf("a parsed scenario does not run: %v", err)
	}
}

// requests bounds the calls a scenario can make: arrivals in its duration
// times the most attempts a request may make, summed over variants.
func requests(sc *engine.Scenario) float64 {
	secs := sc.Duration.Seconds()
	total := 0.0
	for _, v := range sc.Variants {
		attempts := 1
		for _, d := range v.System.Dependencies {
			if r := d.Policy.Retry; r != nil {
				attempts = max(attempts, r.Attempts+1) // +1: a wait for the breaker
			}
		}
		for _, e := range v.System.Endpoints {
			n := e.Rate * secs
			if e.Interval > 0 {
				n = float64(sc.Duration/e.Interval) + 1
				if e.Interval < time.Microsecond {
					n = 1e18
				}
			}
			total += n * float64(attempts)
		}
	}
	return total
}

// FuzzFields writes a scenario file from fuzzed numbers and names, so that
// most inputs are valid files: it reaches the checks past the syntax and,
// through them, the engine. The properties are FuzzParse's.
func FuzzFields(f *testing.F) {
	f.Add(uint16(16), int32(-1), 20.0, int64(0), int64(3e9), uint8(2), int64(80e6), int64(200e6),
		uint8(1), int64(5e8), int64(35e8), int64(10e9), 0.5,
		int64(5e8), int64(0), uint16(4), uint8(0), int64(0), uint16(0),
		uint16(10), uint16(10), 0.5, int64(1e9), uint8(3), uint8(0), 0.0, int64(0), uint8(0),
		uint8(1), int64(0), int64(0), uint8(0), uint8(0), uint8(3))
	f.Fuzz(func(t *testing.T, workers uint16, queue int32, rate float64, interval, patience int64, latKind uint8, lat1, lat2 int64,
		faultKind uint8, from, to, faultLat int64, prob float64,
		timeout, deadline int64, bulkhead uint16, bulkheadKind uint8, bulkheadWait int64, bulkheadQueue uint16,
		window, minCalls uint16, failureRate float64, openFor int64, trials uint8, windowKind uint8, slowRate float64, slowDur int64, consecutive uint8,
		attempts uint8, backoffBase, backoffMax int64, budget uint8, order uint8, fallback uint8) {
		d := func(ns int64) string { return formatDuration(time.Duration(ns)) }
		var b strings.Builder
		q := FormatQueue(int(queue))
		if queue < 0 {
			q = `"unbounded"`
		}
		fmt.Fprintf(&b, "duration = \"6s\"\n[system]\nworkers = %d\nqueue = %s\n", workers, q)
		arrival := "rate = " + formatFloat(rate)
		if interval != 0 {
			arrival = "interval = " + d(interval)
		}
		fmt.Fprintf(&b, "[[system.endpoints]]\nname = \"e\"\n%s\ncalls = \"d\"\npatience = %s\n", arrival, d(patience))
		fmt.Fprintf(&b, "[[system.endpoints]]\nname = \"probe\"\ninterval = \"250ms\"\n")
		latency := []string{
			fmt.Sprintf("{ kind = \"exponential\", mean = %s }", d(lat1)),
			fmt.Sprintf("{ kind = \"constant\", value = %s }", d(lat1)),
			fmt.Sprintf("{ kind = \"lognormal\", p50 = %s, p99 = %s }", d(lat1), d(lat2)),
		}[int(latKind)%3]
		fault := []string{
			fmt.Sprintf("{ kind = \"hang\", from = %s, to = %s }", d(from), d(to)),
			fmt.Sprintf("{ kind = \"slow\", from = %s, to = %s, latency = %s }", d(from), d(to), d(faultLat)),
			fmt.Sprintf("{ kind = \"error\", from = %s, to = %s, probability = %s }", d(from), d(to), formatFloat(prob)),
			fmt.Sprintf("{ kind = \"hang\", from = %s }", d(from)),
			fmt.Sprintf("{ kind = \"unreachable\", from = %s, to = %s }", d(from), d(to)),
		}[int(faultKind)%5]
		fmt.Fprintf(&b, "[[system.dependencies]]\nname = \"d\"\nlatency = %s\nfaults = [%s]\n", latency, fault)
		fmt.Fprintf(&b, "[system.dependencies.policy]\ntimeout = %s\ndeadline = %s\n", d(timeout), d(deadline))
		orders := [][]string{
			{"retry", "breaker", "timeout", "bulkhead"}, {"breaker", "retry", "timeout", "bulkhead"},
			{"bulkhead", "timeout", "breaker", "retry"}, {"timeout", "retry", "bulkhead", "breaker"},
		}
		if order%5 < 4 {
			fmt.Fprintf(&b, "order = [\"%s\"]\n", strings.Join(orders[order%5], `", "`))
		}
		if bulkheadKind%2 == 0 {
			fmt.Fprintf(&b, "bulkhead = { size = %d, wait = %s }\n", bulkhead, d(bulkheadWait))
		} else {
			fmt.Fprintf(&b, "bulkhead = { size = %d, kind = \"thread-pool\", queue = %d }\n", bulkhead, bulkheadQueue)
		}
		withBreaker := windowKind%3 != 2
		if withBreaker {
			fmt.Fprintf(&b, "fallback = %q\n", []string{"none", "cached", "default", "fail-fast", "queue"}[fallback%5])
			b.WriteString("[system.dependencies.policy.breaker]\n")
			if windowKind%3 == 0 {
				fmt.Fprintf(&b, "window_size = %d\n", window)
			} else {
				fmt.Fprintf(&b, "window_span = \"%ds\"\n", window%120+1)
			}
			fmt.Fprintf(&b, "minimum_calls = %d\nfailure_rate = %s\nopen_for = %s\nhalf_open_trials = %d\n",
				minCalls, formatFloat(failureRate), d(openFor), trials)
			fmt.Fprintf(&b, "slow_call_rate = %s\nslow_call_duration = %s\nmax_consecutive_failures = %d\nhalf_open_rule = %q\n",
				formatFloat(slowRate), d(slowDur), consecutive, []string{"first-failure", "window"}[trials%2])
		}
		if attempts > 0 {
			fmt.Fprintf(&b, "[system.dependencies.policy.retry]\nattempts = %d\nbackoff = { base = %s, max = %s }\nbudget = %q\nwait_for_breaker = %v\nretry_bulkhead_full = %v\n",
				attempts, d(backoffBase), d(backoffMax), []string{"none", "token-bucket", "concurrency"}[budget%3], budget%2 == 0 && withBreaker, budget%4 == 1)
		}
		checkParse(t, []byte(b.String()))
	})
}

// FuzzServices writes a file with services, tenants, shedding and rate
// limiters from fuzzed numbers, so that most inputs pass the syntax and
// reach the checks that join parts (tenants, instances, loops). The
// properties are FuzzParse's.
func FuzzServices(f *testing.F) {
	f.Add(uint16(4), uint16(3), uint8(1), uint8(1), int64(5e6), uint8(1), int8(2), int64(1e9), int64(2e9),
		uint8(1), int64(2e9), int64(5e8), int64(1e8), int64(2e7), 0.7, int64(1e9), int64(2e9), 40.0,
		uint8(0), uint16(50), int64(1e9), uint16(10), int64(0), uint8(3), uint8(2), uint8(4), uint8(1),
		uint8(1), true, int64(1e7), uint8(2), false)
	f.Fuzz(func(t *testing.T, workers, instances uint16, balancer, workKind uint8, work int64, faultKind uint8, faultInst int8, from, to int64,
		signal uint8, mw1, mw2, mw3, serviceTime int64, share float64, burstFrom, burstTo int64, burstRate float64,
		limKind uint8, limRate uint16, limPer int64, limBurst uint16, limWait int64, own, def, shared, perTenant uint8,
		cancel uint8, propagate bool, margin int64, class uint8, loop bool) {
		d := func(ns int64) string { return formatDuration(time.Duration(ns)) }
		var b strings.Builder
		shedTable := fmt.Sprintf("{ max_wait = { critical = %s, default = %s, sheddable = %s } }", d(mw1), d(mw2), d(mw3))
		if signal%3 == 1 {
			shedTable = fmt.Sprintf("{ signal = \"estimated\", max_wait = %s, service_time = %s }", d(mw1), d(serviceTime))
		} else if signal%3 == 2 {
			shedTable = "{}"
		}
		fmt.Fprintf(&b, "duration = \"5s\"\n[system]\nworkers = 8\ntenants = [\"acme\", \"globex\"]\nshed = %s\n", shedTable)
		fmt.Fprintf(&b, "[[system.endpoints]]\nname = \"e\"\nrate = 20\ncalls = \"front\"\nclass = %q\n", []string{"critical", "default", "sheddable", "urgent"}[class%4])
		fmt.Fprintf(&b, "tenants = { globex = %s, acme = %s }\n", formatFloat(share), formatFloat(1-share))
		fmt.Fprintf(&b, "bursts = [{ from = %s, to = %s, rate = %s, tenant = \"globex\" }]\n", d(burstFrom), d(burstTo), formatFloat(burstRate))
		limiter := fmt.Sprintf("{ kind = \"bucket\", rate = %d, per = %s, burst = %d, max_wait = %s }", limRate, d(limPer), limBurst, d(limWait))
		if limKind%3 == 1 {
			limiter = fmt.Sprintf("{ kind = \"period\", limit_for_period = %d, limit_refresh_period = %s, timeout_duration = %s }", limRate, d(limPer), d(limWait))
		} else if limKind%3 == 2 {
			limiter = fmt.Sprintf("{ kind = \"period\", limit_for_period = %d }", limRate)
		}
		fmt.Fprintf(&b, "[[system.dependencies]]\nname = \"front\"\nservice = \"a\"\n[system.dependencies.policy]\ntimeout = \"1s\"\nratelimiter = %s\n", limiter)
		fmt.Fprintf(&b, "per_tenant_bulkhead = { own = { globex = %d }, default = %d, shared = %d, shared_per_tenant = %d }\n", own, def, shared, perTenant)
		fmt.Fprintf(&b, "cancel = %q\npropagate_deadline = %v\ndeadline_margin = %s\n", []string{"none", "propagate", "abort"}[cancel%3], propagate, d(margin))
		workTable := []string{"{}", fmt.Sprintf("{ kind = \"constant\", value = %s }", d(work)), fmt.Sprintf("{ kind = \"exponential\", mean = %s }", d(work))}[workKind%3]
		fault := fmt.Sprintf("{ kind = %q, instance = %d, from = %s, to = %s }", []string{"down", "restart", "hang"}[faultKind%3], faultInst, d(from), d(to))
		if faultInst < 0 {
			fault = fmt.Sprintf("{ kind = %q, from = %s }", []string{"down", "restart", "hang"}[faultKind%3], d(from))
		}
		fmt.Fprintf(&b, "[[system.services]]\nname = \"a\"\nworkers = %d\ninstances = %d\nbalancer = %q\nwork = %s\ncalls = \"b\"\nfaults = [%s]\n",
			workers, instances, []string{"round-robin", "least-outstanding", "random"}[balancer%3], workTable, fault)
		fmt.Fprintf(&b, "[[system.services.dependencies]]\nname = \"b\"\nservice = \"b\"\npolicy = { timeout = \"500ms\" }\n")
		fmt.Fprintf(&b, "[[system.services]]\nname = \"b\"\nworkers = 2\n")
		if loop {
			b.WriteString("[[system.services.dependencies]]\nname = \"back\"\nservice = \"a\"\n")
		}
		fmt.Fprintf(&b, "[[variants]]\nname = \"base\"\n[[variants]]\nname = \"v\"\nshed = {}\n[variants.services.a]\nbalancer = \"random\"\nfaults = []\n")
		fmt.Fprintf(&b, "[variants.services.a.dependencies.b]\npolicy = { timeout = \"1s\", propagate_deadline = true, cancel = \"propagate\" }\n")
		checkParse(t, []byte(b.String()))
	})
}

// The built-in scenarios and the example files, FuzzParse's seeds, are
// within the bounds a fuzz input may ask for, so that every seed is fuzzed.
func TestSeedsAreWithinTheFuzzBounds(t *testing.T) {
	for _, b := range scenarios.All() {
		text, err := Dump(b.Build())
		if err != nil {
			t.Fatal(err)
		}
		if !smallAsks(text) {
			t.Errorf("the dump of %s asks for more than a fuzz input may", b.Name)
		}
	}
	examples, _ := filepath.Glob("testdata/examples/*.toml")
	for _, p := range examples {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !smallAsks(data) {
			t.Errorf("%s asks for more than a fuzz input may", p)
		}
	}
}
