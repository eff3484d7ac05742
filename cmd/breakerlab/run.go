package main

import "io"

func init() {
	register(command{name: "run", summary: "run a scenario headless and print its results", run: runRun})
}

func runRun(args []string, stdout, stderr io.Writer) error {
	return usagef("not yet implemented")
}
