package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/internal/spell"
)

// parseArgs parses flags that may come before or after positional
// arguments (`run cascade --seed 5` and `run --seed 5 cascade` both work)
// and returns the positional ones. Errors are usage errors that name the
// flag and list the ones allowed.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	fs.SetOutput(io.Discard)
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, usagef("%s", flagHelp(fs))
			}
			return nil, usagef("%v\n%s", explainFlagError(fs, err), flagHelp(fs))
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// badValueRE is how the flag package words a value its own number,
// duration or bool flags could not read ("invalid value "-1" for flag
// -seed: parse error", "invalid boolean value "x" for -wide: parse error").
var badValueRE = regexp.MustCompile(`^invalid (?:boolean )?value "(.*)" for (?:flag )?-(\S+): (?:parse error|value out of range)$`)

// unknownFlagRE is the flag package's word for a flag the command does
// not have ("flag provided but not defined: -nope").
var unknownFlagRE = regexp.MustCompile(`^flag provided but not defined: -+(\S+)$`)

// didYouMeanFlag is "; did you mean --NAME?" for the flag got most likely
// meant, or "".
func didYouMeanFlag(got string, names []string) string {
	if near := spell.Closest(got, names); near != "" {
		return fmt.Sprintf(": did you mean --%s?", near)
	}
	return ""
}

// ownValueRE is the flag package's frame around the refusal of a Value
// this program defines: "invalid value "0" for flag -budget: a budget must
// be ...".
var ownValueRE = regexp.MustCompile(`(?s)^invalid value "(.*)" for flag -(\S+): (.+)$`)

// explainFlagError says what a flag of the flag package's own kinds takes,
// where the package says only "parse error".
func explainFlagError(fs *flag.FlagSet, err error) error {
	if m := unknownFlagRE.FindStringSubmatch(err.Error()); m != nil {
		var names []string
		fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
		return fmt.Errorf("unknown flag --%s%s", m[1], didYouMeanFlag(m[1], names))
	}
	m := badValueRE.FindStringSubmatch(err.Error())
	if m == nil {
		// A flag of this program's own kinds (a budget, a choice, a
		// fault) words its refusal itself: only the package's frame,
		// which names the flag with one dash, is put as the help does.
		if m := ownValueRE.FindStringSubmatch(err.Error()); m != nil && fs.Lookup(m[2]) != nil {
			return fmt.Errorf("--%s: %s", m[2], m[3])
		}
		return err
	}
	f := fs.Lookup(m[2])
	if f == nil {
		return err
	}
	var takes string
	switch fmt.Sprintf("%T", f.Value) {
	case "*flag.uint64Value", "*flag.uintValue":
		takes = "a whole number, 0 or more"
	case "*flag.intValue", "*flag.int64Value":
		takes = "a whole number"
	case "*flag.float64Value":
		takes = "a number"
	case "*flag.durationValue":
		takes = "a duration, such as 500ms, 2s or 1m30s"
	case "*flag.boolValue":
		takes = "true or false (or nothing: --" + f.Name + " alone is true)"
	default:
		return err
	}
	return fmt.Errorf("--%s takes %s (%s), got %q", f.Name, takes, f.Usage, m[1])
}

// flagHelp lists a flag set's flags in one short block.
func flagHelp(fs *flag.FlagSet) string {
	var b strings.Builder
	fmt.Fprintf(&b, "flags of %s:", fs.Name())
	fs.VisitAll(func(f *flag.Flag) {
		dashes := "--"
		if len(f.Name) == 1 {
			dashes = "-" // -o FILE, as the usage lines and examples write it
		}
		fmt.Fprintf(&b, "\n  %s%s", dashes, f.Name)
		if f.DefValue != "" && f.DefValue != "false" {
			fmt.Fprintf(&b, " (default %s)", f.DefValue)
		}
		fmt.Fprintf(&b, "  %s", f.Usage)
	})
	return b.String()
}

// choiceFlag is a string flag that accepts only listed values.
type choiceFlag struct {
	value   string
	choices []string
}

func (c *choiceFlag) String() string { return c.value }

func (c *choiceFlag) Set(s string) error {
	for _, ok := range c.choices {
		if s == ok {
			c.value = s
			return nil
		}
	}
	return fmt.Errorf("%q is not one of %s", s, strings.Join(c.choices, ", "))
}

// budgetFlag is --budget: the most simulated requests a run may cost
// (engine.EstimateCost), read as 150M, 2e8 or 1500000.
type budgetFlag struct{ n int64 }

// addBudgetFlag adds --budget to a command's flags.
func addBudgetFlag(fs *flag.FlagSet) *budgetFlag {
	b := &budgetFlag{n: engine.DefaultBudget}
	fs.Var(b, "budget", "the most requests the run may simulate (arrivals and every call's attempts), such as 150M, 2e8 or 1500000")
	return b
}

func (b *budgetFlag) String() string {
	if b == nil {
		return ""
	}
	return engine.BudgetValue(float64(b.n))
}

func (b *budgetFlag) Set(s string) error {
	n, err := engine.ParseBudget(s)
	if err != nil {
		return err
	}
	b.n = n
	return nil
}

// check refuses a cost over the budget, as a usage error that names the
// figure, the budget and the flag that raises it.
func (b *budgetFlag) check(c engine.Cost) error {
	return budgetRefusal(engine.CheckCost(c, b.n))
}

// budgetRefusal makes an error that holds an *engine.BudgetError name the
// --budget flag, and a usage error (exit 2); other errors pass unchanged.
func budgetRefusal(err error) error {
	var be *engine.BudgetError
	if err == nil || !errors.As(err, &be) {
		return err
	}
	be.Flag = "--budget"
	return usageError{err}
}
