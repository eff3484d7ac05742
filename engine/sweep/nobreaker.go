package sweep

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
)

// A breaker's knob on a variant without a breaker: the setter makes the
// breaker from nothing to hold the one value, and the scenario then
// refuses the breaker's other settings, all zero ("failure rate must be
// above 0 ... got 0"), which tells the learner nothing of what is wrong.
// The sweep varies what the variant has; it does not add a breaker, and
// neither does the sandbox's knob form, which shows a breaker's knobs
// only where the variant has one. So a plan refuses such an axis up
// front, naming the variants that have the breaker and how to give this
// one a breaker of its own.

// callRef names a dependency of a system: the front service's (svc "")
// or a service's.
type callRef struct {
	svc, dep string
}

func (c callRef) String() string {
	if c.svc == "" {
		return c.dep
	}
	return c.svc + "/" + c.dep
}

// hasBreaker reports whether call c of sys has a breaker.
func hasBreaker(sys *engine.System, c callRef) bool {
	d := findCall(sys, c)
	return d != nil && d.Policy.Breaker != nil
}

// checkBreakers refuses an axis that would run every cell alike
// (futile.go), or give the plan's variant a part it does not have: a
// breaker or a rate limiter on a call, shedding at a server, a latency
// of another kind than a call's or a service's (parts.go). A value the
// setter refuses is left for build to report.
func (p *Plan) checkBreakers() error {
	sc := p.Build()
	if p.Variant < 0 || p.Variant >= len(sc.Variants) {
		return nil
	}
	for a := range p.Axes {
		if err := p.checkFutile(a); err != nil {
			return err
		}
	}
	sys := &sc.Variants[p.Variant].System
	for _, ax := range p.Axes {
		was := partsOf(sys)
		if p.Set(sc, p.Variant, ax.Path, ax.Values[0]) != nil {
			return nil
		}
		if err := p.checkParts(ax.Path, was, partsOf(sys)); err != nil {
			return err
		}
	}
	return nil
}

// WithBreaker lists the variants of sc (counted from 0) in which
// dependency dep of service svc ("" for the front's) has a breaker: the
// variants a refusal of a breaker's knob on a call without one names, here
// and in a lesson's [set], which refuses such a knob for the same reason.
func WithBreaker(sc *engine.Scenario, svc, dep string) []int {
	return variantsWith(sc, func(sys *engine.System) bool { return hasBreaker(sys, callRef{svc: svc, dep: dep}) })
}

// variantsWith lists the variants of sc (counted from 0) whose system has
// the part has looks for.
func variantsWith(sc *engine.Scenario, has func(*engine.System) bool) []int {
	var with []int
	for k := range sc.Variants {
		if has(&sc.Variants[k].System) {
			with = append(with, k)
		}
	}
	return with
}

// noBreaker is the refusal of a sweep of path, a knob of call c's breaker,
// on a variant where c has none.
func (p *Plan) noBreaker(path string, c callRef) error {
	return p.noPart(path, "breaker", "a breaker", c.String(), "a policy.breaker table on "+c.String(),
		func(sys *engine.System) bool { return hasBreaker(sys, c) })
}

// noPart is the refusal of a sweep of path, a knob of a part ("breaker",
// with its article: "a breaker") of where ("recommendations") that the
// plan's variant does not have, naming the variants that have it (has)
// and how to give the variant one: table, in a scenario file.
func (p *Plan) noPart(path, part, aPart, where, table string, has func(*engine.System) bool) error {
	sc := p.Build()
	var with []string
	for _, k := range variantsWith(sc, has) {
		with = append(with, strconv.Itoa(k+1))
	}
	msg := fmt.Sprintf("--vary %s: variant %d of %s (%s) has no %s on %s: a sweep varies the knobs of %s a variant has, and adds none",
		path, p.Variant+1, sc.Name, sc.Variants[p.Variant].Name, part, where, aPart)
	file := fmt.Sprintf("breakerlab scenarios --dump %s writes %s's, if it is built in", sc.Name, sc.Name)
	if len(with) == 0 {
		return fmt.Errorf("%s. No variant of %s has one there. To sweep one, give %s %s in a scenario file (%s; %s) and sweep that file",
			msg, sc.Name, where, aPart, table, file)
	}
	which := "Variant " + with[0] + " has one: --variant " + with[0]
	if len(with) > 1 {
		which = "Variants " + strings.Join(with, ", ") + " have one: --variant " + with[0]
	}
	return fmt.Errorf("%s. %s. To sweep %s on variant %d, give it one in a scenario file (%s, as variant %s has; %s) and sweep that file",
		msg, which, aPart, p.Variant+1, table, with[0], file)
}
