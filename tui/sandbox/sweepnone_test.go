package sandbox

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// A knob whose 0 is not a point of its scale but none at all (no limit,
// wait for ever) is swept as a column of its own, named by
// lessons.NoneWords, and the rest from one step up; a knob whose 0 is a
// setting like any other (a permit wait of 0 refuses at once) is swept
// from 0. Which is which is the engine's to say, not a list's: every form
// field whose hint says what 0 means runs at 0, at the most the scenario
// takes and at the least other value it takes. Where 0 runs as the most
// does and not as the least, 0 is none, and lessons.NoneWords must name
// it; where 0 runs otherwise, it must not. A pool's size and per-host cap
// at 0 were swept as 0, 1, 2 ... 10, "no limit" drawn as the tightest
// column.
func TestNoneWordsAreTheKnobsWhoseZeroIsNone(t *testing.T) {
	racefree.Only(t) // no goroutine: forms and engine runs on the test's own
	t.Parallel()     // parallel_test.go says which tests may
	type verdict struct {
		path  string // a knob of this name
		none  string // where 0 ran as the most and not as the least ("": nowhere)
		moved bool   // the knob changed some run at all
	}
	byName := map[string]*verdict{}
	var names []string
	tried := map[string]bool{}
	// The built-ins, and the cascade hung from its start: a
	// breaker's minimum calls matter only where failures come early in
	// its window, which no built-in has but fleet-probes, whose lockstep
	// ties leave 0 running as neither (below).
	hungEarly := scenarios.Builtin{Name: "cascade hung from the start", Build: func() *engine.Scenario {
		sc := tuitest.Scenario(t, "cascade")
		for v := range sc.Variants {
			if err := lessons.SetKnob(sc, v, "recommendations.fault.from", "0s"); err != nil {
				t.Fatal(err)
			}
		}
		return sc
	}}
	for _, b := range append(scenarios.All(), hungEarly) {
		sc := b.Build()
		for v := range sc.Variants {
			m := newModel(t, 120, 40, Options{Scenario: b.Build(), Variant: v})
			m = press(m, "e")
			if m.form == nil {
				t.Fatalf("%s variant %d: e opened no form", b.Name, v+1)
			}
			for _, k := range m.form.knobs {
				path := k.path
				if path == "" {
					path = k.readAt
				}
				name := path[strings.LastIndexByte(path, '.')+1:]
				if path == "" || !strings.Contains(k.hint, "0:") || tried[b.Name+" "+name] {
					continue
				}
				zero, most, least, ok := zeroMostLeast(sc, v, path)
				if !ok {
					continue
				}
				vd := byName[name]
				if vd == nil {
					vd = &verdict{path: path}
					byName[name] = vd
					names = append(names, name)
				}
				r0, rMost, rLeast := runWith(t, sc, v, path, zero), runWith(t, sc, v, path, most), runWith(t, sc, v, path, least)
				if r0 == rMost && r0 == rLeast {
					continue // the knob changes nothing here: try another variant
				}
				tried[b.Name+" "+name] = true
				vd.moved = true
				// Where ties of one instant are many (fleet-probes' lockstep
				// probes), a setting that changes nothing may still give an
				// event another sequence number, and so another place in a
				// tie: 0 then runs as neither. A scenario where 0 runs
				// exactly as the most and not as the least is the verdict.
				if r0 == rMost && vd.none == "" {
					vd.none = fmt.Sprintf("%s variant %d: %s at 0 runs as at %v, not as at %v", b.Name, v+1, path, most, least)
				}
			}
		}
	}
	moved := 0
	for _, name := range names {
		vd := byName[name]
		if !vd.moved {
			continue
		}
		moved++
		switch words := lessons.NoneWords(vd.path); {
		case vd.none != "" && words == "":
			t.Errorf("%s: 0 is none, and lessons.NoneWords(%q) says nothing of it", vd.none, vd.path)
		case vd.none == "" && words != "":
			t.Errorf("%s at 0 ran as at its most in no built-in scenario, yet lessons.NoneWords calls 0 %q", vd.path, words)
		}
	}
	if moved < 10 {
		t.Errorf("only %d knobs changed a run at all: the check says nothing", moved)
	}
}

