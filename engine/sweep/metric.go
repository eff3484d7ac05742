package sweep

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/report"
)

// Metric is one measured quantity of a finished run.
type Metric struct {
	Name  string // as written: search.ok, recommendations.in_flight_max
	Owner string // the endpoint or dependency it belongs to
	Field string // ok, fallback, rejected, failed, p50, p95, p99, in_flight_max, held_max, first_open
}

// The fields a metric may name, for messages.
const (
	endpointFields   = "ok, fallback, rejected, failed (shares of the measurement window's requests), p50, p95, p99 (latency in ms)"
	dependencyFields = "in_flight_max (calls: the most in flight at once, abandoned calls included), " +
		"held_max (calls: the most a caller waited on at once in the window, what a bulkhead caps)"
	firstOpenField = "first_open (s, when its breaker first opens)"
)

// The fields of an endpoint and of a dependency a metric may name: one
// list for ParseMetric to take and Measures to offer.
var (
	endpointFieldNames   = []string{"ok", "fallback", "rejected", "failed", "p50", "p95", "p99"}
	dependencyFieldNames = []string{"in_flight_max", "held_max", "first_open"}
)

// Measures are the metrics ParseMetric takes on sc's variant v, each
// endpoint's fields then each dependency's (first_open only where it has
// a breaker): what --measure and --goal complete.
func Measures(sc *engine.Scenario, v int) []string {
	if v < 0 || v >= len(sc.Variants) {
		return nil
	}
	sys := &sc.Variants[v].System
	var out []string
	for _, e := range sys.Endpoints {
		for _, f := range endpointFieldNames {
			out = append(out, metricName(e.Name, f))
		}
	}
	for _, d := range sys.Dependencies {
		for _, f := range dependencyFieldNames {
			if f != "first_open" || d.Policy.Breaker != nil {
				out = append(out, metricName(d.Name, f))
			}
		}
	}
	return out
}

// ParseMetric reads NAME.FIELD. It checks the names against sc's variant v.
// NAME may be in double quotes, Go's way, as --vary takes a knob's part
// ("recs db".in_flight_max); the metric's Name is written as Measures
// lists it, so a measure and a goal on it are one metric however each
// was typed.
func ParseMetric(s string, sc *engine.Scenario, v int) (Metric, error) {
	s = strings.TrimSpace(s)
	owner, field, ok := cutMetric(s)
	if !ok {
		return Metric{}, fmt.Errorf("measure %q: want ENDPOINT.FIELD or DEPENDENCY.FIELD\n%s", s, MeasureChoices(sc, v, choicesWidth))
	}
	m := Metric{Name: metricName(owner, field), Owner: owner, Field: field}
	sys := &sc.Variants[v].System
	switch {
	case slices.Contains(endpointFieldNames, m.Field):
		for _, e := range sys.Endpoints {
			if e.Name == m.Owner {
				return m, nil
			}
		}
		return Metric{}, fmt.Errorf("measure %q: %s has no endpoint %q\n%s", s, sc.Name, m.Owner, MeasureChoices(sc, v, choicesWidth))
	case slices.Contains(dependencyFieldNames, m.Field):
		for _, d := range sys.Dependencies {
			if d.Name == m.Owner {
				if m.Field == "first_open" && d.Policy.Breaker == nil {
					return Metric{}, fmt.Errorf("measure %q: dependency %q has no breaker in variant %d (%s)%s", s, d.Name, v+1, sc.Variants[v].Name, breakerElsewhere(sc, d.Name))
				}
				return m, nil
			}
		}
		return Metric{}, fmt.Errorf("measure %q: %s has no dependency %q\n%s", s, sc.Name, m.Owner, MeasureChoices(sc, v, choicesWidth))
	}
	return Metric{}, fmt.Errorf("measure %q: unknown field %q%s\n%s", s, m.Field, ownerFields(sys, m.Owner), MeasureChoices(sc, v, choicesWidth))
}

