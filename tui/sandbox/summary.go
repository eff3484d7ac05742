package sandbox

import (
	"reflect"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// A scenario's summary is prose that quotes the numbers it was built with
// (multi-hop's "the database slows to 500 ms from 20 s to 40 s"), and no
// builder rebuilds it from an edited system as Relabel rebuilds the
// variants' names. An edit that changes a system marks the summary with
// what changed, wherever the summary shows: the presenter's view, the file
// w writes and what breakerlab run prints of that file.

// editedSummary is the summary of edited, a changed copy of original:
// original's own, marked with the faults moved, in a fault's words
// ("database slow 25 s–50 s"), and the other changes as the form names
// them (changes); a moved fault's measure window, which stays where the
// scenario put it, is said too. Unchanged systems keep original's summary.
func editedSummary(original, edited *engine.Scenario, changes []string) string {
	same := len(original.Variants) == len(edited.Variants)
	for i := 0; same && i < len(edited.Variants); i++ {
		same = reflect.DeepEqual(original.Variants[i].System, edited.Variants[i].System)
	}
	if same {
		return original.Summary
	}
	var words []string
	seen := map[string]bool{}
	note := func(w string) {
		if !seen[w] {
			seen[w] = true
			words = append(words, w)
		}
	}
	for i := range edited.Variants {
		if i < len(original.Variants) {
			for _, w := range movedFaults(&original.Variants[i].System, &edited.Variants[i].System) {
				note(w)
			}
		}
	}
	moved := len(words) > 0
	for _, c := range changes {
		if !isFaultChange(c) {
			note(c)
		}
	}
	if len(words) == 0 {
		words = []string{"changed"} // a change the form has no words for
	}
	mark := "edited: " + strings.Join(words, ", ")
	if moved {
		mark += "; outcomes still measured " + faultSpan(edited.MeasureFrom, edited.MeasureTo) + ", as built"
	}
	if original.Summary == "" {
		return mark
	}
	return original.Summary + " (" + mark + ")"
}

// isFaultChange says whether c, one of the form's changes, moves a fault:
// its start ("database slow from 25s"), its end ("until 50s") or either
// by path, in words ("database's fault until 50 s").
func isFaultChange(c string) bool {
	return strings.Contains(c, "'s fault ") || strings.Contains(c, " from ") || strings.HasPrefix(c, "until ")
}

// movedFaults words the faults of b that differ from a's, part by part:
// the front's dependencies, each service's own faults and its
// dependencies'.
func movedFaults(a, b *engine.System) []string {
	var out []string
	deps := func(x, y []engine.Dependency) {
		for _, d := range y {
			for _, o := range x {
				if o.Name == d.Name && !reflect.DeepEqual(o.Faults, d.Faults) {
					for _, ft := range d.Faults {
						out = append(out, d.Name+" "+ft.Kind.String()+" "+faultSpan(ft.From, ft.To))
					}
				}
			}
		}
	}
	deps(a.Dependencies, b.Dependencies)
	for _, s := range b.Services {
		for _, o := range a.Services {
			if o.Name != s.Name {
				continue
			}
			if !reflect.DeepEqual(o.Faults, s.Faults) {
				for _, ft := range s.Faults {
					out = append(out, s.Name+" "+ft.Kind.String()+" "+faultSpan(ft.From, ft.To))
				}
			}
			deps(o.Dependencies, s.Dependencies)
		}
	}
	return out
}

// faultSpan writes from–to in seconds, "25 s–50 s", or "from 25 s" with no end.
func faultSpan(from, to time.Duration) string {
	if to == 0 {
		return "from " + pane.SecondsShort(from)
	}
	return pane.SecondsShort(from) + "–" + pane.SecondsShort(to)
}
