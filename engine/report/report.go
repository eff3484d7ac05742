// Package report turns finished runs into what `breakerlab run` prints: a
// table that reads like the reference documents', the JSON object of the
// documented contract, and CSV. It imports the engine and writes to the
// io.Writer it is handed; it opens no files.
package report

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/shed"
)

// Report is the JSON contract of `breakerlab run --format json`. Fields may
// be added; the existing ones keep their meaning.
type Report struct {
	Scenario string    `json:"scenario"`
	Seed     uint64    `json:"seed"`
	WindowMS [2]int64  `json:"window_ms"`
	Variants []Variant `json:"variants"`
	// Faults are the faults injected into the scenario's script before it
	// ran (run --fault), as given; left out when there were none.
	Faults []string `json:"faults,omitempty"`
	// Shuffle holds the shuffle-sharding scenario's own results; a
	// report with them is written without window_ms and variants
	// (WriteJSON says why).
	Shuffle any `json:"shuffle,omitempty"`
}

// Variant is one design's results.
type Variant struct {
	Name         string                `json:"name"`
	Endpoints    map[string]Endpoint   `json:"endpoints"`
	Dependencies map[string]Dependency `json:"dependencies"`
	Transitions  []Transition          `json:"transitions"`
	// Services holds each service the front service reaches (issue 14),
	// Tenants each tenant's requests at the front, Shed what the front's
	// load shedding refused per class: all left out when the scenario has
	// none, so a single server's report is what it always was.
	Services map[string]Service `json:"services,omitempty"`
	Tenants  map[string]Tenant  `json:"tenants,omitempty"`
	Shed     map[string]uint64  `json:"shed,omitempty"`
	// Tasks is a tasks server's loop, memory and permits, Pools its
	// connection pools (issue 23, tasks.go): left out when it has none.
	Tasks *Tasks          `json:"tasks,omitempty"`
	Pools map[string]Pool `json:"pools,omitempty"`
}

// Service is one service's record over the whole run.
type Service struct {
	Caller    string `json:"caller"`
	Depth     int    `json:"depth"`
	Workers   int    `json:"workers"`
	Instances int    `json:"instances"`
	// Answered is how the service answered the calls that reached it.
	Arrived        uint64                `json:"arrived"`
	Answered       map[string]uint64     `json:"answered"`
	Shed           map[string]uint64     `json:"shed,omitempty"`
	BusyMax        int                   `json:"busy_max"`
	QueueMax       int                   `json:"queue_max"`
	Cancelled      uint64                `json:"cancelled"`
	AbandonedWork  uint64                `json:"abandoned_work"`
	WastedWorkMS   float64               `json:"wasted_work_ms"`
	ExpiredInQueue uint64                `json:"expired_in_queue"`
	ByInstance     []Instance            `json:"by_instance,omitempty"`
	Dependencies   map[string]Dependency `json:"dependencies"`
}

// Instance is one instance of a fleet.
type Instance struct {
	Arrived  uint64            `json:"arrived"`
	Answered map[string]uint64 `json:"answered"`
	Restarts int               `json:"restarts"`
}

// Tenant holds the outcomes of one tenant's requests that arrived in the
// window, as Endpoint does for an endpoint's.
type Tenant struct {
	Outcomes map[string]uint64 `json:"outcomes"`
	Limited  uint64            `json:"limited"`
}

// Endpoint holds the outcomes of requests that arrived in the window.
type Endpoint struct {
	Outcomes  map[string]uint64 `json:"outcomes"`
	LatencyMS Latency           `json:"latency_ms"`
}

// Latency holds client-seen percentiles in milliseconds.
type Latency struct {
	P50 float64 `json:"p50"`
	P95 float64 `json:"p95"`
	P99 float64 `json:"p99"`
}

// latencyOf is an endpoint's percentiles as the JSON and the CSV both
// write them, so that the two formats of one run cannot disagree.
func latencyOf(e *engine.EndpointSnapshot) Latency {
	return Latency{P50: millis(e.P50), P95: millis(e.P95), P99: millis(e.P99)}
}

// Dependency holds a dependency's load over the whole run.
type Dependency struct {
	InFlightMax int `json:"in_flight_max"`
	// InFlightMaxAtMS is when the calls in flight first reached
	// InFlightMax (added later; 0 where no call was sent).
	InFlightMaxAtMS float64 `json:"in_flight_max_at_ms"`
	Calls           uint64  `json:"calls"`
	ShortCircuited  uint64  `json:"short_circuited"`
	BulkheadFull    uint64  `json:"bulkhead_full"`
	// Added with issue 14, left out when zero.
	RateLimited      uint64 `json:"rate_limited,omitempty"`
	DeadlineExceeded uint64 `json:"deadline_exceeded,omitempty"`
	Service          string `json:"service,omitempty"`
	// Added later, left out when zero: a leaf's calls cancelled because
	// the caller gave up, and the attempts that timed out at the
	// propagated deadline (their timeout cut to the time left, less the
	// margin), not at the hop's own timeout.
	Cancelled        uint64 `json:"cancelled,omitempty"`
	DeadlineTimeouts uint64 `json:"deadline_timeouts,omitempty"`
}

// Transition is one breaker state change.
type Transition struct {
	AtMS    float64 `json:"at_ms"`
	Breaker string  `json:"breaker"`
	From    string  `json:"from"`
	To      string  `json:"to"`
	Reason  string  `json:"reason"`
	// Service and Instance name where a service's breaker lives; left out
	// for the front service's breakers.
	Service  string `json:"service,omitempty"`
	Instance *int   `json:"instance,omitempty"`
}

