package builder

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// Adding or removing a tenant keeps the shares the learner set with %:
// t and x used to split every endpoint's traffic evenly again, and a
// noisy tenant's 90 % was quietly undone. Removing a tenant gives its
// share to the others in proportion to theirs; adding one gives it an
// even share (1/n) taken from the others in proportion to theirs. Each
// endpoint keeps its own proportions, in every variant. The shares are
// rounded to whole tenths of a percent, the parts list's precision, so
// that they add up to exactly 100 % there and in the file.

// shareUnits is how many parts the traffic is rounded in: tenths of a
// percent.
const shareUnits = 1000

// sharesWithTenant is an endpoint's shares once added joins tenants (the
// system's tenants, added last): added gets 1/n, the others what they had,
// scaled to what is left. The first tenant takes every endpoint's traffic;
// after it, an endpoint whose traffic has no tenant keeps none (no share
// is taken from nobody), and one whose shares are all 0 is split evenly:
// it has no proportion to keep.
func sharesWithTenant(shares []engine.TenantShare, tenants []string, added string) []engine.TenantShare {
	switch {
	case len(tenants) == 1:
		return []engine.TenantShare{{Tenant: added, Share: 1}}
	case len(shares) == 0:
		return nil
	}
	had := shareSum(shares)
	if had <= 0 {
		return roundShares(tenants, evenTargets(len(tenants)))
	}
	even := 1 / float64(len(tenants))
	var names []string
	var targets []float64
	for _, t := range tenants {
		if t == added {
			names, targets = append(names, t), append(targets, even)
			continue
		}
		if s, ok := shareOf(shares, t); ok {
			names, targets = append(names, t), append(targets, s/had*(1-even))
		}
	}
	return roundShares(names, targets)
}

// sharesWithoutTenant is an endpoint's shares once removed has left
// (tenants: the system's tenants without it): the others' scaled up to
// fill what it had. With no tenant left, or on an endpoint whose traffic
// had none, the traffic has no tenant (nil); a removed share of 0 leaves
// the others exactly as the learner set them; the others with no share
// at all are split evenly.
func sharesWithoutTenant(shares []engine.TenantShare, tenants []string, removed string) []engine.TenantShare {
	if len(tenants) == 0 || len(shares) == 0 {
		return nil
	}
	rest := slices.DeleteFunc(slices.Clone(shares), func(ts engine.TenantShare) bool { return ts.Tenant == removed })
	left := shareSum(rest)
	if left <= 0 {
		return roundShares(tenants, evenTargets(len(tenants)))
	}
	if s, _ := shareOf(shares, removed); s == 0 {
		return rest
	}
	var names []string
	var targets []float64
	for _, t := range tenants {
		if s, ok := shareOf(rest, t); ok {
			names, targets = append(names, t), append(targets, s/left)
		}
	}
	return roundShares(names, targets)
}

func evenTargets(n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = 1 / float64(n)
	}
	return out
}

func shareSum(shares []engine.TenantShare) float64 {
	sum := 0.0
	for _, ts := range shares {
		sum += ts.Share
	}
	return sum
}

func shareOf(shares []engine.TenantShare, tenant string) (float64, bool) {
	i := slices.IndexFunc(shares, func(ts engine.TenantShare) bool { return ts.Tenant == tenant })
	if i < 0 {
		return 0, false
	}
	return shares[i].Share, true
}

// roundShares rounds targets (adding up to 1) to shareUnits by the
// largest remainder: each gets its whole units, and the units left go to
// the largest fractions, the earlier tenant first on a tie, so that the
// same shares always round alike and add up to exactly shareUnits. A
// tenant that had traffic keeps a unit of it at least: rounded to 0 it
// would send none, and the builder refuses a tenant that sends nothing.
func roundShares(names []string, targets []float64) []engine.TenantShare {
	units := make([]int, len(targets))
	frac := make([]float64, len(targets))
	left := shareUnits
	for i, t := range targets {
		exact := t * shareUnits
		units[i] = int(math.Floor(exact))
		// Compared at a millionth of a unit: the same fraction reached by
		// two float paths (1/3 and 0.5·2/3) ties, and the order decides.
		frac[i] = math.Round((exact-float64(units[i]))*1e6) / 1e6
		left -= units[i]
	}
	order := make([]int, len(targets))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(frac[b], frac[a]) })
	for k := 0; k < left && k < len(order); k++ {
		units[order[k]]++
	}
	keepATenth(units, targets)
	out := make([]engine.TenantShare, len(names))
	for i, n := range names {
		out[i] = engine.TenantShare{Tenant: n, Share: float64(units[i]) / shareUnits}
	}
	return out
}

// keepATenth gives a unit to each tenant whose traffic rounded to none,
// from the largest share (the first of the largest).
func keepATenth(units []int, targets []float64) {
	for i, t := range targets {
		if t <= 0 || units[i] > 0 {
			continue
		}
		big := 0
		for j := range units {
			if units[j] > units[big] {
				big = j
			}
		}
		if units[big] > 1 {
			units[big]--
			units[i]++
		}
	}
}

