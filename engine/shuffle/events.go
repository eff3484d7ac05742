package shuffle

import "time"

// eventKind is what happens at a scheduled moment of the timeline.
type eventKind uint8

const (
	customerSend  eventKind = iota // a customer other than the poisoned one sends a request
	poisonSend                     // the poisoned customer sends a request
	poisonRetry                    // the poisoned customer retries after a crash
	workerRestart                  // a crashed worker's supervisor starts it again
	workerBack                     // a restarted worker serves again
)

type event struct {
	at      time.Duration
	seq     uint64 // scheduling order, to break ties between equal times
	kind    eventKind
	subject int32 // the customer or worker the event concerns
	attempt int32 // for poisonRetry: which try of the request this is
}

func (e event) before(o event) bool {
	if e.at != o.at {
		return e.at < o.at
	}
	return e.seq < o.seq
}

// eventQueue is a binary min-heap of events by (time, scheduling order).
// It is written out for the one element type rather than built on
// container/heap, whose interface boxing would allocate on every push.
type eventQueue struct {
	items   []event
	nextSeq uint64
}

func (q *eventQueue) len() int    { return len(q.items) }
func (q *eventQueue) peek() event { return q.items[0] }

func (q *eventQueue) push(e event) {
	e.seq = q.nextSeq
	q.nextSeq++
	q.items = append(q.items, e)
	i := len(q.items) - 1
	for i > 0 {
		parent := (i - 1) / 2
		if !q.items[i].before(q.items[parent]) {
			break
		}
		q.items[i], q.items[parent] = q.items[parent], q.items[i]
		i = parent
	}
}

func (q *eventQueue) pop() event {
	top := q.items[0]
	last := len(q.items) - 1
	q.items[0] = q.items[last]
	q.items = q.items[:last]
	i := 0
	for {
		smallest, left, right := i, 2*i+1, 2*i+2
		if left < last && q.items[left].before(q.items[smallest]) {
			smallest = left
		}
		if right < last && q.items[right].before(q.items[smallest]) {
			smallest = right
		}
		if smallest == i {
			return top
		}
		q.items[i], q.items[smallest] = q.items[smallest], q.items[i]
		i = smallest
	}
}
