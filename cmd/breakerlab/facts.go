package main

import (
	"flag"
	"io"
	"strings"

	"github.com/breakerlab/breakerlab/engine/report"

	"github.com/breakerlab/breakerlab/lessons"
)

func init() {
	register(command{name: "facts", summary: "the library defaults and rules every text quotes, with their sources", usage: "facts [NAME]", run: runFacts})
}

// runFacts prints lessons/facts: what {{fact NAME}} in a lesson, card,
// cheat-sheet line or rubric reads, printed as a text prints it. What a
// fact says and its source wrap under themselves, to the terminal's width
// or 80 columns, as the cheat sheet does: whole, a source ran to 280.
func runFacts(args []string, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("facts", flag.ContinueOnError)
	widths := addTextWidthFlags(fs)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usagef("facts takes at most one fact's name, got %s", argsWords(pos))
	}
	width, err := widths.resolve(stdout)
	if err != nil {
		return err
	}
	list, err := lessons.FactTable(pos...)
	if err != nil {
		return usagef("%v", err)
	}
	var b strings.Builder
	for _, f := range list {
		b.WriteString(report.Wrap(f.Name+" = "+f.Printed, width, 4))
		b.WriteString(report.Wrap("  "+f.Says, width, 2))
		// Under "source:" by 4, not aligned with its text: a source holds
		// paths of 75 characters, which fit no narrower.
		b.WriteString(report.Wrap("  source: "+f.Source, width, 4))
	}
	_, err = io.WriteString(stdout, b.String())
	return err
}
