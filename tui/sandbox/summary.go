package sandbox

import (
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/lessons"
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
// An original that carries an earlier edit's mark (a file w wrote, opened
// again) has it merged with this one's: what this edit changed again is
// said once, at its new value, and the rest of the earlier words stay, as
// the prose still differs from them.
func editedSummary(original, edited *engine.Scenario, changes []change) string {
	same := len(original.Variants) == len(edited.Variants)
	for i := 0; same && i < len(edited.Variants); i++ {
		same = reflect.DeepEqual(original.Variants[i].System, edited.Variants[i].System)
	}
	if same {
		return original.Summary
	}
	var now, was []string
	for i := range edited.Variants {
		if i < len(original.Variants) {
			n, w := movedFaults(&original.Variants[i].System, &edited.Variants[i].System)
			now, was = append(now, n...), append(was, w...)
		}
	}
	moved := len(now) > 0
	var kept []change
	for _, c := range changes {
		if !isFaultChange(c.words) {
			kept = append(kept, c)
			now = append(now, c.words)
		}
	}
	base, earlier, measured := splitEditMark(original.Summary)
	words := mergeEdits(earlier, now, func(w string) bool {
		return slices.Contains(was, w) || slices.ContainsFunc(kept, func(c change) bool { return c.replaces(w) })
	})
	if len(words) == 0 {
		words = []string{"changed"} // a change the form has no words for
	}
	mark := editMark + ": " + strings.Join(words, ", ")
	if moved || measured {
		mark += measuredClause + faultSpan(edited.MeasureFrom, edited.MeasureTo) + ", as built"
	}
	if base == "" {
		return mark
	}
	return base + " (" + mark + ")"
}

// The mark's words: editMark, then what changed after a colon, and for a
// moved fault measuredClause and the window.
const (
	editMark       = "edited"
	measuredClause = "; outcomes still measured "
)

// splitEditMark takes an edit's mark off the end of text (a summary or a
// variant's name): base is text without it, words what it said changed,
// measured whether it said where outcomes are measured. Text with no
// mark is all base.
func splitEditMark(text string) (base string, words []string, measured bool) {
	var body string
	switch {
	case text == editMark:
		return "", nil, false
	case strings.HasPrefix(text, editMark+": ") && !strings.Contains(text, " ("+editMark):
		body = strings.TrimPrefix(text, editMark+": ") // a summary that was the mark alone
	case strings.HasSuffix(text, " ("+editMark+")"):
		return strings.TrimSuffix(text, " ("+editMark+")"), nil, false
	case strings.HasSuffix(text, ")"):
		i := strings.LastIndex(text, " ("+editMark+": ")
		if i < 0 {
			return text, nil, false
		}
		base, body = text[:i], strings.TrimSuffix(text[i+len(" ("+editMark+": "):], ")")
	default:
		return text, nil, false
	}
	if i := strings.Index(body, measuredClause); i >= 0 {
		body, measured = body[:i], true
	}
	return base, strings.Split(body, ", "), measured
}

// mergeEdits is an earlier edit's words followed by now's, leaving out an
// earlier word that now replaced (superseded) or says again.
func mergeEdits(earlier, now []string, superseded func(string) bool) []string {
	var out []string
	for _, w := range earlier {
		if w != "" && !superseded(w) && !slices.Contains(now, w) && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	for _, w := range now {
		if !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

// editMarked is name marked as edited by changes, merged with the mark an
// earlier edit left on it (as editedSummary merges a summary's).
func editMarked(name string, changes []change) string {
	base, earlier, _ := splitEditMark(name)
	words := mergeEdits(earlier, changeWords(changes), func(w string) bool {
		return slices.ContainsFunc(changes, func(c change) bool { return c.replaces(w) })
	})
	if len(words) == 0 {
		return base + " (" + editMark + ")"
	}
	return base + " (" + editMark + ": " + strings.Join(words, ", ") + ")"
}

// isFaultChange says whether c, one of the form's changes, moves a fault:
// its start ("database slow from 25s"), its end ("until 50s") or either
// by path, in a lesson's words, whose owner lessons.Possessive wrote
// ("database's fault until 50 s", "payments' fault until 70 s"). Such a
// change is said by movedFaults instead; one missed is said twice.
func isFaultChange(c string) bool {
	if owner, _, ok := strings.Cut(c, " fault "); ok && isPossessive(owner) {
		return true
	}
	return strings.Contains(c, " from ") || strings.HasPrefix(c, "until ")
}

// isPossessive says whether owner is a name's possessive as
// lessons.Possessive writes it: that rule read backwards, so the words
// that write a path's owner and the test that reads them cannot differ
// (a test for "'s" alone missed every name ending in s).
func isPossessive(owner string) bool {
	name, ok := strings.CutSuffix(owner, "'s")
	if !ok {
		name, ok = strings.CutSuffix(owner, "'")
	}
	return ok && name != "" && lessons.Possessive(name) == owner
}

// movedFaults words the faults of b that differ from a's, part by part:
// the front's dependencies, each service's own faults and its
// dependencies'. was words a's faults of those parts, as an earlier
// edit's mark said them.
func movedFaults(a, b *engine.System) (now, was []string) {
	say := func(name string, fs []engine.Fault) (out []string) {
		for _, ft := range fs {
			out = append(out, name+" "+ft.Kind.String()+" "+faultSpan(ft.From, ft.To))
		}
		return out
	}
	deps := func(x, y []engine.Dependency) {
		for _, d := range y {
			for _, o := range x {
				if o.Name == d.Name && !reflect.DeepEqual(o.Faults, d.Faults) {
					now, was = append(now, say(d.Name, d.Faults)...), append(was, say(o.Name, o.Faults)...)
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
					now = append(now, s.Name+" "+ft.Kind.String()+" "+faultSpan(ft.From, ft.To))
				}
				for _, ft := range o.Faults {
					was = append(was, o.Name+" "+ft.Kind.String()+" "+faultSpan(ft.From, ft.To))
				}
			}
			deps(o.Dependencies, s.Dependencies)
		}
	}
	return now, was
}

// faultSpan writes from–to in seconds, "25 s–50 s", or "from 25 s" with no end.
func faultSpan(from, to time.Duration) string {
	if to == 0 {
		return "from " + pane.SecondsShort(from)
	}
	return pane.SecondsShort(from) + "–" + pane.SecondsShort(to)
}
