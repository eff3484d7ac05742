package sweepui

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/breakerlab/breakerlab/engine/sweep"
)

// Run runs every job of a prepared plan on workers goroutines (0: one per
// core) and gathers the samples. progress, if not nil, is called on the
// caller's goroutine after each sample with the runs done and the total.
// When ctx is cancelled no new run starts, the runs under way stop within
// a step of virtual time (sweep.Plan.RunnerContext), and Run returns what
// is done with ctx's error. The result does not depend on
// the number of workers: each sample lands in its own cell and seed.
func Run(ctx context.Context, p *sweep.Plan, workers int, progress func(done, total int)) (*sweep.Result, error) {
	var each func(*sweep.Result)
	if progress != nil {
		each = func(res *sweep.Result) { progress(res.Runs, res.Total) }
	}
	return RunEach(ctx, p, workers, each)
}

// RunEach is Run, calling each (if not nil) on the caller's goroutine
// after every sample with the result so far, so that a view can show the
// cells as they come in. each must not keep res, which the next sample
// changes: a copy (Result.Clone) may go to another goroutine.
func RunEach(ctx context.Context, p *sweep.Plan, workers int, each func(res *sweep.Result)) (*sweep.Result, error) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	p.Restart() // a pass of its own, whatever ran on p before
	jobs := p.JobCount()
	res := sweep.NewResult(p)
	workers = min(workers, jobs)
	type outcome struct {
		s   sweep.Sample
		err error
	}
	// Room for a few samples a worker: the caller's goroutine gets a core
	// only now and then while every core runs a worker, and a worker that
	// found the channel full would wait for it instead of running.
	out := make(chan outcome, min(jobs, 16*workers))
	var next atomic.Int64
	var stop atomic.Bool
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runner := p.RunnerContext(ctx)
			for !stop.Load() && ctx.Err() == nil {
				k := int(next.Add(1)) - 1
				if k >= jobs {
					return
				}
				s, err := runner.Run(p.JobAt(k))
				out <- outcome{s, err}
			}
		}()
	}
	go func() { wg.Wait(); close(out) }()
	var firstErr error
	for o := range out {
		if o.err != nil {
			if firstErr == nil {
				firstErr = o.err
			}
			stop.Store(true)
			continue
		}
		res.Add(o.s)
		if each != nil {
			each(res)
		}
	}
	if firstErr != nil {
		return res, firstErr
	}
	if !res.Complete() {
		return res, ctx.Err()
	}
	return res, nil
}
