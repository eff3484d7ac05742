package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui"
	"github.com/breakerlab/breakerlab/tui/builder"
)

// `breakerlab new [FILE]` opens New system, the builder, as the home
// screen's entry and its :new do; with FILE, on that scenario file, as o
// on the builder's list of starts opens one. Without it a file saved from
// the builder could be run and played from the command line, but built on
// again only by way of the home screen.
func init() {
	register(command{name: "new", summary: "build a system of your own, or build on a scenario file", usage: "new [FILE] [--seed N] [--present]", run: runNewSystem})
}

func runNewSystem(args []string, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("new", flag.ContinueOnError)
	seed := fs.Uint64("seed", defaultSeed, "the random seed of the builder's short run and of the sandbox p plays it in")
	presentFlag := fs.Bool("present", false, "start in presentation mode, for a projector (ctrl+p toggles it)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usagef("new takes at most one scenario file to build on, got %d: %s", len(pos), strings.Join(pos, " "))
	}
	o, err := homeOptions()
	if err != nil {
		return err
	}
	o.NewSystem, o.Seed = true, *seed
	if len(pos) == 1 {
		// Read before the screen opens: a file that cannot be built on is
		// refused here, in o's words, with exit code 2.
		f, err := builder.ReadFile(pos[0])
		if err != nil {
			return usagef("%w%s", err, builtInHint(pos[0]))
		}
		o.NewSystemFile = &f
	}
	if err := needTerminal(stdout, "the builder", "`breakerlab run FILE` runs a scenario file and prints its numbers"); err != nil {
		return err
	}
	t := terminal()
	t.Present = *presentFlag
	return tui.RunHome(t, o)
}

// builtInHint says where a built-in scenario's name, given for a file,
// is found: on the builder's list of starts, which copies it.
func builtInHint(name string) string {
	if _, ok := scenarios.Lookup(name); !ok {
		return ""
	}
	return fmt.Sprintf(" (%s is a built-in scenario: `breakerlab new` lists it among the starts to copy and build on)", name)
}
