package main

import (
	"os"
	"os/exec"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// What `breakerlab version` says for each way the binary can be built: the
// linker's stamp wins, `go install ...@VERSION` gives the module version,
// and a build from a checkout its commit, the commit's time and whether
// the tree had uncommitted changes, never the pseudo-version the go
// command makes up from them.
func TestVersionString(t *testing.T) {
	vcs := func(rev, at, modified string) []debug.BuildSetting {
		return []debug.BuildSetting{
			{Key: "-buildmode", Value: "exe"},
			{Key: "vcs", Value: "git"},
			{Key: "vcs.revision", Value: rev},
			{Key: "vcs.time", Value: at},
			{Key: "vcs.modified", Value: modified},
		}
	}
	const rev = "06d6780c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f60"
	const at = "2026-12-07T08:15:00Z"
	info := func(v string, settings []debug.BuildSetting) *debug.BuildInfo {
		return &debug.BuildInfo{Main: debug.Module{Path: "github.com/breakerlab/breakerlab", Version: v}, Settings: settings}
	}
	for _, tc := range []struct {
		name  string
		stamp stamp
		info  *debug.BuildInfo
		want  string
	}{
		{"release", stamp{"1.2.3", "0123456789abcdef", "2026-12-01T10:00:00Z", ""}, info("(devel)", nil),
			"1.2.3 (commit 0123456789ab, built 2026-12-01T10:00:00Z)"},
		{"release built in its clone", stamp{"1.2.3", "06d6780c1d2e", "2026-12-01T10:00:00Z", ""}, info("v1.2.3", vcs(rev, at, "false")),
			"1.2.3 (commit 06d6780c1d2e, built 2026-12-01T10:00:00Z)"},
		{"snapshot outside git", stamp{"1.2.3", "none", "0001-01-01T00:00:00Z", ""}, nil, "1.2.3"},
		{"stamp of another commit", stamp{"1.2.3", "ffffffffffff", "", ""}, info("(devel)", vcs(rev, at, "true")),
			"1.2.3 (commit ffffffffffff)"},
		{"go install at a tag", stamp{}, info("v1.4.0", nil), "v1.4.0"},
		{"go install at a commit", stamp{}, info("v0.0.0-20261207081500-06d6780c1d2e", nil), "v0.0.0-20261207081500-06d6780c1d2e"},
		{"checkout", stamp{}, info("v0.0.0-20261207081500-06d6780c1d2e", vcs(rev, at, "false")),
			"devel (commit 06d6780c1d2e, committed 2026-12-07T08:15:00Z)"},
		{"checkout with changes", stamp{}, info("v0.0.0-20261207081500-06d6780c1d2e+dirty", vcs(rev, at, "true")),
			"devel (commit 06d6780c1d2e, committed 2026-12-07T08:15:00Z, with uncommitted changes)"},
		{"checkout after a tag", stamp{}, info("v1.4.1-0.20261207081500-06d6780c1d2e", vcs(rev, at, "false")),
			"devel (commit 06d6780c1d2e, committed 2026-12-07T08:15:00Z)"},
		{"checkout at a tag", stamp{}, info("v1.4.0", vcs(rev, at, "false")),
			"v1.4.0 (commit 06d6780c1d2e, committed 2026-12-07T08:15:00Z)"},
		{"checkout at a tag with changes", stamp{}, info("v1.4.0+dirty", vcs(rev, at, "true")),
			"v1.4.0 (commit 06d6780c1d2e, committed 2026-12-07T08:15:00Z, with uncommitted changes)"},
		{"old go, checkout", stamp{}, info("(devel)", vcs(rev, at, "true")),
			"devel (commit 06d6780c1d2e, committed 2026-12-07T08:15:00Z, with uncommitted changes)"},
		{"no vcs (go run, -buildvcs=false)", stamp{}, info("(devel)", nil), "devel"},
		{"make build, -buildvcs=false", stamp{"", rev, "", ""}, info("(devel)", nil), "devel (commit 06d6780c1d2e)"},
		{"make build, -buildvcs=false, with changes", stamp{"", rev, "", "true"}, info("(devel)", nil),
			"devel (commit 06d6780c1d2e, with uncommitted changes)"},
		{"make build in a clone", stamp{"", rev, "", "true"}, info("v0.0.0-20261207081500-06d6780c1d2e+dirty", vcs(rev, at, "true")),
			"devel (commit 06d6780c1d2e, committed 2026-12-07T08:15:00Z, with uncommitted changes)"},
		{"no build info", stamp{}, nil, "devel"},
	} {
		if got := versionString(tc.stamp, tc.info); got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, got, tc.want)
		}
	}
}

func TestIsPseudoVersion(t *testing.T) {
	for v, want := range map[string]bool{
		"v0.0.0-20261207081500-06d6780c1d2e":        true,
		"v1.4.1-0.20261207081500-06d6780c1d2e":      true,
		"v1.4.0-rc.1.0.20261207081500-06d6780c1d2e": true,
		"v1.4.0":                   false,
		"v1.4.0-rc.1":              false,
		"v1.4.0-beta-0123456789ab": false,
		"(devel)":                  false,
	} {
		if got := isPseudoVersion(v); got != want {
			t.Errorf("isPseudoVersion(%q) = %v, want %v", v, got, want)
		}
	}
}

// A binary that knows nothing of its code (a test binary records no VCS
// information) says how to build one that does.
func TestVersionWithNoCommitSaysHowToGetOne(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	if out, _, code := run(t, "version"); code != 0 || out != "breakerlab devel ("+noCommit+")\n" {
		t.Errorf("version: exit %d, %q", code, out)
	}
}

// make build names the commit to the linker, which GOFLAGS=-buildvcs=false
// does not stop (the go command then records none, and version said "no
// commit recorded" of a build from a clone).
func TestMakeBuildStampsTheCommit(t *testing.T) {
	racefree.Only(t) // make -n starts no goroutine of the test's
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make")
	}
	head, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		t.Skipf("not a git clone: %v", err)
	}
	for _, target := range []string{"build", "run"} {
		cmd := exec.Command("make", "--no-print-directory", "-n", "-C", "../..", target)
		cmd.Env = append(os.Environ(), "GOFLAGS=-buildvcs=false")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("make -n %s: %v\n%s", target, err, out)
		}
		if want := "-X main.commit=" + strings.TrimSpace(string(head)); !strings.Contains(string(out), want) {
			t.Errorf("make -n %s does not stamp %q:\n%s", target, want, out)
		}
	}
}
