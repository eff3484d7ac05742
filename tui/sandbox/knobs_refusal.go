package sandbox

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/lessons"
	kform "github.com/breakerlab/breakerlab/tui/internal/form"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// How the knob form words a refusal, in two places that must not say the
// same thing twice: the mark beside the field names the limit ("at least
// 20", "1 to 100"), and the message line (knob.why, the form's err) says
// why, naming the field and, when another field sets the limit, that
// field and its value. The scenario's own rules are worded once, by the
// engine's validation, for a file; scenarioWords adapts those words to
// the form's fields, and every other text here is the field's own.

// markOwn marks k with the refusal of its own text (knob.refused), full,
// v being that text as a value: beside the field its limit, on the
// message line why. A value of the right form out of range is marked in
// check's words ("want 1 to 100") and told by the end it passed; a text
// that is no value, by its range in the same words, or what the field
// takes ("a duration with its unit"), and, on the line, the text and how
// to type it. A paste cut short, which is no limit, keeps one text.
func (k *knob) markOwn(v value, full string) {
	k.err, k.why = full, ""
	if full == "" || len(k.cut) > 0 {
		return
	}
	_, err := parse(k.kind, k.input.Value())
	if err == nil {
		k.why = k.rangeWhy(v)
		return
	}
	var rep *engine.RepeatedUnitError
	if errors.As(err, &rep) {
		// Beside the field the rule, on the line the text and what it
		// most likely meant: the line said "did you mean 1s?" twice.
		k.err, k.why = kform.RepeatedUnitMark, full
		return
	}
	takes := k.limitWords()
	if takes == "" || takes == full || !strings.HasPrefix(full, takes) {
		return
	}
	k.err, k.why = takes, k.textWhy(takes, full)
	if k.limited && (k.kind == kindInt || k.kind == kindRate) {
		// Its range, in check's words for a value out of it: the line
		// says it is no number.
		k.err = "want " + k.rangeText()
	}
}

// textWhy is why k's text, refused in full (which begins with short, the
// field's mark), is no value of the field: the text and how to type it,
// without the words the mark says beside it.
func (k *knob) textWhy(short, full string) string {
	text := strings.TrimSpace(k.input.Value())
	if text == "" {
		return "it is empty"
	}
	if x, err := strconv.ParseFloat(text, 64); err == nil && k.limited && !k.isTime() && x < k.lo {
		// "-5", a number the field's kind writes otherwise, is refused
		// for its sign: it is below the range.
		return k.rangeWhy(value{n: int(x), f: x})
	}
	// "a whole number, 1 to 100,000" is a whole number, whatever its range.
	noun, _, _ := strings.Cut(short, ", ")
	rest := strings.TrimPrefix(full, short)
	if i := strings.Index(rest, "; got "); i >= 0 {
		rest = rest[:i] // lessons.ParseDuration's quote of the text
	}
	if _, how, ok := strings.Cut(rest, ": "); ok && strings.HasPrefix(rest, ", not ") {
		return fmt.Sprintf("%q is not %s: %s", text, noun, how) // howToType's
	}
	if strings.HasPrefix(rest, ", not ") {
		return fmt.Sprintf("%q is not a value it takes", text)
	}
	if k.kind != kindDuration && k.kind != kindUntil {
		return full
	}
	// A duration's words (lessons.ParseDuration): how the unit is written.
	return fmt.Sprintf("%q is not a number followed by its unit%s", text, rest)
}

// limitWords is what k's field takes, as short as its mark says it: the
// words its refusal begins with, without the spelling of an example
// ("a duration with its unit", "a whole number, 1 to 100,000").
func (k *knob) limitWords() string {
	w := k.takesWords()
	for _, sep := range []string{" (", ", such as"} {
		if i := strings.Index(w, sep); i >= 0 {
			w = w[:i]
		}
	}
	return w
}

