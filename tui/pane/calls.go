package pane

import (
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
)

// Calls are an edge's calls over a stretch of its samples, as the
// dependency sees them: the attempts that reached it, beside the calls
// its callers made. The map's calls a second and the circuit tiles' are
// Calls' ReachedRate, from CallsOver alone. Calls made are not the
// dependency's load: go-server's checkout made 190 calls a second to the
// hung payments host, every one waiting on a dial the host never
// accepted, and a map that showed them read as payments serving them.
type Calls struct {
	// Made are the calls begun along the edge (a retry is the same call),
	// Reached the attempts that reached the dependency (a retry is
	// another), Answered the calls whose caller got an answer and Failed
	// the ones of those that failed or were refused.
	Made, Reached, Answered, Failed uint64
	Span                            int // the samples counted
	// Why is what kept the calls made from reaching it, as the stretch's
	// last sample shows it (unreachedWhy), "" when it shows none.
	Why string
}

// CallsOver counts the calls of ser over its last window (or the time so
// far, when shorter), from the running counts its samples carry; ok is
// false before the first sample. bulkCap is the bulkhead the samples'
// Bulkhead counts against (every instance's slots for a fleet's summed
// series), 0 for none, so that a full one can be told as why calls made
// did not reach the dependency.
func CallsOver(ser []engine.DependencySample, every, window time.Duration, bulkCap int) (c Calls, ok bool) {
	if len(ser) == 0 || every <= 0 {
		return Calls{}, false
	}
	k := max(int(window/every), 1)
	from := max(len(ser)-k, 0)
	var first engine.DependencySample // before the run's first sample: nothing yet
	if from > 0 {
		first = ser[from-1]
	}
	last := ser[len(ser)-1]
	// uint32 differences: the counts wrap, a window's calls do not.
	c = Calls{
		Made:     uint64(last.Made - first.Made),
		Reached:  uint64(last.Reached - first.Reached),
		Answered: uint64(last.Answered - first.Answered),
		Failed:   uint64(last.FailedCalls - first.FailedCalls),
		Span:     len(ser) - from,
	}
	if c.Unreached() {
		c.Why = unreachedWhy(last, bulkCap, c.Made-c.Reached)
	}
	return c, true
}

// unreachedWhy says what, in sample s, keeps calls made from reaching the
// dependency, or "" when s shows nothing: its breaker refusing them (open,
// half-open past its trials), its bulkhead full, or at least half of
// the missing calls still dialling a connection. missing is the calls
// made less those that reached it over the stretch s ends. A rate
// limiter's refusals, a pool's waiters or a fleet's instances down leave
// no trace in a sample, so they get no reason rather than a guess.
func unreachedWhy(s engine.DependencySample, bulkCap int, missing uint64) string {
	switch st := breaker.State(s.Breaker); {
	case s.Breaker >= 0 && (st == breaker.Open || st == breaker.HalfOpen || st == breaker.ForcedOpen):
		return "breaker " + st.String()
	case bulkCap > 0 && int(s.Bulkhead) >= bulkCap:
		return "bulkhead full"
	case s.Dialling > 0 && 2*uint64(s.Dialling) >= missing:
		return "still dialling"
	}
	return ""
}

// Unreached says whether the calls made outnumber the attempts that
// reached the dependency by a tenth of them or more: enough to be said
// apart. A call made at the stretch's end reaches it a dial later, so
// the two never quite agree; a retry reaches it again, so more reaching
// it than made is no news.
func (c Calls) Unreached() bool {
	return c.Made > c.Reached && 10*(c.Made-c.Reached) >= c.Made
}

// Add counts another edge's calls in (a service called along two edges, a
// shared breaker's members): the spans are the same stretch of time. The
// reason stays when only one of them leaves calls unreached, or both for
// the same reason, and while the sum still does.
func (c *Calls) Add(o Calls) {
	switch {
	case !o.Unreached():
	case !c.Unreached():
		c.Why = o.Why
	case c.Why != o.Why:
		c.Why = ""
	}
	c.Made += o.Made
	c.Reached += o.Reached
	c.Answered += o.Answered
	c.Failed += o.Failed
	c.Span = max(c.Span, o.Span)
	if !c.Unreached() {
		c.Why = ""
	}
}

// ReachedRate is the attempts that reached the dependency a second: the
// figure the map and the tiles show as its calls a second.
func (c Calls) ReachedRate(every time.Duration) float64 { return c.perSecond(c.Reached, every) }

// MadeRate is the calls made along the edge a second.
func (c Calls) MadeRate(every time.Duration) float64 { return c.perSecond(c.Made, every) }

func (c Calls) perSecond(n uint64, every time.Duration) float64 {
	if c.Span <= 0 || every <= 0 {
		return 0
	}
	return float64(n) / (time.Duration(c.Span) * every).Seconds()
}

// edge is c as EdgeCalls, whose rules of the failed share the tenants'
// figures follow too.
func (c Calls) edge() EdgeCalls {
	return EdgeCalls{Made: c.Made, Answered: c.Answered, Failed: c.Failed, Span: c.Span}
}

// FailedShare is the share of the answered calls that failed or were
// refused (EdgeCalls.FailedShare).
func (c Calls) FailedShare() float64 { return c.edge().FailedShare() }

// NoneAnswered says whether calls were made and none was answered, so
// there is no failed share to show (EdgeCalls.NoneAnswered).
func (c Calls) NoneAnswered() bool { return c.edge().NoneAnswered() }

// RateWords word c's calls a second, longest first: the rate that reached
// the dependency, then, when the calls made outnumber them
// (Unreached), the calls made and why they did not reach it: "0/s ·
// 190/s made, still dialling", "0/s · 190/s made", "0/s". Each is whole:
// a narrow pane takes a shorter one, never a number cut short.
func (c Calls) RateWords(every time.Duration) []string {
	reached := Rate(c.ReachedRate(every))
	if !c.Unreached() {
		return []string{reached}
	}
	made := reached + " · " + Rate(c.MadeRate(every)) + " made"
	if c.Why == "" {
		return []string{made, reached}
	}
	return []string{made + ", " + c.Why, made, reached}
}

// ReachedEachSecond is the attempts that reached the dependency along
// ser in each whole second of the run, the latest last: a sparkline of
// ReachedRate.
func ReachedEachSecond(ser []engine.DependencySample, every time.Duration) []float64 {
	if every <= 0 {
		return nil
	}
	per := max(int(time.Second/every), 1)
	out := make([]float64, len(ser)/per)
	var start engine.DependencySample
	for i := range out {
		end := ser[(i+1)*per-1]
		out[i] = float64(end.Reached - start.Reached)
		start = end
	}
	return out
}
