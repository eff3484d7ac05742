package scenariofile

import (
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/ratelimit"
	"github.com/breakerlab/breakerlab/engine/shed"
	toml "github.com/pelletier/go-toml/v2"
)

// hops is a small valid file with services and tenants; the error cases
// below change one line of it, so their line numbers are easy to count.
const hops = `name = "hops"
duration = "10s"

[system]
workers = 8
tenants = ["acme", "globex"]

[[system.endpoints]]
name = "page"
rate = 20
calls = "orders"
tenants = { acme = 0.7, globex = 0.3 }

[[system.dependencies]]
name = "orders"
service = "orders"
policy = { timeout = "1s" }

[[system.services]]
name = "orders"
workers = 4
calls = "inventory"

[[system.services.dependencies]]
name = "inventory"
service = "inventory"

[[system.services]]
name = "inventory"
workers = 2
calls = "db"

[[system.services.dependencies]]
name = "db"
latency = { kind = "constant", value = "2ms" }
`

// line replaces line n (from 1) of doc.
func line(doc string, n int, with string) string {
	lines := strings.Split(doc, "\n")
	lines[n-1] = with
	return strings.Join(lines, "\n")
}

func TestParseServices(t *testing.T) {
	sc, err := Parse("hops.toml", []byte(hops))
	if err != nil {
		t.Fatal(err)
	}
	sys := sc.Variants[0].System
	if len(sys.Services) != 2 || sys.Dependencies[0].Service != "orders" || sys.Dependencies[0].Latency.Kind != 0 {
		t.Fatalf("services: %+v", sys)
	}
	orders := sys.Services[0]
	if orders.Workers != 4 || orders.Queue != 0 || orders.Instances != 0 || orders.Balancer != engine.RoundRobin || orders.Calls != "inventory" || orders.Work.Kind != 0 {
		t.Errorf("defaults: %+v", orders)
	}
	if d := sys.Services[1].Dependencies[0]; d.Name != "db" || d.Latency.Value != 2*time.Millisecond {
		t.Errorf("a service's leaf dependency: %+v", d)
	}
	want := []engine.TenantShare{{Tenant: "acme", Share: 0.7}, {Tenant: "globex", Share: 0.3}}
	if !reflect.DeepEqual(sys.Tenants, []string{"acme", "globex"}) || !reflect.DeepEqual(sys.Endpoints[0].Tenants, want) {
		t.Errorf("tenants: %v, shares %v", sys.Tenants, sys.Endpoints[0].Tenants)
	}
	if sys.Endpoints[0].Class != shed.Critical {
		t.Errorf("an endpoint without a class is %v, want critical", sys.Endpoints[0].Class)
	}
}

