package main

import (
	"errors"
	"io"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/exercises/cli"
	"github.com/breakerlab/breakerlab/tui/exercisesui"
)

// `breakerlab exercises` hands its arguments to exercises/cli and wires in
// the terminal runner from tui/exercisesui.
func init() {
	register(command{name: "exercises", summary: "solve exercises graded by Go tests (init, list, check, hint, ...)", run: runExercises})
}

func runExercises(args []string, stdout, stderr io.Writer) error {
	err := cli.Run(args, cli.Env{
		Stdout: stdout,
		Stderr: stderr,
		Runner: func(w *exercises.Workbook, opt cli.RunnerOptions) error {
			if err := needTerminal(stdout, "the exercise runner", "`breakerlab exercises list` shows where you are and `breakerlab exercises check [ID]` grades"); err != nil {
				return err
			}
			return exercisesui.Run(w, opt.Manual, opt.Timeout)
		},
	})
	var u *cli.UsageError
	if errors.As(err, &u) {
		return usagef("%s", u.Msg)
	}
	return err
}
