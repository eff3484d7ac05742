// Command breakerlab is the terminal playground's entry point. It parses the
// command line and hands off to the packages that do the work; it holds no
// logic of its own beyond choosing a subcommand.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/internal/fullscreen"
	"github.com/breakerlab/breakerlab/tui/asciiterm"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"golang.org/x/term"
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
	summary string // what it does: "run a scenario headless and print its results"
	// usage is its command line, "run SCENARIO|FILE [--seed N] ...", which
	// the root help shows after the summary and its man page's SYNOPSIS
	// shows alone: one source, so that neither leaves out what the other
	// says. A note after "; " ("no ID: the lesson list") is the help's
	// alone. Empty for a command that takes nothing.
	usage string
	run   func(args []string, stdout, stderr io.Writer) error
	// examples are command lines that show it at work, one a line, each
	// optionally followed by two or more spaces and what it does. Empty
	// falls back to commandExamples (examples.go).
	examples string
}

// summaryLine is the summary with the usage after it, as the root help
// and `help NAME` show it.
func (c command) summaryLine() string {
	if c.usage == "" {
		return c.summary
	}
	return c.summary + " (" + c.usage + ")"
}

// synopsis is the command line its man page's SYNOPSIS shows: the usage
// without the help's note, or the name alone for a command that takes
// nothing.
func (c command) synopsis() string {
	if c.usage == "" {
		return c.name
	}
	line, _, _ := strings.Cut(c.usage, "; ")
	return line
}

// about is what the command is for and how it mainly behaves
// (commandAbout), which its help and man page show under the summary.
func (c command) about() string {
	return commandAbout[c.name]
}

// examplesText is the command's examples.
func (c command) examplesText() string {
	if c.examples != "" {
		return c.examples
	}
	return commandExamples[c.name]
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
	args = commandLine(args)
	if ownsTerminate[args[0]] {
		return runCommandLine(args, stdout, stderr)
	}
	watch := watchTerminate()
	return watch.end(runCommandLine(args, stdout, stderr))
}

// commandLine is args with a command name first, as the cobra tree takes
// them: none, or a flag first (`breakerlab --present`), is the home
// screen's.
func commandLine(args []string) []string {
	switch {
	case len(args) > 0 && (args[0] == "-h" || args[0] == "--help"):
		return append([]string{"help"}, args[1:]...)
	case len(args) > 0 && (args[0] == "--version" || args[0] == "-version"):
		return append([]string{"version"}, args[1:]...) // as most programs take it
	case len(args) == 0 || strings.HasPrefix(args[0], "-"):
		return append([]string{defaultCommand}, args...)
	}
	return args
}