// TestSharesKeepTheFileOrder: an endpoint's tenants and a per-tenant
// bulkhead's own slots are slices in the engine, so written on one line they
// must keep the order they are written in, not the alphabet's.
func TestSharesKeepTheFileOrder(t *testing.T) {
	doc := line(hops, 12, `tenants = { globex = 0.25, acme = 0.75 }`)
	doc = line(doc, 17, `policy = { per_tenant_bulkhead = { own = { globex = 2, acme = 6 }, shared = 3 } }`)
	sc, err := Parse("hops.toml", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	sys := sc.Variants[0].System
	if got := sys.Endpoints[0].Tenants; got[0].Tenant != "globex" || got[1].Tenant != "acme" {
		t.Errorf("shares: %v", got)
	}
	tb := sys.Dependencies[0].Policy.TenantBulkhead
	if want := []engine.TenantSlots{{Tenant: "globex", Slots: 2}, {Tenant: "acme", Slots: 6}}; tb == nil || !reflect.DeepEqual(tb.Own, want) || tb.Shared != 3 {
		t.Errorf("per-tenant bulkhead: %+v", tb)
	}
}

// TestRateLimiterDefaults: a period limiter takes Resilience4j's defaults
// for what it leaves out; a bucket's per is a second and its burst its rate.
func TestRateLimiterDefaults(t *testing.T) {
	for _, c := range []struct {
		policy string
		want   engine.RateLimiterPolicy
	}{
		{`{ kind = "period" }`, engine.RateLimiterPolicy{Kind: engine.PeriodLimiter, Period: ratelimit.Resilience4jDefaults}},
		{`{ kind = "period", limit_for_period = 10, limit_refresh_period = "1s" }`, engine.RateLimiterPolicy{Kind: engine.PeriodLimiter,
			Period: ratelimit.PeriodConfig{LimitForPeriod: 10, LimitRefreshPeriod: time.Second, TimeoutDuration: 5 * time.Second}}},
		{`{ kind = "period", timeout_duration = "0s" }`, engine.RateLimiterPolicy{Kind: engine.PeriodLimiter,
			Period: ratelimit.PeriodConfig{LimitForPeriod: 50, LimitRefreshPeriod: 500 * time.Nanosecond}}},
		{`{ kind = "bucket", rate = 7 }`, engine.RateLimiterPolicy{Kind: engine.TokenBucketLimiter,
			Bucket: ratelimit.BucketConfig{Rate: 7, Per: time.Second, Burst: 7}}},
	} {
		doc := line(hops, 17, `policy = { ratelimiter = `+c.policy+` }`)
		sc, err := Parse("hops.toml", []byte(doc))
		if err != nil {
			t.Fatalf("%s: %v", c.policy, err)
		}
		got := sc.Variants[0].System.Dependencies[0].Policy.RateLimiter
		if got == nil || *got != c.want {
			t.Errorf("%s: got %+v, want %+v", c.policy, got, c.want)
			continue
		}
		// The dump writes every key, so a timeout of zero survives.
		text, err := Dump(sc)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Parse("hops.toml", text)
		if err != nil || !reflect.DeepEqual(back, sc) {
			t.Errorf("%s does not round-trip (%v):\n%s", c.policy, err, text)
		}
	}
}

// TestParseServiceErrors pins the messages for bad services, tenants, shed
// and rate limiter tables: the line, what was wrong and what is allowed.
func TestParseServiceErrors(t *testing.T) {
	variant := "\n[[variants]]\nname = \"v\"\n" // lines 36-38 after hops
	cases := []struct {
		name string
		doc  string
		line int
		want string
	}{
		{"a loop between services", line(hops, 35, `service = "orders"`), 35,
			`services form a loop: [system] → orders → inventory → orders (a service may not call itself, directly or through others)`},
		{"a service that calls itself", line(hops, 26, `service = "orders"`), 26,
			`services form a loop: [system] → orders → orders`},
		{"an unknown balancer", line(hops, 22, `balancer = "fastest"`), 22,
			`services "orders": unknown balancer "fastest" (allowed: round-robin, least-outstanding, random)`},
		{"a service edge with latency", line(hops, 17, `latency = { kind = "constant", value = "1ms" }`), 17,
			`dependencies "orders": it calls service "orders", so it takes no latency of its own (its time is the service's: its work, its pool and what it calls): remove latency`},
		{"a service time without an estimate", line(hops, 22, `shed = { max_wait = "1s", service_time = "20ms" }`), 22,
			`services "orders" shed: service_time starts the estimate of signal = "estimated"; the oldest-age signal measures the wait itself and takes none`},
		{"a service edge with faults", line(hops, 26, "service = \"inventory\"\nfaults = [{ kind = \"hang\", from = \"1s\" }]"), 27,
			`services "orders": dependencies "inventory": it calls service "inventory", so it takes no faults of its own (give the service faults of its own in its [[system.services]] section): remove faults`},
		{"shares that do not add up to 1", line(hops, 12, `tenants = { acme = 0.7, globex = 0.2 }`), 12,
			`endpoints "page": the tenants' shares must add up to 1, got 0.9`},
		{"a share above 1", line(hops, 12, `tenants = { acme = 1.5 }`), 12,
			`endpoints "page" tenants: "acme"'s share must be between 0 and 1, got 1.5`},
		{"a share written as a percentage", line(hops, 12, `tenants = { acme = 80, globex = 20 }`), 12,
			`endpoints "page" tenants: "acme"'s share must be between 0 and 1, got 80: for 80 %, write 0.8 or "80%"`},
		{"a service fault's probability written as a percentage", line(hops, 22, `faults = [{ kind = "error", from = "1s", probability = 50 }]`), 22,
			`services "orders" fault 1 (error): probability must be above 0 and up to 1, got 50: for 50 %, write 0.5 or "50%"`},
		{"an endpoint that names a service, not a dependency", line(hops, 11, `calls = "inventory"`), 11,
			`endpoints "page": calls "inventory", which is not a dependency (have: "orders"); "inventory" is a service, which an endpoint calls through a dependency: a [[system.dependencies]] with name = "inventory" and service = "inventory"`},
		// A fault has no name: the refusal of one written as a plain
		// table asked for one.
		{"a service's faults as a table, not a list", line(hops, 22, `faults = { kind = "hang", from = "1s" }`), 22,
			`services "orders": faults must be a list of tables, got a table: put it in a list, faults = [ { ... } ]`},
		{"a service's fault as a number", line(hops, 22, `faults = [3]`), 22,
			`services "orders": each of faults must be a table, such as { ... }, got the number 3`},
		// A dependency's key for a service's time: too far from work for a
		// spelling hint, and the list of keys alone left it to a guess.
		{"a service's time written as latency", line(hops, 22, `latency = { kind = "constant", value = "5ms" }`), 22,
			`unknown key "latency" in services "orders" (allowed: name, workers, queue, instances, balancer, work, calls, shed, faults, dependencies); did you mean "work"? (a service's own time per request is its work, as a dependency's is its latency)`},
		// Left out, the latency read as 0s, and the message said "got 0s",
		// a value the author never wrote.
		{"a slow service fault without a latency", line(hops, 22, `faults = [{ kind = "slow", from = "1s" }]`), 22,
			`services "orders" fault 1 (slow): a slow fault needs a latency, the time each request adds while the fault lasts, such as latency = "2s"`},
		{"a leaky rate limiter", line(hops, 17, `policy = { ratelimiter = { kind = "leaky", rate = 5 } }`), 17,
			`dependencies "orders" policy.ratelimiter: unknown rate limiter kind "leaky" (allowed: bucket, period)`},
		{"a bucket key in a period limiter", line(hops, 17, `policy = { ratelimiter = { kind = "period", rate = 5 } }`), 17,
			`unknown key "rate" in dependencies "orders" policy.ratelimiter (allowed: kind, limit_for_period, limit_refresh_period, timeout_duration)`},
		{"a bucket without tokens", line(hops, 17, `policy = { ratelimiter = { kind = "bucket", rate = 0 } }`), 17,
			`dependencies "orders" policy.ratelimiter: token bucket rate is 0; it must be at least 1 token per period`},
		{"a ratelimiter in the order but not in the policy", line(hops, 17, `policy = { order = ["retry", "breaker", "ratelimiter", "timeout", "bulkhead"] }`), 17,
			`order places "ratelimiter", but the policy has no ratelimiter`},
		{"calls that are not the service's", line(hops, 31, `calls = "database"`), 31,
			`services "inventory": calls "database", which is not one of its dependencies (have: "db")`},
		{"an edge to an unknown service", line(hops, 26, `service = "inventry"`), 26,
			`services "orders": dependencies "inventory": service "inventry", which is not one of [[system.services]] (have: "orders", "inventory")`},
		{"a service nobody calls", hops + "\n[[system.services]]\nname = \"audit\"\nworkers = 1\n", 38,
			`services "audit": nothing calls it: name it in a dependency's service = "audit", of [system] or of a service [system] calls`},
		{"a service named twice", hops + "\n[[system.services]]\nname = \"orders\"\nworkers = 1\n", 38,
			`services "orders": the name is used twice (first on line 20): give each service its own name`},
		{"a service without workers", line(hops, 30, ""), 28, `services "inventory" needs workers`},
		{"a misspelt service key", line(hops, 30, "worker = 2"), 30,
			`unknown key "worker" in services "inventory" (allowed: name, workers, queue, instances, balancer, work, calls, shed, faults, dependencies); did you mean "workers"?`},
		{"a fault of an instance that does not exist", line(hops, 22, "instances = 2\nfaults = [{ kind = \"down\", instance = 2, from = \"1s\", to = \"2s\" }]"), 23,
			`services "orders" fault 1: there is no instance 2: the service has 2, numbered 0 to 1 (leave instance out for a fault of all of them)`},
		{"an unknown service fault", line(hops, 22, `faults = [{ kind = "crash", from = "1s" }]`), 22,
			`services "orders" fault 1: unknown service fault "crash" (allowed: down, restart, hang, slow, error)`},
		{"a service fault wholly past the end of the run", line(hops, 22, `faults = [{ kind = "down", from = "12s", to = "14s" }]`), 22,
			`services "orders" fault 1 (down): a fault must start before the run ends (duration 10s), got from 12s`},
		{"a service fault written to end at 0s", line(hops, 22, `faults = [{ kind = "restart", from = "5s", to = "0s" }]`), 22,
			`services "orders" fault 1 (restart): a fault must start before it ends, got from 5s to 0s`},
		{"overlapping service faults", line(hops, 22, "faults = [\n{ kind = \"down\", instance = 0, from = \"1s\", to = \"4s\" },\n{ kind = \"hang\", from = \"3s\" },\n]"), 24,
			`services "orders" fault 2 (hang): it starts at 3s, before an earlier fault of the same instance ends at 4s`},
		{"a tenant the system does not have", line(hops, 12, `tenants = { acme = 0.7, initech = 0.3 }`), 12,
			`endpoints "page": tenant "initech" is not one of the system's tenants (have: "acme", "globex")`},
		{"a variant that drops the tenants", hops + variant + "tenants = []\n", 39,
			`variants "v": endpoints "page": tenant "acme" is not one of the system's tenants (have: none; list them in [system] tenants = [...])`},
		{"a tenant named twice", line(hops, 6, `tenants = ["acme", "acme"]`), 6, `tenants: "acme" is named twice`},
		{"an unknown class", line(hops, 12, `class = "urgent"`), 12,
			`endpoints "page": unknown request class "urgent" (allowed: critical, default, sheddable)`},
		{"shedding bounds the wrong way round", line(hops, 6, `shed = { max_wait = { critical = "100ms", default = "1s", sheddable = "50ms" } }`), 6,
			`[system] shed: shedding bound for default requests (1s) is longer than for critical requests (100ms); less important work must be shed first`},
		{"a shed table with a class missing", line(hops, 6, `shed = { max_wait = { critical = "1s" } }`), 6,
			`[system] shed max_wait needs all three classes: critical, default and sheddable`},
		{"a bound that is a number", line(hops, 6, `shed = { max_wait = 500 }`), 6,
			`[system] shed: max_wait must be one duration for every class, such as max_wait = "500ms", or one per class`},
		{"an estimate without a service time", line(hops, 22, `shed = { signal = "estimated", max_wait = "1s" }`), 22,
			`services "orders" shed: shedding by estimated wait needs a service time longer than zero, got 0s`},
		{"a burst past the end", line(hops, 12, `bursts = [{ from = "5s", to = "12s", rate = 100 }]`), 12,
			`endpoints "page" burst 1: it ends at 12s, past 10s, the latest a surge or burst of traffic may end: the run's traffic lasts 10s, and the drain after it takes no arrivals`},
		{"a burst's rate past the limit", line(hops, 12, `bursts = [{ from = "5s", to = "6s", rate = 2500000 }]`), 12,
			`endpoints "page" burst 1: rate must be between 0 and 1,000,000 requests per second, got 2,500,000`},
		{"a tenant's burst below the endpoint's rate", line(hops, 12, `bursts = [{ from = "5s", to = "6s", rate = 10, tenant = "acme" }]`), 12,
			`endpoints "page" burst 1: a tenant's burst adds that tenant's traffic to the endpoint's, so its rate (10) must be at least the endpoint's (20)`},
		{"a per-tenant bulkhead without tenants", line(line(line(hops, 6, ""), 12, ""), 17, `policy = { per_tenant_bulkhead = { default = 2 } }`), 17,
			`dependencies "orders": per_tenant_bulkhead gives tenants slots of their own, so it needs the system's tenants`},
		{"both bulkheads", line(hops, 17, `policy = { bulkhead = { size = 2 }, per_tenant_bulkhead = { default = 2 } }`), 17,
			`give a bulkhead or a per_tenant_bulkhead, not both`},
		{"a margin without propagation", line(hops, 17, `policy = { deadline_margin = "10ms" }`), 17,
			`deadline_margin is taken off a propagated deadline, so it needs propagate_deadline = true in the same policy`},
		{"an unknown cancel mode", line(hops, 17, `policy = { cancel = "abort" }`), 17,
			`unknown cancel mode "abort" (allowed: none, propagate)`},
		{"a bulkhead larger than the service's pool", line(hops, 35, `latency = { kind = "constant", value = "2ms" }`+"\n"+`policy = { bulkhead = { size = 3 } }`), 36,
			`services "inventory": dependencies "db": the bulkhead's size 3 is larger than the service's pool (workers = 2, line 30)`},
		{"a variant's service pool smaller than its bulkhead", line(hops, 35, `latency = { kind = "constant", value = "2ms" }`+"\n"+`policy = { bulkhead = { size = 2 } }`) + variant + "[variants.services.inventory]\nworkers = 1\n", 41,
			`variants "v": services "inventory": dependencies "db": the bulkhead's size 2 is larger than the service's pool (workers = 1, line 41)`},
		{"an override of a service that does not exist", hops + variant + "[variants.services.payments]\nworkers = 1\n", 39,
			`variants "v": there is no service "payments" in [system] to change (have: "orders", "inventory")`},
		{"an override of a service's dependency that does not exist", hops + variant + "[variants.services.inventory.dependencies.database]\npolicy = {}\n", 39,
			`variants "v": there is no dependency "database" of service "inventory" to change (have: "db")`},
		{"a service edge given latency in a variant", hops + variant + "[variants.services.orders.dependencies.inventory]\nlatency = { kind = \"constant\", value = \"1ms\" }\n", 40,
			`variants "v": services "orders": dependencies "inventory": it calls service "inventory", so it takes no latency of its own`},
		{"an override of a service's name", hops + variant + "[variants.services.orders]\nname = \"x\"\n", 40,
			`unknown key "name" in variants "v": services "orders" (allowed: workers, queue, instances, balancer, work, calls, shed, faults, dependencies)`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("hops.toml", []byte(c.doc))
			if err == nil {
				t.Fatalf("no error for:\n%s", c.doc)
			}
			var fe *Error
			if !errors.As(err, &fe) || !errors.Is(err, ErrInvalid) {
				t.Fatalf("error is not a located *Error wrapping ErrInvalid: %T %v", err, err)
			}
			if fe.Line != c.line {
				t.Errorf("got line %d, want %d (%v)", fe.Line, c.line, err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q\ndoes not contain %q", err, c.want)
			}
		})
	}
}

// TestServiceDepthLimit builds a chain one hop longer than the engine
// simulates: the error names the chain at the edge that goes too deep.
func TestServiceDepthLimit(t *testing.T) {
	var b strings.Builder
	b.WriteString("duration = \"1s\"\n[system]\nworkers = 1\n[[system.endpoints]]\nname = \"e\"\nrate = 1\ncalls = \"s0\"\n[[system.dependencies]]\nname = \"s0\"\nservice = \"s0\"\n")
	for i := range engine.MaxDepth + 1 {
		b.WriteString("[[system.services]]\nname = \"s" + string(rune('0'+i)) + "\"\nworkers = 1\n")
		if i < engine.MaxDepth {
			n := "s" + string(rune('0'+i+1))
			b.WriteString("[[system.services.dependencies]]\nname = \"" + n + "\"\nservice = \"" + n + "\"\n")
		}
	}
	_, err := Parse("deep.toml", []byte(b.String()))
	if err == nil || !strings.Contains(err.Error(), "services call each other 9 deep ([system] → s0 → s1 → s2 → s3 → s4 → s5 → s6 → s7 → s8); at most 8 hops are simulated") {
		t.Fatalf("got %v", err)
	}
	if !strings.HasPrefix(err.Error(), "deep.toml:") || strings.HasPrefix(err.Error(), "deep.toml: ") {
		t.Errorf("no line: %v", err)
	}
}

// TestMultiHopExample reads engine/SERVICES-DESIGN.md's multi-hop scenario
// and checks what each hop and variant got.
func TestMultiHopExample(t *testing.T) {
	data, err := os.ReadFile("testdata/examples/multi-hop.toml")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := Parse("multi-hop.toml", data)
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.Variants) != 2 {
		t.Fatalf("variants: %d", len(sc.Variants))
	}
	own, propagated := sc.Variants[0].System, sc.Variants[1].System
	if len(own.Services) != 2 || own.Services[0].Name != "orders" || own.Services[1].Calls != "database" ||
		own.Services[1].Work != (engine.Latency{Kind: engine.Constant, Value: 2 * time.Millisecond}) {
		t.Errorf("services: %+v", own.Services)
	}
	if f := own.Services[1].Dependencies[0].Faults; len(f) != 1 || f[0].Latency != 3*time.Second {
		t.Errorf("the database's fault: %+v", f)
	}
	want := engine.Policy{Timeout: time.Second, PropagateDeadline: true, DeadlineMargin: 10 * time.Millisecond, Cancel: engine.CancelPropagate}
	edges := []engine.Policy{propagated.Dependencies[0].Policy, propagated.Services[0].Dependencies[0].Policy, propagated.Services[1].Dependencies[0].Policy}
	for i, p := range edges {
		if !reflect.DeepEqual(p, want) {
			t.Errorf("propagated edge %d: %+v", i, p)
		}
	}
	if own.Services[0].Dependencies[0].Policy.PropagateDeadline {
		t.Error("the first variant's edges changed too")
	}

	// The design's example error: inventory calls a dependency it does not
	// have, reported at the calls line with the names it has.
	bad := strings.Replace(string(data), `name = "database"`, `name = "db"`, 1)
	at := 1 + strings.Count(bad[:strings.Index(bad, `calls = "database"`)], "\n")
	_, err = Parse("multi-hop.toml", []byte(bad))
	want2 := fmt.Sprintf(`multi-hop.toml:%d: services "inventory": calls "database", which is not one of its dependencies (have: "db")`, at)
	if err == nil || err.Error() != want2 {
		t.Errorf("got  %v\nwant %s", err, want2)
	}
}

