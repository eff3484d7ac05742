// Package cli is the headless side of `breakerlab exercises`: init, list,
// check, hint, reset and solution, for scripts, CI and people who prefer
// plain output. It parses the arguments, does the work through package
// exercises, and prints.
//
// It imports the standard library and exercises/...; it does not import the
// terminal UI. The bare command (the watch-mode runner) is handed to a
// function the caller supplies, so cmd/breakerlab wires in tui/exercisesui.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/exercises/grade"
	"github.com/breakerlab/breakerlab/exercises/textwrap"
	"github.com/breakerlab/breakerlab/internal/flagerr"
	"github.com/breakerlab/breakerlab/internal/spell"
)

// UsageError is a command line the program cannot accept. The message says
// what was wrong and what is allowed.
type UsageError struct {
	Msg string
	// Flag is set for a flag refused: the program points to its help
	// after it, as it does after every other command's flag refusal
	// ("; see breakerlab exercises --help"), where this package's own
	// pointer read "(see `breakerlab exercises help`)", unlike the rest.
	Flag bool
	// Name is set for a name the command does not know (an exercise, a
	// command of its own): it is pointed to the help as a flag is, on
	// lines that fit 80 columns, as every command's unknown name is.
	Name bool
}

func (u *UsageError) Error() string { return u.Msg }

func usage(format string, args ...any) error { return &UsageError{Msg: fmt.Sprintf(format, args...)} }

// nameUsage is usage of a name refused.
func nameUsage(format string, args ...any) error {
	return &UsageError{Msg: fmt.Sprintf(format, args...), Name: true}
}

// flagUsage is usage of a flag refused.
func flagUsage(format string, args ...any) error {
	return &UsageError{Msg: fmt.Sprintf(format, args...), Flag: true}
}

// RunnerOptions configure the watch-mode runner.
type RunnerOptions struct {
	Manual  bool          // re-run only when asked (r), for file systems where watching fails
	Timeout time.Duration // per check
	// Here is the name of the exercise whose folder the runner was
	// started in, "" outside every one: the runner opens on it, as check
	// there grades it, rather than where the learner left off.
	Here string
}

// Env is what Run needs from the outside world.
type Env struct {
	Stdout, Stderr io.Writer
	// Dir is where to look for the workbook; the working directory if empty.
	Dir string
	// Runner opens the watch-mode runner on a workbook. If nil, the bare
	// command reports that no runner is available.
	Runner func(w *exercises.Workbook, opt RunnerOptions) error
	// Remembered is the file where init records the folder of the
	// workbook it wrote (exercises.RememberedPath), so that a command run
	// outside any workbook can say where the learner's is; "" remembers
	// nothing, as tests want.
	Remembered string
	// Context, if set, stops long checks early.
	Context context.Context
	// StderrWidth is the width of the terminal Stderr writes to, 0 when it
	// is not a terminal. On a terminal, check shows what it is doing while
	// the learner waits, on a line it rewrites (phaseLine); in a pipe, as
	// in scripts and CI, it writes nothing more than its results.
	StderrWidth int
	// StdoutWidth is the width of the terminal Stdout writes to, 0 when it
	// is not a terminal. On a terminal, check breaks its results at spaces
	// to fit (the terminal would cut test names and lose the indentation
	// that keeps a test's output under it); in a pipe, lines stay whole for
	// scripts that read them.
	StdoutWidth int
	// KeepBinaries keeps the test binaries check links in the workbook's
	// state folder (exercises.CheckOptions.KeepBinaries), for this
	// package's tests, which check the same code run after run and keep
	// them between runs; a learner's code changes between checks, and
	// check links every time.
	KeepBinaries bool
	// Help is the help as help and --help print it: Help wrapped by the
	// program to the width it wraps every command's help to, which this
	// package cannot tell (the terminal's, or 80 columns in a pipe); ""
	// prints Help as written.
	Help string
}

// help prints the help, as env.Help has it wrapped.
func (env Env) help() {
	if env.Help == "" {
		fmt.Fprint(env.Stdout, Help)
		return
	}
	fmt.Fprint(env.Stdout, env.Help)
}

// Help is the usage text of `breakerlab exercises`.
const Help = `Usage: breakerlab exercises [COMMAND] [ARGS]

With no command, opens the runner on the workbook in this folder (in an
exercise's folder, on that exercise): it re-runs the current exercise's tests
each time you save. Keys: e edit (the exercise's
file in $VISUAL, else $EDITOR), h hint, n next, l list, r re-run, t task or
tests first, s solution, c check all, q quit, and x, whose name in the key
line says what it does: "reset to stub" (your code is copied to a backup first), or
"put tests back" or "put files back" after you changed a test file or lost
a file the workbook gave you (your code is kept).

  init [DIR]               write a new workbook (default ./breakerlab-workbook)
  list                     one line per exercise: number, name, and pending (not
                           begun: the stub as written, or edits not checked yet),
                           failing (your edits fail) or done (a pass sticks: done,
                           failing now when it broke since), as the runner says
                           it; on a terminal, then how many are done
  check [ID]               grade one exercise, or all (in an exercise's folder,
                           that one); exit 0 only if all pass
  hint [ID] [N]            print hint N of an exercise; without N, the first
                           hint about a test that failed at its last check (by
                           check or the runner; the one h gives), or hint 1
                           before any; in its folder, ID may be left out: hint
                           2 is its hint 2
  reset ID --yes           put the stub, tests and README back (every file it
                           replaces that you changed is backed up first, and
                           .go files you added are moved to the backup); the
                           exercise counts as pending again
  reset ID --tests [--yes] put back only the bundled tests (your code is kept;
                           --yes if you changed a test file, which is backed up)
  solution ID [--yes]      write the solution to solutions/ID (--yes before it
                           passes), print that folder, then a diff -u command
                           per file to compare the solution with your code

Flags for the runner and check:
  --manual                 (runner) re-run only when you press r
  --timeout DURATION       time allowed per exercise to run its tests, compiling
                           them not included (default 10s)

IDs are the number (1, 01), the name (01-consecutive-breaker) or a word of it
or of the title that fits one exercise (tenant, jitter).
`

