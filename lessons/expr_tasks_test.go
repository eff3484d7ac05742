package lessons

import (
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// The tasks metrics quote the engine's own record for every variant of
// the three tasks scenarios. The variants differ where it matters (the
// pool fills only without containment, the process is killed only
// without a timeout, the loop is busy only with a blocking call), so a
// metric wired to the wrong field, pool or dependency differs somewhere.
func TestTasksMetricsReadTheEnginesSnapshot(t *testing.T) {
	const seed = 5
	var sawKill, sawWaiting, sawRefused bool
	for _, sc := range []*engine.Scenario{scenarios.AsyncCascade(), scenarios.GoServer(), scenarios.EventLoopStall()} {
		snaps, err := engine.RunAll(sc, seed)
		if err != nil {
			t.Fatal(err)
		}
		for v := range snaps {
			s := &snaps[v]
			run := sc.Name + "/" + strconv.Itoa(v)
			ts := s.Tasks
			want := map[string]float64{
				"loop-busy " + run:      ts.LoopBusy,
				"loop-lag-max " + run:   ts.LagMax.Seconds(),
				"tasks-live-max " + run: float64(ts.LiveMax),
				"memory-peak " + run:    float64(ts.MemoryPeak) / (1 << 20),
				"memory-limit " + run:   float64(ts.MemoryLimit) / (1 << 20),
				"memory-base " + run:    float64(sc.Variants[v].System.Tasks.Memory.Base) / (1 << 20),
				"oom-kills " + run:      float64(ts.Kills),
				"oom-killed " + run:     float64(ts.Killed),
			}
			sawKill = sawKill || ts.Kills > 0
			for _, p := range s.Pools {
				want["pool-inuse-max "+run+" "+p.Name] = float64(p.InUseMax)
				want["pool-dialling-max "+run+" "+p.Name] = float64(p.DiallingMax)
				want["pool-waiting-max "+run+" "+p.Name] = float64(p.WaitingMax)
				want["pool-wait-mean "+run+" "+p.Name] = p.WaitMean.Seconds()
				want["pool-size "+run+" "+p.Name] = float64(p.Size)
				want["pool-dials "+run+" "+p.Name] = float64(p.Dials)
				want["pool-idle-closed "+run+" "+p.Name] = float64(p.IdleClosed)
				sawWaiting = sawWaiting || p.WaitingMax > 0
			}
			for _, d := range s.Dependencies {
				if d.BulkheadCap == 0 {
					continue
				}
				want["permits-max "+run+" "+d.Name] = float64(d.BulkheadMax)
				want["permits-waiting-max "+run+" "+d.Name] = float64(d.BulkheadWaitingMax)
				want["permits-refused "+run+" "+d.Name] = float64(d.BulkheadFull + d.BulkheadWaitedOut)
				sawRefused = sawRefused || d.BulkheadFull+d.BulkheadWaitedOut > 0
			}
			for expr, w := range want {
				if got := mustEval(t, seed, expr); got != w {
					t.Errorf("%s = %v, the snapshot says %v", expr, got, w)
				}
			}
		}
	}
	if !sawKill || !sawWaiting || !sawRefused {
		t.Fatalf("the scenarios should kill a process, fill a pool and refuse permits (%v, %v, %v): the test would prove little", sawKill, sawWaiting, sawRefused)
	}
}

// The figures lesson 14 stands on, as the engine computes them: the loop
// idle while the shared pool is full, the semaphores bounding it, memory
// killing the Go server without a timeout and flat with one, and a
// blocking call making the loop busy.
func TestTasksMetricsTellTheVariantsApart(t *testing.T) {
	const seed = 5
	for expr, check := range map[string]func(float64) bool{
		"loop-busy async-cascade/0":                  func(f float64) bool { return f < 0.1 },
		"pool-inuse-max async-cascade/0 aiohttp":     func(f float64) bool { return f == 100 },
		"pool-waiting-max async-cascade/0 aiohttp":   func(f float64) bool { return f > 1000 },
		"pool-waiting-max async-cascade/1 aiohttp":   func(f float64) bool { return f == 0 },
		"permits-refused async-cascade/1 search-api": func(f float64) bool { return f > 1000 },
		"oom-kills go-server/0":                      func(f float64) bool { return f >= 1 },
		"oom-kills go-server/1":                      func(f float64) bool { return f == 0 },
		"loop-busy event-loop-stall/0":               func(f float64) bool { return f > 0.5 },
		"loop-busy event-loop-stall/1":               func(f float64) bool { return f < 0.2 },
	} {
		if got := mustEval(t, seed, expr); !check(got) {
			t.Errorf("%s = %v", expr, got)
		}
	}
}

// A run without tasks, a pool or a bulkhead the run lacks is refused with
// a message that says what it has, not read as zero.
func TestTasksMetricsRefuseWhatTheRunLacks(t *testing.T) {
	for expr, says := range map[string]string{
		"loop-busy cascade/0":                      "worker threads",
		"pool-inuse-max async-cascade/0 transport": "aiohttp",
		"pool-inuse-max cascade/0 aiohttp":         "no connection pools",
		"permits-max async-cascade/0 search-api":   "no bulkhead",
		"permits-max async-cascade/1 nowhere":      "search-api",
	} {
		_, err := evalOn(t, 5, expr)
		if err == nil || !strings.Contains(err.Error(), says) {
			t.Errorf("%s: got %v, want an error saying %q", expr, err, says)
		}
	}
}