// sharesText is the shares of variant 0's first endpoint that splits its
// traffic (sharesEndpoint), as the message line says them ("acme 46.7%,
// globex 20%"), with where when not every endpoint of every variant has
// those shares: " on /checkout (each endpoint keeps its own proportions)".
func sharesText(sc *engine.Scenario) string {
	first := sharesEndpoint(sc)
	if first == nil {
		return "no endpoint's traffic has a tenant"
	}
	same := true
	for _, v := range sc.Variants {
		for _, e := range v.System.Endpoints {
			same = same && slices.Equal(e.Tenants, first.Tenants)
		}
	}
	words := make([]string, len(first.Tenants))
	for i, ts := range first.Tenants {
		words[i] = ts.Tenant + " " + pane.PercentExact(ts.Share)
	}
	text := strings.Join(words, ", ")
	if !same {
		text += fmt.Sprintf(" on %s (each endpoint keeps its own proportions)", first.Name)
	}
	return text
}

// sharesEndpoint is the endpoint the message line speaks for, as the %
// prompt does (sharesNow): variant 0's first that splits its traffic.
func sharesEndpoint(sc *engine.Scenario) *engine.Endpoint {
	sys := &sc.Variants[0].System
	i := slices.IndexFunc(sys.Endpoints, func(e engine.Endpoint) bool { return len(e.Tenants) > 0 })
	if i < 0 {
		return nil
	}
	return &sys.Endpoints[i]
}

// tenantAddedNote is the message line after t added name to sc.
func tenantAddedNote(sc *engine.Scenario, name string) string {
	if len(sc.Variants[0].System.Tenants) == 1 {
		return fmt.Sprintf("added tenant %s: it sends all the traffic (t adds another)", name)
	}
	if tenants := sc.Variants[0].System.Tenants; len(tenants) == 2 {
		return fmt.Sprintf("added tenant %s with an even share, taken from %s: %s (%% sets shares)", name, tenants[0], sharesText(sc))
	}
	return fmt.Sprintf("added tenant %s with an even share, taken from the others in proportion to theirs: %s (%% sets shares)",
		name, sharesText(sc))
}

// tenantRemovedNote is the message line after x removed name: before is
// the system it was removed from, after the system now. It says where the
// tenant's share of the traffic went, then what became of its slots in
// per-tenant bulkheads.
func tenantRemovedNote(before, after *engine.Scenario, name string) string {
	return sharesRemovedNote(before, after, name) + slotsRemovedNote(before, after, name) + " (u undoes it)"
}

// sharesRemovedNote says where removed name's share of the traffic went.
func sharesRemovedNote(before, after *engine.Scenario, name string) string {
	if len(after.Variants[0].System.Tenants) == 0 {
		return fmt.Sprintf("removed tenant %s: the traffic has no tenant now", name)
	}
	if !slices.ContainsFunc(before.Variants, func(v engine.Variant) bool {
		return slices.ContainsFunc(v.System.Endpoints, func(e engine.Endpoint) bool {
			s, _ := shareOf(e.Tenants, name)
			return s > 0
		})
	}) {
		return fmt.Sprintf("removed tenant %s, which had no share of the traffic: the others' shares are as they were", name)
	}
	gave := "its share"
	if e := sharesEndpoint(before); e != nil {
		if s, ok := shareOf(e.Tenants, name); ok {
			gave = "its " + percentTenths(s) // a built-in's third is 0.3333333333333333
		}
	}
	if left := after.Variants[0].System.Tenants; len(left) == 1 {
		return fmt.Sprintf("removed tenant %s: %s went to %s, the one tenant left: %s", name, gave, left[0], sharesText(after))
	}
	return fmt.Sprintf("removed tenant %s: %s went to the others in proportion to theirs: %s", name, gave, sharesText(after))
}

// Removing a tenant takes its own slots out of every per-tenant bulkhead
// with it: the engine refuses slots for a tenant the system does not
// have, and x on a tenant with slots of its own was refused in those
// words, the tenant impossible to remove. The last tenant takes the
// per-tenant bulkheads themselves: the engine refuses one in a system
// without tenants, and x on the last tenant of a copy of noisy-tenant was
// refused, for its "a bulkhead per tenant" design. Each becomes the plain
// bulkhead the calls without a tenant found in it, so that the design
// still caps the calls as it did (removeTenantSlots).

// removeTenantSlots takes removed's own slots out of p's per-tenant
// bulkhead, if it has one; tenantsLeft says whether the system still has
// tenants. Without, the per-tenant bulkhead becomes a plain bulkhead of
// untenantedSlots, which like it refuses a call at once when it is full
// (a per-tenant bulkhead never makes calls wait: engine.Validate). The
// bulkhead is copied before it changes, as the knob form copies it.
func removeTenantSlots(p *engine.Policy, removed string, tenantsLeft bool) {
	tb := p.TenantBulkhead
	if tb == nil {
		return
	}
	if !tenantsLeft {
		p.TenantBulkhead, p.Bulkhead = nil, untenantedSlots(tb)
		return
	}
	kept := *tb
	kept.Own = slices.DeleteFunc(slices.Clone(tb.Own), func(o engine.TenantSlots) bool { return o.Tenant == removed })
	p.TenantBulkhead = &kept
}

