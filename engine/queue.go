package engine

import "time"

// eventKind says what an event does when its time comes.
type eventKind uint8

const (
	evCallDone     eventKind = iota + 1 // dependency dep answers an attempt of request req
	evTimeout                           // the timeout layer stops waiting on an attempt
	evRetry                             // the retry layer's backoff is over: try again
	evBulkheadWait                      // a call waiting for a bulkhead slot gives up
	evDeadline                          // the call's total deadline has passed
	evPatience                          // the client stops waiting for its answer
	evDrainLimit                        // the run stops waiting for open requests
)

// event is a value, not an interface, so the queue never allocates per event.
type event struct {
	at   time.Duration
	seq  uint64 // breaks ties in the order events were scheduled
	req  int32
	gen  uint32 // the request slot's generation when the event was scheduled
	tok  uint32 // the token of the layer or attempt it belongs to
	dep  int16
	kind eventKind
	err  bool // evCallDone: the dependency answered with an error
}

func (a *event) before(b *event) bool {
	return a.at < b.at || (a.at == b.at && a.seq < b.seq)
}

// eventQueue is a 4-ary min-heap ordered by (at, seq): shallower than a
// binary heap, and its four children sit in one or two cache lines. Sifting
// moves a hole instead of swapping, so each level costs one write.
type eventQueue struct {
	items []event
}

const arity = 4

func (q *eventQueue) len() int { return len(q.items) }

func (q *eventQueue) peek() *event { return &q.items[0] }

func (q *eventQueue) push(e event) {
	q.items = append(q.items, e)
	i := len(q.items) - 1
	for i > 0 {
		parent := (i - 1) / arity
		if !e.before(&q.items[parent]) {
			break
		}
		q.items[i] = q.items[parent]
		i = parent
	}
	q.items[i] = e
}

func (q *eventQueue) pop() event {
	items := q.items
	top := items[0]
	last := items[len(items)-1]
	items = items[:len(items)-1]
	q.items = items
	n := len(items)
	if n == 0 {
		return top
	}
	i := 0
	for {
		first := arity*i + 1
		if first >= n {
			break
		}
		small := first
		end := min(first+arity, n)
		for c := first + 1; c < end; c++ {
			if items[c].before(&items[small]) {
				small = c
			}
		}
		if !items[small].before(&last) {
			break
		}
		items[i] = items[small]
		i = small
	}
	items[i] = last
	return top
}
