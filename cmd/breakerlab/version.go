package main

import (
	"fmt"
	"io"
	"runtime/debug"
	"strings"
)

// version, commit and date are set by the linker for releases (goreleaser:
// -X main.version=... -X main.commit=... -X main.date=...), and commit and
// modified by `make build` and `make run` (git rev-parse, git status),
// which name the code even where GOFLAGS holds -buildvcs=false and the go
// command records no VCS information. Without them,
// the build info the go command records stands in: the module version of
// `go install ...@v1.2.3`, and the VCS revision, commit time and whether
// the tree had uncommitted changes of a build from a checkout.
var (
	version  = ""
	commit   = ""
	date     = ""
	modified = "" // "true" when the tree had uncommitted changes
)

func init() {
	register(command{name: "version", summary: "print the program's version", run: runVersion})
}

func runVersion(args []string, stdout, _ io.Writer) error {
	if len(args) > 0 {
		return noArguments("version", "", args)
	}
	v := programVersion()
	if v == "devel" {
		// Nothing says which code this is: say how to build it so that
		// it is said.
		v += " (" + noCommit + ")"
	}
	fmt.Fprintf(stdout, "breakerlab %s\n", v)
	return nil
}

// noCommit is what `breakerlab version` adds when neither the linker nor
// the go command recorded which code the binary was built from (go run,
// -buildvcs=false, a folder that is no git clone).
const noCommit = "no commit recorded: build from a git clone with make build, or go build without -buildvcs=false"

// programVersion is this binary's versionString.
func programVersion() string {
	info, _ := debug.ReadBuildInfo()
	return versionString(stamp{version, commit, date, modified}, info)
}

// stamp is what the linker set: a release's version, commit and build
// date, and whether the tree had uncommitted changes ("true"), each "" if
// not set.
type stamp struct{ version, commit, date, modified string }

// versionString says which code this binary is, for a user to quote in a
// bug report: "v1.2.3 (commit 0123456789ab, built 2026-01-02T03:04:05Z)"
// for a release, "v1.2.3" for `go install ...@v1.2.3`, and for a build
// from a checkout "devel (commit 0123456789ab, committed
// 2026-01-02T03:04:05Z, with uncommitted changes)"; "devel" when nothing
// is known. The linker's stamp wins over the build info (nil if the
// binary has none), which fills in what the stamp leaves out.
func versionString(s stamp, info *debug.BuildInfo) string {
	v, c := s.version, s.commit
	built := s.date
	// A snapshot built outside a git checkout stamps placeholders.
	if c == "none" {
		c = ""
	}
	if strings.HasPrefix(built, "0001-") {
		built = ""
	}
	var committed string
	modified := s.modified == "true"
	if info != nil {
		vcsRev := ""
		for _, kv := range info.Settings {
			switch kv.Key {
			case "vcs.revision":
				vcsRev = kv.Value
			case "vcs.time":
				committed = kv.Value
			case "vcs.modified":
				modified = kv.Value == "true"
			}
		}
		if v == "" {
			v = moduleVersion(info.Main.Version, vcsRev != "")
		}
		if c == "" {
			c = vcsRev
		} else if vcsRev != "" && !strings.HasPrefix(vcsRev, c) && !strings.HasPrefix(c, vcsRev) {
			// The stamp names another commit than the tree was at:
			// the time and changes recorded are not the stamp's.
			committed, modified = "", s.modified == "true"
		}
	}
	if v == "" {
		v = "devel"
	}
	var extra []string
	if c != "" {
		extra = append(extra, "commit "+c[:min(len(c), 12)])
	}
	if committed != "" && built == "" {
		extra = append(extra, "committed "+committed)
	}
	if built != "" {
		extra = append(extra, "built "+built)
	}
	if modified {
		extra = append(extra, "with uncommitted changes")
	}
	if len(extra) > 0 {
		v += " (" + strings.Join(extra, ", ") + ")"
	}
	return v
}

// moduleVersion is the version the go command recorded for the main
// module, as a user would quote it, or "" when it names no release. Built
// in a checkout (fromVCS), the go command makes up a pseudo-version from
// the commit ("v0.0.0-20260102030405-0123456789ab+dirty"), which the
// commit and its time say better; a tag the commit is at
// ("v1.2.3", "v1.2.3+dirty") is kept, without "+dirty", which "with
// uncommitted changes" says. Installed with `go install ...@VERSION`
// (no VCS information: the module cache is no checkout), the version is
// the one asked for, pseudo-version or not.
func moduleVersion(v string, fromVCS bool) string {
	if v == "" || v == "(devel)" {
		return ""
	}
	if !fromVCS {
		return v
	}
	v = strings.TrimSuffix(v, "+dirty")
	if isPseudoVersion(v) {
		return ""
	}
	return v
}

// isPseudoVersion reports whether v has the form the go command gives a
// commit with no tag: it ends in "-YYYYMMDDhhmmss-" and 12 hex digits of
// the commit, after "v0.0.0" or a pre-release ("v1.2.4-0.", "v1.2.3-rc.1.0.").
func isPseudoVersion(v string) bool {
	rest, rev, ok := cutLast(v, "-")
	if !ok || len(rev) != 12 || strings.Trim(rev, "0123456789abcdef") != "" {
		return false
	}
	_, stamp, ok := cutLast(rest, "-")
	if !ok {
		return false
	}
	if i := strings.LastIndexByte(stamp, '.'); i >= 0 {
		stamp = stamp[i+1:] // "0.20260102030405" after a pre-release
	}
	return len(stamp) == 14 && strings.Trim(stamp, "0123456789") == ""
}

// cutLast splits s around the last sep.
func cutLast(s, sep string) (before, after string, found bool) {
	if i := strings.LastIndex(s, sep); i >= 0 {
		return s[:i], s[i+len(sep):], true
	}
	return s, "", false
}
