package lessons

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
)

// A design a step's [set] changed in a way its name cannot say (Relabel
// rebuilds "one shared pool of 200 threads" from a new pool size, not
// "protected" from a new order of layers) gets a mark after its name,
// in words, as the sandbox's knob form labels its fields: "protected (with
// payment's order: breaker → retry → timeout → bulkhead, retry attempts:
// 3)", never the [set] path ("payment.order = [...]"), which a learner is
// never taught. The player shortens it (SetMarkForms).

// markStart and markEnd enclose the mark.
const (
	markStart = " (with "
	markEnd   = ")"
)

// knobWord is how the mark says one knob: its label, and its value in
// words (nil: as the [set] table wrote it).
type knobWord struct {
	label string
	value func(any) string
}

// knobWords are the labels of the knobs a [set] may change, by their key
// under the part the path names: the sandbox's own labels where its form
// has the field ("half-open trials", "cancel downstream"), words in the
// same way for the rest. Every key the built-in lessons set is here
// (TestEveryLessonOverrideHasWords).
var knobWords = map[string]knobWord{
	"workers":  {"workers", nil},
	"queue":    {"accept queue", nil},
	"duration": {"duration", durationWords},

	"rate":       {"rate", nil},
	"interval":   {"one call every", durationWords},
	"patience":   {"patience", durationWords},
	"burst.rate": {"burst rate", nil},

	"timeout":           {"timeout", durationWords},
	"deadline":          {"deadline", durationWords},
	"bulkhead":          {"bulkhead", nil},
	"bulkhead_wait":     {"bulkhead wait", durationWords},
	"bulkhead_queue":    {"bulkhead queue", nil},
	"fallback":          {"fallback", nil},
	"order":             {"order", orderWords},
	"healthy":           {"healthy all along", yesNoWords},
	"fault.from":        {"fault from", durationWords},
	"fault.to":          {"fault until", durationWords},
	"fault.latency":     {"fault latency", durationWords},
	"fault.probability": {"fault error rate", percentWords},
	"latency.p50":       {"latency p50", durationWords},
	"latency.p99":       {"latency p99", durationWords},

	"breaker":                  {"breaker", yesNoWords},
	"breaker.preset":           {"breaker preset", nil},
	"breaker.window":           {"breaker window", nil},
	"breaker.time_window":      {"breaker window", durationWords},
	"breaker.min_calls":        {"minimum calls", nil},
	"breaker.failure_rate":     {"failure rate", percentWords},
	"breaker.open":             {"open for", durationWords},
	"breaker.trials":           {"half-open trials", nil},
	"breaker.slow_duration":    {"slow call duration", durationWords},
	"breaker.slow_rate":        {"slow call rate", percentWords},
	"breaker.consecutive":      {"failures in a row", nil},
	"breaker.jitter":           {"open jitter", percentWords},
	"breaker.records_refusals": {"breaker counts refusals", nil},

	"retry":                  {"retries", yesNoWords},
	"retry.attempts":         {"retry attempts", nil},
	"retry.base":             {"retry backoff", durationWords},
	"retry.max":              {"retry backoff max", durationWords},
	"retry.budget":           {"retry budget", nil},
	"retry.wait_for_breaker": {"retry waits for the breaker", yesNoWords},

	"cancel":             {"cancel downstream", cancelWords},
	"propagate_deadline": {"propagate deadline", yesNoWords},
	"deadline_margin":    {"deadline margin", durationWords},
	"min_time_left":      {"min time left", durationWords},
	"instances":          {"instances", nil},
}

// overrideMark is the mark for the overrides set on sys, grouped by the
// part they change, in the order the step wrote them.
func overrideMark(sys *engine.System, set []Override) string {
	var groups []string
	var owners []string
	items := map[string][]string{}
	for _, o := range set {
		owner, label, value := overrideWords(sys, o.Key, o.Value)
		if _, ok := items[owner]; !ok {
			owners = append(owners, owner)
		}
		items[owner] = append(items[owner], label+": "+value)
	}
	for _, owner := range owners {
		groups = append(groups, owner+" "+strings.Join(items[owner], ", "))
	}
	return markStart + strings.Join(groups, "; ") + markEnd
}