// runCommandLine runs the command line args (a command name first) and
// returns its exit code.
func runCommandLine(args []string, stdout, stderr io.Writer) int {
	stdout, stderr = terminalText(stdout, os.Getenv), terminalText(stderr, os.Getenv)
	// A misspelt BREAKERLAB_THEME falls back to asking the terminal; say
	// so, rather than leave the reader wondering why it did nothing.
	if err := theme.CheckEnv(os.Getenv); err != nil {
		fmt.Fprintf(stderr, "breakerlab: %v\n", err)
	}
	if err := asciiterm.CheckEnv(os.Getenv); err != nil {
		fmt.Fprintf(stderr, "breakerlab: %v\n", err)
	}
	root := newRoot(stdout, stderr)
	root.SetArgs(args)
	err := root.Execute()
	if err == nil {
		return 0
	}
	var ce commandError
	var unknown unknownCommandError
	switch {
	case errors.As(err, &ce):
		// A full-screen program sent SIGINT from outside (its terminal's
		// ctrl+c is a key, not a signal): fullscreen.Run ends it with
		// ErrInterrupted, and the command says so in the lab's words and
		// exits as the headless lab does, where bubbletea's wrapping read
		// "running the sandbox: program was killed: program was
		// interrupted".
		if errors.Is(err, tea.ErrInterrupted) {
			fmt.Fprintf(stderr, "breakerlab %s: %v signal received\n", ce.name, syscall.SIGINT)
			return 130 // 128 + SIGINT
		}
		var refused flagRefusal
		var fitted fittedRefusal
		if errors.As(err, &fitted) && !errors.As(err, &refused) {
			fmt.Fprint(stderr, report.Wrap(fmt.Sprintf("breakerlab %s: %v", ce.name, ce.err), messageWidth, 2))
		} else if errors.As(err, &refused) {
			line := fmt.Sprintf("breakerlab %s: %v; see breakerlab %s --help\n", ce.name, ce.err, ce.name)
			if refused.fit {
				line = report.Wrap(strings.TrimSuffix(line, "\n"), messageWidth, 2)
			}
			fmt.Fprint(stderr, line)
		} else {
			fmt.Fprintf(stderr, "breakerlab %s: %v\n", ce.name, ce.err)
		}
		var u usageError
		if errors.As(err, &u) {
			return exitUsage
		}
		// A command a signal stopped (the lab's ctrl+c) exits as a shell
		// reports a program the signal ended: 130 for SIGINT, 143 for
		// SIGTERM, so that a script running it stops too.
		var stopped interface{ SignalExitCode() int }
		if errors.As(err, &stopped) {
			return stopped.SignalExitCode()
		}
		return 1
	case errors.As(err, &unknown):
		// It names every command, or the flags of presentation mode: on
		// one line it ran hundreds of columns past a terminal's edge.
		fmt.Fprint(stderr, report.Wrap("breakerlab: "+err.Error(), messageWidth, 2))
		return exitUsage
	default:
		fmt.Fprintf(stderr, "breakerlab: %v\n", err)
		return exitUsage
	}
}

// ownsTerminate are the commands that stop on SIGTERM in their own way,
// with a signal context of their own: the lab exits 143 after shutting its
// servers down, and serve, a server, exits 0 after saying it stopped. The
// terminate watch would only add a second owner to their signal.
var ownsTerminate = map[string]bool{"lab": true, "serve": true}

// terminateGrace is how long a SIGTERM that came while a full-screen
// program runs waits for the command to end before it takes its course as
// if no one had asked for it. A full-screen program ends well within it:
// bubbletea quits on it and gives the terminal back, waiting at most half
// a second for its input reader.
const terminateGrace = 2 * time.Second

// terminateWatch sees a SIGTERM come. fullscreen.Run turns one into a
// quit, as if q had been pressed, and the program's Run returns no error:
// without the watch a full-screen program sent SIGTERM (kill, a closing
// session, a service manager) exited 0, and a script running it went on
// as if the learner had quit. With it the command exits 143 (128 +
// SIGTERM), as a shell reports a program the signal ended and as the
// headless lab exits.
//
// The watch asks for SIGTERM beside fullscreen.Run's handler, never
// instead of it: both channels get the signal, and the program quits and
// restores the terminal as on any quit. But a Go program that asks for a signal no
// longer dies of it, and a headless command (run, sweep) has no handler to
// end it: so the signal is passed on, the watch's request withdrawn, to
// whoever else asks for it then or to its default action, which ends the
// process by it, as before the watch. When no full-screen program runs
// (fullscreen.Running) it is passed on at once: a headless command sent
// SIGTERM ends then, not terminateGrace later. When one runs, the command
// is given terminateGrace to end on it first: passed on at once, the
// signal could come as the program, its handler withdrawn, is giving the
// terminal back, and end the process there. Every program the module
// starts is counted (fullscreen.Run; a test of that package checks it).
type terminateWatch struct {
	signals chan os.Signal
	done    chan struct{} // closed when the command has ended
	watched chan struct{} // closed when watch has returned
	came    bool          // a SIGTERM came; read once watched is closed
}

// watchTerminate starts watching for SIGTERM.
func watchTerminate() *terminateWatch {
	w := &terminateWatch{signals: make(chan os.Signal, 1), done: make(chan struct{}), watched: make(chan struct{})}
	signal.Notify(w.signals, syscall.SIGTERM)
	go w.watch()
	return w
}