// ownerFields is what a refusal of an unknown field of owner adds on its
// first line: the fields owner takes, as an endpoint, a dependency or
// both (first_open only where it has a breaker), so the line that names
// the mistake names what to write instead; or that sys has no part so
// called, where no field would do.
func ownerFields(sys *engine.System, owner string) string {
	var kinds []string
	for _, e := range sys.Endpoints {
		if e.Name == owner {
			kinds = append(kinds, "endpoint "+partName(owner)+" takes "+strings.Join(endpointFieldNames, ", "))
			break
		}
	}
	for _, d := range sys.Dependencies {
		if d.Name == owner {
			fields := dependencyFieldNames
			if d.Policy.Breaker == nil {
				fields = slices.DeleteFunc(slices.Clone(fields), func(f string) bool { return f == "first_open" })
			}
			kinds = append(kinds, "dependency "+partName(owner)+" takes "+strings.Join(fields, ", "))
			break
		}
	}
	if len(kinds) == 0 {
		return fmt.Sprintf(", and there is no endpoint or dependency %q", owner)
	}
	return ": " + strings.Join(kinds, "; ")
}

// breakerElsewhere is what a refusal of dependency dep's first_open on a
// variant without a breaker on it adds: the variants that have one and
// the flag that picks one, or that none has, where the refusal said what
// was wrong and left the learner to find a variant that would do.
func breakerElsewhere(sc *engine.Scenario, dep string) string {
	var with []string
	for _, k := range WithBreaker(sc, "", dep) {
		with = append(with, strconv.Itoa(k+1))
	}
	switch len(with) {
	case 0:
		return fmt.Sprintf("; no variant of %s has one there, so %s never opens", sc.Name, dep)
	case 1:
		return "; variant " + with[0] + " has one: --variant " + with[0]
	}
	return "; variants " + strings.Join(with, ", ") + " have one: --variant " + with[0]
}

// choicesWidth is the widest line MeasureChoices writes for a refusal: a
// terminal's 80 columns, as the command's other lists fit them.
const choicesWidth = 80

