package engine

import (
	"errors"
	"fmt"
	"time"
)

// A server of the other kind (issue 23): no pool of worker threads, but
// tasks, an event loop's coroutines or a Go server's goroutine per request.
// An arriving request always gets a task; one that waits on a dependency
// parks and holds what it took before it waited (a permit, a connection,
// its memory). What runs out is those: a client connection pool or a
// database pool (pools.go), a semaphore bulkhead (Policy.Bulkhead with
// SemaphoreBulkhead, the asyncio guide's queue_timeout being BulkheadWait),
// the process's memory (past its limit the process is killed and restarts),
// and the loop's own time: each request's CPU runs on the loop's threads,
// and a blocking call or a stop-the-world pause stalls every task at once.
// The run's side is tasks_run.go.

// TaskServer makes a System's front service a tasks server: System.Workers
// and System.Queue are then left zero.
type TaskServer struct {
	// Threads is how many requests' CPU can run at once: 1 for an event
	// loop (asyncio, Node.js), GOMAXPROCS for a Go server. Zero means 1.
	Threads int
	// Pauses are spans in which no task runs at all: a stop-the-world
	// garbage collection, a frozen process. In time order, apart.
	Pauses []Pause
	// Memory is the process's memory; a zero Limit means no limit.
	Memory Memory
}

// Pause is a span of time in which the loop runs nothing.
type Pause struct {
	From, To time.Duration
}

// Memory is what a tasks server's process holds and how much it may.
type Memory struct {
	// Limit is the most the process may hold, in bytes (a container's
	// limit); past it the process is killed. Zero: no limit.
	Limit int64
	// Base is what the process holds with no request in flight; PerTask
	// what each live request adds (its stack, its buffers, its state).
	Base, PerTask int64
	// Restart is how long a killed process takes to come back; arrivals
	// meanwhile are refused.
	Restart time.Duration
}

// Limits of a tasks server's settings.
const (
	MaxThreads = 256
	MaxPauses  = 64
	MaxPools   = 64
	// MaxMemory bounds a memory setting (1 TiB).
	MaxMemory = int64(1) << 40
	// MaxCPU bounds one request's CPU or blocking time.
	MaxCPU = time.Minute
	// MaxRestart bounds a killed process's restart.
	MaxRestart = 10 * time.Minute
)

// IsTasks reports whether the system's front service is a tasks server.
func (sys *System) IsTasks() bool { return sys.Tasks != nil }

// validateTasks checks what belongs to a tasks server (the server itself,
// the endpoints' CPU, the pools) and that a thread pool uses none of it.
func (sys *System) validateTasks(duration time.Duration) error {
	for _, e := range sys.Endpoints {
		if e.CPU < 0 || e.CPU > MaxCPU {
			return fmt.Errorf("endpoint %q: cpu must be between 0 and %s, got %s", e.Name, FormatDuration(MaxCPU), FormatDuration(e.CPU))
		}
		if e.Blocking.Kind != 0 {
			if err := validateLatency(e.Blocking); err != nil {
				return fmt.Errorf("endpoint %q: blocking: %w", e.Name, err)
			}
		}
		if sys.Tasks == nil && (e.CPU > 0 || e.Blocking.Kind != 0) {
			return fmt.Errorf("endpoint %q: cpu and blocking are a tasks server's (the time a request holds its event loop); a thread pool has none: give the system tasks, or leave them out", e.Name)
		}
	}
	if err := sys.validatePools(); err != nil {
		return err
	}
	t := sys.Tasks
	if t == nil {
		return nil
	}
	switch {
	case sys.Workers != 0 || sys.Queue != 0:
		return fmt.Errorf("a tasks server has no pool of workers and no accept queue (every request gets a task): leave workers and queue out, got workers %d and queue %d", sys.Workers, sys.Queue)
	case sys.Shed != nil:
		return errors.New("a tasks server has no accept queue to shed load at: leave shed out")
	case t.Threads < 0 || t.Threads > MaxThreads:
		return fmt.Errorf("tasks: threads must be between 1 and %d (1: one event loop; a Go server: GOMAXPROCS), got %d", MaxThreads, t.Threads)
	case len(t.Pauses) > MaxPauses:
		return fmt.Errorf("tasks: at most %d pauses, got %d", MaxPauses, len(t.Pauses))
	}
	for i, p := range t.Pauses {
		if p.From < 0 || p.To <= p.From || p.To > duration+DrainLimit {
			return fmt.Errorf("tasks: pause %d must start at or after 0 and end after it starts, by the end of the run, got %s to %s", i+1, FormatDuration(p.From), FormatDuration(p.To))
		}
		if i > 0 && p.From < t.Pauses[i-1].To {
			return fmt.Errorf("tasks: pause %d starts at %s, before pause %d ends: pauses must follow one another", i+1, FormatDuration(p.From), i)
		}
	}
	m := t.Memory
	switch {
	case m.Limit < 0 || m.Base < 0 || m.PerTask < 0 || m.Limit > MaxMemory || m.Base > MaxMemory || m.PerTask > MaxMemory:
		return fmt.Errorf("tasks: memory limit, base and per_task must be between 0 and %s, got %s, %s and %s", SizeText(MaxMemory), SizeText(m.Limit), SizeText(m.Base), SizeText(m.PerTask))
	case m.Limit > 0 && m.Limit < m.LeastLimit():
		return fmt.Errorf("tasks: memory base (%s) must be below the limit (%s): the process could not start; the limit must be above %s, or 0 for none", SizeText(m.Base), SizeText(m.Limit), SizeText(m.Base))
	case m.Limit > 0 && m.PerTask == 0:
		return errors.New("tasks: a memory limit needs per_task, what each live request holds; without it nothing could reach the limit")
	case m.Limit > 0 && (m.Restart <= 0 || m.Restart > MaxRestart):
		return fmt.Errorf("tasks: a memory limit needs restart, how long a killed process takes to come back, above 0 and at most %s, got %s", FormatDuration(MaxRestart), FormatDuration(m.Restart))
	case m.Limit == 0 && m.Restart != 0:
		return errors.New("tasks: restart is how long a process killed at its memory limit takes to come back: it needs a limit")
	}
	return nil
}

// LeastLimit is the lowest memory limit the process can start under: one
// byte past its base. The check of a scenario and a form's hint both read
// it, so the two never disagree on where the limits start.
func (m Memory) LeastLimit() int64 { return m.Base + 1 }

// SizeText writes a memory size in the largest unit that holds it whole,
// as a scenario file and the knob form write sizes: "48 MiB", "64 KiB",
// "1 TiB", "100 bytes", with the digits grouped as RateText groups them.
// A refusal of a size typed in MiB then names it in MiB, not in bytes.
func SizeText(n int64) string {
	for _, u := range []struct {
		name string
		n    int64
	}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n != 0 && n%u.n == 0 {
			return RateText(float64(n/u.n)) + " " + u.name
		}
	}
	if n == 1 || n == -1 {
		return RateText(float64(n)) + " byte"
	}
	return RateText(float64(n)) + " bytes"
}
