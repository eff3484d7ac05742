package engine

// ForkUnchecked makes dst r's copy handed sc's variant v, as ForkInto does,
// without the check that the knobs that differ have not mattered: a test
// takes a fork ForkInto refuses, to show that the comparison of forked
// with fresh runs tells a wrong fork apart.
func (r *Run) ForkUnchecked(dst *Run, sc *Scenario, v int) {
	r.CloneInto(dst)
	dst.rebase(sc, v)
}

// TimersArmed reports whether a call to dependency i has armed its
// timeout's timer so far, for a test that forks runs with armed timers.
func (r *Run) TimersArmed(i int) bool { return r.dependencies[i].armed }
