package sweepui

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/lessons"
)

// builtinSweeps is a 20 × 20 sweep of every built-in scenario over two
// knobs its variant really has (the ones its lesson or its design turns),
// measured on its first endpoint that calls something: the grids issue 28
// asks to finish in under half a second each on 3 seeds and 2 cores.
var builtinSweeps = []struct {
	name     string
	scenario string
	variant  int // counting from 0
	x, y     string
	measure  string
}{
	{"cascade/bulkhead-timeout", "cascade", 1, "recommendations.bulkhead=5..60:20", "recommendations.timeout=100ms..5s:20", "search.ok"},
	{"cascade/workers-timeout", "cascade", 0, "workers=100..400:20", "recommendations.timeout=100ms..5s:20", "search.ok"},
	{"cascade/workers-queue", "cascade", 0, "workers=100..400:20", "queue=0..400:20", "search.ok"},
	{"cascade/fault-start", "cascade", 1, "recommendations.fault.from=5s..15s:20", "recommendations.timeout=100ms..5s:20", "search.ok"},
	{"cascade/breaker", "cascade", 2, "recommendations.breaker.failure_rate=0.1..0.9:20", "recommendations.breaker.open=1s..20s:20", "recommendations.ok"},
	{"breaker-timeline/breaker", "breaker-timeline", 0, "dependency.breaker.window=4..40:20", "dependency.breaker.open=1s..30s:20", "caller.ok"},
	{"checkout/bulkhead-timeout", "checkout", 4, "payment.bulkhead=1..16:16", "payment.timeout=100ms..2s:20", "checkout.ok"},
	{"checkout/workers-rate", "checkout", 1, "workers=8..40:20", "checkout.rate=5..60:20", "checkout.ok"},
	{"multi-hop/hop-timeouts", "multi-hop", 1, "orders.timeout=200ms..3s:20", "orders/inventory.timeout=100ms..2s:20", "order-page.ok"},
	{"multi-hop/service-workers", "multi-hop", 1, "inventory.workers=8..64:20", "orders.workers=50..400:20", "order-page.ok"},
	{"fleet-probes/provider-timeout", "fleet-probes", 1, "api/provider.timeout=100ms..2s:20", "api.workers=10..40:20", "page.ok"},
	{"api-gateway/bulkhead-timeout", "api-gateway", 0, "search-api.bulkhead=5..60:20", "search-api.timeout=100ms..5s:20", "users.ok"},
	{"api-gateway/shared-breaker", "api-gateway", 1, "search-api.bulkhead=5..60:20", "search-api.timeout=100ms..5s:20", "users.ok"},
	{"rate-limit-vs-bulkhead/limiter", "rate-limit-vs-bulkhead", 1, "partner-catalog.ratelimiter.limit_for_period=5..100:20", "catalog.workers=10..40:20", "search.ok"},
	{"rate-limit-vs-bulkhead/bulkheads", "rate-limit-vs-bulkhead", 2, "partner-catalog.bulkhead=5..60:20", "search-catalog.bulkhead=5..60:20", "search.ok"},
	{"rate-limit-vs-bulkhead/service-shedding", "rate-limit-vs-bulkhead", 3, "catalog.shed.max_wait=10ms..500ms:20", "catalog.workers=10..40:20", "search.ok"},
	{"noisy-tenant/tenant-bulkhead", "noisy-tenant", 1, "database.per_tenant_bulkhead.default=5..60:20", "workers=30..120:20", "checkout.ok"},
	{"noisy-tenant/shedding", "noisy-tenant", 2, "shed.max_wait.default=20ms..600ms:20", "workers=30..120:20", "checkout.ok"},
	{"async-cascade/semaphore", "async-cascade", 1, "search-api.bulkhead=5..60:20", "search-api.timeout=100ms..5s:20", "profile.ok"},
	{"go-server/transport", "go-server", 1, "transport.per_host=5..100:20", "payments.timeout=100ms..5s:20", "orders.ok"},
	{"go-server/permit-wait", "go-server", 1, "payments.bulkhead_wait=10ms..500ms:20", "payments.bulkhead=10..100:20", "checkout.ok"},
	{"go-server/memory", "go-server", 0, "tasks.memory.per_task_kib=16..256:20", "tasks.memory.limit_mib=128..1024:20", "checkout.ok"},
	{"event-loop-stall/threads", "event-loop-stall", 1, "tasks.threads=1..40:20", "report-db.timeout=100ms..5s:20", "search.ok"},
	{"go-inventory/hop-timeouts", "go-inventory", 2, "inventory.timeout=200ms..3s:20", "inventory/database.timeout=50ms..2s:20", "product.ok"},
	{"go-inventory/service-workers", "go-inventory", 1, "inventory.workers=8..64:20", "transport.per_host=5..100:20", "product.ok"},
	{"go-inventory/database-slowness", "go-inventory", 1, "inventory/database.fault.latency=100ms..3s:20", "inventory/database.timeout=50ms..2s:20", "product.ok"},
	{"go-inventory/patience", "go-inventory", 1, "product.patience=300ms..4s:20", "inventory.timeout=200ms..3s:20", "product.ok"},
	{"api-gateway/patience", "api-gateway", 0, "search.patience=200ms..3s:20", "search-api.timeout=100ms..2s:20", "search.ok"},
	{"multi-hop/patience-deadlines", "multi-hop", 2, "order-page.patience=300ms..4s:20", "orders.timeout=100ms..2s:20", "order-page.ok"},
}

