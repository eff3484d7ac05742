package report

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// The latency line says when its percentiles count refused requests:
// the client's percentiles take every request, and one refused at once is
// answered in 0 ms, so a design refusing most requests has a median of 0
// (lesson 7); so is one a fallback answers at once. A line with neither
// says nothing more.
func TestLatencyLineSaysRefusalsCount(t *testing.T) {
	sc := &engine.Scenario{Name: "three", MeasureFrom: 10 * time.Second, MeasureTo: 30 * time.Second}
	counts := func(ok, rejected uint64) engine.Counts {
		var c engine.Counts
		c[engine.OK], c[engine.Rejected] = ok, rejected
		return c
	}
	for _, c := range []struct {
		window engine.Counts
		p50    time.Duration
		want   string
	}{
		{counts(2332, 3646), 0, "search             5,978 requests, latency p50 0.0 ms, p99 73 ms, counting the 61.0% refused\n"},
		{counts(5978, 0), 14 * time.Millisecond, "search             5,978 requests, latency p50 14 ms, p99 73 ms\n"},
		{counts(5977, 1), 14 * time.Millisecond, "search             5,978 requests, latency p50 14 ms, p99 73 ms, counting the <0.1% refused\n"},
		{withFallback(counts(1000, 1000), 2000), 0, "search             4,000 requests, latency p50 0.0 ms, p99 73 ms, counting the 50.0% answered by a fallback and the 25.0% refused\n"},
		{withFallback(counts(1000, 0), 1000), 0, "search             2,000 requests, latency p50 0.0 ms, p99 73 ms, counting the 50.0% answered by a fallback\n"},
	} {
		snap := engine.Snapshot{Variant: "one", Endpoints: []engine.EndpointSnapshot{{Name: "search", Window: c.window, P50: c.p50, P99: 73 * time.Millisecond}}}
		var b bytes.Buffer
		if err := WriteTable(&b, sc, 5, []engine.Snapshot{snap}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), "\n  "+c.want) {
			t.Errorf("want the line %q in\n%s", c.want, b.String())
		}
	}
}

func withFallback(c engine.Counts, n uint64) engine.Counts {
	c[engine.Fallback] = n
	return c
}

// A latency above 0 that one decimal would round to 0.0 ms reads
// "<0.1 ms": go-server's health endpoint answers in 0.02 ms, and its
// line said "p50 0.0 ms, p99 0.0 ms", the figure of requests refused at
// once. Nothing at all still reads 0.0 ms, and 0.05 ms rounds to 0.1.
func TestLatencyUnderATenthOfAMillisecondIsNotZero(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{0, "0.0 ms"},
		{20 * time.Microsecond, "<0.1 ms"},
		{49 * time.Microsecond, "<0.1 ms"},
		{60 * time.Microsecond, "0.1 ms"},
		{3360 * time.Microsecond, "3.4 ms"},
	} {
		if got := msText(c.d); got != c.want {
			t.Errorf("msText(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}
