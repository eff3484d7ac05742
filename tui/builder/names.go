package builder

import (
	"reflect"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// A copy of a built-in keeps the built-in's words for what it is: each
// variant's name ("timeout at each hop") and the scenario's summary, prose
// that quotes its designs and numbers. An edit can make them false (the
// database's timeout taken off "timeout at each hop"), and they travel
// with the system into the sandbox p opens and the file w writes, where
// nothing says they were the original's. So they are rebuilt or marked
// after every edit, in the sandbox's own way (tui/sandbox's relabel): a
// name built from numbers is built again from the edited system
// (scenarios.Relabel), one it cannot vouch for gets " (edited)", and so
// does the summary once any design differs from the start's. The marks
// are the sandbox's, so that a knob edit there merges its words into them
// instead of stacking a second mark.

// editedMark is what a name or a summary the edits may have made false
// ends with.
const editedMark = " (edited)"

// relabel names c's variants and writes its summary after origin's, the
// built-in c was copied from (nil: a system begun empty, whose names are
// the builder's own and say nothing an edit could falsify).
func relabel(origin, c *engine.Scenario) {
	if origin == nil {
		return
	}
	// From origin's words every time: an earlier edit's marks are rebuilt,
	// not stacked, and undone edits leave none behind.
	for i := range c.Variants {
		if i < len(origin.Variants) {
			c.Variants[i].Name = origin.Variants[i].Name
		}
	}
	c.Summary = origin.Summary
	for _, i := range scenarios.Relabel(origin, c) {
		c.Variants[i].Name += editedMark
	}
	if !sameDesigns(origin, c) {
		c.Summary += editedMark
	}
}

// sameDesigns reports whether a and b hold the same systems, variant by
// variant.
func sameDesigns(a, b *engine.Scenario) bool {
	if len(a.Variants) != len(b.Variants) {
		return false
	}
	for i := range a.Variants {
		if !reflect.DeepEqual(a.Variants[i].System, b.Variants[i].System) {
			return false
		}
	}
	return true
}

// inNote is a variant's name as a note in parentheses quotes it: its edit
// mark, the builder's or the sandbox's (" (edited: workers 300)"), after a
// comma instead of in parentheses of its own, which nested in the note's:
// "(no timeouts (edited))" reads "(no timeouts, edited)".
func inNote(name string) string {
	open := strings.TrimSuffix(editedMark, ")") // " (edited", before ")" or ": ..."
	i := strings.LastIndex(name, open)
	if i < 0 || !strings.HasSuffix(name, ")") {
		return name
	}
	return name[:i] + ", " + strings.TrimSuffix(name[i+len(" ("):], ")")
}
