package sweep

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
)

// Axis is one knob varied over the grid.
type Axis struct {
	// Path is the knob's dotted path, as a lesson's [set] table writes it.
	Path string
	// Values are what the knob is set to, in the setter's terms: int64 for
	// whole numbers, float64 for other numbers, a duration string ("250ms"),
	// a percentage string ("10%") for a share given so.
	Values []any
	// X holds each value as a number in Unit, for axes and files.
	X []float64
	// Unit is the unit X is in: "ms" or "s" for durations, "req/s" for
	// rates, empty for counts and shares.
	Unit string
	// Typed is the flag's PATH=FROM..TO[:STEPS] as the user typed it
	// (ParseVary's), for refusals to quote; empty for an axis made
	// otherwise.
	Typed string
	// Rounded says a whole-number knob's steps fell between whole numbers
	// and were rounded to them (repeats dropped), which the output says.
	Rounded bool
}

// MaxSteps bounds an axis, so a grid stays something one can look at.
const MaxSteps = 200

// DefaultSteps is the number of values when a range gives none.
const DefaultSteps = 10

// ParseVary reads PATH=FROM..TO[:STEPS]: STEPS values spaced evenly from
// FROM to TO, both included. PATH ends at the first "=" outside a quoted
// name. FROM and TO are both numbers (whole numbers
// make a whole-number axis), both durations ("100ms..2s") or both
// percentages ("10%..90%", for a share, as the sandbox's knob form takes
// one; the knob refuses them if it is no share).
func ParseVary(spec string) (Axis, error) {
	path, rng, ok := cutOutsideQuotes(spec, '=')
	path = strings.TrimSpace(path)
	if !ok || path == "" {
		return Axis{}, fmt.Errorf("--vary %q: want PATH=FROM..TO[:STEPS], such as recommendations.bulkhead=5..60:12", spec)
	}
	from, rest, ok := strings.Cut(rng, "..")
	if !ok {
		return Axis{}, fmt.Errorf("--vary %s: the range %q has no \"..\": want FROM..TO[:STEPS], such as 5..60:12 or 100ms..2s", path, rng)
	}
	to, stepsText, hasSteps := strings.Cut(rest, ":")
	steps := DefaultSteps
	if hasSteps {
		n, err := strconv.Atoi(strings.TrimSpace(stepsText))
		if err != nil || n < 1 || n > MaxSteps {
			return Axis{}, fmt.Errorf("--vary %s: steps must be a whole number from 1 to %d, got %q", path, MaxSteps, stepsText)
		}
		steps = n
	}
	from, to = strings.TrimSpace(from), strings.TrimSpace(to)
	if strings.ContainsAny(from+to, `"'`) {
		// A lesson's TOML quotes a duration; a shell takes the quotes off
		// a command line's, and those left in were typed to be kept.
		bare := strings.NewReplacer(`"`, "", `'`, "").Replace(strings.TrimSpace(rng))
		return Axis{}, fmt.Errorf("--vary %s=%s: on the command line a value goes without quotes: %s=%s", path, strings.TrimSpace(rng), path, bare)
	}
	// An end naming a unit twice (5s1s, which Go sums to 6s) is a slip,
	// refused in the words every duration reader uses.
	for _, end := range [2]string{from, to} {
		if err := engine.RepeatedUnit(end); err != nil {
			return Axis{}, fmt.Errorf("--vary %s: %w", path, err)
		}
	}
	if err := stepForm(path, from, to, hasSteps); err != nil {
		return Axis{}, err
	}
	ax := Axis{Path: path, Typed: path + "=" + strings.TrimSpace(rng)}
	if strings.HasSuffix(from, "%") || strings.HasSuffix(to, "%") {
		return percentAxis(ax, from, to, steps, hasSteps)
	}
	if isDuration(from) || isDuration(to) {
		a, errA := time.ParseDuration(from)
		b, errB := time.ParseDuration(to)
		if errA != nil || errB != nil {
			return Axis{}, fmt.Errorf("--vary %s: %q..%q: give both ends as durations, such as 100ms..2s", path, from, to)
		}
		if a < 0 || b < a {
			return Axis{}, fmt.Errorf("--vary %s: want 0 <= FROM <= TO, got %v..%v%s", path, a, b, swapped(path, from, to, steps, hasSteps, a >= 0 && b >= 0))
		}
		if err := oneStepOneValue(path, hasSteps, steps, a != b, from, to); err != nil {
			return Axis{}, err
		}
		if a == b {
			steps = 1
		}
		// A value between the ends is rounded to a thousandth of the
		// axis's unit, so it prints with three decimals at most, in
		// seconds as in ms: fault.from=1s..24s:4 ran and printed
		// 8.666667 s. The ends are kept as typed (to the microsecond).
		ax.Unit = "ms"
		scale, grain := float64(time.Millisecond), time.Microsecond
		if b >= 10*time.Second {
			ax.Unit, scale, grain = "s", float64(time.Second), time.Millisecond
		}
		values := spread(float64(a), float64(b), steps)
		for i, f := range values {
			g := grain
			if i == 0 || i == len(values)-1 {
				g = time.Microsecond
			}
			d := time.Duration(math.Round(f/float64(g))) * g
			ax.Values = append(ax.Values, d.String())
			ax.X = append(ax.X, float64(d)/scale)
		}
		return ax, nil
	}
	a, errA := strconv.ParseFloat(from, 64)
	b, errB := strconv.ParseFloat(to, 64)
	if errA != nil || errB != nil || math.IsInf(a, 0) || math.IsInf(b, 0) || math.IsNaN(a) || math.IsNaN(b) {
		return Axis{}, fmt.Errorf("--vary %s: %q..%q: give both ends as numbers (5..60, 0.1..0.9) or durations (100ms..2s)", path, from, to)
	}
	if b < a {
		return Axis{}, fmt.Errorf("--vary %s: want FROM <= TO, got %v..%v%s", path, a, b, swapped(path, from, to, steps, hasSteps, true))
	}
	if err := oneStepOneValue(path, hasSteps, steps, a != b, from, to); err != nil {
		return Axis{}, err
	}
	if a == b {
		steps = 1
	}
	ax.Unit = unitOf(path)
	// Whole-number ends make a whole-number axis (bulkhead=5..60), unless
	// the knob is a share or a factor, or more steps are asked for than
	// there are whole numbers between the ends (probability=0..1:11).
	_, intA := strconv.ParseInt(from, 10, 64)
	_, intB := strconv.ParseInt(to, 10, 64)
	whole := int(math.Min(b-a+1, MaxSteps+1))
	if intA == nil && intB == nil && !fractional(path) && !(hasSteps && steps > whole) {
		steps = min(steps, whole)
		return roundAxis(ax, spread(a, b, steps)), nil
	}
	for _, f := range spread(a, b, steps) {
		f = decimal(f)
		ax.Values = append(ax.Values, f)
		ax.X = append(ax.X, f)
	}
	return ax, nil
}

