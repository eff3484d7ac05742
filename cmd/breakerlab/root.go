package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/exercises/cli"
	"github.com/breakerlab/breakerlab/internal/spell"
	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"
)

// The command line is a cobra tree built from the command table: every
// registered command becomes a subcommand that hands its raw arguments to
// its own run function (DisableFlagParsing), so each keeps its own flag
// parser, messages and exit codes. Cobra adds what a table cannot: shell
// completion (completion.go), `help COMMAND` and man pages (man.go).

func init() {
	// A double-click on breakerlab.exe in Explorer opens the home screen in
	// a console, rather than cobra's "this is a command line tool" notice.
	cobra.MousetrapHelpText = ""
}

// commandError is a registered command's error, with the command's name for
// the message.
type commandError struct {
	name string
	err  error
}

func (c commandError) Error() string { return c.err.Error() }
func (c commandError) Unwrap() error { return c.err }

// unknownCommandError is a first argument that names no command.
type unknownCommandError struct{ name string }

func (u unknownCommandError) Error() string {
	if presentWords[strings.ToLower(u.name)] {
		// A teacher about to put a screen on the wall typed the mode's
		// name and read "did you mean presets?", a command that lists
		// library defaults: presentation mode is a flag, and a key.
		return fmt.Sprintf("unknown command %q: presentation mode is a flag, not a command: breakerlab --present (the home screen), breakerlab lesson N --present, breakerlab sandbox --present or breakerlab serve --teacher --present; ctrl+p turns it on and off on any screen", u.name)
	}
	if classroomWords[strings.ToLower(u.name)] {
		// A teacher looking for the classroom read the whole list of
		// commands, none of them named for a class, and "did you mean
		// lessons?" or nothing at all: the classroom is serve.
		return fmt.Sprintf("unknown command %q: the classroom is breakerlab serve, which serves the program over SSH for students to join from their own terminals; breakerlab serve --teacher also runs the teacher's screen here, which students can follow (see breakerlab serve --help)", u.name)
	}
	if near := spell.Closest(u.name, commandNames()); near != "" && u.name != "" {
		return fmt.Sprintf("unknown command %q: did you mean %s? (the commands are: %s)", u.name, near, strings.Join(commandNames(), ", "))
	}
	return fmt.Sprintf("unknown command %q; the commands are: %s", u.name, strings.Join(commandNames(), ", "))
}

// presentWords are the names a first argument gives presentation mode by.
var presentWords = map[string]bool{"present": true, "presentation": true, "presenter": true, "projector": true}

// classroomWords are the names a first argument gives the classroom
// (serve) by.
var classroomWords = map[string]bool{"teach": true, "teacher": true, "class": true, "classroom": true, "room": true}

// newRoot builds the cobra tree from the command table.
func newRoot(stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:                "breakerlab",
		Short:              "learn how systems survive a failing dependency",
		Example:            rootExamples,
		Args:               cobra.ArbitraryArgs,
		DisableFlagParsing: true,
		SilenceErrors:      true,
		SilenceUsage:       true,
		// runMain always hands the tree a command name, so the root itself
		// only runs for a name that is not a command.
		RunE: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 {
				return unknownCommandError{""}
			}
			return unknownCommandError{args[0]}
		},
		ValidArgsFunction: cobra.NoFileCompletions,
	}
	root.CompletionOptions.DisableDefaultCmd = true // `completion` is in the table
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetHelpFunc(func(c *cobra.Command, _ []string) {
		if c == root {
			printUsage(c.OutOrStdout())
			return
		}
		if cmd, ok := commands[c.Name()]; ok {
			printCommandHelp(c.OutOrStdout(), cmd)
			return
		}
		fmt.Fprintf(c.OutOrStdout(), "%s\n\n%s", c.Short, c.UsageString())
	})
	// `help NAME`: cobra's own help command shows the root's page, exit 0,
	// for a name that is no command; this one says so and exits 2.
	root.SetHelpCommand(&cobra.Command{
		Use:   "help [COMMAND]",
		Short: "a command's flags and examples",
		RunE: func(_ *cobra.Command, args []string) error {
			if len(args) > 1 {
				return usageError{fmt.Errorf("help takes one command's name, got %d words (%s)", len(args), strings.Join(args, " "))}
			}
			if len(args) == 0 {
				printUsage(stdout)
				return nil
			}
			c, ok := commands[args[0]]
			if !ok {
				return unknownCommandError{args[0]}
			}
			printCommandHelp(stdout, c)
			return nil
		},
		ValidArgsFunction: func(_ *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			var names []string
			for _, n := range commandNames() {
				if len(args) == 0 && strings.HasPrefix(n, toComplete) {
					names = append(names, n)
				}
			}
			return names, cobra.ShellCompDirectiveNoFileComp
		},
	})
	for _, name := range commandNames() {
		c := commands[name]
		root.AddCommand(&cobra.Command{
			Use:                c.name,
			Short:              c.summaryLine(),
			Example:            indentExamples(plainExamples(c.examplesText())),
			DisableFlagParsing: true,
			SilenceErrors:      true,
			SilenceUsage:       true,
			RunE: func(_ *cobra.Command, args []string) error {
				return runCommand(c, args, stdout, stderr)
			},
			ValidArgsFunction: func(_ *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
				return complete(c, args, toComplete)
			},
		})
	}
	return root
}

