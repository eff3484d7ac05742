package lessons

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/engine/sweep"
)

// buildScenario builds a fresh copy of the spec's built-in scenario and
// applies the overrides to the chosen variant. The copy is the caller's:
// built-ins hand out a new one on every call.
func buildScenario(spec *SimSpec) (*engine.Scenario, error) {
	if spec.File != nil {
		return buildFileScenario(spec)
	}
	b, ok := scenarios.Lookup(spec.Scenario)
	if !ok {
		return nil, fmt.Errorf("no built-in scenario is called %q (built in: %s)", spec.Scenario, strings.Join(scenarioNames(), ", "))
	}
	sc := b.Build()
	if spec.Variant < 0 || spec.Variant >= len(sc.Variants) {
		return nil, fmt.Errorf("scenario %s has variants 0 to %d, not %d", spec.Scenario, len(sc.Variants)-1, spec.Variant)
	}
	if err := applySet(sc, spec, func() (*engine.Scenario, error) { return b.Build(), nil }); err != nil {
		return nil, err
	}
	if len(spec.Set) > 0 {
		// A name that quotes a number the overrides changed ("one shared
		// pool of 200 threads" with workers = 100) is rebuilt from the new
		// one; a name that cannot be rebuilt says what was set, in words
		// (overridewords.go).
		for _, v := range scenarios.Relabel(b.Build(), sc) {
			sc.Variants[v].Name += overrideMark(&sc.Variants[v].System, spec.Set)
		}
	}
	return sc, nil
}

// applySet applies the step's [set] to its variant of sc and checks the
// result. fresh builds sc's scenario anew, as it was before any key, to
// find the key a refusal of the whole is about (blameOverride).
func applySet(sc *engine.Scenario, spec *SimSpec, fresh func() (*engine.Scenario, error)) error {
	had := breakerCalls(&sc.Variants[spec.Variant].System)
	if err := applyKeys(sc, spec.Variant, spec.Set); err != nil {
		return err
	}
	if err := sc.Validate(); err != nil {
		if made := madeBreakerError(sc, spec, had); made != nil {
			return made
		}
		if keyed := keyedBreakerError(sc, spec); keyed != nil {
			return keyed
		}
		err = fmt.Errorf("with these overrides the scenario is not valid: %w", err)
		refused := err
		if o, ok := blameOverride(spec.Set, refused, func(set []Override) error {
			sc, err := fresh()
			if err != nil {
				return refused // built once, so never; and then no key is to blame
			}
			if err = applyKeys(sc, spec.Variant, set); err == nil {
				err = sc.Validate()
			}
			if err != nil {
				return fmt.Errorf("with these overrides the scenario is not valid: %w", err)
			}
			return nil
		}); ok {
			return fmt.Errorf("set %s: %w", o.Key, err)
		}
		return err
	}
	return nil
}

// applyKeys sets the keys of set on variant v of sc. A preset replaces a
// whole breaker, so it goes before the keys that adjust it.
func applyKeys(sc *engine.Scenario, v int, set []Override) error {
	for pass := 0; pass < 2; pass++ {
		for _, o := range set {
			if isPreset := strings.HasSuffix(o.Key, ".breaker.preset"); isPreset != (pass == 0) {
				continue
			}
			if err := applyOverride(sc, v, o.Key, o.Value); err != nil {
				return fmt.Errorf("set %s: %w", o.Key, namedAs(o.Key, err))
			}
		}
	}
	return nil
}

// blameOverride finds the key of set that a refusal of the whole (refused,
// as try words it with every key set) is about, so that the error points
// at that key's line and not at the [set] header's: "workers must be
// between 1 and 100,000, got 0" at the header left the author to find
// which of the keys below said 0. A key is to blame when the step without
// it is refused otherwise or not at all; one without which the step is
// valid comes before one without which it is refused in other words (a
// bulkhead of 20 with workers = 8 is the bulkhead's fault, though without
// workers the bulkhead's refusal names 16 workers), and the key written
// first before the rest. It runs only on a refused step, which is built
// again once a key.
func blameOverride(set []Override, refused error, try func([]Override) error) (Override, bool) {
	var blamed Override
	found, foundValid := false, false
	for i, o := range set {
		without := append(append([]Override(nil), set[:i]...), set[i+1:]...)
		err := try(without)
		if err != nil && err.Error() == refused.Error() {
			continue // the same refusal without o: not o's
		}
		valid := err == nil
		if !found || (valid && !foundValid) || (valid == foundValid && writtenBefore(o, blamed)) {
			blamed, found, foundValid = o, true, valid
		}
	}
	return blamed, found
}

