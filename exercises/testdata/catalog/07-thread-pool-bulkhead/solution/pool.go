// Package threadpool is a thread-pool bulkhead: a fixed set of workers for
// one dependency, a bounded queue in front of them, and a fast "no" when
// both are full.
package threadpool

import (
	"errors"
	"sync"
	"sync/atomic"
)

// Errors returned by Submit.
var (
	ErrQueueFull = errors.New("thread pool: all workers busy and the queue is full")
	ErrClosed    = errors.New("thread pool: closed")
)

// Pool runs tasks on a fixed number of worker goroutines. It is safe for
// use by many goroutines at once.
type Pool struct {
	tasks  chan func()
	active atomic.Int64
	wg     sync.WaitGroup // the workers

	mu     sync.RWMutex // guards closed, and sending on tasks against closing it
	closed bool
}

// New starts a pool of workers (at least 1) with a queue that holds up to
// queue waiting tasks (at least 0).
func New(workers, queue int) *Pool {
	p := &Pool{tasks: make(chan func(), max(queue, 0))}
	for range max(workers, 1) {
		p.wg.Add(1)
		go p.work()
	}
	return p
}

func (p *Pool) work() {
	defer p.wg.Done()
	for task := range p.tasks {
		p.active.Add(1)
		task()
		p.active.Add(-1)
	}
}

// Submit hands task to an idle worker or queues it. It never blocks: when
// every worker is busy and the queue is full it returns ErrQueueFull, and
// after Close it returns ErrClosed.
func (p *Pool) Submit(task func()) error {
	p.mu.RLock()
	defer p.mu.RUnlock()
	if p.closed {
		return ErrClosed
	}
	select {
	case p.tasks <- task:
		return nil
	default:
		return ErrQueueFull
	}
}

// Active returns how many tasks are running.
func (p *Pool) Active() int { return int(p.active.Load()) }

// Queued returns how many tasks wait in the queue.
func (p *Pool) Queued() int { return len(p.tasks) }

// Close stops accepting tasks, lets the workers finish what is running and
// queued, and returns when every worker has exited. Calling it again does
// nothing more than wait.
func (p *Pool) Close() {
	p.mu.Lock()
	if !p.closed {
		p.closed = true
		close(p.tasks)
	}
	p.mu.Unlock()
	p.wg.Wait()
}
