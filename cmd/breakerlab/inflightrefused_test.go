package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// threeTierFile is a front of 40 workers calling orders (20 workers, a
// queue of 10), which calls a database that hangs from 10 s to 30 s: orders
// fills, and the front's calls past its workers and queue are refused.
const threeTierFile = `name = "three-tier"
summary = "front → orders → database; the database hangs from 10s to 30s"
duration = "40s"
measure_from = "10s"
measure_to = "30s"

[system]
workers = 40
queue = 40

[[system.endpoints]]
name = "checkout"
rate = 100
calls = "orders"
patience = "2s"

[[system.dependencies]]
name = "orders"
service = "orders"

[[system.services]]
name = "orders"
workers = 20
queue = 10
work = { kind = "constant", value = "5ms" }
calls = "database"

[[system.services.dependencies]]
name = "database"
latency = { kind = "lognormal", p50 = "10ms", p99 = "40ms" }
faults = [
  { kind = "hang", from = "10s", to = "30s" },
]
`

// The README says a dependency's in_flight_max is "the most calls it
// worked on at once". A service worked on at most its workers' calls and
// its queue's, 20 + 10 here; the abandoned ones hold a worker or a queue
// place too, so they cannot add to that. The engine reported 31: callService
// counted a call in flight when it was sent, before orders' arrival
// found the workers and the queue full and refused it, so the refused call
// was counted for the instant of its refusal: 31. The engine now undoes
// that rise at the refusal (unrise).
func TestServiceInFlightMaxCountsNoRefusedCall(t *testing.T) {
	path := filepath.Join(t.TempDir(), "three-tier.toml")
	if err := os.WriteFile(path, []byte(threeTierFile), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := run(t, "run", path, "--format", "json")
	if code != 0 {
		t.Fatalf("run exit %d: %s", code, stderr)
	}
	var got struct {
		Variants []struct {
			Dependencies map[string]struct {
				InFlightMax int `json:"in_flight_max"`
			} `json:"dependencies"`
			Services map[string]struct {
				Workers  int `json:"workers"`
				QueueMax int `json:"queue_max"`
				Answered struct {
					Rejected int `json:"rejected"`
				} `json:"answered"`
			} `json:"services"`
		} `json:"variants"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatal(err)
	}
	v := got.Variants[0]
	svc := v.Services["orders"]
	if svc.Answered.Rejected == 0 || svc.QueueMax != 10 {
		t.Fatalf("orders refused %d calls with a queue at most %d: the scenario no longer fills orders, so it tests nothing", svc.Answered.Rejected, svc.QueueMax)
	}
	if most, peak := svc.Workers+svc.QueueMax, v.Dependencies["orders"].InFlightMax; peak > most {
		t.Errorf("orders' in_flight_max is %d, over its %d workers and queue of %d (%d): a refused call was counted in flight", peak, svc.Workers, svc.QueueMax, most)
	}
}
