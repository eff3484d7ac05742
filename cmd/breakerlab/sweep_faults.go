package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/lessons"
)

// checkFaultAxis refuses a --vary over a fault's keys that the sweep would
// not run as the user asked. A scenario's fault with no end keeps its end as
// 0, so an axis holding 0s for fault.to would sweep "to the run's end" under
// a column labelled 0; ends at or before the fault's start fail in the
// cell that reaches them with the engine's "from 10s to 5s", which says
// nothing of the ends that do work. spec is the flag as typed; other is
// the grid's other axis, or nil.
func checkFaultAxis(sc *engine.Scenario, v int, spec string, ax sweep.Axis, other *sweep.Axis) error {
	part, key, ok := lessons.SplitKnob(ax.Path)
	if !ok || part == "" || !strings.HasPrefix(key, "fault.") {
		return nil
	}
	prefix := strings.TrimSuffix(ax.Path, key)
	fromText, hasFault := lessons.KnobValue(sc, v, prefix+"fault.from")
	if !hasFault {
		return noFaultToVary(sc, v, spec, part)
	}
	switch key {
	case "fault.latency", "fault.probability":
		if _, ok := lessons.KnobValue(sc, v, ax.Path); !ok {
			return keyOfAnotherKind(sc, v, spec, part, key)
		}
		return nil
	case "fault.to":
	default:
		return nil
	}
	from, err := time.ParseDuration(fmt.Sprint(fromText))
	if err != nil {
		return nil // not a start this check can read; the cells' own check stays
	}
	// With the start on the other axis, which ends come too early depends
	// on the cell; the cells' own check names both values there. An end
	// of 0s is refused all the same: it reads as no end in every cell.
	startVaries := other != nil && other.Path == prefix+"fault.from"
	var early []string
	zero := false
	for _, val := range ax.Values {
		d, err := time.ParseDuration(fmt.Sprint(val))
		if err != nil {
			return nil // not a duration: the knob's own refusal says so
		}
		if d == 0 {
			zero = true
		}
		if d == 0 || (!startVaries && d <= from) {
			early = append(early, engine.FormatDuration(d))
		}
	}
	if len(early) == 0 {
		return nil
	}
	if n := len(early); n > 4 {
		// An axis of up to 200 values is named by its first and last.
		early = append(early[:3:3], fmt.Sprintf("%d more up to %s", n-3, early[n-1]))
	}
	end := engine.FormatDuration(sc.Duration)
	toText, _ := lessons.KnobValue(sc, v, ax.Path)
	var b strings.Builder
	fmt.Fprintf(&b, "--vary %s: ", spec)
	if startVaries {
		fmt.Fprintf(&b, "an end of 0s reads as no end, not as a moment the fault ends: give ends after the fault's start, up to the run's end at %s", end)
	} else {
		fmt.Fprintf(&b, "the fault of %s starts at %s, so it cannot end at %s", part, engine.FormatDuration(from), joinOr(early))
		if zero {
			b.WriteString(" (an end of 0s reads as no end)")
		}
		fmt.Fprintf(&b, ": give ends after %s, up to the run's end at %s", engine.FormatDuration(from), end)
		if from+time.Second < sc.Duration {
			fmt.Fprintf(&b, ", e.g. --vary %s=%s..%s", ax.Path, engine.FormatDuration(from+time.Second), end)
		}
	}
	// A fault with no end today is what an end at the run's end gives.
	if toText == "0s" {
		fmt.Fprintf(&b, " (an end at %s or later lasts to the run's end, as the fault does now with no end)", end)
	} else {
		fmt.Fprintf(&b, " (an end at %s or later lasts to the run's end)", end)
	}
	return usagef("%s", b.String())
}

// noFaultToVary is the refusal of a fault key on a part that has no
// fault, naming the parts that have one and the flag that adds one.
func noFaultToVary(sc *engine.Scenario, v int, spec, part string) error {
	var with []string
	for _, k := range lessons.NumberKnobs(sc, v) {
		name, ok := strings.CutSuffix(k, ".fault.from")
		if !ok {
			continue
		}
		if _, ok := lessons.KnobValue(sc, v, k); ok {
			with = append(with, name)
		}
	}
	has := "no part of it has one"
	if len(with) > 0 {
		has = "the parts with a fault are: " + strings.Join(with, ", ")
	}
	adds := "--fault 'AT " + part + " KIND [ARGS]' adds one"
	if name, _, ok := lessons.SplitKnobName(part + ".fault.from"); ok {
		if t, ok := chaos.Find(chaos.TargetsOf(sc), name); ok && len(t.Kinds) > 0 {
			var kinds []string
			for _, k := range t.Kinds {
				if k != chaos.Recover { // ends a fault, adds none
					kinds = append(kinds, k.String())
				}
			}
			adds += " (KIND: " + strings.Join(kinds, ", ") + ")"
		}
	}
	return usagef("--vary %s: %s has no fault in variant %d of %s to vary (%s); %s",
		spec, part, v+1, sc.Name, has, adds)
}

// keyOfAnotherKind refuses fault.latency or fault.probability on a fault
// of a kind that does not read it (a hang's latency): the setter stores
// it all the same, and every cell would run alike.
func keyOfAnotherKind(sc *engine.Scenario, v int, spec, part, key string) error {
	is := "is of a kind that does not read " + key
	if name, _, ok := lessons.SplitKnobName(part + "." + key); ok {
		for _, d := range sc.Variants[v].System.Dependencies {
			if d.Name == name && len(d.Faults) > 0 {
				kind := d.Faults[0].Kind.String()
				article := "a"
				if strings.ContainsAny(kind[:1], "aeiou") {
					article = "an"
				}
				is = fmt.Sprintf("is %s %s fault, which does not read %s", article, kind, key)
			}
		}
	}
	return usagef("--vary %s: the fault of %s %s, so every value would run the same: fault.latency is a slow fault's, fault.probability an error fault's, fault.from and fault.to any fault's", spec, part, is)
}

// joinOr writes words as "a", "a or b", "a, b or c".
func joinOr(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}
