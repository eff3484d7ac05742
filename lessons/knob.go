package lessons

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
)

// SetKnob sets one knob of variant v of sc by its dotted path, exactly as a
// lesson step's [set] table does (recommendations.bulkhead, checkout.rate,
// payment.breaker.min_calls): it is that parser, shared with `breakerlab
// sweep`. Names are read whole, quoted where a path would read two ways
// (knobpath.go). A path that names no knob gets a message naming the
// nearest knobs and listing those sc has, by part (knobhint.go).
func SetKnob(sc *engine.Scenario, v int, path string, val any) error {
	if v < 0 || v >= len(sc.Variants) {
		return fmt.Errorf("scenario %s has variants 1 to %d, not %d", sc.Name, len(sc.Variants), v+1)
	}
	at, ok, err := findKnob(&sc.Variants[v].System, path)
	if err != nil {
		return err
	}
	if !ok {
		return unknownKnob(sc, v, path, "knob", "a [set] table")
	}
	if err := applyAt(sc, v, at, val); err != nil {
		// A value out of every range of its key (asFraction's "150%")
		// is refused naming the key as the caller wrote it, as [set]
		// names it. Only on a refusal: errors.As's target escapes, and
		// a sweep sets knobs on every cell.
		return namedAs(path, err)
	}
	return nil
}

// isKnob says whether path is one of Knobs(sc, v), without building that
// list: a sweep sets knobs on every cell, and building the list each time
// cost a sweep of 400 cells some 12 MB of strings. (A name quoted where
// the list writes it bare is the same knob.)
func isKnob(sc *engine.Scenario, v int, path string) bool {
	_, ok, err := findKnob(&sc.Variants[v].System, path)
	return ok && err == nil
}

// cutName returns what follows "name." in path.
func cutName(path, name string) (string, bool) {
	if len(path) <= len(name) || path[len(name)] != '.' || path[:len(name)] != name {
		return "", false
	}
	return path[len(name)+1:], true
}

// keyIn says whether k is one of the keys of list, read as knobs reads it:
// "breaker (false)" is the key breaker, and the breaker.* and retry.*
// placeholders are no keys.
func keyIn(list, k string) bool {
	for list != "" {
		var key string
		key, list, _ = strings.Cut(list, ", ")
		key = strings.TrimSuffix(key, " (false)")
		if key == k && key != "breaker.*" && key != "retry.*" {
			return true
		}
	}
	return false
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
	"breaker": true, "retry": true, "preset": true, "judge_on_failure": true, "half_open_rule": true, "records_refusals": true,
	"budget": true, "wait_for_breaker": true, "retry_bulkhead_full": true,
}

func knobs(sc *engine.Scenario, v int, numbersOnly bool) []string {
	split := func(list string) []string {
		var out []string
		for _, k := range strings.Split(list, ", ") {
			k = strings.TrimSuffix(k, " (false)") // "breaker (false)", "retry (false)"
			if k == "breaker.*" || k == "retry.*" || (numbersOnly && (notNumbers[k] || notNumbersMore[k])) {
				continue
			}
			out = append(out, k)
		}
		return out
	}
	out := split(systemKeys)
	sys := &sc.Variants[v].System
	odd := oddNames(sys)
	// path writes a part's key as findKnob reads it back: bare, or with
	// the name quoted where the bare path would read two ways.
	path := func(at knobAt, key string) string {
		at.key = key
		return pathOf(sys, at, odd)
	}
	for i := range sys.Endpoints {
		at := knobAt{part: endpointPart, ep: &sys.Endpoints[i]}
		for _, k := range split(endpointKeys) {
			out = append(out, path(at, k))
		}
	}
	for i := range sys.Dependencies {
		d := &sys.Dependencies[i]
		at := knobAt{part: dependencyPart, dep: d}
		own := dependencyKeys
		if d.Service != "" {
			own = serviceEdgeKeys // its latency and faults are the service's
		}
		for _, k := range split(own) {
			out = append(out, path(at, k))
		}
		for _, k := range split(breakerKeys) {
			out = append(out, path(at, "breaker."+k))
		}
		for _, k := range split(retryKeys) {
			out = append(out, path(at, "retry."+k))
		}
	}
	out = tasksKnobPaths(out, sys, split, path) // knob_tasks.go
	return dedupe(systemsKnobs(out, sys, split, path))
}
