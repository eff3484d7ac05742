package lab

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/charmbracelet/x/ansi"
)

// Report is `lab checkout --format json`: the same object as `run --format
// json` (scenario, seed, window_ms, variants with endpoints' outcomes and
// latency_ms, dependencies' in_flight_max, transitions with at_ms), so a
// script compares the real runs with the simulated ones; the lab adds the
// HTTP statuses behind the outcomes and how each run was measured.
type Report struct {
	Scenario string    `json:"scenario"`
	Seed     uint64    `json:"seed"`
	WindowMS [2]int64  `json:"window_ms"`
	Variants []Variant `json:"variants"`
	// Server is the API's server: threads or go. Simulation names the
	// engine's run each variant's simulated object comes from (the Go
	// server's), in the reference's time.
	Server     string          `json:"server"`
	Simulation *SimulationHead `json:"simulation,omitempty"`
	// Live marks a measured report; Scale is the factor every duration was
	// multiplied by and every rate divided by (times in the report are
	// wall times, the simulated objects' included; a variant gives its
	// rate both ways).
	Live  bool    `json:"live"`
	Scale float64 `json:"scale"`
	// Interrupted marks a run stopped (ctrl+c) before every mode was
	// measured: Variants holds the modes finished, NotMeasured names the
	// others.
	Interrupted bool     `json:"interrupted,omitempty"`
	NotMeasured []string `json:"not_measured,omitempty"`
}

// Variant is one mode's measured run.
//
// RatePerS is the checkout rate in the reference's time, as --rate and the
// variant's name give it and as the simulated run has it; WallRatePerS is
// the rate the clients sent on the wall, RatePerS divided by the scale.
// At --scale 0.3 the two are 20 and 66.667: the report's other times are
// wall times, so a reader dividing counts by window_ms wants the second,
// and one comparing with the simulation the first.
type Variant struct {
	Name         string                       `json:"name"`
	Mode         string                       `json:"mode"`
	RatePerS     float64                      `json:"rate_per_s"`
	WallRatePerS float64                      `json:"wall_rate_per_s"`
	Endpoints    map[string]Endpoint          `json:"endpoints"`
	Dependencies map[string]report.Dependency `json:"dependencies"`
	Transitions  []report.Transition          `json:"transitions"`
	Attempts     int                          `json:"attempts"`
	StallMS      float64                      `json:"stall_ms"`
	Stalled      bool                         `json:"stalled"`
	// The Go server's (goreport.go): its goroutines and permits, its
	// Transport's connections, and the engine's run of the same setup in
	// run's own variant object, its times multiplied by the scale to the
	// wall times the measured figures are in (wallVariant).
	Tasks     *Tasks            `json:"tasks,omitempty"`
	Pools     map[string]GoPool `json:"pools,omitempty"`
	Simulated *report.Variant   `json:"simulated,omitempty"`
}

// Endpoint is run's endpoint object plus the statuses the clients saw:
// "200", "503", "504", other codes, "timeout" (the client gave up) and
// "error" (no answer at all). A client that gave up counts in latency_ms
// at its patience, as run counts it; latency_gave_up names the
// percentiles ("p50", "p95", "p99") that fell on such a client, whose
// figure is then a time the request took at least, not one it was
// answered in.
type Endpoint struct {
	report.Endpoint
	Statuses      map[string]int `json:"statuses"`
	LatencyGaveUp []string       `json:"latency_gave_up,omitempty"`
}

// gaveUpPercentiles names c's percentiles that fell on a client that gave
// up, as latency_gave_up lists them (nil when none did).
func (c Counts) gaveUpPercentiles() []string {
	var out []string
	for _, p := range []struct {
		name   string
		gaveUp bool
	}{{"p50", c.P50GaveUp}, {"p95", c.P95GaveUp}, {"p99", c.P99GaveUp}} {
		if p.gaveUp {
			out = append(out, p.name)
		}
	}
	return out
}

// latencyCell is a table's cell for a client-seen percentile. One that
// fell on a client that gave up is its patience, no latency the server
// had, so it is marked as a bound: "≥ 2 s", within the column's 7 cells
// ("≥667 ms" where the space would not fit). Written "2 s" it read as
// /health answering in the load's give-up time.
func latencyCell(d time.Duration, gaveUp bool) string {
	t := report.LatencyShort(d)
	if !gaveUp {
		return t
	}
	if ansi.StringWidth(t) >= 6 {
		return "≥" + t
	}
	return "≥ " + t
}

