package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/internal/flagerr"
)

// parseArgs parses flags that may come before or after positional
// arguments (`run cascade --seed 5` and `run --seed 5 cascade` both work)
// and returns the positional ones. Errors are usage errors that name the
// flag and list the ones allowed.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	fs.SetOutput(io.Discard)
	if err := flagTakenAsValue(fs, args); err != nil {
		return nil, err
	}
	args = negativeValuesJoined(fs, args)
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
			if name, ok := flagerr.NeedsValue(err); ok && fs.Lookup(name) != nil {
				return nil, flagUsagef("%s", needsValue(fs.Lookup(name)))
			}
			if err := valueAsFlag(fs, err); err != nil {
				return nil, err
			}
			return nil, flagUsagef("%v", flagerr.Explain(asHelpReads(fs), err))
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, checkRanges(fs)
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// valueAsFlag refuses an unknown flag that is a value another flag of fs
// takes (--json for --format json) by naming that flag, or is nil. The
// refusal otherwise listed every flag and left the reader to guess which
// one takes json: the word is no misspelling, so no flag's name is near it.
func valueAsFlag(fs *flag.FlagSet, err error) error {
	name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: ")
	if !ok {
		return nil
	}
	word := strings.TrimLeft(name, "-")
	var owner, value string
	fs.VisitAll(func(f *flag.Flag) {
		v := f.Value
		if w, ok := v.(wordedDefault); ok {
			v = w.Value
		}
		c, ok := v.(*choiceFlag)
		if !ok || owner != "" {
			return
		}
		for _, choice := range c.choices {
			if strings.EqualFold(choice, word) {
				owner, value = flagerr.Dashed(f.Name), choice
				return
			}
		}
	})
	if owner == "" {
		return nil
	}
	return flagUsagef("unknown flag %s: %s is a value of %s: did you mean %s %s?", flagerr.Dashed(word), value, owner, owner, value)
}

// flagRefusal is a usage error that refuses a flag or its value, in one
// line that runCommandLine ends with where the command's flags are
// explained (`breakerlab CMD --help`). A refusal of a value the flag
// package could not read printed the whole list of flags after it, some
// sixty lines of serve's, which pushed the line that said what was wrong
// off the top of the screen, while a value read but out of range said
// nothing of where to look.
//
// A refusal of a command's argument that names nothing it knows (a
// preset, a fact) ends the same way, and fit wraps its whole line,
// that ending too, to messageWidth: its list of names ran to one line
// of 1,400 characters.
type flagRefusal struct {
	err error
	fit bool
}

func (f flagRefusal) Error() string { return f.err.Error() }
func (f flagRefusal) Unwrap() error { return f.err }

// fittedRefusal is a usage error whose line is wrapped to messageWidth
// and ends where its message does: one that says itself what to type
// instead needs no pointer to --help.
type fittedRefusal struct{ err error }

func (f fittedRefusal) Error() string { return f.err.Error() }
func (f fittedRefusal) Unwrap() error { return f.err }

// flagUsagef is usagef of a flag refusal: its message names the flag,
// what was given and what is allowed.
func flagUsagef(format string, args ...any) error {
	return usageError{flagRefusal{err: fmt.Errorf(format, args...)}}
}

// nameUsagef is flagUsagef of an argument that names nothing the command
// knows: what was given, the names nearest it and where all are listed.
func nameUsagef(format string, args ...any) error {
	return usageError{flagRefusal{err: fmt.Errorf(format, args...), fit: true}}
}

// nameRefusal is nameUsagef of err, a lookup's refusal of a name (a
// lesson, a challenge, a scenario), kept for errors.Is: the name refused
// as every other is, its line ending with where the command is explained.
func nameRefusal(err error) error {
	return usageError{flagRefusal{err: err, fit: true}}
}

// noArguments refuses args given to cmd, a command with no flags, which
// takes what takes says ("" for nothing): a flag among them is an unknown flag, as
// every other command words one ("version --json" read `version takes no
// arguments, got ["--json"]`, a Go slice; "man --nope" took it for the
// folder), and a word more than it takes says what it got.
func noArguments(cmd, takes string, args []string) error {
	for _, a := range args {
		if strings.HasPrefix(a, "-") && a != "-" {
			if takes == "" {
				return flagUsagef("unknown flag %s: %s takes no flags", a, cmd)
			}
			return flagUsagef("unknown flag %s: %s takes no flags, only %s", a, cmd, takes)
		}
	}
	if takes == "" {
		return flagUsagef("%s takes no arguments, got %s", cmd, argsWords(args))
	}
	return flagUsagef("%s takes %s, got %s", cmd, takes, argsWords(args))
}