// TestNoisyNeighbourExample reads the tenants, shedding and rate limiter
// example.
func TestNoisyNeighbourExample(t *testing.T) {
	data, err := os.ReadFile("testdata/examples/noisy-neighbour.toml")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := Parse("noisy-neighbour.toml", data)
	if err != nil {
		t.Fatal(err)
	}
	base := sc.Variants[0].System
	if !reflect.DeepEqual(base.Tenants, []string{"acme", "globex", "initech"}) {
		t.Errorf("tenants: %v", base.Tenants)
	}
	ms := time.Millisecond
	if base.Shed == nil || base.Shed.Signal != shed.OldestAge || base.Shed.MaxWait != [shed.NumClasses]time.Duration{2000 * ms, 500 * ms, 100 * ms} {
		t.Errorf("shed: %+v", base.Shed)
	}
	checkout, recs := base.Endpoints[0], base.Endpoints[1]
	if checkout.Class != shed.Critical || recs.Class != shed.Sheddable {
		t.Errorf("classes: %v, %v", checkout.Class, recs.Class)
	}
	if want := []engine.Burst{{From: 10 * time.Second, To: 20 * time.Second, Rate: 400, Tenant: "globex"}}; !reflect.DeepEqual(checkout.Bursts, want) {
		t.Errorf("bursts: %+v", checkout.Bursts)
	}
	if want := []engine.TenantShare{{Tenant: "acme", Share: 0.5}, {Tenant: "globex", Share: 0.3}, {Tenant: "initech", Share: 0.2}}; !reflect.DeepEqual(checkout.Tenants, want) {
		t.Errorf("shares: %+v", checkout.Tenants)
	}
	pt := sc.Variants[1].System.Dependencies[0].Policy
	if pt.Bulkhead != 0 || pt.TenantBulkhead == nil || len(pt.TenantBulkhead.Own) != 3 || pt.TenantBulkhead.SharedPerTenant != 1 {
		t.Errorf("per-tenant bulkhead: %+v", pt)
	}
	bucket := sc.Variants[2].System.Dependencies[0].Policy
	if bucket.RateLimiter == nil || bucket.RateLimiter.Bucket != (ratelimit.BucketConfig{Rate: 150, Per: time.Second, Burst: 30}) {
		t.Errorf("bucket: %+v", bucket.RateLimiter)
	}
	if got := engine.OrderWithLimiter(&bucket); !reflect.DeepEqual(got, []engine.Layer{engine.LayerRetry, engine.LayerBreaker, engine.LayerRateLimiter, engine.LayerTimeout, engine.LayerBulkhead}) {
		t.Errorf("without an order the limiter sits right inside the breaker: %v", got)
	}
	period := sc.Variants[3].System.Dependencies[0].Policy.RateLimiter
	if period == nil || period.Period != (ratelimit.PeriodConfig{LimitForPeriod: 15, LimitRefreshPeriod: 100 * ms}) {
		t.Errorf("period: %+v", period)
	}
}

