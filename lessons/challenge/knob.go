package challenge

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/lessons"
)

// KnobKind is what a knob's values are.
type KnobKind uint8

const (
	// KnobInt is a whole number (workers, bulkhead, min_calls).
	KnobInt KnobKind = iota + 1
	// KnobNumber is any number (a rate, a backoff factor).
	KnobNumber
	// KnobShare is a fraction from 0 to 1 (failure_rate, jitter).
	KnobShare
	// KnobDuration is a span of time (timeout, open).
	KnobDuration
	// KnobChoice is one of a listed set of values (fallback, order, budget).
	KnobChoice
)

// Knob is one setting the learner may turn, with its range.
type Knob struct {
	Path  string // as in a lesson's [set] table: recommendations.bulkhead
	Label string // what the view calls it; the path when the file gives none
	Kind  KnobKind
	// Min, Max and Step bound a numeric knob, in its unit (seconds for a
	// duration). Step is how far one press moves it.
	Min, Max, Step float64
	// Choices are a choice knob's values, as the file wrote them.
	Choices []any
	// Why explains, by a choice's FormatValue, what it gets wrong: shown
	// when a design with it falls short.
	Why map[string]string
	// WhySource is each choice's why as the file writes it, placeholders
	// and all, for UncheckedTexts: Why holds them filled.
	WhySource map[string]string
	// WhyGoals are, by choice, the labels of the goals its why explains
	// a miss of ([[knobs.why]] goals): the why is shown only when one of
	// them is missed. A why with none is shown whenever the design falls
	// short.
	WhyGoals map[string][]string
	// WhyClaims are, by choice, what its why says of the design it
	// explains ([[knobs.why]] claims): the why is shown only where each
	// holds on every seed of that design.
	WhyClaims map[string][]Goal
	// Ranges explain what a numeric knob's values get wrong, each for the
	// values from its Min to its Max ([[knobs.why]] with min or max): the
	// naive fix a level is about is a number turned too far (a longer
	// timeout, a larger pool, more retries), and a learner who tries it
	// should read that misconception named, not only a goal's figure.
	Ranges []RangeWhy
}

// RangeWhy is a numeric knob's why: what its values from Min to Max (in
// the knob's unit; an end the file leaves open is the knob's own) get
// wrong, and the labels of the goals it explains a miss of.
type RangeWhy struct {
	Min, Max float64
	// Text is filled; Source is as the file writes it, placeholders and
	// all ({{param catalog.fault.latency}}), for UncheckedTexts.
	Text, Source string
	Goals        []string
	// Claims are what the text says of the design it explains, each a
	// goal's form: the why is shown only where all hold on every seed,
	// so that a sentence true of some of its values is not told of the
	// others (a full queue refusing checkouts, where a short bound sheds
	// them first).
	Claims []Goal
}

// WhyOf is what the value v of the knob gets wrong, and the goals whose
// miss it explains (none: whenever the design falls short); ok is false
// when no [[knobs.why]] speaks of v.
func (k *Knob) WhyOf(v any) (text string, goals []string, ok bool) {
	if k.Kind == KnobChoice {
		name := FormatValue(v)
		text, ok = k.Why[name]
		return text, k.WhyGoals[name], ok
	}
	f, isNum := k.number(v)
	if !isNum {
		return "", nil, false
	}
	for _, w := range k.Ranges {
		// The knob's own rounding (a duration to the nanosecond) must not
		// put a value on a why's end outside it.
		if f >= w.Min-1e-9 && f <= w.Max+1e-9 {
			return w.Text, w.Goals, true
		}
	}
	return "", nil, false
}

// whyClaims are the claims of the why that speaks of v, if any: what its
// text says of a design with that value, in a goal's form.
func (k *Knob) whyClaims(v any) []Goal {
	if k.Kind == KnobChoice {
		return k.WhyClaims[FormatValue(v)]
	}
	f, isNum := k.number(v)
	if !isNum {
		return nil
	}
	for _, w := range k.Ranges {
		if f >= w.Min-1e-9 && f <= w.Max+1e-9 {
			return w.Claims
		}
	}
	return nil
}

