package main

import (
	"fmt"
	"io"
	"runtime/debug"
	"strings"
)

// version, commit and date are set by the linker for releases (goreleaser:
// -X main.version=... -X main.commit=... -X main.date=...). Without them,
// the build info the go command records stands in: the module version of
// `go install ...@v1.2.3`, and the VCS revision and time of a build from a
// checkout.
var (
	version = ""
	commit  = ""
	date    = ""
)

func init() {
	register(command{name: "version", summary: "print the program's version", run: runVersion})
}

func runVersion(args []string, stdout, _ io.Writer) error {
	if len(args) > 0 {
		return usagef("version takes no arguments, got %q", args)
	}
	fmt.Fprintf(stdout, "breakerlab %s\n", versionString())
	return nil
}

// versionString is "v1.2.3 (commit abc1234, built 2026-01-02T03:04:05Z)",
// or as much of it as is known; "devel" when nothing is.
func versionString() string {
	v, c, d := version, commit, date
	// A snapshot built outside a git checkout stamps placeholders.
	if c == "none" {
		c = ""
	}
	if strings.HasPrefix(d, "0001-") {
		d = ""
	}
	if info, ok := debug.ReadBuildInfo(); ok {
		if v == "" && info.Main.Version != "" && info.Main.Version != "(devel)" {
			v = info.Main.Version
		}
		for _, s := range info.Settings {
			switch {
			case s.Key == "vcs.revision" && c == "":
				c = s.Value
			case s.Key == "vcs.time" && d == "":
				d = s.Value
			}
		}
	}
	if v == "" {
		v = "devel"
	}
	var extra []string
	if c != "" {
		extra = append(extra, "commit "+c[:min(len(c), 12)])
	}
	if d != "" {
		extra = append(extra, "built "+d)
	}
	if len(extra) > 0 {
		v += " (" + strings.Join(extra, ", ") + ")"
	}
	return v
}
