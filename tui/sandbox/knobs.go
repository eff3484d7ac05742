package sandbox

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/lessons"
	kform "github.com/breakerlab/breakerlab/tui/internal/form"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// The knob form: the scenario's numbers a learner may change, refused
// inline when they do not parse or do not make a valid scenario, and
// applied to a copy of the scenario, so the run on screen stays until a
// good setting replaces it.

type valueKind uint8

const (
	kindInt        valueKind = iota // a whole number ≥ 0
	kindRate                        // requests per second ≥ 0
	kindDuration                    // "5s", "250ms", or 0; never a bare number else
	kindUntil                       // a duration, or empty for "until the end"
	kindPercent                     // "50%", "50" or "0.5"
	kindQueue                       // a whole number, or -1 / "unbounded" for no limit
	kindYesNo                       // "yes" or "no"
	kindCancel                      // "yes" (propagate) or "no" (none)
	kindDialRunsOn                  // "yes" (a pool's abandoned_dial finish, Go's) or "no" (cancel)
	kindBudget                      // a retry budget: "none", "token-bucket" or "concurrency"
	kindSlots                       // a tenant's own slots: a whole number ≥ 0, or empty for the default's
	kindBreaker                     // a call's breaker to add: "none", or a library's defaults by its preset's name
)

// slotsDefault is a kindSlots field's value left empty: the tenant has
// the default's slots, not its own.
const slotsDefault = -1

// slotsRange is a tenant's own slots as the engine bounds them.
var slotsRange = "0 to " + pane.Count(engine.MaxTenantSlots)

// knob is one field of the form.
type knob struct {
	label, hint string
	kind        valueKind
	input       kform.Field
	err         string
	// why is the message line's words for the refusal err marks, when
	// the mark beside the field names only the limit (knobs_refusal.go).
	why string
	// initial is the text the field was filled with: the knob's exact
	// value on the form's variant. A field still holding it is not written
	// back, so enter without an edit leaves the scenario as it was, even
	// where a field set on every variant shows one variant's value of a
	// knob the variants differ in (checkout's traffic, go-server's per-host
	// connections).
	initial string
	// set writes the parsed value into the scenario copy.
	set func(sc *engine.Scenario, v value)
	// matches picks out the scenario errors that belong to this field.
	matches []string
	// broad picks out the errors of the part the field belongs to (its
	// breaker) that no field's matches claim: every field of that part
	// is marked for them, as none is singled out.
	broad string
	// lo and hi bound a number (limited): the hint states the range and a
	// value outside it is refused with the same words, so the two agree.
	limited bool
	lo, hi  float64
	// upTo, when set, is the top of the range instead of hi: another
	// field's value as the form would apply it, which the same edit may
	// change (a breaker's minimum calls, at most its window), and false
	// when that field's own text is refused, its refusal then saying
	// enough. upToWords names that field in the range: "the window".
	upTo      func() (int, bool)
	upToWords string
	// path is the knob's [set] path when the field is written through
	// lessons.SetKnob (a service's knobs); changes names the field by it.
	path string
	// cut are the characters a paste typed past the field's limit
	// (kform.Limit) since its text last changed: the text is then not all
	// that was typed, so the field says so (knob.cutNote) and enter
	// refuses it until it is edited.
	cut []rune
	// absent names the layer the field shows that the call does not have
	// yet ("retry"): the form shows the value that means none, which no
	// [set] path reads; a sweep of it starts from that layer at one
	// attempt (openSweep).
	absent string
	// readAt is the [set] path the value of a field not written by path
	// reads at (an endpoint's patience), so that an edit which hides the
	// field (patience 0) is still told by its value (form.hiddenText).
	readAt string
	// moment says the field is a moment of the run (a fault's start or
	// end), not a length of time: an edit's mark writes it as the run's
	// notes write a time (knob.longText).
	moment bool
	// runLen is, for a moment, how long the run's traffic lasts: its
	// top (hi) is engine.LatestFaultMoment of it, and a refusal past the
	// top says so in the engine's words (rangeWhy).
	runLen time.Duration
	// surge says the moment is a burst's (a surge of an endpoint's
	// traffic), whose top is engine.LatestSurgeMoment, the traffic's end:
	// a burst has no drain to run on into, as a fault has.
	surge bool
	// openEnd, set on a fault's start, reports that its until is empty:
	// the fault then lasts to the run's end, so it must start before
	// that end, and the hint says so (openHint) where it said "at most
	// 1m30s", the top with an end given, and cascade's hang moved to 45s
	// was refused "before 30s".
	openEnd  func() bool
	openHint string
	// said, when set, names the field in an edit's mark in place of its
	// label: a fault's "  until" without a [set] path read "until 31s",
	// which does not say whose fault ends then ("db slow until 31s").
	said string
}

// noMax is a range's hi for a number with no upper limit.
const noMax = math.MaxFloat64

