package main

import (
	"fmt"
	"io"
	"runtime/debug"
)

// version is set by the linker for releases; otherwise the module version
// recorded by `go install` is used.
var version = ""

func init() {
	register(command{name: "version", summary: "print the program's version", run: runVersion})
}

func runVersion(args []string, stdout, _ io.Writer) error {
	if len(args) > 0 {
		return usagef("version takes no arguments, got %q", args)
	}
	v := version
	if v == "" {
		v = "devel"
		if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" && info.Main.Version != "(devel)" {
			v = info.Main.Version
		}
	}
	fmt.Fprintf(stdout, "breakerlab %s\n", v)
	return nil
}