// The last part of a path decides its kind. Paths not listed here cannot be
// offered in a challenge: the grader must read every knob back from a
// learner's file, and these are the ones it reads.
var knobKinds = map[string]KnobKind{
	"workers": KnobInt, "queue": KnobInt,
	"rate": KnobNumber, "patience": KnobDuration,
	"timeout": KnobDuration, "deadline": KnobDuration,
	"bulkhead": KnobInt, "bulkhead_wait": KnobDuration, "bulkhead_queue": KnobInt,
	"bulkhead_kind": KnobChoice, "fallback": KnobChoice, "order": KnobChoice,
	"breaker.window": KnobInt, "breaker.min_calls": KnobInt, "breaker.failure_rate": KnobShare,
	"breaker.open": KnobDuration, "breaker.trials": KnobInt, "breaker.slow_duration": KnobDuration,
	"breaker.slow_rate": KnobShare, "breaker.consecutive": KnobInt, "breaker.jitter": KnobShare,
	"breaker.backoff": KnobNumber, "breaker.open_max": KnobDuration, "breaker.half_open_rule": KnobChoice,
	"retry.attempts": KnobInt, "retry.base": KnobDuration, "retry.max": KnobDuration, "retry.budget": KnobChoice,
	// The bigger systems' (lessons/knob_services.go): a service's pool,
	// the edges' rate limiters, per-tenant bulkheads and deadlines, and
	// load shedding at a queue.
	"instances":                    KnobInt,
	"balancer":                     KnobChoice,
	"ratelimiter.rate":             KnobInt,
	"ratelimiter.burst":            KnobInt,
	"ratelimiter.per":              KnobDuration,
	"ratelimiter.max_wait":         KnobDuration,
	"ratelimiter.limit_for_period": KnobInt, "ratelimiter.limit_refresh_period": KnobDuration,
	"ratelimiter.timeout_duration": KnobDuration,
	"per_tenant_bulkhead.default":  KnobInt, "per_tenant_bulkhead.shared": KnobInt,
	"per_tenant_bulkhead.shared_per_tenant": KnobInt,
	"propagate_deadline":                    KnobChoice, "cancel": KnobChoice, "deadline_margin": KnobDuration, "min_time_left": KnobDuration,
	"shed.max_wait": KnobDuration, "shed.max_wait.critical": KnobDuration,
	"shed.max_wait.default": KnobDuration, "shed.max_wait.sheddable": KnobDuration,
	// The shuffle lab's fleet.
	"per_customer": KnobInt, "max_shared": KnobInt, "zones": KnobInt, "strategy": KnobChoice, "customers": KnobInt,
}

