package engine

// A shared breaker is the mistake of one breaker for every dependency, made
// on purpose so that it can be shown: the dependencies of one caller whose
// policies name the same group (Policy.SharedBreaker) are judged by one
// breaker. Its window holds every member's calls, so one sick member's
// failures open it, and then it refuses the healthy members' calls too.
//
// A caller is the front service or one instance of a service: breakers live
// in a process's memory, so each instance has its own shared breaker, as it
// has its own per-dependency ones.
//
// The run builds every member's breaker as usual (setupDependency), then
// linkSharedBreakers hands the group's first member's breaker, and its
// open jitter, to the others. Nothing on the hot path changes: a member's
// dependencyState points at the shared breaker as it would at its own. A
// fork's copy links its members the same way (cloneInto, sharedWith).

import "fmt"

// validateSharedBreakers checks the groups among one caller's dependencies:
// every member has a breaker, the members' breaker configurations are equal
// (they share one breaker, so one configuration must describe it), and a
// group's name, which its transitions carry, is not the name of another
// dependency of the caller.
func validateSharedBreakers(deps []Dependency) error {
	first := map[string]int{} // group -> its first member
	for i := range deps {
		d := &deps[i]
		g := d.Policy.SharedBreaker
		if g == "" {
			continue
		}
		j, seen := first[g]
		if !seen {
			first[g] = i
			continue
		}
		if a, b := deps[j].Policy.Breaker, d.Policy.Breaker; *a != *b {
			return fmt.Errorf("shared breaker %q: dependencies %q and %q have different breaker settings; the members of a group share one breaker, so give them equal breaker settings", g, deps[j].Name, d.Name)
		}
	}
	for i := range deps {
		d := &deps[i]
		if _, ok := first[d.Name]; ok && d.Policy.SharedBreaker != d.Name {
			return fmt.Errorf("shared breaker %q has the name of dependency %q, which is not in the group; name the group something else, since its transitions carry its name", d.Name, d.Name)
		}
	}
	return nil
}

// validateSharedBreaker checks one dependency's own part: a member needs a
// breaker.
func (p *Policy) validateSharedBreaker() error {
	if p.SharedBreaker != "" && p.Breaker == nil {
		return fmt.Errorf("shared breaker %q needs a breaker in the same policy (the group's breaker settings)", p.SharedBreaker)
	}
	return nil
}

// linkSharedBreakers makes the members of each group among deps (one
// caller's dependency states, in the order of its dependencies) use the
// first member's breaker. It is called after every member's breaker has
// been made, at New and when an instance restarts; with no group it does
// nothing.
func linkSharedBreakers(deps []dependencyState) {
	for i := range deps {
		g := deps[i].cfg.Policy.SharedBreaker
		if g == "" {
			continue
		}
		for j := range i {
			if deps[j].cfg.Policy.SharedBreaker == g {
				deps[i].breaker, deps[i].jitter = deps[j].breaker, deps[j].jitter
				break
			}
		}
	}
}
