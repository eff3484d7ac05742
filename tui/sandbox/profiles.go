package sandbox

import (
	"reflect"
	"slices"
	"sync"

	"github.com/breakerlab/breakerlab/engine"
)

// The layout's profile of a run within directSpan is worked out in the
// Update that shows the run (extraPanes.setData): a whole engine run,
// played to its end. It was played again for every new sandbox on a
// scenario, and for every variant shown after the scenario was edited and
// edited back or the seed changed and changed back: a hitch the learner
// felt, and most of what the tests that open many sandboxes spent. The
// profile depends on nothing but the run, and the run on nothing but the
// scenario's content, the variant and the seed (engine.New), so the
// program keeps the profiles it has worked out, keyed by exactly those:
// the scenario by its content, not its pointer (the knobs, the builder,
// a file and the fault injector each make a new scenario, which may or
// may not read the same). The cache is the program's, shared by every
// sandbox in it (classroom sessions over SSH run several in one process):
// a mutex guards it, and the profiles it hands out are only read. A run
// longer than directSpan is played to its end by the model's work
// (work.go, profileWork), a slice a message, not here; the cache keeps
// its profile too, so that the run opened again is not played again.

// profileCacheSize is how many profiles the program keeps: every variant
// of every built-in (41 today) and some edits of them, or a classroom's
// few scenarios on their few seeds. An entry holds a copy of a scenario,
// a short run's transitions and a count per bulkhead: kilobytes.
const profileCacheSize = 64

// profiles is the program's cache of layout profiles.
var profiles = newProfileCache(profileCacheSize)

// profileCache keeps up to size profiles, the least recently used
// dropped first.
type profileCache struct {
	mu   sync.Mutex
	size int
	// entries are in the order of their last use, the latest last.
	entries []profileEntry
}

// profileEntry is a profile and the run it is of: sc is the cache's own
// copy of the scenario, which no one else can change.
type profileEntry struct {
	sc      *engine.Scenario
	variant int
	seed    uint64
	prof    profile
}

func newProfileCache(size int) *profileCache { return &profileCache{size: max(size, 1)} }

// get is the profile of variant v of sc on seed, if the cache has it.
func (c *profileCache) get(sc *engine.Scenario, v int, seed uint64) (profile, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	i := c.find(sc, v, seed)
	if i < 0 {
		return profile{}, false
	}
	e := c.entries[i]
	c.entries = append(slices.Delete(c.entries, i, i+1), e)
	return e.prof, true
}

// put keeps p as the profile of variant v of sc on seed, dropping the
// least recently used profile when the cache is full. sc is copied: the
// caller may change its own afterwards.
func (c *profileCache) put(sc *engine.Scenario, v int, seed uint64, p profile) {
	own := cloneScenario(sc) // outside the lock: a copy takes a while
	p.sc = nil               // the entry's scenario is its own copy
	c.mu.Lock()
	defer c.mu.Unlock()
	if i := c.find(sc, v, seed); i >= 0 {
		c.entries = slices.Delete(c.entries, i, i+1) // worked out twice at once
	}
	if len(c.entries) >= c.size {
		c.entries = slices.Delete(c.entries, 0, len(c.entries)-c.size+1)
	}
	c.entries = append(c.entries, profileEntry{sc: own, variant: v, seed: seed, prof: p})
}

// find is the index of the entry for variant v of sc on seed, or -1.
// Held under c.mu.
func (c *profileCache) find(sc *engine.Scenario, v int, seed uint64) int {
	return slices.IndexFunc(c.entries, func(e profileEntry) bool {
		return e.variant == v && e.seed == seed && e.sc.Name == sc.Name && reflect.DeepEqual(e.sc, sc)
	})
}

// len is how many profiles the cache holds.
func (c *profileCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.entries)
}

// runProfile is the layout's profile of variant v of sc on seed, from the
// cache or else from a run played to its end now, which the cache then
// keeps; false when the engine cannot make the run (the sim reports why).
func (c *profileCache) runProfile(sc *engine.Scenario, v int, seed uint64) (profile, bool) {
	if p, ok := c.get(sc, v, seed); ok {
		p.sc = sc
		return p, true
	}
	p, ok := playedProfile(sc, v, seed)
	if ok {
		c.put(sc, v, seed, p)
	}
	return p, ok
}

// playedProfile is the profile of variant v of sc on seed worked out from
// a fresh run played to its end.
func playedProfile(sc *engine.Scenario, v int, seed uint64) (profile, bool) {
	p := profile{sc: sc, variant: v, seed: seed}
	r, err := engine.New(sc, v, seed)
	if err != nil {
		return p, false
	}
	r.Run()
	end := r.Snapshot()
	p.fill(&end) // its transitions are the run's, which no one plays on
	return p, true
}