// untenantedSlots is how many calls without a tenant a per-tenant bulkhead
// lets in at once: the default's own slots (the engine gives calls without
// a tenant a lane of their own, with Default slots), and the shared
// overflow, up to the most of it one lane may hold. 0 makes a plain
// bulkhead none at all.
func untenantedSlots(tb *engine.TenantBulkhead) int {
	shared := tb.Shared
	if tb.SharedPerTenant > 0 {
		shared = min(shared, tb.SharedPerTenant)
	}
	return tb.Default + shared
}

// slotsRemovedNote is what the message line adds when removing name
// changed a per-tenant bulkhead: the own slots that went with it, or,
// with the last tenant, the plain bulkheads the per-tenant ones became.
// "" when no bulkhead changed.
func slotsRemovedNote(before, after *engine.Scenario, name string) string {
	var notes variantNotes
	if len(after.Variants[0].System.Tenants) == 0 {
		eachTenantBulkhead(before, func(v int, dep string, tb *engine.TenantBulkhead) {
			if n := untenantedSlots(tb); n > 0 {
				notes.add(v, "the per-tenant bulkhead on "+dep, fmt.Sprintf(" is a bulkhead of %d now, the slots a call without a tenant had in it", n))
			} else {
				notes.add(v, "the per-tenant bulkhead on "+dep, " is gone: it had no slots for a call without a tenant")
			}
		})
		return notes.text(after, "; ", "; ")
	}
	eachTenantBulkhead(before, func(v int, dep string, tb *engine.TenantBulkhead) {
		for _, o := range tb.Own {
			if o.Tenant == name {
				notes.add(v, fmt.Sprintf("%d on %s", o.Slots, dep), "")
			}
		}
	})
	if len(notes) == 0 {
		return ""
	}
	return "; its own bulkhead slots went with it: " + notes.text(after, "", ", ")
}

// eachTenantBulkhead calls fn with every per-tenant bulkhead of sc, the
// variant it is in, and the dependency whose calls it caps: its name, or
// "caller/name" for a service's dependency, as its knobs are named.
func eachTenantBulkhead(sc *engine.Scenario, fn func(v int, dep string, tb *engine.TenantBulkhead)) {
	for v := range sc.Variants {
		each(&sc.Variants[v].System, func(caller string, deps *[]engine.Dependency) {
			for _, d := range *deps {
				if d.Policy.TenantBulkhead == nil {
					continue
				}
				dep := d.Name
				if caller != "" {
					dep = caller + "/" + d.Name
				}
				fn(v, dep, d.Policy.TenantBulkhead)
			}
		})
	}
}

// variantNotes are what a change did, each said once with the variants
// it was done in: the map shows variant 1, and a copy of noisy-tenant
// has its per-tenant bulkhead in variant 2 only.
type variantNotes []variantNote

// variantNote is one thing a change did: what it was done to (head), then
// the variants it was done in, then what was done (tail).
type variantNote struct {
	head, tail string
	variants   []int
}

func (ns *variantNotes) add(v int, head, tail string) {
	for i := range *ns {
		if n := &(*ns)[i]; n.head == head && n.tail == tail {
			if !slices.Contains(n.variants, v) {
				n.variants = append(n.variants, v)
			}
			return
		}
	}
	*ns = append(*ns, variantNote{head: head, tail: tail, variants: []int{v}})
}

// text is the notes joined by sep after lead, each with where it was
// done in sc (whereIn).
func (ns variantNotes) text(sc *engine.Scenario, lead, sep string) string {
	if len(ns) == 0 {
		return ""
	}
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = n.head + whereIn(sc, n.variants) + n.tail
	}
	return lead + strings.Join(out, sep)
}

// whereIn says which of sc's variants something was done in: nothing
// when it was done in all of them, " in variant 2 of 3 (its name)" in
// one, " in variants 2 and 3 of 3" in several.
func whereIn(sc *engine.Scenario, variants []int) string {
	n := len(sc.Variants)
	switch {
	case len(variants) == n:
		return ""
	case len(variants) == 1:
		return fmt.Sprintf(" in variant %d of %d (%s)", variants[0]+1, n, inNote(sc.Variants[variants[0]].Name))
	}
	numbers := make([]string, len(variants))
	for i, v := range variants {
		numbers[i] = strconv.Itoa(v + 1)
	}
	last := len(numbers) - 1
	return fmt.Sprintf(" in variants %s and %s of %d", strings.Join(numbers[:last], ", "), numbers[last], n)
}
