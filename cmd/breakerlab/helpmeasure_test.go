package main

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises/cli"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// `breakerlab exercises help` and `exercises --help`, which exercises/cli
// prints, wrap as every other command's help does: to the terminal's width,
// or 80 columns in a pipe, its paragraphs as prose and its list of commands
// under itself. It had lines of 86 columns, wrapped by hand.
func TestExercisesHelpWrapsAsEveryHelp(t *testing.T) {
	racefree.Only(t) // no goroutine: help prints and runs nothing
	tempConfig(t)
	for _, args := range [][]string{{"exercises", "help"}, {"exercises", "--help"}, {"help", "exercises"}} {
		out, errOut, code := run(t, args...)
		if code != 0 {
			t.Fatalf("%s: exit %d, %s", strings.Join(args, " "), code, errOut)
		}
		if long := overWidth(out, textWidth); len(long) > 0 {
			t.Errorf("%s in a pipe has lines over %d columns:\n%s", strings.Join(args, " "), textWidth, strings.Join(long, "\n"))
		}
		if !strings.Contains(out, wrapHelpPage(cli.Help, textWidth)) {
			t.Errorf("%s in a pipe is not exercises' help wrapped at %d columns:\n%s", strings.Join(args, " "), textWidth, out)
		}
	}
	for _, width := range []int{minTableWidth, textWidth, 200} {
		page := wrapHelpPage(cli.Help, width)
		if !slices.Equal(strings.Fields(page), strings.Fields(cli.Help)) {
			t.Errorf("exercises' help at %d columns has other words than as written:\n%s", width, page)
		}
		if long := overWidth(page, width); len(long) > 0 {
			t.Errorf("exercises' help at %d columns has lines over it:\n%s", width, strings.Join(long, "\n"))
		}
	}
}

// On a terminal 200 columns wide, a help's prose (a command's summary and
// the words about it, each flag's text, exercises' paragraphs) stops at
// maxProseWidth columns, where lines are still easy to read along, and its
// tables and examples take the width they need, up to the terminal's.
func TestHelpProseStopsAtAReadableMeasure(t *testing.T) {
	racefree.Only(t) // no goroutine: help prints and runs nothing
	tempConfig(t)
	const wide = 200
	widestProse, widestRest := 0, 0
	for _, name := range commandNames() {
		var b bytes.Buffer
		writeCommandHelp(&b, commands[name], wide)
		help := b.String()
		// The prose is all above the flags (or exercises' own page, or the
		// examples): the summary, then the paragraph about the command.
		prose, rest := help, ""
		for _, mark := range []string{"\nflags of ", "\nUsage: breakerlab exercises", "\nexamples:\n"} {
			if i := strings.Index(prose, mark); i >= 0 {
				prose, rest = prose[:i], help[i:]
			}
		}
		if name == "exercises" {
			// Its page's paragraphs are prose too, its tables not.
			for line := range strings.SplitSeq(rest, "\n") {
				if !strings.HasPrefix(line, " ") {
					prose += "\n" + line
				}
			}
		}
		for line := range strings.SplitSeq(prose, "\n") {
			widestProse = max(widestProse, len([]rune(line)))
			if len([]rune(line)) > maxProseWidth {
				t.Errorf("help %s at %d columns: a line of prose runs %d columns, past %d:\n%s", name, wide, len([]rune(line)), maxProseWidth, line)
			}
		}
		flags := ""
		if i := strings.Index(help, "\nflags of "); i >= 0 {
			flags = help[i:]
			for _, end := range []string{"\nexamples:\n", "\nUsage: breakerlab exercises"} {
				flags, _, _ = strings.Cut(flags, end)
			}
		}
		for line := range strings.SplitSeq(rest, "\n") {
			widestRest = max(widestRest, len([]rune(line)))
		}
		// A flag's text, under its name, is prose too.
		for line := range strings.SplitSeq(flags, "\n") {
			if strings.HasPrefix(line, strings.Repeat(" ", flagTextIndent)) && len([]rune(line)) > maxProseWidth {
				t.Errorf("help %s at %d columns: a flag's text runs %d columns, past %d:\n%s", name, wide, len([]rune(line)), maxProseWidth, line)
			}
		}
	}
	// Prose wrapped at 80 would pass the check above; examples held to 100
	// would show here.
	if widestProse <= textWidth || widestRest <= maxProseWidth {
		t.Errorf("at %d columns the widest line of prose is %d columns and of flags, tables and examples %d: want prose past %d (not wrapped to a pipe's width) and the rest past %d", wide, widestProse, widestRest, textWidth, maxProseWidth)
	}
}

// backquoted is a command in an example's words, marked in backquotes,
// which help leaves out: "replay with `asciinema play cascade.cast`".
var backquoted = regexp.MustCompile("`[^`]+`")

// A command in an example's words is kept whole, as the example's own
// command line is, to be copied: asciinema play cascade.cast was split
// after asciinema at 80 columns. Where the room beside the command line is
// too narrow for it, the words go under the command line, and no line runs
// past the width for it.
func TestExampleCommandsAreKeptWhole(t *testing.T) {
	racefree.Only(t) // no goroutine: help prints and runs nothing
	tempConfig(t)
	checked := 0
	for _, name := range commandNames() {
		c := commands[name]
		var cmds []string
		for _, cmd := range backquoted.FindAllString(c.examplesText(), -1) {
			cmds = append(cmds, strings.Trim(cmd, "`"))
		}
		for width := minTableWidth; width <= 200; width += 4 {
			var b bytes.Buffer
			writeCommandHelp(&b, c, width)
			help := b.String()
			for _, cmd := range cmds {
				checked++
				if !strings.Contains(help, cmd) {
					t.Errorf("help %s at %d columns splits the example's command %s over two lines:\n%s", name, width, cmd, help)
				}
			}
			if long := overWidth(help, width); len(long) > 0 && len(cmds) > 0 {
				t.Errorf("help %s at %d columns has lines over it:\n%s", name, width, strings.Join(long, "\n"))
			}
		}
	}
	if checked == 0 {
		t.Errorf("no example has a command in its words")
	}
	help, _, _ := run(t, "help", "record")
	if !strings.Contains(help, "replay with: asciinema play cascade.cast\n") {
		t.Errorf("help record in a pipe splits asciinema play cascade.cast:\n%s", help)
	}
}
