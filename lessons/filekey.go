package lessons

import (
	"fmt"
	"slices"
	"strings"
)

// A user who read `breakerlab scenarios --dump` writes a knob in the
// file's words (recommendations.policy.breaker.window_size), often with
// the section it sat under (dependencies.payments.policy.timeout,
// services.orders.workers, system.pools.database.size), wherever a
// knob's name is typed: --vary, a lesson's [set] and [sweep], a
// challenge's [[knobs]], the sandbox sweep's picker. Every one of them
// refuses it through FileKeyRefusal, naming the knob as it is called
// there, rather than take two names for one knob or answer with a list
// that does not mention it.

// fileKnobKeys are the keys a scenario file writes (engine/scenariofile's
// SCHEMA.md, the policy table left out) that the knob path names
// otherwise: a breaker's, a bulkhead table's, a retry's backoff, a fault
// or burst list's (the knob reads the first), a tasks server's memory
// (the knob counts MiB and KiB where the file writes sizes). Keys the two
// spell alike (ratelimiter.rate, per_tenant_bulkhead.shared, shed.max_wait,
// a pool's size) are not here. bare marks a key whose last word alone
// (window_size) is the file's, as the picker's filter takes a part: no
// knob's key ends in it and no other file key does, where a pool's size
// is a knob and a fault's from is every list's.
var fileKnobKeys = []struct {
	file, knob string
	bare       bool
}{
	{"breaker.window_size", "breaker.window", true},
	{"breaker.minimum_calls", "breaker.min_calls", true},
	{"breaker.open_for", "breaker.open", true},
	{"breaker.half_open_trials", "breaker.trials", true},
	{"breaker.slow_call_duration", "breaker.slow_duration", true},
	{"breaker.slow_call_rate", "breaker.slow_rate", true},
	{"breaker.max_consecutive_failures", "breaker.consecutive", true},
	{"breaker.open_jitter", "breaker.jitter", true},
	{"breaker.open_backoff", "breaker.backoff", true},
	{"breaker.window_span", "breaker.time_window", true},
	{"breaker.window_buckets", "breaker.buckets", true},
	{"bulkhead.size", "bulkhead", false},
	{"bulkhead.kind", "bulkhead_kind", false},
	{"bulkhead.wait", "bulkhead_wait", false},
	{"bulkhead.queue", "bulkhead_queue", false},
	{"retry.backoff.base", "retry.base", false},
	{"retry.backoff.max", "retry.max", false},
	{"faults.from", "fault.from", false},
	{"faults.to", "fault.to", false},
	{"faults.latency", "fault.latency", false},
	{"faults.probability", "fault.probability", false},
	{"bursts.rate", "burst.rate", false},
	{"bursts.from", "burst.from", false},
	{"bursts.to", "burst.to", false},
	{"tasks.memory.limit", "tasks.memory.limit_mib", false},
	{"tasks.memory.per_task", "tasks.memory.per_task_kib", false},
}

// FileKnobKeys are the pairs of a scenario file's key and the knob path's
// name for it (breaker.window_size, breaker.window), for tests that check
// every pair still names a knob.
func FileKnobKeys() [][2]string {
	out := make([][2]string, len(fileKnobKeys))
	for i, k := range fileKnobKeys {
		out[i] = [2]string{k.file, k.knob}
	}
	return out
}

// inKnobWords is typed with a scenario file's words put in a knob path's:
// the policy table dropped (a dependency's policy.timeout is its timeout)
// and a file key renamed. Typed may be a whole path or a part of one
// ("window_size", as the picker's filter takes it): a bare key is matched
// by its last word only where the table marks that word the file's own.
// Every whole key is tried before any last word, so that a path is read
// by the longest key it ends in.
func inKnobWords(typed string) string {
	p := withoutSection(typed)
	if rest, ok := strings.CutPrefix(p, "policy."); ok {
		p = rest
	} else {
		p = strings.Replace(p, ".policy.", ".", 1)
	}
	for _, k := range fileKnobKeys {
		if head, ok := strings.CutSuffix(p, k.file); ok && (head == "" || strings.HasSuffix(head, ".")) {
			return head + k.knob
		}
	}
	for _, k := range fileKnobKeys {
		if !k.bare {
			continue
		}
		_, fileKey, _ := strings.Cut(k.file, ".")
		_, knobKey, _ := strings.Cut(k.knob, ".")
		if head, ok := strings.CutSuffix(p, fileKey); ok && head == "" {
			return k.knob // a bare window_size is a breaker's
		} else if ok && strings.HasSuffix(head, ".") {
			return head + knobKey
		}
	}
	return p
}

