package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/breakerlab/breakerlab/lessons"
)

func init() {
	register(command{name: "facts", summary: "the library defaults and rules every text quotes, with their sources (facts [NAME])", run: runFacts})
}

// runFacts prints lessons/facts: what {{fact NAME}} in a lesson, card,
// cheat-sheet line or rubric reads, printed as a text prints it.
func runFacts(args []string, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("facts", flag.ContinueOnError)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usagef("facts takes at most one fact's name, got %q", pos)
	}
	list, err := lessons.FactTable(pos...)
	if err != nil {
		return usagef("%v", err)
	}
	for _, f := range list {
		if _, err := fmt.Fprintf(stdout, "%s = %s\n  %s\n  source: %s\n", f.Name, f.Printed, f.Says, f.Source); err != nil {
			return err
		}
	}
	return nil
}