// knobKeys lists the kinds' keys for messages.
func knobKeys(shuffle bool) string {
	var out []string
	for k := range knobKinds {
		if isShuffleKey(k) == shuffle || (shuffle && k == "workers") {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return strings.Join(out, ", ")
}

func isShuffleKey(k string) bool {
	switch k {
	case "per_customer", "max_shared", "zones", "strategy", "customers":
		return true
	}
	return false
}

// knobKind finds a path's kind: the whole path for the server's keys and
// the shuffle lab's, else what follows the endpoint's or dependency's name.
func knobKind(path string, shuffle bool) (KnobKind, bool) {
	if shuffle {
		if k, ok := knobKinds[path]; ok && (isShuffleKey(path) || path == "workers") {
			return k, true
		}
		return 0, false
	}
	if path == "workers" || path == "queue" {
		return knobKinds[path], true
	}
	if strings.HasPrefix(path, "shed.") {
		k, ok := knobKinds[path] // the front's shedding
		return k, ok
	}
	// ENDPOINT.KEY, DEPENDENCY.KEY, SERVICE.KEY or SERVICE/DEPENDENCY.KEY.
	_, rest, ok := lessons.SplitKnobName(path) // a name may hold dots
	if !ok || isShuffleKey(rest) {
		return 0, false
	}
	k, ok := knobKinds[rest]
	return k, ok
}

// ParseTyped reads what the learner typed into the knob's field: as Parse,
// but a share's bare number reads as the sandbox's knob form (and the
// builder's) reads one typed there: above 1 it is a percentage, so "50"
// is 50 % and "150" is refused as "150%" is, with the range a percentage
// may take; up to 1 it is the share itself; a bare 1 (100 % or 1 %?) is
// asked. The field shows a share as a percentage, and read as a share, a
// "150" typed over it was refused as 15000 %. A saved design (Restore)
// keeps Parse's reading, where a bare number is the share, as a scenario
// file and sweep --vary read one: there "1" is 100 %.
func (k *Knob) ParseTyped(text string) (any, error) {
	if k.Kind != KnobShare {
		return k.Parse(text)
	}
	text = k.withoutNone(strings.TrimSpace(text))
	f, _, err := scenariofile.ParseTypedShare(text)
	if err != nil {
		return nil, k.shareError(err)
	}
	return k.checked(f)
}

// shareError words a refusal of scenariofile.ParseTypedShare with the
// knob's label: "slow share must be from 0% to 100%, got 150%".
func (k *Knob) shareError(err error) error {
	switch {
	case errors.Is(err, scenariofile.ErrShareOneAmbiguous):
		return fmt.Errorf("%s: %w", k.Label, err)
	case errors.Is(err, scenariofile.ErrShareForm):
		return fmt.Errorf("%s takes %w", k.Label, err)
	}
	return fmt.Errorf("%s %w", k.Label, err)
}

// withoutNone is text without the words Format shows beside a zero ("0
// (not set)"), which the view's form starts from, so enter on it keeps
// it; the "(none)" it showed before is read too.
func (k *Knob) withoutNone(text string) string {
	if k.zeroIsNone() {
		for _, words := range []string{"(" + UnsetText + ")", "(none)"} {
			if t, ok := strings.CutSuffix(text, words); ok {
				return strings.TrimSpace(t)
			}
		}
	}
	return text
}

// Parse reads a value as a saved design writes it (FormatValue) or as
// Format shows it, refusing one a scenario file would not take for the
// knob, with the reason: "500ms" or "1m30s" for a duration
// (lessons.ParseDuration, as the sandbox's knob form reads one), "50%" or
// "0.5" for a share (a bare number is the share, as in a file), a whole
// number for a count, a number, or one of the choices as Format writes it.
// What the learner types goes through ParseTyped.
func (k *Knob) Parse(text string) (any, error) {
	text = k.withoutNone(strings.TrimSpace(text))
	switch k.Kind {
	case KnobChoice:
		for _, c := range k.Choices {
			if FormatValue(c) == text || k.Format(c) == text {
				return c, nil
			}
		}
		var names []string
		for _, c := range k.Choices {
			names = append(names, k.Format(c))
		}
		return nil, fmt.Errorf("%s is one of: %s", k.Label, strings.Join(names, "; "))
	case KnobDuration:
		if k.zeroIsNone() && strings.EqualFold(text, "none") {
			return k.checked(0)
		}
		// As a scenario file and the sandbox's knob form read one: Go's
		// syntax ("1m30s" too), with its unit; zero needs none, any other
		// bare number is refused. And as Format writes one, a space
		// before the unit ("600 ms"): the field opens with that text.
		typed := text
		text = spacedDuration.ReplaceAllString(text, "$1$2")
		d, err := lessons.ParseDuration(text)
		if err != nil {
			// The refusal quotes what was typed: "2 minutes" closed up
			// read back as got "2minutes", a text nobody typed. What
			// the space closed up is refused the same way with it.
			if _, typedErr := lessons.ParseDuration(typed); typedErr != nil && typed != text {
				err = typedErr
			}
			// A negative duration is refused by the knob's own range,
			// the rule every value out of it is given ("from 100ms to
			// 10s, got -1s"), not by a rule of its own.
			if neg, perr := time.ParseDuration(text); perr == nil && neg < 0 {
				return k.checked(neg.Seconds())
			}
			// "5s1s" is refused in a sentence of its own, not as what
			// the knob takes.
			var rep *engine.RepeatedUnitError
			if errors.As(err, &rep) {
				return nil, fmt.Errorf("%s: %w", k.Label, err)
			}
			return nil, fmt.Errorf("%s takes %w", k.Label, err)
		}
		return k.checked(d.Seconds())
	case KnobInt:
		if k.zeroIsNone() && strings.EqualFold(text, "none") {
			return k.checked(0)
		}
		n, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%s takes a whole number, as a scenario file writes it, got %q", k.Label, text)
		}
		return k.checked(float64(n))
	case KnobShare:
		if strings.HasSuffix(text, "%") {
			// "150%" is no share whatever the knob's range, and is refused
			// as a scenario file and a lesson's [set] refuse it.
			f, _, err := scenariofile.ParseTypedShare(text)
			if err != nil {
				return nil, k.shareError(err)
			}
			return k.checked(f)
		}
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return nil, fmt.Errorf("%s takes a number, got %q", k.Label, text)
	}
	return k.checked(f)
}

// checked turns a number into the knob's value, refusing one out of range.
func (k *Knob) checked(f float64) (any, error) {
	if math.IsNaN(f) || f < k.Min-1e-9 || f > k.Max+1e-9 {
		return nil, fmt.Errorf("%s must be from %s to %s, got %s", k.Label, k.formatNumber(k.Min), k.formatNumber(k.Max), k.formatNumber(f))
	}
	return k.fromNumber(f), nil
}

// fromNumber is the value a number stands for, in the form a lesson's
// [set] table takes.
func (k *Knob) fromNumber(f float64) any {
	switch k.Kind {
	case KnobInt:
		return int64(math.Round(f))
	case KnobDuration:
		return formatDuration(time.Duration(math.Round(f * 1e9)))
	}
	return f
}

// number reads a numeric knob's value.
func (k *Knob) number(v any) (float64, bool) { return numeric(v) }

// numeric reads a value of a design as a number: a count, a share, or
// seconds for a duration.
func numeric(v any) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case float64:
		return x, true
	case string:
		if d, err := time.ParseDuration(x); err == nil {
			return d.Seconds(), true
		}
	}
	return 0, false
}