// runCommand runs a registered command on its raw arguments. Arguments that
// ask for help (`run --help`, `run cascade -h`) get `help NAME`'s page on
// standard output and exit 0, as a flag package's own -h does, so that
// `breakerlab run --help | less` shows it; exercises, which has commands of
// its own, answers its help itself.
func runCommand(c command, args []string, stdout, stderr io.Writer) error {
	if c.name != "exercises" && asksForHelp(args) {
		printCommandHelp(stdout, c)
		return nil
	}
	err := c.run(args, stdout, stderr)
	// exercises' own help command is its --help, examples and all: a
	// learner sent to either reads one page.
	helpAsked := asksForHelp(args) || (c.name == "exercises" && len(args) == 1 && args[0] == "help")
	if ex := c.examplesText(); ex != "" && err == nil && helpAsked {
		fmt.Fprintf(stdout, "\nexamples:\n%s", indentExamples(plainExamples(ex)))
	}
	if err != nil {
		return commandError{c.name, err}
	}
	return nil
}

// asksForHelp says whether args hold a help flag the flag package knows
// (-h, -help, --h, --help) before a "--".
func asksForHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--h", "--help":
			return true
		}
	}
	return false
}

// indentExamples indents each line of a command's examples by two spaces.
func indentExamples(ex string) string {
	if ex == "" {
		return ""
	}
	var b strings.Builder
	for line := range strings.SplitSeq(strings.TrimRight(ex, "\n"), "\n") {
		if line == "" {
			b.WriteString("\n")
			continue
		}
		b.WriteString("  " + line + "\n")
	}
	return b.String()
}

// printCommandHelp is `breakerlab help NAME`: the summary, the command's
// flags as its own parser lists them, and its examples, wrapped to
// helpWidth.
func printCommandHelp(w io.Writer, c command) {
	writeCommandHelp(w, c, helpWidth(w))
}

// writeCommandHelp is printCommandHelp at width columns. Every line wraps
// between words but an example's command line, which is kept whole to be
// copied: only the words after it, what it does, wrap under themselves.
// The summary and the words about the command are prose, wrapped to
// proseWidth; the flags and the examples, read down a column, take width.
func writeCommandHelp(w io.Writer, c command, width int) {
	io.WriteString(w, report.Wrap(fmt.Sprintf("breakerlab %s: %s", c.name, c.summaryLine()), proseWidth(width), 2))
	if about := c.about(); about != "" {
		fmt.Fprintf(w, "\n%s", report.Wrap(about, proseWidth(width), 0))
	}
	if fl := flagsText(c, width); fl != "" {
		fmt.Fprintf(w, "\n%s\n", fl)
	}
	if ex := c.examplesText(); ex != "" {
		fmt.Fprintf(w, "\nexamples:\n%s", wrapExamples(indentExamples(ex), width))
	}
}

// maxProseWidth is the widest a help's paragraphs run. Past about 100
// columns an eye loses its way from the end of one line to the start of the
// next, so on a wide terminal prose stops there, as cargo's help does (clap's
// max_term_width, 100), while the flag lists, tables and examples, read down
// a column rather than along a line, take the terminal's whole width.
const maxProseWidth = 100

// proseWidth is the width a help's paragraphs wrap to on a page width
// columns wide (0: no limit, and none here either).
func proseWidth(width int) int {
	if width <= 0 {
		return 0
	}
	return min(width, maxProseWidth)
}

// exampleUnderIndent is how far in an example's words go when they go
// under its command line rather than beside it, as a flag's text does.
const exampleUnderIndent = flagTextIndent

// wrapExamples wraps each example line's words after its command line
// (two or more spaces after it) under themselves, to width columns. A
// command in the words, marked in backquotes ("replay with `asciinema play
// x.cast`"), is kept whole, to be copied as an example's own command line
// is, and printed without them, as help prints no markup (plainExamples);
// when the room beside the command line is narrower than it, or than
// minExampleRoom (a long command line's, such as record's with --reveal),
// the words go under the command line instead, where they have the width
// less exampleUnderIndent: beside, they ran past the terminal's edge. A
// command line itself is never broken; one over the width continues on
// the next line after a backslash (commandExamples).
func wrapExamples(ex string, width int) string {
	var b strings.Builder
	for line := range strings.SplitSeq(strings.TrimSuffix(ex, "\n"), "\n") {
		cut, at := exampleWordsAt(line)
		if at <= 0 || width <= 0 {
			b.WriteString(line + "\n")
			continue
		}
		words := plainExamples(keepCommandsWhole(line[cut:]))
		if at > width-minExampleRoom || widestWord(words) > width-at {
			b.WriteString(strings.TrimRight(line[:cut], " ") + "\n")
			line, at = strings.Repeat(" ", exampleUnderIndent)+words, exampleUnderIndent
		} else {
			line = line[:cut] + words
		}
		b.WriteString(strings.ReplaceAll(report.Wrap(line, width, at), quotedSpace, " "))
	}
	return plainExamples(b.String())
}

