package report

import (
	"fmt"
	"math"
	"strconv"

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
	Kind    string `json:"kind"`
	Size    int    `json:"size"`
	PerHost int    `json:"per_host"`
	// IdlePerHost is the idle cap (Go's MaxIdleConnsPerHost), absent
	// when every connection is kept; IdleClosed counts the answered
	// connections closed past it.
	IdlePerHost int `json:"idle_per_host,omitempty"`
	InUseMax    int `json:"in_use_max"`
	// DiallingMax is the most of InUseMax's connections being dialled at
	// once, not yet carrying a call (an unreachable host answers no
	// dial): the table's "still dialling".
	DiallingMax int `json:"dialling_max"`
	// WaitingMax is a count, not a time: the attempts waiting for a
	// connection at the worst instant, parked for want of room under the
	// size or the cap per host (one whose connection is being dialled is
	// in use, not waiting).
	WaitingMax int `json:"waiting_max"`
	// Refusals counts the attempts that waited the pool's wait in vain;
	// GaveUpWaiting those whose own timeout fired first.
	Refusals      uint64 `json:"refusals"`
	GaveUpWaiting uint64 `json:"gave_up_waiting"`
	// Acquired counts the connections handed to attempts; Waited those of
	// them that had to wait, found no room when they came. Their wait is
	// measured from the attempt's start until it is handed a connection
	// or the room to dial one (the dial, a connection's time in use, is
	// not part of it): WaitMeanMS its mean over Waited, WaitMaxMS the
	// longest. The live lab measures its Go server's by the same rule.
	Acquired     uint64  `json:"acquired"`
	Waited       uint64  `json:"waited"`
	WaitMeanMS   float64 `json:"wait_mean_ms"`
	WaitMaxMS    float64 `json:"wait_max_ms"`
	Dials        uint64  `json:"dials"`
	DialFailures uint64  `json:"dial_failures"`
	Closed       uint64  `json:"closed"`
	IdleClosed   uint64  `json:"idle_closed,omitempty"`
	// AbandonedDial is "finish" for a pool whose given-up dials run on
	// (Go's transport), absent for the default, cancel; DialsRunOn counts
	// those dials.
	AbandonedDial string `json:"abandoned_dial,omitempty"`
	DialsRunOn    uint64 `json:"dials_run_on,omitempty"`
}

