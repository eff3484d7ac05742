package sweep

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"

	"github.com/breakerlab/breakerlab/engine"
)

// trialRanges are the ranges Sweepable tries a knob with, one of each
// kind a knob takes: whole numbers, durations, shares. The checks it
// runs ask what a value changes (which parts, whether anything the
// engine reads), never how much, so any two values a knob takes will do.
var trialRanges = []string{"1..2:2", "1s..2s:2", "0.25..0.5:2"}

// validRanges are more values of each kind, for the one check that asks
// how much: whether the scenario stays valid. A value may be out of one
// knob's range and not the knob's fault: a fault's end of 1s or 2s comes
// before cascade's fault starts (10s), a duration of 1s ends before the
// measurement window does, a breaker's jitter takes 1 (it is a share
// below 1), and a default request's shedding bound must lie between the
// sheddable's and the critical's (rate-limit-vs-bulkhead's 50ms). Only a
// knob the first values leave invalid tries them all.
var validRanges = []string{"3..10:8", "20..100:5", "200..1000:5",
	"1ms..9ms:9", "10ms..90ms:9", "100ms..900ms:9", "15s..1h:3"}

// Sweepable says whether a sweep of the knob at path alone, on variant v
// of build's scenario, passes a plan's up-front checks: it gives the
// variant no part it lacks, changes what a run reads (checkBreakers) and
// leaves the scenario valid for some value (checkValid). nil when it
// does; when the setter takes no trial value of any kind, its refusal of
// the first (a burst knob of an endpoint with no burst). A list of the knobs a sweep
// offers for a variant is NumberKnobs less those it refuses.
func Sweepable(build func() *engine.Scenario, v int, set Setter, path string) error {
	var refused error
	for k, r := range trialRanges {
		ax, err := ParseVary(path + "=" + r)
		if err != nil {
			continue
		}
		ok := true
		for _, val := range ax.Values {
			if err := set(build(), v, path, val); err != nil {
				ok, refused = false, cmp.Or(refused, fmt.Errorf("--vary %s=%v: %w", path, val, err))
			}
		}
		if !ok {
			continue
		}
		ax.Typed = "" // a trial range, which nobody typed: refusals name the value
		p := &Plan{Build: build, Variant: v, Axes: []Axis{ax}, Set: set}
		if err := p.checkBreakers(); err != nil {
			return err
		}
		ranges := append(slices.Clone(trialRanges), validRanges...)
		if d := build().Duration; d > 0 {
			// Times of the run's own scale, up to the latest a fault may
			// start or end: a fault's end comes after its start and by
			// then, which on a run of a minute no fixed list's 30m or 1h
			// is, and its 15s came before multi-hop's fault began.
			ranges = append(ranges, engine.FormatDuration(d/4)+".."+engine.FormatDuration(engine.LatestFaultMoment(d))+":5")
		}
		for _, r := range ranges {
			if more, err := ParseVary(path + "=" + r); err == nil && r != trialRanges[k] {
				p.Axes[0].Values = append(p.Axes[0].Values, more.Values...)
			}
		}
		return p.checkValid()
	}
	// No value of any kind is taken: the setter refuses the knob itself
	// (an endpoint with no burst for burst.rate), whatever the values.
	return refused
}

// checkValid is Prepare's check of each cell (build: the scenario with
// the value set is valid) on the cells of the first axis: nil when one of
// them is valid and differs from the variant as it is, else the first
// refusal (a value of another kind, which the knob does not take, is
// never a valid cell). A knob that makes no scenario valid (a per-tenant
// bulkhead on a system without tenants, min_time_left where no deadline
// is propagated) was listed, and refused only by Prepare. So was a knob
// whose one valid value is the one it has: a member of a shared breaker
// (api-gateway's second variant), whose settings must equal the other
// members', or a default request's shedding bound held between equal
// sheddable and critical ones (rate-limit-vs-bulkhead's fourth); a sweep
// of either alone has one valid cell, the variant unchanged. Nor is any
// knob refused when the scenario itself is not valid: that is no knob's
// doing.
func (p *Plan) checkValid() error {
	as := p.Build()
	if as.Validate() != nil {
		return nil
	}
	var first error
	for i := range p.Axes[0].Values {
		sc, err := p.build(i, 0)
		if err == nil && !reflect.DeepEqual(sc, as) {
			return nil
		}
		first = cmp.Or(first, err)
	}
	if first == nil {
		// Every value it takes leaves the variant as it was.
		return fmt.Errorf("--vary %s: on variant %d of %s (%s) every value it takes leaves the scenario as it is", p.Axes[0].Path, p.Variant+1, as.Name, as.Variants[p.Variant].Name)
	}
	return first
}