// needsValue refuses flag f given last with no value, naming the value
// as the help names it ("--check FILE"), and for a number what it takes.
func needsValue(f *flag.Flag) string {
	d := describeFlag(f, true)
	msg := d.name + " needs a value after it: " + d.name + " " + d.arg
	if d.arg == "" {
		msg = d.name + " needs a value after it"
	}
	_, budget := f.Value.(*budgetFlag)
	switch {
	case budget:
		msg += ", such as 150M, 2e8 or 1500000"
	case rangedOK(f) && d.arg == "N":
		msg += ", " + flagerr.Takes("a whole number", mustRange(f).Allowed())
	case rangedOK(f) && d.arg == "DURATION":
		msg += ", " + flagerr.Takes("a duration", mustRange(f).Allowed())
	case rangedOK(f) && d.arg == "NUMBER":
		msg += ", " + flagerr.Takes("a number", mustRange(f).Allowed())
	case d.arg == "N":
		msg += ", a whole number"
	case d.arg == "DURATION":
		msg += ", such as 500ms, 2s or 1m30s"
	}
	return msg
}

// asHelpReads is a copy of fs for flagerr.Explain, which quotes a flag's
// text and words a bad value by the flag's kind: each text as the help
// prints it, its value's name without the flag package's backquotes ("the
// design in FILE", not "in `FILE`"), and each value its own kind, not
// wrapped in a wordedDefault.
func asHelpReads(fs *flag.FlagSet) *flag.FlagSet {
	plain := flag.NewFlagSet(fs.Name(), flag.ContinueOnError)
	plain.SetOutput(io.Discard)
	fs.VisitAll(func(f *flag.Flag) {
		_, usage := flag.UnquoteUsage(f)
		v := f.Value
		if w, ok := v.(wordedDefault); ok {
			v = w.Value
		}
		plain.Var(v, f.Name, usage)
	})
	return plain
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
// flagHelp lists them, and which the man pages read one by one. A refusal
// lists them too, at textWidth columns: its message is made before it knows
// the terminal it will be printed on.
type flagList struct{ fs *flag.FlagSet }

func (l flagList) Error() string { return flagHelp(l.fs) }

// flagHelp is flagHelpWidth at textWidth columns, for the messages that
// list a command's flags after refusing one.
func flagHelp(fs *flag.FlagSet) string {
	return flagHelpWidth(fs, textWidth)
}

// flagHelpWidth lists a flag set's flags, each as describeFlag words it
// for the machine the help is read on: the flag, its value's name and its
// default on a line, and its text under it with a hanging indent, wrapped
// to width columns (0: a line each) between words, never inside a word, a
// flag's name or a number and its unit (report.Wrap), and at most
// maxProseWidth columns. Under it, not beside
// it: the flags' lines run from 7 columns (-o FILE) to over 60 (serve's
// --data-dir), and a text beside the longest would have no room left.
func flagHelpWidth(fs *flag.FlagSet, width int) string {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n == 0 {
		return fs.Name() + " takes no flags"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "flags of %s:\n", fs.Name())
	fs.VisitAll(func(f *flag.Flag) {
		d := describeFlag(f, true)
		line := "  " + d.name
		if d.arg != "" {
			line += " " + d.arg
		}
		if d.def != "" {
			line += " (" + d.def + ")"
		}
		b.WriteString(report.Wrap(line, width, flagTextIndent))
		// A flag's text is prose, read along its lines: it stops at a
		// readable measure as a help's paragraphs do (proseWidth).
		text := report.Wrap(strings.Repeat(" ", flagTextIndent)+keepQuotesWhole(d.usage), proseWidth(width), flagTextIndent)
		b.WriteString(strings.ReplaceAll(text, quotedSpace, " "))
	})
	return strings.TrimSuffix(b.String(), "\n")
}

// keepQuotesWhole joins the words of each example in single quotes in text
// ('12s inventory slow 2s for 10s') by quotedSpace, which report.Wrap
// takes for a letter: an example split over two lines is copied wrong. A
// quote opens after a space or a bracket, so that the apostrophe of "the
// API's port" opens none, and closes before one or a mark.
func keepQuotesWhole(text string) string {
	var b strings.Builder
	open := false
	for i, r := range text {
		switch {
		case r == '\'' && !open && (i == 0 || strings.ContainsRune(" (", rune(text[i-1]))):
			open = true
		case r == '\'' && open && (i == len(text)-1 || strings.ContainsRune(" ,;:.)", rune(text[i+1]))):
			open = false
		case r == ' ' && open:
			b.WriteString(quotedSpace)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// quotedSpace stands for a space inside quotes while a flag's text wraps:
// a character of private use, which no flag's text holds and which is no
// space to strings.Fields, counted one column as the space it stands for.
const quotedSpace = "\ue000"

// flagTextIndent is how far a flag's text is indented under its name: past
// the name's two dashes, so that the names stand out down the left.
const flagTextIndent = 6

// flagWords is one flag as --help and its man page list it.
type flagWords struct {
	name  string // with its dashes: --seed, -o
	arg   string // what its value is, N in "--width N"; "" when unnamed
	def   string // "default 5" or "default: the terminal's width"; "" for none
	usage string // its text, the value's name unquoted
}

// describeFlag is f as --help and the man pages list it, the one source
// for both. Its value is named when its text names it in backquotes, as
// the flag package's own help does ("--check FILE"): the package's guess
// from the type ("value", "int") says nothing. onThisMachine is false for
// a man page, which is written where the release is built: a default
// counted on that machine (its cores) is left out of it.
func describeFlag(f *flag.Flag, onThisMachine bool) flagWords {
	arg, usage := flag.UnquoteUsage(f)
	if !strings.Contains(f.Usage, "`") {
		arg = valueName(f)
	}
	d := flagWords{name: "--" + f.Name, arg: arg, usage: usage}
	if len(f.Name) == 1 {
		d.name = "-" + f.Name // -o FILE, as the usage lines and examples write it
	}
	if w, ok := f.Value.(wordedDefault); ok {
		d.def = "default: " + w.words
		if w.machine && onThisMachine {
			d.def += ", " + f.DefValue + " here"
		}
	} else if def := flagDefault(f); def != "" {
		d.def = "default " + def
	}
	return d
}

// valueName names the value of a flag whose text names none in backquotes
// by its kind, so that the help tells a flag that takes a value ("--seed
// N") from a switch ("--wide"), which takes none and gets "". A choice is
// its choices (table|json); a count or a budget N; a duration DURATION; a
// fraction NUMBER; any other its own name in capitals (--fault FAULT,
// --goal GOAL), or VALUE for a name of several words.
func valueName(f *flag.Flag) string {
	v := f.Value
	if w, ok := v.(wordedDefault); ok {
		v = w.Value
	}
	if b, ok := v.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
		return ""
	}
	switch v := v.(type) {
	case *choiceFlag:
		return strings.Join(v.choices, "|")
	case *budgetFlag:
		return "N"
	case flag.Getter:
		switch v.Get().(type) {
		case int, int64, uint, uint64:
			return "N"
		case time.Duration:
			return "DURATION"
		case float64:
			return "NUMBER"
		}
	}
	if strings.Contains(f.Name, "-") {
		return "VALUE"
	}
	return strings.ToUpper(f.Name)
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

// wordedDefault is a flag whose help says its default in words, where the
// value would mislead: --width's 0 stands for the terminal's width, and
// --max-simulations' is the count of this machine's cores.
type wordedDefault struct {
	flag.Value
	words string // "the terminal's width"
	// machine: the value is this machine's, which --help adds ("2 here")
	// and a man page, written on the machine that built the release,
	// leaves out.
	machine bool
}

// sayDefault makes fs's flag name say its default in words. The flag
// must not be a switch: the flag package looks for IsBoolFlag on the
// value, which the wrapper hides.
func sayDefault(fs *flag.FlagSet, name, words string, machine bool) {
	f := fs.Lookup(name)
	f.Value = wordedDefault{Value: f.Value, words: words, machine: machine}
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
