package engine

import (
	"math/bits"
	"time"
)

// eventKind says what an event does when its time comes.
type eventKind uint8

const (
	evCallDone     eventKind = iota + 1 // dependency dep answers an attempt of request req
	evPlainDone                         // evCallDone of a call nothing meets before its answer, with no slot written (answersSurely)
	evTimeout                           // the timeout layer stops waiting on an attempt
	evRetry                             // the retry layer's backoff is over: try again
	evBulkheadWait                      // a call waiting for a bulkhead slot gives up
	evDeadline                          // the call's total deadline has passed
	evPatience                          // the client stops waiting for its answer
	// evRateWait ends a call's wait at the rate limiter (ratelimitlayer.go):
	// err set means the limiter refused it; otherwise it has its permit.
	evRateWait
	// The kinds from here on are the services' (services_run.go).
	evChildArrive // request req's call reaches instance dep of the service it calls
	evWorkDone    // request req's own work (Service.Work) is done
	evHeld        // a hung instance lets request req's answer (outcome tok) go
	evSvcFault    // instance req's fault tok starts (err) or ends
	evLeafDone    // evCallDone of a service's call to a leaf with no layers, or a timeout alone (leafDone)
	// The kinds from here on are a tasks server's and its pools'
	// (tasks_run.go, pools_run.go).
	evTaskReady   // request req's handler has had its time on the loop
	evTaskAnswer  // the loop is free to send request req's answer (outcome tok)
	evTaskRestart // the killed process is back
	evConnWait    // request req has waited its pool's Wait for a connection
	evDialDone    // request req's dial is done (err: it failed)
	evOrphanDial  // a dial whose caller gave up is done (pools_run.go: runOn)
)

// event is a value, not an interface, so the queue never allocates per event.
type event struct {
	at   time.Duration
	seq  uint64 // breaks ties in the order events were scheduled
	req  int32
	gen  uint32 // the request slot's generation when the event was scheduled
	tok  uint32 // the token of the layer or attempt it belongs to
	next int32  // the wheel: the next event in the same slot (a slab index, 0 none)
	dep  int32
	kind eventKind
	err  bool // evCallDone, evPlainDone: the dependency answered with an error
}

// An evPlainDone's call writes no slot (answersSurely): its event keeps
// the arrival time in gen (low half) and tok (high half), and the worker
// and the endpoint in dep (plainWorker, plainEp), in the fields the event
// has, so that no other event grows or is built otherwise.
func (e *event) plainArrived() time.Duration {
	return time.Duration(uint64(e.gen) | uint64(e.tok)<<32)
}

// plainWorker and plainEp unpack an evPlainDone's dep: the worker in its
// low 24 bits, the endpoint above them. Validate holds both in range.
func (e *event) plainWorker() int32 { return e.dep & (1<<24 - 1) }
func (e *event) plainEp() int       { return int(e.dep >> 24) }

// The packing's ranges: a compile error here when MaxWorkers or
// MaxEndpoints outgrows it.
const (
	_ = uint(1<<24 - MaxWorkers)
	_ = uint(1<<7 - MaxEndpoints)
)

func (a *event) before(b *event) bool {
	return a.at < b.at || (a.at == b.at && a.seq < b.seq)
}

// eventQueue hands events back in (at, seq) order. Most events fall due
// within a few seconds of now (a call's answer, a timeout, a backoff), so
// they live in a timing wheel: a ring of slots, each covering 2^slotShift
// ns and holding a list kept sorted, with its last event, a bitmap of the
// slots in use and the first one in use kept at hand. Scheduling costs a
// few steps: a slot rarely holds more than a few events, and one later
// than its slot's last (the many calls a hang holds to its end, say) goes
// after it without a walk. So does taking the next event, plus a scan of
// the bitmap when its slot empties, usually within one word. Events
// beyond the wheel's horizon (long timeouts, patience) wait in a 4-ary
// heap, far; the next event is whichever of the two heads comes first, so
// the order is exactly a single heap's, ties included.
//
// The wheel's slots are relative to cur, the slot of the last event handed
// out: every pending event is at or after it (the simulation never
// schedules into the past), and one goes into the wheel only when its slot
// is less than a whole turn ahead of cur, so the wheel's events, read from
// cur round the ring, come in time order.
type eventQueue struct {
	slab  []event // the wheel's events; index 0 is unused so 0 means none
	free  int32   // a list of free slab cells, linked through next
	heads [wheelSlots]int32
	tails [wheelSlots]int32 // each slot's last event, when its head is not 0
	used  [wheelSlots / 64]uint64
	cur   int64 // the absolute slot of the last event handed out
	first int   // the ring index of the first slot in use, when inW > 0
	inW   int   // events in the wheel
	far   farHeap
	// popped holds the far heap's event that popCell took last.
	popped event
	// headAt and headSeq are the next event's time and seq (noArrival
	// and 0 when the queue is empty; seqs start at 1), kept up to date so
	// that the run can compare it with the next arrival without finding
	// it.
	headAt  time.Duration
	headSeq uint64
}