// rangeText words a knob's range, as its hint and its refusal both say it.
func (k *knob) rangeText() string {
	if k.upToWords != "" {
		if k.lo == 0 {
			// "0 to the window" beside "0: the whole window" read as two
			// meanings of 0.
			return "at most " + k.upToWords
		}
		return pane.Count(int64(k.lo)) + " to " + k.upToWords
	}
	if k.hi == noMax {
		return pane.Count(int64(k.lo)) + " or more"
	}
	if k.moment {
		// From 0 goes without saying of a moment of the run, and an
		// until's empty text is no 0.
		return "at most " + durText(time.Duration(k.hi))
	}
	if k.kind == kindQueue {
		return "-1: no limit, or " + pane.Count(int64(k.lo)) + " to " + pane.Count(int64(k.hi))
	}
	if k.isTime() {
		return durText(time.Duration(k.lo)) + " to " + durText(time.Duration(k.hi))
	}
	num := func(f float64) string {
		if f == math.Trunc(f) {
			return pane.Count(int64(f))
		}
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	return num(k.lo) + " to " + num(k.hi)
}

// hintNow is the hint as the form draws it: a range up to another field
// ends with that field's value as the form would apply it, "at most the
// window (20)", so that the minimum calls' "0: the whole window" reads as
// the number the breaker pane shows ("min 20").
func (k *knob) hintNow() string {
	if k.openEnd != nil && k.openEnd() {
		return k.openHint
	}
	if k.upTo != nil {
		if most, ok := k.upTo(); ok {
			return k.hint + " (" + pane.Count(int64(most)) + ")"
		}
	}
	return k.hint
}

// rangeIn is the tail of hint (hintNow's) that says the values k takes,
// for the form to set apart where the line is short: a bounded number's
// range, which the hint ends with (limit, limitLast, limitMoments,
// openHint), or a yes or no; "" for a hint with no such tail.
func (k *knob) rangeIn(hint string) string {
	if !k.limited && k.kind != kindYesNo && k.kind != kindCancel {
		return ""
	}
	if i := strings.LastIndex(hint, "; "); i >= 0 {
		return hint[i+2:]
	}
	if k.limited {
		return hint
	}
	return ""
}

// isTime says k's value is a length of time or a moment, whose range
// (lo and hi) is in nanoseconds and is written as a duration.
func (k *knob) isTime() bool { return k.kind == kindDuration || k.kind == kindUntil }

// number is v as k's range measures it: a rate's requests a second, a
// time's nanoseconds, else the whole number.
func (k *knob) number(v value) float64 {
	switch {
	case k.kind == kindRate:
		return v.f
	case k.isTime():
		return float64(v.d)
	}
	return float64(v.n)
}

// check refuses a parsed number outside the knob's range.
func (k *knob) check(v value) error {
	if !k.limited {
		return nil
	}
	x := k.number(v)
	if (k.kind == kindQueue && v.n == engine.QueueUnbounded) || (k.kind == kindSlots && v.n == slotsDefault) {
		return nil
	}
	if x < k.lo || x > k.hi {
		return fmt.Errorf("want %s", k.rangeText())
	}
	if k.upTo != nil {
		if most, ok := k.upTo(); ok && x > float64(most) {
			return fmt.Errorf("want %s (%s)", k.rangeText(), pane.Count(int64(most)))
		}
	}
	return nil
}

// value is a parsed field.
type value struct {
	n int
	f float64
	d time.Duration
}

// form is the open knob form.
type form struct {
	th      *theme.Theme
	knobs   []knob
	section []int    // index of the first knob of each section
	titles  []string // the sections' titles
	// parts names the part of the system each section sets: "" the front
	// service, "inventory" a service, "/inventory" a call of the front,
	// "inventory/database" a call of a service (knobs_focus.go).
	parts []string
	focus int
	// entry makes a field the cursor comes to stand selected, so that
	// what is typed replaces its value: 1s typed into a timeout holding
	// 5s made 5s1s, which Go reads as 6 s.
	entry kform.Entered
	// err is the message line: a refusal of the fields marked (sayRefused
	// writes it from them), or a message of no field (a run over its
	// budget), which stays until the next enter.
	err string
	// ofMarks says err is of the fields marked refused, and follows them
	// as they are mended (sayRefused).
	ofMarks bool
	// said is the scenario's own complaint when it is what marked the
	// fields ("refused: see below"): the message line while one of them
	// is still marked. "" when the fields refused their own texts.
	said string
	// tail ends a message naming a field refused: what enter left as it
	// was ("the run on screen is unchanged").
	tail string
	// checked is the scenario the last build applied the fields to, which
	// an edit checks them against again while its complaint is the
	// message line (recheckScenario).
	checked *engine.Scenario
	variant int
	// builtIn is the scenario as the sandbox opened it, for what the form
	// has no field for but an edit may need back (restoreRestart); nil
	// where no such scenario is kept (the builder's form).
	builtIn *engine.Scenario
	// source is the scenario the fields were filled from, which holds the
	// value of a field this form does not show (form.hiddenText).
	source *engine.Scenario
}

// focusDependency is the dependency the knobs act on first: the first
// with a fault and a breaker, else with a fault and a bulkhead (a file
// written with a fault injected into another call has the design's call
// first still), else with a fault, else the first with a breaker, else
// with a bulkhead, else the first.
func focusDependency(sys *engine.System) int {
	for _, pick := range []func(d *engine.Dependency) bool{
		func(d *engine.Dependency) bool { return len(d.Faults) > 0 && d.Policy.Breaker != nil },
		func(d *engine.Dependency) bool { return len(d.Faults) > 0 && d.Policy.Bulkhead > 0 },
		func(d *engine.Dependency) bool { return len(d.Faults) > 0 },
		func(d *engine.Dependency) bool { return d.Policy.Breaker != nil },
		func(d *engine.Dependency) bool { return d.Policy.Bulkhead > 0 },
	} {
		for i := range sys.Dependencies {
			if pick(&sys.Dependencies[i]) {
				return i
			}
		}
	}
	if len(sys.Dependencies) > 0 {
		return 0
	}
	return -1
}

func newForm(th *theme.Theme, sc *engine.Scenario, variant int) *form {
	f := &form{th: th, variant: variant, tail: "the run on screen is unchanged"}
	f.fill(sc)
	return f
}

// fill gives f, which has none yet, the fields of its variant of sc,
// holding sc's values. The fields' setters may call on f (a breaker's
// minimum calls reads its window's field, a memory limit restores the
// restart time from builtIn), so a form refilled in place (reset) is
// built by fill on itself, never copied from another form.
func (f *form) fill(sc *engine.Scenario) {
	f.source = sc
	sys := &sc.Variants[f.variant].System
	f.addServer(sys)
	f.addFrontFaults(sys)
	f.addFrontCalls(sys)
	f.addServices(sys)
	f.limitMoments(sc.Duration)
}

// limitMoments bounds every fault's start and end the form shows by the
// one top the engine holds them to, engine.LatestFaultMoment of the run's
// length (the form has no field for that length): a fault may run on
// into the drain, and no further. A start or end of 10 years was taken
// and changed nothing.
func (f *form) limitMoments(runLen time.Duration) {
	for i := range f.knobs {
		k := &f.knobs[i]
		if !k.moment {
			continue
		}
		top := engine.LatestFaultMoment(runLen)
		if k.surge {
			top = engine.LatestSurgeMoment(runLen)
		}
		k.limited, k.lo, k.hi, k.runLen = true, 0, float64(top), runLen
		if until := i + 1; !k.surge && k.kind != kindUntil && until < len(f.knobs) && f.knobs[until].kind == kindUntil {
			k.openHint = k.hint + "; before " + durText(runLen) // one line at 80 columns: the until below says "empty: to the end"
			k.openEnd = func() bool { return strings.TrimSpace(f.knobs[until].input.Value()) == "" }
		}
		k.hint += "; " + k.rangeText()
	}
}

// addServer appends the form's front part: the server and its traffic.
func (f *form) addServer(sys *engine.System) {
	add := func(label, hint string, kind valueKind, initial string, set func(*engine.Scenario, value), matches ...string) {
		f.knobs = append(f.knobs, knob{label: label, hint: hint, kind: kind, input: newField(initial, kind), initial: initial, set: set, matches: matches})
	}
	// limit bounds the knob just added and states the bounds in its hint.
	limit := func(lo, hi float64) {
		k := &f.knobs[len(f.knobs)-1]
		k.limited, k.lo, k.hi = true, lo, hi
		if k.hint == "" {
			k.hint = k.rangeText()
		} else {
			k.hint += "; " + k.rangeText()
		}
	}
	every := func(sc *engine.Scenario, fn func(sys *engine.System)) {
		for i := range sc.Variants {
			fn(&sc.Variants[i].System)
		}
	}

	f.newSection("The server and its traffic (every variant)", "")
	if sys.Tasks != nil {
		f.addTasks(sys) // knobs_tasks.go: no workers, no accept queue
	} else {
		add("workers", "pool size", kindInt, strconv.Itoa(sys.Workers),
			func(sc *engine.Scenario, v value) { every(sc, func(s *engine.System) { s.Workers = v.n }) }, "workers")
		limit(1, engine.MaxWorkers)
		add("accept queue", "waiting for a free worker; 0: none, refused when all are busy", kindQueue, queueText(sys.Queue),
			func(sc *engine.Scenario, v value) { every(sc, func(s *engine.System) { s.Queue = v.n }) }, "queue")
		limit(0, engine.MaxQueue)
	}
	f.addShed("", sys.Shed, "shed")
	onEndpoint := func(name string, fn func(e *engine.Endpoint, v value)) func(*engine.Scenario, value) {
		return func(sc *engine.Scenario, v value) {
			every(sc, func(s *engine.System) {
				for i := range s.Endpoints {
					if s.Endpoints[i].Name == name {
						fn(&s.Endpoints[i], v)
					}
				}
			})
		}
	}
	for _, e := range sys.Endpoints {
		name := e.Name
		if e.Rate > 0 {
			add(name+" rate", "requests a second", kindRate, strconv.FormatFloat(e.Rate, 'f', -1, 64),
				onEndpoint(name, func(e *engine.Endpoint, v value) { e.Rate = v.f }), "endpoint \""+name+"\"")
			limit(0, engine.MaxRate)
			f.knobs[len(f.knobs)-1].readAt = name + ".rate"
		}
		if e.Patience > 0 {
			// The client's side of every timeout: a sweep of it forks
			// (engine/fork_patience.go) while no client has given up.
			add(name+" patience", "the client waits; 0: for ever", kindDuration, durText(e.Patience),
				onEndpoint(name, func(e *engine.Endpoint, v value) { e.Patience = v.d }), "endpoint \""+name+"\"")
			limit(0, float64(engine.MaxDuration))
			f.knobs[len(f.knobs)-1].readAt = name + ".patience"
		}
		for bi, b := range e.Bursts {
			// A scripted burst's span: its moments, held to the
			// traffic's end by limitMoments. The first has a [set]
			// path, so a sweep can take it; later ones, as a fault's
			// past the first, are set in place.
			match := fmt.Sprintf("endpoint %q: burst %d", name, bi+1)
			if bi == 0 {
				f.addPath(name+" burst from", "when it starts", kindDuration, durText(b.From), name+".burst.from", true, match)
				f.addPath("  until", "when it ends", kindDuration, durText(b.To), name+".burst.to", true, match)
				continue
			}
			onBurst := func(fn func(b *engine.Burst, v value)) func(*engine.Scenario, value) {
				return onEndpoint(name, func(e *engine.Endpoint, v value) {
					if bi < len(e.Bursts) {
						fn(&e.Bursts[bi], v)
					}
				})
			}
			add(fmt.Sprintf("%s burst (%d) from", name, bi+1), "when it starts", kindDuration, durText(b.From), onBurst(func(b *engine.Burst, v value) { b.From = v.d }), match)
			f.knobs[len(f.knobs)-1].moment, f.knobs[len(f.knobs)-1].surge = true, true
			add("  until", "when it ends", kindDuration, durText(b.To), onBurst(func(b *engine.Burst, v value) { b.To = v.d }), match)
			f.knobs[len(f.knobs)-1].moment, f.knobs[len(f.knobs)-1].surge = true, true
			f.knobs[len(f.knobs)-1].said = untilSaid(fmt.Sprintf("%s burst (%d) from", name, bi+1)) // "until 28s" named no burst
		}
	}
}

func verbOf(k engine.FaultKind) string {
	switch k {
	case engine.Hang:
		return "hangs"
	case engine.Slow:
		return "slow"
	case engine.Error:
		return "errors"
	case engine.Unreachable:
		return "unreachable"
	}
	return k.String()
}

// queueText writes an accept queue's capacity the way the form reads it.
func queueText(n int) string {
	if n == engine.QueueUnbounded {
		return "-1"
	}
	return strconv.Itoa(n)
}

// durText writes a duration the way the form reads it back, in the largest
// units that keep it exact (engine.FormatDuration: "12h5m10.5s", "2m",
// "500ms"), as a scenario file writes it: a fault of a day-long run would
// otherwise read "43510500ms", which no one checks at a glance. Zero is "0",
// the hints' word for none or for ever.
func durText(d time.Duration) string {
	if d == 0 {
		return "0"
	}
	return engine.FormatDuration(d)
}

// parse reads one field's text.
func parse(kind valueKind, text string) (value, error) {
	s := strings.TrimSpace(text)
	switch kind {
	case kindInt:
		// Digits only: Atoi reads "+5" too, which the form never writes.
		n, err := strconv.Atoi(s)
		if err != nil || !digitsRE.MatchString(s) {
			return value{}, fmt.Errorf("a whole number, 0 or more")
		}
		return value{n: n}, nil
	case kindSlots:
		if s == "" || s == lessons.TenantSlotsDefault {
			return value{n: slotsDefault}, nil
		}
		n, err := strconv.Atoi(s)
		if err == nil && digitsRE.MatchString(strings.TrimPrefix(s, "-")) && n < 0 {
			// The engine's range, in its words ("between 0 and 100,000").
			return value{}, fmt.Errorf("%s, or empty for the default", slotsRange)
		}
		if err != nil || !digitsRE.MatchString(s) {
			return value{}, fmt.Errorf("a whole number, %s, or empty for the default", slotsRange)
		}
		return value{n: n}, nil
	case kindQueue:
		if s == "unbounded" || s == "-1" {
			return value{n: engine.QueueUnbounded}, nil
		}
		n, err := strconv.Atoi(s)
		if err == nil && !digitsRE.MatchString(strings.TrimPrefix(s, "-")) {
			err = strconv.ErrSyntax // "+5"
		}
		if err == nil && n < 0 {
			// "-5" is a whole number: "a whole number, or -1 for no
			// limit" refused it in words it met.
			return value{}, fmt.Errorf("0 or more, or -1 for no limit")
		}
		if err != nil {
			return value{}, fmt.Errorf("a whole number, or -1 for no limit")
		}
		return value{n: n}, nil
	case kindRate:
		// A plain decimal only (plainDecimalRE): not "1e3", "NaN" or "Inf".
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || !plainDecimalRE.MatchString(s) {
			return value{}, fmt.Errorf("a number of requests a second, 0 or more")
		}
		return value{f: f}, nil
	case kindUntil:
		if s == "" || s == "end" {
			return value{}, nil
		}
		fallthrough
	case kindDuration:
		d, err := parseDuration(s)
		if err != nil {
			return value{}, err
		}
		return value{d: d}, nil
	case kindYesNo, kindCancel, kindDialRunsOn:
		// cancel and abandoned_dial read their file words too
		// (propagate, none; finish, cancel).
		switch strings.ToLower(s) {
		case "yes", "true", "on", "propagate", "finish":
			return value{n: 1}, nil
		case "no", "false", "off", "none", "cancel":
			return value{n: 0}, nil
		}
		return value{}, fmt.Errorf("yes or no")
	case kindBudget:
		for _, b := range []engine.BudgetKind{engine.NoBudget, engine.TokenBucketBudget, engine.ConcurrencyBudget} {
			if strings.EqualFold(s, b.String()) {
				return value{n: int(b)}, nil
			}
		}
		return value{}, fmt.Errorf("none, token-bucket or concurrency")
	case kindBreaker:
		if strings.EqualFold(s, "none") {
			return value{}, nil
		}
		ps := breaker.Presets()
		for i, p := range ps {
			if strings.EqualFold(s, p.Name) {
				return value{n: i + 1}, nil
			}
		}
		return value{}, errors.New(breakerTakes())
	case kindPercent:
		// The shares the form edits are a breaker's rates, which a
		// scenario file takes from 0, the rule switched off
		// (breaker.FailureRateAllowed), to 1: the form takes the same, and
		// leaves "0 only beside another rule" to the engine's check, which
		// words it as the file's refusal does. "50", "50%" and "0.5" are
		// one share, "1" is asked about (one rule with a challenge's knob).
		// The number is a plain decimal, as a rate's is (plainDecimalRE):
		// ParseTypedShare reads "1e3" as 1000 %. A minus is let by, for
		// ParseTypedShare to refuse "-5" as the percentage out of range
		// it is.
		num, _ := strings.CutSuffix(s, "%")
		if !plainDecimalRE.MatchString(strings.TrimPrefix(strings.TrimSpace(num), "-")) {
			return value{}, scenariofile.ErrShareForm
		}
		f, _, err := scenariofile.ParseTypedShare(s)
		if err != nil {
			return value{}, err
		}
		return value{f: f}, nil
	}
	return value{}, errors.New("unknown field")
}

// parseDuration reads a duration as every form reads it
// (lessons.ParseDuration): "5s", "250ms" or "1m30s", with its unit, since
// "200" for a timeout meant as 200 ms would otherwise run with 200 s; "0",
// which the hints give for none or for ever, needs none. A unit named
// twice ("5s1s", a value typed onto the end of another) is refused there
// too (engine.RepeatedUnit): Go reads it as 6s, and the run took it
// silently.
func parseDuration(s string) (time.Duration, error) {
	return lessons.ParseDuration(s)
}

// build parses every field into a copy of sc. It returns nil and marks the
// fields when a value is refused.
func (f *form) build(sc *engine.Scenario) *engine.Scenario {
	c := cloneScenario(sc)
	ok := true
	f.err, f.said, f.ofMarks, f.checked = "", "", false, sc
	for i := range f.knobs {
		k := &f.knobs[i]
		v, err := k.refused()
		k.markOwn(v, err)
		if err != "" {
			ok = false
			continue
		}
		if strings.TrimSpace(k.input.Value()) == strings.TrimSpace(k.initial) {
			continue // unedited: the copy holds the value already (knob.initial)
		}
		k.set(c, v)
	}
	if !ok {
		f.ofMarks = true
		f.focusRefused()
		f.selectRefused()
		return nil
	}
	f.settleDeadlines(c) // knobs_deadline.go: what an edit hides, it clears
	if err := c.Validate(); err != nil {
		msg := err.Error()
		f.err = msg
		if !f.blameOther(sc, c, msg) {
			f.markRefused(msg)
			if at := f.firstNamed(msg); at >= 0 {
				f.focus = at // focusRefused keeps a marked focus
			}
			f.scenarioWords(msg)
		}
		if f.refusedCount() > 0 {
			// The complaint is of the fields marked (blameOther's words
			// for workers, else the scenario's own): it is the message
			// line while one of them is still marked.
			f.said, f.ofMarks = f.err, true
			f.focusRefused()
		}
		f.selectRefused()
		return nil
	}
	return c
}

// refused is k's text as a value, and why that text is refused on its
// own, before the scenario is ("" when it is not): a paste cut short, a
// text that is no value of its kind, a value out of its range.
func (k *knob) refused() (value, string) {
	v, err := parse(k.kind, k.input.Value())
	switch {
	case len(k.cut) > 0:
		// The text is not all that was typed: it is no value to run.
		return v, k.cutNote()
	case err == nil:
		if err := k.check(v); err != nil {
			return v, err.Error()
		}
		return v, ""
	default:
		// The text stays as typed; the refusal quotes it and says what
		// the field takes (knobs_takes.go).
		return v, k.refusal(k.input.Value(), err)
	}
}

// firstNamed is the marked field whose words come first in the
// scenario's refusal msg, or -1: the field the message is of (the
// cursor's, of two named at one place). A refusal
// of two ("profile-db": bulkhead ... the pool's 30 workers) marks both,
// and the cursor stayed on workers, the field edited last, while the
// bulkhead the message names sat off-screen.
func (f *form) firstNamed(msg string) int {
	first, at := -1, len(msg)
	for i := range f.knobs {
		if f.knobs[i].err == "" {
			continue
		}
		for _, m := range f.knobs[i].matches {
			// Of two fields named at one place (a breaker's window
			// and minimum both match "breaker minimum calls"), the
			// cursor's stays.
			if k := strings.Index(msg, m); k >= 0 && (k < at || k == at && i == f.focus) {
				first, at = i, k
			}
		}
	}
	return first
}

// markRefused marks the fields the scenario's refusal msg speaks of: those
// whose matches it holds, else, when it is of a part whose fields none of
// them claims (a breaker's rule no field sets), every field of that part.
func (f *form) markRefused(msg string) {
	marked := false
	for i := range f.knobs {
		for _, m := range f.knobs[i].matches {
			if strings.Contains(msg, m) {
				f.knobs[i].err, f.knobs[i].why = "refused: see below", ""
				marked = true
			}
		}
	}
	if marked {
		return
	}
	for i := range f.knobs {
		if b := f.knobs[i].broad; b != "" && strings.Contains(msg, b) {
			f.knobs[i].err, f.knobs[i].why = "refused: see below", ""
		}
	}
}

// sayRefused writes the message line from the fields marked refused, so
// that it says what is refused now, never a refusal already mended: the
// scenario's complaint (said) while a field it marked still is; else the
// field the cursor is on, or the first, with how many more are refused,
// then tail (the form may be longer than the window, and "some values
// are refused" sent the learner looking for a mark off-screen); nothing
// once every field is mended (kform.MarksLine, the shard view's rule
// too). A message of no field (a run over its budget) is left as it is.
func (f *form) sayRefused() {
	if !f.ofMarks {
		return
	}
	if f.err = kform.MarksLine(f, f.focus, f.said, f.tail); f.err == "" {
		f.said, f.ofMarks = "", false
	}
}

// The form's fields as its message line reads them (kform.Marks).
func (f *form) Len() int          { return len(f.knobs) }
func (f *form) Mark(i int) string { return f.knobs[i].err }
func (f *form) Name(i int) string { return f.fieldName(i) }
func (f *form) Why(i int) string  { return f.knobs[i].why }

// refusedCount is how many fields are marked refused.
func (f *form) refusedCount() int { return kform.RefusedCount(f) }

// focusRefused puts the cursor on the field the message line speaks of
// (kform.RefusedAt: the one it is on when that is refused, else the
// first), unless none is marked, and writes that line.
func (f *form) focusRefused() {
	if at := kform.RefusedAt(f, f.focus); at >= 0 {
		f.focus = at
	}
	f.sayRefused()
}

// fieldName is field i as a message names it, with the part it belongs
// to, since several calls have a "timeout": "profile-db timeout",
// "orders/inventory retry attempts", "workers" for the server's own; a
// fault's "until" takes its start's words ("recommendations hangs until").
func (f *form) fieldName(i int) string {
	label := f.knobs[i].label
	if rest, ok := strings.CutPrefix(label, "  "); ok && i > 0 {
		if start, ok := strings.CutSuffix(f.knobs[i-1].label, " from"); ok {
			return start + " " + rest
		}
		label = rest
	}
	part := ""
	for s, start := range f.section {
		if start <= i {
			part = ""
			if s < len(f.parts) {
				part = f.parts[s]
			}
		}
	}
	part = strings.TrimPrefix(part, "/")
	if part == "" || strings.HasPrefix(label, part+" ") {
		return label
	}
	return part + " " + label
}

// blameOther marks the fields to change when the scenario's refusal msg
// is of another variant than the form's: that variant's own knobs are not
// in this form, so the field to blame is the edit of this form that the
// other variant cannot take (workers 7 under its bulkhead of 20), found by
// undoing each edit in turn. It says false, marking nothing, when msg is
// of the form's variant or no single edit undone clears it.
func (f *form) blameOther(sc, c *engine.Scenario, msg string) bool {
	own := sc.Variants[f.variant].Name
	if !strings.HasPrefix(msg, "variant ") || strings.HasPrefix(msg, fmt.Sprintf("variant %q", own)) {
		return false
	}
	other := ""
	for _, v := range sc.Variants {
		if strings.HasPrefix(msg, fmt.Sprintf("variant %q", v.Name)) {
			other = v.Name
		}
	}
	var blamed []int
	for i := range f.knobs {
		k := &f.knobs[i]
		if strings.TrimSpace(k.input.Value()) == strings.TrimSpace(k.initial) {
			continue
		}
		without := cloneScenario(sc)
		for j := range f.knobs {
			kj := &f.knobs[j]
			if j == i || strings.TrimSpace(kj.input.Value()) == strings.TrimSpace(kj.initial) {
				continue
			}
			if v, err := parse(kj.kind, kj.input.Value()); err == nil {
				kj.set(without, v)
			}
		}
		if err := without.Validate(); err == nil || err.Error() != msg {
			blamed = append(blamed, i)
		}
	}
	if len(blamed) == 0 {
		return false
	}
	mark, line, worded := otherBulkheadWords(c, msg)
	for _, i := range blamed {
		k := &f.knobs[i]
		k.err, k.why = fmt.Sprintf("variant %q refuses it: see below", other), ""
		if k.label == "workers" && worded {
			k.err, f.err = mark, line
		}
	}
	return true
}

// changes says, in the form's words, which fields differ from the
// original scenario's values: "workers 400", "timeout 1s".
func (f *form) changes(original *engine.Scenario) []string {
	return changeWords(f.edits(original))
}

// edits is changes with the value each field replaced, which an earlier
// edit's mark may name (summary.go).
func (f *form) edits(original *engine.Scenario) []change {
	return f.editsFrom(newForm(f.th, original, f.variant), &original.Variants[f.variant].System)
}

// changesFrom is changes against g, the form opened on the original,
// whose system sys names a path's part.
func (f *form) changesFrom(g *form, sys *engine.System) []string {
	return changeWords(f.editsFrom(g, sys))
}

// change is one field's edit: words say it as the form names it
// ("workers 400"); the rest recognises the words an earlier edit's mark
// used for the value it replaced (change.replaces).
type change struct {
	words string
	// label is the words before the value ("workers", "inventory's
	// timeout"), was the value replaced, as the form showed it, and kind
	// how both parse.
	label, was string
	kind       valueKind
	// unit is the word the words say after the value ("MiB"), which the
	// form's field does not take.
	unit string
	// alt is another label an earlier mark may have said the field by
	// (a fault's moment in its [set] path's words, "payments' fault
	// until"), and fault says the change moves a fault, which a summary
	// says by the fault's span (movedFaults) instead.
	alt   string
	fault bool
}

// changeWords are the changes' words, in order.
func changeWords(cs []change) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.words
	}
	return out
}

