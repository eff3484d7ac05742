package sandbox

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/internal/deepequal"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// Opening the knob form and pressing enter without an edit leaves the
// scenario exactly as it was, for every field of every built-in scenario's
// every variant, on both forms (the sandbox's, and the builder's with its
// latencies). A field filled from the pane's rounded text did not: a
// failure rate of 0.123456 came back as 0.12, and one of 1e-9 came back as
// "<0.1%", which the form itself refused, so no other knob could be
// applied until the learner retyped it.
func TestKnobFormRoundTripsEveryKnob(t *testing.T) {
	racefree.Only(t) // no goroutine: the forms' and the scenario's work alone
	fields := 0
	for _, name := range scenarios.Names() {
		b, _ := scenarios.Lookup(name)
		sc := b.Build()
		for v := range sc.Variants {
			fields += checkRoundTrip(t, fmt.Sprintf("%s variant %d", name, v+1), sc, v)
		}
	}
	if fields < 100 {
		t.Errorf("only %d fields were checked; the scenarios should have hundreds", fields)
	}
}

// A value the pane rounds, or has no digits for, reads back exactly too:
// each field set to awkward values of its kind (shares near 0 and 1,
// thirds, sub-millisecond durations), wherever the scenario takes them.
// Some 1,500 round trips of whole forms: 46 s under -race, where the
// detector has nothing to watch, and 10 s without, the longest test of
// the sandbox's run without -race. Each scenario's round trips are a
// parallel subtest, so the test can use both cores when they are free;
// the subtests write no memory they share (each builds its own scenarios
// and forms, and tried is counted under mu).
func TestKnobFormRoundTripsAwkwardValues(t *testing.T) {
	racefree.Only(t) // no goroutine: the forms' and the scenario's work alone
	t.Parallel()     // parallel_test.go says which tests may
	awkward := map[valueKind][]any{
		kindPercent:  {0.123456, 1e-9, 0.0001, 0.9996, 1.0 / 3, 0.1 + 0.2, 1.0},
		kindRate:     {1.0 / 3, 123.456789, 0.1 + 0.2, 999999.999},
		kindDuration: {"1.234567ms", "1.5µs", "2h", "1m0.000000001s"},
		kindUntil:    {"12.345678s"},
		kindInt:      {int64(99999)},
	}
	var mu sync.Mutex
	tried := map[valueKind]int{}
	// The group returns once every scenario's subtest has: tried is
	// complete after it.
	t.Run("scenarios", func(t *testing.T) {
		for _, name := range scenarios.Names() {
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				b, _ := scenarios.Lookup(name)
				base := b.Build()
				for v := range base.Variants {
					for _, k := range newForm(tuitest.Plain(), base, v).knobs {
						path, ok := knobPath(base, v, &k)
						if !ok {
							continue
						}
						for _, val := range awkward[k.kind] {
							sc := cloneScenario(base)
							if lessons.SetKnob(sc, v, path, val) != nil || sc.Validate() != nil {
								continue // the scenario refuses it there
							}
							mu.Lock()
							tried[k.kind]++
							mu.Unlock()
							checkRoundTrip(t, fmt.Sprintf("%s variant %d with %s=%v", name, v+1, path, val), sc, v)
						}
					}
				}
			})
		}
	})
	for kind := range awkward {
		if tried[kind] == 0 {
			t.Errorf("no field of kind %d took an awkward value: the test checks nothing there", kind)
		}
	}
}

// checkRoundTrip opens both forms on variant v of sc, builds each without
// an edit and compares the result with sc, field by field first so that a
// failure names the field. It returns the fields checked.
func checkRoundTrip(t *testing.T, where string, sc *engine.Scenario, v int) int {
	t.Helper()
	// One copier for sc's every field: cloneScenario works out again on
	// each call which of the scenario's types hold memory to copy, as much
	// work as the copy itself. What it copies is the same (sweep.Copies is
	// what cloneScenario calls; TestCloneScenarioIsDeep holds it to every
	// built-in).
	clone, err := sweep.Copies(sc)
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	n := 0
	// Each field is written into a copy equal to sc, every variant
	// included, but not always a new one: a copy the last field's write
	// left equal to sc serves the next field as well as a new copy would,
	// and copying was four fifths of the test's time (a copy for every
	// field). A write that changed any variant gets the next field a new
	// copy. deepequal.Equal says what reflect.DeepEqual would of a
	// scenario (no cycles, functions or maps keyed by interfaces: the
	// copier refuses functions) at less cost, and a copy equal to sc is
	// the same as sc on variant v, which sameOn checks.
	c := clone()
	for fi, f := range []*form{newForm(tuitest.Plain(), sc, v), knobFormOf(tuitest.Plain(), sc, v)} {
		for _, k := range f.knobs {
			n++
			val, err := parse(k.kind, k.input.Value())
			if err == nil {
				err = k.check(val)
			}
			if err != nil {
				t.Errorf("%s: the form fills %q with %q and refuses it: %v", where, strings.TrimSpace(k.label), k.input.Value(), err)
				continue
			}
			// The field written back as if edited: a field set on every
			// variant writes this variant's value into the others, so
			// this variant and the scenario's own settings are compared.
			k.set(c, val)
			if deepequal.Equal(c, sc) {
				continue // every variant as it was: c serves the next field
			}
			if !sameOn(c, sc, v) {
				t.Errorf("%s: %q filled with %q changes the scenario when applied unedited (%s)", where, strings.TrimSpace(k.label), k.input.Value(), firstChange(sc, c, v, k))
			}
			c = clone()
		}
		got := f.build(sc)
		if got == nil {
			t.Errorf("%s (form %d): an unedited form is refused: %s", where, fi, f.err)
			continue
		}
		if !deepequal.Equal(got, sc) {
			t.Errorf("%s (form %d): applying the unedited form changes the scenario", where, fi)
		}
	}
	return n
}

// sameOn says whether a and b are the same scenario but for variants
// other than v. (deepequal.Equal: what reflect.DeepEqual says of a
// scenario, at less cost.)
func sameOn(a, b *engine.Scenario, v int) bool {
	if !deepequal.Equal(a.Variants[v], b.Variants[v]) {
		return false
	}
	x, y := *a, *b
	x.Variants, y.Variants = nil, nil
	return deepequal.Equal(x, y)
}

// firstChange words what a field changed, by its knob path's value before
// and after, when it has one.
func firstChange(before, after *engine.Scenario, v int, k knob) string {
	path, ok := knobPath(before, v, &k)
	if !ok {
		return "no knob path to show it"
	}
	was, _ := lessons.KnobValue(before, v, path)
	now, _ := lessons.KnobValue(after, v, path)
	if d, isD := was.(string); isD {
		if wd, err := time.ParseDuration(d); err == nil {
			was = wd
		}
	}
	return fmt.Sprintf("%s: %v → %v", path, was, now)
}
