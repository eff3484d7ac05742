package builder

import (
	"cmp"
	"fmt"
	"math"
	"slices"
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
// the system it was removed from, after the system now.
func tenantRemovedNote(before, after *engine.Scenario, name string) string {
	if len(after.Variants[0].System.Tenants) == 0 {
		return fmt.Sprintf("removed tenant %s: the traffic has no tenant now (u undoes it)", name)
	}
	if !slices.ContainsFunc(before.Variants, func(v engine.Variant) bool {
		return slices.ContainsFunc(v.System.Endpoints, func(e engine.Endpoint) bool {
			s, _ := shareOf(e.Tenants, name)
			return s > 0
		})
	}) {
		return fmt.Sprintf("removed tenant %s, which had no share of the traffic: the others' shares are as they were (u undoes it)", name)
	}
	gave := "its share"
	if e := sharesEndpoint(before); e != nil {
		if s, ok := shareOf(e.Tenants, name); ok {
			gave = "its " + percentTenths(s) // a built-in's third is 0.3333333333333333
		}
	}
	if left := after.Variants[0].System.Tenants; len(left) == 1 {
		return fmt.Sprintf("removed tenant %s: %s went to %s, the one tenant left: %s (u undoes it)", name, gave, left[0], sharesText(after))
	}
	return fmt.Sprintf("removed tenant %s: %s went to the others in proportion to theirs: %s (u undoes it)", name, gave, sharesText(after))
}
