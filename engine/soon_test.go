package engine

import (
	"fmt"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/breakerlab/breakerlab/internal/deepequal"
)

// A call into a service arrives at its instance after everything that was
// due at the same instant before the call was sent (the order of the event
// it once always was), though it no longer waits in the event queue
// (Run.soon). Two endpoints send at the same instants, each over an edge
// of its own to one fleet of two one-worker instances with no queue,
// least-outstanding: a's arrival comes first and sends its call; b's
// arrival, due at that instant already, comes next and picks an instance
// before a's call has arrived, so both see the fleet idle, both pick the
// same instance, and b's call, arriving second, is refused. Were a's call to
// arrive as soon as a's arrival was done, b would find that instance busy,
// pick the other, and nothing would be refused.
func TestCallArrivesAfterWhatWasDueBefore(t *testing.T) {
	edge := func(name string) Dependency { return Dependency{Name: name, Service: "api"} }
	sc := &Scenario{Name: "same-instant", Duration: 2 * time.Second, MeasureTo: 2 * time.Second,
		Variants: []Variant{{Name: "v", System: System{Workers: 10,
			Endpoints: []Endpoint{
				{Name: "a", Interval: 100 * time.Millisecond, Calls: "a"},
				{Name: "b", Interval: 100 * time.Millisecond, Calls: "b"},
			},
			Dependencies: []Dependency{edge("a"), edge("b")},
			Services: []Service{{Name: "api", Instances: 2, Workers: 1, Queue: 0, Balancer: LeastOutstanding,
				Work: Latency{Kind: Constant, Value: 50 * time.Millisecond}}},
		}}}}
	r, err := New(sc, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	s := r.Snapshot()
	in := s.Services[0].Instances
	if arrived, refused := in[0].Arrived+in[1].Arrived, in[0].Answered[Rejected]+in[1].Answered[Rejected]; arrived != 40 || refused != 20 {
		t.Errorf("the fleet took %d calls and refused %d; want 40 and 20 (b's)", arrived, refused)
	}
	if ok, rej := s.Endpoints[0].Total[OK], s.Endpoints[1].Total[Failed]+s.Endpoints[1].Total[Rejected]; ok != 20 || rej != 20 {
		t.Errorf("a got %d answers, b %d refusals; want 20 and 20", ok, rej)
	}
}

// A chain of services gives the same whether calls arrive through the
// slot (Run.soon) or, as they all once did, as events of the queue:
// random chains, with hangs, restarts and outages whose ends make many
// things fall due at one instant.
func TestPropertySoonIsTheQueuesOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		sc := genChain(t)
		seed := rapid.Uint64().Draw(t, "seed")
		run := func(off bool) Snapshot {
			soonOff = off
			defer func() { soonOff = false }()
			r, err := New(sc, 0, seed)
			if err != nil {
				t.Fatalf("generated an invalid scenario: %v", err)
			}
			r.Run()
			return r.Snapshot()
		}
		slot, queued := run(false), run(true)
		if !deepequal.Equal(slot, queued) {
			brief := func(s Snapshot) (out []string) {
				for _, sv := range s.Services {
					out = append(out, fmt.Sprintf("%s: arrived %d, answered %v", sv.Name, sv.Arrived, sv.Answered))
				}
				return out
			}
			t.Fatalf("calls through the slot and through the queue differ:\n%v\n%v", brief(slot), brief(queued))
		}
	})
}
