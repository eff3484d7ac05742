// Command breakerlab is the terminal playground's entry point. It parses the
// command line and hands off to the packages that do the work; it holds no
// logic of its own beyond choosing a subcommand.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/breakerlab/breakerlab/engine/report"
)

// exitUsage is the exit code for a command line the program cannot accept.
const exitUsage = 2

// usageError marks an error caused by the user's command line or input file;
// it makes the program exit with code 2 instead of 1.
type usageError struct{ err error }

func (u usageError) Error() string { return u.err.Error() }
func (u usageError) Unwrap() error { return u.err }

// usagef builds a usageError with a formatted message.
func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

// command is one subcommand. Each lives in its own file and registers itself
// in init, so that parts of the program can grow without touching this file.
type command struct {
	name    string
	summary string
	run     func(args []string, stdout, stderr io.Writer) error
}

var commands = map[string]command{}

func register(c command) {
	if _, dup := commands[c.name]; dup {
		panic("breakerlab: command registered twice: " + c.name)
	}
	commands[c.name] = c
}

// defaultCommand runs when breakerlab is called with no arguments.
var defaultCommand = "home"

func main() {
	os.Exit(runMain(os.Args[1:], os.Stdout, os.Stderr))
}

// runMain is main without the process: it returns the exit code, so tests can
// drive the whole command line.
func runMain(args []string, stdout, stderr io.Writer) int {
	name := defaultCommand
	// A flag first (`breakerlab --present`) is the home screen's.
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || !strings.HasPrefix(args[0], "-")) {
		name, args = args[0], args[1:]
	}
	switch name {
	case "help", "-h", "--help":
		printUsage(stdout)
		return 0
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "breakerlab: unknown command %q; the commands are: %s\n", name, strings.Join(commandNames(), ", "))
		return exitUsage
	}
	if err := c.run(args, stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "breakerlab %s: %v\n", name, err)
		var u usageError
		if errors.As(err, &u) {
			return exitUsage
		}
		return 1
	}
	return 0
}

func commandNames() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func printUsage(w io.Writer) {
	fmt.Fprintln(w, "breakerlab: learn how systems survive a failing dependency.")
	fmt.Fprintln(w, "\nUsage: breakerlab [COMMAND] [ARGS]   (no command opens the home screen)")
	fmt.Fprintln(w, "\nCommands:")
	// Each summary wraps under itself, to the terminal's width or to 80
	// columns in a pipe.
	width := terminalWidth(w)
	if width == 0 {
		width = 80
	}
	for _, n := range commandNames() {
		io.WriteString(w, report.Wrap(fmt.Sprintf("  %-12s %s", n, commands[n].summary), width, 15))
	}
}
