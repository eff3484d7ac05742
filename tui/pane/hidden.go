package pane

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// HiddenNotes are the wordings, longest first, of a frame's note on the
// columns too narrow for it, given their heads: the heads quoted (a bare
// "failed, now" reads as a sentence) and what brings them back; then, as
// the frame narrows, the count alone. None when no column is hidden. Every
// pane with a table says it this way, so that the Map, the Chain, the
// Dependencies, the Tenants and a Fleet word it alike:
//
//	hidden columns: "failed", "now" (a wider window shows them)
//	hidden columns: "failed", "now" (widen to see)
//	hidden columns: "failed", "now"
//	2 columns hidden (widen to see)
//	2 columns hidden (widen)
//	2 columns hidden
//	2 cols hidden
//	2 hidden
//
// and for one column "hidden column: …", "(… shows it)", "1 column hidden".
func HiddenNotes(heads []string) []string {
	var out []string
	for _, g := range hiddenGroups(heads) {
		out = append(out, g...)
	}
	return out
}

// hiddenGroups are HiddenNotes in groups that say the same thing, each
// longest first: a group's later wordings only drop the words on how to
// see the columns. titledGroups gives a pane's longer title the room
// those words would take, rather than trade the title for them.
func hiddenGroups(heads []string) [][]string {
	n := len(heads)
	if n == 0 {
		return nil
	}
	quoted := make([]string, n)
	for i, h := range heads {
		quoted[i] = `"` + h + `"`
	}
	names := strings.Join(quoted, ", ")
	label, count, short, them := "hidden columns: ", fmt.Sprintf("%d columns hidden", n), fmt.Sprintf("%d cols hidden", n), "them"
	if n == 1 {
		label, count, short, them = "hidden column: ", "1 column hidden", "1 col hidden", "it"
	}
	return [][]string{
		{label + names + " (a wider window shows " + them + ")", label + names + " (widen to see)", label + names},
		{count + " (widen to see)", count + " (widen)", count},
		{short},
		{fmt.Sprintf("%d hidden", n)}, // as the sandbox's foot counts its panes at the last
	}
}

// titledGroups is TitledNoteFirst for notes in groups of wordings that say
// the same thing, the most telling group first: it keeps the first group
// with a wording that fits beside a title, and of it the longest title with
// the longest wording that fits beside it. A group's shorter wordings thus
// give way to a longer title ("api: 20 instances, round-robin" with
// `hidden column: "queue"` rather than "api ×20" with `hidden column:
// "queue" (a wider window shows it)`), and a later group only when no
// title leaves room for the group before it. With nothing that fits, it
// gives the shortest title with the last wording.
func titledGroups(w int, titles []string, groups [][]string) (title, note string) {
	room := w - 9 // as Titled counts the edge
	for _, g := range groups {
		for _, t := range titles {
			for _, n := range g {
				if ansi.StringWidth(t)+ansi.StringWidth(n) <= room {
					return t, n
				}
			}
		}
	}
	var last []string
	if len(groups) > 0 {
		last = groups[len(groups)-1]
	}
	return Titled(w, titles, last) // nothing fits: the last of each
}

// joined is each of notes after lead and a " · ".
func joined(lead string, notes []string) []string {
	out := make([]string, len(notes))
	for i, n := range notes {
		out[i] = lead + " · " + n
	}
	return out
}