// Move moves a value by steps presses (negative: down), clamped to the
// range; a choice knob moves through its choices, wrapping round.
func (k *Knob) Move(v any, steps int) any {
	if k.Kind == KnobChoice {
		i := max(k.choiceIndex(v), 0)
		n := len(k.Choices)
		return k.Choices[((i+steps)%n+n)%n]
	}
	f, ok := k.number(v)
	if !ok {
		f = k.Min
	}
	// A value typed off the grid of steps from Min joins it on the next
	// press: up goes to the next grid point above it, down to the one below.
	g := (f - k.Min) / k.Step
	if steps > 0 {
		g = math.Floor(g+1e-9) + float64(steps)
	} else {
		g = math.Ceil(g-1e-9) + float64(steps)
	}
	return k.fromNumber(min(max(k.Min+g*k.Step, k.Min), k.Max))
}

// valueBeyond is the knob's first value on its grid of steps from Min
// past f: above it (dir +1) or below it (dir -1), f itself left out, as
// a why's above and below end. ok is false when the range has none.
func (k *Knob) valueBeyond(f, dir float64) (float64, bool) {
	g := (f - k.Min) / k.Step
	if dir > 0 {
		g = math.Floor(g+1e-9) + 1
	} else {
		g = math.Ceil(g-1e-9) - 1
	}
	// A bound outside the range leaves all of it on its side.
	v := min(max(k.Min+g*k.Step, k.Min), k.Max)
	return v, (dir > 0 && v > f+1e-9) || (dir < 0 && v < f-1e-9)
}

func (k *Knob) choiceIndex(v any) int {
	s := FormatValue(v)
	for i, c := range k.Choices {
		if FormatValue(c) == s {
			return i
		}
	}
	return -1
}

// Check says whether v is in the knob's range.
func (k *Knob) Check(v any) error {
	if k.Kind == KnobChoice {
		s := FormatValue(v)
		for _, c := range k.Choices {
			if FormatValue(c) == s {
				return nil
			}
		}
		_, err := k.Parse(s)
		return err
	}
	f, ok := k.number(v)
	if !ok {
		return fmt.Errorf("%s has no numeric value (%s)", k.Label, FormatValue(v))
	}
	_, err := k.checked(f)
	return err
}

// UnsetText is what a knob whose zero means none at all reads at zero,
// beside the zero on the knob (Format: "0 s (not set)") and alone as the
// value of a goal on it (GoalResult.Shown): one word for the one state,
// where the knob said "none" and its goal "not set".
const UnsetText = "not set"