// TestEngineRulesGetALine: a rule only engine.Scenario.Validate knows (here
// the bound on a variant's requests) is reported at the variant that breaks
// it, or at [system] when the file has no variants.
func TestEngineRulesGetALine(t *testing.T) {
	doc := strings.Replace(base, `duration = "10s"`, `duration = "24h"`, 1)
	doc = strings.Replace(doc, "rate = 20", "rate = 1", 1)
	if _, err := Parse("mine.toml", []byte(doc)); err != nil {
		t.Fatal(err)
	}
	fast := doc + "\n[[variants]]\nname = \"slow\"\n\n[[variants]]\nname = \"fast\"\n[variants.endpoints.checkout]\nrate = 1000\n"
	_, err := Parse("mine.toml", []byte(fast))
	if err == nil || !strings.HasPrefix(err.Error(), `mine.toml:21: the scenario is not valid: variant "fast" expects about 86,400,000 requests`) {
		t.Errorf("got %v", err)
	}
	_, err = Parse("mine.toml", []byte(strings.Replace(doc, "rate = 1", "rate = 1000", 1)))
	if err == nil || !strings.HasPrefix(err.Error(), `mine.toml:4: the scenario is not valid: variant "default" expects about`) {
		t.Errorf("got %v", err)
	}
}

