package lessons

import (
	"fmt"
	"slices"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
)

// SetKnob sets one knob of variant v of sc by its dotted path, exactly as a
// lesson step's [set] table does (recommendations.bulkhead, checkout.rate,
// payment.breaker.min_calls): it is that parser, shared with `breakerlab
// sweep`. A path that names no knob gets a message listing the knobs sc has.
func SetKnob(sc *engine.Scenario, v int, path string, val any) error {
	if v < 0 || v >= len(sc.Variants) {
		return fmt.Errorf("scenario %s has variants 1 to %d, not %d", sc.Name, len(sc.Variants), v+1)
	}
	if !slices.Contains(Knobs(sc, v), path) {
		return fmt.Errorf("%s has no knob %q; its knobs are: %s", sc.Name, path, strings.Join(NumberKnobs(sc, v), ", "))
	}
	return applyOverride(sc, v, path, val)
}

// Knobs lists every path SetKnob accepts on variant v of sc.
func Knobs(sc *engine.Scenario, v int) []string {
	return knobs(sc, v, false)
}

// NumberKnobs lists the knobs that take a number or a duration, the ones a
// sweep can vary.
func NumberKnobs(sc *engine.Scenario, v int) []string {
	return knobs(sc, v, true)
}

// notNumbers are the keys that take a word, a list or true/false.
var notNumbers = map[string]bool{
	"queue": false, "bulkhead_kind": true, "fallback": true, "order": true, "healthy": true,
	"breaker": true, "retry": true, "preset": true, "judge_on_failure": true, "half_open_rule": true,
	"budget": true, "wait_for_breaker": true, "retry_bulkhead_full": true,
}

func knobs(sc *engine.Scenario, v int, numbersOnly bool) []string {
	split := func(list string) []string {
		var out []string
		for _, k := range strings.Split(list, ", ") {
			k = strings.TrimSuffix(k, " (false)") // "breaker (false)", "retry (false)"
			if k == "breaker.*" || k == "retry.*" || (numbersOnly && notNumbers[k]) {
				continue
			}
			out = append(out, k)
		}
		return out
	}
	out := split(systemKeys)
	sys := &sc.Variants[v].System
	for _, e := range sys.Endpoints {
		for _, k := range split(endpointKeys) {
			out = append(out, e.Name+"."+k)
		}
	}
	for _, d := range sys.Dependencies {
		for _, k := range split(dependencyKeys) {
			out = append(out, d.Name+"."+k)
		}
		for _, k := range split(breakerKeys) {
			out = append(out, d.Name+".breaker."+k)
		}
		for _, k := range split(retryKeys) {
			out = append(out, d.Name+".retry."+k)
		}
	}
	return out
}
