package main

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
)

// What a user mistypes on the command line of sweep and run gets a
// message that names what was wrong and what would work: a measure
// misspelt is offered the measures nearest it, as a misspelt knob is
// offered knobs; a knob written with a scenario file's key (window_size,
// as `scenarios --dump` writes it) is refused with the name the sweep
// gives that knob; run's --variant out of range names the variants.
func TestCommandLineTyposNameWhatWorks(t *testing.T) {
	racefree.Only(t) // no goroutine: each command refuses before it runs the engine
	vary := []string{"--vary", "recommendations.bulkhead=10..30:3"}
	for _, c := range []struct {
		name string
		args []string
		want []string // in stderr, its words read without its line breaks
		not  []string
	}{
		{"a field one letter long", append([]string{"sweep", "cascade", "--measure", "search.okk"}, vary...),
			[]string{`measure "search.okk": unknown field "okk": endpoint search takes ok, fallback, rejected, failed, p50, p95, p99; did you mean search.ok?`}, nil},
		{"a goal's field misspelt", append([]string{"sweep", "cascade", "--measure", "search.ok", "--goal", "search.okk>=0.9"}, vary...),
			[]string{`goal "search.okk>=0.9": measure "search.okk": unknown field "okk": endpoint search takes ok, fallback, rejected, failed, p50, p95, p99; did you mean search.ok?`}, nil},
		{"a goal's operator the wrong way round", append([]string{"sweep", "cascade", "--measure", "search.ok", "--goal", "search.ok=>0.9"}, vary...),
			[]string{`goal "search.ok=>0.9": => is not an operator: did you mean search.ok>=0.9? (the comparison is one of >=, <=, >, <)`},
			[]string{"did you mean search.ok?"}},
		{"an endpoint misspelt", append([]string{"sweep", "cascade", "--measure", "serch.ok"}, vary...),
			[]string{`cascade has no endpoint "serch"; did you mean search.ok?`}, nil},
		{"a field one letter long, of a number", append([]string{"sweep", "cascade", "--measure", "search.p99x"}, vary...),
			[]string{`unknown field "p99x": endpoint search takes ok, fallback, rejected, failed, p50, p95, p99; did you mean search.p99?`}, nil},
		{"a field nothing is near", append([]string{"sweep", "cascade", "--measure", "search.nope"}, vary...),
			[]string{`measure "search.nope": unknown field "nope": endpoint search takes ok, fallback, rejected, failed, p50, p95, p99 cascade's endpoints:`}, []string{"did you mean"}},
		{"a field of a dependency", append([]string{"sweep", "cascade", "--measure", "search-index.okay"}, vary...),
			[]string{`measure "search-index.okay": unknown field "okay": dependency search-index takes in_flight_max, held_max cascade's endpoints:`}, nil},
		{"a dependency's field misspelt", append([]string{"sweep", "cascade", "--measure", "recommendations.inflight_max"}, vary...),
			[]string{`did you mean recommendations.in_flight_max`}, nil},
		{"first_open spelt right, on no breaker", append([]string{"sweep", "cascade", "--measure", "recommendations.first_open"}, vary...),
			[]string{`dependency "recommendations" has no breaker in variant 1`}, []string{"did you mean"}},
		{"nothing near", append([]string{"sweep", "cascade", "--measure", "zzzzzzzz.qqqq"}, vary...),
			[]string{`unknown field "qqqq", and there is no endpoint or dependency "zzzzzzzz"`, "cascade's endpoints: search, profile, recommendations"}, []string{"did you mean"}},
		{"a breaker's file key", []string{"sweep", "breaker-timeline", "--measure", "caller.ok", "--vary", "dependency.breaker.window_size=5..10:2"},
			[]string{"dependency.breaker.window_size is written as in a scenario file; a sweep calls that knob dependency.breaker.window: --vary dependency.breaker.window=5..10:2"}, nil},
		{"a file's policy table and key", []string{"sweep", "breaker-timeline", "--measure", "caller.ok", "--vary", "dependency.policy.breaker.half_open_trials=1..3"},
			[]string{"a sweep calls that knob dependency.breaker.trials: --vary dependency.breaker.trials=1..3"}, nil},
		{"a knob misspelt", []string{"sweep", "breaker-timeline", "--measure", "caller.ok", "--vary", "dependency.breaker.windw=5..10:2"},
			[]string{`breaker-timeline has no knob "dependency.breaker.windw"; did you mean dependency.breaker.window`}, []string{"scenario file"}},
		{"run's variant past the last", []string{"run", "cascade", "--variant", "4"},
			[]string{"--variant must be between 1 and 3 for cascade (1 one shared pool of 200 threads, 2 bulkhead: recommendations <= 20, 3 bulkhead and circuit breaker), got 4; leave it out to show every variant"}, nil},
		{"run's variant below the first", []string{"run", "cascade", "--variant", "-1"},
			[]string{"--variant must be between 1 and 3 for cascade"}, nil},
		{"run's variant on shuffle", []string{"run", "shuffle", "--variant", "2"},
			[]string{"--variant: shuffle's strategies run together"}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, stderr, code := run(t, c.args...)
			said := strings.Join(strings.Fields(stderr), " ")
			if code != 2 {
				t.Errorf("%v: exit code %d, want 2; stderr:\n%s", c.args, code, stderr)
			}
			for _, w := range c.want {
				if !strings.Contains(said, w) {
					t.Errorf("%v: stderr lacks %q:\n%s", c.args, w, stderr)
				}
			}
			for _, n := range c.not {
				if strings.Contains(said, n) {
					t.Errorf("%v: stderr says %q:\n%s", c.args, n, stderr)
				}
			}
		})
	}
}

