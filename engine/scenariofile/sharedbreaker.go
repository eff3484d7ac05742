package scenariofile

import "github.com/breakerlab/breakerlab/engine"

// checkSharedBreakers checks the groups of shared_breaker among each
// caller's dependencies ([system]'s, and each service's) as the engine does
// (engine.Policy.SharedBreaker), reported at the policy of the dependency
// that breaks the rule: the members of a group share one breaker, so their
// breaker tables must be equal; and a group's name, which its transitions
// carry, may not be the name of another dependency of the same caller.
func (c *conv) checkSharedBreakers(s system, variant string) error {
	if err := c.checkSharedGroup(s, variant, "", s.Dependencies); err != nil {
		return err
	}
	for _, svc := range s.Services {
		if err := c.checkSharedGroup(s, variant, svc.Name, svc.Dependencies); err != nil {
			return err
		}
	}
	return nil
}

func (c *conv) checkSharedGroup(s system, variant, owner string, deps []engine.Dependency) error {
	where := ""
	if owner != "" {
		where = "services " + quote(owner) + ": "
	}
	first := map[string]int{}
	for i, d := range deps {
		g := d.Policy.SharedBreaker
		if g == "" {
			continue
		}
		j, seen := first[g]
		if !seen {
			first[g] = i
			continue
		}
		if a, b := deps[j].Policy.Breaker, d.Policy.Breaker; a != nil && b != nil && *a != *b {
			firstAt := s.at[atKey("dep", owner, deps[j].Name, "policy")]
			at, prefix := blame(variant, s.at[atKey("dep", owner, d.Name, "policy")], firstAt)
			return errorAt(at, "%s%sdependencies %q and %q (line %d) share breaker %q, but their breaker tables differ: the members of a group share one breaker, so give them equal breaker settings",
				prefix, where, d.Name, deps[j].Name, c.lineOf(firstAt), g)
		}
	}
	for _, d := range deps {
		if _, ok := first[d.Name]; ok && d.Policy.SharedBreaker != d.Name {
			member := deps[first[d.Name]]
			at, prefix := blame(variant, s.at[atKey("dep", owner, member.Name, "policy")], s.at[atKey("dep", owner, d.Name)])
			return errorAt(at, "%s%sshared_breaker %q is also the name of dependency %q, which is not in the group: give the group a name of its own, since its breaker's transitions carry it",
				prefix, where, d.Name, d.Name)
		}
	}
	return nil
}
