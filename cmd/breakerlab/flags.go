package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
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
			return nil, usagef("%v\n%s", err, flagHelp(fs))
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// flagHelp lists a flag set's flags in one short block.
func flagHelp(fs *flag.FlagSet) string {
	var b strings.Builder
	fmt.Fprintf(&b, "flags of %s:", fs.Name())
	fs.VisitAll(func(f *flag.Flag) {
		fmt.Fprintf(&b, "\n  --%s", f.Name)
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