// BenchmarkSweep20x20Builtins sweeps each of builtinSweeps on 3 seeds,
// 1,200 runs (fewer for a shorter axis), on every core. Each sub-benchmark
// reports its runs a second and the share of runs forked (engine's
// ForkInto). For instructions, run it under valgrind --tool=callgrind with
// GOMAXPROCS=1 (one worker), as the README describes for the engine.
// It runs under the sweep command's soft limit on the heap (sweep's
// MemoryLimit, unless GOMEMLIMIT says otherwise), so that its seconds,
// the collections' included, are what `breakerlab sweep` takes.
func BenchmarkSweep20x20Builtins(b *testing.B) {
	defer sweep.LimitMemory()()
	for _, bs := range builtinSweeps {
		b.Run(bs.name, func(b *testing.B) {
			builtin, ok := scenarios.Lookup(bs.scenario)
			if !ok {
				b.Fatalf("no built-in scenario %s", bs.scenario)
			}
			axes := make([]sweep.Axis, 2)
			for k, spec := range []string{bs.x, bs.y} {
				ax, err := sweep.ParseVary(spec)
				if err != nil {
					b.Fatal(err)
				}
				axes[k] = ax
			}
			m, err := sweep.ParseMetric(bs.measure, builtin.Build(), bs.variant)
			if err != nil {
				b.Fatal(err)
			}
			runs, forks := 0, 0
			var work [sweep.NumStarts]sweep.WorkRow
			for b.Loop() {
				p := &sweep.Plan{Build: builtin.Build, Variant: bs.variant, Axes: axes, Seeds: []uint64{5, 6, 7}, Measure: m, Set: lessons.SetKnob}
				if err := p.Prepare(); err != nil {
					b.Fatal(err)
				}
				res, err := Run(context.Background(), p, 0, nil)
				if err != nil {
					b.Fatal(err)
				}
				runs += res.Runs
				forks += p.Forks()
				for k, w := range p.Work() {
					work[k].Runs += w.Runs
					work[k].Events += w.Events
					work[k].WholeEvents += w.WholeEvents
					work[k].Time += w.Time
					work[k].WholeTime += w.WholeTime
					work[k].Begin += w.Begin
				}
			}
			b.ReportMetric(float64(runs)/b.Elapsed().Seconds(), "runs/s")
			b.ReportMetric(float64(forks)/float64(runs), "forked/run")
			var sim, whole int64
			for _, w := range work {
				sim += w.Events
				whole += w.WholeEvents
			}
			b.ReportMetric(float64(sim)/float64(whole), "simulated/whole")
			b.Log(workTable(work[:]))
		})
	}
}

// workTable is one line per kind of start with runs: how many, where they
// started on average, and the share of their whole runs' events and
// virtual time they simulated.
func workTable(work []sweep.WorkRow) string {
	var sb strings.Builder
	for k, w := range work {
		if w.Runs == 0 {
			continue
		}
		fmt.Fprintf(&sb, "\n  %-10s %5d runs, from %6.2fs on average, simulated %5.1f%% of their events (%5.0f of %5.0f a run), %5.1f%% of their time",
			sweep.Start(k), w.Runs, (w.Begin / time.Duration(w.Runs)).Seconds(),
			100*float64(w.Events)/float64(max(w.WholeEvents, 1)), float64(w.Events)/float64(w.Runs), float64(w.WholeEvents)/float64(w.Runs),
			100*float64(w.Time)/float64(max(w.WholeTime, 1)))
	}
	return sb.String()
}
