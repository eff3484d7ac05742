// Package chaos turns faults a learner injects ("25s inventory hang for
// 10s") into events of a scenario: the same dependency faults, service
// faults and bursts a scenario's author writes, so that a run with injected
// faults is an ordinary run of an ordinary scenario, reproducible, and
// written out by scenariofile.Dump like any other.
//
// It owns the fault spec (Parse, Spec.String), the list of parts of a
// scenario a fault can be aimed at (TargetsOf) and the rewriting of a
// scenario (Apply). It imports only the engine and does no I/O.
//
// An injected fault wins over what the scenario's script says for its span
// (latest wins): a scripted fault of the same part that overlaps it is cut
// around it, and comes back after it if it lasts longer. A surge is the
// exception: it multiplies the traffic in force, a tenant's scripted burst
// included, and refuses to overlap another tenant's burst (a burst carries
// one tenant's traffic).
package chaos

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/breakerlab/breakerlab/engine"
)

// Kind names what an injected fault does.
type Kind uint8

// The kinds of fault, by the part they apply to.
const (
	// Slow: a dependency's calls take Latency; a service's instances
	// hold each request they start Latency longer.
	Slow Kind = iota + 1
	// Hang: a dependency's calls, or a service's instances, answer nothing.
	Hang
	// Unreachable: a dependency's host drops every packet: its calls
	// answer nothing, as in a hang, and its pool's dials get no answer
	// either (engine.Unreachable), where a hung host's connect at once.
	Unreachable
	// Errors: a dependency's calls, or the calls a service's instances
	// take, fail at once with probability Rate.
	Errors
	// Down: a service's instances refuse connections; a dependency's
	// calls all fail at once (its errors at 100%).
	Down
	// Restart: a service's instances crash (losing what they hold in
	// memory) and are down for the fault's span, then start afresh.
	Restart
	// Surge: a tenant's or an endpoint's traffic is Factor times its own.
	Surge
	// Recover: every fault of the part in force at the moment ends then.
	Recover
)

var kindNames = [...]string{Slow: "slow", Hang: "hang", Unreachable: "unreachable", Errors: "errors", Down: "down", Restart: "restart", Surge: "surge", Recover: "recover"}

func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// kindUsage is each kind with its arguments, as a spec writes it.
var kindUsage = [...]string{Slow: "slow LATENCY", Hang: "hang", Unreachable: "unreachable", Errors: "errors PERCENT", Down: "down", Restart: "restart", Surge: "surge xFACTOR", Recover: "recover"}

// Usage is a kind as a spec writes it, with its arguments: "slow LATENCY".
func (k Kind) Usage() string {
	if int(k) < len(kindUsage) && kindUsage[k] != "" {
		return kindUsage[k]
	}
	return k.String()
}

// DefaultRestartDowntime is how long a restart keeps an instance down when
// the spec gives no "for": a process that is back a second after it died.
const DefaultRestartDowntime = time.Second

// Spec is one injected fault: at At, Target does Kind, for For (zero: until
// the run ends; a restart's zero is DefaultRestartDowntime).
type Spec struct {
	At     time.Duration
	Target string
	Kind   Kind
	// Latency is a slow fault's latency.
	Latency time.Duration
	// Rate is an errors fault's share of calls that fail, in (0, 1].
	Rate float64
	// Factor multiplies a surge's traffic.
	Factor float64
	For    time.Duration
}

// typedTimes is a spec's AT, LATENCY and DURATION as the learner wrote
// them ("999s", which String writes "16m39s"), for a refusal to quote
// their own words back rather than a form they must convert to recognise
// (ParseIn); "" where the spec has none or was built in code. It is kept
// beside a Spec, not in it, so that two specs of the same fault stay ==.
type typedTimes struct{ at, latency, dur string }

// Grammar is the spec's form, for messages and --help.
const Grammar = "AT TARGET KIND [ARGS] [for DURATION], e.g. '12s inventory slow 2s for 10s', '20s api#3 down for 15s', '30s database errors 50%', '10s acme surge x3 for 10s', '40s inventory recover'; AT alone is seconds (12 is 12s), LATENCY and DURATION take their unit (2s, 500ms); a name that holds a space goes in double quotes, as in a knob path: '20s \"orders db\" hang'"

