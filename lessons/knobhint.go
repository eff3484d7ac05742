package lessons

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/internal/spell"
)

// unknownKnob says that path names no knob of variant v of sc, offering
// every knob the variant has (NumberKnobs). who is the caller as a file
// key's refusal names it ("a sweep": FileKeyRefusal).
func unknownKnob(sc *engine.Scenario, v int, path, what, who string) error {
	e := &UnknownKnobError{Scenario: sc.Name, Path: path, what: what, who: who}
	e.msg = e.Among(NumberKnobs(sc, v)).Error()
	return e
}

// UnknownKnobError is SetKnob's refusal of a path that names no knob. A
// caller that takes only some of the knobs (`sweep`, which leaves out
// those its plan refuses) words it again with Among, so that it neither
// lists nor suggests a knob the caller would refuse next.
type UnknownKnobError struct {
	Scenario, Path string
	what           string // "knob", "numeric knob"
	who            string // who takes the path: "a sweep" (FileKeyRefusal)
	msg            string
}

func (e *UnknownKnobError) Error() string { return e.msg }

// Among says that the path names none of knobs: the knobs nearest it by
// spelling first ("did you mean"), then every one of knobs grouped by the
// part it belongs to (the server, each endpoint, each dependency), one
// part a line, instead of one line of a hundred paths. A path in a
// scenario file's words is told the knob's name instead (FileKeyRefusal):
// the nearest by spelling was the right knob only when the file's key
// happened to be close to it (window_size, not open_for).
func (e *UnknownKnobError) Among(knobs []string) error {
	var b strings.Builder
	if fk := FileKeyRefusal(e.Path, knobs, e.who); fk != nil {
		fmt.Fprintf(&b, "%v; %s's knobs are:", fk, e.Scenario)
	} else {
		fmt.Fprintf(&b, "%s has no %s %q", e.Scenario, e.what, e.Path)
		near := e.Path
		if p := inKnobWords(e.Path); p != e.Path && p != "" {
			// A path with a scenario file's section (or policy table)
			// that names none of knobs even without it: the knob's words
			// are said, and are what the nearest are sought for, as the
			// section's words would only add distance.
			fmt.Fprintf(&b, " nor %s, its name in a knob's words", p)
			near = p
		}
		if hint := DidYouMean(near, knobs); hint != "" {
			b.WriteString(hint)
		} else {
			b.WriteString(".")
		}
		b.WriteString(" Its knobs are:")
	}
	for _, g := range GroupKnobs(knobs) {
		fmt.Fprintf(&b, "\n  %s: %s", g.Part, strings.Join(g.Keys, ", "))
	}
	return errors.New(b.String())
}

// KnobGroup is the knobs of one or more parts that have the same: the
// server's (Part "the server", keys as they are), or endpoints' or
// dependencies' (keys without the part's name). A knob that names no
// scenario lists them so, and so does `sweep` without --vary.
type KnobGroup struct {
	Part string
	Keys []string
}

// GroupKnobs groups paths by the part they name (SplitKnob), each run of
// one part's knobs a group (an endpoint and a dependency of one name stay
// apart), then parts with the same keys together: "search, profile:
// rate, interval, patience". Keys that share a prefix read as one
// ("breaker.{window, open}").
func GroupKnobs(paths []string) []KnobGroup {
	var runs []KnobGroup
	for _, p := range paths {
		part, key, _ := SplitKnob(p)
		if part == "" {
			part = "the server"
		}
		if len(runs) == 0 || runs[len(runs)-1].Part != part {
			runs = append(runs, KnobGroup{Part: part})
		}
		runs[len(runs)-1].Keys = append(runs[len(runs)-1].Keys, key)
	}
	var out []KnobGroup
	for _, r := range runs {
		merged := false
		for i := range out {
			if slices.Equal(out[i].Keys, r.Keys) {
				out[i].Part += ", " + r.Part
				merged = true
				break
			}
		}
		if !merged {
			out = append(out, r)
		}
	}
	// Parts listed twice (knobs added in a later pass) become one line.
	var joined []KnobGroup
	for _, g := range out {
		if i := slices.IndexFunc(joined, func(j KnobGroup) bool { return j.Part == g.Part }); i >= 0 {
			joined[i].Keys = append(joined[i].Keys, g.Keys...)
			continue
		}
		joined = append(joined, g)
	}
	for i := range joined {
		joined[i].Keys = foldPrefixes(joined[i].Keys)
	}
	return joined
}