// writtenBefore says whether [set] writes a above b. Overrides built in
// code have no line; they keep their order.
func writtenBefore(a, b Override) bool { return a.Line > 0 && a.Line < b.Line }

// breakerWrites is what a step's [set] wrote on one call's breaker: the
// first key as written, for the error's line, the keys under the call
// ("breaker.window") and the preset it named, if any.
type breakerWrites struct {
	first  string
	keys   map[string]bool
	preset string
	// written is each key under the call as the [set] writes it:
	// "breaker.window" -> "payment.breaker.window".
	written map[string]string
}

// at is the key, as written, that a refusal about the first of keys
// (under the call) the [set] writes points to, for its line: the first
// breaker key written when it writes none of them.
func (w breakerWrites) at(keys ...string) string {
	for _, k := range keys {
		if written, ok := w.written[k]; ok {
			return written
		}
	}
	return w.first
}

// breakerWritten collects the [set]'s breaker keys on dependency d.
func breakerWritten(sys *engine.System, spec *SimSpec, d *engine.Dependency) breakerWrites {
	w := breakerWrites{keys: map[string]bool{}, written: map[string]string{}}
	firstLine := 0
	for _, o := range spec.Set {
		if at, ok, _ := findKnob(sys, o.Key); ok && at.dep == d && strings.HasPrefix(at.key, "breaker.") {
			// The first written, not the first in spec.Set's order, which
			// is by key: a preset written below the window sorted first.
			if w.first == "" || (o.Line > 0 && o.Line < firstLine) {
				w.first, firstLine = o.Key, o.Line
			}
			w.keys[at.key] = true
			w.written[at.key] = o.Key
			if name, isName := o.Value.(string); isName && at.key == "breaker.preset" {
				w.preset = name
			}
		}
	}
	return w
}

// breakerRefusal says why breaker b of call c is not valid in the keys a
// [set] writes where the engine's words name a setting the author may
// never have written: a preset followed by breaker.window = 10 leaves the
// preset's 100 minimum calls above the window, and the engine's "breaker
// minimum calls must be between 0 and the window size 10, got 100" left
// the author, who wrote no minimum calls, to guess the key
// (breaker.min_calls) and where the 100 came from. Other refusals keep
// the engine's words (keyed false).
//
// at is the key, as written, the refusal is about, for its line, as a
// scenario file points at its own key: the minimum calls when the [set]
// writes them, else the window they no longer fit; the open cap, else the
// open time; the window.
func breakerRefusal(b *breaker.Config, invalid error, c callName, w breakerWrites) (said, at string, keyed bool) {
	p := c.String() + ".breaker."
	// from says, after a value, that the preset gave it: the [set] does
	// not write key.
	from := func(key string) string {
		if w.keys[key] || w.preset == "" {
			return ""
		}
		return fmt.Sprintf(" from preset %q", w.preset)
	}
	engineSaid := invalid.Error()
	switch {
	case b.Window == breaker.CountWindow && b.WindowSize >= 1 && b.WindowSize <= breaker.MaxWindowSize &&
		(b.MinimumCalls < 0 || b.MinimumCalls > b.WindowSize) && strings.HasPrefix(engineSaid, "breaker minimum calls"):
		said = fmt.Sprintf("%smin_calls must be between 0 and %swindow (%d%s), got %d%s", p, p, b.WindowSize, from("breaker.window"), b.MinimumCalls, from("breaker.min_calls"))
		if !w.keys["breaker.min_calls"] {
			said += fmt.Sprintf(": set %smin_calls too", p)
		}
		return said, w.at("breaker.min_calls", "breaker.window"), true
	case b.Window == breaker.CountWindow && b.WindowSize == 0 && w.keys["breaker.window"] && strings.HasPrefix(engineSaid, "breaker window must be"):
		// A window of 0 keeps no calls, which only a breaker that judges
		// no rate may do.
		return fmt.Sprintf("%swindow must be between 1 and %d calls, got 0: this breaker judges a rate over its window", p, breaker.MaxWindowSize), w.at("breaker.window"), true
	case b.Window == breaker.TimeWindow && b.WindowSize != 0 && w.keys["breaker.window"] && strings.HasPrefix(engineSaid, "breaker window size"):
		// A preset or breaker.time_window made the window one of time,
		// which breaker.window (a count of calls) cannot size.
		why := fmt.Sprintf("%stime_window sets one", p)
		if !w.keys["breaker.time_window"] && w.preset != "" {
			why = fmt.Sprintf("preset %q has one, of %s", w.preset, engine.FormatDuration(b.WindowSpan))
		}
		said = fmt.Sprintf("%swindow counts the calls of a count window, and this breaker's window is a time window (%s), measured by its span: leave %swindow out", p, why, p)
		if !w.keys["breaker.time_window"] && w.preset != "" {
			said += ", or start from a preset whose window counts calls (" + countWindowPresets() + ")"
		}
		return said, w.at("breaker.window"), true
	case b.OpenFor > 0 && b.OpenMax > 0 && b.OpenMax < b.OpenFor && strings.HasPrefix(engineSaid, "breaker open max"):
		return fmt.Sprintf("%sopen_max must be 0 (no cap) or at least %sopen (%s%s), got %s", p, p, engine.FormatDuration(b.OpenFor), from("breaker.open"), engine.FormatDuration(b.OpenMax)),
			w.at("breaker.open_max", "breaker.open"), true
	}
	return engineSaid, w.first, false
}