// TestSchemaSnippets: every ```toml block of SCHEMA.md is valid TOML, and
// each one-line shed, ratelimiter and per_tenant_bulkhead example parses
// when put in a file, so the reference cannot drift from the parser.
func TestSchemaSnippets(t *testing.T) {
	doc, err := os.ReadFile("SCHEMA.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := strings.Split(string(doc), "```toml\n")[1:]
	if len(blocks) < 5 {
		t.Fatalf("only %d toml blocks", len(blocks))
	}
	for _, b := range blocks {
		block, _, _ := strings.Cut(b, "```")
		var m map[string]any
		if toml.Unmarshal([]byte(block), &m) == nil {
			continue
		}
		// A block of alternatives sets one key several times: each line
		// must be TOML on its own.
		for _, l := range strings.Split(block, "\n") {
			var m map[string]any
			if err := toml.Unmarshal([]byte(l), &m); err != nil {
				t.Errorf("not TOML: %v\n%s", err, l)
			}
		}
	}
	checked := 0
	for _, l := range strings.Split(string(doc), "\n") {
		l, _, _ = strings.Cut(l, "  #")
		var file string
		switch {
		case strings.HasPrefix(l, "shed = {"):
			file = line(hops, 6, `tenants = ["acme", "globex"]`+"\n"+l)
		case strings.HasPrefix(l, "ratelimiter = {"), strings.HasPrefix(l, "per_tenant_bulkhead = {"):
			file = line(hops, 17, "policy = { "+l+" }")
		case strings.HasPrefix(l, "policy = {"):
			file = line(hops, 17, l)
		default:
			continue
		}
		checked++
		if _, err := Parse("snippet.toml", []byte(file)); err != nil {
			t.Errorf("%s: %v", l, err)
		}
	}
	if checked < 5 {
		t.Errorf("only %d snippets checked", checked)
	}
}
