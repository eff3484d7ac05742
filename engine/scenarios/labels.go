package scenarios

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/report/exact"
)

// grouped writes a whole number with its thousands apart, as every
// screen counts: "one shared pool of 100,000 threads", not 100000.
func grouped(n int) string {
	digits := strconv.Itoa(max(n, -n))
	var b strings.Builder
	if n < 0 {
		b.WriteByte('-')
	}
	for i, d := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(d)
	}
	return b.String()
}

// A built-in variant's name may quote numbers of its system: "one shared
// pool of 200 threads", "timeout 500 ms". A sandbox knob or a lesson's
// override can change those numbers, and then the name must change with
// them. labels builds each such name from the system it describes; the
// constructors' names are exactly these (a test holds them to it), and
// Relabel rebuilds them for an edited copy.
var labels = map[string][]func(*engine.System) string{
	"cascade": {
		func(s *engine.System) string { return "one shared pool of " + grouped(s.Workers) + " threads" },
		func(s *engine.System) string {
			if n := bulkheadOf(s, "recommendations"); n > 0 {
				return "bulkhead: recommendations <= " + grouped(n)
			}
			return "no bulkhead on recommendations"
		},
		nil, // "bulkhead and circuit breaker" quotes no number
	},
	"breaker-timeline": {
		func(s *engine.System) string { return "breaker: " + breakerLabel(s, "dependency") },
	},
	"checkout": {
		func(s *engine.System) string { return timeoutLabel(s, "payment") },
		func(s *engine.System) string { return timeoutLabel(s, "payment") },
		func(s *engine.System) string {
			return timeoutLabel(s, "payment") + ", " + strconv.FormatFloat(rateOf(s, "checkout"), 'f', -1, 64) + " req/s"
		},
		nil, // "protected" quotes no number
		func(s *engine.System) string {
			if n := bulkheadOf(s, "payment"); n > 0 {
				return fmt.Sprintf("%s, bulkhead %d", timeoutLabel(s, "payment"), n)
			}
			return timeoutLabel(s, "payment") + ", no bulkhead"
		},
	},
	"multi-hop": {
		hopTimeoutsLabel,
		hopTimeoutsLabel,
		nil, // "propagated deadlines and cancellation" quotes no number
	},
	"fleet-probes": {
		fleetJitterLabel,
		fleetJitterLabel,
		fleetCooldownLabel,
		fleetCooldownLabel,
	},
	"rate-limit-vs-bulkhead": {
		nil, nil, // "no protection", "rate limiter on the partner"
		func(s *engine.System) string { return "partner burst: " + catalogBulkheadsLabel(s) },
		nil, nil, nil, // "shedding in catalog", "no protection", "rate limiter on the partner"
		func(s *engine.System) string { return "slow catalog: " + catalogBulkheadsLabel(s) },
		nil,
	},
}

// Relabel renames the variants of edited, a changed copy of original,
// whose names original's built-in scenario builds from numbers: the name
// is rebuilt from edited's system. It reports the variants whose systems
// changed but whose names it cannot vouch for, for the caller to mark as
// edited and say what changed: a scenario file's own names, and a built-in
// name that quotes no number when more than numbers changed under it
// ("propagated deadlines and cancellation" is no longer true once a lesson
// sets the database's cancellation to none).
func Relabel(original, edited *engine.Scenario) (stale []int) {
	fns := labels[original.Name]
	var builtin *engine.Scenario
	if b, ok := Lookup(original.Name); ok {
		builtin = b.Build()
	}
	for i := range edited.Variants {
		if i >= len(original.Variants) {
			break
		}
		o, e := &original.Variants[i], &edited.Variants[i]
		var fn func(*engine.System) string
		if i < len(fns) {
			fn = fns[i]
		}
		// Only a name the label built is rebuilt: a teacher's file that
		// calls itself "cascade" keeps the names it chose.
		if fn != nil && e.Name == o.Name && fn(&o.System) == o.Name {
			e.Name = fn(&e.System)
			continue
		}
		// A built-in name that quotes no number ("bulkhead and circuit
		// breaker") stays true while only numbers change under it.
		if fn == nil && builtin != nil && i < len(builtin.Variants) && builtin.Variants[i].Name == o.Name &&
			onlyNumbersDiffer(reflect.ValueOf(o.System), reflect.ValueOf(e.System)) {
			continue
		}
		if !reflect.DeepEqual(o.System, e.System) {
			stale = append(stale, i)
		}
	}
	return stale
}

