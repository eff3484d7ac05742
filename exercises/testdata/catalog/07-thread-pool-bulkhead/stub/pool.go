// Package threadpool is a thread-pool bulkhead: a fixed set of workers for
// one dependency, a bounded queue in front of them, and a fast "no" when
// both are full.
package threadpool

import (
	"errors"
)

// Errors returned by Submit.
var (
	ErrQueueFull = errors.New("thread pool: all workers busy and the queue is full")
	ErrClosed    = errors.New("thread pool: closed")
)

// Pool runs tasks on a fixed number of worker goroutines. It is safe for
// use by many goroutines at once.
type Pool struct {
	// TODO: the queue, the workers, and how Close knows they are done.
}

// New starts a pool of workers (at least 1) with a queue that holds up to
// queue waiting tasks (at least 0).
func New(workers, queue int) *Pool {
	// TODO: start the workers.
	return &Pool{}
}

// Submit hands task to an idle worker or queues it. It never blocks: when
// every worker is busy and the queue is full it returns ErrQueueFull, and
// after Close it returns ErrClosed.
func (p *Pool) Submit(task func()) error {
	// TODO
	return ErrQueueFull
}

// Active returns how many tasks are running.
func (p *Pool) Active() int {
	// TODO
	return 0
}

// Queued returns how many tasks wait in the queue.
func (p *Pool) Queued() int {
	// TODO
	return 0
}

// Close stops accepting tasks, lets the workers finish what is running and
// queued, and returns when every worker has exited. Calling it again does
// nothing more than wait.
func (p *Pool) Close() {
	// TODO
}