// keyedBreakerError is the refusal of a breaker the variant had that the
// step's [set] left not valid, said in the [set]'s keys where
// breakerRefusal can, or nil.
func keyedBreakerError(sc *engine.Scenario, spec *SimSpec) error {
	sys := &sc.Variants[spec.Variant].System
	var out error
	eachCall(sys, func(c callName, d *engine.Dependency) {
		b := d.Policy.Breaker
		if out != nil || b == nil {
			return
		}
		invalid := b.Validate()
		if invalid == nil {
			return
		}
		w := breakerWritten(sys, spec, d)
		if w.first == "" {
			return
		}
		if said, at, keyed := breakerRefusal(b, invalid, c, w); keyed {
			out = fmt.Errorf("set %s: %w", at, fmt.Errorf("with these overrides the breaker on %s is not valid: %s", c, said))
		}
	})
	return out
}

// callName is a call as a knob path names it: a dependency of the front
// (svc "") or of a service.
type callName struct{ svc, dep string }

func (c callName) String() string {
	if c.svc == "" {
		return c.dep
	}
	return c.svc + "/" + c.dep
}

// eachCall calls fn with every call of sys and its dependency.
func eachCall(sys *engine.System, fn func(callName, *engine.Dependency)) {
	for i := range sys.Dependencies {
		fn(callName{dep: sys.Dependencies[i].Name}, &sys.Dependencies[i])
	}
	for i := range sys.Services {
		s := &sys.Services[i]
		for j := range s.Dependencies {
			fn(callName{svc: s.Name, dep: s.Dependencies[j].Name}, &s.Dependencies[j])
		}
	}
}

// breakerCalls notes the calls of sys that have a breaker.
func breakerCalls(sys *engine.System) map[callName]bool {
	has := map[callName]bool{}
	eachCall(sys, func(c callName, d *engine.Dependency) {
		if d.Policy.Breaker != nil {
			has[c] = true
		}
	})
	return has
}

// madeBreakerError explains a breaker [set] made on a call of the step's
// variant that had none (not in had) when that breaker is not valid, or
// is nil. A breaker key on such a call makes the breaker from nothing, the
// way lesson 5 gives checkout's payment one from its window, failure
// rate, open time and trials; one key alone left the others 0, and the
// scenario's refusal ("breaker window must be between 1 and 1048576
// calls, got 0") named a field the author never wrote. This says that the
// call has no breaker in this variant, which keys the made one lacks, and
// the variants that have one, as a sweep does (engine/sweep/nobreaker.go).
// The error names the first breaker key written for the call, for its line.
func madeBreakerError(sc *engine.Scenario, spec *SimSpec, had map[callName]bool) error {
	v := spec.Variant
	sys := &sc.Variants[v].System
	var out error
	eachCall(sys, func(c callName, d *engine.Dependency) {
		b := d.Policy.Breaker
		if out != nil || b == nil || had[c] {
			return
		}
		invalid := b.Validate()
		if invalid == nil {
			return
		}
		w := breakerWritten(sys, spec, d)
		key, preset := w.first, w.keys["breaker.preset"]
		msg := fmt.Sprintf("variant %d of %s (%s) has no breaker on %s, so [set] builds one from the breaker keys it gives", v, sc.Name, sc.Variants[v].Name, c)
		if lacks := breakerLacks(b, c.String()+".breaker."); len(lacks) > 0 {
			msg += ", and it lacks " + joinAnd(lacks) + ". Set those too"
		} else if said, at, keyed := breakerRefusal(b, invalid, c, w); keyed {
			msg += ", and it is not valid: " + said
			key = at
		} else {
			msg += fmt.Sprintf(", and it is not valid: %s. Change that", said)
		}
		if !preset {
			var presets []string
			for _, p := range breaker.Presets() {
				presets = append(presets, strconv.Quote(p.Name))
			}
			msg += fmt.Sprintf(", or set %s.breaker.preset first (%s) to start from a library's whole breaker", c, strings.Join(presets, ", "))
		}
		var with []string
		for _, k := range sweep.WithBreaker(sc, c.svc, c.dep) {
			if k != v { // the breaker made here is not the variant's own
				with = append(with, strconv.Itoa(k))
			}
		}
		switch len(with) {
		case 0:
			msg += fmt.Sprintf(". No variant of %s has one there", sc.Name)
		case 1:
			msg += fmt.Sprintf(". Variant %s has one (variant = %s)", with[0], with[0])
		default:
			msg += fmt.Sprintf(". Variants %s have one (variant = %s)", strings.Join(with, ", "), with[0])
		}
		out = errors.New(msg)
		if key != "" {
			out = fmt.Errorf("set %s: %w", key, out)
		}
	})
	return out
}