// unsetZero is a zero that means none at all, as every challenge text
// writes one (the knob's value, its range, --start's header): "0 s (not
// set)", the word a goal on it shows alone (GoalResult.ShownOn).
func unsetZero(zero string) string { return zero + " (" + UnsetText + ")" }

// Format writes a value as the view shows it: a share as a percentage, and
// a zero that a scenario file reads as none at all as "0 s (not set)" or
// "0 (not set)" (UnsetText): a timeout or deadline of zero waits for ever,
// a bulkhead of zero caps nothing.
func (k *Knob) Format(v any) string {
	if k.Kind == KnobShare {
		if f, ok := k.number(v); ok {
			// The point is moved in the text (report.PercentExact), as a
			// "33.3%" bound was read: 100*0.333 is 33.300000000000004 and
			// 100*0.07 is 7.000000000000001. The share is first cut to 12
			// significant digits, which drops the float noise of a press
			// (0 + 7×0.1 is 0.7000000000000001, shown 70%) and keeps every
			// digit of a knob's step, no finer than 0.001% (100000 steps).
			if r, err := strconv.ParseFloat(strconv.FormatFloat(f, 'g', 12, 64), 64); err == nil {
				f = r
			}
			return report.PercentExact(f)
		}
	}
	text := FormatValue(v)
	if d, ok := k.duration(v); ok {
		text = durationText(d)
	}
	if k.zeroIsNone() {
		if f, ok := k.number(v); ok && f == 0 {
			return unsetZero(text)
		}
	}
	if list, ok := v.([]any); ok {
		// An order of layers reads outermost first, as the label says,
		// not as a Go slice: "breaker→retry→timeout→bulkhead", no wider
		// than the slice's form, for a panel beside the sandbox.
		parts := make([]string, len(list))
		for i, p := range list {
			parts[i] = FormatValue(p)
		}
		return strings.Join(parts, "→")
	}
	return text
}

// duration reads a duration knob's value.
func (k *Knob) duration(v any) (time.Duration, bool) {
	if k.Kind != KnobDuration {
		return 0, false
	}
	x, ok := v.(string)
	if !ok {
		return 0, false
	}
	d, err := time.ParseDuration(x)
	return d, err == nil
}

// durationText writes a duration for the challenge screens: "600 ms",
// "1.5 s", "0 s". A knob's value, its range and step, a goal's window
// and the notes all write durations with it, as the goals' bounds and
// values and the briefs' numbers write theirs (lessons' "dur" format: a
// number, a space, its unit); the knobs wrote Go's "600ms" beside a par
// of "≤ 600 ms". Exact, not rounded as a measured value is: it is also
// the text a knob's field opens with, which Parse reads back.
func durationText(d time.Duration) string {
	switch {
	case d == 0:
		return "0 s"
	case d.Abs() < time.Second:
		return strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', -1, 64) + " ms"
	}
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + " s"
}

// spacedDuration is a duration written as durationText writes it, a
// space between the number and its unit ("600 ms"), which Go's syntax
// does not take.
var spacedDuration = regexp.MustCompile(`^(-?[0-9.]+)\s+([a-zµμ]+)$`)

// zeroIsNone says whether the knob's zero means none at all: a timeout or
// a deadline of 0 is no timeout, no deadline, and a bulkhead of 0 no
// bulkhead (SCHEMA.md), so typing "none" sets it.
func (k *Knob) zeroIsNone() bool {
	switch {
	case k.Kind == KnobDuration:
		return strings.HasSuffix(k.Path, ".timeout") || strings.HasSuffix(k.Path, ".deadline")
	case k.Kind == KnobInt:
		// A per-tenant bulkhead's cap on what one tenant borrows of the
		// overflow: at 0 there is no cap, and one tenant may hold it all.
		return strings.HasSuffix(k.Path, ".bulkhead") || strings.HasSuffix(k.Path, ".shared_per_tenant")
	}
	return false
}

// noneWords is what the knob's zero means, when it means none: "no
// timeout", "no bulkhead".
func (k *Knob) noneWords() string {
	_, key, _ := lessons.SplitKnobName(k.Path)
	if strings.HasSuffix(key, ".shared_per_tenant") {
		return "no cap on what one tenant borrows of the overflow"
	}
	return "no " + key
}