// Parse reads a spec: "AT TARGET KIND [ARGS] [for DURATION]". It checks
// the form only; whether the target exists, and takes the kind, is
// Check's (or Apply's) to say, against a scenario. The words are cut as
// Fields cuts them, so a target may be quoted.
func Parse(s string) (Spec, error) {
	sp, _, err := parse(s)
	return sp, err
}

// parse is Parse, with the times as written.
func parse(s string) (Spec, typedTimes, error) {
	s, err := toTheEnd(s)
	if err != nil {
		return Spec{}, typedTimes{}, err
	}
	sp, err := parseSpec(s)
	if err != nil {
		return Spec{}, typedTimes{}, err
	}
	f, _ := Fields(s)
	t := typedTimes{at: f[0]}
	rest := f[3:]
	if sp.Kind == Slow {
		t.latency, rest = rest[0], rest[1:]
	} else if sp.Kind == Errors || sp.Kind == Surge {
		rest = rest[1:]
	}
	if len(rest) == 2 {
		t.dur = rest[1]
	}
	return sp, t, nil
}

// toTheEnd writes the form Told gives a fault that outlasts the run,
// "TARGET KIND [ARGS] from AT to the end", as "AT TARGET KIND [ARGS]": a
// fault that lasts to the end, the same fault for the run it was told
// of. Any other spec comes back as it is. Every form a fault is shown in
// is one --fault reads back: the sandbox's list and a saved file's
// comment show Told's.
func toTheEnd(s string) (string, error) {
	i := strings.LastIndex(s, " from ")
	if i < 0 {
		return s, nil
	}
	tail, err := Fields(s[i:])
	if err != nil || len(tail) != 5 || tail[0] != "from" || tail[2] != "to" || tail[3] != "the" || tail[4] != "end" {
		return s, nil
	}
	head, err := Fields(s[:i])
	if err != nil || len(head) < 2 {
		return s, nil // the words as they are, for parseSpec's message
	}
	if len(head) >= 4 && head[len(head)-2] == "for" {
		return "", fmt.Errorf("fault %q: a fault 'from AT to the end' lasts to the end: leave out 'for %s', or write 'AT TARGET KIND [ARGS] for DURATION'", s, head[len(head)-1])
	}
	return tail[1] + " " + strings.TrimSpace(s[:i]), nil
}

func parseSpec(s string) (Spec, error) {
	f, err := Fields(s)
	if err != nil {
		return Spec{}, fmt.Errorf("fault %q: %w", s, err)
	}
	if len(f) == 0 {
		return Spec{}, fmt.Errorf("fault %q: want %s", s, Grammar)
	}
	var sp Spec
	at, atErr := parseMoment(f[0])
	if _, isKind := parseKind(at1(f)); atErr != nil && isKind {
		// "inventory slow 2s": the moment left out, the target first.
		return Spec{}, fmt.Errorf("fault %q: a fault starts with the moment it is injected at, AT in AT TARGET KIND [ARGS] [for DURATION]: '12s %s' injects it 12s into the run", s, strings.TrimSpace(s))
	}
	if len(f) < 3 {
		return Spec{}, fmt.Errorf("fault %q: want %s", s, Grammar)
	}
	if sp.At, err = at, atErr; err != nil {
		return Spec{}, fmt.Errorf("fault %q: the time %q: %w", s, f[0], err)
	}
	sp.Target = f[1]
	kind, ok := parseKind(f[2])
	if !ok {
		return Spec{}, &unknownKindError{spec: s, kind: f[2], target: f[1]}
	}
	sp.Kind = kind
	rest := f[3:]
	switch kind {
	case Slow:
		if len(rest) == 0 {
			return Spec{}, fmt.Errorf("fault %q: slow needs a latency, e.g. 'slow 2s'", s)
		}
		if err := unitless(rest[0]); err != nil {
			return Spec{}, fmt.Errorf("fault %q: LATENCY in '%s' takes %w", s, Slow.Usage(), err)
		}
		if err := engine.RepeatedUnit(rest[0]); err != nil {
			return Spec{}, fmt.Errorf("fault %q: LATENCY in '%s': %w", s, Slow.Usage(), err)
		}
		if sp.Latency, err = parseLength(rest[0]); err != nil || sp.Latency <= 0 {
			return Spec{}, fmt.Errorf("fault %q: slow needs a positive latency, e.g. 'slow 2s', got %q", s, rest[0])
		}
		rest = rest[1:]
	case Errors:
		if len(rest) == 0 {
			return Spec{}, fmt.Errorf("fault %q: errors needs a share of calls, e.g. 'errors 50%%'", s)
		}
		if sp.Rate, err = parseShare(rest[0]); err != nil {
			return Spec{}, fmt.Errorf("fault %q: %w", s, err)
		}
		rest = rest[1:]
	case Surge:
		if len(rest) == 0 {
			return Spec{}, fmt.Errorf("fault %q: surge needs a factor, e.g. 'surge x3'", s)
		}
		if sp.Factor, err = parseFactor(rest[0]); err != nil {
			return Spec{}, fmt.Errorf("fault %q: %w", s, err)
		}
		rest = rest[1:]
	}
	switch {
	case len(rest) == 0:
	case len(rest) == 2 && rest[0] == "for" && kind != Recover:
		if err := unitless(rest[1]); err != nil {
			return Spec{}, fmt.Errorf("fault %q: DURATION in 'for DURATION' takes %w", s, err)
		}
		if err := engine.RepeatedUnit(rest[1]); err != nil {
			return Spec{}, fmt.Errorf("fault %q: DURATION in 'for DURATION': %w", s, err)
		}
		if sp.For, err = parseLength(rest[1]); err != nil || sp.For <= 0 {
			return Spec{}, fmt.Errorf("fault %q: 'for' needs a positive duration, e.g. 'for 10s', got %q", s, rest[1])
		}
	case kind == Recover:
		return Spec{}, fmt.Errorf("fault %q: recover takes nothing after it (it ends the faults in force at %s)", s, f[0])
	default:
		return Spec{}, fmt.Errorf("fault %q: after %q, want nothing or 'for DURATION', got %q", s, kind.Usage(), strings.Join(rest, " "))
	}
	return sp, nil
}