// breakerLacks lists the keys (after prefix) of the settings a breaker
// cannot run without that b leaves 0, as breaker.Config.Validate reads
// them: a window to judge its rates in, a rule that opens it, an open
// time and half-open trials.
func breakerLacks(b *breaker.Config, prefix string) []string {
	var lacks []string
	rateRule := b.FailureRate != 0 || b.SlowCallRate != 0 || b.FailureCount != 0 || b.MinimumCalls != 0
	if b.Window == breaker.CountWindow && b.WindowSize == 0 && rateRule {
		lacks = append(lacks, prefix+"window")
	}
	if b.FailureRate == 0 && b.SlowCallRate == 0 && b.MaxConsecutiveFailures == 0 && b.FailureCount == 0 {
		lacks = append(lacks, prefix+"failure_rate (or slow_rate or consecutive)")
	}
	if b.OpenFor <= 0 {
		lacks = append(lacks, prefix+"open")
	}
	if b.HalfOpenTrials < 1 {
		lacks = append(lacks, prefix+"trials")
	}
	return lacks
}

// countWindowPresets names, quoted, the presets whose window counts
// calls: the ones a breaker.window fits.
func countWindowPresets() string {
	var names []string
	for _, p := range breaker.Presets() {
		if p.Config.Window == breaker.CountWindow && p.Config.WindowSize > 0 {
			names = append(names, strconv.Quote(p.Name))
		}
	}
	return strings.Join(names, ", ")
}

