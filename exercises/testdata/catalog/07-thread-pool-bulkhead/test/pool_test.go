package threadpool

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"
)

// These tests run in synctest bubbles: synctest.Wait() returns once every
// goroutine in the bubble is blocked, so a test knows the workers have
// picked up what they can. A bubble fails if goroutines are left blocked at
// its end: Close must let every worker exit.

// gate is a task that blocks until the gate opens.
type gate struct {
	ch   chan struct{}
	once sync.Once
}

func newGate() *gate  { return &gate{ch: make(chan struct{})} }
func (g *gate) task() { <-g.ch }
func (g *gate) open() { g.once.Do(func() { close(g.ch) }) }

// newPool starts a pool and waits until its workers are idle. The cleanup
// opens the gates and closes the pool, so that a failing test still lets
// every goroutine finish. It then sleeps a minute of the bubble's fake time
// (no real time passes): a Close that returns before its tasks are done
// leaves them sleeping, and the bubble would end in a deadlock panic that
// stops every other test and hides the message saying Close must wait.
func newPool(t *testing.T, workers, queue int, gates ...*gate) *Pool {
	p := New(workers, queue)
	synctest.Wait()
	t.Cleanup(func() {
		for _, g := range gates {
			g.open()
		}
		p.Close()
		time.Sleep(time.Minute)
	})
	return p
}

func submit(t *testing.T, p *Pool, task func()) {
	t.Helper()
	if err := p.Submit(task); err != nil {
		t.Fatalf("Submit returned %s, want no error while the pool has room (Active() = %d, Queued() = %d)", said(err), p.Active(), p.Queued())
	}
}

// refused submits task to a full pool, what saying how it is full, and
// wants ErrQueueFull at once. Submit runs on a goroutine of its own, so
// that one that blocks is told so here, where the bubble would otherwise
// end in a deadlock panic; the cleanup opens the gates and lets it finish.
func refused(t *testing.T, p *Pool, task func(), what string) {
	t.Helper()
	answered := make(chan error, 1)
	go func() { answered <- p.Submit(task) }()
	synctest.Wait()
	select {
	case err := <-answered:
		if !errors.Is(err, ErrQueueFull) {
			t.Fatalf("%s returned %s, want ErrQueueFull", what, said(err))
		}
	default:
		t.Fatalf("%s is still waiting; want ErrQueueFull at once: Submit never blocks, so a caller turned away can fail fast", what)
	}
}

func TestRunsTasks(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := newPool(t, 2, 10)
		var ran atomic.Int32
		for range 10 {
			submit(t, p, func() { ran.Add(1) })
			synctest.Wait()
		}
		p.Close()
		if n := ran.Load(); n != 10 {
			t.Fatalf("%d of 10 tasks ran", n)
		}
	})
}

// Two workers and a queue of one hold three tasks; the fourth is rejected
// at once instead of waiting.
func TestRejectsWhenWorkersAndQueueAreFull(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := newGate()
		p := newPool(t, 2, 1, g)
		submit(t, p, g.task)
		submit(t, p, g.task)
		synctest.Wait()
		if a := p.Active(); a != 2 {
			t.Fatalf("Active() = %d with two blocked tasks and two workers, want 2", a)
		}
		submit(t, p, g.task)
		if q := p.Queued(); q != 1 {
			t.Fatalf("Queued() = %d, want 1", q)
		}
		refused(t, p, g.task, "a 4th Submit, with both workers busy and the queue of 1 full,")
	})
}

func TestQueuedTaskRunsWhenAWorkerFrees(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		first, second := newGate(), newGate()
		p := newPool(t, 1, 1, first, second)
		submit(t, p, first.task)
		synctest.Wait()
		var ran atomic.Bool
		submit(t, p, func() { ran.Store(true); second.task() })
		synctest.Wait()
		if ran.Load() {
			t.Fatal("the queued task ran while the only worker was busy")
		}
		first.open()
		synctest.Wait()
		if !ran.Load() {
			t.Fatal("the queued task did not run once the worker was free")
		}
		if q, a := p.Queued(), p.Active(); q != 0 || a != 1 {
			t.Fatalf("Queued() = %d, Active() = %d; want 0 and 1", q, a)
		}
	})
}

