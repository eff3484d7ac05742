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
	if stale := Relabel(orig, ed); len(stale) != 0 {
		t.Errorf("every cascade name is the built-in's; stale %v", stale)
	}
	want := []string{"one shared pool of 400 threads", "bulkhead: recommendations <= 8", "bulkhead and circuit breaker"}
	for i, w := range want {
		if ed.Variants[i].Name != w {
			t.Errorf("variant %d: %q, want %q", i, ed.Variants[i].Name, w)
		}
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
