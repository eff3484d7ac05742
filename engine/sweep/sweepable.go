package sweep

import "github.com/breakerlab/breakerlab/engine"

// trialRanges are the ranges Sweepable tries a knob with, one of each
// kind a knob takes: whole numbers, durations, shares. The checks it
// runs ask what a value changes (which parts, whether anything the
// engine reads), never how much, so any two values a knob takes will do.
var trialRanges = []string{"1..2:2", "1s..2s:2", "0.25..0.5:2"}

// Sweepable says whether a sweep of the knob at path alone, on variant v
// of build's scenario, passes a plan's up-front checks: it gives the
// variant no part it lacks and changes what a run reads (checkBreakers).
// nil when it does, or when no trial value is one the knob takes (the
// knob's own values are then for Prepare to judge). A list of the knobs
// a sweep offers for a variant is NumberKnobs less those it refuses.
func Sweepable(build func() *engine.Scenario, v int, set Setter, path string) error {
	for _, r := range trialRanges {
		ax, err := ParseVary(path + "=" + r)
		if err != nil {
			continue
		}
		ok := true
		for _, val := range ax.Values {
			ok = ok && set(build(), v, path, val) == nil
		}
		if !ok {
			continue
		}
		p := &Plan{Build: build, Variant: v, Axes: []Axis{ax}, Set: set}
		return p.checkBreakers()
	}
	return nil
}
