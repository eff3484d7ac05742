package lab

import (
	"fmt"
	"io"
	"math"
	"runtime"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
)

// Tasks is the Go server's measured record under run's key "tasks", with
// the keys that mean the same there: the threads its goroutines ran on
// (GOMAXPROCS), the most request goroutines alive at once, and the
// protected mode's semaphore. The loop's busy share and the memory are
// the simulation's only: the lab's process also runs the provider and
// the load, so its own CPU and memory would not be the API's.
type Tasks struct {
	Threads int                       `json:"threads"`
	LiveMax int                       `json:"live_max"`
	Permits map[string]report.Permits `json:"permits,omitempty"`
}

// SimulationHead names the engine's run behind each variant's simulated
// object: the scenario, the seed, and its window in the reference's time,
// as `breakerlab run` would give it (the simulated objects' own times are
// scaled to the wall, wallVariant).
type SimulationHead struct {
	Scenario string   `json:"scenario"`
	Seed     uint64   `json:"seed"`
	WindowMS [2]int64 `json:"window_ms"`
}

// wallVariant is the engine's variant with its durations multiplied by
// the scale: the wall times the measured side beside it is in, as the
// table's simulated row scales its own. Left in the reference's time, a
// wait of 7.4 s (simulated, at --scale 0.25) read against the measured
// 1.87 s for the same wait. Its maps are copied: the engine's report is
// the run's and stays in the reference's time.
func wallVariant(v report.Variant, scale float64) report.Variant {
	if scale == 1 {
		return v
	}
	wall := func(ms float64) float64 { return math.Round(ms*scale*1000) / 1000 }
	v.Endpoints = mapValues(v.Endpoints, func(e report.Endpoint) report.Endpoint {
		e.LatencyMS = report.Latency{P50: wall(e.LatencyMS.P50), P95: wall(e.LatencyMS.P95), P99: wall(e.LatencyMS.P99)}
		return e
	})
	dep := func(d report.Dependency) report.Dependency { d.InFlightMaxAtMS = wall(d.InFlightMaxAtMS); return d }
	v.Dependencies = mapValues(v.Dependencies, dep)
	v.Transitions = append(make([]report.Transition, 0, len(v.Transitions)), v.Transitions...)
	for i := range v.Transitions {
		v.Transitions[i].AtMS = wall(v.Transitions[i].AtMS)
	}
	v.Services = mapValues(v.Services, func(sv report.Service) report.Service {
		sv.WastedWorkMS, sv.Dependencies = wall(sv.WastedWorkMS), mapValues(sv.Dependencies, dep)
		return sv
	})
	if v.Tasks != nil {
		t := *v.Tasks
		t.LoopLagMaxMS, t.LoopLagMeanMS = wall(t.LoopLagMaxMS), wall(t.LoopLagMeanMS)
		v.Tasks = &t
	}
	v.Pools = mapValues(v.Pools, func(p report.Pool) report.Pool {
		p.WaitMeanMS, p.WaitMaxMS = wall(p.WaitMeanMS), wall(p.WaitMaxMS)
		return p
	})
	return v
}

// mapValues is a copy of in with f applied to each value; nil stays nil,
// so a key run leaves out (omitempty) stays out.
func mapValues[K comparable, V any](in map[K]V, f func(V) V) map[K]V {
	if in == nil {
		return nil
	}
	out := make(map[K]V, len(in))
	for k, v := range in {
		out[k] = f(v)
	}
	return out
}

// transportPool is the name the Go server's Transport has in the report,
// as the engine's go-server scenario names its pool.
const transportPool = "transport"

// GoPool is the Go server's measured Transport under "pools": run's keys,
// meaning what they mean there (in_use_max the most connections held by a
// call or being dialled, as the simulated variant's and the live view's),
// and open_max, the most connections open at once, idle ones included:
// what the Transport keeps beside those in use, which the engine's pool
// counts apart (its idle) and which a connection closed on a deadline
// can take past the cap for a moment. wait_mean_ms and wait_max_ms are
// wall times, as the simulated pool's beside them are (wallVariant):
// divide by the report's scale for the reference's.
type GoPool struct {
	report.Pool
	OpenMax int `json:"open_max"`
}