// foldPrefixes writes keys that share a prefix before a dot as one,
// "latency.{mean, p99}", in the place of the first.
func foldPrefixes(keys []string) []string {
	var out []string
	at := map[string]int{}
	var subs [][]string
	for _, k := range keys {
		pre, rest, ok := strings.Cut(k, ".")
		if !ok {
			out, subs = append(out, k), append(subs, nil)
			continue
		}
		i, seen := at[pre]
		if !seen {
			i = len(out)
			at[pre] = i
			out, subs = append(out, pre), append(subs, nil)
		}
		subs[i] = append(subs[i], rest)
	}
	for i, s := range subs {
		switch {
		case len(s) == 1:
			out[i] += "." + s[0]
		case len(s) > 1:
			out[i] += ".{" + strings.Join(s, ", ") + "}"
		}
	}
	return out
}

// NearestNames are the names of paths nearest path by edit distance
// (internal/spell's), at most n of them, in paths' order: only those at
// the nearest distance, so that the name meant is not followed by strays
// one edit further. A path whose part is spelt right (PART.KEY, the part
// a part of some name in paths) is compared key with key, among that
// part's names alone: the limit of a slip, a third of the key's length
// and at least two edits, is then the key's, so "recommendations.bulkhed"
// is not offered recommendations.rate because the long part made the
// limit loose. Any other path is compared whole, with a third of its
// length. It is the one "did you mean" of a sweep's names: its knobs
// (--vary, the sandbox and lessons) and its measures (--measure, --goal),
// whose paths read the same way, PART.KEY.
func NearestNames(path string, paths []string, n int) []string {
	type scored struct {
		p string
		d int
	}
	key, limit := path, max(2, len([]rune(path))/3)
	var among []string
	for _, p := range paths {
		part, _ := splitName(p)
		if rest, ok := strings.CutPrefix(path, part+"."); ok && part != "" {
			if len(part)+1 > len(path)-len(key) {
				// The longest part the path begins with: "a.b" over "a".
				key, limit, among = rest, max(2, len([]rune(rest))/3), nil
			}
			if len(part)+1 == len(path)-len(key) {
				among = append(among, p)
			}
		}
	}
	if among == nil {
		among = paths
	}
	var found []scored
	best := limit
	for _, p := range among {
		k := p
		if key != path {
			_, k = splitName(p)
		}
		if d := spell.Distance(key, k); d <= best {
			best = d
			found = append(found, scored{p, d})
		}
	}
	var out []string
	for _, f := range found {
		if f.d == best && len(out) < n {
			out = append(out, f.p)
		}
	}
	if len(out) > 0 {
		return out
	}
	// The key spelt right on a part that is not there ("nosuch.bulkhead"):
	// the parts that have it.
	if part, key, ok := SplitKnob(path); ok && part != "" {
		for _, p := range paths {
			if part, k, ok := SplitKnob(p); ok && part != "" && k == key && len(out) < n {
				out = append(out, p)
			}
		}
	}
	if len(out) > 0 {
		return out
	}
	// A part's key typed without its part ("rate", "breaker.open"): the
	// parts that have it. Compared whole, it was near no name, and the
	// refusal offered nothing but the list it was in.
	for _, p := range paths {
		if part, k, ok := SplitKnob(p); ok && part != "" && k == path && len(out) < n {
			out = append(out, p)
		}
	}
	return out
}

// splitName is a name's part and key as SplitKnob cuts them, a measure's
// too (search, p99); part is "" for a server's knob (workers) and for a
// name SplitKnob cannot cut, which is compared whole.
func splitName(p string) (part, key string) {
	if part, key, ok := SplitKnob(p); ok {
		return part, key
	}
	return "", p
}