// String writes the spec in the form Parse reads, the same spec back. Its
// times are in the largest units that keep them exact (engine.FormatDuration,
// as a scenario file writes them): a fault late in a day-long run reads
// "12h5m14.3s", not "43514.3s", which the learner would have to divide out.
func (sp Spec) String() string {
	return sp.write(typedTimes{})
}

// Told is the spec as a confirmation tells it, for a run that ends at
// end: String, but for a fault whose span outlasts the run, which the
// run cuts at its end: "inventory hang from 50s to the end", where "50s
// inventory hang for 30s" would promise 30 s of a hang the run shows 10 s
// of. Such a fault is taken as it is (a sweep or a built-in may run its
// faults past the end on purpose); only its words change.
func (sp Spec) Told(end time.Duration) string {
	if to := sp.end(); to == 0 || to <= end {
		return sp.String()
	}
	words := sp.write(typedTimes{})
	words = words[strings.IndexByte(words, ' ')+1:] // the moment goes after
	if i := strings.LastIndex(words, " for "); i >= 0 && sp.For > 0 {
		words = words[:i]
	}
	return words + " from " + engine.FormatDuration(sp.At) + " to the end"
}

// said is the spec as a refusal quotes it: String's form with its times as
// typed (t), so "999s db hang" refused is not echoed back as "16m39s db
// hang", a time the learner never wrote.
func (sp Spec) said(t typedTimes) string {
	return sp.write(t)
}

// write is String with the times in t where t has them.
func (sp Spec) write(t typedTimes) string {
	var b strings.Builder
	b.WriteString(orFormat(t.at, sp.At))
	b.WriteString(" " + QuoteName(sp.Target) + " " + sp.Kind.String())
	switch sp.Kind {
	case Slow:
		b.WriteString(" " + orFormat(t.latency, sp.Latency))
	case Errors:
		b.WriteString(" " + strconv.FormatFloat(sp.Rate*100, 'f', -1, 64) + "%")
	case Surge:
		b.WriteString(" x" + strconv.FormatFloat(sp.Factor, 'f', -1, 64))
	}
	if sp.For > 0 {
		b.WriteString(" for " + orFormat(t.dur, sp.For))
	}
	return b.String()
}

// orFormat is typed, or d as a scenario file writes it when typed is "".
func orFormat(typed string, d time.Duration) string {
	if typed != "" {
		return typed
	}
	return engine.FormatDuration(d)
}

// oneUnit is a time written in one unit: "999s", "2.5m", "500ms".
var oneUnit = regexp.MustCompile(`^(?:\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)$`)

