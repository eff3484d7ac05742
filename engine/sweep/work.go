package sweep

import (
	"sync/atomic"
	"time"
)

// What a sweep simulated (issue 28). A forked cell simulates only what
// comes after the moment it went on from; its run's clock and event count
// (engine's Events, copied by a fork) at its end are the whole run's at
// that moment, so one sweep tells both what it simulated and what running
// every cell whole would have, without running them.

// Start is where a job's run went on from.
type Start int

const (
	FromEnd       Start = iota // a finished run of its column or row: nothing simulated
	FromMid                    // a watched copy taken past forkAt (watch.go)
	FromPrefix                 // the seed's prefix at forkAt
	FromRowPrefix              // a column's or row's run from the start, at forkAt
	FromEarlyMid               // a watched copy taken before forkAt
	FromStart                  // no fork: the whole run
	NumStarts                  // how many kinds there are
)

// String names s for a table.
func (s Start) String() string {
	return [...]string{"end", "mid", "prefix", "row-prefix", "early-mid", "whole"}[s]
}

// WorkRow is what the jobs that started from one kind of moment did: how
// many, the events and virtual time they simulated, and the events and
// virtual time their whole runs (to the same stop) would have.
type WorkRow struct {
	Runs                int64
	Events, WholeEvents int64
	Time, WholeTime     time.Duration
	Begin               time.Duration // summed start moments, for a mean
}

// workCounts is a WorkRow the jobs add to as they end, from any worker.
type workCounts struct {
	runs, events, wholeEvents, time, wholeTime, begin atomic.Int64
}

// noteWork adds a job that started at from, after ev0 events, and ended
// at to after ev1.
func (p *Plan) noteWork(s Start, from, to time.Duration, ev0, ev1 uint64) {
	w := &p.work[s]
	w.runs.Add(1)
	w.events.Add(int64(ev1 - ev0))
	w.wholeEvents.Add(int64(ev1))
	w.time.Add(int64(to - from))
	w.wholeTime.Add(int64(to))
	w.begin.Add(int64(from))
}

// Work is what the plan's jobs so far simulated, by where they started.
func (p *Plan) Work() [NumStarts]WorkRow {
	var out [NumStarts]WorkRow
	for s := range out {
		w := &p.work[s]
		out[s] = WorkRow{Runs: w.runs.Load(), Events: w.events.Load(), WholeEvents: w.wholeEvents.Load(),
			Time: time.Duration(w.time.Load()), WholeTime: time.Duration(w.wholeTime.Load()), Begin: time.Duration(w.begin.Load())}
	}
	return out
}
