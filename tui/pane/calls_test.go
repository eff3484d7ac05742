package pane_test

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// everyEdge is every edge of s: the front's dependencies, then each
// service's (a fleet's summed over its instances), with the slots of the
// bulkhead its samples count against.
func everyEdge(s *engine.Snapshot) (edges []engine.DependencySnapshot, slots []int) {
	for _, d := range s.Dependencies {
		edges, slots = append(edges, d), append(slots, pane.OneCap(&d))
	}
	for i := range s.Services {
		for _, d := range s.Services[i].Dependencies {
			edges, slots = append(edges, d), append(slots, pane.OneCap(&d)*len(s.Services[i].Instances))
		}
	}
	return edges, slots
}

// Over a stretch of samples, the calls a second that CallsOver says
// reached a dependency, times the stretch, are the attempts the engine
// counted as reaching it between the stretch's two ends
// (DependencySnapshot.Calls): every edge of every variant of every
// built-in scenario, in the middle of its fault, and the time so far
// when that is shorter than the window.
func TestCallsOverCountsTheAttemptsTheEngineSawReachIt(t *testing.T) {
	for _, b := range scenarios.All() {
		sc := b.Build()
		for v := range sc.Variants {
			r, err := engine.New(sc, v, tuitest.Seed)
			if err != nil {
				t.Fatal(err)
			}
			// A stretch of whole samples ending mid-run.
			end := (sc.Duration * 6 / 10).Truncate(time.Second)
			stretches := []struct{ from, to time.Duration }{{0, 3 * time.Second}}
			if end-pane.LiveWindow >= 3*time.Second {
				stretches = append(stretches, struct{ from, to time.Duration }{end - pane.LiveWindow, end})
			}
			for _, c := range stretches {
				r.AdvanceTo(c.from)
				before := r.Snapshot()
				r.AdvanceTo(c.to)
				after := r.Snapshot()
				was, _ := everyEdge(&before)
				edges, slots := everyEdge(&after)
				for i, d := range edges {
					calls, ok := pane.CallsOver(d.Series, after.SampleEvery, pane.LiveWindow, slots[i])
					want := d.Calls - was[i].Calls
					got := calls.ReachedRate(after.SampleEvery) * (c.to - c.from).Seconds()
					if !ok || calls.Reached != want || math.Abs(got-float64(want)) > 1e-9*float64(want+1) {
						t.Errorf("%s variant %d, %s over %v-%v: %.3f calls/s reached it, %.3f in all (%d counted); the engine counts %d",
							sc.Name, v+1, d.Name, c.from, c.to, calls.ReachedRate(after.SampleEvery), got, calls.Reached, want)
					}
				}
			}
		}
	}
}

// Why calls made did not reach the dependency is what the stretch's last
// sample shows, and nothing else: its breaker refusing, its bulkhead
// full, most of the missing calls dialling; a limiter or a fleet's
// instances down leave no trace in a sample, and get no reason.
func TestCallsSayWhyOnlyWhatTheSampleShows(t *testing.T) {
	every := 100 * time.Millisecond
	// Two samples, a second apart: 100 calls made, reached ones reached.
	stretch := func(reached uint32, last engine.DependencySample) []engine.DependencySample {
		ser := make([]engine.DependencySample, 10)
		for i := range ser {
			ser[i].Breaker = -1
		}
		last.Made, last.Reached = 100, reached
		ser[len(ser)-1] = last
		return ser
	}
	for _, c := range []struct {
		name    string
		reached uint32
		last    engine.DependencySample
		slots   int
		want    string // "" none; "-" calls made not said at all
	}{
		{"breaker open", 0, engine.DependencySample{Breaker: int8(breaker.Open)}, 0, "breaker open"},
		{"breaker half-open", 3, engine.DependencySample{Breaker: int8(breaker.HalfOpen)}, 0, "breaker half-open"},
		{"breaker forced open", 0, engine.DependencySample{Breaker: int8(breaker.ForcedOpen)}, 0, "breaker forced-open"},
		{"bulkhead full", 20, engine.DependencySample{Breaker: int8(breaker.Closed), Bulkhead: 20}, 20, "bulkhead full"},
		{"bulkhead with room", 20, engine.DependencySample{Breaker: -1, Bulkhead: 12}, 20, ""},
		{"a fleet's bulkheads, some full", 20, engine.DependencySample{Breaker: -1, Bulkhead: 20}, 40, ""},
		{"dialling, most of the missing", 0, engine.DependencySample{Breaker: -1, Dialling: 50}, 0, "still dialling"},
		{"a dial or two besides a limiter", 30, engine.DependencySample{Breaker: -1, Dialling: 2}, 0, ""},
		{"nothing in the sample", 20, engine.DependencySample{Breaker: -1}, 0, ""},
		{"most reached", 91, engine.DependencySample{Breaker: int8(breaker.Open)}, 0, "-"},
		{"retries reach it twice", 180, engine.DependencySample{Breaker: -1}, 0, "-"},
	} {
		calls, ok := pane.CallsOver(stretch(c.reached, c.last), every, time.Second, c.slots)
		if !ok {
			t.Fatalf("%s: no calls counted", c.name)
		}
		words := calls.RateWords(every)
		switch {
		case c.want == "-":
			if calls.Unreached() || len(words) != 1 {
				t.Errorf("%s: %d made, %d reached it, said %q: want the rate alone", c.name, calls.Made, calls.Reached, words)
			}
		case calls.Why != c.want || !calls.Unreached():
			t.Errorf("%s: why %q (calls made said apart: %v), want %q", c.name, calls.Why, calls.Unreached(), c.want)
		case c.want != "" && !strings.HasSuffix(words[0], ", "+c.want):
			t.Errorf("%s: %q does not end with the reason %q", c.name, words[0], c.want)
		}
	}
}