// editsFrom is changesFrom with each field's replaced value. The two
// forms' fields are matched by their identity (fieldKeys), not by their
// place: an edit that hides fields or shows them (a failure rate of 0
// hides its field, a deadline not passed on its margin) would put every
// field after it beside another, and the mark said unchanged fields and
// left out the change. A field g shows and f does not is said at the
// value f's scenario holds for it ("payment's failure rate 0%"), and not
// at all where that scenario holds none: the field that switched it off
// says the change. A field f shows and g does not is said unless g's
// scenario held the same value: it is a setting that now takes effect.
func (f *form) editsFrom(g *form, sys *engine.System) []change {
	if out, ok := f.breakerAdded(g, sys); ok {
		return out
	}
	fKeys, gKeys := f.fieldKeys(), g.fieldKeys()
	inG := make(map[string]int, len(gKeys))
	for j, key := range gKeys {
		inG[key] = j
	}
	inF := make(map[string]bool, len(fKeys))
	for _, key := range fKeys {
		inF[key] = true
	}
	var out []change
	// The mark writes a long run's times in its unit (knob.longText).
	runEnd := f.source.Duration
	said := 0 // g's fields before this one are told
	// sayHidden tells g's fields up to end that f does not show, in g's
	// order, so a hidden field's change reads where its field was.
	sayHidden := func(end int) {
		for ; said < end; said++ {
			if inF[gKeys[said]] {
				continue
			}
			k := &g.knobs[said]
			now, ok := f.hiddenText(k)
			if was := strings.TrimSpace(k.input.Value()); ok && now != was {
				out = append(out, k.edit(now, was, sys, runEnd))
			}
		}
	}
	for i := range f.knobs {
		k := &f.knobs[i]
		now := strings.TrimSpace(k.input.Value())
		var was string
		if j, ok := inG[fKeys[i]]; ok {
			sayHidden(j)
			said = max(said, j+1)
			was = strings.TrimSpace(g.knobs[j].input.Value())
			if now == was {
				continue
			}
		} else if held, ok := g.hiddenText(k); ok {
			if now == held {
				continue
			}
			was = held
		}
		out = append(out, k.edit(now, was, sys, runEnd))
	}
	sayHidden(len(g.knobs))
	return out
}

