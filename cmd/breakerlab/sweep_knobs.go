package main

import (
	"slices"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/lessons"
)

// knobList writes a scenario's knob paths for `sweep` without --vary,
// grouped by part as an unknown knob's message lists them
// (lessons.GroupKnobs: parts with the same knobs on one line, keys that
// share a prefix folded), each line wrapped to width with its continuation
// indented. On one line, cascade's 180 paths ran some 4,000 columns, which
// no terminal reads.
func knobList(paths []string, width int) string {
	var b strings.Builder
	for _, g := range lessons.GroupKnobs(paths) {
		b.WriteString(report.Wrap("  "+g.Part+": "+strings.Join(g.Keys, ", "), width, 6))
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// exampleRanges are the ranges exampleVary tries, counts first, then
// durations, then shares: the first a knob takes at every value is shown.
var exampleRanges = []string{"5..60:12", "5..40:8", "2..20:10", "1..8:8", "1..2:2",
	"100ms..2s:20", "1s..10s:10", "0.1..0.9:9"}

// exampleVary is a --vary flag `sweep SCENARIO` shows as its example, made
// of one of knobs (the variant's own, as sweepKnobs lists them) and a
// range whose every value the variant takes: a fixed example named
// cascade's recommendations to every file. A bulkhead is the first
// choice, of a dependency with a fault if there is one (the knob a
// learner sweeps first), then a timeout, then any knob. "" when no
// knob takes any range tried.
func exampleVary(build func() *engine.Scenario, v int, knobs []string) string {
	faulted := map[string]bool{}
	sys := build().Variants[v].System
	for _, d := range sys.Dependencies {
		faulted[d.Name] = len(d.Faults) > 0
	}
	for _, s := range sys.Services {
		for _, d := range s.Dependencies {
			faulted[s.Name+"/"+d.Name] = len(d.Faults) > 0
		}
	}
	rank := func(k string) int {
		part, key := k, ""
		if i := strings.LastIndexByte(k, '.'); i >= 0 {
			part, key = k[:i], k[i+1:]
		}
		switch {
		case key == "bulkhead" && faulted[part]:
			return 0
		case key == "bulkhead":
			return 1
		case key == "timeout":
			return 2
		}
		return 3
	}
	order := slices.Clone(knobs)
	slices.SortStableFunc(order, func(a, b string) int { return rank(a) - rank(b) })
	for _, k := range order {
		for _, r := range exampleRanges {
			if takesEvery(build, v, k+"="+r) {
				return k + "=" + r
			}
		}
	}
	return ""
}

// takesEvery says whether every value of the --vary spec sets on variant v
// and leaves the scenario valid.
func takesEvery(build func() *engine.Scenario, v int, spec string) bool {
	ax, err := sweep.ParseVary(spec)
	if err != nil {
		return false
	}
	for _, val := range ax.Values {
		sc := build()
		if lessons.SetKnob(sc, v, ax.Path, val) != nil || sc.Validate() != nil {
			return false
		}
	}
	return true
}

// exampleMeasures is what a missing --measure is told to give, in the
// scenario's own names (a built system has no search.ok): its first
// endpoint's ok share and its first dependency's in_flight_max, the
// measures sweep.Measures offers, so each example is one --measure takes.
func exampleMeasures(sc *engine.Scenario, v int) string {
	var ok, inFlight string
	for _, m := range sweep.Measures(sc, v) {
		switch {
		case ok == "" && strings.HasSuffix(m, ".ok"):
			ok = m
		case inFlight == "" && strings.HasSuffix(m, ".in_flight_max"):
			inFlight = m
		}
	}
	switch {
	case ok != "" && inFlight != "":
		return ", e.g. " + ok + " or " + inFlight
	case ok != "":
		return ", e.g. " + ok
	}
	return ""
}
