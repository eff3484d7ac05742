package sandbox

import (
	"fmt"
	"reflect"
	"sync"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// sameProfile says whether two profiles say the same of their runs; the
// scenario pointers may differ (each build of a built-in is a new one).
func sameProfile(a, b profile) bool {
	a.sc, b.sc = nil, nil
	return reflect.DeepEqual(a, b)
}

// The profile the cache hands back, for another build of the same
// scenario, is the one a fresh run of that variant works out: for every
// variant of every built-in, with all of the scenario's variants in the
// cache at once (a key without the variant would hand back another
// one's).
func TestCachedProfileIsAFreshRunsForEveryVariant(t *testing.T) {
	racefree.Only(t)
	t.Parallel()
	for _, b := range scenarios.All() {
		t.Run(b.Name, func(t *testing.T) {
			n := len(b.Build().Variants)
			c := newProfileCache(n)
			for v := range n {
				if _, ok := c.runProfile(b.Build(), v, tuitest.Seed); !ok {
					t.Fatalf("variant %d: no profile", v+1)
				}
			}
			for v := range n {
				got, ok := c.get(b.Build(), v, tuitest.Seed)
				if !ok {
					t.Fatalf("variant %d: not in the cache after runProfile", v+1)
				}
				want, _ := playedProfile(b.Build(), v, tuitest.Seed)
				if !want.ok || !sameProfile(got, want) {
					t.Errorf("variant %d: cached profile\n%+v\nwant a fresh run's\n%+v", v+1, got, want)
				}
			}
		})
	}
}

// A scenario edited under the same name (a knob set, a fault injected,
// a file reloaded) is another run: it gets its own profile, not the one
// of the scenario as it was; edited back, it gets that one again. So
// does the same scenario on another seed.
func TestAnEditedScenarioGetsItsOwnProfile(t *testing.T) {
	racefree.Only(t)
	t.Parallel()
	c := newProfileCache(profileCacheSize)
	sc := tuitest.Scenario(t, "cascade")
	const v = 2 // the breaker's variant: its fault makes the breaker trip
	before, _ := c.runProfile(sc, v, tuitest.Seed)
	edited := cloneScenario(sc)
	deps := edited.Variants[v].System.Dependencies
	for i := range deps {
		deps[i].Faults = nil
	}
	want, _ := playedProfile(edited, v, tuitest.Seed)
	if sameProfile(want, before) {
		t.Fatalf("the edit changed nothing the profile says: %+v", want)
	}
	got, ok := c.runProfile(edited, v, tuitest.Seed)
	if !ok || !sameProfile(got, want) {
		t.Errorf("the edited scenario's profile\n%+v\nwant its own run's\n%+v", got, want)
	}
	back, ok := c.get(tuitest.Scenario(t, "cascade"), v, tuitest.Seed)
	if !ok || !sameProfile(back, before) {
		t.Errorf("the scenario as built: %+v (cached %v), want the profile it had\n%+v", back, ok, before)
	}
	if c.len() != 2 {
		t.Errorf("the cache holds %d profiles, want 2: the scenario as built and as edited", c.len())
	}
	// Another seed is another run too.
	other, _ := playedProfile(sc, v, tuitest.Seed+1)
	if sameProfile(other, before) {
		t.Fatalf("seed %d's profile is seed %d's: %+v", tuitest.Seed+1, tuitest.Seed, other)
	}
	if got, ok := c.runProfile(sc, v, tuitest.Seed+1); !ok || !sameProfile(got, other) {
		t.Errorf("seed %d: profile\n%+v\nwant its own run's\n%+v", tuitest.Seed+1, got, other)
	}
}

// The cache holds no more than its size, and drops the profile used
// least recently: a lookup counts as a use.
func TestProfileCacheDropsTheLeastRecentlyUsed(t *testing.T) {
	t.Parallel()
	sc := tuitest.Scenario(t, "cascade")
	c := newProfileCache(3)
	put := func(seed uint64) { c.put(sc, 0, seed, profile{ok: true, peakInFlight: int(seed)}) }
	for seed := range uint64(5) {
		put(seed)
		if c.len() > 3 {
			t.Fatalf("after %d profiles the cache holds %d, more than its 3", seed+1, c.len())
		}
	}
	if _, ok := c.get(sc, 0, 2); !ok { // 2 is used: 3 is now the oldest
		t.Fatal("seed 2, put third of five in a cache of three, is gone")
	}
	put(5)
	for seed, kept := range []bool{false, false, true, false, true, true} {
		p, ok := c.get(sc, 0, uint64(seed))
		if ok != kept || ok && p.peakInFlight != seed {
			t.Errorf("seed %d: cached %v (%+v), want %v", seed, ok, p, kept)
		}
	}
	if c.len() != 3 {
		t.Errorf("the cache holds %d profiles, want 3", c.len())
	}
}

// Several sandboxes in one program (classroom sessions) share the cache
// from their own goroutines: under -race this shows the mutex guards it.
func TestProfileCacheIsSafeToShare(t *testing.T) {
	t.Parallel()
	c := newProfileCache(4)
	scs := make([]*engine.Scenario, 3)
	for i := range scs {
		scs[i] = tuitest.Scenario(t, "cascade")
		scs[i].Variants[0].Name = fmt.Sprint("design ", i) // each its own content
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 50 {
				sc, seed := scs[(g+i)%len(scs)], uint64(i%3)
				if p, ok := c.get(sc, 0, seed); ok && p.peakInFlight != int(seed) {
					t.Errorf("seed %d: a profile of seed %d", seed, p.peakInFlight)
				}
				c.put(sc, 0, seed, profile{ok: true, peakInFlight: int(seed)})
			}
		})
	}
	wg.Wait()
	if c.len() > 4 {
		t.Errorf("the cache holds %d profiles, more than its 4", c.len())
	}
}