// breakerAdded is editsFrom where f's call has a breaker that g's had
// not (added by the form's breaker field, addBreakerPreset): the library
// whose defaults it was added with ("payments' breaker resilience4j"),
// then the changes from g with that breaker, which hold any number tuned
// since. The library is the one that leaves the fewest such changes. Said
// field by field, an added breaker read as a dozen numbers, and never
// which library's they were. ok is false where no breaker was added.
func (f *form) breakerAdded(g *form, sys *engine.System) (out []change, ok bool) {
	for j := range g.knobs {
		k := &g.knobs[j]
		if k.kind != kindBreaker {
			continue
		}
		at := strings.TrimSuffix(k.path, "preset")
		if !slices.ContainsFunc(f.knobs, func(o knob) bool { return o.kind != kindBreaker && strings.HasPrefix(o.path, at) }) {
			continue
		}
		var best []change
		name := ""
		for _, p := range presetNames()[1:] {
			with := cloneScenario(g.source)
			if lessons.SetKnob(with, g.variant, k.path, p) != nil {
				continue
			}
			rest := f.editsFrom(newForm(g.th, with, g.variant), sys)
			if name == "" || len(rest) < len(best) {
				best, name = rest, p
			}
		}
		if name == "" {
			continue
		}
		return append([]change{k.edit(name, k.initial, sys, f.source.Duration)}, best...), true
	}
	return nil, false
}

