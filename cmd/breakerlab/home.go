package main

import "io"

// Until the terminal UI exists, the bare command prints the cascade table so
// that `make run` shows something real.
func init() {
	register(command{name: "home", summary: "open the home screen (lessons, sandbox, exercises)", run: runHome})
}

func runHome(args []string, stdout, stderr io.Writer) error {
	return runRun(append([]string{"cascade"}, args...), stdout, stderr)
}