// withoutSection cuts the tables a scenario file writes a part under from
// typed, as a user copies them from a section's header and its name line
// (`[variants.dependencies.payments.policy]`, `[[system.pools]]` with name
// = "database"): a knob names the part alone. The base's system. and a
// variant's variants. go first; then the list a part is one of:
// endpoints, dependencies, pools, services, where a service's dependency D
// (services.S.dependencies.D) is the knob's S/D. A service's dependency
// written as its header, with no service (services.dependencies.D), keeps
// the slash before D, which FileKeyRefusal looks for at the end of a knob.
// [system.tasks] and shed keep their words: the knobs are tasks.threads
// and shed.max_wait.
func withoutSection(typed string) string {
	p := typed
	for _, top := range []string{"system.", "variants."} {
		if rest, ok := strings.CutPrefix(p, top); ok {
			p = rest
			break
		}
	}
	if rest, ok := strings.CutPrefix(p, "services."); ok {
		if dep, ok := strings.CutPrefix(rest, "dependencies."); ok {
			return "/" + dep
		}
		if svc, dep, ok := strings.Cut(rest, ".dependencies."); ok {
			return svc + "/" + dep
		}
		return rest
	}
	for _, list := range []string{"endpoints.", "dependencies.", "pools."} {
		if rest, ok := strings.CutPrefix(p, list); ok {
			return rest
		}
	}
	return p
}

// FileKeyError refuses a knob typed in a scenario file's words. Knob is
// the name to type instead: a whole path among the caller's knobs, or,
// where what was typed is part of several (a bare window_size), the
// part in the knobs' words (breaker.window).
type FileKeyError struct {
	Typed, Knob string
	// Note, if set, says more of the knob where the caller knows it: a
	// [set] table's breaker knob on a call with no breaker adds one.
	Note string
	who  string
}

func (e *FileKeyError) Error() string {
	msg := fmt.Sprintf("%s is written as in a scenario file; %s calls that knob %s", e.Typed, e.who, e.Knob)
	if e.Note != "" {
		msg += ": " + e.Note
	}
	return msg
}

// FileKeyRefusal refuses typed when it is a scenario file's name for one
// of knobs (the knobs the caller takes, so that it names none refused
// next), or for a part of them, saying who (as "a sweep", "a challenge")
// calls it what; nil when typed is no such name. It is the one check of
// file keys: the command line's --vary, a lesson's [set] and [sweep]
// tables, a challenge's knobs and the sandbox's sweep picker ask it.
func FileKeyRefusal(typed string, knobs []string, who string) *FileKeyError {
	typed = strings.TrimSpace(typed)
	p := inKnobWords(typed)
	// A knob's own path is never refused, though its part's name may end
	// in a file's words (a pool called bulkhead has the knob bulkhead.size).
	if p == typed || p == "" || slices.Contains(knobs, typed) {
		return nil
	}
	// A part's own key under its section (pools.bulkhead.size, of a pool
	// called bulkhead) is that knob, before any file key is read in it.
	if s := withoutSection(typed); s != typed && slices.Contains(knobs, s) {
		return &FileKeyError{Typed: typed, Knob: s, who: who}
	}
	if slices.Contains(knobs, p) {
		return &FileKeyError{Typed: typed, Knob: p, who: who}
	}
	var with []string
	for _, k := range knobs {
		if strings.Contains(k, p) {
			with = append(with, k)
		}
	}
	switch len(with) {
	case 0:
		return nil
	case 1:
		return &FileKeyError{Typed: typed, Knob: with[0], who: who}
	}
	return &FileKeyError{Typed: typed, Knob: p, who: who}
}