// edit is k's change from the text was to now, in the form's words; sys
// names a path's part, and end, where the run ends, the unit its times
// are written in (knob.longText).
func (k *knob) edit(now, was string, sys *engine.System, end time.Duration) change {
	if now == "" {
		now = emptyWord(k.kind)
	}
	c := change{label: strings.TrimSpace(k.label), kind: k.kind, was: was, fault: k.moment && !k.surge}
	if k.said != "" {
		c.label = k.said
	}
	switch {
	case k.path != "" && k.said != "":
		// A fault's moment says which fault moved (sayFault); an earlier
		// mark in its path's words is still the one it replaces.
		c.alt, _, _ = pathWords(sys, *k, now)
		_, _, value := lessons.OverrideParts(sys, k.path, now) // "22 s", as the marks beside it write a time
		c.words = c.label + " " + value
	case k.path != "":
		c.label, c.unit, c.words = pathWords(sys, *k, now)
	default:
		c.words = c.label + " " + now
	}
	if t, ok := k.longText(now, end); ok {
		c.words = c.label + " " + t // a duration's words carry no unit of the label's
	}
	return c
}

// emptyWord is what an empty field of kind means, as an edit's mark says
// it: a fault's end is the run's, a tenant's own slots are the default's.
func emptyWord(kind valueKind) string {
	if kind == kindSlots {
		return lessons.TenantSlotsDefault
	}
	return "end"
}