// Each shorter wording of a rate is the longer one cut where a word
// ends, never in a number: "0.00/s · 190/s made, still dialling", "0.00/s
// · 190/s made", "0/s"; the first figure is always the rate that
// reached the dependency.
func TestRateWordsShortenWhole(t *testing.T) {
	every := 100 * time.Millisecond
	for _, c := range []pane.Calls{
		{Made: 950, Reached: 0, Span: 50, Why: "still dialling"},
		{Made: 3450, Reached: 2000, Span: 50},
		{Made: 1000, Reached: 1000, Span: 50},
		{Made: 1000, Reached: 1500, Span: 50},
	} {
		words := c.RateWords(every)
		if !strings.HasPrefix(words[0], pane.Rate(c.ReachedRate(every))) || words[len(words)-1] != pane.Rate(c.ReachedRate(every)) {
			t.Errorf("%+v: %q, want each to start with the %s that reached it, the last that alone", c, words, pane.Rate(c.ReachedRate(every)))
		}
		for i := 1; i < len(words); i++ {
			long, short := words[i-1], words[i]
			if !strings.HasPrefix(long, short) || len(long) == len(short) || !strings.ContainsAny(long[len(short):][:1], " ,") {
				t.Errorf("%+v: %q is not %q cut where a word ends", c, short, long)
			}
		}
		if c.Unreached() && !strings.Contains(words[0], pane.Rate(c.MadeRate(every))+" made") {
			t.Errorf("%+v: %q does not say the %s made", c, words[0], pane.Rate(c.MadeRate(every)))
		}
	}
}

// Two edges' calls add up, and keep a reason only where they agree or
// one alone leaves calls unreached.
func TestCallsAddKeepsOneReason(t *testing.T) {
	open := pane.Calls{Made: 100, Reached: 0, Span: 50, Why: "breaker open"}
	well := pane.Calls{Made: 100, Reached: 100, Span: 50}
	full := pane.Calls{Made: 100, Reached: 10, Span: 50, Why: "bulkhead full"}
	busy := pane.Calls{Made: 2000, Reached: 2000, Span: 50}
	every := 100 * time.Millisecond
	for _, c := range []struct {
		a, b pane.Calls
		want string
	}{{well, open, "breaker open"}, {open, well, "breaker open"}, {open, open, "breaker open"}, {open, full, ""}, {open, busy, ""}} {
		sum := c.a
		sum.Add(c.b)
		if sum.Why != c.want || sum.Made != c.a.Made+c.b.Made || sum.Reached != c.a.Reached+c.b.Reached {
			t.Errorf("%+v + %+v = %+v, want why %q and the counts summed", c.a, c.b, sum, c.want)
		}
		// A reason is said only beside the calls made: one edge's, kept
		// in a sum most of whose calls reach it, was a wording too many.
		if words := sum.RateWords(every); sum.Why != "" && len(words) != 3 || sum.Why == "" && len(words) == 3 {
			t.Errorf("%+v: why %q, worded %q", sum, sum.Why, words)
		}
	}
}