// MeasureChoices lists, in lines of at most width columns, what a measure
// may name on sc's variant v: its endpoints and their fields, then its
// dependencies and theirs (the names and fields ParseMetric takes), so a
// refused measure shows what would have worked.
func MeasureChoices(sc *engine.Scenario, v int, width int) string {
	if v < 0 || v >= len(sc.Variants) {
		return ""
	}
	sys := &sc.Variants[v].System
	var endpoints, deps, breakers []string
	for _, e := range sys.Endpoints {
		endpoints = append(endpoints, partName(e.Name))
	}
	for _, d := range sys.Dependencies {
		deps = append(deps, partName(d.Name))
		if d.Policy.Breaker != nil {
			breakers = append(breakers, partName(d.Name))
		}
	}
	// first_open is offered where ParseMetric takes it: a dependency
	// with a breaker in this variant.
	fields := dependencyFields
	switch {
	case len(breakers) == len(deps):
		fields += ", " + firstOpenField
	case len(breakers) > 0:
		fields += ", and for " + strings.Join(breakers, ", ") + " (with a breaker) " + firstOpenField
	}
	var b strings.Builder
	// report.Wrap, the one wrapper of the program's text: it keeps a
	// number with its unit ("100 ms") where a wrapper of its own did not.
	b.WriteString(report.Wrap(sc.Name+"'s endpoints: "+strings.Join(endpoints, ", "), width, 2))
	b.WriteString(report.Wrap("  each with "+endpointFields, width, 4))
	if len(deps) > 0 {
		b.WriteString(report.Wrap("its dependencies: "+strings.Join(deps, ", "), width, 2))
		b.WriteString(report.Wrap("  each with "+fields, width, 4))
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// cutMetric cuts NAME.FIELD into the part's name, unquoted, and the
// field. A bare name may hold dots (my.db/x.ok): a field never does, so it
// is what follows the last one. A quoted name ends at its closing quote,
// and the field follows it after a dot.
func cutMetric(s string) (owner, field string, ok bool) {
	if strings.HasPrefix(s, `"`) {
		q, err := strconv.QuotedPrefix(s)
		if err != nil {
			return "", "", false
		}
		rest, dot := strings.CutPrefix(s[len(q):], ".")
		owner, err = strconv.Unquote(q)
		if !dot || err != nil || owner == "" || rest == "" || strings.Contains(rest, ".") {
			return "", "", false
		}
		return owner, rest, true
	}
	i := strings.LastIndexByte(s, '.')
	if i <= 0 || i == len(s)-1 {
		return "", "", false
	}
	return s[:i], s[i+1:], true
}

// metricName writes a metric as Measures lists it, the name bare, but in
// quotes where bare it would read otherwise: a name that opens with a
// quote, or holds a comparison a goal would cut it at.
func metricName(owner, field string) string { return partName(owner) + "." + field }

// partName writes an endpoint's or a dependency's name as a metric names
// it (metricName).
func partName(owner string) string {
	if strings.HasPrefix(owner, `"`) || strings.ContainsAny(owner, "=!<>") {
		return strconv.Quote(owner)
	}
	return owner
}

// Unit is the metric's unit: "" for shares, "ms", "calls" or "s".
func (m Metric) Unit() string {
	switch m.Field {
	case "p50", "p95", "p99":
		return "ms"
	case "in_flight_max", "held_max":
		return "calls"
	case "first_open":
		return "s"
	}
	return "share"
}

// Label is the metric's name with its unit.
func (m Metric) Label() string { return m.Name + " (" + m.Unit() + ")" }

// Describe is Label with what a reader must know to read the figure: a
// latency's percentiles are over every request of the window as its
// client saw it, refusals included (at 0 ms when refused at once), so a
// design that refuses most requests has a low median; in_flight_max counts
// the calls whose caller gave up (abandoned) with the ones it still waits
// on (held), so a bulkhead of 5 may show 20: a bulkhead caps the held
// ones, which held_max counts.
func (m Metric) Describe() string {
	switch {
	case m.Unit() == "ms":
		return m.Label() + ", of every request, refusals included"
	case m.Field == "in_flight_max":
		return m.Label() + ", abandoned calls included"
	case m.Field == "held_max":
		return m.Label() + ", calls a caller waited on, in the window"
	}
	return m.Label()
}

// Measure reads the metric from a finished run's snapshot. A breaker that
// never opened gives NaN: "never" is not a time.
func (m Metric) Measure(s *engine.Snapshot) float64 {
	switch m.Field {
	case "in_flight_max":
		if d, ok := s.Dependency(m.Owner); ok {
			return float64(d.InFlightMax)
		}
	case "held_max":
		if d, ok := s.Dependency(m.Owner); ok {
			return heldMax(s, d)
		}
	case "first_open":
		for _, t := range s.Transitions {
			if t.Dependency == m.Owner && t.To == breaker.Open {
				return t.At.Seconds()
			}
		}
		return math.NaN()
	}
	e, ok := s.Endpoint(m.Owner)
	if !ok {
		return math.NaN()
	}
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	switch m.Field {
	case "ok":
		return e.Window.Share(engine.OK)
	case "fallback":
		return e.Window.Share(engine.Fallback)
	case "rejected":
		return e.Window.Share(engine.Rejected)
	case "failed":
		return e.Window.Share(engine.Failed)
	case "p50":
		return ms(e.P50)
	case "p95":
		return ms(e.P95)
	case "p99":
		return ms(e.P99)
	}
	return math.NaN()
}

// heldMax is the most calls d held at once in s's measurement window: the
// calls in flight whose caller still waited (InFlight less Abandoned),
// read at the end of each sample (every SampleEvery) that ends inside the
// window, (MeasureFrom, MeasureTo]. The engine keeps no running maximum of
// them, as it does of InFlight; a sample is the state at its end, so a
// peak between two samples is missed. Read from the window's samples, it
// is final once the run is past MeasureTo, where a window's figure is
// settled (settle.go).
func heldMax(s *engine.Snapshot, d *engine.DependencySnapshot) float64 {
	most := 0
	for i, smp := range d.Series {
		end := time.Duration(i+1) * s.SampleEvery
		if end <= s.MeasureFrom || end > s.MeasureTo {
			continue
		}
		most = max(most, int(smp.InFlight-smp.Abandoned))
	}
	return float64(most)
}

// Goal is a threshold on a metric: search.ok>=0.99.
type Goal struct {
	Metric    Metric
	Op        string // >=, <=, >, <
	Threshold float64
}

// ParseGoal reads METRIC OP NUMBER. The comparison is the first outside
// a quoted name: METRIC is as ParseMetric takes it, and a name in quotes
// may hold one ("a>b".ok>=0.99).
func ParseGoal(s string, sc *engine.Scenario, v int) (Goal, error) {
	i := indexOutsideQuotes(s, "<>")
	if i < 0 {
		return Goal{}, fmt.Errorf("goal %q: want METRIC>=NUMBER (or <=, >, <), such as search.ok>=0.99", s)
	}
	op := s[i : i+1]
	if strings.HasPrefix(s[i+1:], "=") {
		op += "="
	}
	name, num := s[:i], s[i+len(op):]
	if indexOutsideQuotes(name, "=!<>") >= 0 || strings.ContainsAny(num, "=!<>") {
		return Goal{}, badComparison(s, name, op, num)
	}
	if strings.TrimSpace(name) == "" {
		// '>=0.99' alone: ParseMetric would say measure "" wants
		// ENDPOINT.FIELD, which reads as if a measure had been given. A
		// goal names its own measure, which need not be the one shown.
		return Goal{}, fmt.Errorf("goal %q names no measure: write the measure before the comparison, METRIC>=NUMBER, such as search.ok>=0.99\n%s", s, MeasureChoices(sc, v, choicesWidth))
	}
	m, err := ParseMetric(name, sc, v)
	if err != nil {
		return Goal{}, fmt.Errorf("goal %q: %w", s, err)
	}
	x, err := threshold(s, m, strings.TrimSpace(num))
	if err != nil {
		return Goal{}, err
	}
	return Goal{Metric: m, Op: op, Threshold: x}, nil
}

// badComparison refuses goal s, cut at its first < or > into name, op
// and num, whose comparison is not one of the four. Where the characters
// around op are only one direction's and = (=> for >=, >== or =<), the
// goal as meant is offered whole: asked "did you mean search.ok?" of
// search.ok=>0.9, a learner is shown what they typed, while the mistake
// is the operator.
func badComparison(s, name, op, num string) error {
	const allowed = "the comparison is one of >=, <=, >, <"
	// The run of comparison characters around op, spaces between them
	// included: "search.ok => 0.9" wrote "=>" as much as "search.ok=>0.9".
	measure := strings.TrimRight(name, " \t=!<>")
	number := strings.TrimLeft(num, " \t=!<>")
	written := strings.Join(strings.Fields(name[len(measure):]+op+num[:len(num)-len(number)]), "")
	measure, number = strings.TrimSpace(measure), strings.TrimSpace(number)
	if measure == "" || written == ">=" || written == "<=" || written == ">" || written == "<" {
		// A comparison inside the measure's name, not around op:
		// sea=rch.ok>=0.9. The measure's own refusal names it.
		return fmt.Errorf("goal %q: %s, such as search.ok>=0.99", s, allowed)
	}
	meant := ""
	for _, dir := range []string{">", "<"} {
		if strings.Trim(written, dir+"=") == "" && strings.Contains(written, dir) {
			meant = dir
			if strings.Contains(written, "=") {
				meant += "="
			}
		}
	}
	if meant == "" || number == "" {
		return fmt.Errorf("goal %q: %s is not an operator: %s, such as %s>=0.99", s, written, allowed, measure)
	}
	return fmt.Errorf("goal %q: %s is not an operator: did you mean %s%s%s? (%s)", s, written, measure, meant, number, allowed)
}

// indexOutsideQuotes is the index of the first byte of s in chars that is
// not inside a name in double quotes, or -1: a quoted name may hold what
// would otherwise end it, a quote too, escaped ("a\"b").
func indexOutsideQuotes(s, chars string) int {
	quoted := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case quoted && c == '\\':
			i++ // the escaped character, a quote perhaps
		case c == '"':
			quoted = !quoted
		case !quoted && strings.IndexByte(chars, c) >= 0:
			return i
		}
	}
	return -1
}