// longText is text, the value of k, a field of a time, as an edit's mark
// writes it on a run whose time axes read minutes or hours (longMoment):
// a moment by the rule every note and pane of that run writes one
// (playback.NoteTime: "until 12h 01m", where a lesson's words read "until
// 43,260 s" under a clock in hours), a length of time as the form's field
// holds it (durText: "timeout 2h", not "7,200 s"). ok is false on a run
// in seconds, whose mark reads as it always has, for a field of no time,
// and for a fault's end left empty ("end").
func (k *knob) longText(text string, end time.Duration) (string, bool) {
	long := longMoment(end)
	if long == nil || (k.kind != kindDuration && k.kind != kindUntil) || text == "end" {
		return "", false
	}
	v, err := parse(k.kind, text)
	if err != nil {
		return "", false
	}
	if k.moment {
		return long(v.d, 0), true
	}
	return durText(v.d), true
}

// fieldKeys names each field of f by what it sets, the same in any form
// of the variant whatever other fields it shows: its [set] path, else the
// name a message gives it (fieldName: its part and label, a fault's
// "until" with its start's words), numbered past the first should two
// fields share one.
func (f *form) fieldKeys() []string {
	keys := make([]string, len(f.knobs))
	seen := make(map[string]int, len(f.knobs))
	for i := range f.knobs {
		key := f.knobs[i].path
		if key == "" {
			key = "\x00" + f.fieldName(i) // no path reads so
		}
		seen[key]++
		if n := seen[key]; n > 1 {
			key += "\x00" + strconv.Itoa(n)
		}
		keys[i] = key
	}
	return keys
}