// addGo adds the Go server's measured goroutines, permits and connections
// and its simulation to a variant of the report.
func addGo(r *Report, v *Variant, res Result) {
	if res.Config.Server != Go {
		return
	}
	g := res.Go
	v.Tasks = &Tasks{Threads: runtime.GOMAXPROCS(0), LiveMax: g.LiveMax}
	if res.Config.Mode == Protected {
		v.Tasks.Permits = map[string]report.Permits{Dependency: {Size: res.Config.Bulkhead, InUseMax: g.PermitsMax, WaitingMax: g.PermitWaitingMax, Refusals: res.BulkheadFull}}
	}
	v.Pools = map[string]GoPool{transportPool: {Pool: report.Pool{
		Kind: engine.ClientPool.String(), PerHost: g.MaxConnsPerHost, InUseMax: g.InUseMax, DiallingMax: g.DiallingMax, WaitingMax: g.WaitingMax,
		GaveUpWaiting: g.GaveUp, Acquired: g.Acquired, Waited: g.Waited, WaitMeanMS: millis(g.WaitMean), WaitMaxMS: millis(g.WaitMax),
		Dials: g.Dials, DialFailures: g.DialFailures, Closed: g.Closed,
	}, OpenMax: g.OpenMax}}
	if res.Sim == nil || len(res.Sim.Report.Variants) == 0 {
		return
	}
	sv := wallVariant(res.Sim.Report.Variants[0], res.Config.Scale)
	v.Simulated = &sv
	if r.Simulation == nil {
		r.Simulation = &SimulationHead{Scenario: res.Sim.Report.Scenario, Seed: res.Sim.Report.Seed, WindowMS: res.Sim.Report.WindowMS}
	}
}

// goRow is one line of the Go server's table, measured or simulated.
type goRow struct {
	name                           string
	healthFailed, healthTotal      int
	healthP50, healthP95           string
	ok, refused, failed, total     int
	inFlightMax, liveMax, connsMax int
}

// healthFail and checkoutFail are the row's two "fail" cells, failed of
// total.
func (g goRow) healthFail() string   { return fmt.Sprintf("%d/%d", g.healthFailed, g.healthTotal) }
func (g goRow) checkoutFail() string { return fmt.Sprintf("%d/%d", g.failed, g.total) }

// goLayout is the widths of the table's columns that vary: the mode's
// name, the two "fail" cells, and the gap before the provider's calls.
type goLayout struct{ nameW, healthW, failW, gap int }

// layoutGo fits the table to 80 columns where it can. The fail cells
// take 5 and 6 columns and two spaces part /checkout from the provider;
// at 40 req/s the checkouts' "116/120" needs 7, and the extra column is
// taken from the /health cell's room ("0/12" needs 4), then from the gap,
// down to one space. A fixed 6 ran that row to 81 columns, which an
// 80-column terminal broke in two.
func layoutGo(nameW int, rows []goRow) goLayout {
	l := goLayout{nameW: nameW, healthW: 5, failW: 6, gap: 2}
	healthLeast := len("fail")
	for _, g := range rows {
		healthLeast = max(healthLeast, len(g.healthFail()))
		l.failW = max(l.failW, len(g.checkoutFail()))
	}
	l.healthW = max(l.healthW, healthLeast)
	over := l.width() - 80
	for ; over > 0 && l.healthW > healthLeast; over-- {
		l.healthW--
	}
	for ; over > 0 && l.gap > 1; over-- {
		l.gap--
	}
	return l
}

// width is a row's columns under l.
func (l goLayout) width() int {
	return l.nameW + 2 + l.healthW + 1 + 7 + 1 + 7 + 2 + 3 + 1 + 3 + 1 + l.failW + l.gap + 5 + 1 + 4 + 1 + 4
}

func (g goRow) write(b *strings.Builder, l goLayout) {
	// The latencies' columns are a cell wider than their widest text
	// ("600 µs"), so two spaces part them, as the numbers in them have one.
	fmt.Fprintf(b, "%-*s  %*s %7s %7s  %3d %3d %*s%*s%5d %4d %4d\n", l.nameW, g.name,
		l.healthW, g.healthFail(), g.healthP50, g.healthP95,
		g.ok, g.refused, l.failW, g.checkoutFail(), l.gap, "", g.inFlightMax, g.liveMax, g.connsMax)
}

// measuredRow is a run's line as its clients and the API measured it.
func measuredRow(r Result) goRow {
	h, k := r.Health, r.Checkout
	return goRow{name: r.Variant, healthFailed: h.Failed(), healthTotal: h.Total, healthP50: latencyCell(h.P50, h.P50GaveUp), healthP95: latencyCell(h.P95, h.P95GaveUp),
		ok: k.OK, refused: k.Unavailable, failed: k.Failed(), total: k.Total,
		inFlightMax: r.InFlightMax, liveMax: r.Go.LiveMax, connsMax: r.Go.InUseMax}
}