// threshold reads a goal's number for m: a share as a fraction (0.99) or
// a percent (99%), anything else as a number in m's unit.
func threshold(goal string, m Metric, num string) (float64, error) {
	share := m.Unit() == "share"
	text, percent := strings.CutSuffix(num, "%")
	text = strings.TrimSpace(text)
	if percent && !share {
		return 0, fmt.Errorf("goal %q: %s is %s, not a share: give its threshold in %s without %%, such as %s", goal, m.Name, unitWords(m), unitName(m), unitExample(m))
	}
	// A percentage is read by moving its point (report.ParsePercent), so
	// 99.9% is 0.999 and prints back as 99.9%, not 99.90000000000001%.
	parse := func(t string) (float64, error) { return strconv.ParseFloat(t, 64) }
	if percent {
		parse = report.ParsePercent
	}
	x, err := parse(text)
	if err != nil {
		// A time may carry its unit, as --vary's ranges and --fault's
		// latencies do (250ms..5s): search.p99<=500ms, first_open<=12s.
		// Bare, the number is in the metric's own unit.
		if rerr := engine.RepeatedUnit(text); rerr != nil {
			return 0, fmt.Errorf("goal %q: %w", goal, rerr)
		}
		if d, derr := time.ParseDuration(text); derr == nil {
			switch m.Unit() {
			case "ms":
				x, err = float64(d)/float64(time.Millisecond), nil
			case "s":
				x, err = d.Seconds(), nil
			}
		}
	}
	if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
		if share {
			return 0, fmt.Errorf("goal %q: the threshold %q is not a number: %s is a share, from 0 to 1 (0.99) or from 0%% to 100%% (99%%)", goal, num, m.Name)
		}
		return 0, fmt.Errorf("goal %q: the threshold %q is not a number: %s is %s, such as %s", goal, num, m.Name, unitWords(m), unitExample(m))
	}
	if share && (x < 0 || x > 1) {
		return 0, fmt.Errorf("goal %q: %s is a share, from 0 to 1 (0.99) or from 0%% to 100%% (99%%), got %s", goal, m.Name, num)
	}
	return x, nil
}

