package engine

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/internal/deepequal"
)

// sharedFront is a front service whose two endpoints call "sick" (every
// call fails from 1 s on) and "well" (always fine); group names the shared
// breaker both policies name, "" for a breaker each.
func sharedFront(group string) *Scenario {
	br := breaker.Config{WindowSize: 10, MinimumCalls: 10, FailureRate: 0.5, OpenFor: time.Minute, HalfOpenTrials: 1}
	pol := func() Policy {
		b := br
		return Policy{Timeout: time.Second, Breaker: &b, SharedBreaker: group}
	}
	lat := Latency{Kind: Constant, Value: 5 * time.Millisecond}
	return &Scenario{Name: "shared", Duration: 10 * time.Second, MeasureTo: 10 * time.Second, Variants: []Variant{{Name: "v", System: System{
		Workers: 50, Queue: 10,
		Endpoints: []Endpoint{{Name: "to-sick", Rate: 50, Calls: "sick"}, {Name: "to-well", Rate: 50, Calls: "well"}},
		Dependencies: []Dependency{
			{Name: "sick", Latency: lat, Policy: pol(), Faults: []Fault{{Kind: Error, From: time.Second, Probability: 1}}},
			{Name: "well", Latency: lat, Policy: pol()},
		},
	}}}}
}

func depOf(t *testing.T, s Snapshot, name string) DependencySnapshot {
	t.Helper()
	for _, d := range s.Dependencies {
		if d.Name == name {
			return d
		}
	}
	t.Fatalf("no dependency %q in the snapshot", name)
	return DependencySnapshot{}
}

// One breaker per dependency cuts off only the sick one; a shared breaker
// opens on the sick one's failures and then refuses the healthy one's calls
// too. Its transitions carry the group's name, and both members' snapshots
// show the same breaker.
func TestSharedBreakerTripsForEveryMember(t *testing.T) {
	own := runSeed(t, sharedFront(""), 1)
	if well := depOf(t, own, "well"); well.ShortCircuited != 0 || well.Breaker.State != breaker.Closed {
		t.Fatalf("with a breaker each, well's was %v and refused %d calls; want closed, none", well.Breaker.State, well.ShortCircuited)
	}
	for _, tr := range own.Transitions {
		if tr.Dependency != "sick" {
			t.Fatalf("with a breaker each, a transition of %q; only sick's should move", tr.Dependency)
		}
	}

	s := runSeed(t, sharedFront("outbound"), 1)
	sick, well := depOf(t, s, "sick"), depOf(t, s, "well")
	if well.ShortCircuited < 100 {
		t.Errorf("the shared breaker refused %d of well's calls; want most of its 9 s of traffic (about 450)", well.ShortCircuited)
	}
	if sick.ShortCircuited < 100 {
		t.Errorf("the shared breaker refused %d of sick's calls, want about 450", sick.ShortCircuited)
	}
	if len(s.Transitions) == 0 {
		t.Fatal("no transitions: the shared breaker never opened")
	}
	for _, tr := range s.Transitions {
		if tr.Dependency != "outbound" || tr.Service != "" {
			t.Errorf("transition names %q/%q, want the group \"outbound\" of the front service", tr.Service, tr.Dependency)
		}
	}
	if !deepequal.Equal(sick.Breaker, well.Breaker) {
		t.Errorf("members' breaker snapshots differ:\n%+v\n%+v", sick.Breaker, well.Breaker)
	}
	if tr := s.Transitions[0]; tr.From != breaker.Closed || tr.To != breaker.Open {
		t.Errorf("first transition %v -> %v, want closed -> open", tr.From, tr.To)
	}
	// The samples' breaker state is the shared one's too.
	for i := range sick.Series {
		if sick.Series[i].Breaker != well.Series[i].Breaker || sick.Series[i].Calls != well.Series[i].Calls {
			t.Fatalf("sample %d: sick's breaker %d/%d calls, well's %d/%d; members share one breaker", i,
				sick.Series[i].Breaker, sick.Series[i].Calls, well.Series[i].Breaker, well.Series[i].Calls)
		}
	}
}