// inUnitOf writes d in the unit the learner wrote typed in (seconds for a
// bare number, as AT reads one), so that a run's end set beside their
// "999s" reads "120s", not "2m": two numbers in one unit compare at a
// glance. A time typed in mixed units (1m30s), or a d that unit would
// write with more than three decimals, is written as FormatDuration does.
func inUnitOf(typed string, d time.Duration) string {
	unit := "s"
	if m := oneUnit.FindStringSubmatch(typed); m != nil {
		unit = m[1]
	} else if !bareNumber.MatchString(typed) {
		return engine.FormatDuration(d)
	}
	size, err := time.ParseDuration("1" + unit)
	if err != nil {
		return engine.FormatDuration(d)
	}
	v := float64(d) / float64(size)
	if math.Abs(v*1000-math.Round(v*1000)) > 1e-9 {
		return engine.FormatDuration(d)
	}
	return strconv.FormatFloat(v, 'f', -1, 64) + unit
}

// Fields cuts a spec into its words at spaces, except inside double
// quotes: a target whose name holds a space is written in them, Go's way
// (strconv.Quote), as a knob path writes a name (lessons' knob paths:
// "orders db".timeout). A quoted stretch joins what is beside it into one
// word, so "orders db", orders/"my db" and "my svc"#3 each name one
// target whole; a name that holds a double quote is quoted too, with the
// quote escaped ("a\"b"). An error says where a quote is left open; the
// words read until then come back with it, the open one last.
func Fields(s string) ([]string, error) {
	var (
		words []string
		word  strings.Builder
		in    bool // a word is being read
	)
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		switch {
		case unicode.IsSpace(r):
			if in {
				words = append(words, word.String())
				word.Reset()
				in = false
			}
			i += w
		case r == '"':
			in = true
			q, err := strconv.QuotedPrefix(s[i:])
			if err != nil {
				word.WriteString(s[i+1:])
				return append(words, word.String()), fmt.Errorf("the quote before %s is not closed: a name in quotes needs its closing quote, such as '20s \"orders db\" hang'", s[i+1:])
			}
			name, _ := strconv.Unquote(q)
			word.WriteString(name)
			i += len(q)
		default:
			in = true
			word.WriteString(s[i : i+w])
			i += w
		}
	}
	if in {
		words = append(words, word.String())
	}
	return words, nil
}

// QuoteName is a target's name as a spec writes it: bare, or in double
// quotes (strconv.Quote) when it is empty or holds a space or a double
// quote, which Fields would cut or read as a quote.
func QuoteName(name string) string {
	if name == "" || strings.ContainsRune(name, '"') || strings.IndexFunc(name, unicode.IsSpace) >= 0 {
		return strconv.Quote(name)
	}
	return name
}

// end is when the fault's span ends; 0 means when the run ends.
func (sp Spec) end() time.Duration {
	switch {
	case sp.For > 0:
		return sp.At + sp.For
	case sp.Kind == Restart:
		return sp.At + DefaultRestartDowntime
	}
	return 0
}

func parseKind(s string) (Kind, bool) {
	switch s {
	case "error", "errors":
		return Errors, true
	}
	for i, n := range kindNames {
		if n != "" && n == s {
			return Kind(i), true
		}
	}
	return 0, false
}

// unknownKindError is Parse's refusal of a kind it does not know: it
// lists every kind, where ParseIn, knowing the scenario, lists the
// target's.
type unknownKindError struct {
	spec, kind, target string
}

func (e *unknownKindError) Error() string {
	return fmt.Sprintf("fault %q: unknown kind %q (allowed: %s)", e.spec, e.kind, strings.Join(kindList(), ", "))
}

// ParseIn is Parse for a fault typed for sc: a kind it does not know is
// refused with the kinds its target takes when sc has that target (Parse
// alone lists every kind, and offered a service "surge xFACTOR", which it
// does not take), and a spec Check refuses is refused quoting the times as
// typed. The spec it reads is Parse's.
func ParseIn(sc *engine.Scenario, s string) (Spec, error) {
	sp, typed, err := parse(s)
	var unknown *unknownKindError
	if err == nil {
		// Refused in the words typed, where Apply, holding only the spec,
		// would quote its canonical form.
		if _, err := resolve(sc, TargetsOf(sc), sp, typed); err != nil {
			return Spec{}, err
		}
		return sp, nil
	}
	if !errors.As(err, &unknown) {
		return sp, err
	}
	t, ok := Find(TargetsOf(sc), unknown.target)
	if !ok {
		return sp, err
	}
	var kinds []string
	for _, k := range t.Kinds {
		kinds = append(kinds, k.Usage())
	}
	return Spec{}, fmt.Errorf("fault %q: unknown kind %q (%s takes %s)", unknown.spec, unknown.kind, t.named(), strings.Join(kinds, ", "))
}

