// Package flagerr words the standard flag package's refusals as this
// program's help writes its flags: with two dashes (one for a one-letter
// flag, -o), saying what a flag takes where the package says only "parse
// error", and suggesting the nearest flag for one that does not exist. The
// commands (cmd/breakerlab) and the exercises' command line
// (exercises/cli) share it. It imports only the standard library and
// internal/spell.
package flagerr

import (
	"flag"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/breakerlab/breakerlab/internal/spell"
)

// badValueRE is how the flag package words a value its own number,
// duration or bool flags could not read ("invalid value "-1" for flag
// -seed: parse error", "invalid boolean value "x" for -wide: parse
// error"), and a number too large for its flag ("...: value out of
// range").
var badValueRE = regexp.MustCompile(`^invalid (?:boolean )?value "(.*)" for (?:flag )?-(\S+): (parse error|value out of range)$`)

// unknownFlagRE is the flag package's word for a flag the command does
// not have ("flag provided but not defined: -nope").
var unknownFlagRE = regexp.MustCompile(`^flag provided but not defined: -+(\S+)$`)

// noValueRE is the flag package's word for a flag given last, with no
// value after it ("flag needs an argument: -o").
var noValueRE = regexp.MustCompile(`^flag needs an argument: -+(\S+)$`)

// ownValueRE is the flag package's frame around the refusal of a Value a
// program defines: "invalid value "0" for flag -budget: a budget must be
// ...".
var ownValueRE = regexp.MustCompile(`(?s)^invalid value "(.*)" for flag -(\S+): (.+)$`)

// NeedsValue reports the flag that err, an error of fs.Parse, says was
// given last with no value after it (name without dashes), for a caller
// that words the refusal with the value's name from its own help.
func NeedsValue(err error) (name string, ok bool) {
	if m := noValueRE.FindStringSubmatch(err.Error()); m != nil {
		return m[1], true
	}
	return "", false
}

// Dashed is a flag's name as the help writes it: --seed, but -o.
func Dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// Explain rewords err, an error of fs.Parse: what a flag of the flag
// package's own kinds takes, the refusal of a program's own Value without
// the package's frame, and the nearest flag to one fs does not have. Any
// other error is returned as it is.
func Explain(fs *flag.FlagSet, err error) error {
	if m := unknownFlagRE.FindStringSubmatch(err.Error()); m != nil {
		var names []string
		fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
		msg := "unknown flag " + Dashed(m[1])
		// The flags it takes, on the refusal's one line, when none is
		// near the slip: the caller no longer lists them under it.
		switch near := spell.Closest(m[1], names); {
		case near != "":
			msg += ": did you mean " + Dashed(near) + "?"
		case len(names) == 0:
			msg += ": " + fs.Name() + " takes no flags"
		default:
			for i, n := range names {
				names[i] = Dashed(n)
			}
			msg += ": " + fs.Name() + " takes " + strings.Join(names, ", ")
		}
		return fmt.Errorf("%s", msg)
	}
	if m := noValueRE.FindStringSubmatch(err.Error()); m != nil {
		if f := fs.Lookup(m[1]); f != nil {
			// What it takes, for a number; not the flag's text, which
			// says what it does, up to twelve lines of it (record's
			// --lesson): the help the caller points to has it.
			if takes := kindTakes(f.Value); takes != "" {
				return fmt.Errorf("%s needs a value after it: %s", Dashed(m[1]), takes)
			}
			return fmt.Errorf("%s needs a value after it", Dashed(m[1]))
		}
	}
	m := badValueRE.FindStringSubmatch(err.Error())
	if m == nil {
		// A flag of the program's own kinds (a budget, a choice, a fault)
		// words its refusal itself: only the package's frame, which names
		// the flag with one dash, is put as the help does.
		if m := ownValueRE.FindStringSubmatch(err.Error()); m != nil && fs.Lookup(m[2]) != nil {
			return fmt.Errorf("%s: %s", Dashed(m[2]), m[3])
		}
		return err
	}
	f := fs.Lookup(m[2])
	if f == nil {
		return err
	}
	if m[3] == "value out of range" {
		// The number is the kind the flag takes, only past what it holds:
		// "takes a whole number" would send the learner looking for what
		// is not whole in it. A flag with a range of its own says that
		// range, as it does of a number inside what the kind holds.
		if r, ok := f.Value.(Ranged); ok {
			if strings.Contains(r.Allowed(), " to ") {
				return OutOfRange(f.Name, m[1], r)
			}
			// An open range (--width's "at least 40") has no top to
			// say: the kind's is the one passed.
			if bound, ok := outOfRange(r.Unwrap(), strings.HasPrefix(m[1], "-")); ok {
				return fmt.Errorf("%s %s is too %s: %s", Dashed(f.Name), m[1], bound.what, bound.limit)
			}
		}
		if bound, ok := outOfRange(f.Value, strings.HasPrefix(m[1], "-")); ok {
			return fmt.Errorf("%s %s is too %s: %s", Dashed(f.Name), m[1], bound.what, bound.limit)
		}
	}
	if _, isBool := f.Value.(interface{ IsBoolFlag() bool }); isBool {
		return fmt.Errorf("%s takes true or false (or nothing: %s alone is true), got %q", Dashed(f.Name), Dashed(f.Name), m[1])
	}
	takes := kindTakes(f.Value)
	if takes == "" {
		return err
	}
	return fmt.Errorf("%s takes %s, got %q", Dashed(f.Name), takes, m[1])
}

