package interviewui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// The checkout panel read "takes 10 s from 500 ms to 3.5 s": a call's
// latency beside a window of the run, either of which could be a timeout,
// the fault's length or a latency range. Each figure now says what it is,
// in the rubric's words (requests a second, latency, a timeout of ... a
// call), filled from the scenario the engine plays: the slow fault's
// figure is how long each call started in its window takes.
func TestNumbersPanelSaysWhatEachFigureIs(t *testing.T) {
	racefree.Only(t) // the panel's text, no goroutine
	m, _, _ := model(t, 200, 60, "payment-checkout")
	b, _ := scenarios.Lookup("checkout")
	sys := b.Build().Variants[0].System
	panel := flat(m.numbersOf(m.prompt, sideWidth))
	var slow *engine.Fault
	for _, e := range sys.Endpoints {
		d := depOf(sys, e.Calls)
		want := fmt.Sprintf("%s: %s requests a second", e.Name, num(e.Rate))
		if e.Interval > 0 {
			want = fmt.Sprintf("%s: one request every %s", e.Name, breaker.Words(e.Interval))
		}
		if d != nil {
			want += ", each calls " + d.Name + " (latency p50 " + breaker.Words(d.Latency.P50) + ", p99 " + breaker.Words(d.Latency.P99) + ")"
			for i, f := range d.Faults {
				if f.Kind == engine.Slow {
					slow = &d.Faults[i]
				}
			}
		}
		if !strings.Contains(panel, want) {
			t.Errorf("the panel should say %q:\n%s", want, panel)
		}
	}
	if slow == nil {
		t.Fatal("checkout has no slow fault to word")
	}
	want := "calls started from " + breaker.Words(slow.From) + " to " + breaker.Words(slow.To) + " into the run take " + breaker.Words(slow.Latency) + " each"
	if !strings.Contains(panel, want) {
		t.Errorf("the slow fault should say %q:\n%s", want, panel)
	}
	if strings.Contains(panel, "takes "+breaker.Words(slow.Latency)+" from") {
		t.Errorf("the panel still reads %q:\n%s", "takes "+breaker.Words(slow.Latency)+" from", panel)
	}
}

// Every kind of fault says what happens to the calls started in its
// window, with or without an end.
func TestFaultWords(t *testing.T) {
	racefree.Only(t) // pure text, no goroutine
	const s = 1e9
	for _, c := range []struct {
		f    engine.Fault
		want string
	}{
		{engine.Fault{Kind: engine.Slow, From: s / 2, To: 3.5 * s, Latency: 10 * s}, "calls started from 500 ms to 3.5 s into the run take 10 s each"},
		{engine.Fault{Kind: engine.Hang, From: 10 * s, To: 40 * s}, "calls started from 10 s to 40 s into the run get no answer until 40 s"},
		{engine.Fault{Kind: engine.Hang, From: 10 * s}, "calls started from 10 s into the run to its end get no answer"},
		{engine.Fault{Kind: engine.Error, From: 5 * s, To: 20 * s, Probability: 0.3}, "30% of the calls started from 5 s to 20 s into the run fail at once"},
	} {
		if got := faultWords(c.f); got != c.want {
			t.Errorf("%+v: %q, want %q", c.f, got, c.want)
		}
	}
}