// Before anything fails, the shared breaker's window holds both members'
// calls: one breaker judges them together.
func TestSharedBreakerWindowHoldsEveryMembersCalls(t *testing.T) {
	sc := sharedFront("outbound")
	sc.Variants[0].System.Dependencies[0].Faults = nil
	sc.Variants[0].System.Dependencies[0].Policy.Breaker.WindowSize = 1000
	sc.Variants[0].System.Dependencies[1].Policy.Breaker.WindowSize = 1000
	r, err := New(sc, 0, 2)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(5 * time.Second)
	s := r.Snapshot()
	sick, well := depOf(t, s, "sick"), depOf(t, s, "well")
	// A call is recorded when it returns: the window holds every call the
	// two members sent but those still in flight.
	if got, want := well.Breaker.Calls, int(sick.Calls+well.Calls)-(sick.InFlight+well.InFlight); got != want || sick.Breaker.Calls != want {
		t.Errorf("the shared window holds %d calls (sick's snapshot: %d); the members made %d that returned", got, sick.Breaker.Calls, want)
	}
}

func TestSharedBreakerValidation(t *testing.T) {
	cases := []struct {
		name string
		edit func(sys *System)
		want string
	}{
		{"unequal settings", func(sys *System) {
			sys.Dependencies[1].Policy.Breaker.OpenFor = time.Second
		}, `shared breaker "outbound": dependencies "sick" and "well" have different breaker settings`},
		{"a member without a breaker", func(sys *System) {
			sys.Dependencies[1].Policy.Breaker = nil
		}, `dependency "well": shared breaker "outbound" needs a breaker in the same policy`},
		{"a group named after another dependency", func(sys *System) {
			sys.Dependencies = append(sys.Dependencies, Dependency{Name: "outbound", Latency: Latency{Kind: Constant, Value: time.Millisecond}})
		}, `shared breaker "outbound" has the name of dependency "outbound", which is not in the group`},
		{"a service's group", func(sys *System) {
			b := breaker.Config{WindowSize: 10, FailureRate: 0.5, OpenFor: time.Second, HalfOpenTrials: 1}
			c := b
			c.WindowSize = 20
			lat := Latency{Kind: Constant, Value: time.Millisecond}
			sys.Endpoints[0].Calls = "api"
			sys.Dependencies = append(sys.Dependencies, Dependency{Name: "api", Service: "api"})
			sys.Services = []Service{{Name: "api", Workers: 2, Calls: "x", Dependencies: []Dependency{
				{Name: "x", Latency: lat, Policy: Policy{Breaker: &b, SharedBreaker: "g"}},
				{Name: "y", Latency: lat, Policy: Policy{Breaker: &c, SharedBreaker: "g"}},
			}}}
		}, `service "api": shared breaker "g": dependencies "x" and "y" have different breaker settings`},
	}
	for _, c := range cases {
		sc := sharedFront("outbound")
		c.edit(&sc.Variants[0].System)
		err := sc.Validate()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
	}
	if err := sharedFront("outbound").Validate(); err != nil {
		t.Errorf("equal settings: %v", err)
	}
}

// sharedFleet is a fleet of two instances, each with two edges in group
// "g"; each instance calls "db", which fails for the first 2 s. Instance 0
// restarts at 3 s.
func sharedFleet() *Scenario {
	return fleetOf(2, RoundRobin, func(s *Service) {
		br := breaker.Config{WindowSize: 5, FailureRate: 0.5, OpenFor: time.Minute, HalfOpenTrials: 1}
		other := br
		lat := Latency{Kind: Constant, Value: time.Millisecond}
		s.Calls = "db"
		s.Dependencies = []Dependency{
			{Name: "db", Latency: lat, Faults: []Fault{{Kind: Error, From: 0, To: 2 * time.Second, Probability: 1}},
				Policy: Policy{Breaker: &br, SharedBreaker: "g"}},
			{Name: "cache", Latency: lat, Policy: Policy{Breaker: &other, SharedBreaker: "g"}},
		}
		s.Faults = []ServiceFault{{Kind: InstanceRestart, Instance: 0, From: 3 * time.Second, To: 3500 * time.Millisecond}}
	})
}