// Run executes `breakerlab exercises ARGS`.
func Run(args []string, env Env) error {
	if env.Stdout == nil {
		env.Stdout = io.Discard
	}
	if env.Stderr == nil {
		env.Stderr = io.Discard
	}
	if env.Context == nil {
		env.Context = context.Background()
	}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		return runner(args, env)
	}
	name, rest := args[0], args[1:]
	switch name {
	case "init":
		return initCmd(rest, env)
	case "list":
		return listCmd(rest, env)
	case "check":
		return checkCmd(rest, env)
	case "hint":
		return hintCmd(rest, env)
	case "reset":
		return resetCmd(rest, env)
	case "solution":
		return solutionCmd(rest, env)
	case "help":
		env.help()
		return nil
	}
	return nameUsage("unknown exercises command %q; the commands are init, list, check, hint, reset and solution (or none, for the runner)", name)
}

// parse parses flags wherever they appear among the arguments, and returns
// the other arguments. A request for help prints the usage and returns
// errHelp.
func parse(fs *flag.FlagSet, args []string, env Env) ([]string, error) {
	fs.SetOutput(io.Discard)
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				env.help()
				return nil, errHelp
			}
			if fs.Name() == "exercises" {
				// The runner's flags: "exercises: exercises: unknown
				// flag" named the command twice.
				return nil, flagUsage("%v", flagerr.Explain(fs, err))
			}
			return nil, flagUsage("%s: %v", fs.Name(), flagerr.Explain(fs, err))
		}
		args = fs.Args()
		if len(args) == 0 {
			return positional, nil
		}
		positional = append(positional, args[0])
		args = args[1:]
	}
}

var errHelp = errors.New("help shown")

func done(err error) error {
	if errors.Is(err, errHelp) {
		return nil
	}
	return err
}

func openWorkbook(env Env) (*exercises.Workbook, error) {
	w, err := findWorkbook(env)
	if errors.Is(err, exercises.ErrNotWorkbook) {
		return nil, usage("%v", err)
	}
	return w, err
}

// findWorkbook finds the workbook around the current folder; outside one
// the error is exercises.ErrNotWorkbook, unwrapped into a usage error.
func findWorkbook(env Env) (*exercises.Workbook, error) {
	dir := env.Dir
	if dir == "" {
		var err error
		if dir, err = os.Getwd(); err != nil {
			return nil, fmt.Errorf("cannot tell the current folder: %w", err)
		}
	}
	return exercises.FindRemembered(dir, env.Remembered)
}

// hereExercise is the exercise whose folder in w holds the current folder
// (env.Dir, or the working directory), if any.
func hereExercise(env Env, w *exercises.Workbook) (exercises.Exercise, bool) {
	dir := env.Dir
	if dir == "" {
		var err error
		if dir, err = os.Getwd(); err != nil {
			return exercises.Exercise{}, false
		}
	}
	rel, err := filepath.Rel(w.Dir, dir)
	if err != nil || rel == "." || strings.HasPrefix(rel, "..") {
		return exercises.Exercise{}, false
	}
	first, _, _ := strings.Cut(filepath.ToSlash(rel), "/")
	for _, e := range exercises.All() {
		if e.Name == first {
			return e, true
		}
	}
	return exercises.Exercise{}, false
}

func lookup(id string) (exercises.Exercise, error) {
	e, err := exercises.Lookup(id)
	if errors.Is(err, exercises.ErrUnknownExercise) {
		return byWord(id, err)
	}
	if err != nil {
		return e, usage("%v", err)
	}
	return e, nil
}

// byWord finds the exercise a word of its name or title names ("tenant",
// "jitter"), as the runner's list filter (/) and the palette's
// `:challenge tenant` do, where the catalog's Lookup takes only a number
// or a name: `exercises hint tenant` was refused while / found 15 by that
// word. A word that fits several is refused naming them; one that fits
// none is refused as Lookup refuses it (unknown), with the name it most
// likely meant when one is a slip away.
func byWord(id string, unknown error) (exercises.Exercise, error) {
	word := strings.ToLower(strings.TrimSpace(id))
	var fits, names []string
	var found exercises.Exercise
	full := map[string]string{} // a name with or without its number, to the folder's
	for _, e := range exercises.All() {
		names = append(names, e.Name, e.Name[3:])
		full[e.Name], full[e.Name[3:]] = e.Name, e.Name
		if word != "" && strings.Contains(strings.ToLower(e.Name[3:]+" "+e.Title), word) {
			fits = append(fits, e.Name)
			found = e
		}
	}
	switch {
	case len(fits) == 1:
		return found, nil
	case len(fits) > 1:
		return exercises.Exercise{}, nameUsage("%q fits %d exercises: %s; give its number or more of its name", id, len(fits), strings.Join(fits, ", "))
	}
	if near := spell.Closest(id, names); near != "" {
		return exercises.Exercise{}, nameUsage("unknown exercise %q: did you mean %s? (`breakerlab exercises list` shows them all)", id, full[near])
	}
	return exercises.Exercise{}, nameUsage("%v", unknown)
}