// kindTakes words what a flag of the flag package's number kinds takes,
// or "" for any other. The refusal says no more of the flag: its text
// says what the flag does, not what it takes, and serve's ran to four
// lines inside the refusal's one. The list of flags that --help prints,
// which the caller points to, has it.
func kindTakes(v flag.Value) string {
	if r, ok := v.(Ranged); ok {
		// The range, which the help and the check read too, whatever
		// went wrong: a word got "takes a whole number" and only a
		// number out of range learned which numbers.
		return Takes(kindNoun(r.Unwrap()), r.Allowed())
	}
	switch fmt.Sprintf("%T", v) {
	case "*flag.uint64Value", "*flag.uintValue":
		return "a whole number, 0 or more"
	case "*flag.intValue", "*flag.int64Value":
		return "a whole number"
	case "*flag.float64Value":
		return "a number"
	case "*flag.durationValue":
		return "a duration, such as 500ms, 2s or 1m30s"
	}
	return ""
}

// Takes is what a ranged flag takes: its kind ("a whole number") and its
// range, "from 1 to 10000", or an open one as it is said, ", at least 40"
// (--width, which has no widest), never "from at least 40".
func Takes(kind, allowed string) string {
	if strings.Contains(allowed, " to ") {
		return kind + " from " + allowed
	}
	return kind + ", " + allowed
}

// kindNoun is the kind of number v, a flag package's value, takes: "a
// whole number", "a number", "a duration"; "a value" for any other.
func kindNoun(v flag.Value) string {
	switch fmt.Sprintf("%T", v) {
	case "*flag.uint64Value", "*flag.uintValue", "*flag.intValue", "*flag.int64Value":
		return "a whole number"
	case "*flag.float64Value":
		return "a number"
	case "*flag.durationValue":
		return "a duration"
	}
	return "a value"
}

// Ranged is a number flag's value that declares the values it allows:
// once, so that the help, the check and both refusals (of a word and of a
// number out of range) read the same range.
type Ranged interface {
	flag.Value
	// Allowed is the range in words: "1 to 10000", "1s to 10m".
	Allowed() string
	// Unwrap is the flag package's own value it checks.
	Unwrap() flag.Value
}

// OutOfRange refuses value, given to flag name of range r: "--max-sessions
// 0: allowed are 1 to 10000".
func OutOfRange(name, value string, r Ranged) error {
	return fmt.Errorf("%s %s: allowed are %s", Dashed(name), value, r.Allowed())
}

// bound is the end of a number flag's range a value went past: too
// "large" or too "small", and that end in words.
type bound struct{ what, limit string }

// outOfRange is the end of v's range a value outside it went past,
// negative says which; ok is false for a flag that is no number of the
// flag package's.
func outOfRange(v flag.Value, negative bool) (b bound, ok bool) {
	largest := func(n string) bound { return bound{"large", "the largest it takes is " + n} }
	smallest := func(n string) bound { return bound{"small", "the smallest it takes is " + n} }
	switch fmt.Sprintf("%T", v) {
	case "*flag.uint64Value":
		return largest(strconv.FormatUint(math.MaxUint64, 10)), true
	case "*flag.uintValue":
		return largest(strconv.FormatUint(math.MaxUint, 10)), true
	case "*flag.int64Value":
		if negative {
			return smallest(strconv.FormatInt(math.MinInt64, 10)), true
		}
		return largest(strconv.FormatInt(math.MaxInt64, 10)), true
	case "*flag.intValue":
		if negative {
			return smallest(strconv.Itoa(math.MinInt)), true
		}
		return largest(strconv.Itoa(math.MaxInt)), true
	case "*flag.float64Value":
		if negative {
			return smallest("about -1.8e308"), true
		}
		return largest("about 1.8e308"), true
	}
	return bound{}, false
}
