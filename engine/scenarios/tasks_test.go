package scenarios

import (
	"net/http"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
)

// taskSeeds are the seeds each tasks scenario's point is checked on.
var taskSeeds = []uint64{1, 2, 3}

func okShare(s *engine.Snapshot, ep int) float64 {
	return report.WindowTally(&s.Endpoints[ep]).Share(engine.OK)
}

// go-server's no-timeout design is http.DefaultClient: its transport keeps
// net/http's default of idle connections a host.
func TestGoServerIdleCapIsGosDefault(t *testing.T) {
	if got := GoServer().Variants[0].System.Pools[0].IdlePerHost; got != http.DefaultMaxIdleConnsPerHost {
		t.Errorf("go-server's DefaultClient keeps %d idle connections a host; net/http's DefaultMaxIdleConnsPerHost is %d", got, http.DefaultMaxIdleConnsPerHost)
	}
}

// Each variant of async-cascade makes its point on seeds 1 to 3. With no
// containment search's parked tasks take every connection of the shared
// pool and profile and catalog, whose upstreams are healthy, fail waiting
// behind them, while the loop is busy a few percent of the time; with a
// semaphore per upstream search's parked tasks are bounded by its permits
// and its queue timeout, and the other two are answered; with breaker +
// bulkhead search is answered from the cache. Values seen (seeds 1-3):
// profile and catalog 3.4-4.6 % ok with no containment, 100 % with
// semaphores; loop busy 5.0 %; search's live tasks 7 096-7 163 with no
// containment, at most 60 with semaphores.
func TestAsyncCascadeMakesEachPoint(t *testing.T) {
	const none, semaphores, breakers = 0, 1, 2
	for _, seed := range taskSeeds {
		snaps, err := engine.RunAll(AsyncCascade(), seed)
		if err != nil {
			t.Fatal(err)
		}
		for ep := 1; ep < len(asyncRoutes); ep++ {
			name := asyncRoutes[ep].route
			if s := okShare(&snaps[none], ep); s > 0.3 {
				t.Errorf("seed %d: with no containment %s should fail behind search's parked tasks, got %.1f %% ok", seed, name, 100*s)
			}
			for _, v := range []int{semaphores, breakers} {
				if s := okShare(&snaps[v], ep); s < 0.99 {
					t.Errorf("seed %d, %s: %s should not notice search's slowness, got %.1f %% ok", seed, snaps[v].Variant, name, 100*s)
				}
			}
		}
		for v := range snaps {
			tk := snaps[v].Tasks
			if tk == nil {
				t.Fatalf("seed %d, %s: no tasks server in the snapshot", seed, snaps[v].Variant)
			}
			// The loop is idle in every variant: what runs out is not CPU.
			if tk.LoopBusy > 0.1 || tk.LoopBusy < 0.01 {
				t.Errorf("seed %d, %s: loop busy %.1f %%, want a few percent", seed, snaps[v].Variant, 100*tk.LoopBusy)
			}
			if tk.Kills != 0 {
				t.Errorf("seed %d, %s: %d OOM kills; memory is not this scenario's point", seed, snaps[v].Variant, tk.Kills)
			}
		}
		pool := snaps[none].Pools[0]
		if pool.InUseMax != pool.Size || pool.WaitingMax < 1000 {
			t.Errorf("seed %d: with no containment the pool should run out (in use max %d of %d) and tasks pile up waiting (waiting max %d)", seed, pool.InUseMax, pool.Size, pool.WaitingMax)
		}
		if l := snaps[none].Tasks.LiveMax; l < 1000 {
			t.Errorf("seed %d: with no containment parked tasks should pile up, got at most %d live", seed, l)
		}
		search := snaps[semaphores].Dependencies[0]
		// Permits held, plus the callers waiting the queue timeout for one,
		// plus the other endpoints' own: the semaphores bound it all.
		if l, bound := snaps[semaphores].Tasks.LiveMax, 3*search.BulkheadCap+search.BulkheadWaitingMax; l > bound {
			t.Errorf("seed %d: with semaphores live tasks reached %d, above %d", seed, l, bound)
		}
		if search.BulkheadMax != search.BulkheadCap || search.BulkheadWaitedOut == 0 {
			t.Errorf("seed %d: search's semaphore should fill (%d of %d) and refuse callers after its queue timeout (%d did)", seed, search.BulkheadMax, search.BulkheadCap, search.BulkheadWaitedOut)
		}
		if p := snaps[semaphores].Pools[0]; p.WaitingMax != 0 {
			t.Errorf("seed %d: with semaphores nobody should wait for a connection, %d did at once", seed, p.WaitingMax)
		}
		if s := report.WindowTally(&snaps[breakers].Endpoints[0]).Share(engine.Fallback); s < 0.9 {
			t.Errorf("seed %d: with breaker + bulkhead search should be answered from the cache, got %.1f %% fallback", seed, 100*s)
		}
	}
}

