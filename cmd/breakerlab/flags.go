package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/internal/flagerr"
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
				if a := helpWithValue(args); a != "" {
					// The flag package takes -help=anything as a call
					// for help, and a list of flags on exit 2 would
					// not say what was wrong.
					return nil, usagef("%s: --help takes no value: give --help alone for %s's flags, or leave it out to run", a, fs.Name())
				}
				return nil, usageError{flagList{fs}}
			}
			return nil, usagef("%v\n%s", flagerr.Explain(fs, err), flagHelp(fs))
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// helpWithValue is the first help flag given a value (--help=false) in
// args before a "--", or "".
func helpWithValue(args []string) string {
	for _, a := range args {
		if a == "--" {
			return ""
		}
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") && hasValue && (name == "h" || name == "help") {
			return a
		}
	}
	return ""
}

// flagList is a command's answer to --help: its flags, which it reads as
// flagHelp lists them, and which the man pages read one by one.
type flagList struct{ fs *flag.FlagSet }

func (l flagList) Error() string { return flagHelp(l.fs) }

// flagHelp lists a flag set's flags in one short block.
func flagHelp(fs *flag.FlagSet) string {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n == 0 {
		return fs.Name() + " takes no flags"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "flags of %s:", fs.Name())
	fs.VisitAll(func(f *flag.Flag) {
		dashes := "--"
		if len(f.Name) == 1 {
			dashes = "-" // -o FILE, as the usage lines and examples write it
		}
		fmt.Fprintf(&b, "\n  %s%s", dashes, f.Name)
		if def := flagDefault(f); def != "" {
			fmt.Fprintf(&b, " (default %s)", def)
		}
		fmt.Fprintf(&b, "  %s", f.Usage)
	})
	return b.String()
}

// flagDefault is f's default as the help and the man pages write it, or
// "" when it has none worth saying (empty, or a switch that is off). A
// duration's is written by engine.FormatDuration, as the rest of the program
// writes durations: the flag package keeps time.Duration's own "30m0s",
// which no message, scenario file or fault spec uses.
func flagDefault(f *flag.Flag) string {
	if f.DefValue == "" || f.DefValue == "false" {
		return ""
	}
	if g, ok := f.Value.(flag.Getter); ok {
		if _, isDuration := g.Get().(time.Duration); isDuration {
			// DefValue, not Get(): a flag given before --help has a value
			// that is not its default.
			if d, err := time.ParseDuration(f.DefValue); err == nil {
				return engine.FormatDuration(d)
			}
		}
	}
	return f.DefValue
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
