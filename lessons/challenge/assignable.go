package challenge

import (
	"fmt"
	"sync"

	"github.com/breakerlab/breakerlab/engine/shuffle"
)

// assignable says whether the engine gives every customer of the fleet its
// shard on every seed a grading assigns it on: seed 0, which checks that
// the design runs (runnable), and the level's seeds. Below its bound the
// overlap-limited search can run out of room, and only trying says where;
// the answer is the same every time (Assign is deterministic for a seed),
// so it is kept (assignments) rather than tried again each time a knob's
// range is drawn.
func (c *Challenge) assignable(f *Fleet) bool {
	key := assignKey{fleet: f.fleet(), seeds: fmt.Sprint(c.Seeds)}
	assignments.Lock()
	ok, known := assignments.found[key]
	assignments.Unlock()
	if known {
		return ok
	}
	ok = true
	for _, seed := range append([]uint64{0}, c.Seeds...) {
		if _, err := shuffle.Assign(f.fleet(), seed); err != nil {
			ok = false
			break
		}
	}
	assignments.Lock()
	assignments.found[key] = ok
	assignments.Unlock()
	return ok
}

// assignKey is a fleet and the seeds it was tried on.
type assignKey struct {
	fleet shuffle.Fleet
	seeds string
}

// assignments holds assignable's answers: a level's few pairs of shard
// size and overlap, each tried once per process.
var assignments = struct {
	sync.Mutex
	found map[assignKey]bool
}{found: map[assignKey]bool{}}