func (k *Knob) formatNumber(f float64) string { return k.Format(k.fromNumber(f)) }

// Range says what the knob allows, for the view and for messages; a range
// of one value is that value ("3", where "3 to 3" read as a span the
// arrows could turn through).
func (k *Knob) Range() string {
	if k.Kind == KnobChoice {
		var names []string
		for _, c := range k.Choices {
			names = append(names, k.Format(c))
		}
		return strings.Join(names, " | ")
	}
	if lo, hi := k.formatNumber(k.Min), k.formatNumber(k.Max); lo != hi {
		return lo + " to " + hi
	}
	return k.formatNumber(k.Min)
}

// FormatValue writes a knob value as a TOML file would hold it, without
// quotes: 24, 0.5, 500ms, cached, [retry breaker timeout bulkhead].
func FormatValue(v any) string {
	switch x := v.(type) {
	case string:
		if d, err := time.ParseDuration(x); err == nil {
			return formatDuration(d)
		}
		return x
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case []any:
		parts := make([]string, len(x))
		for i, p := range x {
			parts[i] = FormatValue(p)
		}
		return "[" + strings.Join(parts, " ") + "]"
	case []string:
		return "[" + strings.Join(x, " ") + "]"
	}
	return fmt.Sprint(v)
}

// formatDuration is time.Duration's own form with the zero units dropped:
// 1.5s, 500ms, 2m0s becomes 2m.
func formatDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// offerable are the knobs of the challenge's scenario that a challenge
// can offer (a kind of knobKind's, on variant 0), what a path it refuses
// is told to write instead: the shuffle lab's are no knob paths.
func (c *Challenge) offerable() []string {
	if c.Scenario == nil || c.Fleet != nil {
		return nil
	}
	var out []string
	for _, p := range lessons.Knobs(c.Scenario, 0) {
		if _, ok := knobKind(p, false); ok {
			out = append(out, p)
		}
	}
	return out
}

// readKnob reads the value a knob has in variant 0 of sc, in the form
// lessons.SetKnob takes, so that setting what was read changes nothing.
func readKnob(sc *engine.Scenario, path string) (any, error) {
	sys := &sc.Variants[0].System
	switch path {
	case "workers":
		return int64(sys.Workers), nil
	case "queue":
		return int64(sys.Queue), nil
	}
	head, rest, _ := lessons.SplitKnobName(path)
	for _, e := range sys.Endpoints {
		if e.Name != head {
			continue
		}
		switch rest {
		case "rate":
			return e.Rate, nil
		case "patience":
			return formatDuration(e.Patience), nil
		}
	}
	for i := range sys.Dependencies {
		d := &sys.Dependencies[i]
		if d.Name != head {
			continue
		}
		p := &d.Policy
		switch rest {
		case "timeout":
			return formatDuration(p.Timeout), nil
		case "deadline":
			return formatDuration(p.Deadline), nil
		case "bulkhead":
			return int64(p.Bulkhead), nil
		case "bulkhead_wait":
			return formatDuration(p.BulkheadWait), nil
		case "bulkhead_queue":
			return int64(p.BulkheadQueue), nil
		case "bulkhead_kind":
			return p.BulkheadKind.String(), nil
		case "fallback":
			return p.Fallback.String(), nil
		case "order":
			order := p.Order
			if order == nil {
				order = engine.DefaultOrder
			}
			out := make([]any, len(order))
			for i, l := range order {
				out[i] = l.String()
			}
			return out, nil
		}
		if b, ok := strings.CutPrefix(rest, "breaker."); ok {
			if p.Breaker == nil {
				return nil, fmt.Errorf("dependency %q has no breaker, so it has no %s", d.Name, rest)
			}
			return readBreaker(p.Breaker, b)
		}
		if r, ok := strings.CutPrefix(rest, "retry."); ok {
			if p.Retry == nil {
				return nil, fmt.Errorf("dependency %q has no retry, so it has no %s", d.Name, rest)
			}
			switch r {
			case "attempts":
				return int64(p.Retry.Attempts), nil
			case "base":
				return formatDuration(p.Retry.Backoff.Base), nil
			case "max":
				return formatDuration(p.Retry.Backoff.Max), nil
			case "budget":
				return p.Retry.Budget.String(), nil
			}
		}
	}
	if v, ok := readMore(sc, path); ok {
		return v, nil
	}
	// A goal's param or a placeholder written with the file's section
	// (services.inventory.workers, dependencies.inventory.timeout) is told
	// the knob's one name, as a [[knobs]] path is, not handed the list of
	// every key: go-inventory's inventory is both a service and a call.
	var offered []string
	for _, p := range lessons.Knobs(sc, 0) {
		if _, ok := knobKind(p, false); ok {
			offered = append(offered, p)
		}
	}
	if fk := lessons.FileKeyRefusal(path, offered, "a challenge"); fk != nil {
		return nil, fk
	}
	return nil, fmt.Errorf("%s has no knob %q that a challenge can read (allowed: workers, queue, ENDPOINT.rate, ENDPOINT.patience, or DEPENDENCY.KEY with KEY one of: %s)", sc.Name, path, knobKeys(false))
}