// unitWords says what kind of number a metric that is not a share is.
func unitWords(m Metric) string {
	switch m.Unit() {
	case "ms":
		return "a latency in ms"
	case "calls":
		return "a number of calls"
	case "s":
		return "a time in seconds from the start"
	}
	return "a number"
}

// unitName is the unit a goal on a metric that is not a share is in.
func unitName(m Metric) string {
	if m.Unit() == "s" {
		return "seconds"
	}
	return m.Unit()
}

// unitExample is a goal on a metric that is not a share, for messages.
func unitExample(m Metric) string {
	switch m.Unit() {
	case "ms":
		return m.Name + "<=250 or " + m.Name + "<=250ms"
	case "calls":
		return m.Name + "<=100"
	case "s":
		return m.Name + "<=30 or " + m.Name + "<=30s"
	}
	return m.Name + "<=1"
}

// Met says whether a value meets the goal; NaN never does.
func (g Goal) Met(x float64) bool {
	switch g.Op {
	case ">=":
		return x >= g.Threshold
	case "<=":
		return x <= g.Threshold
	case ">":
		return x > g.Threshold
	case "<":
		return x < g.Threshold
	}
	return false
}

func (g Goal) String() string {
	return g.Metric.Name + g.Op + strconv.FormatFloat(g.Threshold, 'g', -1, 64)
}