// simulatedRow is the engine's line for the same setup, its times scaled
// as the run's were so that the two read alike.
func simulatedRow(r Result) (goRow, bool) {
	if r.Sim == nil {
		return goRow{}, false
	}
	s := &r.Sim.Snapshot
	row := goRow{name: "  simulated"}
	for i := range s.Endpoints {
		e := &s.Endpoints[i]
		w := e.Window
		switch e.Name {
		case EndpointHealth:
			row.healthFailed, row.healthTotal = int(w[engine.Failed]), int(w.Total())
			row.healthP50, row.healthP95 = report.LatencyShort(r.Config.Scaled(e.P50)), report.LatencyShort(r.Config.Scaled(e.P95))
		case EndpointCheckout:
			row.ok, row.refused, row.failed, row.total = int(w[engine.OK]), int(w[engine.Rejected]), int(w[engine.Failed]), int(w.Total())
		}
	}
	if len(s.Dependencies) > 0 {
		row.inFlightMax = s.Dependencies[0].InFlightMax
	}
	if s.Tasks != nil {
		row.liveMax = s.Tasks.LiveMax
	}
	if len(s.Pools) > 0 {
		row.connsMax = s.Pools[0].InUseMax
	}
	return row, true
}

// writeGoTable prints the Go server's table: per mode the measured line
// and the engine's beside it, then what the Transport and the semaphore
// did, the stalls and the breaker's transitions. It fits 80 columns.
func writeGoTable(w io.Writer, results []Result) error {
	var b strings.Builder
	c := results[0].Config
	writeTableHead(&b, results, "a Go server")
	fmt.Fprintf(&b, "the API: a goroutine per request, an http.Transport with MaxConnsPerHost %d\n", c.ConnsPerHost)
	if results[0].Sim != nil {
		// The model is built here from checkout and go-server, not a
		// built-in scenario: naming it as one sent readers to
		// `breakerlab run` with a name it does not know.
		// "A tasks server" was the engine's word for what the reader
		// knows as the Go server: the model is named by what it models.
		b.WriteString(report.Wrap(fmt.Sprintf("simulated: the engine's model of the same setup, seed %d, times ×%s: a Go server (a goroutine per request) made from the checkout and go-server scenarios, not a built-in scenario (--format json has each simulated row in full, as its variant's \"simulated\")", c.Seed, trimFloat(c.Scale)), 80, 0))
	}
	b.WriteString("\n")
	nameW := len("  simulated")
	for _, r := range results {
		nameW = max(nameW, len(r.Variant))
	}
	var rows []goRow
	for _, r := range results {
		rows = append(rows, measuredRow(r))
		if row, ok := simulatedRow(r); ok {
			rows = append(rows, row)
		}
	}
	l := layoutGo(nameW, rows)
	fmt.Fprintf(&b, "%-*s  %-*s  %-*s%*s%s\n", nameW, "", l.healthW+16, "/health", 8+l.failW, "/checkout", l.gap, "", "provider   Go")
	fmt.Fprintf(&b, "%-*s  %*s %7s %7s  %3s %3s %*s%*s%5s %4s %4s\n", nameW, "mode", l.healthW, "fail", "p50", "p95", "ok", "503", l.failW, "fail", l.gap, "", "calls", "live", "conn")
	for _, row := range rows {
		row.write(&b, l)
	}
	// Wrapped to the table's 80 columns: the waits' widths vary with the
	// scale ("2 s", "667 ms").
	b.WriteString("\n" + report.Wrap(fmt.Sprintf("fail: no answer in time (/health's client waits %s, /checkout's %s) or an error; calls: the most calls the provider held at once; live: the most request goroutines alive at once; conn: the most connections in use at once, carrying a call or being dialled, on both rows and in the live view (idle ones are not in use; --format json has the most open, idle ones included, as open_max)",
		report.LatencyShort(c.Scaled(DefaultHealthGiveUp)), report.LatencyShort(c.Scaled(DefaultCheckoutWait))), 80, 0))
	b.WriteString(gaveUpLegend(results, c.Scaled(DefaultHealthGiveUp)))
	if results[0].Sim != nil {
		b.WriteString(arrivalsLegend)
		b.WriteString(healthLegend(results[0]))
	}
	b.WriteString("\n")
	for _, r := range results {
		g := r.Go
		// A call whose connection is being dialled is in use (conn), not
		// waiting, on both rows. The figure is a count at one instant,
		// which "most ... at once" left to be read as a time; it counts
		// the engine's waiting calls (GoStats.WaitingMax), those parked
		// with the cap reached, not a call handed an idle connection a
		// moment after it came, and the simulated one stands beside it.
		worst := fmt.Sprintf("%s: calls waiting for a connection with all %d in use, at the worst instant: %d", r.Variant, g.MaxConnsPerHost, g.WaitingMax)
		if r.Sim != nil && len(r.Sim.Snapshot.Pools) > 0 {
			worst += fmt.Sprintf(" (simulated %d)", r.Sim.Snapshot.Pools[0].WaitingMax)
		}
		b.WriteString(report.Wrap(worst, 80, 4))
		// Wrapped: at 40 req/s three-figure counts ran it to 82 columns.
		// The wait is the engine's (GoStats): it ends as the call is
		// handed a connection or a dial of its own starts, so a dial is
		// no part of it.
		waits := fmt.Sprintf("  %d came with all %d in use and waited", g.Waited, g.MaxConnsPerHost)
		if g.Waited > 0 {
			waits += fmt.Sprintf(" %s on average, %s at most (from the call's start to a connection or its dial's start)",
				report.LatencyShort(g.WaitMean), report.LatencyShort(g.WaitMax))
		}
		b.WriteString(report.Wrap(fmt.Sprintf("%s; %d gave up waiting, %d closed on a deadline", waits, g.GaveUp, g.Closed), 80, 4))
		if r.Sim != nil && len(r.Sim.Snapshot.Pools) > 0 {
			// The engine's waits beside the measured ones, scaled as the
			// simulated row's times are: the same wait in one time.
			p := &r.Sim.Snapshot.Pools[0]
			sim := fmt.Sprintf("  simulated: %d waited", p.Waited)
			if p.Waited > 0 {
				sim += fmt.Sprintf(" %s on average, %s at most", report.LatencyShort(r.Config.Scaled(p.WaitMean)), report.LatencyShort(r.Config.Scaled(p.WaitMax)))
			}
			b.WriteString(report.Wrap(sim, 80, 4))
		}
		if r.Config.Mode == Protected {
			fmt.Fprintf(&b, "  semaphore: at most %d of %d permits held, %d waiting; %d refused\n", g.PermitsMax, r.Config.Bulkhead, g.PermitWaitingMax, r.BulkheadFull)
			// The engine's beside it, as the connections' waits have
			// theirs: alone, the measured line left no figure to hold
			// it against.
			if p, ok := simPermits(r); ok {
				fmt.Fprintf(&b, "  simulated: at most %d of %d permits held, %d waiting; %d refused\n", p.InUseMax, p.Size, p.WaitingMax, p.Refusals)
			}
		}
	}
	writeTableTail(&b, results)
	_, err := io.WriteString(w, b.String())
	return err
}

