package chaos

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// Part names what kind of part of a system a target is.
type Part uint8

// The parts a fault can be aimed at.
const (
	// DependencyPart: a leaf dependency (a database, a provider) of the
	// front service or of a service.
	DependencyPart Part = iota + 1
	// ServicePart: every instance of a service.
	ServicePart
	// InstancePart: one instance of a fleet.
	InstancePart
	// TenantPart: one tenant's traffic, on every endpoint it sends to.
	TenantPart
	// EndpointPart: one endpoint's traffic.
	EndpointPart
)

var partNames = [...]string{DependencyPart: "dependency", ServicePart: "service", InstancePart: "instance", TenantPart: "tenant", EndpointPart: "endpoint"}

func (p Part) String() string {
	if int(p) < len(partNames) && partNames[p] != "" {
		return partNames[p]
	}
	return fmt.Sprintf("part(%d)", uint8(p))
}

// kindsOf is what each part takes.
var kindsOf = [...][]Kind{
	DependencyPart: {Slow, Hang, Errors, Down, Unreachable, Recover},
	ServicePart:    {Slow, Hang, Errors, Down, Restart, Recover},
	InstancePart:   {Slow, Hang, Errors, Down, Restart, Recover},
	TenantPart:     {Surge, Recover},
	EndpointPart:   {Surge, Recover},
}

// Target is a part of a scenario a fault can be aimed at.
type Target struct {
	// Name is how a spec names it: "database", "inventory/database" (a
	// service's dependency), "inventory", "api#3" (instance 3, counted
	// from 0), "acme" (a tenant), "search" (an endpoint). A name two parts
	// share is written PART:NAME for the later ones ("endpoint:search").
	// It is the name itself, unquoted: a spec writes it with QuoteName.
	Name string
	Part Part
	// Kinds are the faults it takes, in the order a menu lists them.
	Kinds []Kind
	// alias is another name a spec may use: a service's dependency by its
	// own name, when no other part has it.
	alias string
	// Where it lives: the service owning a dependency ("" for the front
	// service), the dependency, the service, the instance, the tenant or
	// endpoint.
	owner, name string
	instance    int
}

// Takes says whether the target takes faults of kind k.
func (t Target) Takes(k Kind) bool { return slices.Contains(t.Kinds, k) }

// TargetsOf lists the parts of sc a fault can be aimed at, over all its
// variants (a part some variants lack is faulted where it exists): leaf
// dependencies, services, each instance of a fleet, tenants, and endpoints
// with a rate. Edges to services are not listed: a fault of what answers
// them is a fault of the service.
func TargetsOf(sc *engine.Scenario) []Target {
	var out []Target
	seen := map[string]bool{}
	add := func(t Target) {
		key := t.Part.String() + "\x00" + t.owner + "\x00" + t.name + "\x00" + strconv.Itoa(t.instance)
		if seen[key] {
			return
		}
		seen[key] = true
		t.Kinds = kindsOf[t.Part]
		out = append(out, t)
	}
	instances := map[string]int{}
	for _, v := range sc.Variants {
		for _, s := range v.System.Services {
			instances[s.Name] = max(instances[s.Name], s.Instances, 1)
		}
	}
	for _, v := range sc.Variants {
		sys := &v.System
		for _, d := range sys.Dependencies {
			if d.Service == "" {
				add(Target{Name: d.Name, Part: DependencyPart, name: d.Name})
			}
		}
		for _, s := range sys.Services {
			add(Target{Name: s.Name, Part: ServicePart, name: s.Name, instance: engine.AllInstances})
			for _, d := range s.Dependencies {
				if d.Service == "" {
					add(Target{Name: s.Name + "/" + d.Name, Part: DependencyPart, owner: s.Name, name: d.Name, alias: d.Name})
				}
			}
		}
		for _, s := range sys.Services {
			if n := instances[s.Name]; n > 1 {
				for k := range n {
					add(Target{Name: s.Name + "#" + strconv.Itoa(k), Part: InstancePart, name: s.Name, instance: k})
				}
			}
		}
		for _, t := range sys.Tenants {
			add(Target{Name: t, Part: TenantPart, name: t})
		}
		for _, e := range sys.Endpoints {
			if e.Interval == 0 {
				add(Target{Name: e.Name, Part: EndpointPart, name: e.Name})
			}
		}
	}
	// Names two parts share: the later ones say what they are.
	names := map[string]int{}
	for i := range out {
		names[out[i].Name]++
		if names[out[i].Name] > 1 {
			out[i].Name = out[i].Part.String() + ":" + out[i].Name
		}
	}
	// A service's dependency may go by its own name when nothing else does.
	aliases := map[string]int{}
	for _, t := range out {
		if t.alias != "" {
			aliases[t.alias]++
		}
	}
	for i := range out {
		if a := out[i].alias; a != "" && (names[a] > 0 || aliases[a] > 1) {
			out[i].alias = ""
		}
	}
	return out
}

// named is the target as a message names it: its part, then its name as a
// spec writes it ("endpoint search"), or the name alone where the name
// says the part already, qualified by it ("endpoint:search", not
// "endpoint endpoint:search") or being its very word (breaker-timeline's
// dependency called "dependency").
func (t Target) named() string {
	part := t.Part.String()
	if strings.HasPrefix(t.Name, part+":") || strings.EqualFold(t.Name, part) {
		return QuoteName(t.Name)
	}
	return part + " " + QuoteName(t.Name)
}

// Find looks a target up by the name a spec gives it.
func Find(targets []Target, name string) (Target, bool) {
	for _, t := range targets {
		if t.Name == name {
			return t, true
		}
	}
	for _, t := range targets {
		if t.alias != "" && t.alias == name {
			return t, true
		}
	}
	return Target{}, false
}