// Each instance has its own shared breaker, named after the group; a
// restart gives the members one fresh breaker that they still share.
func TestSharedBreakerPerInstanceAndAfterRestart(t *testing.T) {
	r, err := New(sharedFleet(), 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(2900 * time.Millisecond)
	s := r.Snapshot()
	seen := map[int]bool{}
	for _, tr := range s.Transitions {
		if tr.Service != "api" || tr.Dependency != "g" {
			t.Errorf("transition of %q/%q, want api/g", tr.Service, tr.Dependency)
		}
		seen[tr.Instance] = true
	}
	if !seen[0] || !seen[1] {
		t.Errorf("transitions of instances %v, want each instance's own breaker to open", seen)
	}
	for k, in := range s.Services[0].Instances {
		if b := in.Breakers; b[1] == nil || b[1].State != breaker.Open || !deepequal.Equal(b[0], b[1]) {
			t.Errorf("instance %d before the restart: cache's breaker %+v, want db's open one %+v", k, b[1], b[0])
		}
	}
	r.AdvanceTo(6 * time.Second)
	in := r.Snapshot().Services[0].Instances[0]
	if in.Restarts != 1 {
		t.Fatalf("instance 0 restarted %d times, want 1", in.Restarts)
	}
	db, cache := in.Breakers[0], in.Breakers[1]
	if db.State != breaker.Closed || db.Calls == 0 || !deepequal.Equal(db, cache) {
		t.Errorf("after the restart: db's breaker %v with %d calls, cache's %v with %d; want one fresh closed breaker judging db's calls, shared",
			db.State, db.Calls, cache.State, cache.Calls)
	}
}

// The same seed gives the same run, shared breakers and all, however the
// run is stepped.
func TestSharedBreakerIsDeterministic(t *testing.T) {
	for _, sc := range []*Scenario{sharedFront("outbound"), sharedFleet()} {
		a := runSeed(t, sc, 7)
		r, err := New(sc, 0, 7)
		if err != nil {
			t.Fatal(err)
		}
		for r.Now() < sc.Duration+DrainLimit && !r.Done() {
			r.Advance(37 * time.Millisecond)
		}
		b := r.Snapshot()
		if !deepequal.Equal(a.Transitions, b.Transitions) || !deepequal.Equal(a.Endpoints, b.Endpoints) {
			t.Errorf("%s: two runs of seed 7 differ", sc.Name)
		}
	}
}

// A run with a shared breaker allocates nothing once warmed up.
func TestSharedBreakerAdvanceDoesNotAllocate(t *testing.T) {
	sc := sharedFront("outbound")
	sc.Variants[0].System.Dependencies[0].Faults = nil
	r, err := New(sc, 0, 3)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(3 * time.Second)
	if allocs := testing.AllocsPerRun(3, func() { r.Advance(time.Second / 2) }); allocs != 0 {
		t.Errorf("%.0f allocations per half simulated second", allocs)
	}
}

// A run reset from one with other groups gives what a new run gives: a
// reused state keeps no link between breakers it no longer shares.
func TestSharedBreakerSurvivesReset(t *testing.T) {
	for _, c := range []struct{ from, to string }{{"", "outbound"}, {"outbound", ""}} {
		want := runSeed(t, sharedFront(c.to), 4)
		r, err := New(sharedFront(c.from), 0, 4)
		if err != nil {
			t.Fatal(err)
		}
		r.Run()
		if err := r.Reset(sharedFront(c.to), 0, 4); err != nil {
			t.Fatal(err)
		}
		r.Run()
		got := r.Snapshot()
		if !deepequal.Equal(got.Transitions, want.Transitions) || !deepequal.Equal(got.Endpoints, want.Endpoints) {
			t.Errorf("reset from group %q to %q: the run differs from a new one", c.from, c.to)
		}
	}
}