// decimal is f at the shortest decimal within 12 significant digits of
// it: the value a user would type for that step. A failure rate swept
// 0.1..0.9 in 5 steps went 0.1, 0.30000000000000004, 0.5,
// 0.7000000000000001, 0.9, labelled so (the label is the value the cell
// ran with), and a cell run at 0.30000000000000004 is not the design of
// a file that says 0.3: a window of exactly 3 failures in 10 opens a
// breaker at 0.3 and not at the value a hair above it.
func decimal(f float64) float64 {
	d, err := strconv.ParseFloat(strconv.FormatFloat(f, 'g', 12, 64), 64)
	if err != nil {
		return f
	}
	return d
}

// roundAxis is ax with values, each rounded to a whole number (an int64,
// as the setter takes a whole number), a value rounded to the one before
// it dropped: 1..3.5 in 5 steps is 1, 2, 3, 4, not 1, 2, 2, 3, 4, two
// columns of one design. Rounded says whether any step moved.
func roundAxis(ax Axis, values []float64) Axis {
	ax.Values, ax.X = nil, nil
	for _, f := range values {
		n := math.Round(f)
		if n != f {
			ax.Rounded = true
		}
		if len(ax.X) > 0 && ax.X[len(ax.X)-1] == n {
			continue
		}
		ax.Values = append(ax.Values, int64(n))
		ax.X = append(ax.X, n)
	}
	return ax
}

// RoundedNote says, for an axis whose steps were rounded (Rounded), that
// its knob takes whole numbers and which it swept, in the user's terms:
// "recommendations.retry.attempts takes whole numbers: swept 1, 3, 4".
// It is "" for any other axis. A long axis names its first three values
// and its last.
func (a Axis) RoundedNote() string {
	if !a.Rounded {
		return ""
	}
	var vals []string
	for _, v := range a.Values {
		vals = append(vals, valueText(v))
	}
	count := ""
	if len(vals) > 6 {
		vals = append(vals[:3:3], "…", vals[len(vals)-1])
		count = fmt.Sprintf(" (%d values)", len(a.X))
	}
	return fmt.Sprintf("%s takes whole numbers: swept %s%s", a.Path, strings.Join(vals, ", "), count)
}

