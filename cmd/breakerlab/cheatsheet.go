package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/breakerlab/breakerlab/lessons/drill"
)

func init() {
	register(command{name: "cheatsheet", summary: "one page to review before an interview: defaults, formulas, orders, which tool", usage: "cheatsheet [--format text|markdown] [--check]", run: runCheatSheet})
}

// checkCheatSheet checks the built-in sheet; a test swaps in a bad one.
var checkCheatSheet = drill.CheckCheatSheet

func runCheatSheet(args []string, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("cheatsheet", flag.ContinueOnError)
	format := &choiceFlag{value: "text", choices: []string{"text", "markdown"}}
	fs.Var(format, "format", "text (80 columns) or markdown (for printing)")
	check := fs.Bool("check", false, "fill every placeholder, evaluate every claim, refuse typed numbers and library numbers not from facts or presets; exit 1 naming the section and row that is wrong")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("cheatsheet takes no arguments, got %q; the format is --format text|markdown", pos)
	}
	if *check {
		if format.value != "text" {
			return usagef("--check prints a summary, not the sheet: drop --format %s", format.value)
		}
		sum, err := checkCheatSheet()
		if err != nil {
			return fmt.Errorf("the cheat sheet does not check:\n%w", err)
		}
		_, err = fmt.Fprintln(stdout, sum)
		return err
	}
	s, err := drill.CheatSheet(drill.Format(format.value))
	if err != nil {
		return usagef("%v", err)
	}
	_, err = io.WriteString(stdout, s)
	return err
}
