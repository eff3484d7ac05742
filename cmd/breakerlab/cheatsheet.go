package main

import (
	"flag"
	"io"

	"github.com/breakerlab/breakerlab/lessons/drill"
)

func init() {
	register(command{name: "cheatsheet", summary: "one page to review before an interview: defaults, formulas, orders, which tool (cheatsheet [--format text|markdown])", run: runCheatSheet})
}

func runCheatSheet(args []string, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("cheatsheet", flag.ContinueOnError)
	format := &choiceFlag{value: "text", choices: []string{"text", "markdown"}}
	fs.Var(format, "format", "text (80 columns) or markdown (for printing)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("cheatsheet takes no arguments, got %q; the format is --format text|markdown", pos)
	}
	s, err := drill.CheatSheet(drill.Format(format.value))
	if err != nil {
		return usagef("%v", err)
	}
	_, err = io.WriteString(stdout, s)
	return err
}