// percentAxis is the axis of a share given in percentages, FROM% to TO%:
// its values are the percentages as written ("10%", "30%"), which the
// knob reads as a lesson's [set] reads "50%" (0.5), and its X the shares.
func percentAxis(ax Axis, from, to string, steps int, hasSteps bool) (Axis, error) {
	fromText, fromPct := strings.CutSuffix(from, "%")
	toText, toPct := strings.CutSuffix(to, "%")
	if !fromPct || !toPct {
		return Axis{}, fmt.Errorf("--vary %s: %s..%s: give both ends as percentages (10%%..90%%) or both as shares (0.1..0.9)", ax.Path, from, to)
	}
	a, errA := strconv.ParseFloat(strings.TrimSpace(fromText), 64)
	b, errB := strconv.ParseFloat(strings.TrimSpace(toText), 64)
	if errA != nil || errB != nil || math.IsNaN(a) || math.IsNaN(b) || math.IsInf(a, 0) || math.IsInf(b, 0) {
		return Axis{}, fmt.Errorf("--vary %s: %s..%s: give both ends as percentages, such as 10%%..90%%", ax.Path, from, to)
	}
	// An end outside 0–100 % is no share at all, refused in a scenario
	// file's words (a lesson's [set] and the knob form use them too); the
	// ends' order is a refusal of its own, as on a numbers axis.
	if a < 0 || a > 100 || b < 0 || b > 100 {
		return Axis{}, fmt.Errorf("--vary %s: each end must be %s, got %s..%s", ax.Path, scenariofile.PercentAllowed, from, to)
	}
	if b < a {
		return Axis{}, fmt.Errorf("--vary %s: want FROM <= TO, got %s..%s%s", ax.Path, from, to, swapped(ax.Path, from, to, steps, hasSteps, true))
	}
	if err := oneStepOneValue(ax.Path, hasSteps, steps, a != b, from, to); err != nil {
		return Axis{}, err
	}
	if a == b {
		steps = 1
	}
	for _, pct := range spread(a, b, steps) {
		text := strconv.FormatFloat(decimal(pct), 'g', -1, 64)
		ax.Values = append(ax.Values, text+"%")
		// The share as a percentage written so reads it: 10% is 0.1,
		// where 10.0/100 may miss it by a unit in the last place.
		share, err := strconv.ParseFloat(text+"e-2", 64)
		if err != nil {
			share = pct / 100
		}
		ax.X = append(ax.X, share)
	}
	return ax, nil
}

// cutOutsideQuotes cuts s at the first sep that is not inside a name in
// double quotes: a knob's name may hold "=", and is then quoted in its
// path ("a=b".timeout=1s..2s).
func cutOutsideQuotes(s string, sep byte) (before, after string, found bool) {
	quoted := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case quoted && c == '\\':
			i++ // the escaped character, a quote perhaps
		case c == '"':
			quoted = !quoted
		case !quoted && c == sep:
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

// oneStepOneValue refuses a range of two ends asked for in one step
// (bulkhead=5..60:1): the axis would hold FROM alone, and TO would be
// dropped without a word.
func oneStepOneValue(path string, hasSteps bool, steps int, twoEnds bool, from, to string) error {
	if hasSteps && steps == 1 && twoEnds {
		return fmt.Errorf("--vary %s: %s..%s:1 asks for one value from a range of two: give 2 steps or more, or one value as %s..%s:1", path, from, to, from, from)
	}
	return nil
}

// swapped is what a refusal of a range written backwards adds: the
// flag with its ends the other way round, which runs the same values
// low to high ("; write workers=100..400:4"), or nothing when swapping
// would not do (ok false: an end below 0).
func swapped(path, from, to string, steps int, hasSteps, ok bool) string {
	if !ok {
		return ""
	}
	spec := path + "=" + to + ".." + from
	if hasSteps {
		spec += ":" + strconv.Itoa(steps)
	}
	return "; a range goes from low to high: " + spec
}

// fractional says whether a knob takes shares or factors, never whole
// numbers only.
func fractional(path string) bool {
	switch path[strings.LastIndexByte(path, '.')+1:] {
	case "failure_rate", "slow_rate", "probability", "jitter", "backoff":
		return true
	}
	return false
}

// spread is n values from a to b, both included, evenly spaced.
func spread(a, b float64, n int) []float64 {
	if n == 1 {
		return []float64{a}
	}
	out := make([]float64, n)
	for i := range out {
		out[i] = a + (b-a)*float64(i)/float64(n-1)
	}
	out[n-1] = b
	return out
}

// isDuration says whether s is written as a duration: it ends in a unit.
func isDuration(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" {
		return false
	}
	c := s[len(s)-1]
	return c == 's' || c == 'm' || c == 'h'
}

