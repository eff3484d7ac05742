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
			n, w := movedFaults(&original.Variants[i].System, &edited.Variants[i].System, edited.Duration)
			now, was = append(now, n...), append(was, w...)
		}
	}
	moved := len(now) > 0
	var kept []change
	for _, c := range changes {
		if !c.fault && !isFaultChange(c.words) {
			kept = append(kept, c)
			now = append(now, c.words)
		}
	}
	base, earlier, measured := splitEditMark(original.Summary)
	words := mergeEdits(earlier, now, func(w string) bool {
		// A moved fault is said here as the fault (movedFaults) and never
		// by its path: such words in an earlier summary are a file's
		// written while the mark said the fault of a name ending in s
		// twice, once so ("recommendations' fault until 20 s"), and no
		// later edit's words replaced them, even where it moved the fault
		// again.
		return slices.Contains(was, w) || isPathFaultWords(w) || slices.ContainsFunc(kept, func(c change) bool { return c.replaces(w) })
	})
	if len(words) == 0 {
		words = []string{"changed"} // a change the form has no words for
	}
	mark := editMark + ": " + strings.Join(words, ", ")
	if moved || measured {
		mark += measuredClause + faultSpan(edited.MeasureFrom, edited.MeasureTo, edited.Duration) + ", as built"
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
	words = strings.Split(body, ", ")
	for i := range words {
		words[i] = mendPossessive(words[i])
	}
	return base, words, measured
}

// mendPossessive gives w, a word of an earlier edit's mark, its owner's
// possessive as lessons.Possessive writes it. A file written before that
// rule wrote every owner with 's ("recommendations's timeout 1 s"), which
// no change of today's form replaces (change.replaces reads its label,
// "recommendations' timeout"): editing the knob again left the old word
// beside the new, the knob said twice at two values.
func mendPossessive(w string) string {
	owner, rest, ok := strings.Cut(w, "'s ")
	if !ok || owner == "" {
		return w
	}
	if p := lessons.Possessive(owner); p != owner+"'s" {
		return p + " " + rest
	}
	return w
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
	return isPathFaultWords(c) || strings.Contains(c, " from ") || strings.HasPrefix(c, "until ")
}

// isPathFaultWords says whether c is a fault's start or end moved by its
// path, in a lesson's words ("payments' fault until 70 s").
func isPathFaultWords(c string) bool {
	owner, _, ok := strings.Cut(c, " fault ")
	return ok && isPossessive(owner)
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
// dependencies', on a run that ends at end (faultSpan). was words a's
// faults of those parts, as an earlier edit's mark said them: in the
// run's unit, and in seconds too, as a long run's mark said them before
// it wrote them in the run's unit ("recommendations hang 43200 s–43260 s"
// in a file written then, which would otherwise stay beside the hang's
// new words).
func movedFaults(a, b *engine.System, end time.Duration) (now, was []string) {
	sayIn := func(end time.Duration, name string, fs []engine.Fault) (out []string) {
		for _, ft := range fs {
			out = append(out, name+" "+ft.Kind.String()+" "+faultSpan(ft.From, ft.To, end))
		}
		return out
	}
	say := func(name string, fs []engine.Fault) []string { return sayIn(end, name, fs) }
	said := func(name string, fs []engine.Fault) []string {
		return append(sayIn(end, name, fs), sayIn(0, name, fs)...) // 0: a run in seconds
	}
	deps := func(x, y []engine.Dependency) {
		for _, d := range y {
			for _, o := range x {
				if o.Name == d.Name && !reflect.DeepEqual(o.Faults, d.Faults) {
					now, was = append(now, say(d.Name, d.Faults)...), append(was, said(o.Name, o.Faults)...)
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
					now = append(now, s.Name+" "+ft.Kind.String()+" "+faultSpan(ft.From, ft.To, end))
				}
				for _, ft := range o.Faults {
					for _, in := range []time.Duration{end, 0} { // the run's unit, then seconds (said)
						was = append(was, o.Name+" "+ft.Kind.String()+" "+faultSpan(ft.From, ft.To, in))
					}
				}
			}
			deps(o.Dependencies, s.Dependencies)
		}
	}
	return now, was
}

// faultSpan writes from–to of a run that ends at end, "25 s–50 s", or
// "from 25 s" with no end: in seconds on a run whose time axes read
// seconds, else as the run's notes and panes write a moment (longMoment:
// "12h 00m–12h 01m", where "43200 s–43260 s" sat under a clock in hours).
func faultSpan(from, to, end time.Duration) string {
	long := longMoment(end)
	at := func(d time.Duration) string { return long.Or(d, 0, pane.SecondsShort(d)) }
	if to == 0 {
		return "from " + at(from)
	}
	return at(from) + "–" + at(to)
}