const (
	slotShift  = 22 // a slot is 2^22 ns, about 4.2 ms
	wheelSlots = 2048
	wheelMask  = wheelSlots - 1 // the wheel spans about 8.6 s
)

func (q *eventQueue) len() int { return q.inW + len(q.far.items) }

func (q *eventQueue) push(e event) {
	if c := q.place(e.at, e.seq); c != nil {
		next := c.next
		*c = e
		c.next = next
		return
	}
	q.pushFar(e)
}

// pushFar is push for an event beyond the wheel's horizon (place returned
// nil for it).
func (q *eventQueue) pushFar(e event) {
	if q.headSeq == 0 || e.at < q.headAt || (e.at == q.headAt && e.seq < q.headSeq) {
		q.headAt, q.headSeq = e.at, e.seq
	}
	q.far.push(&e)
}

// place queues an event at (at, seq), seq the largest so far, in the
// wheel and returns its cell, with at, seq and next set, for the caller
// to fill in the rest: the hottest events are written once, in place,
// instead of being built and copied on the way in. It returns nil, and
// queues nothing, when the event lies beyond the wheel's horizon, or
// when finding its place in its slot would take more than maxWalk steps:
// the caller then hands the whole event to pushFar. It is placeAt's steps
// for the largest seq so far, with the comparisons of seq, which never
// hold for it, left out: the event goes after every event of its slot
// not later than it, and a tie on at leaves the head as it is.
func (q *eventQueue) place(at time.Duration, seq uint64) *event {
	slot := int64(at >> slotShift)
	if slot-q.cur >= wheelSlots {
		return nil
	}
	idx := q.free
	if idx == 0 {
		idx = q.grow()
	}
	slab := q.slab
	c := &slab[idx]
	q.free = c.next
	c.at, c.seq = at, seq
	q.inW++
	i := int(slot & wheelMask)
	next := q.heads[i]
	if next == 0 {
		c.next = 0
		q.heads[i], q.tails[i] = idx, idx
		q.used[i>>6] |= 1 << (i & 63)
		base := int(q.cur & wheelMask)
		if q.inW == 1 || (i-base)&wheelMask < (q.first-base)&wheelMask {
			q.first = i
		}
		if q.headSeq == 0 || at < q.headAt {
			q.headAt, q.headSeq = at, seq
		}
		return c
	}
	if t := &slab[q.tails[i]]; t.at <= at {
		c.next = 0
		t.next = idx
		q.tails[i] = idx
		return c
	}
	prev := int32(0)
	for n := 0; slab[next].at <= at; n++ {
		if n == maxWalk {
			q.unplace(idx)
			return nil
		}
		prev, next = next, slab[next].next
	}
	c.next = next
	if prev == 0 {
		q.heads[i] = idx
		if at < q.headAt { // the queue holds another event: the slot's
			q.headAt, q.headSeq = at, seq
		}
	} else {
		slab[prev].next = idx
	}
	return c
}

// unplace gives back cell idx, taken for an event that goes to the far
// heap after all (maxWalk).
func (q *eventQueue) unplace(idx int32) {
	q.slab[idx].next, q.free = q.free, idx
	q.inW--
}

// maxWalk is the most events a walk to a new event's place in its slot
// passes: past it, the event goes to the far heap (pushFar), which orders
// it with the wheel's exactly. A slot rarely holds more than a few, and
// events later than its last go after it at once; but a hang's end puts
// thousands in a few slots, in no order (the calls it held, each answered
// a latency after its end, and the dials to its host), and their walks
// took go-server's sweeps a third of their time.
const maxWalk = 24