func (w *terminateWatch) watch() {
	defer close(w.watched)
	select {
	case <-w.signals:
		w.came = true
	case <-w.done:
		return
	}
	if !fullscreen.Running() {
		w.passOn()
		return
	}
	select {
	case <-w.done:
	case <-time.After(terminateGrace):
		w.passOn()
	}
}

// passOn withdraws the watch's request for SIGTERM and sends the signal
// again, to the handlers the process has now or to its default action.
func (w *terminateWatch) passOn() {
	signal.Stop(w.signals)
	if p, err := os.FindProcess(os.Getpid()); err == nil {
		_ = p.Signal(syscall.SIGTERM)
	}
}

// end stops the watch once the command has ended with exit code code, and
// returns the code the process exits with: 143 if a SIGTERM came, unless
// another signal's code (the lab's 130) already says what ended it.
func (w *terminateWatch) end(code int) int {
	signal.Stop(w.signals)
	close(w.done)
	<-w.watched
	// A signal still in the channel came as the command ended: the
	// watch chose done over it.
	select {
	case <-w.signals:
		w.came = true
	default:
	}
	if w.came && code < 128 {
		return 128 + int(syscall.SIGTERM)
	}
	return code
}

func commandNames() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// rootUsage is breakerlab's own command line, as its help and its man
// page's SYNOPSIS write it.
const rootUsage = "breakerlab [COMMAND] [ARGS]"

func printUsage(w io.Writer) {
	fmt.Fprintln(w, "breakerlab: learn how systems survive a failing dependency.")
	fmt.Fprintf(w, "\nUsage: %s   (no command opens the home screen)\n", rootUsage)
	fmt.Fprintln(w, "\nCommands:")
	// Each summary wraps under itself, to the terminal's width or to 80
	// columns in a pipe.
	width := helpWidth(w)
	for _, n := range commandNames() {
		io.WriteString(w, report.Wrap(fmt.Sprintf("  %-12s %s", n, commands[n].summaryLine()), width, 15))
	}
	fmt.Fprintf(w, "\nExamples:\n%s", rootExamples)
	fmt.Fprintln(w, "\n`breakerlab help COMMAND` shows a command's flags and examples.")
}

// terminalText is where the commands print, for standard output and for
// standard error alike: out itself, or, when it is a terminal that gets
// ASCII only (asciiterm.Wanted: a locale that is not UTF-8, or
// BREAKERLAB_ASCII=1), an asciiTerminal on it, so that the ★, —, ×, ≤ and →
// of lists, tables, help and error messages read as *, -, x, < and >
// rather than as the _ or ? (or several characters) such a terminal shows
// for each byte.
//
// A pipe and a file get the bytes as they are, whatever the locale. What
// reads a pipe is most often a program (grep, jq, a script, a shell's
// redirection into a file), which takes UTF-8 as bytes and has no screen
// whose characters could go wrong; mapping would change names and marks in
// the data it reads (a name with a dash, a json field) by the locale it
// happens to run under: cron, a service or `env -i` runs under C or POSIX
// where the same command typed in a shell does not. So `> FILE` keeps the
// bytes -o FILE writes, and `2> FILE` the messages as they were written.
func terminalText(out io.Writer, getenv func(string) string) io.Writer {
	f, ok := out.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) || !asciiterm.Wanted(getenv) {
		return out
	}
	return asciiTerminal{Writer: asciiterm.NewWriter(f), file: f}
}

// asciiTerminal is a terminal's standard output or error drawn in ASCII
// (asciiterm's Writer), with the terminal's file kept for the questions a
// command asks of where it prints (outputFile): whether it is a terminal,
// how wide, which colours it shows.
type asciiTerminal struct {
	io.Writer
	file *os.File
}

// outputFile is the file w writes to, seen through an asciiTerminal; ok is
// false for a writer that is no file (a buffer in tests).
func outputFile(w io.Writer) (f *os.File, ok bool) {
	switch w := w.(type) {
	case *os.File:
		return w, true
	case asciiTerminal:
		return w.file, true
	}
	return nil, false
}