// hiddenText is the text k, a field of another form of f's variant, would
// hold on f's scenario, where f does not show it: "0%" for the failure
// rate an edit set to 0, which hides the field. ok is false where the
// scenario holds no value for it (a deadline's margin where the deadline
// is not passed on) or no path reads it.
func (f *form) hiddenText(k *knob) (text string, ok bool) {
	at := k.path
	if at == "" {
		at = k.readAt
	}
	if at == "" || f.source == nil {
		return "", false
	}
	v, ok := lessons.KnobValue(f.source, f.variant, at)
	if !ok {
		return "", false
	}
	return k.textOf(v)
}

// textOf writes v, a value of k's knob as lessons.KnobValue reads it and
// lessons.SetKnob takes it, as the form fills k's field, so that an
// unchanged value reads the same, and a value set from elsewhere (a
// sweep's cell, sweepkey.go) builds exactly that value again; false for a
// value of no type a field holds.
func (k *knob) textOf(v any) (string, bool) {
	switch x := v.(type) {
	case int64:
		if k.kind == kindQueue {
			return queueText(int(x)), true
		}
		return strconv.FormatInt(x, 10), true
	case float64:
		if k.kind == kindPercent {
			return pane.PercentExact(x), true
		}
		return strconv.FormatFloat(x, 'f', -1, 64), true
	case string:
		if k.kind == kindPercent && strings.HasSuffix(x, "%") {
			return x, true // a share given as a percentage, as the field takes it
		}
		d, err := time.ParseDuration(x)
		if err != nil {
			return "", false
		}
		if k.kind == kindUntil {
			return untilText(d), true
		}
		return durText(d), true
	}
	return "", false
}

// pathWords says the edit of k, a field written by its [set] path, to v:
// whose knob it is and its value as a lesson's header says them
// ("payments'", "1 s"), and the field by the form's own label, never the
// path, which is the scenario file's syntax and not a learner's ("the
// server's memory limit 512 MiB", not "tasks memory limit mib"). A fault's
// start and end keep the lesson's words ("payments' fault until 70 s"),
// by which an edit's mark tells a moved fault (isFaultChange). label is
// the words before the value, unit the word the label ends with that the
// value's words say ("MiB": "512 MiB"), which goes after the value.
func pathWords(sys *engine.System, k knob, v string) (label, unit, words string) {
	if strings.Contains(k.path, ".fault.") || strings.HasPrefix(k.path, "fault.") {
		// No value has no words: what is left is whose knob and its label.
		return strings.TrimSpace(lessons.OverrideText(sys, k.path, "")), "", lessons.OverrideText(sys, k.path, v)
	}
	owner, _, value := lessons.OverrideParts(sys, k.path, v)
	own := strings.TrimSpace(k.label)
	// A pool's fields carry its name ("transport per host"), which the
	// owner says already ("transport's").
	if name, rest, ok := strings.Cut(own, " "); ok && lessons.Possessive(name) == owner {
		own = rest
	}
	if i := strings.LastIndexByte(own, ' '); i > 0 && strings.Contains(value+" ", " "+own[i+1:]+" ") {
		own, unit = own[:i], own[i+1:]
	}
	label = owner + " " + own
	return label, unit, label + " " + value
}

// replaces says whether w, a word of an earlier edit's mark, named the
// value this change replaced: the field's label and that value, however
// it was typed ("2000ms" for the 2s the form shows now).
func (c change) replaces(w string) bool {
	rest, ok := strings.CutPrefix(w, c.label+" ")
	if !ok && c.alt != "" {
		rest, ok = strings.CutPrefix(w, c.alt+" ")
	}
	if !ok || c.label == "" {
		return false
	}
	if c.unit != "" {
		rest = strings.TrimSuffix(rest, " "+c.unit)
	}
	was := c.was
	if was == "" {
		was = emptyWord(c.kind)
	}
	if rest == was {
		return true
	}
	// A lesson's words space a duration's unit ("300 ms") and group a
	// number's thousands (a day-long run's fault "until 43,260 s"); the
	// form's parser reads neither, and an earlier edit's word it cannot
	// read stays in the mark beside the value that replaced it.
	a, errA := parse(c.kind, wordsToField.Replace(rest))
	b, errB := parse(c.kind, c.was)
	return errA == nil && errB == nil && a == b
}

// wordsToField turns a value in a lesson's words into the form's text:
// "300 ms" into "300ms", "43,260 s" into "43260s".
var wordsToField = strings.NewReplacer(" ", "", ",", "")