// zeroMostLeast is 0 for the knob at path in the knob's own terms, the
// most the scenario takes of a few large values, and the least other
// value it takes of a few small ones; ok is false when it takes no 0.
func zeroMostLeast(sc *engine.Scenario, v int, path string) (zero, most, least any, ok bool) {
	cur, found := lessons.KnobValue(sc, v, path)
	if !found {
		return nil, nil, nil, false
	}
	takes := func(val any) bool {
		c := cloneScenario(sc)
		return lessons.SetKnob(c, v, path, val) == nil && c.Validate() == nil
	}
	var large, small []any
	switch cur.(type) {
	case int64:
		zero = int64(0)
		// The most it takes, up to 100,000: a bulkhead goes up to the
		// workers, a breaker's minimum calls up to its window.
		lo, hi := int64(0), int64(100_000)
		for lo < hi {
			mid := (lo + hi + 1) / 2
			if takes(mid) {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		if lo > 0 {
			large = append(large, lo)
		}
		for _, n := range []int64{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000} {
			small = append(small, n)
		}
	case float64:
		zero = 0.0
		large = []any{1e6, 1e3, 1.0}
		small = []any{0.001, 0.01, 0.1, 1.0}
	case string:
		zero = "0s"
		large = []any{time.Hour.String(), time.Minute.String()}
		small = []any{time.Millisecond.String(), (10 * time.Millisecond).String(), (100 * time.Millisecond).String()}
	default:
		return nil, nil, nil, false
	}
	if !takes(zero) {
		return nil, nil, nil, false
	}
	for _, x := range large {
		if takes(x) {
			most = x
			break
		}
	}
	for _, x := range small {
		if takes(x) {
			least = x
			break
		}
	}
	return zero, most, least, most != nil && least != nil
}

// runWith is run's JSON of variant v with the knob at path set to val.
func runWith(t *testing.T, sc *engine.Scenario, v int, path string, val any) string {
	t.Helper()
	c := cloneScenario(sc)
	if err := lessons.SetKnob(c, v, path, val); err != nil {
		t.Fatal(err)
	}
	r, err := engine.New(c, v, tuitest.Seed)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	// What the run did, not what it was set to: run's JSON also echoes
	// some settings (a pool's caps, the memory limit), and counts a
	// bulkhead's refusals only where there is a bulkhead.
	rep := report.Build(c, tuitest.Seed, []engine.Snapshot{r.Snapshot()})
	did := rep.Variants[0]
	deps := map[string][2]uint64{}
	for name, d := range did.Dependencies {
		deps[name] = [2]uint64{d.Calls, uint64(d.InFlightMax)}
	}
	return fmt.Sprint(did.Endpoints, did.Transitions, deps)
}

// A pool's per-host cap at none (go-inventory's transport) is swept from
// none, then one up: the picker said "11 values from 0 to 10, around 0",
// and the heatmap drew "no limit" as the tightest column, 0 beside 1.
func TestAPoolCapAtNoneIsSweptFromNone(t *testing.T) {
	racefree.Only(t) // no goroutine: the axis alone
	sc := tuitest.Scenario(t, "go-inventory")
	sp, err := spanAround(sc, 1, "transport.per_host", 11)
	if err != nil {
		t.Fatal(err)
	}
	if values, _ := sp.words(); values != "none (no limit) and 10 values from 1 to 10" {
		t.Errorf("the picker says %q", values)
	}
	if got := fmt.Sprint(sp.ax.Values); got != "[0 1 2 3 4 5 6 7 8 9 10]" {
		t.Errorf("the axis is %s", got)
	}
}

// A memory limit cannot be swept up from none alone (the engine wants a
// restart time with a limit): the picker says so in the scenario's words,
// where it said only "no range above none to sweep".
func TestALimitFromNoneSaysWhyItCannotBeSwept(t *testing.T) {
	racefree.Only(t) // no goroutine: the axis alone
	sc := tuitest.Scenario(t, "go-server")
	if err := lessons.SetKnob(sc, 1, "tasks.memory.limit_mib", int64(0)); err != nil {
		t.Fatal(err)
	}
	_, err := spanAround(sc, 1, "tasks.memory.limit_mib", 11)
	if err == nil || !strings.Contains(err.Error(), "no value above none") || !strings.Contains(err.Error(), "restart") {
		t.Errorf("sweeping the memory limit up from none: %v; want why, in the scenario's words", err)
	}
}

// leastTaken finds the least value a scenario takes above a refused one,
// of every kind of knob, and says when there is none.
func TestLeastTakenFindsTheFirstValueTaken(t *testing.T) {
	racefree.Only(t) // no goroutine: arithmetic
	for _, c := range []struct {
		above, least any
		takes        func(any) bool
	}{
		{int64(10), int64(49), func(v any) bool { return v.(int64) >= 49 }},
		{time.Second, 2500 * time.Millisecond, func(v any) bool { return v.(time.Duration) >= 2500*time.Millisecond }},
		{1.0, 3.0, func(v any) bool { return v.(float64) >= 3 }},
	} {
		least, _, ok := leastTaken(c.above, c.takes)
		if !ok || fmt.Sprint(least) != fmt.Sprint(c.least) {
			t.Errorf("above %v: least %v (%v), want %v", c.above, least, ok, c.least)
		}
	}
	if _, last, ok := leastTaken(int64(10), func(any) bool { return false }); ok || last != int64(10240) {
		t.Errorf("nothing taken: ok %v, last tried %v; want false, 10240", ok, last)
	}
}