// go-server: with no timeout the goroutines parked on the hung provider
// grow until the process is killed at its memory limit, and orders and
// health, which never call the provider, fail with it (refused while it
// restarts); with a context deadline, MaxConnsPerHost and semaphores
// memory stays far below the limit and they are answered. Values seen
// (seeds 1-3): 2 kills, orders and health about 80 % ok with no timeout;
// no kill, 100 % ok and a peak of about 54 MiB of 256 contained.
func TestGoServerMakesEachPoint(t *testing.T) {
	const none, contained = 0, 1
	for _, seed := range taskSeeds {
		snaps, err := engine.RunAll(GoServer(), seed)
		if err != nil {
			t.Fatal(err)
		}
		loose, tight := snaps[none].Tasks, snaps[contained].Tasks
		if loose.Kills == 0 || loose.MemoryPeak < loose.MemoryLimit {
			t.Errorf("seed %d: with no timeout memory should reach the limit and the process be killed: peak %d of %d, %d kills", seed, loose.MemoryPeak, loose.MemoryLimit, loose.Kills)
		}
		if tight.Kills != 0 || tight.MemoryPeak > tight.MemoryLimit/2 {
			t.Errorf("seed %d: contained, memory should stay low: peak %d of %d, %d kills", seed, tight.MemoryPeak, tight.MemoryLimit, tight.Kills)
		}
		for ep := 1; ep <= 2; ep++ {
			name := snaps[none].Endpoints[ep].Name
			if s := okShare(&snaps[none], ep); s > 0.95 {
				t.Errorf("seed %d: with no timeout %s should fail with the killed process, got %.1f %% ok", seed, name, 100*s)
			}
			if s := okShare(&snaps[contained], ep); s < 0.99 {
				t.Errorf("seed %d: contained, %s should not notice the hang, got %.1f %% ok", seed, name, 100*s)
			}
		}
		if loose.Refused == 0 {
			t.Errorf("seed %d: no arrival was refused while the killed process restarted", seed)
		}
		if p := snaps[contained].Pools[0]; p.InUseMax > p.PerHost {
			t.Errorf("seed %d: the transport held %d connections to the provider, above MaxConnsPerHost %d", seed, p.InUseMax, p.PerHost)
		}
		// http.DefaultClient's transport keeps 2 idle connections to the
		// provider: with about a dozen checkouts in flight before the
		// hang, most of its calls dial; the tuned transport keeps as many
		// as it may open, and dials about once a connection.
		if p := snaps[none].Pools[0]; p.IdleClosed == 0 || p.Dials < p.Acquired/2 {
			t.Errorf("seed %d: with the default's idle cap the transport should dial most calls: %d dials, %d connections closed idle, of %d handed out", seed, p.Dials, p.IdleClosed, p.Acquired)
		}
		if p := snaps[contained].Pools[0]; p.IdleClosed != 0 {
			t.Errorf("seed %d: contained, the transport keeps every connection it may open, yet closed %d idle", seed, p.IdleClosed)
		}
	}
}

// event-loop-stall: the blocking report handler delays every endpoint:
// search's and profile's p99 are many times their upstreams' while the
// loop is mostly busy; moved off the loop, they are back to their
// upstreams' and the loop is mostly idle. Values seen (seeds 1-3): p99
// 1.1-1.6 s and loop busy 67-70 % blocking, 41-52 ms and 10 % off the
// loop.
func TestEventLoopStallMakesEachPoint(t *testing.T) {
	const blocking, offLoop = 0, 1
	for _, seed := range taskSeeds {
		snaps, err := engine.RunAll(EventLoopStall(), seed)
		if err != nil {
			t.Fatal(err)
		}
		for ep := 0; ep < 2; ep++ {
			slow, fast := snaps[blocking].Endpoints[ep].P99, snaps[offLoop].Endpoints[ep].P99
			if slow < 5*fast {
				t.Errorf("seed %d: %s's p99 should jump with the blocking call on the loop: %v vs %v off it", seed, snaps[blocking].Endpoints[ep].Name, slow, fast)
			}
			if fast > 100*ms {
				t.Errorf("seed %d: off the loop %s's p99 should be its upstream's, got %v", seed, snaps[offLoop].Endpoints[ep].Name, fast)
			}
		}
		if b := snaps[blocking].Tasks.LoopBusy; b < 0.5 {
			t.Errorf("seed %d: the blocking call should keep the loop busy most of the time, got %.1f %%", seed, 100*b)
		}
		if b := snaps[offLoop].Tasks.LoopBusy; b > 0.2 {
			t.Errorf("seed %d: off the loop, the loop should be mostly idle, got %.1f %%", seed, 100*b)
		}
		if l := snaps[blocking].Tasks.LagMax; l < 100*ms {
			t.Errorf("seed %d: the loop's lag should show the stall, got %v", seed, l)
		}
	}
}

func BenchmarkAsyncCascade(b *testing.B) { benchScenario(b, AsyncCascade) }
