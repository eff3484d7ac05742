package report

import (
	"math"

	"github.com/breakerlab/breakerlab/engine"
)

// Tasks is a tasks server's record over the whole run (issue 23): its
// loop, its live tasks, its memory against the limit, and its bulkheads'
// permits. Left out of a thread pool's report.
type Tasks struct {
	Threads int `json:"threads"`
	// LoopBusyShare is the loop's busy share over the measurement window
	// (its threads' time running handlers, and its pauses), 0 to 1.
	LoopBusyShare float64 `json:"loop_busy_share"`
	LoopLagMaxMS  float64 `json:"loop_lag_max_ms"`
	LoopLagMeanMS float64 `json:"loop_lag_mean_ms"`
	LiveMax       int     `json:"live_max"`
	Memory        Memory  `json:"memory"`
	// Permits holds each dependency with a bulkhead (a semaphore): the
	// most permits held and calls waiting at once, and its refusals (at
	// once, or after waiting its queue timeout).
	Permits map[string]Permits `json:"permits,omitempty"`
}

// Memory is the process's memory in MiB, against its limit (0: none).
type Memory struct {
	LimitMiB   float64 `json:"limit_mib"`
	PeakMiB    float64 `json:"peak_mib"`
	PerTaskKiB float64 `json:"per_task_kib"`
	// OOMKills counts the times the process was killed at its limit,
	// Killed the requests that died with it, RefusedWhileDown the arrivals
	// refused until it was back.
	OOMKills         int    `json:"oom_kills"`
	Killed           uint64 `json:"killed"`
	RefusedWhileDown uint64 `json:"refused_while_down"`
}

// Permits is a semaphore bulkhead's record.
type Permits struct {
	Size       int    `json:"size"`
	InUseMax   int    `json:"in_use_max"`
	WaitingMax int    `json:"waiting_max"`
	Refusals   uint64 `json:"refusals"`
}

// Pool is a connection pool's record over the whole run.
type Pool struct {
	Kind       string `json:"kind"`
	Size       int    `json:"size"`
	PerHost    int    `json:"per_host"`
	InUseMax   int    `json:"in_use_max"`
	WaitingMax int    `json:"waiting_max"`
	// Refusals counts the attempts that waited the pool's wait in vain;
	// GaveUpWaiting those whose own timeout fired first.
	Refusals      uint64  `json:"refusals"`
	GaveUpWaiting uint64  `json:"gave_up_waiting"`
	Acquired      uint64  `json:"acquired"`
	Waited        uint64  `json:"waited"`
	WaitMeanMS    float64 `json:"wait_mean_ms"`
	WaitMaxMS     float64 `json:"wait_max_ms"`
	Dials         uint64  `json:"dials"`
	DialFailures  uint64  `json:"dial_failures"`
	Closed        uint64  `json:"closed"`
}

// addTasks adds a tasks server's loop, memory and permits, and the pools.
func addTasks(v *Variant, s *engine.Snapshot) {
	for i := range s.Pools {
		p := &s.Pools[i]
		if v.Pools == nil {
			v.Pools = map[string]Pool{}
		}
		v.Pools[p.Name] = Pool{Kind: p.Kind.String(), Size: p.Size, PerHost: p.PerHost, InUseMax: p.InUseMax, WaitingMax: p.WaitingMax,
			Refusals: p.Refused, GaveUpWaiting: p.GaveUp, Acquired: p.Acquired, Waited: p.Waited,
			WaitMeanMS: millis(p.WaitMean), WaitMaxMS: millis(p.WaitMax), Dials: p.Dials, DialFailures: p.DialFailures, Closed: p.Closed}
	}
	t := s.Tasks
	if t == nil {
		return
	}
	out := &Tasks{
		Threads: t.Threads, LoopBusyShare: roundTo(t.LoopBusy, 1e4), LoopLagMaxMS: millis(t.LagMax), LoopLagMeanMS: millis(t.LagMean), LiveMax: t.LiveMax,
		Memory: Memory{LimitMiB: mebibytes(t.MemoryLimit), PeakMiB: mebibytes(t.MemoryPeak), PerTaskKiB: float64(t.PerTask) / 1024,
			OOMKills: t.Kills, Killed: t.Killed, RefusedWhileDown: t.Refused},
	}
	for i := range s.Dependencies {
		d := &s.Dependencies[i]
		if d.BulkheadCap == 0 {
			continue
		}
		if out.Permits == nil {
			out.Permits = map[string]Permits{}
		}
		out.Permits[d.Name] = Permits{Size: d.BulkheadCap, InUseMax: d.BulkheadMax, WaitingMax: d.BulkheadWaitingMax, Refusals: d.BulkheadFull + d.BulkheadWaitedOut}
	}
	v.Tasks = out
}

// mebibytes converts bytes to MiB, kept to a thousandth.
func mebibytes(b int64) float64 { return roundTo(float64(b)/(1<<20), 1e3) }

// roundTo rounds x to 1/per.
func roundTo(x, per float64) float64 { return math.Round(x*per) / per }
