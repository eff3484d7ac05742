package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra/doc"
)

func init() {
	register(command{name: "man", summary: "write a man page for breakerlab and for each command into DIR (man DIR)", run: runMan})
}

// runMan writes breakerlab.1 and breakerlab-NAME.1 for every command. Each
// command's page holds its summary, its flags as its own parser lists them,
// and its examples.
func runMan(args []string, stdout, stderr io.Writer) error {
	if len(args) != 1 || len(args[0]) == 0 || args[0][0] == '-' {
		return usagef("man takes one folder to write the pages into, got %q", args)
	}
	dir := args[0]
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("making the folder for the man pages: %w", err)
	}
	root := newRoot(stdout, stderr)
	root.Long = "breakerlab is a terminal playground for learning how one failing dependency takes a whole service down, and how timeouts, bulkheads, circuit breakers, retries, fallbacks and shuffle sharding stop it. With no command it opens the home screen."
	root.DisableAutoGenTag = true
	for _, c := range root.Commands() {
		c.DisableAutoGenTag = true
		if cmd, ok := commands[c.Name()]; ok {
			c.Long = cmd.summary
			if fl := flagsText(cmd); fl != "" {
				// Indented four spaces, the list is kept as it is printed.
				c.Long += "\n\n    " + strings.ReplaceAll(fl, "\n", "\n    ")
			}
		}
	}
	header := &doc.GenManHeader{Section: "1", // no Title: each page takes its own, BREAKERLAB-RUN
		Source: "breakerlab " + versionString(), Manual: "breakerlab manual"}
	if err := doc.GenManTree(root, header, dir); err != nil {
		return fmt.Errorf("writing the man pages: %w", err)
	}
	fmt.Fprintf(stdout, "wrote the man pages to %s\n", dir)
	return nil
}
