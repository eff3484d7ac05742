package lab

import (
	"net/http"
	"sync"
	"sync/atomic"
)

// pool is the API's worker pool, the way a Tomcat connector runs: net/http
// accepts connections and reads requests on goroutines of its own (the
// acceptor), and each request then waits in a bounded FIFO queue for one of
// a fixed number of worker goroutines, which runs the handler. At most size
// handlers run at once, whatever the number of connections.
//
// A worker runs a request even if its client has given up while it waited
// in the queue: like a servlet container, the API learns that the client is
// gone only when it writes the answer.
type pool struct {
	size int
	jobs chan *job
	busy atomic.Int64
	// owner holds, per worker, the endpoint (an index the caller chose)
	// whose request it runs, or -1: what the pool pane draws.
	owner []atomic.Int32
	wg    sync.WaitGroup

	mu     sync.RWMutex
	closed bool

	// full answers a request the queue cannot hold.
	full http.Handler
}

type job struct {
	w     http.ResponseWriter
	r     *http.Request
	h     http.Handler
	owner int32
	done  chan struct{}
}

func newPool(size, queue int, full http.Handler) *pool {
	p := &pool{size: size, jobs: make(chan *job, queue), full: full, owner: make([]atomic.Int32, size)}
	p.wg.Add(size)
	for i := range size {
		p.owner[i].Store(-1)
		go p.work(i)
	}
	return p
}

func (p *pool) work(i int) {
	defer p.wg.Done()
	for j := range p.jobs {
		p.busy.Add(1)
		p.owner[i].Store(j.owner)
		j.h.ServeHTTP(j.w, j.r)
		p.owner[i].Store(-1)
		p.busy.Add(-1)
		close(j.done)
	}
}

// Owners appends each worker's owner (-1 when free) to dst.
func (p *pool) Owners(dst []int16) []int16 {
	if p == nil {
		return dst
	}
	for i := range p.owner {
		dst = append(dst, int16(p.owner[i].Load()))
	}
	return dst
}

// wrap returns a handler that runs h on a worker. The connection's own
// goroutine waits for the worker to finish, since the ResponseWriter is
// valid only until ServeHTTP returns.
func (p *pool) wrap(owner int, h http.Handler) http.Handler {
	if p == nil {
		return h // the Go server: the connection's goroutine runs it
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		j := &job{w: w, r: r, h: h, owner: int32(owner), done: make(chan struct{})}
		p.mu.RLock()
		queued := false
		if !p.closed {
			select {
			case p.jobs <- j:
				queued = true
			default:
			}
		}
		p.mu.RUnlock()
		if !queued {
			p.full.ServeHTTP(w, r)
			return
		}
		<-j.done
	})
}

// InUse is the number of workers running a handler now.
func (p *pool) InUse() int {
	if p == nil {
		return 0
	}
	return int(p.busy.Load())
}

// Queued is the number of requests waiting for a worker.
func (p *pool) Queued() int {
	if p == nil {
		return 0
	}
	return len(p.jobs)
}

// close lets the workers finish the queue and waits for them.
func (p *pool) close() {
	if p == nil {
		return
	}
	p.mu.Lock()
	if !p.closed {
		p.closed = true
		close(p.jobs)
	}
	p.mu.Unlock()
	p.wg.Wait()
}