// Every scenario file key sweep refuses names a knob the sweep takes on
// a scenario that has it: a pair whose knob was renamed would send the
// user to a knob refused next. noSweep are the knobs no built-in's sweep
// takes, which lessons' own test checks name a knob: bulkhead_kind takes a
// word, and no built-in's breaker has a time window's buckets nor its
// retry a backoff for a sweep to vary.
func TestFileKeysNameSweepKnobs(t *testing.T) {
	racefree.Only(t) // no goroutine: it lists knobs
	noSweep := map[string]bool{"bulkhead_kind": true, "breaker.buckets": true, "retry.base": true, "retry.max": true}
	seen := map[string]bool{}
	for _, name := range scenarios.Names() {
		b, _ := scenarios.Lookup(name)
		for v := range b.Build().Variants {
			knobs := builtinSweepKnobs(b, v)
			for _, k := range knobs {
				for _, fk := range lessons.FileKnobKeys() {
					file, knob := fk[0], fk[1]
					part, ok := strings.CutSuffix(k, "."+knob)
					typed := part + "." + file
					if !ok && k == knob {
						typed, ok = file, true // tasks.memory.limit: the server's own
					}
					if !ok {
						continue
					}
					seen[knob] = true
					got := ""
					if r := lessons.FileKeyRefusal(typed, knobs, "a sweep"); r != nil {
						got = r.Knob
					}
					if got != k {
						t.Errorf("%s variant %d: %s gives %q, want %q", name, v+1, typed, got, k)
					}
				}
			}
		}
	}
	for _, fk := range lessons.FileKnobKeys() {
		switch {
		case !seen[fk[1]] && !noSweep[fk[1]]:
			t.Errorf("no built-in scenario's sweep takes a knob %s, which %s is said to be", fk[1], fk[0])
		case seen[fk[1]] && noSweep[fk[1]]:
			t.Errorf("a built-in scenario's sweep takes %s: take it off noSweep, so that its pair %s is checked", fk[1], fk[0])
		}
	}
}

// run --variant N shows that variant's numbers, those of its place in
// the full run: one computation, not a second run on other traffic.
func TestRunVariantIsItsPlaceInTheFullRun(t *testing.T) {
	all, stderr, code := runOnce(t, "run", "cascade", "--seed", "5", "--format", "json")
	if code != 0 {
		t.Fatalf("run cascade: exit %d: %s", code, stderr)
	}
	var full map[string]any
	if err := json.Unmarshal([]byte(all), &full); err != nil {
		t.Fatal(err)
	}
	variants := full["variants"].([]any)
	for n := 1; n <= len(variants); n++ {
		one, stderr, code := run(t, "run", "cascade", "--seed", "5", "--format", "json", "--variant", strconv.Itoa(n))
		if code != 0 {
			t.Fatalf("run cascade --variant %d: exit %d: %s", n, code, stderr)
		}
		var alone map[string]any
		if err := json.Unmarshal([]byte(one), &alone); err != nil {
			t.Fatal(err)
		}
		got := alone["variants"].([]any)
		if len(got) != 1 || !reflect.DeepEqual(got[0], variants[n-1]) {
			t.Errorf("run cascade --variant %d shows other numbers than variant %d of the full run", n, n)
		}
		for k, v := range full {
			if k != "variants" && !reflect.DeepEqual(alone[k], v) {
				t.Errorf("run cascade --variant %d: %s is %v, the full run's %v", n, k, alone[k], v)
			}
		}
	}
}
