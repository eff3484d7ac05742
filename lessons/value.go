package lessons

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/shuffle"
)

// Kind is what a metric measures, which decides how it is printed and what
// a claim may compare it with.
type Kind uint8

const (
	// KindFraction is a share in [0, 1], printed as a percentage.
	KindFraction Kind = iota + 1
	// KindCount is a whole number of things, printed with thousands separators.
	KindCount
	// Number is any other number.
	KindNumber
	// KindDuration is a span of virtual time.
	KindDuration
	// KindOdds is an exact chance, printed "1 in 28".
	KindOdds
)

func (k Kind) String() string {
	switch k {
	case KindFraction:
		return "a share"
	case KindCount:
		return "a count"
	case KindNumber:
		return "a number"
	case KindDuration:
		return "a duration"
	case KindOdds:
		return "a chance"
	}
	return "a value"
}

// Value is the result of a metric: a float for every kind (seconds for a
// duration), plus the exact forms that shuffle sharding's odds need.
type Value struct {
	Kind Kind
	F    float64
	Big  *big.Int // exact counts too large for a float (C(2048, 4))
	Rat  *big.Rat // exact chances
	// Prints is the format the value prints in where none is named; ""
	// is its kind's. A tenant's share prints "pane", as the tenants pane
	// beside the text writes it.
	Prints string
}

func fraction(f float64) Value { return Value{Kind: KindFraction, F: f} }
func count(n uint64) Value     { return Value{Kind: KindCount, F: float64(n)} }
func number(f float64) Value   { return Value{Kind: KindNumber, F: f} }
func duration(d time.Duration) Value {
	return Value{Kind: KindDuration, F: d.Seconds()}
}
func bigCount(n *big.Int) Value {
	f, _ := new(big.Float).SetInt(n).Float64()
	return Value{Kind: KindCount, F: f, Big: n}
}
func odds(r *big.Rat) Value {
	f, _ := r.Float64()
	return Value{Kind: KindOdds, F: f, Rat: r}
}

// formats are the names a placeholder may give after "|".
var formats = []string{"pct", "pct0", "pct2", "pane", "int", "num", "dur", "lat", "s", "ms", "odds", "frac"}

// kindFormats are the formats that print each kind of value truthfully: a
// share as a percentage (or the bare ratio, 0.5), a chance as odds, a
// fraction or a percentage, a count or another number as a number, a
// duration with its unit. Any other pairing prints a wrong number ("1,048.5%"
// for a breaker opening at 10.485 s, "20 s" for 20 workers), so Format
// refuses it.
var kindFormats = map[Kind][]string{
	KindFraction: {"pct", "pct0", "pct2", "pane", "num"},
	KindOdds:     {"odds", "frac", "pct", "pct0", "pct2", "pane", "num"},
	KindCount:    {"int", "num"},
	KindNumber:   {"num", "int"},
	KindDuration: {"dur", "lat", "s", "ms"},
}

// FormatsFor lists the formats that fit a kind of value, in the order
// FORMAT.md gives them.
func FormatsFor(k Kind) []string { return kindFormats[k] }

// fitFormat says whether a known format may print a value of kind k, and
// if not, which formats may. what names the value in the message: "the
// value", or the metric ("opens").
func fitFormat(k Kind, format, what string) error {
	allowed, known := kindFormats[k]
	if !known || slices.Contains(allowed, format) {
		return nil
	}
	return fmt.Errorf("%s is %s, and format %q prints %s: the formats for %s are %s", what, k, format, formatPrints[format], k, strings.Join(allowed, ", "))
}

// formatPrints says what each format prints, for messages.
var formatPrints = map[string]string{
	"pct": "a share as a percentage", "pct0": "a share as a percentage", "pct2": "a share as a percentage",
	"pane": "a share as a percentage, as the panes write it",
	"int":  "a whole number", "num": "a plain number",
	"dur": "a duration", "lat": "a measured latency to three figures", "s": "a duration in seconds", "ms": "a duration in milliseconds",
	"odds": "a chance as odds (1 in 28)", "frac": "a chance as a fraction (1/28)",
}

