package scenarios

import (
	"slices"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
)

// Every built-in name that quotes numbers is the one its label builds from
// the variant's own system: change a number in a constructor and forget the
// name, and this fails.
func TestNamesAreTheLabelsOfTheirSystems(t *testing.T) {
	labelled := 0
	for _, b := range All() {
		sc := b.Build()
		fns := labels[b.Name]
		for i := range sc.Variants {
			if i >= len(fns) || fns[i] == nil {
				continue
			}
			labelled++
			if got := fns[i](&sc.Variants[i].System); got != sc.Variants[i].Name {
				t.Errorf("%s variant %d is called %q, but its system reads %q", b.Name, i, sc.Variants[i].Name, got)
			}
		}
	}
	if labelled < 5 {
		t.Errorf("only %d variants have labels", labelled)
	}
}

func TestRelabelFollowsTheNumbers(t *testing.T) {
	orig := Cascade()
	ed := Cascade()
	for i := range ed.Variants {
		ed.Variants[i].System.Workers = 400
	}
	ed.Variants[1].System.Dependencies[2].Policy.Bulkhead = 8
	// The third name quotes no number, and only numbers changed under it:
	// it is still true.
	if stale := Relabel(orig, ed); len(stale) != 0 {
		t.Errorf("every cascade name is the built-in's; stale %v", stale)
	}
	want := []string{"one shared pool of 400 threads", "bulkhead: recommendations <= 8", "bulkhead and circuit breaker"}
	for i, w := range want {
		if ed.Variants[i].Name != w {
			t.Errorf("variant %d: %q, want %q", i, ed.Variants[i].Name, w)
		}
	}

	// A large pool reads as the screens count it.
	big := Cascade()
	big.Variants[0].System.Workers = 100000
	Relabel(orig, big)
	if got := big.Variants[0].Name; got != "one shared pool of 100,000 threads" {
		t.Errorf("a pool of 100000 is named %q", got)
	}

	// A preset's breaker renames the timeline's variant after its rules.
	bt, bt2 := BreakerTimeline(), BreakerTimeline()
	p, err := breaker.PresetNamed("hystrix")
	if err != nil {
		t.Fatal(err)
	}
	cfg := p.Config
	bt2.Variants[0].System.Dependencies[0].Policy.Breaker = &cfg
	Relabel(bt, bt2)
	if got, want := bt2.Variants[0].Name, "breaker: "+breakerLabel(&bt2.Variants[0].System, "dependency"); got != want || got == bt.Variants[0].Name {
		t.Errorf("under Hystrix's defaults the timeline's variant is %q, want %q", got, want)
	}

	// Checkout's timeouts.
	co, co2 := Checkout(), Checkout()
	co2.Variants[0].System.Dependencies[0].Policy.Timeout = 1500 * time.Millisecond
	co2.Variants[2].System.Endpoints[1].Rate = 25
	Relabel(co, co2)
	if co2.Variants[0].Name != "timeout 1.5 s" || co2.Variants[2].Name != "timeout 500 ms, 25 req/s" {
		t.Errorf("checkout renamed to %q and %q", co2.Variants[0].Name, co2.Variants[2].Name)
	}
}

// A scenario file's own names are never rewritten, even under a built-in's
// name: they are reported stale when their systems change, for the caller
// to mark.
func TestRelabelLeavesOtherNamesAndReportsThem(t *testing.T) {
	file := Cascade()
	file.Variants[0].Name = "our pool"
	ed := Cascade()
	ed.Variants[0].Name = "our pool"
	ed.Variants[0].System.Workers = 50
	stale := Relabel(file, ed)
	if !slices.Equal(stale, []int{0}) || ed.Variants[0].Name != "our pool" {
		t.Errorf("stale %v, name %q; want [0] and the file's name", stale, ed.Variants[0].Name)
	}
	mine := &engine.Scenario{Name: "mine", Variants: []engine.Variant{{Name: "a", System: engine.System{Workers: 3}}}}
	mine2 := &engine.Scenario{Name: "mine", Variants: []engine.Variant{{Name: "a", System: engine.System{Workers: 3}}}}
	if stale := Relabel(mine, mine2); len(stale) != 0 {
		t.Errorf("an unchanged system is not stale: %v", stale)
	}
}

