package main

import (
	"io"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui"
	"github.com/breakerlab/breakerlab/tui/home"
)

// The bare command opens the home screen. Lessons and Exercises run as
// commands of their own once the home screen has closed: `lesson` with no
// argument (the lesson list) and `exercises` (the runner), when this build
// has them.
func init() {
	register(command{name: "home", summary: "open the home screen (lessons, sandbox, exercises)", run: runHome})
}

func runHome(args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		return usagef("the home screen takes no arguments, got %q; see `breakerlab help`", args)
	}
	var entries []home.Entry
	for _, b := range scenarios.All() {
		entries = append(entries, home.Entry{Name: b.Name, Summary: b.Summary, Build: b.Build})
	}
	entries = append(entries, home.Entry{Name: shuffleScenario.Name, Summary: shuffleScenario.Summary, ShardView: true})
	_, lessons := commands["lesson"]
	_, exercises := commands["exercises"]
	choice, err := tui.RunHome(terminal(), home.Options{Scenarios: entries, Seed: defaultSeed, Lessons: lessons, Exercises: exercises})
	if err != nil {
		return err
	}
	switch choice {
	case home.ChoseLessons:
		return commands["lesson"].run(nil, stdout, stderr)
	case home.ChoseExercises:
		return commands["exercises"].run(nil, stdout, stderr)
	}
	return nil
}