func timeoutFlag(fs *flag.FlagSet) *time.Duration {
	return fs.Duration("timeout", exercises.DefaultTimeout, "time allowed per exercise")
}

func checkTimeout(d time.Duration) error {
	if d <= 0 {
		return flagUsage("--timeout must be a positive duration such as 30s or 2m, got %v", d)
	}
	return nil
}

func runner(args []string, env Env) error {
	fs := flag.NewFlagSet("exercises", flag.ContinueOnError)
	manual := fs.Bool("manual", false, "re-run only on r")
	timeout := timeoutFlag(fs)
	rest, err := parse(fs, args, env)
	if err != nil {
		return done(err)
	}
	if len(rest) > 0 {
		return runnerArgument(args, rest[0])
	}
	if err := checkTimeout(*timeout); err != nil {
		return err
	}
	w, err := openWorkbook(env)
	if err != nil {
		return err
	}
	if env.Runner == nil {
		return errors.New("this build has no terminal runner; use `breakerlab exercises check` instead")
	}
	opt := RunnerOptions{Manual: *manual, Timeout: *timeout}
	if e, ok := hereExercise(env, w); ok {
		opt.Here = e.Name
	}
	return env.Runner(w, opt)
}

// commands are the names Run takes as a command in first place.
var commands = []string{"init", "list", "check", "hint", "reset", "solution", "help"}