// unitOf names the unit of a numeric knob, from its last word.
func unitOf(path string) string {
	last := path[strings.LastIndexByte(path, '.')+1:]
	switch last {
	case "rate":
		if strings.HasSuffix(path, "breaker.failure_rate") || strings.HasSuffix(path, "breaker.slow_rate") {
			return ""
		}
		return "req/s"
	case "workers":
		return "workers"
	case "bulkhead", "bulkhead_queue", "queue":
		return "calls"
	case "window", "min_calls", "trials", "consecutive":
		return "calls"
	case "attempts":
		return "attempts"
	}
	return ""
}

// Label is the axis's name with its unit, for axes and headers.
func (a Axis) Label() string {
	if a.Unit == "" {
		return a.Path
	}
	return a.Path + " (" + a.Unit + ")"
}

// Format writes value i of the axis briefly, in its unit.
func (a Axis) Format(i int) string { return Short(a.X[i]) }

// Short writes a number in a few characters: whole numbers as they are,
// others to three significant digits (616 rather than 615.8).
func Short(x float64) string {
	switch ax := math.Abs(x); {
	case ax >= 1e6:
		return strconv.FormatFloat(x, 'g', 3, 64)
	case x == math.Trunc(x):
		return strconv.FormatFloat(x, 'f', 0, 64)
	case ax >= 100:
		return strconv.FormatFloat(math.Round(x), 'f', 0, 64)
	}
	return strconv.FormatFloat(x, 'g', 3, 64)
}

// RoundStep is the least of 1, 2, 2.5 and 5 times a power of ten that is
// at least raw (> 0): the steps a learner types and reads, for an axis
// (the sandbox's sweep around none) or a histogram's bins (the room's
// numeric poll).
func RoundStep(raw float64) float64 {
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 2.5, 5} {
		if m*mag >= raw*(1-1e-9) {
			return m * mag
		}
	}
	return 10 * mag
}

// stepForm refuses a range written with a step between its values
// ("10..30 step 10", "10..30 by 10", "10..30/10"), the form of other
// tools, naming the count of values that gives that step, with its
// values: "give both ends as numbers" left the user to find the :STEPS
// form. Nil when to holds no step (or the range is no such form).
func stepForm(path, from, to string, hasSteps bool) error {
	end, step, ok := "", "", false
	for _, sep := range []string{" step ", " by ", "/"} {
		if e, st, found := strings.Cut(to, sep); found {
			end, step, ok = strings.TrimSpace(e), strings.TrimSpace(st), true
			break
		}
	}
	if !ok || hasSteps {
		return nil
	}
	// Both ends and the step as numbers, or all three as durations (in
	// ns), so that one division says how many values the step makes.
	num := func(v string) (float64, bool) {
		if isDuration(v) {
			d, err := time.ParseDuration(v)
			return float64(d), err == nil
		}
		f, err := strconv.ParseFloat(v, 64)
		return f, err == nil && !math.IsInf(f, 0) && !math.IsNaN(f)
	}
	a, okA := num(from)
	b, okB := num(end)
	d, okD := num(step)
	if !okA || !okB || !okD || isDuration(from) != isDuration(end) || isDuration(from) != isDuration(step) || d <= 0 || b <= a {
		return fmt.Errorf("--vary %s: %q: a range takes a count of values, not a step: want FROM..TO[:STEPS], such as 10..30:3 for 10, 20 and 30", path, from+".."+to)
	}
	gaps := (b - a) / d
	n := int(math.Round(gaps)) + 1
	if n > MaxSteps {
		return fmt.Errorf("--vary %s: %s..%s in steps of %s would be %d values, over the %d a sweep takes: want FROM..TO:STEPS, such as %s..%s:%d", path, from, end, step, n, MaxSteps, from, end, MaxSteps)
	}
	if math.Abs(gaps-math.Round(gaps)) > 1e-9 {
		return fmt.Errorf("--vary %s: a step of %s does not divide %s..%s; a range takes a count of values: %s=%s..%s:%d spaces them evenly", path, step, from, end, path, from, end, n)
	}
	return fmt.Errorf("--vary %s: a range takes a count of values, not a step: write %s=%s..%s:%d for a step of %s", path, path, from, end, n, step)
}