// gaveUpLegend says what a "≥" latency cell means, "" when no row of the
// table shows one; patience is /health's.
func gaveUpLegend(results []Result, patience time.Duration) string {
	for _, r := range results {
		if r.Health.P50GaveUp || r.Health.P95GaveUp {
			return report.Wrap(fmt.Sprintf("p50 or p95 %s: that percentile's client gave up after %s, so the request took at least that and its latency is not known (--format json lists such percentiles in latency_gave_up)",
				latencyCell(patience, true), report.LatencyShort(patience)), 80, 0)
		}
	}
	return ""
}

// outcomes maps the statuses onto the engine's outcomes: a 503 was refused
// before any work (rejected, as the engine counts a fail-fast fallback);
// every other failure, the clients that gave up included, failed.
func (c Counts) outcomes() map[string]uint64 {
	return map[string]uint64{"ok": uint64(c.OK), "fallback": 0, "rejected": uint64(c.Unavailable), "failed": uint64(c.Failed())}
}

func (c Counts) statuses(samples []Sample, endpoint string, from, to time.Duration) map[string]int {
	m := map[string]int{}
	for _, s := range samples {
		if s.Endpoint != endpoint || s.At < from || s.At >= to {
			continue
		}
		switch {
		case s.GaveUp:
			m["timeout"]++
		case s.Err:
			m["error"]++
		default:
			m[strconv.Itoa(s.Status)]++
		}
	}
	return m
}

// wallRate is the checkout requests a second c's clients send on the
// wall (Interval's inverse), to three decimals as the report's
// milliseconds are.
func wallRate(c Config) float64 { return math.Round(c.Rate/c.Scale*1000) / 1000 }

func millis(d time.Duration) float64 { return math.Round(float64(d)/float64(time.Microsecond)) / 1000 }

// turnedAway is the calls the bulkhead refused at once, as the engine's
// bulkhead_full counts them: those that waited for a slot in vain are the
// permits' refusals only (the Go server's "refusals", full and waited out
// together), and the simulated object beside a Go run counts them so.
func (r Result) turnedAway() uint64 {
	return r.BulkheadFull - min(r.BulkheadWaitedOut, r.BulkheadFull)
}

// BuildReport gathers measured runs into the JSON object.
func BuildReport(results []Result) Report {
	r := Report{Scenario: "checkout", Live: true, Variants: []Variant{}, Server: Threads.String()}
	if len(results) > 0 {
		c := results[0].Config
		r.Seed, r.Scale, r.Server = c.Seed, c.Scale, c.Server.String()
		r.WindowMS = [2]int64{results[0].From.Milliseconds(), results[0].To.Milliseconds()}
	}
	for _, res := range results {
		v := Variant{
			Name: res.Variant, Mode: res.Config.Mode.String(), RatePerS: res.Config.Rate, WallRatePerS: wallRate(res.Config),
			Endpoints:    map[string]Endpoint{},
			Dependencies: map[string]report.Dependency{Dependency: {InFlightMax: res.InFlightMax, InFlightMaxAtMS: millis(res.InFlightMaxAt), Calls: res.Calls, ShortCircuited: res.ShortCircuited, BulkheadFull: res.turnedAway()}},
			Transitions:  []report.Transition{},
			Attempts:     res.Attempts, StallMS: millis(res.Stall), Stalled: res.Stalled,
		}
		for _, e := range []struct {
			name string
			c    Counts
		}{{EndpointHealth, res.Health}, {EndpointCheckout, res.Checkout}} {
			v.Endpoints[e.name] = Endpoint{
				Endpoint:      report.Endpoint{Outcomes: e.c.outcomes(), LatencyMS: report.Latency{P50: millis(e.c.P50), P95: millis(e.c.P95), P99: millis(e.c.P99)}},
				Statuses:      e.c.statuses(res.Samples, e.name, res.From, res.To),
				LatencyGaveUp: e.c.gaveUpPercentiles(),
			}
		}
		for _, t := range res.Transitions {
			v.Transitions = append(v.Transitions, report.Transition{AtMS: millis(t.At), Breaker: Dependency, From: t.From.String(), To: t.To.String(), Reason: t.Reason()})
		}
		addGo(&r, &v, res)
		r.Variants = append(r.Variants, v)
	}
	return r
}

// WriteJSON writes the report as one indented object.
func WriteJSON(w io.Writer, results []Result) error {
	return WriteReport(w, BuildReport(results))
}

// WriteReport writes a built report as WriteJSON does: one indented object.
func WriteReport(w io.Writer, r Report) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return fmt.Errorf("encoding the report: %w", err)
	}
	return nil
}