// rangeWhy is why a value of the right form is out of k's range (check's
// "want 1 to 100" is the mark): which end it passed, as the message
// line says it ("0 is below 1, the least it takes").
func (k *knob) rangeWhy(v value) string {
	x := k.number(v)
	num := func(f float64) string {
		if k.isTime() {
			return durText(time.Duration(f))
		}
		if f == math.Trunc(f) && math.Abs(f) < 1e15 {
			return pane.Count(int64(f))
		}
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	switch {
	case x < k.lo:
		return fmt.Sprintf("%s is below %s, the least it takes", num(x), num(k.lo))
	case k.upTo != nil:
		if most, ok := k.upTo(); ok && x > float64(most) {
			return fmt.Sprintf("%s is above %s (%s), the most it takes", num(x), k.upToWords, pane.Count(int64(most)))
		}
	}
	if k.upToWords != "" {
		return fmt.Sprintf("%s is above %s, the most it takes", num(x), k.upToWords)
	}
	if k.moment {
		// The top is the run's, which the learner may not have in mind:
		// the engine's words say why (its length and drain).
		verb := "start"
		if k.kind == kindUntil || strings.TrimSpace(k.label) == "until" { // a burst's end is a plain duration
			verb = "end"
		}
		if k.surge {
			return "it " + engine.SurgeMomentPast(verb, time.Duration(x), k.runLen)
		}
		return "it " + engine.FaultMomentPast(verb, time.Duration(x), k.runLen)
	}
	return fmt.Sprintf("%s is above %s, the most it takes", num(x), num(k.hi))
}

// The engine's words for the rules of the scenario that tie one field of
// the form to another (engine/scenario.go): a bulkhead above the pool's
// workers, a fault that ends before it starts.
var (
	bulkheadOverWorkersRE = regexp.MustCompile(`dependency "([^"]+)": bulkhead must be between 0 \(none\) and the pool's (\S+) workers, got (\S+)`)
	faultEndsFirstRE      = regexp.MustCompile(`fault \d+ \([^)]*\) must start before it ends: from (\S+) to (\S+)$`)
	faultPastTheEndRE     = regexp.MustCompile(`fault \d+ \([^)]*\) must start before it ends: it starts at (\S+) and, with no end given, lasts to the run's end at (\S+)$`)
)

// scenarioWords rewords the scenario's refusal msg, whose fields
// markRefused marked "refused: see below", for the form: each marked
// field's mark names its own limit and the message line (the form's err)
// names the field the cursor is on, its limit, and the other field that
// sets it, with that field's value. It says false, changing nothing, for
// a rule it has no words for: the engine's own message then stands.
func (f *form) scenarioWords(msg string) bool {
	// Of the two fields marked, lead is the one the other is measured
	// against (the workers, a fault's start), other the one tied to it.
	lead, other := -1, -1
	for i := range f.knobs {
		switch {
		case f.knobs[i].err == "":
		case f.knobs[i].label == "workers" || strings.HasSuffix(f.knobs[i].label, " from"):
			lead = i
		default:
			other = i
		}
	}
	if lead < 0 || other < 0 {
		return false
	}
	// The message line is of the field the cursor is on (firstNamed's):
	// the limit of that field, since the learner is at it.
	at := f.focus
	if at != lead && at != other {
		at = lead
	}
	if m := bulkheadOverWorkersRE.FindStringSubmatch(msg); m != nil && f.knobs[other].label == "bulkhead" {
		dep, pool, bulkhead := m[1], m[2], m[3]
		f.knobs[lead].err, f.knobs[lead].why = "at least "+bulkhead, ""
		f.knobs[other].err, f.knobs[other].why = "at most "+pool, ""
		if at == lead {
			f.err = fmt.Sprintf("%s: at least %s, since %s bulkhead lets %s calls in at once; or lower that bulkhead",
				f.fieldName(lead), bulkhead, lessons.Possessive(dep), bulkhead)
		} else {
			f.err = fmt.Sprintf("%s: at most %s, since the server has %s workers to make its calls; or raise the workers",
				f.fieldName(other), pool, pool)
		}
		return true
	}
	from, until := lead, other
	if f.knobs[until].label != "  until" || until != from+1 {
		return false
	}
	if m := faultEndsFirstRE.FindStringSubmatch(msg); m != nil {
		start, end := m[1], m[2]
		f.knobs[from].err, f.knobs[from].why = "before "+end, ""
		f.knobs[until].err, f.knobs[until].why = "after "+start, ""
		if at == until {
			f.err = fmt.Sprintf("%s: after %s, since the fault starts at %s; or start it earlier", f.fieldName(until), start, start)
		} else {
			f.err = fmt.Sprintf("%s: before %s, since the fault ends at %s; or end it later", f.fieldName(from), end, end)
		}
		return true
	}
	if m := faultPastTheEndRE.FindStringSubmatch(msg); m != nil {
		end := m[2]
		f.knobs[from].err, f.knobs[from].why = "before "+end, ""
		f.knobs[until].err, f.knobs[until].why = "", ""
		f.err = fmt.Sprintf("%s: before %s, since the run ends at %s", f.fieldName(from), end, end)
		return true
	}
	return false
}

// otherBulkheadWords is the refusal of workers below the bulkhead of a
// variant other than the form's (blameOther), whose bulkhead this form
// cannot show: the mark, and the message line naming that variant, its
// call and its bulkhead, in the engine's numbers (msg). ok is false when
// msg is of another rule.
func otherBulkheadWords(sc *engine.Scenario, msg string) (mark, line string, ok bool) {
	m := bulkheadOverWorkersRE.FindStringSubmatch(msg)
	if m == nil {
		return "", "", false
	}
	dep, bulkhead := m[1], m[3]
	for i, v := range sc.Variants {
		if strings.HasPrefix(msg, fmt.Sprintf("variant %q", v.Name)) {
			return "at least " + bulkhead, fmt.Sprintf("workers: at least %s, since %s bulkhead in variant %d (%s) lets %s calls in at once; lower that bulkhead first",
				bulkhead, lessons.Possessive(dep), i+1, v.Name, bulkhead), true
		}
	}
	return "", "", false
}