// addTasks adds a tasks server's loop, memory and permits, and the pools.
func addTasks(v *Variant, s *engine.Snapshot) {
	for i := range s.Pools {
		p := &s.Pools[i]
		if v.Pools == nil {
			v.Pools = map[string]Pool{}
		}
		rp := Pool{Kind: p.Kind.String(), Size: p.Size, PerHost: p.PerHost, InUseMax: p.InUseMax, DiallingMax: p.DiallingMax, WaitingMax: p.WaitingMax,
			Refusals: p.Refused, GaveUpWaiting: p.GaveUp, Acquired: p.Acquired, Waited: p.Waited,
			WaitMeanMS: millis(p.WaitMean), WaitMaxMS: millis(p.WaitMax), Dials: p.Dials, DialFailures: p.DialFailures, Closed: p.Closed,
			IdlePerHost: p.IdlePerHost, IdleClosed: p.IdleClosed}
		if p.AbandonedDial == engine.DialRunsOn {
			rp.AbandonedDial, rp.DialsRunOn = p.AbandonedDial.String(), p.DialsAbandoned
		}
		v.Pools[p.Name] = rp
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

// writeTasks writes a tasks server's lines of the table: its loop, its
// live tasks and memory, its permits and its pools. mib is the number of
// decimals of every MiB figure in the table (mibDecimals).
func writeTasks(line func(indent int, text string), s *engine.Snapshot, mib int) {
	if t := s.Tasks; t != nil {
		text := fmt.Sprintf("  %-18s busy %s of the time on %d %s, tasks waited for it at most %s; at most %s tasks live",
			"loop", Percent1(t.LoopBusy), t.Threads, plural(t.Threads, "thread", "threads"), msText(t.LagMax), thousands(uint64(t.LiveMax)))
		line(21, text)
		if t.MemoryPeak > 0 || t.MemoryLimit > 0 {
			// A scenario that models no memory has a peak of 0 MiB, which
			// says nothing about the process.
			mem := fmt.Sprintf("  %-18s peak %s MiB", "memory", mibText(t.MemoryPeak, mib))
			if t.MemoryLimit > 0 {
				mem += fmt.Sprintf(" of a %s MiB limit", mibText(t.MemoryLimit, mib))
			}
			if t.Kills > 0 {
				mem += fmt.Sprintf("; killed %s (%s requests died with it, %s refused while it restarted)", timesText(t.Kills), thousands(t.Killed), thousands(t.Refused))
			}
			line(21, mem)
		}
		for i := range s.Dependencies {
			d := &s.Dependencies[i]
			if d.BulkheadCap == 0 || uncalled(s, d) {
				// An uncalled dependency's permits were never asked for:
				// its own line says it was not called.
				continue
			}
			line(21, fmt.Sprintf("  %-18s at most %s of %s permits held, %s waiting; %s refused", "permits "+d.Name,
				thousands(uint64(d.BulkheadMax)), thousands(uint64(d.BulkheadCap)), thousands(uint64(d.BulkheadWaitingMax)), thousands(d.BulkheadFull+d.BulkheadWaitedOut)))
		}
	}
	for i := range s.Pools {
		p := &s.Pools[i]
		size := "no cap"
		switch {
		case p.Size > 0 && p.PerHost > 0:
			size = thousands(uint64(p.Size)) + ", " + thousands(uint64(p.PerHost)) + " a host"
		case p.Size > 0:
			size = thousands(uint64(p.Size))
		case p.PerHost > 0:
			// MaxConnsPerHost alone: no cap on the pool, one on each host
			// (go-server's contained design read "size: no cap" though
			// its transport held the payment host to 64).
			size = "no cap, " + thousands(uint64(p.PerHost)) + " a host"
		}
		text := fmt.Sprintf("  %-18s at most %s in use (size: %s%s), %s waiting", "pool "+p.Name, thousands(uint64(p.InUseMax)), size, diallingMost(p), thousands(uint64(p.WaitingMax)))
		if p.Waited > 0 {
			text += ", " + msText(p.WaitMean) + " on average" // as the latency lines write a time
		}
		if n := p.Refused + p.GaveUp; n > 0 {
			text += fmt.Sprintf("; %s gave up waiting", thousands(n))
		}
		if p.DialFailures > 0 {
			text += fmt.Sprintf("; %s dials failed", thousands(p.DialFailures))
		}
		if p.IdleClosed > 0 {
			// The idle cap's cost is dials: said only once it closed a
			// connection, so a pool whose cap never bound reads as before.
			text += fmt.Sprintf("; %s dials, %s answered connections closed past %s idle a host", thousands(p.Dials), thousands(p.IdleClosed), thousands(uint64(p.IdlePerHost)))
		}
		if p.AbandonedDial == engine.DialRunsOn && p.DialsAbandoned > 0 {
			// Said only where a dial ran on, as the idle cap's cost is.
			text += fmt.Sprintf("; %s %s on after %s caller gave up", thousands(p.DialsAbandoned), plural(int(min(p.DialsAbandoned, 2)), "dial ran", "dials ran"), plural(int(min(p.DialsAbandoned, 2)), "its", "their"))
		}
		line(21, text)
	}
}

// diallingMost words, inside the pool line's brackets, the most of its
// connections in use that were being dialled at once, when dials were
// most of the in-use peak: an unreachable host answers no dial, so that
// peak may be dials that never carried a call, far above the calls in flight the
// dependency's line counts. A handful of dials at once, or a few among
// many held connections, is a pool's ordinary warm-up and goes unsaid.
func diallingMost(p *engine.PoolSnapshot) string {
	if p.DiallingMax <= diallingWorthSaying || 2*p.DiallingMax <= p.InUseMax {
		return ""
	}
	return "; up to " + thousands(uint64(p.DiallingMax)) + " of them still dialling"
}

// diallingWorthSaying is the most dials at once the pool line leaves
// unsaid.
const diallingWorthSaying = 10

// uncalled says whether no endpoint of the design calls the front
// dependency d, and nothing reached it: event-loop-stall's report-db, in
// the design whose report handler blocks the loop instead.
func uncalled(s *engine.Snapshot, d *engine.DependencySnapshot) bool {
	if d.Service != "" || d.Calls > 0 || d.ShortCircuited > 0 || d.BulkheadFull > 0 || d.RateLimited > 0 || d.DeadlineExceeded > 0 {
		return false
	}
	for i := range s.Endpoints {
		if s.Endpoints[i].Calls == d.Name {
			return false
		}
	}
	return true
}

// blockingInstead is what an uncalled dependency's line adds when an
// endpoint that calls it in another design of sc makes, in this one, a
// blocking call on the loop and no call: that endpoint's work is not gone,
// it runs on the loop (engine.Endpoint.Blocking). Empty otherwise.
func blockingInstead(sc *engine.Scenario, s *engine.Snapshot, dependency string) string {
	if s.VariantIndex < 0 || s.VariantIndex >= len(sc.Variants) || sc.Variants[s.VariantIndex].Name != s.Variant {
		return ""
	}
	for _, e := range sc.Variants[s.VariantIndex].System.Endpoints {
		if e.Blocking.Kind == 0 || e.Calls != "" {
			continue
		}
		for vi := range sc.Variants {
			for _, other := range sc.Variants[vi].System.Endpoints {
				if other.Name == e.Name && other.Calls == dependency {
					return ": " + e.Name + " makes a blocking call on the loop instead"
				}
			}
		}
	}
	return ""
}

// mibDecimals is the number of decimals of the table's MiB figures: one,
// or as many more (up to the byte) as some design's peak needs to read
// apart from its limit, so that 256.063 of 256 never reads "256.0 of 256.0".
func mibDecimals(snaps []engine.Snapshot) int {
	decimals := 1
	for i := range snaps {
		t := snaps[i].Tasks
		if t == nil || t.MemoryLimit == 0 || t.MemoryPeak == t.MemoryLimit {
			continue
		}
		for decimals < maxMiBDecimals && mibText(t.MemoryPeak, decimals) == mibText(t.MemoryLimit, decimals) {
			decimals++
		}
	}
	return decimals
}

// maxMiBDecimals tells any two byte counts apart: a byte is a little
// under a millionth of a MiB, more than the seventh decimal's unit.
const maxMiBDecimals = 7

// mibText writes b bytes in MiB with decimals decimals, a half rounded up
// as mebibytes rounds the JSON's figures (FormatFloat alone would write
// 63.25 as "63.2").
func mibText(b int64, decimals int) string {
	return strconv.FormatFloat(roundTo(float64(b)/(1<<20), math.Pow10(decimals)), 'f', decimals, 64)
}

// timesText counts occurrences as a sentence does: "once", "3 times".
func timesText(n int) string {
	if n == 1 {
		return "once"
	}
	return thousands(uint64(n)) + " times"
}
