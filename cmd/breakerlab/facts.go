package main

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/internal/spell"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/lessons/facts"
)

func init() {
	register(command{name: "facts", summary: "the library defaults and rules every text quotes, with their sources", usage: "facts [NAME]", run: runFacts})
}

// runFacts prints lessons/facts: what {{fact NAME}} in a lesson, card,
// cheat-sheet line or rubric reads, printed as a text prints it. What a
// fact says and its source wrap under themselves, to the terminal's width
// or 80 columns, as the cheat sheet does: whole, a source ran to 280.
func runFacts(args []string, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("facts", flag.ContinueOnError)
	widths := addTextWidthFlags(fs)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usagef("facts takes at most one fact's name, got %s", argsWords(pos))
	}
	width, err := widths.resolve(stdout)
	if err != nil {
		return err
	}
	if len(pos) == 1 {
		if err := unknownFact(pos[0]); err != nil {
			return err
		}
	}
	list, err := lessons.FactTable(pos...)
	if err != nil {
		return usagef("%v", err)
	}
	var b strings.Builder
	for _, f := range list {
		b.WriteString(report.Wrap(f.Name+" = "+f.Printed, width, 4))
		b.WriteString(report.Wrap("  "+f.Says, width, 2))
		// Under "source:" by 4, not aligned with its text: a source holds
		// paths of 75 characters, which fit no narrower.
		src := f.Source
		if f.Version != "" {
			// The version the default was read at: a default quoted without
			// it is one a later release may have changed.
			src = f.Version + ": " + src
		}
		b.WriteString(report.Wrap("  source: "+src, width, 4))
	}
	_, err = io.WriteString(stdout, b.String())
	return err
}

// mostNearFacts is how many names a refusal of an unknown fact offers.
const mostNearFacts = 3

// unknownFact refuses name when no fact is called that, or is nil. The
// refusal names the facts under it ("r4j"), or those nearest it
// (nearFacts), and says where all are listed: it listed every name, some
// sixty on one line of 1,400 characters, where the one meant was lost.
func unknownFact(name string) error {
	all := facts.All()
	names := make([]string, len(all))
	for i, f := range all {
		if f.Name == name {
			return nil
		}
		names[i] = f.Name
	}
	sort.Strings(names)
	where := fmt.Sprintf("All %d are listed by breakerlab facts with no name", len(names))
	var under []string
	for _, n := range names {
		if strings.HasPrefix(n, name+".") {
			under = append(under, n)
		}
	}
	preset := presetPointer(name)
	if len(under) > 0 {
		return nameUsagef("no fact is called %q; the facts under it are: %s.%s %s", name, strings.Join(under, ", "), preset, where)
	}
	if near := nearFacts(name, names); len(near) > 0 {
		// A slip in a fact of the library's own ("r4j.retry.atempts") is
		// that fact: the preset would only stand in its way.
		if preset != "" && !sameLibrary(name, near[0]) {
			return nameUsagef("no fact is called %q.%s Or did you mean %s? %s", name, preset, joinOr(near), where)
		}
		return nameUsagef("no fact is called %q: did you mean %s? %s", name, joinOr(near), where)
	}
	return nameUsagef("no fact is called %q, nor one near it.%s %s", name, preset, where)
}

// sameLibrary says whether fact names a and b start with the same part,
// the library's.
func sameLibrary(a, b string) bool {
	la, _, _ := strings.Cut(strings.ToLower(a), ".")
	lb, _, _ := strings.Cut(strings.ToLower(b), ".")
	return la == lb
}

// presetPointer says where a library's breaker defaults are when name
// starts with a library that has a breaker preset ("polly.window",
// "r4j.breaker.min_calls"), "" otherwise. Those defaults are presets, not
// facts, and the refusal offered only the nearest fact: "polly.window"
// was asked "did you mean guide.breaker.window?", the references'
// starting window of 20 calls, where Polly's is 30 s.
func presetPointer(name string) string {
	lib, _, _ := strings.Cut(strings.ToLower(name), ".")
	for _, p := range breaker.Presets() {
		if lib == p.Name || lib == strings.TrimSuffix(p.Name, "-go") || lib == "r4j" && p.Name == "resilience4j" {
			return fmt.Sprintf(" %s's breaker defaults are a preset, not a fact: breakerlab presets %s prints them.", p.Library, p.Name)
		}
	}
	return ""
}

// nearFacts are the names in names (sorted) nearest name, nearest first,
// at most mostNearFacts: within spell.Closest's reach (two edits, one for
// a word of four letters or fewer) of the whole name, or of its last part
// ("hystrix.timeout" finds opossum.timeout: a library's setting under
// another library's name).
func nearFacts(name string, names []string) []string {
	reach := func(s string) int {
		if len([]rune(s)) <= 4 {
			return 1
		}
		return 2
	}
	lastPart := func(s string) string { return s[strings.LastIndexByte(s, '.')+1:] }
	lower := strings.ToLower(name)
	last := lastPart(lower)
	type scored struct {
		name string
		d    int
	}
	var near []scored
	for _, n := range names {
		ln := strings.ToLower(n)
		switch d, dl := spell.Distance(lower, ln), spell.Distance(last, lastPart(ln)); {
		case d <= reach(lower):
			near = append(near, scored{n, d})
		case dl <= reach(last):
			near = append(near, scored{n, dl})
		}
	}
	sort.SliceStable(near, func(i, j int) bool { return near[i].d < near[j].d })
	out := make([]string, 0, mostNearFacts)
	for _, s := range near[:min(len(near), mostNearFacts)] {
		out = append(out, s.name)
	}
	return out
}
