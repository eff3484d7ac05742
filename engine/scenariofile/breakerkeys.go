package scenariofile

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/engine/breaker"
)

// breakerKeysAgree refuses, in the file's keys, a breaker table that the
// engine's check would refuse in its own words. Those words name no key
// of the file ("breaker minimum calls", "the open duration"), and where a
// preset gave the other side of a rule they quote a value the author never
// wrote: preset = "resilience4j" with window_size = 10 was refused for
// "minimum calls ... got 100", and the author had to guess both the key
// (minimum_calls) and where the 100 came from. Each rule here is one of
// breaker.Config.Validate's, never wider, so a table that passes here is
// judged by Validate as before, and a breaker's behaviour cannot change.
func breakerKeysAgree(t table, cfg *breaker.Config, preset string) error {
	// from says, after a value, that the preset gave it: the table does
	// not write key.
	from := func(key string) string {
		if t.has(key) || preset == "" {
			return ""
		}
		return fmt.Sprintf(" from preset %q", preset)
	}
	// at is the key a message points to: the first of keys the table
	// writes, or the table itself.
	at := func(keys ...string) []string {
		for _, k := range keys {
			if t.has(k) {
				return t.at(k)
			}
		}
		return t.path
	}
	refuse := func(path []string, format string, args ...any) error {
		return errorAt(path, "%s: %s", t.what, fmt.Sprintf(format, args...))
	}

	// One key out of its own range, whatever the rest.
	switch {
	case t.has("window_size") && (cfg.WindowSize < 0 || cfg.WindowSize > breaker.MaxWindowSize):
		return refuse(t.at("window_size"), "window_size must be between 1 and %d calls, got %d", breaker.MaxWindowSize, cfg.WindowSize)
	case t.has("window_buckets") && (cfg.WindowBuckets < 0 || cfg.WindowBuckets > breaker.MaxWindowBuckets):
		return refuse(t.at("window_buckets"), "window_buckets must be between 0 (one a second) and %d, got %d", breaker.MaxWindowBuckets, cfg.WindowBuckets)
	case t.has("half_open_trials") && (cfg.HalfOpenTrials < 1 || cfg.HalfOpenTrials > breaker.MaxHalfOpenTrials):
		return refuse(t.at("half_open_trials"), "half_open_trials must be between 1 and %d (the calls let through to test the dependency), got %d", breaker.MaxHalfOpenTrials, cfg.HalfOpenTrials)
	case t.has("max_consecutive_failures") && cfg.MaxConsecutiveFailures < 0:
		return refuse(t.at("max_consecutive_failures"), "max_consecutive_failures must be 0 (off) or more, got %d", cfg.MaxConsecutiveFailures)
	}

	// Keys a table without a preset must write: it starts from no
	// defaults, and the engine's refusal of the first one left out
	// ("breaker half-open trials must be between 1 and 1000, got 0")
	// named no key and quoted a 0 the author never wrote, one key at a
	// time. Each is left out here only where Validate refuses its 0.
	if preset == "" {
		var missing []string
		rule := cfg.FailureRate != 0 || cfg.SlowCallRate != 0 || cfg.FailureCount != 0
		// No rule written: the failure rate it is told to write needs a
		// window too, said now rather than on the next try.
		noRule := !rule && cfg.MaxConsecutiveFailures == 0 && !t.has("failure_rate") && !t.has("slow_call_rate") && !t.has("failure_count") && !t.has("max_consecutive_failures")
		if cfg.Window == breaker.CountWindow && !t.has("window_size") && cfg.WindowSize == 0 && (rule || noRule || cfg.MinimumCalls != 0) {
			missing = append(missing, "window_size (the last N calls judged)")
		}
		if noRule {
			missing = append(missing, "failure_rate (the share of failed calls that opens it, such as 0.5)")
		}
		if !t.has("open_for") && cfg.OpenFor == 0 {
			missing = append(missing, `open_for (how long it stays open, such as "5s")`)
		}
		if !t.has("half_open_trials") && cfg.HalfOpenTrials == 0 {
			missing = append(missing, "half_open_trials (the trial calls that must pass to close it, 1 to "+fmt.Sprint(breaker.MaxHalfOpenTrials)+")")
		}
		if len(missing) > 0 {
			return refuse(t.path, "a breaker without a preset has no defaults: write %s; or start from a library's with preset = %q and change what you like (breakerlab presets lists them)",
				listWords(missing), breaker.Presets()[0].Name)
		}
	}

	// Two keys that must agree, one of which a preset may have given.
	switch cfg.Window {
	case breaker.CountWindow:
		if cfg.WindowSize >= 1 && cfg.WindowSize <= breaker.MaxWindowSize && (cfg.MinimumCalls < 0 || cfg.MinimumCalls > cfg.WindowSize) {
			said := fmt.Sprintf("minimum_calls must be between 0 and window_size (%d%s), got %d%s", cfg.WindowSize, from("window_size"), cfg.MinimumCalls, from("minimum_calls"))
			if !t.has("minimum_calls") {
				said += ": set minimum_calls too"
			}
			return refuse(at("minimum_calls", "window_size"), "%s", said)
		}
	case breaker.TimeWindow:
		if cfg.WindowSize != 0 {
			why := `window = "time"`
			switch {
			case t.has("window"):
			case t.has("window_span"):
				why = "window_span sets one"
			case preset != "":
				why = fmt.Sprintf("preset %q has one, window_span %s", preset, t.said("window_span", cfg.WindowSpan))
			}
			said := fmt.Sprintf("window_size counts the calls of a count window, and this breaker's window is a time window (%s), measured by its span: leave window_size out", why)
			if !t.has("window") && !t.has("window_span") && preset != "" {
				said += ", or start from a preset whose window counts calls (" + countWindowPresets() + ")"
			}
			return refuse(t.at("window_size"), "%s", said)
		}
		if cfg.WindowSpan > 0 && cfg.MinimumCalls < 1 && !(cfg.CountAtStart && cfg.MinimumCalls == 0) {
			if t.has("minimum_calls") {
				return refuse(t.at("minimum_calls"), "minimum_calls must be at least 1 for a time window (it is never full, so it says when a rate is judged), got %d", cfg.MinimumCalls)
			}
			return refuse(at("window_span", "window"), "a time window needs minimum_calls, at least 1: it is never full, so minimum_calls says when a rate is judged")
		}
	}
	if cfg.OpenFor > 0 && cfg.OpenMax > 0 && cfg.OpenMax < cfg.OpenFor {
		return refuse(at("open_max"), "open_max must be 0 (no cap) or at least open_for (%s%s), got %s",
			t.said("open_for", cfg.OpenFor), from("open_for"), t.said("open_max", cfg.OpenMax))
	}
	return nil
}

// countWindowPresets names the presets whose window counts calls, quoted,
// for the refusal of a window_size on a preset's time window.
func countWindowPresets() string {
	var names []string
	for _, p := range breaker.Presets() {
		if p.Config.Window == breaker.CountWindow && p.Config.WindowSize > 0 {
			names = append(names, fmt.Sprintf("%q", p.Name))
		}
	}
	return strings.Join(names, ", ")
}

// listWords joins words as a sentence lists them: "a", "a and b", "a, b
// and c".
func listWords(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}