// runnerArgument explains first, the first argument among args that is not
// a flag, which the runner does not take. Most often it is a command typed
// after a flag (`--timeout 2m check 1`): Run sees a flag first and opens
// the runner, so the message gives the line in the order that works, with
// the flags the command takes after it and those it does not named.
func runnerArgument(args []string, first string) error {
	i := slices.Index(args, first)
	if i < 0 || !slices.Contains(commands, first) {
		return usage("unexpected argument %q; the runner takes only --manual and --timeout", first)
	}
	line := append([]string{first}, args[i+1:]...)
	var dropped []string
	for j := 0; j < i; j++ {
		name, _, hasValue := strings.Cut(strings.TrimLeft(args[j], "-"), "=")
		flagArgs := args[j : j+1]
		if name == "timeout" && !hasValue && j+1 < i {
			flagArgs = args[j : j+2]
			j++
		}
		if name == "timeout" && first == "check" {
			line = append(line, flagArgs...)
			continue
		}
		dropped = append(dropped, "--"+name)
	}
	msg := fmt.Sprintf("%s is a command, and a command comes first, before its flags: `breakerlab exercises %s`", first, strings.Join(line, " "))
	if len(dropped) > 0 {
		msg += fmt.Sprintf(" (%s %s for the runner, not for %s)", strings.Join(dropped, " and "), isAre(len(dropped)), first)
	}
	return usage("%s", msg)
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

func initCmd(args []string, env Env) error {
	fs := flag.NewFlagSet("init", flag.ContinueOnError)
	rest, err := parse(fs, args, env)
	if err != nil {
		return done(err)
	}
	if len(rest) > 1 {
		return usage("init takes at most one folder, got %d arguments: %s", len(rest), strings.Join(rest, " "))
	}
	dir := exercises.DefaultDir
	if len(rest) == 1 {
		dir = rest[0]
	}
	// A workbook inside another (init run again from inside the first,
	// in an exercise's folder say) would be graded as neither: refuse.
	if abs, aerr := filepath.Abs(dir); aerr == nil {
		if outer, ferr := exercises.Find(filepath.Dir(abs)); ferr == nil {
			return usage("%s is inside the workbook %s already: `breakerlab exercises` there opens it; give a folder outside it to start another", dir, outer.Dir)
		}
	}
	w, err := exercises.Init(dir)
	if errors.Is(err, exercises.ErrExists) {
		return usage("%v", err)
	}
	if err != nil {
		return err
	}
	if env.Remembered != "" {
		// Not remembering it costs only the reminder elsewhere: the
		// workbook stands.
		if err := exercises.Remember(env.Remembered, w.Dir); err != nil {
			fmt.Fprintf(env.Stderr, "warning: %v\n", err)
		}
	}
	first := exercises.All()[0]
	fmt.Fprintf(env.Stdout, "Wrote a workbook of %d exercises to %s\n\n", len(exercises.All()), w.Dir)
	fmt.Fprintf(env.Stdout, "  cd %s\n  breakerlab exercises\n\n", dir)
	fmt.Fprintf(env.Stdout, "then open %s in your editor; the runner re-tests it each time you save.\n",
		relTo(w.Dir, w.MainFile(first)))
	return nil
}

func listCmd(args []string, env Env) error {
	fs := flag.NewFlagSet("list", flag.ContinueOnError)
	timeout := timeoutFlag(fs)
	rest, err := parse(fs, args, env)
	if err != nil {
		return done(err)
	}
	if len(rest) > 0 {
		return usage("list takes no arguments, got %q", rest[0])
	}
	w, err := findWorkbook(env)
	if errors.Is(err, exercises.ErrNotWorkbook) {
		// Outside a workbook the list is still worth having: the
		// catalog, with the progress of the workbook init remembers
		// where there is one, and how to start where there is none.
		var nf *exercises.NotFoundError
		switch {
		case errors.As(err, &nf) && nf.Remembered != "" && !nf.Gone:
			if rw, oerr := exercises.Open(nf.Remembered); oerr == nil {
				fmt.Fprintf(env.Stderr, "No workbook here; yours is in %s, whose progress follows (`cd %s` to work on it).\n", nf.Remembered, nf.Remembered)
				return progressList(env, rw, *timeout)
			}
			fmt.Fprintf(env.Stderr, "No workbook here; yours is in %s, where `breakerlab exercises list` shows your progress. The catalog follows.\n", nf.Remembered)
		case errors.As(err, &nf) && nf.Remembered != "":
			fmt.Fprintf(env.Stderr, "No workbook here, and the one `breakerlab exercises init` wrote to %s is no longer there: the catalog follows. `breakerlab exercises init` writes a workbook.\n", nf.Remembered)
		default:
			fmt.Fprintf(env.Stderr, "No workbook here, so no progress to show: the catalog follows. `breakerlab exercises init` writes a workbook.\n")
		}
		for _, e := range exercises.All() {
			fmt.Fprintf(env.Stdout, "%s  %-26s %s\n", e.ID(), e.Name, e.Title)
		}
		return nil
	}
	if err != nil {
		return err
	}
	return progressList(env, w, *timeout)
}

// progressList prints each exercise of w with its status and its title,
// one line each in a pipe (a script reads a line per exercise); on a
// terminal a title too long for the line goes on under its column.
func progressList(env Env, w *exercises.Workbook, timeout time.Duration) error {
	if lost := w.ProgressLost(); lost != nil {
		fmt.Fprintf(env.Stderr, "%v; checking every exercise to rebuild it...\n", lost)
		w.CheckAll(env.Context, exercises.All(), parallelism(), exercises.CheckOptions{Timeout: timeout, KeepBinaries: env.KeepBinaries}, nil)
	}
	all := exercises.All()
	status := make([]exercises.Status, len(all))
	nameCol, statusCol := 0, 0
	for i, e := range all {
		status[i] = w.Status(e)
		nameCol = max(nameCol, len(e.Name))
		statusCol = max(statusCol, len(status[i].String()))
	}
	done, failing := 0, 0
	for i, e := range all {
		// A pass sticks; "done, failing now" says the code as it is
		// now fails (as of its last check), "done, changed since" that
		// it was edited and not checked since.
		st := status[i]
		text := e.Title
		if st == exercises.TestsMissing {
			text += fmt.Sprintf("; `breakerlab exercises reset --tests %s` puts it back, your code kept", e.ID())
		}
		lead := fmt.Sprintf("%s  %-*s  %-*s  ", e.ID(), nameCol, e.Name, statusCol, st)
		printColumn(env.Stdout, env.StdoutWidth, lead, text)
		if st.Solved() {
			done++
		}
		if st == exercises.DoneFailing {
			failing++
		}
	}
	if env.StdoutWidth > 0 {
		// The figures the runner's header and the home screen give, so
		// that a learner need not count lines to compare. On a terminal
		// only: a script reads one line per exercise.
		figure := fmt.Sprintf("%d of %d done", done, len(all))
		if failing > 0 {
			figure += fmt.Sprintf(" · %d failing now", failing)
		}
		fmt.Fprintln(env.Stdout, "\n"+figure)
	}
	return nil
}

// ParseListLine reads a line list prints in a pipe, "01  01-consecutive-breaker  done, failing now  A breaker …":
// the exercise and its status words, the title (and a way out after it)
// left out. The screens' tests read list with it, to hold their status
// words to list's.
func ParseListLine(line string) (exercises.Exercise, string, error) {
	id, rest, _ := strings.Cut(line, "  ")
	e, err := exercises.Lookup(id)
	if err != nil {
		return e, "", fmt.Errorf("list line %q: %w", line, err)
	}
	rest, named := strings.CutPrefix(strings.TrimLeft(rest, " "), e.Name+" ")
	status, _, titled := strings.Cut(rest, "  "+e.Title)
	if !named || !titled || strings.TrimSpace(status) == "" {
		return e, "", fmt.Errorf("list line %q is not ID, name, status and title", line)
	}
	return e, strings.TrimSpace(status), nil
}

// printColumn prints lead and then text, which wraps under its own column
// on a terminal (width > 0) as long as that column keeps minTitle
// columns; narrower, the text goes on under lead, indented, as
// printWrapped does. In a pipe it is one line.
func printColumn(w io.Writer, width int, lead, text string) {
	// A title is a short phrase: a column of 20 breaks the longest into
	// three lines, where printWrapped's room for test names would put
	// every title of the list under its line at 80 columns.
	const minTitle = 20
	if width <= 0 || width-len(lead) >= minTitle {
		if width <= 0 {
			fmt.Fprintf(w, "%s%s\n", lead, text)
			return
		}
		lines := textwrap.Lines(text, width, len(lead))
		lines[0] = lead + strings.TrimLeft(lines[0], " ")
		for _, l := range lines {
			fmt.Fprintln(w, strings.TrimRight(l, " "))
		}
		return
	}
	printWrapped(w, width, lead, text)
}

func parallelism() int { return max(1, min(runtime.NumCPU(), 4)) }

// CheckFailed is returned by check when some exercise did not pass; the
// report has been printed already.
type CheckFailed struct {
	Passed, Total int
	// Solved is set when the one exercise checked passed before: it stays
	// done, and only fails now.
	Solved bool
}

func (c *CheckFailed) Error() string {
	if c.Total == 1 && c.Solved {
		return "the exercise fails now (it stays done: it passed before)"
	}
	if c.Total == 1 {
		return "the exercise does not pass yet"
	}
	return fmt.Sprintf("%d of %d exercises pass", c.Passed, c.Total)
}

func checkCmd(args []string, env Env) error {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	timeout := timeoutFlag(fs)
	rest, err := parse(fs, args, env)
	if err != nil {
		return done(err)
	}
	if len(rest) > 1 {
		return usage("check takes at most one exercise ID, got %s", strings.Join(rest, " "))
	}
	if err := checkTimeout(*timeout); err != nil {
		return err
	}
	exs := exercises.All()
	if len(rest) == 1 {
		e, err := lookup(rest[0])
		if err != nil {
			return err
		}
		exs = []exercises.Exercise{e}
	}
	w, err := openWorkbook(env)
	if err != nil {
		return err
	}
	if len(rest) == 0 {
		// Inside an exercise's folder, as after `cd 01-...` to edit it,
		// check means that exercise, as rustlings' run does.
		if e, ok := hereExercise(env, w); ok {
			exs = []exercises.Exercise{e}
			printWrapped(env.Stderr, env.StderrWidth, "", fmt.Sprintf("checking %s, the exercise of this folder (from the workbook's folder, check checks them all)", e.Name))
		}
	}
	passed, unchecked := 0, 0
	// Building the tests takes most of a check: say what is going on
	// before it starts, on standard error, which scripts reading the
	// results leave alone. Why a first build takes minutes is said only
	// once compiling lasts (the phase line, exercises.SlowBuildNote): on a
	// warm cache it was noise before every check.
	what := exs[0].Name
	if len(exs) > 1 {
		what = fmt.Sprintf("%d exercises", len(exs))
	}
	printWrapped(env.Stderr, env.StderrWidth, "", fmt.Sprintf("building and running the tests of %s...", what))
	opt := exercises.CheckOptions{Timeout: *timeout, KeepBinaries: env.KeepBinaries}
	var each func(exercises.Result)
	stopLine := func() {}
	if env.StderrWidth > 0 {
		line := newPhaseLine(env.Stderr, env.StderrWidth, len(exs), time.Now)
		opt.OnPhase = line.phase
		each = func(r exercises.Result) { line.finished(r.Exercise) }
		stopLine = line.show(time.Second)
	}
	results := w.CheckAll(env.Context, exs, parallelism(), opt, each)
	// The line comes off the screen before the results: on a terminal,
	// standard output shares it.
	stopLine()
	for _, r := range results {
		mark := "FAIL"
		switch {
		case r.FullyPassed():
			mark, passed = "ok  ", passed+1
		case r.Passed():
			// The tests pass, but the race detector could not run: the
			// summary says so, and the mark is not a plain ok.
			mark, passed, unchecked = "ok? ", passed+1, unchecked+1
		}
		summary := r.Report.Summary
		if !r.Passed() && r.Solved {
			// It stays done in the progress, but the code fails now.
			summary = "done before, failing now: " + summary
		}
		printWrapped(env.Stdout, env.StdoutWidth, fmt.Sprintf("%s %-26s ", mark, r.Exercise.Name), summary)
		if !r.Passed() && len(exs) == 1 {
			for _, l := range reportDetails(r.Report) {
				// Each line's own indent groups it: a test's output
				// goes under the test.
				text := strings.TrimLeft(l, " ")
				printWrapped(env.Stdout, env.StdoutWidth, l[:len(l)-len(text)], text)
			}
		}
		if r.ProgressErr != nil {
			fmt.Fprintf(env.Stderr, "warning: %v\n", r.ProgressErr)
		}
	}
	if unchecked > 0 {
		fmt.Fprintln(env.Stdout)
		printWrapped(env.Stdout, env.StdoutWidth, "", fmt.Sprintf("ok? %d passing exercise(s) %s.", unchecked, exercises.NotRaceChecked))
	}
	if len(results) == 1 && env.StderrWidth > 0 {
		nextStep(env, w, results[0])
	}
	if passed < len(results) {
		if len(results) > 1 {
			fmt.Fprintln(env.Stdout, "\n`breakerlab exercises check ID` shows the failures of one exercise.")
		}
		return &CheckFailed{Passed: passed, Total: len(results), Solved: len(results) == 1 && results[0].Solved}
	}
	return nil
}

// nextStep says, after the check of one exercise, where to go from r, as
// the runner's keys do (h hint, n next): a hint when it fails for a
// reason of the code's, the next exercise not done when it passes. It
// goes to standard error on a terminal, as the phases do: standard output
// keeps the result line alone, and a script's standard error keeps only
// the opening line it had. A fault the
// summary already names a way out of (a test file edited, a file
// missing) gets no hint: no hint is about that.
func nextStep(env Env, w *exercises.Workbook, r exercises.Result) {
	e := r.Exercise
	switch {
	case !r.Passed() && r.Fault == "" && len(e.Hints()) > 0:
		printWrapped(env.Stderr, env.StderrWidth, "", stuckLine(e, r))
	case r.Passed():
		// The first not done after this one, as the runner's n goes; none
		// when every exercise is.
		if next := w.NextPending(e); !w.Solved(next) {
			printWrapped(env.Stderr, env.StderrWidth, "", fmt.Sprintf("Next: %s, in %s; `breakerlab exercises check %s` grades it.",
				next.Name, relTo(w.Dir, w.MainFile(next)), next.ID()))
		}
	}
}

// reportDetails is what check prints of a failure under its result line:
// the report's text (grade.Report.Text) after its summary, but for a build
// failure that names no line, only the compiler's lines the summary does
// not already quote.
func reportDetails(rep grade.Report) []string {
	if rep.Status == grade.BuildFailed && len(rep.BuildErrors) == 0 {
		var out []string
		for _, l := range exercises.UnquotedBuildOutput(rep) {
			out = append(out, "  "+l)
		}
		return out
	}
	text := strings.TrimSuffix(rep.Text(), "\n")
	i := strings.IndexByte(text, '\n')
	if i < 0 {
		return nil
	}
	return strings.Split(text[i+1:], "\n")
}

// printWrapped writes a line of lead (an indent, or a result's columns)
// followed by text. With a width (a terminal's), text is broken at spaces
// to fit it, each further line indented to where text started, so that it
// reads as a column; columns that leave too little room for that get a
// line of their own, with text indented under them. With no width (a
// pipe), the line is written whole.
func printWrapped(w io.Writer, width int, lead, text string) {
	if width <= 0 {
		fmt.Fprintf(w, "%s%s\n", lead, text)
		return
	}
	// A summary column narrower than this would cut test names in two
	// (the longest is 37 characters).
	const minRoom = 40
	hang := len(lead)
	if cols := strings.TrimRight(lead, " "); width-hang < minRoom && cols != "" {
		fmt.Fprintln(w, cols)
		lead = strings.Repeat(" ", min(5, hang))
		hang = len(lead)
	}
	lines := textwrap.Lines(text, width, hang)
	lines[0] = lead + strings.TrimPrefix(lines[0], strings.Repeat(" ", hang))
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
}

func hintCmd(args []string, env Env) error {
	for _, a := range args {
		// hint 01 -1 would read -1 as a flag nobody defined.
		if len(a) > 1 && a[0] == '-' && strings.Trim(a[1:], "0123456789") == "" {
			return usage("hints are numbered from 1, got %s: `breakerlab exercises hint 1 2` prints the second hint of exercise 1", a)
		}
	}
	fs := flag.NewFlagSet("hint", flag.ContinueOnError)
	rest, err := parse(fs, args, env)
	if err != nil {
		return done(err)
	}
	if len(rest) > 2 {
		return usage("hint takes an exercise ID and optionally a hint number, e.g. `breakerlab exercises hint 1 2`")
	}
	here, inFolder := exercises.Exercise{}, false
	if len(rest) < 2 {
		if w, werr := findWorkbook(env); werr == nil {
			here, inFolder = hereExercise(env, w)
		}
	}
	var e exercises.Exercise
	switch {
	case len(rest) == 0:
		// Inside an exercise's folder, hint alone is its hint for the
		// test failing, as hint ID is.
		if !inFolder {
			return usage("hint takes an exercise ID and optionally a hint number, e.g. `breakerlab exercises hint 1 2` (inside an exercise's folder, hint alone gives its first hint about a test failing)")
		}
		e = here
	case inFolder && isHintNumber(rest[0]):
		// Inside an exercise's folder the ID may be left out, so a lone
		// number is a hint of this exercise, not another exercise's ID:
		// read as an ID, hint 2 in 03's folder would spoil 02 without a
		// word. An ID as the list writes it, 02, still names an exercise.
		e = here
		other, lerr := exercises.Lookup(rest[0])
		if n, _ := strconv.Atoi(rest[0]); n > len(e.Hints()) {
			// The number may have meant the exercise: say how to get
			// that one's hint too, when there is such an exercise.
			msg := hintsOf(e, rest[0], "")
			if lerr == nil {
				msg += fmt.Sprintf("; for the first hint of %s, `breakerlab exercises hint %s 1`", other.Name, other.ID())
			}
			return usage("%s", msg)
		}
		if lerr == nil && other.Name != e.Name {
			fmt.Fprintf(env.Stderr, "(in %s's folder a number alone is one of its hints; for %s's first hint, `breakerlab exercises hint %s 1`)\n",
				e.Name, other.Name, other.ID())
		}
		rest = []string{e.ID(), rest[0]}
	default:
		if e, err = lookup(rest[0]); err != nil {
			return err
		}
	}
	hints := e.Hints()
	if len(hints) == 0 {
		return fmt.Errorf("%s has no hints", e.Name)
	}
	var n int
	var header, note string
	if len(rest) == 2 {
		n, err = strconv.Atoi(rest[1])
		if err != nil || n < 1 || n > len(hints) {
			return usage("%s", hintsOf(e, rest[1], e.ID()+" "))
		}
		header = fmt.Sprintf("Hint %d of %d for %s:", n, len(hints), e.Name)
	} else {
		n, header, note = followFailing(env, e, time.Now())
	}
	printWrapped(env.Stdout, env.StdoutWidth, "", header)
	fmt.Fprintf(env.Stdout, "\n%s\n", hints[n-1])
	if n < len(hints) {
		fmt.Fprintf(env.Stdout, "\n(next: breakerlab exercises hint %s %d)\n", e.ID(), n+1)
	}
	if note != "" {
		fmt.Fprintln(env.Stdout)
		printWrapped(env.Stdout, env.StdoutWidth, "", note)
	}
	return nil
}

// followFailing picks the hint `hint ID` gives when no number is asked
// for: the first about a test that failed at e's last check, which the
// workbook records (Workbook.LastCheck), as the runner's h gives for the
// check it just ran and check's "Stuck?" line names (exercises.HintFor). The command line
// keeps nothing of its own between runs, and hint 1 whatever failed sent
// the learner to a hint about a test long passed. It returns the hint's
// number (from 1), the line that heads it, saying which test it answers
// and when that check was, and a note for under it ("" for none): with
// no check recorded, or none that names a test a hint is about, the first
// hint, and why.
func followFailing(env Env, e exercises.Exercise, now time.Time) (n int, header, note string) {
	hints := e.HintList()
	first := fmt.Sprintf("Hint 1 of %d for %s:", len(hints), e.Name)
	var last exercises.CheckRecord
	found := false
	if w, err := findWorkbook(env); err == nil {
		last, found = w.LastCheck(e)
	}
	if !found {
		return 1, first, fmt.Sprintf("(No check of %s is recorded yet: after `breakerlab exercises check %s`, `breakerlab exercises hint %s` gives the first hint about a test that fails.)",
			e.Name, e.ID(), e.ID())
	}
	// A hint keyed to code changed since still says which test it is
	// for; the learner knows whether their change was about it.
	when, since := checkedAgo(last.At, now), ""
	if last.Changed {
		since = "; you have changed the code since"
	}
	i, test := exercises.HintFor(hints, last.Failed)
	switch {
	case test != "":
		return i + 1, fmt.Sprintf("Hint %d of %d for %s, for %s, which failed at your last check (%s%s):", i+1, len(hints), e.Name, test, when, since), ""
	case last.Passed:
		return 1, first, fmt.Sprintf("(Every test passed at your last check, %s%s.)", when, since)
	case len(last.Failed) > 0:
		return 1, first, fmt.Sprintf("(No hint is about %s, the first test that failed at your last check, %s%s.)", last.Failed[0], when, since)
	}
	// A build that failed, a test file missing: no test ran to fail.
	what := "says what stopped it"
	if last.Changed {
		what = "grades it as it is now"
	}
	return 1, first, fmt.Sprintf("(Your last check, %s, named no test that failed%s: `breakerlab exercises check %s` %s.)", when, since, e.ID(), what)
}

// units is "1 minute", "5 minutes".
func units(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return fmt.Sprintf("%d %ss", n, unit)
}

// checkedAgo says when a check at at was, seen at now: "just now", "5
// minutes ago", "3 hours ago", or its date and time in the local zone
// from a day on.
func checkedAgo(at, now time.Time) string {
	switch d := now.Sub(at); {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return units(int(d/time.Minute), "minute") + " ago"
	case d < 24*time.Hour:
		return units(int(d/time.Hour), "hour") + " ago"
	}
	return "on " + at.Local().Format("2 Jan 2006 at 15:04")
}

// stuckLine names the hint for the first test r found failing that a hint
// concerns, as the runner's h offers it: hint 1 of 01 is about String(),
// which passes long before the last test fails.
func stuckLine(e exercises.Exercise, r exercises.Result) string {
	hints := e.HintList()
	if i, test := exercises.HintFor(hints, exercises.FailingTests(r.Report)); test != "" {
		// The number, though hint ID alone now follows the failing tests
		// too: a progress file that could not be saved records none.
		cmd := e.ID()
		if i > 0 {
			cmd += " " + strconv.Itoa(i+1)
		}
		return fmt.Sprintf("Stuck? `breakerlab exercises hint %s` prints a hint for %s (%d in all).", cmd, test, len(hints))
	}
	return fmt.Sprintf("Stuck? `breakerlab exercises hint %s` prints a hint (%d in all).", e.ID(), len(hints))
}

// hintsOf says which hints e has, when asked for hint asked, which it does
// not have, and the command that prints its last; id is what the command
// names e by ("" inside e's folder, else its ID and a space). It reads
// "03-slow-calls has 4 hints: hint 1, 2, 3 or 4, not 9; ...".
func hintsOf(e exercises.Exercise, asked, id string) string {
	n := len(e.Hints())
	if n == 1 {
		return fmt.Sprintf("%s has one hint, not %s: `breakerlab exercises hint %s1` prints it", e.Name, asked, id)
	}
	nums := make([]string, n-1)
	for i := range nums {
		nums[i] = strconv.Itoa(i + 1)
	}
	return fmt.Sprintf("%s has %d hints: hint %s or %d, not %s; `breakerlab exercises hint %s%d` prints the last",
		e.Name, n, strings.Join(nums, ", "), n, asked, id, n)
}

// isHintNumber reports whether arg, given alone inside an exercise's
// folder, is a hint number: a whole number written without a leading zero.
// 2 is a hint; 02, the way list writes exercise IDs, is an exercise.
func isHintNumber(arg string) bool {
	return arg != "" && arg[0] != '0' && strings.Trim(arg, "0123456789") == ""
}

func resetCmd(args []string, env Env) error {
	fs := flag.NewFlagSet("reset", flag.ContinueOnError)
	yes := fs.Bool("yes", false, "confirm the reset")
	testsOnly := fs.Bool("tests", false, "restore only the bundled tests")
	rest, err := parse(fs, args, env)
	if err != nil {
		return done(err)
	}
	if len(rest) != 1 {
		return usage("reset takes one exercise ID, e.g. `breakerlab exercises reset 1 --yes`")
	}
	e, err := lookup(rest[0])
	if err != nil {
		return err
	}
	w, err := openWorkbook(env)
	if err != nil {
		return err
	}
	if *testsOnly {
		// Test files as the workbook wrote them, older than the bundled
		// ones, hold nothing of the learner's: no need to ask.
		given := w.MissingGivenFiles(e) // RestoreTests writes these back too
		if edited := w.ChangedTests(e).Learners(); len(edited) > 0 && !*yes {
			// The files given back are said too: the learner did not
			// write them, so nothing else in the question covers them.
			also := ""
			switch {
			case len(given) > 3:
				also = fmt.Sprintf(", and writes back the %d files given to you that are missing", len(given))
			case len(given) > 0:
				also = ", and writes back " + strings.Join(given, " and ") + ", given to you and missing"
			}
			return usage("your %s of %s differs from the bundled one, and reset --tests puts the bundled one back "+
				"(a copy of yours is kept in %s)%s; add --yes to go ahead. Tests of your own can go in a _test.go file of their own, which reset --tests leaves alone",
				strings.Join(edited, " and your "), e.Name, backupRoot(w), also)
		}
		b, err := w.RestoreTestsWithBackup(e)
		if err != nil {
			return err
		}
		also := ""
		if len(given) > 0 {
			also = " and " + strings.Join(given, " and ") + ", given to you and missing"
		}
		fmt.Fprintf(env.Stdout, "Restored the tests of %s%s; your code is untouched.\n", e.Name, also)
		printBackup(env, b)
		return nil
	}
	if !*yes {
		pending := ""
		if w.Solved(e) {
			pending = "; it then counts as pending again, no longer done"
		}
		return usage("reset puts the stub, the bundled tests and the README of %s back in place of yours "+
			"(a copy of each file it replaces that you changed is kept in %s, and the .go files you added are moved there)%s; "+
			"add --yes to go ahead, or --tests to restore only the tests (your code and your done mark are kept)", e.Name, backupRoot(w), pending)
	}
	b, err := w.ResetWithBackup(e)
	if err != nil {
		return err
	}
	fmt.Fprintf(env.Stdout, "Reset %s to its stub, with the bundled tests and README.\n", e.Name)
	printBackup(env, b)
	return nil
}

// backupRoot is the folder under which the workbook keeps backups.
func backupRoot(w *exercises.Workbook) string {
	return filepath.Join(w.Dir, ".breakerlab", "backup")
}

// printBackup says where the files a command replaced were copied, as the
// runner does (Backup.Note).
func printBackup(env Env, b exercises.Backup) {
	if n := b.Note(""); n != "" {
		fmt.Fprintln(env.Stdout, n)
	}
}

func solutionCmd(args []string, env Env) error {
	fs := flag.NewFlagSet("solution", flag.ContinueOnError)
	yes := fs.Bool("yes", false, "write it even though the exercise does not pass yet")
	rest, err := parse(fs, args, env)
	if err != nil {
		return done(err)
	}
	if len(rest) != 1 {
		return usage("solution takes one exercise ID, e.g. `breakerlab exercises solution 1`")
	}
	e, err := lookup(rest[0])
	if err != nil {
		return err
	}
	w, err := openWorkbook(env)
	if err != nil {
		return err
	}
	if !w.Solved(e) && !*yes {
		// Once passed is enough: the solution is there to compare with,
		// also after the learner's code changed or broke since.
		return usage("%s does not pass yet, and reading the solution first spoils the exercise; "+
			"try `breakerlab exercises hint %s`, or add --yes to write the solution anyway", e.Name, e.ID())
	}
	dir, b, err := w.WriteSolutionWithBackup(e)
	if err != nil {
		return err
	}
	// Standard output is the folder alone, for scripts; the note about a
	// file that was there, and how to compare, go to standard error.
	fmt.Fprintln(env.Stdout, dir)
	if n := b.SolutionNote(""); n != "" {
		fmt.Fprintln(env.Stderr, n)
	}
	fmt.Fprint(env.Stderr, compareNote(w, e, dir))
	return nil
}

// compareNote says how to compare e's solution, written to dir, with the
// learner's code: a diff command per file both have, in paths from the
// working folder, and the solution's files the learner has none of. A
// folder's path alone left the learner to find the files and the tool.
func compareNote(w *exercises.Workbook, e exercises.Exercise, dir string) string {
	// Paths from the working folder when it is in the workbook (as
	// "../solutions/…" from an exercise's folder); from elsewhere, whole.
	wd, _ := os.Getwd()
	inside := wd != "" && (wd == w.Dir || strings.HasPrefix(wd, w.Dir+string(os.PathSeparator)))
	rel := func(p string) string {
		if r, err := filepath.Rel(wd, p); err == nil && inside {
			return r
		}
		return p
	}
	files := e.SolutionFiles()
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	// The folder is standard output's line above: the words fit 80
	// columns.
	b.WriteString("Compare the solution with your code:\n")
	for _, n := range names {
		mine := filepath.Join(w.ExerciseDir(e), n)
		if _, err := os.Stat(mine); err != nil {
			fmt.Fprintf(&b, "  %s (yours has no %s)\n", rel(filepath.Join(dir, n)), n)
			continue
		}
		fmt.Fprintf(&b, "  diff -u %s %s\n", rel(mine), rel(filepath.Join(dir, n)))
	}
	return b.String()
}

func relTo(base, path string) string {
	if rel, ok := strings.CutPrefix(path, base+string(os.PathSeparator)); ok {
		return rel
	}
	return path
}