// simPermits is the simulated run's record of the payment semaphore, if it
// has one.
func simPermits(r Result) (report.Permits, bool) {
	if r.Sim == nil || len(r.Sim.Report.Variants) == 0 || r.Sim.Report.Variants[0].Tasks == nil {
		return report.Permits{}, false
	}
	p, ok := r.Sim.Report.Variants[0].Tasks.Permits[Dependency]
	return p, ok
}

// arrivalsLegend says how the simulated row's load is the measured row's:
// SimScenario sends /checkout at the load tool's beat (schedule), so the
// counts are equal and a peak differs only where two events tie. Random
// arrivals at the same rate read 16 connections (the cap) against the
// beat's 11, which looked like a fault of the model or of the measure.
var arrivalsLegend = report.Wrap("simulated: the engine sends /checkout and /health at the load tool's fixed intervals, so both rows count the same requests; a peak may differ by one where a call's deadline and the next arrival fall on the same instant (the engine ends the call first, a real timer fires a moment late)", 80, 0)

// healthLegend says why the simulated /health times are a fraction of the
// measured ones ("" when the model has no /health): the engine's time is
// spent inside the server, its handler's CPU on the loop and any wait for
// it, where the load tool times a whole HTTP round trip on loopback. Side
// by side, 20 µs simulated against 489 µs measured read as a model wrong
// twentyfold, with nothing said.
func healthLegend(r Result) string {
	if r.Sim == nil || r.Sim.Scenario == nil || len(r.Sim.Scenario.Variants) == 0 {
		return ""
	}
	for _, e := range r.Sim.Scenario.Variants[0].System.Endpoints {
		if e.Name == EndpointHealth && e.CPU > 0 {
			return report.Wrap(fmt.Sprintf("/health p50 and p95: simulated, the time inside the server (the handler's %s of CPU on the loop, and any wait for the loop); measured, the load tool's whole HTTP round trip on loopback, the kernel and both ends' net/http included, so it is longer",
				report.LatencyShort(r.Config.Scaled(e.CPU))), 80, 0)
		}
	}
	return ""
}