// placeAt queues an event at (at, seq) in the wheel and returns its cell,
// as place does, for any seq: a timer set earlier and kept aside until it
// is its FIFO's first (timers.go) has a seq below the latest. It goes
// after every event of its slot that comes before it by (at, seq), and it
// may become the head on a tie of at. It returns nil as place does.
func (q *eventQueue) placeAt(at time.Duration, seq uint64) *event {
	slot := int64(at >> slotShift)
	if slot-q.cur >= wheelSlots {
		return nil
	}
	idx := q.free
	if idx == 0 {
		idx = q.grow()
	}
	slab := q.slab
	c := &slab[idx]
	q.free = c.next
	c.at, c.seq = at, seq
	q.inW++
	i := int(slot & wheelMask)
	next := q.heads[i]
	if next == 0 {
		c.next = 0
		q.heads[i], q.tails[i] = idx, idx
		q.used[i>>6] |= 1 << (i & 63)
		base := int(q.cur & wheelMask)
		if q.inW == 1 || (i-base)&wheelMask < (q.first-base)&wheelMask {
			q.first = i
		}
		q.newHead(at, seq)
		return c
	}
	if t := &slab[q.tails[i]]; t.at < at || (t.at == at && t.seq < seq) {
		// After the slot's last: events scheduled in time order, or many
		// at one time (calls a hang holds until its end), go here at once
		// instead of walking the whole slot. The slot's first comes
		// before it, so it is not the head.
		c.next = 0
		t.next = idx
		q.tails[i] = idx
		return c
	}
	// Somewhere before the last, which the walk stops at or before: the
	// tail stays. Past maxWalk steps the event goes to the far heap.
	prev := int32(0)
	for n := 0; slab[next].at < at || (slab[next].at == at && slab[next].seq < seq); n++ {
		if n == maxWalk {
			q.unplace(idx)
			return nil
		}
		prev, next = next, slab[next].next
	}
	c.next = next
	if prev == 0 {
		q.heads[i] = idx
		q.newHead(at, seq) // first in its slot, it may be the first of all
	} else {
		slab[prev].next = idx
	}
	return c
}

// newHead makes (at, seq), just queued in the wheel, the head if it comes
// before the head, or the queue held nothing else.
func (q *eventQueue) newHead(at time.Duration, seq uint64) {
	if q.headSeq == 0 || at < q.headAt || (at == q.headAt && seq < q.headSeq) {
		q.headAt, q.headSeq = at, seq
	}
}

// grow adds a cell to the slab and returns its index.
func (q *eventQueue) grow() int32 {
	if len(q.slab) == 0 {
		q.slab = append(q.slab, event{}) // index 0 stands for none
	}
	q.slab = append(q.slab, event{})
	return int32(len(q.slab) - 1)
}

// peek returns the next event, or nil when the queue is empty.
func (q *eventQueue) peek() *event {
	if q.inW == 0 {
		if len(q.far.items) == 0 {
			return nil
		}
		return &q.far.items[0]
	}
	w := &q.slab[q.heads[q.first]]
	if len(q.far.items) > 0 && q.far.items[0].before(w) {
		return &q.far.items[0]
	}
	return w
}

// pop removes and returns the next event; the queue must not be empty.
func (q *eventQueue) pop() event {
	var e event
	q.popTo(&e)
	return e
}

// popTo is pop, writing the event to *e.
func (q *eventQueue) popTo(e *event) { *e = *q.popCell() }

// popCell removes the next event and returns it where it lies: its cell
// in the wheel, now free, or a copy of the far heap's. It stays as it is
// until the next push or place, so the run reads the fields it needs
// there instead of copying the whole event out first (Run.runBefore). The
// queue must not be empty.
func (q *eventQueue) popCell() *event {
	var e *event
	if len(q.far.items) > 0 && q.far.items[0].seq == q.headSeq {
		q.far.popTo(&q.popped)
		e = &q.popped
	} else {
		s := q.first & wheelMask // first is a ring index already: the mask only spares a bounds check
		idx := q.heads[s]
		e = &q.slab[idx]
		next := e.next
		q.heads[s] = next
		e.next, q.free = q.free, idx
		q.inW--
		if next == 0 {
			q.used[s>>6] &^= 1 << (s & 63)
			if q.inW > 0 {
				q.first = q.scanFrom(s)
			}
		}
	}
	q.cur = int64(e.at >> slotShift)
	// The next head is the wheel's first or the far heap's, whichever
	// comes first.
	q.headAt, q.headSeq = noArrival, 0
	if q.inW > 0 {
		w := &q.slab[q.heads[q.first&wheelMask]]
		q.headAt, q.headSeq = w.at, w.seq
	}
	if len(q.far.items) > 0 {
		q.farFirst()
	}
	return e
}

// farFirst makes the far heap's first event the head if it comes before
// the wheel's (the head so far), ties going to the smaller seq: popCell's
// last step, and Run.runBefore's after it takes the wheel's first itself.
func (q *eventQueue) farFirst() {
	if f := &q.far.items[0]; f.at < q.headAt || (f.at == q.headAt && f.seq < q.headSeq) {
		q.headAt, q.headSeq = f.at, f.seq
	}
}

