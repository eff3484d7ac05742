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
)

// Report is the JSON contract of `breakerlab run --format json`. Fields may
// be added; the existing ones keep their meaning.
type Report struct {
	Scenario string    `json:"scenario"`
	Seed     uint64    `json:"seed"`
	WindowMS [2]int64  `json:"window_ms"`
	Variants []Variant `json:"variants"`
	// Shuffle holds the shuffle-sharding scenario's own results.
	Shuffle any `json:"shuffle,omitempty"`
}

// Variant is one design's results.
type Variant struct {
	Name         string                `json:"name"`
	Endpoints    map[string]Endpoint   `json:"endpoints"`
	Dependencies map[string]Dependency `json:"dependencies"`
	Transitions  []Transition          `json:"transitions"`
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

// Dependency holds a dependency's load over the whole run.
type Dependency struct {
	InFlightMax    int    `json:"in_flight_max"`
	Calls          uint64 `json:"calls"`
	ShortCircuited uint64 `json:"short_circuited"`
	BulkheadFull   uint64 `json:"bulkhead_full"`
}

// Transition is one breaker state change.
type Transition struct {
	AtMS    float64 `json:"at_ms"`
	Breaker string  `json:"breaker"`
	From    string  `json:"from"`
	To      string  `json:"to"`
	Reason  string  `json:"reason"`
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
			out := map[string]uint64{}
			for _, o := range engine.Outcomes {
				out[o.String()] = e.Window[o]
			}
			v.Endpoints[e.Name] = Endpoint{Outcomes: out, LatencyMS: Latency{P50: millis(e.P50), P95: millis(e.P95), P99: millis(e.P99)}}
		}
		for _, d := range s.Dependencies {
			v.Dependencies[d.Name] = Dependency{InFlightMax: d.InFlightMax, Calls: d.Calls, ShortCircuited: d.ShortCircuited, BulkheadFull: d.BulkheadFull}
		}
		for _, t := range s.Transitions {
			v.Transitions = append(v.Transitions, Transition{
				AtMS: millis(t.At), Breaker: t.Dependency, From: t.From.String(), To: t.To.String(), Reason: t.Reason(),
			})
		}
		r.Variants = append(r.Variants, v)
	}
	return r
}

// millis converts to milliseconds, kept to the microsecond.
func millis(d time.Duration) float64 {
	return math.Round(float64(d)/float64(time.Microsecond)) / 1000
}

// WriteJSON writes the report as one indented JSON object.
func WriteJSON(w io.Writer, r Report) error {
	if r.Variants == nil {
		r.Variants = []Variant{}
	}
	out, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return fmt.Errorf("encoding the report: %w", err)
	}
	_, err = w.Write(append(out, '\n'))
	return err
}