// WriteTable prints the reference's table: per mode, /health's timeouts
// and percentiles, /checkout's outcomes, the provider's in-flight maximum;
// then each breaker's transitions with their times. It fits 80 columns.
func WriteTable(w io.Writer, results []Result) error {
	if len(results) == 0 {
		return nil
	}
	if results[0].Config.Server == Go {
		return writeGoTable(w, results)
	}
	var b strings.Builder
	c := results[0].Config
	writeTableHead(&b, results, fmt.Sprintf("%d workers", c.Workers))
	b.WriteString("\n")

	nameW := len("mode")
	for _, r := range results {
		nameW = max(nameW, len(r.Variant))
	}
	fmt.Fprintf(&b, "%-*s  %-21s  %-19s  %s\n", nameW, "", "/health", "/checkout", " provider")
	fmt.Fprintf(&b, "%-*s  %5s %7s %7s  %3s %3s %3s %7s  %9s\n", nameW, "mode", "t/o", "p50", "p95", "ok", "503", "504", "t/o", "max calls")
	other := false
	for _, r := range results {
		h, k := r.Health, r.Checkout
		fmt.Fprintf(&b, "%-*s  %5s %7s %7s  %3d %3d %3d %7s  %9d\n", nameW, r.Variant,
			fmt.Sprintf("%d/%d", h.GaveUp, h.Total), latencyCell(h.P50, h.P50GaveUp), latencyCell(h.P95, h.P95GaveUp),
			k.OK, k.Unavailable, k.GatewayTimeout, fmt.Sprintf("%d/%d", k.GaveUp, k.Total), r.InFlightMax)
		other = other || k.OtherStatus+k.Errors+h.OtherStatus+h.Errors > 0
	}
	// Wrapped to the table's 80 columns: the waits' widths vary with the
	// scale ("2 s", "667 ms").
	b.WriteString("\n" + report.Wrap(fmt.Sprintf("t/o: the client gave up (/health after %s, /checkout after %s); max calls: the most calls the provider held at once, the abandoned ones included",
		report.LatencyShort(c.Scaled(DefaultHealthGiveUp)), report.LatencyShort(c.Scaled(DefaultCheckoutWait))), 80, 0))
	b.WriteString(gaveUpLegend(results, c.Scaled(DefaultHealthGiveUp)))
	if other {
		b.WriteString("\nother failures (a status the table has no column for, or no answer):\n")
		for _, r := range results {
			if n := r.Checkout.OtherStatus + r.Checkout.Errors + r.Health.OtherStatus + r.Health.Errors; n > 0 {
				fmt.Fprintf(&b, "  %s: /checkout %d, /health %d\n", r.Variant, r.Checkout.OtherStatus+r.Checkout.Errors, r.Health.OtherStatus+r.Health.Errors)
			}
		}
	}
	writeTableTail(&b, results)
	_, err := io.WriteString(w, b.String())
	return err
}

// writeTableHead writes what the runs share: where, which server, the
// scale, the provider's faults and the window counted.
func writeTableHead(b *strings.Builder, results []Result, server string) {
	c := results[0].Config
	fmt.Fprintf(b, "checkout on real sockets (%s), %s", c.Listen, server)
	if c.Scale != 1 {
		fmt.Fprintf(b, ", every duration ×%s", trimFloat(c.Scale))
	}
	b.WriteString("\n")
	var faults []string
	for _, f := range c.Faults {
		faults = append(faults, f.String())
	}
	// Wrapped to the table's 80 columns (several faults ran past them),
	// each line after the first under the first fault.
	const faultsLabel = "provider faults (in the reference's time): "
	b.WriteString(report.Wrap(faultsLabel+orNone(strings.Join(faults, ", ")), 80, len(faultsLabel)))
	// What the notation means, a line a fault: the table is where a reader
	// first meets it, and it was shown bare.
	for _, f := range c.Faults {
		b.WriteString(report.Wrap("  "+f.Words(), 80, 4))
	}
	fmt.Fprintf(b, "requests that arrived from %s to %s (wall time)\n", report.Seconds(results[0].From), report.Seconds(results[0].To))
	if c.Scale != 1 {
		// The modes' names ("timeout 500 ms") and the faults are the
		// reference's, while the latencies and the breaker's times are
		// measured on the wall: compared with `run checkout` unlabelled,
		// 600ms read as a third of what the reference's 2 s became.
		times := "the latencies, give-up times and breaker times below are wall times"
		if c.Server == Go && results[0].Sim != nil {
			// The simulated row and waits are scaled to the same wall
			// time as the measured ones (simulatedRow, wallVariant).
			times = "the latencies, waits, give-up times and breaker times below are wall times, the simulated ones scaled alike"
		}
		b.WriteString(report.Wrap(fmt.Sprintf("modes and faults are named in the reference's time; %s (divide by %s for the reference's)", times, trimFloat(c.Scale)), 80, 0))
	}
}