// worldNotDesign are the fields that say what a design faces (a
// dependency's or a service's faults, a stream's bursts), not what it is:
// a lesson that makes payment healthy leaves "protected" true.
var worldNotDesign = map[string]bool{"Faults": true, "Bursts": true}

// onlyNumbersDiffer reports whether a and b, of one type, differ at most in
// numbers (plain integers and floats and durations), or in the world the
// design faces (worldNotDesign). A mode (an engine enum
// such as CancelMode), a flag, a name, a part added or taken away, or a
// pointer set or cleared is a change of design, which a descriptive name
// may no longer fit.
func onlyNumbersDiffer(a, b reflect.Value) bool {
	switch a.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		if a.Type().PkgPath() == "" || a.Type() == reflect.TypeFor[time.Duration]() {
			// A number that turns from 0 to some, or back, switches a
			// part on or off (no timeout, no bulkhead, no check of the
			// time left): a change of design.
			return a.IsZero() == b.IsZero()
		}
		return a.Equal(b)
	case reflect.Struct:
		for i := range a.NumField() {
			if worldNotDesign[a.Type().Field(i).Name] {
				continue
			}
			if !onlyNumbersDiffer(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Slice, reflect.Array:
		if a.Kind() == reflect.Slice && (a.Len() != b.Len() || a.IsNil() != b.IsNil()) {
			return false
		}
		for i := range a.Len() {
			if !onlyNumbersDiffer(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return onlyNumbersDiffer(a.Elem(), b.Elem())
	case reflect.Map:
		if a.Len() != b.Len() {
			return false
		}
		for _, k := range a.MapKeys() {
			bv := b.MapIndex(k)
			if !bv.IsValid() || !onlyNumbersDiffer(a.MapIndex(k), bv) {
				return false
			}
		}
		return true
	default:
		// Strings, bools, and anything else: equal or a change of design.
		return reflect.DeepEqual(a.Interface(), b.Interface())
	}
}

func bulkheadOf(s *engine.System, dep string) int {
	for i := range s.Dependencies {
		if s.Dependencies[i].Name == dep {
			return s.Dependencies[i].Policy.Bulkhead
		}
	}
	return 0
}

func rateOf(s *engine.System, endpoint string) float64 {
	for i := range s.Endpoints {
		if s.Endpoints[i].Name == endpoint {
			return s.Endpoints[i].Rate
		}
	}
	return 0
}

func timeoutLabel(s *engine.System, dep string) string {
	for i := range s.Dependencies {
		if d := &s.Dependencies[i]; d.Name == dep && d.Policy.Timeout > 0 {
			return "timeout " + durationLabel(d.Policy.Timeout)
		}
	}
	return "no timeout"
}

// breakerLabel sums up a breaker's rules: "window 10, 50 %, open 15 s,
// 2 trials".
func breakerLabel(s *engine.System, dep string) string {
	var c *breaker.Config
	for i := range s.Dependencies {
		if s.Dependencies[i].Name == dep {
			c = s.Dependencies[i].Policy.Breaker
		}
	}
	if c == nil {
		return "none"
	}
	var parts []string
	switch {
	case c.Window == breaker.TimeWindow:
		parts = append(parts, "window "+durationLabel(c.WindowSpan))
	case c.WindowSize > 0:
		parts = append(parts, fmt.Sprintf("window %d", c.WindowSize))
	}
	// report.PercentExact's rule ("7%", not 100*0.07's
	// "7.000000000000001%"), from exact: report's tests import this
	// package, so importing report here is a cycle.
	if c.FailureRate > 0 {
		parts = append(parts, exact.Percent(c.FailureRate))
	}
	if c.SlowCallRate > 0 {
		parts = append(parts, exact.Percent(c.SlowCallRate)+" slow")
	}
	if n := c.MaxConsecutiveFailures; n > 0 {
		parts = append(parts, fmt.Sprintf("%d failures in a row", n+1))
	}
	parts = append(parts, "open "+durationLabel(c.OpenFor))
	if c.HalfOpenTrials == 1 {
		parts = append(parts, "1 trial")
	} else {
		parts = append(parts, fmt.Sprintf("%d trials", c.HalfOpenTrials))
	}
	return strings.Join(parts, ", ")
}

// durationLabel writes "500 ms", "15 s", "1.5 s".
func durationLabel(d time.Duration) string {
	if d < time.Second && d%time.Millisecond == 0 {
		return strconv.FormatInt(d.Milliseconds(), 10) + " ms"
	}
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + " s"
}

// hopTimeoutsLabel names the timeouts down a chain of services: "no
// timeouts", "timeout 1 s at each hop", or each hop's in calling order
// ("timeouts 1 s, 500 ms, none down the chain") once a knob sets them
// apart.
func hopTimeoutsLabel(s *engine.System) string {
	var hops []time.Duration
	for i := range s.Dependencies {
		hops = append(hops, s.Dependencies[i].Policy.Timeout)
	}
	for i := range s.Services {
		for j := range s.Services[i].Dependencies {
			hops = append(hops, s.Services[i].Dependencies[j].Policy.Timeout)
		}
	}
	same := true
	for _, t := range hops {
		same = same && t == hops[0]
	}
	switch {
	case len(hops) == 0 || same && hops[0] == 0:
		return "no timeouts"
	case same:
		return "timeout " + durationLabel(hops[0]) + " at each hop"
	}
	parts := make([]string, len(hops))
	for i, t := range hops {
		parts[i] = "none"
		if t > 0 {
			parts[i] = durationLabel(t)
		}
	}
	return "timeouts " + strings.Join(parts, ", ") + " down the chain"
}

// fleetBreaker is the breaker each api instance keeps on its calls to the
// provider in fleet-probes.
func fleetBreaker(s *engine.System) *breaker.Config {
	for i := range s.Services {
		for j := range s.Services[i].Dependencies {
			if d := &s.Services[i].Dependencies[j]; d.Name == "provider" {
				return d.Policy.Breaker
			}
		}
	}
	return nil
}

// fleetJitterLabel: "no jitter", "jitter 50 %".
func fleetJitterLabel(s *engine.System) string {
	b := fleetBreaker(s)
	if b == nil {
		return "no breakers"
	}
	if b.OpenJitter == 0 {
		return "no jitter"
	}
	return "jitter " + exact.Percent(b.OpenJitter)
}

// fleetCooldownLabel sets the breakers' cooldown against the provider's
// restart: "cooldown 2 s, shorter than the restart".
func fleetCooldownLabel(s *engine.System) string {
	b := fleetBreaker(s)
	if b == nil {
		return "no breakers"
	}
	var restart time.Duration
	for i := range s.Services {
		if sv := &s.Services[i]; sv.Name == "provider" && len(sv.Faults) > 0 {
			restart = sv.Faults[0].To - sv.Faults[0].From
		}
	}
	than := "as long as"
	switch {
	case b.OpenFor < restart:
		than = "shorter than"
	case b.OpenFor > restart:
		than = "longer than"
	}
	return "cooldown " + durationLabel(b.OpenFor) + ", " + than + " the restart"
}

// catalogBulkheadsLabel names the bulkheads on the two calls into the
// catalog: "bulkheads of 30", or each ("bulkheads of 30 and 20") once a
// knob sets them apart.
func catalogBulkheadsLabel(s *engine.System) string {
	a, b := bulkheadOf(s, "search-catalog"), bulkheadOf(s, "partner-catalog")
	word := func(n int) string {
		if n == 0 {
			return "none"
		}
		return strconv.Itoa(n)
	}
	switch {
	case a == b && a == 0:
		return "no bulkheads"
	case a == b:
		return "bulkheads of " + strconv.Itoa(a)
	}
	return "bulkheads of " + word(a) + " (search) and " + word(b) + " (partner)"
}
