package pane

import (
	"time"
)

// EdgeCalls are the calls along an edge over a stretch of its samples:
// made (begun by their callers), answered, and of those failed or
// refused. The map's calls a second and failed share and the circuit
// tiles' come from this one count: a rate of answers alone read 0/s for
// go-server's payments while checkout called it 190 times a second, every
// call dialling a host that had hung.
type EdgeCalls struct {
	Made, Answered, Failed uint64
	Span                   int // the samples counted
}

// Add counts another edge's calls in (a node called along two edges, a
// shared breaker's members): the spans are the same stretch of time.
func (c *EdgeCalls) Add(o EdgeCalls) {
	c.Made += o.Made
	c.Answered += o.Answered
	c.Failed += o.Failed
	c.Span = max(c.Span, o.Span)
}

// Rate is the calls made a second.
func (c EdgeCalls) Rate(every time.Duration) float64 {
	if c.Span <= 0 || every <= 0 {
		return 0
	}
	return float64(c.Made) / (time.Duration(c.Span) * every).Seconds()
}

// FailedShare is the share of the answered calls that failed or were
// refused, 0 when none was answered (Answered says whether any was: a hung
// dependency's calls are made and not judged yet).
func (c EdgeCalls) FailedShare() float64 {
	if c.Answered == 0 {
		return 0
	}
	return float64(c.Failed) / float64(c.Answered)
}

// NoneAnswered says whether calls were made and none was answered (a hung
// dependency's until its callers' timeouts, a tenant's first requests
// still queued): then there is no failed share to show, and a 0% would
// read as calls answering well.
func (c EdgeCalls) NoneAnswered() bool { return c.Made > 0 && c.Answered == 0 }
