package main

import (
	"context"
	"errors"
	"io"
	"os"
	"os/signal"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/exercises/cli"
	"github.com/breakerlab/breakerlab/tui/exercisesui"
	"golang.org/x/term"
)

// `breakerlab exercises` hands its arguments to exercises/cli and wires in
// the terminal runner from tui/exercisesui.
func init() {
	register(command{name: "exercises", summary: "solve exercises graded by Go tests", usage: "exercises [COMMAND] [ARGS]; COMMAND is init, list, check, hint, reset or solution", run: runExercises})
}

func runExercises(args []string, stdout, stderr io.Writer) error {
	// Ctrl+C cancels a check rather than ending this process alone: go
	// test runs in a process group of its own, which the grader kills when
	// the check is canceled, and would otherwise run on to its time limit.
	// (check's note on tests that may be stuck says Ctrl+C stops them.)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	go func() {
		// A second Ctrl+C ends the process, as it would have at first.
		<-ctx.Done()
		stop()
	}()
	// Without a config folder, init remembers nothing, and a command run
	// outside a workbook says only that there is none here.
	remembered, _ := exercises.RememberedPath()
	err := cli.Run(args, cli.Env{
		Stdout:      stdout,
		Stderr:      stderr,
		Context:     ctx,
		StderrWidth: stderrWidth(stderr),
		StdoutWidth: stderrWidth(stdout),
		Remembered:  remembered,
		Help:        wrapHelpPage(cli.Help, helpWidth(stdout)),
		Runner: func(w *exercises.Workbook, opt cli.RunnerOptions) error {
			if err := needTerminal(stdout, "the exercise runner", "`breakerlab exercises list` shows where you are and `breakerlab exercises check [ID]` grades"); err != nil {
				return err
			}
			return exercisesui.Run(w, opt.Manual, opt.Timeout, opt.Here)
		},
	})
	var u *cli.UsageError
	if errors.As(err, &u) {
		if u.Flag {
			return flagUsagef("%s", u.Msg)
		}
		if u.Name {
			return nameUsagef("%s", u.Msg)
		}
		// Its other refusals (reset without --yes, a hint past the last)
		// run to 300 characters, which a terminal broke mid-word: they
		// are fitted as a name refusal is, without its pointer to --help,
		// since each says itself what to type instead.
		return usageError{fittedRefusal{errors.New(u.Msg)}}
	}
	return err
}

// stderrWidth is the width of the terminal stderr writes to, 0 when it is
// not one (cli.Env.StderrWidth).
func stderrWidth(stderr io.Writer) int {
	f, ok := outputFile(stderr)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return 0
	}
	w, _, err := term.GetSize(int(f.Fd()))
	if err != nil || w <= 0 {
		return 0
	}
	return w
}
