package main

import (
	"slices"
	"strings"
)

// knobList writes a scenario's knob paths for `sweep` without --vary: by
// the part they belong to ("the server", an endpoint, a dependency), parts
// with the same knobs on one line ("search, profile, recommendations:
// rate, interval, patience"), each line wrapped to width with its
// continuation indented. On one line, cascade's 180 paths ran some 4,000
// columns, which no terminal reads.
func knobList(paths []string, width int) string {
	type group struct {
		parts []string
		keys  []string
	}
	// Runs of one part's paths first: an endpoint and a dependency of one
	// name (cascade's recommendations) are two parts, one after the other.
	var runs []group
	for _, p := range paths {
		part, key, ok := strings.Cut(p, ".")
		if !ok {
			part, key = "the server", p
		}
		if len(runs) == 0 || runs[len(runs)-1].parts[0] != part {
			runs = append(runs, group{parts: []string{part}})
		}
		runs[len(runs)-1].keys = append(runs[len(runs)-1].keys, key)
	}
	var groups []group
	for _, r := range runs {
		i := slices.IndexFunc(groups, func(g group) bool { return slices.Equal(g.keys, r.keys) })
		if i < 0 || r.parts[0] == "the server" {
			groups = append(groups, group{keys: r.keys})
			i = len(groups) - 1
		}
		groups[i].parts = append(groups[i].parts, r.parts[0])
	}
	// The same parts listed twice (knobs the list adds in a later pass,
	// such as an endpoint's bursts) become one line.
	var joined []group
	for _, g := range groups {
		if i := slices.IndexFunc(joined, func(j group) bool { return slices.Equal(j.parts, g.parts) }); i >= 0 {
			joined[i].keys = append(joined[i].keys, g.keys...)
			continue
		}
		joined = append(joined, g)
	}
	var b strings.Builder
	for _, g := range joined {
		wrapList(&b, "  "+strings.Join(g.parts, ", ")+": ", foldKeys(g.keys), "      ", width)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// foldKeys writes keys that share the word before a dot as one, in the
// place of the first: breaker.window, breaker.open is breaker.{window,
// open}.
func foldKeys(keys []string) []string {
	var out []string
	var under [][]string // the rest of each folded key, by its place in out
	at := map[string]int{}
	for _, k := range keys {
		head, rest, ok := strings.Cut(k, ".")
		if !ok {
			out, under = append(out, k), append(under, nil)
			continue
		}
		if i, seen := at[head]; seen {
			under[i] = append(under[i], rest)
			continue
		}
		at[head] = len(out)
		out, under = append(out, head), append(under, []string{rest})
	}
	for i, rest := range under {
		switch {
		case len(rest) == 1:
			out[i] += "." + rest[0]
		case len(rest) > 1:
			out[i] += ".{" + strings.Join(rest, ", ") + "}"
		}
	}
	return out
}

// wrapList writes head and then items separated by ", ", wrapped at the
// spaces (inside a folded key's braces too) before a word that would pass
// width, each line after the first starting with indent.
func wrapList(b *strings.Builder, head string, items []string, indent string, width int) {
	line, fresh := head, true
	for _, word := range strings.Fields(strings.Join(items, ", ")) {
		switch {
		case fresh:
			line += word
		case len([]rune(line))+1+len([]rune(word)) > width:
			b.WriteString(line + "\n")
			line = indent + word
		default:
			line += " " + word
		}
		fresh = false
	}
	b.WriteString(line + "\n")
}
