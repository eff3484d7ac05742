package lessons

import (
	"fmt"
	"slices"
	"strings"
)

// A user who read `breakerlab scenarios --dump` writes a knob in the
// file's words (recommendations.policy.breaker.window_size) wherever a
// knob's name is typed: --vary, a lesson's [set] and [sweep], a
// challenge's [[knobs]], the sandbox sweep's picker. Every one of them
// refuses it through FileKeyRefusal, naming the knob as it is called
// there, rather than take two names for one knob or answer with a list
// that does not mention it.

// fileKnobKeys are the keys a scenario file writes in a breaker's table
// that the knob path names otherwise.
var fileKnobKeys = []struct{ file, knob string }{
	{"breaker.window_size", "breaker.window"},
	{"breaker.minimum_calls", "breaker.min_calls"},
	{"breaker.open_for", "breaker.open"},
	{"breaker.half_open_trials", "breaker.trials"},
	{"breaker.slow_call_duration", "breaker.slow_duration"},
	{"breaker.slow_call_rate", "breaker.slow_rate"},
	{"breaker.max_consecutive_failures", "breaker.consecutive"},
	{"breaker.open_jitter", "breaker.jitter"},
	{"breaker.open_backoff", "breaker.backoff"},
	{"breaker.window_span", "breaker.time_window"},
}

// FileKnobKeys are the pairs of a scenario file's breaker key and the
// knob path's name for it (window_size, window), for tests that check
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
// and a breaker's file key renamed. Typed may be a whole path or a part
// of one ("window_size", as the picker's filter takes it): a bare file
// key is matched by its last word, which no knob's key shares.
func inKnobWords(typed string) string {
	p := typed
	if rest, ok := strings.CutPrefix(p, "policy."); ok {
		p = rest
	} else {
		p = strings.Replace(p, ".policy.", ".", 1)
	}
	for _, k := range fileKnobKeys {
		_, fileKey, _ := strings.Cut(k.file, ".")
		_, knobKey, _ := strings.Cut(k.knob, ".")
		if head, ok := strings.CutSuffix(p, k.file); ok && (head == "" || strings.HasSuffix(head, ".")) {
			return head + k.knob
		}
		if head, ok := strings.CutSuffix(p, fileKey); ok && head == "" {
			return k.knob // a bare window_size is a breaker's
		} else if ok && strings.HasSuffix(head, ".") {
			return head + knobKey
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
	who         string
}

func (e *FileKeyError) Error() string {
	return fmt.Sprintf("%s is written as in a scenario file; %s calls that knob %s", e.Typed, e.who, e.Knob)
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
	if p == typed || p == "" {
		return nil
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