// With no queue, a task is accepted only if a worker is idle.
func TestNoQueue(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := newGate()
		p := newPool(t, 1, 0, g)
		submit(t, p, g.task)
		synctest.Wait()
		refused(t, p, g.task, "Submit with the only worker busy and no queue")
		g.open()
		synctest.Wait()
		submit(t, p, func() {})
	})
}

// Three workers and plenty queued: three run at once, never more. Another
// goroutine reads Active and Queued all along, while tasks start and end:
// they must stay within the pool's sizes, and reading them must be safe
// (the race detector checks that).
func TestNeverMoreThanWorkersAtOnce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := newPool(t, 3, 100)
		stop := make(chan struct{})
		var watcher sync.WaitGroup
		watcher.Go(func() {
			for {
				if a, q := p.Active(), p.Queued(); a < 0 || a > 3 || q < 0 || q > 100 {
					t.Errorf("Active() = %d, Queued() = %d while tasks run; want 0 to 3 and 0 to 100", a, q)
				}
				select {
				case <-stop:
					return
				case <-time.After(time.Millisecond):
				}
			}
		})
		// Deferred, so that a failing submit below (t.Fatalf ends this
		// function) still stops the watcher: left waiting, it would end
		// the bubble in a deadlock panic that buries the failure.
		defer func() {
			close(stop)
			watcher.Wait()
		}()
		var inside, most, ran atomic.Int32
		for range 60 {
			submit(t, p, func() {
				n := inside.Add(1)
				if n > most.Load() {
					most.Store(n)
				}
				time.Sleep(10 * time.Millisecond)
				inside.Add(-1)
				ran.Add(1)
			})
		}
		p.Close()
		// Checked first: a Close that returns at once leaves most at 0,
		// which would read as a pool that runs nothing.
		if n := ran.Load(); n != 60 {
			t.Fatalf("Close returned with %d of 60 accepted tasks done; it must wait for running and queued tasks", n)
		}
		if m := most.Load(); m != 3 {
			t.Fatalf("at most %d tasks ran at once with 3 workers and plenty queued, want 3", m)
		}
	})
}

func TestCloseFinishesQueuedWork(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := newPool(t, 2, 5)
		var ran atomic.Int32
		for range 7 {
			submit(t, p, func() { time.Sleep(time.Second); ran.Add(1) })
		}
		p.Close()
		if n := ran.Load(); n != 7 {
			t.Fatalf("Close returned with %d of 7 accepted tasks done; it must wait for running and queued tasks", n)
		}
		if err := p.Submit(func() {}); !errors.Is(err, ErrClosed) {
			t.Fatalf("Submit after Close returned %s, want ErrClosed", said(err))
		}
		p.Close() // a second Close is harmless
	})
}

func TestOddSizes(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := newPool(t, 0, -3)
		done := make(chan struct{})
		if err := p.Submit(func() { close(done) }); err != nil {
			t.Fatalf("New(0, -3) gave a pool that rejects a task on an idle pool with %s; want 1 worker, no queue", said(err))
		}
		<-done
	})
}

// Goroutines submit while another closes the pool: no panic (a send on a
// closed channel would be one), every accepted task runs exactly once, and
// the race detector stays quiet.
func TestSubmitRacingClose(t *testing.T) {
	for round := range 20 {
		p := New(4, 8)
		var accepted, ran atomic.Int32
		var wg sync.WaitGroup
		for range 16 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range 50 {
					switch err := p.Submit(func() { ran.Add(1) }); {
					case err == nil:
						accepted.Add(1)
					case errors.Is(err, ErrQueueFull), errors.Is(err, ErrClosed):
					default:
						t.Errorf("Submit returned %s, want no error, ErrQueueFull or ErrClosed", said(err))
					}
				}
			}()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.Close()
		}()
		wg.Wait()
		p.Close()
		if a, r := accepted.Load(), ran.Load(); a != r {
			t.Fatalf("round %d: %d tasks accepted but %d ran", round, a, r)
		}
	}
}

// said is what a call returned, in words: "no error", or the error's text
// in quotes.
func said(err error) string {
	if err == nil {
		return "no error"
	}
	return fmt.Sprintf("%q", err.Error())
}