// Format prints the value in the named format; "" picks the kind's own. A
// format that does not fit the value's kind (a percentage of a duration) is
// refused, naming the formats that do.
func (v Value) Format(format string) (string, error) {
	if format != "" && slices.Contains(formats, format) {
		if err := fitFormat(v.Kind, format, "the value"); err != nil {
			return "", err
		}
	}
	if format == "" {
		format = v.Prints
	}
	if format == "" {
		switch v.Kind {
		case KindFraction:
			format = "pct"
		case KindCount:
			format = "int"
		case KindDuration:
			format = "dur"
		case KindOdds:
			format = "odds"
		default:
			format = "num"
		}
	}
	switch format {
	case "pct":
		return report.PercentDigits(v.F, 1), nil
	case "pct0":
		return report.PercentDigits(v.F, 0), nil
	case "pct2":
		return report.PercentDigits(v.F, 2), nil
	case "pane":
		return report.PercentShort(v.F), nil
	case "int":
		if v.Big != nil {
			return groupDigits(v.Big.String()), nil
		}
		return groupDigits(strconv.FormatFloat(math.Round(v.F), 'f', 0, 64)), nil
	case "num":
		return trimFloat(v.F, 2, true), nil
	case "dur":
		return formatDuration(v.F), nil
	case "lat":
		return LatencyText(time.Duration(math.Round(v.F * float64(time.Second)))), nil
	case "s":
		return trimFloat(v.F, 3, true) + " s", nil
	case "ms":
		// Two decimals: a prompt that quotes a mean for Little's law must
		// give the digits the answer is worked out from (86.45 ms, not
		// 86.5 ms beside an answer of 20.75 workers); "dur" rounds.
		return trimFloat(1000*v.F, 2, true) + " ms", nil
	case "odds":
		if v.F <= 0 {
			return "never", nil
		}
		if v.Rat != nil && v.Rat.Num().IsInt64() && v.Rat.Num().Int64() == 1 {
			// An exact chance is written as the shard view and the drill
			// write one (one formatter for "1 in 28").
			return shuffle.ChanceText(v.Rat), nil
		}
		return "1 in " + groupDigits(strconv.FormatFloat(math.Round(1/v.F), 'f', 0, 64)), nil
	case "frac":
		if v.Rat != nil {
			return v.Rat.RatString(), nil
		}
		return trimFloat(v.F, 4, true), nil
	}
	return "", fmt.Errorf("unknown format %q (allowed: %s)", format, strings.Join(formats, ", "))
}

// formatDuration prints seconds as a reader would say them: "24 s",
// "1.575 s", "500 ms".
func formatDuration(sec float64) string {
	// Below a twentieth of a millisecond "0 ms" would hide a real value
	// (Resilience4j's rate limiter refreshes every 500 ns): say µs or ns.
	if a := math.Abs(sec); a > 0 && a < 0.00005 {
		if a < 1e-6 {
			return trimFloat(1e9*sec, 0, true) + " ns"
		}
		return trimFloat(1e6*sec, 1, true) + " µs"
	}
	if math.Abs(sec) < 1 {
		return trimFloat(1000*sec, 1, true) + " ms"
	}
	return trimFloat(sec, 3, true) + " s"
}

// trimFloat prints f with at most decimals places, dropping trailing zeros
// when trim is set, and separating thousands.
func trimFloat(f float64, decimals int, trim bool) string {
	s := strconv.FormatFloat(f, 'f', decimals, 64)
	if trim && strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		s = "0"
	}
	whole, frac, hasFrac := strings.Cut(s, ".")
	whole = groupDigits(whole)
	if hasFrac {
		return whole + "." + frac
	}
	return whole
}

// groupDigits puts a comma between groups of three digits: 730,862,190,080.
func groupDigits(s string) string {
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	if len(s) <= 3 {
		return sign + s
	}
	var b strings.Builder
	head := len(s) % 3
	if head > 0 {
		b.WriteString(s[:head])
	}
	for i := head; i < len(s); i += 3 {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(s[i : i+3])
	}
	return sign + b.String()
}

// ungroup drops the commas that group thousands ("1,000,000s" is
// 1000000s): a comma between a digit and exactly three digits. Any other
// comma stays, so a decimal comma ("0,5s") is refused, not read as 5 s.
func ungroup(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == ',' && i > 0 && isDigit(s[i-1]) && i+3 < len(s) &&
			isDigit(s[i+1]) && isDigit(s[i+2]) && isDigit(s[i+3]) && (i+4 == len(s) || !isDigit(s[i+4])) {
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// literal is a value written in a claim or an answer: a number, a
// percentage ("50%"), a duration ("24s") or a fraction ("1/28").
func parseLiteral(s string) (Value, error) {
	s = strings.TrimSpace(s)
	switch {
	case strings.HasSuffix(s, "%"):
		// Moving the point, not dividing by 100: "99.9%" is 0.999, the
		// share "0.999" is, as a goal and a sweep read it (report.ParsePercent).
		f, err := report.ParsePercent(strings.TrimSpace(strings.TrimSuffix(s, "%")))
		if err != nil {
			return Value{}, fmt.Errorf("%q is not a percentage such as 50%%", s)
		}
		return fraction(f), nil
	case strings.Contains(s, "/"):
		r, ok := new(big.Rat).SetString(s)
		if !ok {
			return Value{}, fmt.Errorf("%q is not a fraction such as 1/28", s)
		}
		return odds(r), nil
	}
	if f, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64); err == nil {
		return number(f), nil
	}
	if err := engine.RepeatedUnit(ungroup(s)); err != nil {
		return Value{}, err // 5s1s: Go sums it to 6s, a slip, not a duration
	}
	if d, err := time.ParseDuration(ungroup(s)); err == nil {
		// "1,000 s", as the texts print a long time, typed back.
		return duration(d), nil
	}
	return Value{}, fmt.Errorf("%q is not a number (0.5), a percentage (50%%), a duration (24s) or a fraction (1/28)", s)
}