// overrideWords says one override: whose knob ("payment's", "the
// server's"), its label and its value.
func overrideWords(sys *engine.System, path string, val any) (owner, label, value string) {
	owner, key := "the server's", path
	if at, ok, err := findKnob(sys, path); ok && err == nil {
		key = at.key
		switch at.part {
		case endpointPart, dependencyPart, servicePart, poolPart:
			owner = Possessive(at.name())
		case edgePart:
			// The callee, as the brief of a lesson names it: the
			// sandbox's form files the field under "Calls inventory →
			// database".
			owner = Possessive(at.dep.Name)
		}
	}
	w, ok := knobWords[key]
	if !ok {
		w, ok = tasksKnobWords[key] // knob_tasks.go
	}
	if !ok {
		// A teacher's key with no words yet: its own, spaced.
		w.label = strings.NewReplacer("_", " ", ".", " ").Replace(key)
	}
	value = fmt.Sprint(val)
	if w.value != nil {
		value = w.value(val)
	}
	return owner, w.label, value
}

func durationWords(v any) string {
	d, err := asDuration(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return formatDuration(d.Seconds())
}

func percentWords(v any) string {
	f, err := asFraction(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return trimFloat(100*f, 2, true) + "%"
}

func yesNoWords(v any) string {
	if b, ok := v.(bool); ok {
		if b {
			return "yes"
		}
		return "no"
	}
	return fmt.Sprint(v)
}

// cancelWords writes a cancel mode as the sandbox's form takes it: yes
// (the caller's giving up reaches the callee) or no.
func cancelWords(v any) string {
	switch v {
	case "propagate":
		return "yes"
	case "none":
		return "no"
	}
	return fmt.Sprint(v)
}

// orderWords writes the layers outermost first, as arrows.
func orderWords(v any) string {
	list, ok := v.([]any)
	if !ok {
		return fmt.Sprint(v)
	}
	var out []string
	for _, l := range list {
		out = append(out, fmt.Sprint(l))
	}
	return strings.Join(out, " → ")
}

// SetMarkForms are the ways to write a design's name that a step's [set]
// marked, longest first: with every knob and value, with the knobs only
// ("protected (with payment's order, retry attempts)"), as changed by the
// step, and as changed. A name with no mark has one form.
func SetMarkForms(name string) []string {
	base, mark, ok := strings.Cut(name, markStart)
	if !ok || !strings.HasSuffix(mark, markEnd) {
		return []string{name}
	}
	var groups []string
	for _, g := range strings.Split(strings.TrimSuffix(mark, markEnd), "; ") {
		var labels []string
		for _, item := range strings.Split(g, ", ") {
			i := strings.LastIndex(item, ": ")
			if i <= 0 {
				return []string{name} // a name of its own that reads "(with ...)"
			}
			labels = append(labels, item[:i])
		}
		groups = append(groups, strings.Join(labels, ", "))
	}
	forms := []string{name}
	if short := base + markStart + strings.Join(groups, "; ") + markEnd; short != name {
		forms = append(forms, short)
	}
	return append(forms, base+" (changed by this step)", base+" (changed)")
}

// Possessive is name's possessive as English writes it: payment's, but
// recommendations' (a header read "recommendations's timeout").
func Possessive(name string) string {
	if strings.HasSuffix(name, "s") {
		return name + "'"
	}
	return name + "'s"
}

// OverrideText says one knob set at path on sys in the words a lesson's
// header uses for its [set] ("recommendations' retry attempts 3"), for a
// screen that names an edit made by path, as the sandbox's form does.
func OverrideText(sys *engine.System, path string, val any) string {
	owner, label, value := overrideWords(sys, path, val)
	return owner + " " + label + " " + value
}

// OverrideParts is OverrideText in its three parts: whose knob
// ("payments'", "the server's"), its label and its value in words, for a
// screen that names the knob by its own label and says whose it is and
// its value as a lesson's header does.
func OverrideParts(sys *engine.System, path string, val any) (owner, label, value string) {
	return overrideWords(sys, path, val)
}
