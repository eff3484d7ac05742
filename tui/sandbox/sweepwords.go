package sandbox

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/lessons"
)

// Why ctrl+s cannot sweep a field, in the form's words: the learner sees
// labels ("own slots: acme", "retry budget"), not the knob paths a sweep
// runs on ("database.per_tenant_bulkhead.own.acme"), and a refusal that
// named the path left them to guess which field it meant.

// notANumber says why field i of the form, whose knob is path, holds no
// number for a sweep to vary ("" when it holds one): a choice (yes or no,
// a kind of budget) is never a number, and a field left at what means
// "the default" or "no limit" has none to centre a range on. One rule for
// every such field: what it is, that ctrl+s sweeps a number, what to type
// to give it one where it can have one, and the nearest field of its part
// that can be swept.
func (f *form) notANumber(sc *engine.Scenario, i int, path string) string {
	k := &f.knobs[i]
	_, has := lessons.KnobValue(sc, f.variant, path)
	var is, typeIt string
	switch {
	case k.kind == kindYesNo || k.kind == kindCancel || k.kind == kindDialRunsOn:
		is = "is yes or no, not a number"
	case k.kind == kindBudget:
		is = "is a kind of budget (" + k.hint + "), not a number"
	case k.kind == kindBreaker:
		is = "adds a library's breaker, not a number; add one first, then sweep its numbers"
	case k.kind == kindSlots && !has:
		is = "is empty (the default slots), no number of its own"
		typeIt = "type " + lessons.Possessive(strings.TrimPrefix(k.label, "own slots: ")) + " own slots to sweep them"
	case k.kind == kindQueue && !has:
		is = "is -1 (no limit), no number to sweep around"
		typeIt = "type a limit to sweep it"
	case !has:
		is = "holds no number to sweep around"
	default:
		return ""
	}
	next := []string{}
	if typeIt != "" {
		next = append(next, typeIt)
	}
	if j := f.nearestSweepable(sc, i); j >= 0 {
		next = append(next, "try the "+strings.TrimSpace(f.knobs[j].label))
	}
	msg := f.fieldName(i) + " " + is + ": ctrl+s sweeps a number"
	if len(next) > 0 {
		msg += "; " + strings.Join(next, ", or ")
	}
	return msg
}

// nearestSweepable is the field of field i's part (its section of the
// form) that ctrl+s can sweep and that is nearest to it, one of the same
// layer first (a label sharing a word: "retry budget", "retry attempts";
// "own slots: acme", "default slots"), the one below first of two as near;
// -1 when there is none.
func (f *form) nearestSweepable(sc *engine.Scenario, i int) int {
	from, to := 0, len(f.knobs)
	for _, start := range f.section {
		if start <= i {
			from = start
		} else {
			to = start
			break
		}
	}
	words := strings.Fields(strings.TrimSpace(strings.SplitN(f.knobs[i].label, ":", 2)[0]))
	sameLayer := func(j int) bool {
		for _, w := range strings.Fields(f.knobs[j].label) {
			if slices.Contains(words, w) {
				return true
			}
		}
		return false
	}
	canSweep := func(j int) bool {
		k := &f.knobs[j]
		if k.kind == kindYesNo || k.kind == kindCancel || k.kind == kindDialRunsOn || k.kind == kindBudget || k.kind == kindBreaker {
			return false
		}
		base, err := withLayer(sc, f.variant, k)
		if err != nil {
			return false
		}
		path, ok := knobPath(base, f.variant, k)
		if !ok {
			return false
		}
		_, has := lessons.KnobValue(base, f.variant, path)
		return has && sweepable(base, f.variant, path) == nil
	}
	for _, want := range []bool{true, false} {
		for d := 1; i-d >= from || i+d < to; d++ {
			for _, j := range []int{i + d, i - d} {
				if j >= from && j < to && sameLayer(j) == want && canSweep(j) {
					return j
				}
			}
		}
	}
	return -1
}

// sweepRefusal is why the sweep of field i, whose knob is path, was
// refused (err, from sweepable), in the form's words: the command line's
// "--vary PATH: " opening, which names the flag the learner did not type,
// gives way to the field's name, every knob path in it to its field's,
// its advice to vary another knob with it ("vary X with it, from 2")
// to what the form does: set that field first, and its flag for the
// variant where the knob matters ("--variant 2") to the keys that show
// that variant (variantKeys; compare says compare mode is open), which
// say what esc drops of the form's edits not applied yet (unapplied).
func (f *form) sweepRefusal(sc *engine.Scenario, i int, path string, err error, compare bool) string {
	msg := strings.TrimPrefix(err.Error(), "--vary "+path+": ")
	msg = f.inFormWords(sc, msg)
	msg = orVaryWith.ReplaceAllStringFunc(msg, func(advice string) string {
		m := orVaryWith.FindStringSubmatch(advice)
		if m[1] != m[2] {
			return advice
		}
		return "set " + m[1] + " to " + m[3] + " or more first"
	})
	msg = varyWith.ReplaceAllString(msg, "(set $1 to $2 or more first)")
	msg = variantFlag.ReplaceAllStringFunc(msg, func(flag string) string {
		v, _ := strconv.Atoi(strings.TrimPrefix(flag, "--variant "))
		return variantKeys(v, len(sc.Variants), compare, len(f.unapplied()))
	})
	if name := f.fieldName(i); !strings.Contains(msg, name) {
		msg = name + ": " + msg
	}
	return msg
}

