package main

import (
	"flag"
	"strconv"
	"strings"
)

// optionalValue is a switch that takes a value when one follows it
// (interview --history, --history 3): the flag package parses it as a
// switch, and the command reads the word after it as a positional.
type optionalValue interface {
	IsBoolFlag() bool
	OptionalValue()
}

// negativeValuesJoined writes a negative number after a switch that
// takes an optional value as that switch's value (--history -1 as
// --history=-1), so that the command can refuse it as a value. The flag
// package gives a switch no next word, and reads a next word that starts
// with a dash as a flag: "unknown flag -1", where every flag that takes a
// number says which numbers it takes.
func negativeValuesJoined(fs *flag.FlagSet, args []string) []string {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(out, args[i:]...)
		}
		if f := flagNamed(fs, a); f != nil && !strings.Contains(a, "=") && i+1 < len(args) && isNegativeNumber(args[i+1]) {
			if _, ok := f.Value.(optionalValue); ok {
				out = append(out, a+"="+args[i+1])
				i++
				continue
			}
		}
		out = append(out, a)
	}
	return out
}

// isNegativeNumber says whether word is a number below zero ("-1", "-2.5").
func isNegativeNumber(word string) bool {
	_, err := strconv.ParseFloat(word, 64)
	return err == nil && strings.HasPrefix(word, "-")
}

// flagTakenAsValue finds a flag that takes a value given another flag in
// its place (`challenge 8 --check --format json`), before the flag
// package parses args. The flag package takes the word after such a flag
// as its value whatever it is, so --check read "--format" as its file and
// the command then refused "json" as a second challenge: a message about
// neither mistake. A value that starts with a dash but is no flag of the
// command (a negative number, "-" for standard input) is left to the flag.
func flagTakenAsValue(fs *flag.FlagSet, args []string) error {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return nil
		}
		f := flagNamed(fs, a)
		if f == nil || takesNoValue(f) || strings.Contains(a, "=") || i+1 == len(args) {
			continue
		}
		next := args[i+1]
		if g := flagNamed(fs, next); g != nil || isHelpFlag(next) {
			d := describeFlag(f, false)
			what := d.name
			if d.arg != "" {
				what += " " + d.arg
			}
			return flagUsagef("%s takes a value, and the word after it is the flag %s: write %s, then %s", d.name, next, what, next)
		}
		i++ // the value, which may itself start with a dash
	}
	return nil
}

// flagNamed is the flag of fs that word names ("-o", "--seed",
// "--seed=5"), or nil when word is no flag of fs.
func flagNamed(fs *flag.FlagSet, word string) *flag.Flag {
	if !strings.HasPrefix(word, "-") || word == "-" || word == "--" {
		return nil
	}
	name, _, _ := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(word, "-"), "-"), "=")
	return fs.Lookup(name)
}

// takesNoValue says whether f is a switch (--wide), which the flag
// package never gives the next word.
func takesNoValue(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// isHelpFlag says whether word asks for help, which every command takes
// without defining it.
func isHelpFlag(word string) bool {
	name, _, _ := strings.Cut(strings.TrimLeft(word, "-"), "=")
	return strings.HasPrefix(word, "-") && (name == "h" || name == "help")
}