// nextSlot makes the wheel's next event the head once slot s, the first,
// has emptied (Run.runBefore takes the wheel's first event itself,
// popCell's common case, and then compares the head with the far heap's
// first).
func (q *eventQueue) nextSlot(s int) {
	q.used[s>>6] &^= 1 << (s & 63)
	if q.inW == 0 {
		q.headAt, q.headSeq = noArrival, 0
		return
	}
	q.first = q.scanFrom(s)
	w := &q.slab[q.heads[q.first&wheelMask]]
	q.headAt, q.headSeq = w.at, w.seq
}

// popHead removes and returns the next event, which peek has just
// returned as head.
func (q *eventQueue) popHead(head *event) event { return q.pop() }

// scanFrom finds the first slot in use at or after ring index i, going
// round the ring; the wheel must not be empty.
func (q *eventQueue) scanFrom(i int) int {
	w := i >> 6
	word := q.used[w] &^ (1<<(i&63) - 1)
	for word == 0 {
		w = (w + 1) & (len(q.used) - 1)
		word = q.used[w]
	}
	return w<<6 | bits.TrailingZeros64(word)
}

// farHeap is a 4-ary min-heap ordered by (at, seq): shallower than a
// binary heap, and its four children sit in one or two cache lines. Sifting
// moves a hole instead of swapping, so each level costs one write.
type farHeap struct {
	items []event
}

const arity = 4

// push adds *e, which must not be one of the heap's cells: taken by
// pointer, it is not copied again onto the stack for the call.
func (q *farHeap) push(e *event) {
	// The new last cell is written once, where e ends: appended, e was
	// copied there first and again at its place (a hung provider's held
	// answers are pushed here by the thousand).
	i := len(q.items)
	if i < cap(q.items) {
		q.items = q.items[:i+1] // the field's length alone, as in popTo
	} else {
		q.items = append(q.items, event{})
	}
	items := q.items
	for i > 0 {
		parent := (i - 1) / arity
		if !e.before(&items[parent]) {
			break
		}
		items[i] = items[parent]
		i = parent
	}
	items[i] = *e
}

// popTo removes the first event and writes it to *dst, which must not be
// one of the heap's cells: written there at once, it is not copied out
// and back through the stack and the registers of a return.
func (q *farHeap) popTo(dst *event) {
	items := q.items
	n := len(items) - 1
	*dst = items[0]
	last := items[n]
	// Slicing the field onto itself writes its length alone: assigned from
	// a local, the pointer was written too, under the collector's write
	// barrier while a sweep's collection runs (some 50 instructions a pop
	// in go-server's memory sweep).
	q.items = q.items[:n]
	items = items[:n]
	if n == 0 {
		return
	}
	// The hole left at the top goes down to a leaf, taking the smaller
	// child each level, and the last item comes up from there to its
	// place: it came from the bottom, so it rarely climbs far, and each
	// level on the way down saves comparing it with the smaller child.
	// Keys are unique (every seq is), so it ends where sifting it down
	// from the top would have put it, and the smallest child is the same
	// however the children are compared.
	i := 0
	for {
		first := arity*i + 1
		if first+arity > n {
			break
		}
		// Four children, the common case: written out, with one bounds
		// check and the smallest's key kept in registers (a loop over
		// them was most of a pop: a hung provider's thousands of held
		// answers come out of this heap at the hang's end).
		c := items[first : first+arity : first+arity]
		small, at, seq := 0, c[0].at, c[0].seq
		if c[1].at < at || (c[1].at == at && c[1].seq < seq) {
			small, at, seq = 1, c[1].at, c[1].seq
		}
		if c[2].at < at || (c[2].at == at && c[2].seq < seq) {
			small, at, seq = 2, c[2].at, c[2].seq
		}
		if c[3].at < at || (c[3].at == at && c[3].seq < seq) {
			small = 3
		}
		items[i] = c[small]
		i = first + small
	}
	if first := arity*i + 1; first < n {
		// The last level's parent with fewer than four children.
		small := first
		for c := first + 1; c < n; c++ {
			if items[c].before(&items[small]) {
				small = c
			}
		}
		items[i] = items[small]
		i = small
	}
	for i > 0 {
		parent := (i - 1) / arity
		if !last.before(&items[parent]) {
			break
		}
		items[i] = items[parent]
		i = parent
	}
	items[i] = last
}

// debugChecks turns on checks that cost time on the hot path; the
// package's tests set it (debug_test.go).
var debugChecks = false