// A knob that changes one hop's timeout renames multi-hop's variant, which
// says "at each hop"; one that sets a timeout on "no timeouts" does too.
func TestRelabelMultiHopTimeouts(t *testing.T) {
	orig, ed := MultiHop(), MultiHop()
	ed.Variants[1].System.Services[0].Dependencies[0].Policy.Timeout = 500 * time.Millisecond
	ed.Variants[0].System.Dependencies[0].Policy.Timeout = 2 * time.Second
	Relabel(orig, ed)
	if got, want := ed.Variants[1].Name, "timeouts 1 s, 500 ms, 1 s down the chain"; got != want {
		t.Errorf("variant 2 is called %q, want %q", got, want)
	}
	if got, want := ed.Variants[0].Name, "timeouts 2 s, none, none down the chain"; got != want {
		t.Errorf("variant 1 is called %q, want %q", got, want)
	}
	ed2 := MultiHop()
	for _, d := range []*engine.Dependency{&ed2.Variants[1].System.Dependencies[0], &ed2.Variants[1].System.Services[0].Dependencies[0], &ed2.Variants[1].System.Services[1].Dependencies[0]} {
		d.Policy.Timeout = 750 * time.Millisecond
	}
	Relabel(orig, ed2)
	if got, want := ed2.Variants[1].Name, "timeout 750 ms at each hop"; got != want {
		t.Errorf("variant 2 is called %q, want %q", got, want)
	}
}

// fleet-probes' names quote the breakers' jitter and set their cooldown
// against the provider's restart; rate-limit-vs-bulkhead's quote the
// bulkheads: knobs that change them rename the variants.
func TestRelabelFleetAndBulkheads(t *testing.T) {
	orig, ed := FleetProbes(), FleetProbes()
	fleetBreaker(&ed.Variants[1].System).OpenJitter = 0.25
	fleetBreaker(&ed.Variants[2].System).OpenFor = 12 * time.Second
	Relabel(orig, ed)
	for v, want := range map[int]string{1: "jitter 25%", 2: "cooldown 12 s, longer than the restart", 3: orig.Variants[3].Name} {
		if got := ed.Variants[v].Name; got != want {
			t.Errorf("fleet-probes variant %d is called %q, want %q", v+1, got, want)
		}
	}
	orig, ed = RateLimitVsBulkhead(), RateLimitVsBulkhead()
	for i := range ed.Variants[2].System.Dependencies {
		if d := &ed.Variants[2].System.Dependencies[i]; d.Name == "partner-catalog" {
			d.Policy.Bulkhead = 10
		}
	}
	Relabel(orig, ed)
	if got, want := ed.Variants[2].Name, "partner burst: bulkheads of 30 (search) and 10 (partner)"; got != want {
		t.Errorf("rate-limit-vs-bulkhead variant 3 is called %q, want %q", got, want)
	}
}

// A name that quotes no number is not vouched for once the system under it
// changed: multi-hop's third design is named for its deadlines and
// cancellation, and a lesson that turns the database's cancellation off
// must not show it under that name alone.
func TestRelabelMarksADescriptiveNameWhoseSystemChanged(t *testing.T) {
	orig, ed := MultiHop(), MultiHop()
	last := len(ed.Variants) - 1
	sys := &ed.Variants[last].System
	changed := false
	for i := range sys.Services {
		for j := range sys.Services[i].Dependencies {
			d := &sys.Services[i].Dependencies[j]
			if d.Name == "database" {
				d.Policy.Cancel = engine.CancelNone
				changed = true
			}
		}
	}
	if !changed {
		t.Fatal("multi-hop has no database call to change")
	}
	if stale := Relabel(orig, ed); !slices.Contains(stale, last) {
		t.Errorf("stale %v; want variant %d (%q), whose database can no longer be cancelled", stale, last, ed.Variants[last].Name)
	}
}

// A variant's name quotes its breaker's rates and jitter as a person typed
// them: 100*0.07 is 7.000000000000001 in binary, and the name read
// "7.000000000000001%" where report.PercentExact writes "7%".
func TestLabelsWriteRatesExactly(t *testing.T) {
	b := &breaker.Config{Window: breaker.CountWindow, WindowSize: 10, FailureRate: 0.07, SlowCallRate: 0.58, OpenFor: time.Second, HalfOpenTrials: 1, OpenJitter: 0.29}
	s := &engine.System{Dependencies: []engine.Dependency{{Name: "dependency", Policy: engine.Policy{Breaker: b}}}}
	if got, want := breakerLabel(s, "dependency"), "window 10, 7%, 58% slow, open 1 s, 1 trial"; got != want {
		t.Errorf("the breaker's label is %q, want %q", got, want)
	}
	fleet := &engine.System{Services: []engine.Service{{Name: "api", Dependencies: []engine.Dependency{{Name: "provider", Policy: engine.Policy{Breaker: b}}}}}}
	if got, want := fleetJitterLabel(fleet), "jitter 29%"; got != want {
		t.Errorf("the fleet's jitter label is %q, want %q", got, want)
	}
}