func readBreaker(c *breaker.Config, key string) (any, error) {
	switch key {
	case "window":
		return int64(c.WindowSize), nil
	case "min_calls":
		return int64(c.MinimumCalls), nil
	case "failure_rate":
		return c.FailureRate, nil
	case "open":
		return formatDuration(c.OpenFor), nil
	case "trials":
		return int64(c.HalfOpenTrials), nil
	case "slow_duration":
		return formatDuration(c.SlowCallDuration), nil
	case "slow_rate":
		return c.SlowCallRate, nil
	case "consecutive":
		return int64(c.MaxConsecutiveFailures), nil
	case "jitter":
		return c.OpenJitter, nil
	case "backoff":
		return c.OpenBackoff, nil
	case "open_max":
		return formatDuration(c.OpenMax), nil
	case "half_open_rule":
		b, err := c.HalfOpenRule.MarshalText()
		return string(b), err
	}
	return nil, fmt.Errorf("a challenge cannot read the breaker's %q", key)
}

// setKnob sets a knob on a scenario through the lessons' parser, the one
// a lesson's [set] table goes through.
func setKnob(sc *engine.Scenario, path string, v any) error {
	return lessons.SetKnob(sc, 0, path, v)
}

// StepText is one press of a numeric knob, written in its unit: "100ms",
// "5 %", "1".
func (k *Knob) StepText() string { return k.formatNumber(k.Step) }

// readMore reads the bigger systems' knobs (a service's workers, an edge
// SERVICE/DEPENDENCY's policy, a rate limiter, per-tenant slots, shedding)
// through lessons.KnobValue, the reader a sweep uses, and the switches
// propagate_deadline and cancel and a service's balancer, which it leaves
// to words.
func readMore(sc *engine.Scenario, path string) (any, bool) {
	head, rest, _ := lessons.SplitKnobName(path)
	if d := findDependency(&sc.Variants[0].System, head); d != nil {
		switch rest {
		case "propagate_deadline":
			return d.Policy.PropagateDeadline, true
		case "cancel":
			return d.Policy.Cancel.String(), true
		}
	}
	if rest == "balancer" {
		for i := range sc.Variants[0].System.Services {
			if s := &sc.Variants[0].System.Services[i]; s.Name == head {
				return s.Balancer.String(), true
			}
		}
	}
	v, ok := lessons.KnobValue(sc, 0, path)
	if !ok {
		return nil, false
	}
	if s, isStr := v.(string); isStr {
		if d, err := time.ParseDuration(s); err == nil {
			return formatDuration(d), true
		}
	}
	return v, true
}

// findDependency finds DEPENDENCY of the front service, or
// SERVICE/DEPENDENCY of another.
func findDependency(sys *engine.System, name string) *engine.Dependency {
	if svc, dep, ok := strings.Cut(name, "/"); ok {
		for i := range sys.Services {
			if sys.Services[i].Name != svc {
				continue
			}
			for j := range sys.Services[i].Dependencies {
				if d := &sys.Services[i].Dependencies[j]; d.Name == dep {
					return d
				}
			}
		}
		return nil
	}
	for i := range sys.Dependencies {
		if d := &sys.Dependencies[i]; d.Name == name {
			return d
		}
	}
	return nil
}