// Build gathers the final snapshots of a scenario's variants.
func Build(sc *engine.Scenario, seed uint64, snaps []engine.Snapshot) Report {
	r := Report{
		Scenario: sc.Name,
		Seed:     seed,
		WindowMS: [2]int64{sc.MeasureFrom.Milliseconds(), sc.MeasureTo.Milliseconds()},
	}
	for _, s := range snaps {
		v := Variant{
			Name:         s.Variant,
			Endpoints:    map[string]Endpoint{},
			Dependencies: map[string]Dependency{},
			Transitions:  []Transition{},
		}
		for _, e := range s.Endpoints {
			v.Endpoints[e.Name] = Endpoint{Outcomes: outcomes(e.Window), LatencyMS: latencyOf(&e)}
		}
		for _, d := range s.Dependencies {
			v.Dependencies[d.Name] = dependency(&d)
		}
		for _, t := range s.Transitions {
			tr := Transition{
				AtMS: millis(t.At), Breaker: t.Dependency, From: t.From.String(), To: t.To.String(), Reason: t.Reason(),
				Service: t.Service,
			}
			if t.Service != "" {
				inst := t.Instance
				tr.Instance = &inst
			}
			v.Transitions = append(v.Transitions, tr)
		}
		addServices(&v, &s)
		addTasks(&v, &s) // tasks.go
		r.Variants = append(r.Variants, v)
	}
	return r
}

func dependency(d *engine.DependencySnapshot) Dependency {
	return Dependency{InFlightMax: d.InFlightMax, InFlightMaxAtMS: millis(d.InFlightMaxAt), Calls: d.Calls, ShortCircuited: d.ShortCircuited, BulkheadFull: d.BulkheadFull,
		RateLimited: d.RateLimited, DeadlineExceeded: d.DeadlineExceeded, Service: d.Service,
		Cancelled: d.Cancelled, DeadlineTimeouts: d.DeadlineTimeouts}
}

// outcomes names each outcome's count.
func outcomes(c engine.Counts) map[string]uint64 {
	out := map[string]uint64{}
	for _, o := range engine.Outcomes {
		out[o.String()] = c[o]
	}
	return out
}

// classes names each shedding class's count, or is nil when all are zero.
func classes(c [shed.NumClasses]uint64) map[string]uint64 {
	var out map[string]uint64
	for i, n := range c {
		if n > 0 {
			if out == nil {
				out = map[string]uint64{}
			}
			out[shed.Class(i).String()] = n
		}
	}
	return out
}

// addServices adds the services, tenants and shedding of a bigger system.
func addServices(v *Variant, s *engine.Snapshot) {
	v.Shed = classes(s.Shed)
	for i := range s.Tenants {
		t := &s.Tenants[i]
		if v.Tenants == nil {
			v.Tenants = map[string]Tenant{}
		}
		v.Tenants[t.Name] = Tenant{Outcomes: outcomes(t.Window), Limited: t.Limited}
	}
	for i := range s.Services {
		sv := &s.Services[i]
		if v.Services == nil {
			v.Services = map[string]Service{}
		}
		out := Service{
			Caller: sv.Caller, Depth: sv.Depth, Workers: sv.Workers, Instances: len(sv.Instances),
			Arrived: sv.Arrived, Answered: outcomes(sv.Answered), Shed: classes(sv.Shed),
			BusyMax: sv.BusyMax, QueueMax: sv.QueuedMax,
			Cancelled: sv.Cancelled, AbandonedWork: sv.AbandonedWork, WastedWorkMS: millis(sv.WastedWork),
			ExpiredInQueue: sv.ExpiredInQueue, Dependencies: map[string]Dependency{},
		}
		if len(sv.Instances) > 1 {
			for _, in := range sv.Instances {
				out.ByInstance = append(out.ByInstance, Instance{Arrived: in.Arrived, Answered: outcomes(in.Answered), Restarts: in.Restarts})
			}
		}
		for j := range sv.Dependencies {
			out.Dependencies[sv.Dependencies[j].Name] = dependency(&sv.Dependencies[j])
		}
		v.Services[sv.Name] = out
	}
}

// millis converts to milliseconds, kept to the microsecond.
func millis(d time.Duration) float64 {
	return math.Round(float64(d)/float64(time.Microsecond)) / 1000
}

// WriteJSON writes the report as one indented JSON object. Names and goals
// hold "<=" and ">=", written as they are: the JSON is read by people and
// scripts, not pasted into HTML.
//
// A shuffle-sharding report has no window_ms and no variants: its
// simulation places customers on workers once, with no clock to measure
// over, and its strategies are rows of its own section, not designs with
// endpoints; a window of [0, 0] and an empty list beside it read as a run
// that measured nothing. The contract lets a scenario's own results
// stand in their place (DESIGN.md: shuffle sharding adds its own keys).
func WriteJSON(w io.Writer, r Report) error {
	var doc any = r
	if r.Shuffle != nil {
		doc = struct {
			Scenario string `json:"scenario"`
			Seed     uint64 `json:"seed"`
			Shuffle  any    `json:"shuffle"`
		}{r.Scenario, r.Seed, r.Shuffle}
	} else if r.Variants == nil {
		r.Variants = []Variant{}
		doc = r
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return fmt.Errorf("encoding the report: %w", err)
	}
	return nil
}