// Names lists the targets' names.
func Names(targets []Target) []string {
	out := make([]string, len(targets))
	for i, t := range targets {
		out[i] = t.Name
	}
	return out
}

// Describe lists the targets of a scenario by part, with the kinds each
// part takes, for a message: "dependencies inventory/database (slow
// LATENCY, hang, errors PERCENT, down, recover); services orders,
// inventory (slow LATENCY, ..., restart, recover); ...". A name is written
// as a spec takes it (QuoteName): "orders db" in quotes.
func Describe(targets []Target) string {
	var parts []string
	for p := DependencyPart; p <= EndpointPart; p++ {
		var names []string
		for _, t := range targets {
			if t.Part == p {
				names = append(names, QuoteName(t.Name))
			}
		}
		if len(names) == 0 {
			continue
		}
		if p == InstancePart && len(names) > 6 {
			names = append(names[:3], "…", names[len(names)-1])
		}
		var kinds []string
		for _, k := range kindsOf[p] {
			kinds = append(kinds, k.Usage())
		}
		word := p.String() + "s"
		if p == DependencyPart {
			word = "dependencies"
		}
		parts = append(parts, fmt.Sprintf("%s %s (%s)", word, strings.Join(names, ", "), strings.Join(kinds, ", ")))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, "; ")
}

// Check says whether sp can be applied to sc: its target exists, takes its
// kind, and its moment lies within the traffic.
func Check(sc *engine.Scenario, sp Spec) error {
	_, err := resolve(sc, TargetsOf(sc), sp, typedTimes{})
	return err
}

// resolve is sp's target in sc, or why sc cannot take sp, quoting sp with
// the times in typed where it has them.
func resolve(sc *engine.Scenario, targets []Target, sp Spec, typed typedTimes) (Target, error) {
	t, ok := Find(targets, sp.Target)
	if !ok {
		if e := intervalEndpoint(sc, sp.Target); e != "" {
			// An endpoint called at a fixed interval (a health check) has
			// no rate for a surge to multiply: name it as what it is.
			return Target{}, fmt.Errorf("fault %q: %s is an endpoint called every %s, a fixed interval, which no fault can change (a surge multiplies an endpoint's rate); targets: %s", sp.said(typed), e, engine.FormatDuration(intervalOf(sc, e)), Describe(targets))
		}
		return Target{}, fmt.Errorf("fault %q: %s has no part called %q; targets: %s", sp.said(typed), sc.Name, sp.Target, Describe(targets))
	}
	if !t.Takes(sp.Kind) {
		var kinds []string
		for _, k := range t.Kinds {
			kinds = append(kinds, k.Usage())
		}
		return Target{}, fmt.Errorf("fault %q: %s takes %s, not %s; %s", sp.said(typed), t.named(), strings.Join(kinds, ", "), sp.Kind, takersOf(sc, targets, sp.Kind))
	}
	if sp.At >= sc.Duration {
		return Target{}, fmt.Errorf("fault %q: at %s, past the end of %s's traffic, which runs from 0 to %s; inject at a moment before its end", sp.said(typed), orFormat(typed.at, sp.At), sc.Name, inUnitOf(typed.at, sc.Duration))
	}
	// A fault's end is held to the scenario's top for a fault's moments,
	// in the words of 'for': the engine's own refusal named a fault of
	// the scenario's list and no flag. A surge is a burst, no fault: its
	// top is the traffic's end, as a scenario's burst's is.
	past := ""
	switch end := sp.end(); {
	case sp.Kind == Surge && end > engine.LatestSurgeMoment(sc.Duration):
		past = engine.SurgeMomentPast("end", end, sc.Duration)
	case sp.Kind != Surge && end > engine.LatestFaultMoment(sc.Duration):
		past = engine.FaultMomentPast("end", end, sc.Duration)
	}
	if past != "" {
		return Target{}, fmt.Errorf("fault %q: for %s, it %s; give a shorter 'for', or none to last to the run's end", sp.said(typed), orFormat(typed.dur, sp.For), past)
	}
	return t, nil
}

// takersOf says which parts take faults of kind k, and which of sc's
// targets are such parts, as the message for an unknown target lists
// them: "surge is for a tenant or an endpoint; in cascade: endpoints
// search, ... (surge xFACTOR, recover)".
func takersOf(sc *engine.Scenario, targets []Target, k Kind) string {
	var parts []string
	for p := DependencyPart; p <= EndpointPart; p++ {
		if slices.Contains(kindsOf[p], k) {
			parts = append(parts, p.article()+" "+p.String())
		}
	}
	var takers []Target
	for _, t := range targets {
		if t.Takes(k) {
			takers = append(takers, t)
		}
	}
	if len(takers) == 0 {
		return fmt.Sprintf("%s is for %s, and %s has none", k, orList(parts), sc.Name)
	}
	return fmt.Sprintf("%s is for %s; in %s: %s", k, orList(parts), sc.Name, Describe(takers))
}

// orList joins words as a sentence does: "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// article is "a" or "an", as the part's name takes it.
func (p Part) article() string {
	if strings.ContainsRune("aeiou", rune(p.String()[0])) {
		return "an"
	}
	return "a"
}

// intervalEndpoint is name when some variant of sc has an endpoint of that
// name called at a fixed interval, and "" otherwise.
func intervalEndpoint(sc *engine.Scenario, name string) string {
	if intervalOf(sc, name) > 0 {
		return name
	}
	return ""
}

// intervalOf is the interval of sc's endpoint called name in the first
// variant that has it so, or 0.
func intervalOf(sc *engine.Scenario, name string) time.Duration {
	for _, v := range sc.Variants {
		for _, e := range v.System.Endpoints {
			if e.Name == name && e.Interval > 0 {
				return e.Interval
			}
		}
	}
	return 0
}
