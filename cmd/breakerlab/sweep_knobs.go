package main

import (
	"strings"

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
		wrapList(&b, "  "+g.Part+": ", g.Keys, "      ", width)
	}
	return strings.TrimSuffix(b.String(), "\n")
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