// reset gives the form back as it opens on the built-in scenario
// (original): every field that form shows, at its built-in value, and no
// other. Filling only the fields the form showed left out what an earlier
// edit hid: a failure rate set to 0 hides its field, and defaults then
// had no field to put 50% back in, so enter kept the 0 (a slow-call rate
// of 0 hides two fields, a deadline not passed on its margin and time
// left). A field the built-in form does not show needs no value typed:
// the scenario's checks clear what it hides (settleDeadlines).
//
// The form still edits the scenario it was opened on (source), so each
// field counts as unedited only at the text it held there (knob.initial):
// the text that field held, or for a field that form hid, the value that
// scenario holds for it (hiddenText: 0% for the failure rate), else none,
// and the field is always written. The cursor stays on its field where
// the built-in form shows it.
func (f *form) reset(original *engine.Scenario) {
	editing, keys := f.source, f.fieldKeys()
	held := make(map[string]string, len(keys))
	for i, key := range keys {
		held[key] = f.knobs[i].initial
	}
	focused, at := keys[f.focus], f.focus
	*f = form{th: f.th, variant: f.variant, builtIn: f.builtIn, tail: f.tail}
	f.fill(original)
	f.source = editing
	f.focus = min(at, len(f.knobs)-1)
	for j, key := range f.fieldKeys() {
		k := &f.knobs[j]
		if text, ok := held[key]; ok {
			k.initial = text
		} else if text, ok := f.hiddenText(k); ok {
			k.initial = text
		} else {
			k.initial = noText
		}
		if key == focused {
			f.focus = j
		}
	}
}

// noText is a knob's initial where the scenario edited holds no value for
// its field: no text a field holds reads as it, so the field is written.
const noText = "\x00"

func (f *form) move(d int) {
	f.focusField((f.focus + d + len(f.knobs)) % len(f.knobs))
}

// focusField puts the cursor on field i. A field left keeps its refusal
// and its note of a cut paste: both are of the text it holds, and stay
// until that text changes. The message line speaks of the field the
// cursor is on when it is refused (sayRefused).
func (f *form) focusField(i int) {
	f.focus = i
	f.entry.Anew() // even the field it was on
	f.sayRefused()
}

// selectRefused makes the field the cursor is on after a refusal stand
// selected, as a number box's refused number does: "5s1s" refused with
// "did you mean 1s?", the 1s typed next went on its end, 5s1s1s.
func (f *form) selectRefused() { f.entry.Anew() }

// update handles a key inside the form; the caller handles apply and cancel.
func (f *form) update(msg tea.Msg, keys keyMap) tea.Cmd {
	if k, ok := msg.(tea.KeyMsg); ok {
		switch {
		case key.Matches(k, keys.FormNext):
			f.move(1)
			return nil
		case key.Matches(k, keys.FormPrev):
			f.move(-1)
			return nil
		}
	}
	if k, ok := msg.(tea.KeyMsg); ok {
		kn := &f.knobs[f.focus]
		f.entry.Key(f.focus, &kn.input)
		was := kn.input.Value()
		cut := kn.input.Key(k)
		if kn.input.Value() != was {
			// The refusal and the note were of the text before: a key
			// that edits nothing (→, a paste into a full field) keeps them.
			kn.err, kn.cut = "", nil
			f.recheckTied()
			f.recheckScenario()
			// The message line named that refusal, or counted it: it
			// stayed, naming a field mended while others were refused.
			f.sayRefused()
		}
		kn.cut = append(kn.cut, cut...)
	}
	return nil
}

// recheckTied checks again, as enter did, each field marked refused for a
// range that ends at another field's value (a breaker's minimum calls, at
// most its window): an edit of that other field may mend it, or move the
// value its refusal quotes. While that field's text is no value (cleared
// to be typed over), the refusal keeps the range in words. Any other
// field's refusal is of its own text, which only its own edit changes. A
// field's mark from the scenario's complaint (said) is the scenario's
// check to tell (recheckScenario).
func (f *form) recheckTied() {
	if f.said != "" {
		return
	}
	for i := range f.knobs {
		k := &f.knobs[i]
		if k.err == "" || k.upTo == nil {
			continue
		}
		v, err := k.refused()
		k.markOwn(v, err)
		if _, ok := k.upTo(); err == "" && !ok {
			k.err, k.why = "want "+k.rangeText(), ""
		}
	}
}

// recheckScenario checks the scenario again, as enter does but running
// nothing, after an edit while the scenario's complaint is the message
// line (said), once every field's text is a value: the marks and the line
// then say what the scenario refuses now. An edit that mended the rule
// (a time window's minimum of 0 made 5) left the other field it marked
// (the window) marked, and the line said the complaint, until the next
// enter. The cursor stays where the edit is. While a field's text is no
// value (a time typed without its unit yet) the marks stay as they are:
// enter says what that text is.
func (f *form) recheckScenario() {
	if f.said == "" || f.checked == nil {
		return
	}
	for i := range f.knobs {
		if _, err := f.knobs[i].refused(); err != "" {
			return
		}
	}
	at, entry := f.focus, f.entry
	f.build(f.checked)
	// The cursor stays where the edit is, and the text being typed
	// stays unselected: no enter refused it.
	f.focus, f.entry = at, entry
	f.sayRefused()
}

// lines draws the form to fit h lines, scrolled so the focused field shows.
func (f *form) lines(w, h int) []string {
	lines, _ := f.layout(w, h)
	return lines
}

// layout is lines, and the field drawn on each (-1: none), for the mouse.
func (f *form) layout(w, h int) ([]string, []int) {
	return f.layoutWith("enter re-runs on the same seed, at the same time; esc keeps the run as it is; ctrl+s sweeps the knob under the cursor against another", w, h)
}

// layoutWith is layout with footer on its last line (KnobForm's screen
// says what its enter does).
func (f *form) layoutWith(footer string, w, h int) ([]string, []int) {
	items := make([]kform.Item, len(f.knobs))
	for i, k := range f.knobs {
		hint := k.hintNow()
		items[i] = kform.Item{Label: k.label, Hint: hint, Range: k.rangeIn(hint), Value: k.input.Value(), Err: k.err, Selected: f.entry.Selected(i, f.focus, &k.input)}
		if k.err == "" && len(k.cut) > 0 {
			items[i].Err = k.cutNote()
		}
	}
	sections := make([]kform.Section, len(f.section))
	for i, start := range f.section {
		sections[i] = kform.Section{Start: start, Title: f.titles[i]}
	}
	return kform.Layout(f.th, items, sections, f.focus, f.err, footer, w, h)
}

// newField is a field holding s. It takes any text, whatever kind its
// value is: a text that is no value of kind is refused at enter, whole and
// in kind's words (knob.refusal), and stays for the learner to mend.
func newField(s string, _ valueKind) kform.Field {
	var f kform.Field
	f.SetValue(s)
	return f
}