// writeTableTail writes the runs' stalls and breaker transitions.
func writeTableTail(b *strings.Builder, results []Result) {
	for _, r := range results {
		if note := stallNote(r); note != "" {
			b.WriteString("\n" + wrapWords(note, 80) + "\n")
		}
	}
	for _, r := range results {
		if len(r.Transitions) == 0 {
			continue
		}
		wall := ""
		if r.Config.Scale != 1 {
			wall = " (wall time)"
		}
		fmt.Fprintf(b, "\n%s: the %s breaker%s\n", r.Variant, Dependency, wall)
		// One number of decimals down the list, as run's own list
		// writes it, so the decimal points line up: trimmed, 2.550 s
		// read "2.55 s" under "1.501 s".
		decimals := report.TransitionDecimals(engineTransitions(r.Transitions))
		for _, t := range r.Transitions {
			fmt.Fprintf(b, "  %8s %9s -> %-9s  %s\n", report.TransitionTime(t.At, decimals), t.From, t.To, t.Reason())
		}
	}
}

// engineTransitions names the lab's breaker transitions as the engine
// lists a run's, for the report's helpers that read those.
func engineTransitions(ts []breaker.Transition) []engine.Transition {
	out := make([]engine.Transition, len(ts))
	for i, t := range ts {
		out[i] = engine.Transition{Dependency: Dependency, Transition: t}
	}
	return out
}

// stallNote says, for a mode measured more than once, why: the clients
// send each request at a set time, and a run in which one left later than
// the stall limit (the machine too busy to keep to the schedule) did not
// send the load the mode is measured under, so it is discarded and the
// mode measured again. It said "1 stalled runs discarded", with the
// lab's word for that never explained.
func stallNote(r Result) string {
	limit := report.LatencyShort(r.Config.StallLimit())
	const why = "the machine was too busy"
	switch {
	case r.Stalled && r.Attempts == 1:
		return fmt.Sprintf("%s: its run's requests went out up to %s later than scheduled, past the %s allowed (%s), so it was not quite the load asked for: read its numbers with care", r.Variant, report.LatencyShort(r.Stall), limit, why)
	case r.Stalled:
		return fmt.Sprintf("%s: in each of its %d runs, requests went out more than %s later than scheduled (%s); the one kept, %s late at worst, came closest to the load asked for: read its numbers with care", r.Variant, r.Attempts, limit, why, report.LatencyShort(r.Stall))
	case r.Attempts == 2:
		return fmt.Sprintf("%s: 1 run discarded and measured again: its requests went out more than %s later than scheduled (%s), so it was not the load asked for", r.Variant, limit, why)
	case r.Attempts > 2:
		return fmt.Sprintf("%s: %d runs discarded and measured again: in each, requests went out more than %s later than scheduled (%s), so none was the load asked for", r.Variant, r.Attempts-1, limit, why)
	}
	return ""
}

// wrapWords breaks s into lines of at most width columns (display cells,
// ansi.StringWidth) at its spaces, the lines after the first indented by
// two.
func wrapWords(s string, width int) string {
	var b strings.Builder
	line := 0
	for i, w := range strings.Fields(s) {
		n := ansi.StringWidth(w)
		switch {
		case i == 0:
		case line+1+n > width:
			b.WriteString("\n  ")
			line = 2
		default:
			b.WriteByte(' ')
			line++
		}
		b.WriteString(w)
		line += n
	}
	return b.String()
}

// WriteInterrupted ends a table of the modes finished before ctrl+c: it
// says the run was interrupted and names the modes not measured.
func WriteInterrupted(w io.Writer, done int, notMeasured []string) error {
	modes := "modes"
	if done+len(notMeasured) == 1 {
		modes = "mode"
	}
	// The names apart with a dot: a mode's own name may hold a comma
	// ("timeout 500 ms, 40 req/s"), and joined with commas three modes
	// read as four. Wrapped to the table's 80 columns, which it ran past.
	_, err := io.WriteString(w, "\n"+report.Wrap(fmt.Sprintf("interrupted (ctrl+c): %d of %d %s measured; not measured: %s", done, done+len(notMeasured), modes, strings.Join(notMeasured, " · ")), 80, 2))
	return err
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