// minExampleRoom is the narrowest strip an example's words wrap in beside
// its command line: narrower, they read a word or two a line.
const minExampleRoom = 20

// plainExamples is examples without the backquotes that mark a command in
// an example's words (wrapExamples), for every place that prints them:
// help, the man pages, completion's descriptions.
func plainExamples(ex string) string { return strings.ReplaceAll(ex, "`", "") }

// keepCommandsWhole joins the words of each command in backquotes in text
// by quotedSpace, which report.Wrap takes for a letter, as keepQuotesWhole
// does a flag's example in single quotes.
func keepCommandsWhole(text string) string {
	parts := strings.Split(text, "`")
	for i := 1; i < len(parts); i += 2 {
		parts[i] = strings.ReplaceAll(parts[i], " ", quotedSpace)
	}
	return strings.Join(parts, "`")
}

// widestWord is the width in columns (display cells) of text's widest
// word.
func widestWord(text string) int {
	n := 0
	for _, w := range strings.Fields(text) {
		n = max(n, ansi.StringWidth(w))
	}
	return n
}

// wrapHelpPage wraps a help page written as paragraphs and tables, as
// exercises/cli's Help is, by the rules of every command's help: a
// paragraph (lines at the margin, up to a blank or an indented line) is
// prose, wrapped to proseWidth; a table's row (a line indented two spaces,
// and the lines indented further under it) wraps its words under
// themselves at the table's words column, to width, or exampleUnderIndent
// columns in where that column would leave them too narrow a strip.
func wrapHelpPage(text string, width int) string {
	var b strings.Builder
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	for i := 0; i < len(lines); {
		line := lines[i]
		switch {
		case strings.TrimSpace(line) == "":
			b.WriteString("\n")
			i++
		case !strings.HasPrefix(line, " "):
			para := []string{line}
			for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "" && !strings.HasPrefix(lines[i], " "); i++ {
				para = append(para, lines[i])
			}
			b.WriteString(report.Wrap(strings.Join(para, " "), proseWidth(width), 0))
		default:
			_, col := exampleWordsAt(line)
			for ; i < len(lines) && strings.HasPrefix(lines[i], " "); i++ {
				row := lines[i]
				for i+1 < len(lines) && strings.HasPrefix(lines[i+1], "   ") {
					i++
					row += " " + strings.TrimSpace(lines[i])
				}
				hang := col
				if width > 0 && width-hang < minTableRoom {
					hang = exampleUnderIndent
				}
				b.WriteString(report.Wrap(row, width, hang))
			}
		}
	}
	return b.String()
}

// minTableRoom is the narrowest strip a table's words wrap in beside its
// first column: narrower, a row's words are a word or two a line.
const minTableRoom = 30

// exampleWordsAt is where an indented example line's words about it start
// (after two or more spaces past its command line): at, the byte offset in
// line, and col, the column on the screen (display cells: a "→" in the
// command line is one column, three bytes); both 0 for a line that has
// none.
func exampleWordsAt(line string) (at, col int) {
	text := strings.TrimLeft(line, " ")
	i := strings.Index(text, "  ")
	if i < 0 {
		return 0, 0
	}
	at = len(line) - len(strings.TrimLeft(text[i:], " "))
	return at, ansi.StringWidth(line[:at])
}

// helpWidth is the width help wraps to on w, as the root help's command
// list, presets and sweep's knob list choose theirs: the terminal's, or
// textWidth in a pipe or a file.
func helpWidth(w io.Writer) int {
	if tw := terminalWidth(w); tw > 0 {
		return tw
	}
	return textWidth
}

// flagsText is the flag list a command prints for --help ("flags of run:
// ..."), wrapped to width columns, or "" for a command without flags of
// its own.
func flagsText(c command, width int) string {
	if c.name == "exercises" {
		return strings.TrimRight(wrapHelpPage(cli.Help, width), "\n")
	}
	err := c.run([]string{"--help"}, io.Discard, io.Discard)
	if err == nil {
		return ""
	}
	var l flagList
	if errors.As(err, &l) {
		return flagHelpWidth(l.fs, width)
	}
	msg := err.Error()
	if i := strings.Index(msg, "flags of "); i >= 0 {
		return msg[i:]
	}
	return ""
}

// rootExamples are `breakerlab --help`'s examples.
const rootExamples = `  breakerlab                            open the home screen
  breakerlab run cascade --seed 5       run a scenario and print its table
  breakerlab lesson 01-one-slow-dependency
  breakerlab exercises init             write a workbook of exercises
  breakerlab lesson 3 --present         teach a room: big type for a projector
  breakerlab run cascade -o slide.png   a picture for a slide (or .svg)
  breakerlab serve --teacher            a classroom over SSH, on 127.0.0.1
  breakerlab help run                   a command's flags and examples
  source <(breakerlab completion bash)  complete commands, names and flags
`
