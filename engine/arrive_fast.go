package engine

import "time"

// arriveTasks is arriveMany for a tasks server (tasks.go): it handles
// arrivals that follow a replayed order one after another, for as long as
// the next comes before the queue's head and before stop. Every arrival
// on a tasks server gets a task while the process is up, so one of an
// endpoint without tenants whose patience timer joins others in a ring
// with room takes arrive's steps for that case here, written out
// (startOnWorker's included): the order read, the counts, spawnTask, the
// request slot, the patience timer, the task, and startTask or the
// handler. Any other goes to arrive. The steps, and so the sequence
// numbers, are arrive's; in one loop they save the tasks server's
// arrivals runBefore's choice, a call and the slot's lookups.
func (r *Run) arriveTasks(stop time.Duration) {
	q := &r.queue
	for {
		epIdx := r.firstArr
		r.now = r.arrAt
		es := &r.endpoints[epIdx]
		if w := &es.waits; !es.tasked || r.tasks.down || (es.patience > 0 && (w.n == 0 || w.n == len(w.items))) {
			r.arrive(epIdx)
		} else {
			now := r.now
			// arrive's reading of the order.
			order := r.order
			k := es.sharedNext
			reqs := es.shared.reqs
			this := &reqs[k]
			latency, errDraw := this.latency, this.errDraw
			if k+1 < len(reqs) {
				r.seq++
				es.pendAt, es.pendSeq = reqs[k+1].at, r.seq
			}
			es.sharedNext = k + 1
			m := r.orderNext + 1
			r.orderNext = m
			if m < len(order) {
				ep := int(order[m])
				n := &r.endpoints[ep]
				r.firstArr, r.arrAt, r.arrSeq = ep, n.pendAt, n.pendSeq
			} else {
				r.firstArr, r.arrAt, r.arrSeq = -1, noArrival, 0
			}
			es.arrived++
			es.bucket.Arrivals++
			if now >= r.measureFrom && now < r.measureTo {
				es.windowArrived++
			}
			r.spawnTask() // tasks_run.go: the process is up, so it gives a task
			var id int32
			if n := len(r.freeRequests); n > 0 {
				id = r.freeRequests[n-1]
				r.freeRequests = r.freeRequests[:n-1]
			} else {
				r.requests = append(r.requests, request{})
				id = int32(len(r.requests) - 1)
			}
			req := &r.requests[id]
			gen := req.gen
			*req = request{}
			req.arrived, req.latency, req.errDraw, req.gen = now, latency, errDraw, gen
			req.ep, req.dep, req.tenant = int16(epIdx), int32(es.dep), noTenant
			r.open++
			if es.patience > 0 {
				// arrive's setting of the patience timer (timers.go),
				// in its common case: the timer joins others, with room.
				r.seq++
				w := &es.waits
				p := &w.items[(w.head+w.n)&(len(w.items)-1)]
				w.n++
				p.at, p.seq, p.req, p.gen, p.tok = now+es.patience, r.seq, id, gen, 0
			}
			// startOnWorker's steps.
			n := len(r.freeWorkers) - 1
			w := r.freeWorkers[n]
			r.freeWorkers = r.freeWorkers[:n]
			r.busy++
			r.maxBusy = max(r.maxBusy, r.busy) // fork.go
			es.busy++
			req.worker = w
			req.started = true
			if !r.startTask(id, req) { // tasks_run.go
				r.runHandler(id, req, es)
			}
		}
		if r.soon.seq != 0 || r.arrAt >= stop || r.arrAt > q.headAt || (r.arrAt == q.headAt && r.arrSeq >= q.headSeq) {
			return
		}
	}
}