// UnknownKind is the kind Parse did not know, when err is its refusal of
// one: a caller that knows the target (the builder's fault prompt, which
// parses with a stand-in for the name) lists that target's kinds instead.
func UnknownKind(err error) (string, bool) {
	var unknown *unknownKindError
	if errors.As(err, &unknown) {
		return unknown.kind, true
	}
	return "", false
}

func kindList() []string {
	var out []string
	for k := Slow; k <= Recover; k++ {
		out = append(out, k.Usage())
	}
	return out
}

// at1 is the second word of a spec, where its kind goes when its moment
// is left out, or "".
func at1(f []string) string {
	if len(f) < 2 {
		return ""
	}
	return f[1]
}

// parseMoment reads AT: "12s", "1m30s", "500ms", or a bare number of
// seconds ("12", "0.5"), as Grammar says. A moment is a point on the
// run's clock, which every screen shows in seconds and which the sandbox's
// seek prompt reads in seconds when typed bare (playback.ParseTime): "12"
// there can only mean 12 s, and a moment typed wrong shows at once where
// the fault lands. A length is another matter (parseLength).
func parseMoment(s string) (time.Duration, error) {
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		if math.IsNaN(f) || f < 0 || f > engine.MaxDuration.Seconds() {
			return 0, timeWanted()
		}
		return time.Duration(math.Round(f * float64(time.Second))), nil
	}
	return parseLength(s)
}

// parseLength reads a duration argument (slow's LATENCY, for's DURATION)
// with its unit: "2s", "1m30s", "500ms". Its callers refuse a bare number
// first, but for 0, with the reason (unitless).
//
// A length naming a unit twice ("5s1s", which Go sums to 6s) is refused
// with engine.RepeatedUnit's words, the slip every reader of a typed
// duration refuses.
func parseLength(s string) (time.Duration, error) {
	if err := engine.RepeatedUnit(s); err != nil {
		return 0, err
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 || d > engine.MaxDuration {
		return 0, timeWanted()
	}
	return d, nil
}

// bareNumber is a number written without a unit: "300", "2.5", ".5".
var bareNumber = regexp.MustCompile(`^(\d+(\.\d*)?|\.\d+)$`)

// unitless refuses a length typed as a bare number ("slow 300"), the rule
// the sandbox's knob form keeps for every duration
// (lessons.UnitlessDuration), in its words: a latency is as often thought
// of in milliseconds as in seconds, and "300" meant as 300 ms would
// otherwise run as 300 s, five minutes, with no warning. Zero is left to
// the caller, which refuses it as no length at all. The error reads as
// what the argument takes, for the caller to put after the argument's
// name.
func unitless(s string) error {
	if !bareNumber.MatchString(s) {
		return nil
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil && f == 0 {
		return nil
	}
	return fmt.Errorf("a duration with its unit, as a scenario file writes it: %ss or %sms, not %s alone", s, s, s)
}

// timeWanted is parseMoment's and parseLength's error: the longest run is
// a day, written as a spec takes it (24h, not 24h0m0s).
func timeWanted() error {
	return fmt.Errorf("want a time from 0 to %s, e.g. 12s, 1m30s, 500ms", engine.FormatDuration(engine.MaxDuration))
}

// parseShare reads "50%" or "0.5" as 0.5.
func parseShare(s string) (float64, error) {
	pct := strings.HasSuffix(s, "%")
	v, err := strconv.ParseFloat(strings.TrimSuffix(s, "%"), 64)
	if err == nil && pct {
		v /= 100
	}
	if err != nil || math.IsNaN(v) || v <= 0 || v > 1 {
		return 0, fmt.Errorf("errors needs a share of calls above 0 and up to 100%%, e.g. 50%% or 0.5, got %q", s)
	}
	return v, nil
}

// parseFactor reads "x3", "×3" or "3".
func parseFactor(s string) (float64, error) {
	t := strings.TrimPrefix(strings.TrimPrefix(s, "x"), "×")
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsNaN(v) || v <= 0 || v > 1000 {
		return 0, fmt.Errorf("surge needs a factor above 0 and up to 1000, e.g. x3, got %q", s)
	}
	return v, nil
}
