package main

import (
	"flag"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/internal/flagerr"
)

// rangedFlag is a number flag with the values it allows, declared once:
// its help says the range where its text has rangeMark, parseArgs refuses
// a number outside it, and flagerr words a word given to it, or a number
// past what its kind holds, with the same range. Each command checked its
// own numbers after parsing, with the range typed again in the help and
// in the refusal, and a word got only the kind ("--max-sessions takes a
// whole number, got "abc"").
type rangedFlag struct {
	flag.Getter // the flag package's own int, float64 or duration value
	lo, hi      float64
	// words is the range as the help and the refusals say it: "1 to
	// 10000", or with a note, "0 (a free one) to 65535".
	words string
	// own: the command checks the range itself, after parsing, as other
	// flags decide it (lab's --rate is refused with --serve before its
	// range is, and below the range with the reason); checkRanges leaves
	// it alone.
	own bool
}

// rangeMark stands in a ranged flag's text for its range.
const rangeMark = "{range}"

// String is the value's; "" for the zero rangedFlag the flag package
// makes to tell a default from a zero.
func (r *rangedFlag) String() string {
	if r.Getter == nil {
		return ""
	}
	return r.Getter.String()
}

func (r *rangedFlag) Allowed() string    { return r.words }
func (r *rangedFlag) Unwrap() flag.Value { return r.Getter }

// number is the value as a float64, durations in nanoseconds.
func (r *rangedFlag) number() float64 {
	switch v := r.Get().(type) {
	case int:
		return float64(v)
	case int64:
		return float64(v)
	case time.Duration:
		return float64(v)
	case float64:
		return v
	}
	return 0
}

// text is the value as the refusal quotes it: a duration as the rest of
// the program writes one (engine.FormatDuration).
func (r *rangedFlag) text() string {
	switch v := r.Get().(type) {
	case time.Duration:
		return engine.FormatDuration(v)
	case float64:
		return numberText(v) // 0.0000001, not 1e-07
	}
	return r.String()
}

// inRange reports whether the value is in the range.
func (r *rangedFlag) inRange() bool {
	n := r.number()
	return n >= r.lo && n <= r.hi
}

// ranged declares fs's flag name, already defined as a number, ranged
// from lo to hi (durations in nanoseconds), said as words, and puts the
// words in its text for rangeMark.
func ranged(fs *flag.FlagSet, name string, lo, hi float64, words string) {
	f := fs.Lookup(name)
	f.Value = &rangedFlag{Getter: f.Value.(flag.Getter), lo: lo, hi: hi, words: words}
	f.Usage = strings.Replace(f.Usage, rangeMark, words, 1)
}

// intIn is fs.Int for a whole number from lo to hi; usage says the range
// where it has rangeMark.
func intIn(fs *flag.FlagSet, name string, value, lo, hi int, usage string) *int {
	p := fs.Int(name, value, usage)
	ranged(fs, name, float64(lo), float64(hi), strconv.Itoa(lo)+" to "+strconv.Itoa(hi))
	return p
}

// durationIn is fs.Duration for a duration from lo to hi.
func durationIn(fs *flag.FlagSet, name string, value, lo, hi time.Duration, usage string) *time.Duration {
	p := fs.Duration(name, value, usage)
	ranged(fs, name, float64(lo), float64(hi), engine.FormatDuration(lo)+" to "+engine.FormatDuration(hi))
	return p
}

// openRange declares fs's flag name, a whole number from lo, whose top
// what the command opens decides: a scenario's variants, a lesson's
// steps, or none (--width). Its help says the range as far as it is known
// before then (words, for rangeMark), and a word given to it, or the flag
// given last, is told that range, where the flag package said only "takes
// a whole number" and the help no range at all. The command checks the
// number itself once it knows the top (own), and says it then.
func openRange(fs *flag.FlagSet, name string, lo int, words string) {
	ranged(fs, name, float64(lo), math.MaxInt32, words)
	mustRange(fs.Lookup(name)).own = true
}

// The ranges openRange declares, as the help and a word's refusal say
// them; each command names the scenario's or the lesson's own when it
// refuses a number.
const (
	variantRange = "1 to the scenario's number of variants"
	stepRange    = "1 to the lesson's number of steps"
)

// variantRefusal refuses --variant n on sc: its range and each variant's
// name by the number --variant takes, as run, sandbox, record and sweep
// all say it (sandbox's and record's named no variant). more follows,
// "; leave it out to show every variant" for run.
func variantRefusal(sc *engine.Scenario, n int, more string) error {
	return flagUsagef("--variant must be between 1 and %d for %s (%s), got %d%s", len(sc.Variants), sc.Name, variantList(sc), n, more)
}

// rangeOf is f's range, through a wordedDefault.
func rangeOf(f *flag.Flag) (*rangedFlag, bool) {
	v := f.Value
	if w, ok := v.(wordedDefault); ok {
		v = w.Value
	}
	r, ok := v.(*rangedFlag)
	return r, ok
}

// checkRanges refuses the first flag given in fs with a number outside its
// range; a flag left at its default is not checked (--bench-clients' 0
// stands for "serve instead").
func checkRanges(fs *flag.FlagSet) error {
	var err error
	fs.Visit(func(f *flag.Flag) {
		if r, ok := rangeOf(f); ok && err == nil && !r.own && !r.inRange() {
			err = flagUsagef("%v", flagerr.OutOfRange(f.Name, r.text(), r))
		}
	})
	return err
}

// checkOwnRange is checkRanges of one flag its command checks itself
// (rangedFlag.own), once the flags that decide it are checked.
func checkOwnRange(fs *flag.FlagSet, name string) error {
	f := fs.Lookup(name)
	if r, ok := rangeOf(f); ok && given(fs, name) && !r.inRange() {
		return flagUsagef("%v", flagerr.OutOfRange(f.Name, r.text(), r))
	}
	return nil
}

// rangedOK reports whether f is ranged; mustRange is its range.
func rangedOK(f *flag.Flag) bool         { _, ok := rangeOf(f); return ok }
func mustRange(f *flag.Flag) *rangedFlag { r, _ := rangeOf(f); return r }