// varyWith is the command line's advice to sweep another knob along
// (sweep.Sweepable's), its knob already in the form's words.
var varyWith = regexp.MustCompile(`\(vary (.+?) with it, from (\d+)\)`)

// orVaryWith is the same advice after "set X first", as a bulkhead's wait
// has it ("set X first (or vary X with it, from 1)"): in the form both say
// to set one field, so they become one ("set X to 1 or more first").
var orVaryWith = regexp.MustCompile(`set ([^()]+?) first \(or vary (.+?) with it, from (\d+)\)`)

// variantFlag is the command line's flag for the variant a refused knob
// changes the run on (sweep's checkFutile ends with it), which the
// sandbox has no use for.
var variantFlag = regexp.MustCompile(`--variant \d+`)

// variantKeys is how the learner gets from the knob form to variant v
// (counted from 1) of n, in the words of the sandbox's keys (keys.go): the
// form takes tab and the digits as its own (next field, a value), so esc
// leaves it first; then the variant's number shows it, or tab past 9,
// which has no key. In compare mode the form edits the left side, and {
// and } are the left side's keys (tab and the digits pick the right's).
// esc closes the form without applying it: with edits unapplied (that
// many), the advice says it drops them, as the learner would not guess
// from "esc, then 2" alone.
func variantKeys(v, n int, compare bool, unapplied int) string {
	esc := "esc, then"
	switch {
	case unapplied == 1:
		esc = "esc drops your unapplied change; then"
	case unapplied > 1:
		esc = fmt.Sprintf("esc drops your %d unapplied changes; then", unapplied)
	}
	switch {
	case compare:
		return fmt.Sprintf("%s { or } until the left side shows variant %d", esc, v)
	case v > 9:
		return fmt.Sprintf("%s tab until variant %d shows", esc, v)
	}
	return fmt.Sprintf("%s %d shows variant %d", esc, v, v)
}

// unapplied are the form's edits of the scenario it was opened on, which
// esc drops: the fields whose value differs from that scenario's.
func (f *form) unapplied() []change {
	return f.edits(f.source)
}

// inFormWords writes msg with each of the form's knob paths in it as the
// form names its field (form.fieldName): "users-api.breaker.open=1s" as
// "users-api open for 1s". The longest paths go first, so that none is
// written over in part by a shorter one it starts with.
func (f *form) inFormWords(sc *engine.Scenario, msg string) string {
	type named struct{ path, name string }
	var fields []named
	for j := range f.knobs {
		// A path of one word ("workers", "queue") is a word of the
		// message's own prose too, and is the field's name already.
		if path, ok := knobPath(sc, f.variant, &f.knobs[j]); ok && strings.Contains(path, ".") && strings.Contains(msg, path) {
			fields = append(fields, named{path, f.fieldName(j)})
		}
	}
	slices.SortStableFunc(fields, func(a, b named) int { return cmp.Compare(len(b.path), len(a.path)) })
	for _, n := range fields {
		msg = strings.ReplaceAll(msg, n.path+"=", n.name+" ")
		msg = strings.ReplaceAll(msg, n.path, n.name)
	}
	return f.keysInFormWords(sc, msg)
}

// keysInFormWords writes each knob key msg names alone, without its
// owner's path ("so its bulkhead_wait is never read", "size and per_host
// are 0"), as the form labels that key's field less the owner's name
// ("its permit wait", "per host"), and a key no field of the form sets
// ("needs per_task") in words ("per task"). The names of the scenario's
// variants, which may hold a "_" of their own ("(to_thread)"), are the
// author's and are left as they are.
func (f *form) keysInFormWords(sc *engine.Scenario, msg string) string {
	labels := map[string]string{}
	for j := range f.knobs {
		path, ok := knobPath(sc, f.variant, &f.knobs[j])
		if !ok {
			continue
		}
		owner, key := "", path
		if dot := strings.LastIndex(path, "."); dot >= 0 {
			owner, key = path[:dot], path[dot+1:]
		}
		if !strings.Contains(key, "_") || labels[key] != "" {
			continue
		}
		label := strings.TrimSpace(f.knobs[j].label)
		labels[key] = strings.TrimPrefix(label, owner+" ")
	}
	var kept []string
	for _, v := range sc.Variants {
		if strings.Contains(v.Name, "_") && strings.Contains(msg, v.Name) {
			kept = append(kept, v.Name)
		}
	}
	slices.SortStableFunc(kept, func(a, b string) int { return cmp.Compare(len(b), len(a)) })
	for i, name := range kept {
		msg = strings.ReplaceAll(msg, name, fmt.Sprintf("\x00%d\x00", i))
	}
	msg = knobKey.ReplaceAllStringFunc(msg, func(key string) string {
		if label, ok := labels[key]; ok {
			return label
		}
		return strings.ReplaceAll(key, "_", " ")
	})
	for i, name := range kept {
		msg = strings.ReplaceAll(msg, fmt.Sprintf("\x00%d\x00", i), name)
	}
	return msg
}

// knobKey is a word of a knob key's kind ("bulkhead_wait", "per_host"):
// no word of the form's prose joins its parts with "_".
var knobKey = regexp.MustCompile(`\b[a-z]+(?:_[a-z]+)+\b`)
