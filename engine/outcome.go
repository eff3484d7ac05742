package engine

// Outcome is how a request ended, as its client saw it.
type Outcome uint8

// The outcomes, in the order tables and charts show them.
const (
	// OK: the dependency answered in time (or the endpoint called none).
	OK Outcome = iota
	// Fallback: a fallback answered because the breaker refused the call.
	Fallback
	// Rejected: refused before any work: no free worker, a full bulkhead, or
	// an open breaker with no fallback.
	Rejected
	// Failed: the call timed out or the dependency answered with an error.
	Failed
	numOutcomes
)

// Outcomes lists every outcome in display order.
var Outcomes = [numOutcomes]Outcome{OK, Fallback, Rejected, Failed}

var outcomeNames = [numOutcomes]string{"ok", "fallback", "rejected", "failed"}

func (o Outcome) String() string {
	if o < numOutcomes {
		return outcomeNames[o]
	}
	return "outcome?"
}

// Counts holds one count per outcome.
type Counts [numOutcomes]uint64

// Total is the sum over all outcomes.
func (c Counts) Total() uint64 {
	var t uint64
	for _, n := range c {
		t += n
	}
	return t
}

// Share is the fraction of all outcomes that were o; zero when empty.
func (c Counts) Share(o Outcome) float64 {
	t := c.Total()
	if t == 0 {
		return 0
	}
	return float64(c[o]) / float64(t)
}