// joinAnd joins items as a list in words: "a", "a and b", "a, b and c".
func joinAnd(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// scenarioNames lists every scenario a step may name, shuffle included.
func scenarioNames() []string {
	names := append(scenarios.Names(), Shuffle)
	sort.Strings(names)
	return names
}

// variantCount is how many variants a scenario has (the shuffle scenario's
// variants are its strategies).
func variantCount(name string) (int, bool) {
	if name == Shuffle {
		return len(shuffle.Strategies()), true
	}
	b, ok := scenarios.Lookup(name)
	if !ok {
		return 0, false
	}
	return len(b.Build().Variants), true
}

// The keys an override may set, for messages.
const (
	systemKeys     = "workers, queue, duration"
	endpointKeys   = "rate, interval, patience"
	dependencyKeys = "timeout, deadline, bulkhead, bulkhead_kind, bulkhead_wait, bulkhead_queue, fallback, order, healthy, latency.mean, latency.value, latency.p50, latency.p99, fault.from, fault.to, fault.latency, fault.probability, breaker (false), breaker.*, retry (false), retry.*"
	breakerKeys    = "preset, window, min_calls, failure_rate, open, trials, slow_duration, slow_rate, consecutive, jitter, backoff, open_max, time_window, buckets, judge_on_failure, half_open_rule, records_refusals"
	retryKeys      = "attempts, base, max, budget, wait_for_breaker, retry_bulkhead_full"
	shuffleKeys    = "workers, customers, per_customer, max_shared, zones, duration, request_every, poison_every, poison_from, retry_after, crashed_for, restart_for"
)

// applyOverride sets one dotted key on variant v of sc, as a lesson's
// [set] table does: a path findKnob reads, else one that starts with a
// dependency's name, whose setter says what is wrong with the key.
func applyOverride(sc *engine.Scenario, v int, key string, val any) error {
	sys := &sc.Variants[v].System
	at, found, err := findKnob(sys, key)
	if err != nil {
		return err
	}
	if !found {
		// A scenario file's key (policy.breaker.window_size) is refused
		// with the knob's name: the dependency's setter below said only
		// that it knows no key "policy.breaker.window_size".
		if fk := FileKeyRefusal(key, Knobs(sc, v), "a [set] table"); fk != nil {
			// On a call with no breaker the knob named tunes none: it
			// builds one (madeBreakerError), which the author should know
			// before writing it. A breaker an earlier key built is tuned.
			if at, ok, _ := findKnob(sys, fk.Knob); ok && at.dep != nil && at.dep.Policy.Breaker == nil && strings.HasPrefix(at.key, "breaker.") {
				fk.Note = fmt.Sprintf("variant %d of %s (%s) has no breaker on %s, so [set] adds one built from the breaker keys it gives", v, sc.Name, sc.Variants[v].Name, at.name())
			}
			return fk
		}
		var ok bool
		if at, ok = settable(sys, key); !ok {
			var names []string
			for _, e := range sys.Endpoints {
				names = append(names, e.Name)
			}
			for _, d := range sys.Dependencies {
				names = append(names, d.Name)
			}
			return fmt.Errorf("unknown key %q%s: use %s, or ENDPOINT.KEY (%s) or DEPENDENCY.KEY (%s) where the names are: %s",
				key, DidYouMean(key, Knobs(sc, v)), systemKeys, endpointKeys, "timeout, bulkhead, breaker.window, ...", strings.Join(dedupe(names), ", "))
		}
	}
	if err := applyAt(sc, v, at, val); err != nil {
		if !found && strings.HasPrefix(err.Error(), "unknown ") {
			// A key its part's setter does not know (breaker.windw) is
			// offered the nearest knobs, as a sweep's path is.
			// The suggestion follows the key, before the setter's list.
			msg, hint := err.Error(), DidYouMean(key, Knobs(sc, v))
			if i := strings.Index(msg, " (allowed"); i >= 0 {
				return fmt.Errorf("%s%s%s", msg[:i], hint, msg[i:])
			}
			return fmt.Errorf("%s%s", msg, hint)
		}
		return err
	}
	return checkOwnRange(at, val) // setrange.go
}

// applyAt sets the knob at on variant v of sc.
func applyAt(sc *engine.Scenario, v int, at knobAt, val any) error {
	sys := &sc.Variants[v].System
	switch at.part {
	case serverPart:
		return setServer(sc, sys, at.key, val)
	case endpointPart:
		switch {
		case isEndpointKey(at.key):
			return setEndpoint(at.ep, at.key, val)
		case at.key == "cpu":
			return setDur(&at.ep.CPU, val) // a tasks server's (knob_tasks.go)
		}
		return setEndpointMore(at.ep, at.key, val) // knob_services.go
	case dependencyPart, edgePart:
		if err := setEdge(at.dep, at.key, val); err != errNotEdgeKey {
			return err // knob_services.go
		}
		return setDependency(at.dep, at.key, val)
	case servicePart:
		return setService(at.svc, at.key, val)
	case poolPart:
		return setPool(at.pool, at.key, val)
	}
	return fmt.Errorf("unknown key %q", at.key)
}

// setServer sets one of the server's own keys: its pool, queue and
// duration, its shedding, its tasks server's.
func setServer(sc *engine.Scenario, sys *engine.System, key string, val any) error {
	switch key {
	case "workers":
		n, err := asInt(val)
		if err != nil {
			return err
		}
		sys.Workers = n
		return nil
	case "queue":
		if s, ok := val.(string); ok && s == "unbounded" {
			sys.Queue = engine.QueueUnbounded
			return nil
		}
		n, err := asInt(val)
		if err != nil {
			return fmt.Errorf("%w, or \"unbounded\"", err)
		}
		sys.Queue = n
		return nil
	case "duration":
		d, err := asDuration(val)
		if err != nil {
			return err
		}
		if d <= 0 || d > engine.MaxDuration {
			// Refused here, at the key, in the durations a file takes
			// (as a scenario file's duration is): the scenario's own
			// check words them as Go prints them ("24h0m0s").
			return fmt.Errorf("duration must be above 0 and at most %s, got %s", engine.FormatDuration(engine.MaxDuration), engine.FormatDuration(d))
		}
		if sc.MeasureTo == sc.Duration || sc.MeasureTo > d {
			sc.MeasureTo = d
		}
		sc.Duration = d
		return nil
	}
	if keyIn(shedKeys, key) {
		return setShed(&sys.Shed, key, val)
	}
	return setTasks(sys, key, val)
}

func isEndpointKey(k string) bool { return k == "rate" || k == "interval" || k == "patience" }

func setEndpoint(e *engine.Endpoint, key string, val any) error {
	switch key {
	case "rate":
		f, err := asFloat(val)
		if err != nil {
			return err
		}
		e.Rate, e.Interval = f, 0
	case "interval":
		d, err := asDuration(val)
		if err != nil {
			return err
		}
		e.Interval, e.Rate = d, 0
	case "patience":
		d, err := asDuration(val)
		if err != nil {
			return err
		}
		e.Patience = d
	}
	return nil
}

func setDependency(d *engine.Dependency, key string, val any) error {
	p := &d.Policy
	var err error
	switch key {
	case "timeout":
		p.Timeout, err = asDuration(val)
	case "deadline":
		p.Deadline, err = asDuration(val)
	case "bulkhead":
		p.Bulkhead, err = asInt(val)
	case "bulkhead_kind":
		var s string
		if s, err = asString(val); err == nil {
			switch s {
			case "semaphore":
				p.BulkheadKind = engine.SemaphoreBulkhead
			case "thread-pool":
				p.BulkheadKind = engine.ThreadPoolBulkhead
			default:
				err = fmt.Errorf("bulkhead kind %q is not semaphore or thread-pool", s)
			}
		}
	case "bulkhead_wait":
		p.BulkheadWait, err = asDuration(val)
	case "bulkhead_queue":
		p.BulkheadQueue, err = asInt(val)
	case "fallback":
		var s string
		if s, err = asString(val); err == nil {
			p.Fallback, err = engine.ParseFallback(s)
		}
	case "order":
		list, ok := val.([]any)
		if !ok {
			return fmt.Errorf("order takes a list of layers, such as [\"retry\", \"breaker\", \"timeout\", \"bulkhead\"], got %v", val)
		}
		p.Order = nil
		for _, item := range list {
			s, err := asString(item)
			if err != nil {
				return err
			}
			l, err := engine.ParseLayer(s)
			if err != nil {
				return err
			}
			p.Order = append(p.Order, l)
		}
	case "healthy":
		var b bool
		if b, err = asBool(val); err == nil && b {
			d.Faults = nil
		}
	case "latency.mean", "latency.value", "latency.p50", "latency.p99":
		var v time.Duration
		if v, err = asDuration(val); err == nil {
			switch key {
			case "latency.mean":
				d.Latency = engine.Latency{Kind: engine.Exponential, Mean: v}
			case "latency.value":
				d.Latency = engine.Latency{Kind: engine.Constant, Value: v}
			case "latency.p50":
				d.Latency.Kind, d.Latency.P50 = engine.LogNormal, v
			case "latency.p99":
				d.Latency.Kind, d.Latency.P99 = engine.LogNormal, v
			}
		}
	case "fault.from", "fault.to", "fault.latency", "fault.probability":
		if len(d.Faults) == 0 {
			return fmt.Errorf("dependency %q has no fault to change", d.Name)
		}
		f := &d.Faults[0]
		switch key {
		case "fault.from":
			f.From, err = asDuration(val)
		case "fault.to":
			f.To, err = asDuration(val)
		case "fault.latency":
			f.Latency, err = asDuration(val)
		case "fault.probability":
			f.Probability, err = asFraction(val)
		}
	case "breaker":
		var b bool
		if b, err = asBool(val); err == nil {
			if b {
				return fmt.Errorf("breaker = true says nothing about the breaker: set breaker.window and the other breaker keys (%s)", breakerKeys)
			}
			p.Breaker, p.Fallback = nil, engine.NoFallback
		}
	case "retry":
		var b bool
		if b, err = asBool(val); err == nil {
			if b {
				return fmt.Errorf("retry = true says nothing about the retries: set retry.attempts and the other retry keys (%s)", retryKeys)
			}
			p.Retry = nil
		}
	default:
		switch {
		case strings.HasPrefix(key, "breaker."):
			if p.Breaker == nil {
				p.Breaker = &breaker.Config{}
			} else {
				c := *p.Breaker
				p.Breaker = &c
			}
			return setBreaker(p.Breaker, strings.TrimPrefix(key, "breaker."), val)
		case strings.HasPrefix(key, "retry."):
			if p.Retry == nil {
				p.Retry = &engine.RetryPolicy{Attempts: 1}
			} else {
				r := *p.Retry
				p.Retry = &r
			}
			return setRetry(p.Retry, strings.TrimPrefix(key, "retry."), val)
		}
		return fmt.Errorf("unknown dependency key %q (allowed: %s)", key, dependencyKeys)
	}
	return err
}

func setBreaker(c *breaker.Config, key string, val any) error {
	var err error
	switch key {
	case "preset":
		var name string
		if name, err = asString(val); err == nil {
			var p breaker.Preset
			if p, err = breaker.PresetNamed(name); err == nil {
				*c = p.Config
			}
		}
	case "window":
		c.WindowSize, err = asInt(val)
	case "min_calls":
		c.MinimumCalls, err = asInt(val)
	case "failure_rate":
		c.FailureRate, err = asFraction(val)
	case "open":
		c.OpenFor, err = asDuration(val)
	case "trials":
		c.HalfOpenTrials, err = asInt(val)
	case "slow_duration":
		c.SlowCallDuration, err = asDuration(val)
	case "slow_rate":
		c.SlowCallRate, err = asFraction(val)
	case "consecutive":
		c.MaxConsecutiveFailures, err = asInt(val)
	case "jitter":
		c.OpenJitter, err = asFraction(val)
	case "backoff":
		c.OpenBackoff, err = asFloat(val)
	case "open_max":
		c.OpenMax, err = asDuration(val)
	case "time_window":
		c.Window, c.WindowSize = breaker.TimeWindow, 0
		c.WindowSpan, err = asDuration(val)
	case "buckets":
		c.WindowBuckets, err = asInt(val)
	case "judge_on_failure":
		c.JudgeOnFailure, err = asBool(val)
	case "half_open_rule":
		var s string
		if s, err = asString(val); err == nil {
			err = c.HalfOpenRule.UnmarshalText([]byte(s))
		}
	case "records_refusals": // issue 25: none, bulkhead, ratelimiter or all
		var s string
		if s, err = asString(val); err == nil {
			err = c.RecordsRefusals.UnmarshalText([]byte(s))
		}
	default:
		return fmt.Errorf("unknown breaker key %q (allowed: %s)", key, breakerKeys)
	}
	return err
}

func setRetry(r *engine.RetryPolicy, key string, val any) error {
	var err error
	switch key {
	case "attempts":
		r.Attempts, err = asInt(val)
	case "base":
		r.Backoff.Base, err = asDuration(val)
		if err == nil && r.Backoff.Max < r.Backoff.Base {
			r.Backoff.Max = r.Backoff.Base
		}
	case "max":
		r.Backoff.Max, err = asDuration(val)
	case "budget":
		var s string
		if s, err = asString(val); err == nil {
			switch s {
			case "none":
				r.Budget = engine.NoBudget
			case "token-bucket":
				r.Budget = engine.TokenBucketBudget
			case "concurrency":
				r.Budget = engine.ConcurrencyBudget
			default:
				err = fmt.Errorf("retry budget %q is not none, token-bucket or concurrency", s)
			}
		}
	case "wait_for_breaker":
		r.WaitForBreaker, err = asBool(val)
	case "retry_bulkhead_full":
		r.RetryBulkheadFull, err = asBool(val)
	default:
		return fmt.Errorf("unknown retry key %q (allowed: %s)", key, retryKeys)
	}
	return err
}

// buildShuffle builds the poisoned-customer timeline's configuration for a
// shuffle step: the scenario's fleet, the variant's strategy, overrides.
// It also returns how long the step's timeline runs.
func buildShuffle(spec *SimSpec) (shuffle.SimConfig, time.Duration, error) {
	cfg := shuffle.DefaultSimConfig()
	strategies := shuffle.Strategies()
	if spec.Variant < 0 || spec.Variant >= len(strategies) {
		return cfg, 0, fmt.Errorf("scenario shuffle has variants 0 to %d (the strategies %v), not %d", len(strategies)-1, strategies, spec.Variant)
	}
	cfg.Strategy = strategies[spec.Variant]
	base := cfg
	build := func(set []Override) (shuffle.SimConfig, time.Duration, error) {
		cfg, until := base, DefaultShuffleDuration
		for _, o := range set {
			err := setShuffle(&cfg, &until, o.Key, o.Value)
			if err == nil {
				err = shuffleRange(o.Key, o.Value) // setrange.go
			}
			if err != nil {
				return cfg, 0, fmt.Errorf("set %s: %w", o.Key, namedAs(o.Key, err))
			}
		}
		if _, err := shuffle.New(cfg, spec.Seed); err != nil {
			return cfg, 0, fmt.Errorf("with these overrides the shuffle timeline is not valid: %w", err)
		}
		return cfg, until, nil
	}
	cfg, until, err := build(spec.Set)
	if err != nil && !strings.HasPrefix(err.Error(), "set ") {
		// The timeline's refusal, of the whole: at the key it is about.
		if o, ok := blameOverride(spec.Set, err, func(set []Override) error { _, _, err := build(set); return err }); ok {
			err = fmt.Errorf("set %s: %w", o.Key, err)
		}
	}
	return cfg, until, err
}

// DefaultShuffleDuration is how long a shuffle step's timeline runs unless
// it sets `duration`.
const DefaultShuffleDuration = 20 * time.Second

func setShuffle(cfg *shuffle.SimConfig, until *time.Duration, key string, val any) error {
	var err error
	switch key {
	case "workers":
		cfg.Workers, err = asInt(val)
	case "customers":
		cfg.Customers, err = asInt(val)
	case "per_customer":
		cfg.PerCustomer, err = asInt(val)
	case "max_shared":
		cfg.MaxShared, err = asInt(val)
	case "zones":
		cfg.Zones, err = asInt(val)
	case "duration":
		*until, err = asDuration(val)
		if err == nil && *until <= 0 {
			err = fmt.Errorf("duration must be positive, got %v", *until)
		}
	case "request_every":
		cfg.RequestEvery, err = asDuration(val)
	case "poison_every":
		cfg.PoisonEvery, err = asDuration(val)
	case "poison_from":
		cfg.PoisonFrom, err = asDuration(val)
	case "retry_after":
		cfg.RetryAfter, err = asDuration(val)
	case "crashed_for":
		cfg.CrashedFor, err = asDuration(val)
	case "restart_for":
		cfg.RestartFor, err = asDuration(val)
	default:
		return fmt.Errorf("unknown shuffle key %q (allowed: %s)", key, shuffleKeys)
	}
	return err
}

// Conversions from TOML values, with messages that say what was expected.

func asInt(v any) (int, error) {
	switch n := v.(type) {
	case int64:
		return int(n), nil
	case int:
		return n, nil
	case float64:
		if n == math.Trunc(n) && math.Abs(n) < 1e15 {
			return int(n), nil
		}
	}
	return 0, fmt.Errorf("want a whole number, got %v", describe(v))
}

func asFloat(v any) (float64, error) {
	switch n := v.(type) {
	case int64:
		return float64(n), nil
	case int:
		return float64(n), nil
	case float64:
		return n, nil
	}
	return 0, fmt.Errorf("want a number, got %v", describe(v))
}

// asFraction reads a share written as 0.5 or "50%". A percentage outside
// 0–100 % is no share whatever the key allows, and is refused here, where
// it is read, as a scenario file refuses it: read as 1.5, "150%" was left
// to the engine, which refused the 1.5 in words the user never typed, or
// to the knob's own range, which only [set] checks (SetKnob names the key).
func asFraction(v any) (float64, error) {
	if s, ok := v.(string); ok && strings.HasSuffix(s, "%") {
		lit, err := parseLiteral(s)
		if err != nil {
			return 0, err
		}
		if !(lit.F >= 0 && lit.F <= 1) {
			return 0, &outOfRange{rule: "must be " + scenariofile.PercentAllowed, got: describe(v)}
		}
		return lit.F, nil
	}
	f, err := asFloat(v)
	if err != nil {
		return 0, fmt.Errorf("want a share such as 0.5 or \"50%%\", got %v", describe(v))
	}
	return f, nil
}

func asDuration(v any) (time.Duration, error) {
	s, ok := v.(string)
	if !ok {
		return 0, fmt.Errorf("want a duration in quotes such as \"500ms\" or \"5s\", got %v", describe(v))
	}
	if err := engine.RepeatedUnit(s); err != nil {
		return 0, err // 5s1s, which Go sums to 6s: a slip, not a duration
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("want a duration such as \"500ms\" or \"5s\", got %q", s)
	}
	return d, nil
}

func asString(v any) (string, error) {
	s, ok := v.(string)
	if !ok {
		return "", fmt.Errorf("want a word in quotes, got %v", describe(v))
	}
	return s, nil
}

func asBool(v any) (bool, error) {
	b, ok := v.(bool)
	if !ok {
		return false, fmt.Errorf("want true or false, got %v", describe(v))
	}
	return b, nil
}

func describe(v any) string {
	if s, ok := v.(string); ok {
		return fmt.Sprintf("%q", s)
	}
	return fmt.Sprint(v)
}

func dedupe(s []string) []string {
	seen := map[string]bool{}
	out := s[:0]
	for _, x := range s {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// buildFileScenario parses a lesson's scenario file afresh and applies the
// overrides, as buildScenario does for a built-in.
func buildFileScenario(spec *SimSpec) (*engine.Scenario, error) {
	sc, err := scenariofile.Parse(spec.File.Path, spec.File.Data)
	if err != nil {
		return nil, err
	}
	if spec.Variant < 0 || spec.Variant >= len(sc.Variants) {
		return nil, fmt.Errorf("scenario %s has variants 0 to %d, not %d", spec.Scenario, len(sc.Variants)-1, spec.Variant)
	}
	if err := applySet(sc, spec, func() (*engine.Scenario, error) { return scenariofile.Parse(spec.File.Path, spec.File.Data) }); err != nil {
		return nil, err
	}
	return sc, nil
}

// isScenarioFile tells a scenario file's path from a built-in's name: a
// file ends in .toml.
func isScenarioFile(name string) bool { return strings.HasSuffix(strings.ToLower(name), ".toml") }
