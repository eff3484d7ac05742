package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// exampleFile has no dependency called recommendations, a fault on recs,
// and no edge that propagates a deadline.
const exampleFile = `name = "my-hang"
duration = "40s"

[system]
workers = 50

[[system.endpoints]]
name = "search"
rate = 100
calls = "index"

[[system.endpoints]]
name = "home"
rate = 50
calls = "recs"

[[system.dependencies]]
name = "index"
latency = { kind = "exponential", mean = "20ms" }

[[system.dependencies]]
name = "recs"
latency = { kind = "exponential", mean = "40ms" }
faults = [{ kind = "hang", from = "15s", to = "25s" }]
`

// exampleOf is the --vary flag sweep's usage offers, from its stderr.
func exampleOf(t *testing.T, stderr string) string {
	t.Helper()
	_, after, ok := strings.Cut(stderr, "e.g.\n  --vary ")
	if !ok {
		t.Fatalf("no example in:\n%s", stderr)
	}
	ex, _, _ := strings.Cut(after, "\n")
	return ex
}

// `sweep FILE` without --vary offered --vary recommendations.bulkhead=5..60:12,
// cascade's knob, to every file; the example is one of the file's own
// knobs, with a range the sweep takes. The list left out deadline_margin
// on edges that propagate no deadline, which the sweep refuses (a margin
// is taken off a propagated deadline only).
func TestSweepUsageExampleIsTheFilesOwn(t *testing.T) {
	racefree.Only(t) // no goroutine: the command refuses before it sweeps
	path := filepath.Join(t.TempDir(), "hang.toml")
	if err := os.WriteFile(path, []byte(exampleFile), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := run(t, "sweep", path, "--measure", "home.ok")
	if code != 2 {
		t.Fatalf("exit %d, want 2:\n%s", code, stderr)
	}
	if ex := exampleOf(t, stderr); ex != "recs.bulkhead=5..40:8" {
		t.Errorf("the example is --vary %s, want recs.bulkhead=5..40:8 (the faulted dependency's bulkhead, within the 50 workers)", ex)
	}
	if strings.Contains(stderr, "recommendations") || strings.Contains(stderr, "deadline_margin") {
		t.Errorf("the usage names a knob the file does not have, or one the sweep refuses:\n%s", stderr)
	}
	if _, stderr, code := run(t, "sweep", path, "--vary", "recs.deadline_margin=0ms..200ms:3", "--measure", "home.ok"); code != 2 ||
		!strings.Contains(strings.Join(strings.Fields(stderr), " "), "deadline_margin is taken off a propagated deadline, so it needs propagate_deadline = true") {
		t.Errorf("a sweep of a margin nothing reads: exit %d, %s", code, stderr)
	}
}

// Every built-in scenario's example is taken by the sweep as given.
func TestSweepUsageExampleIsTaken(t *testing.T) {
	racefree.Only(t)
	for _, name := range scenarios.Names() {
		stderr, code := sweepWithoutVary(t, name)
		if code != 2 {
			t.Errorf("%s: exit %d, want 2", name, code)
			continue
		}
		ex := exampleOf(t, stderr)
		build, err := sweepBuilder(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := build()
		measure := sc.Variants[0].System.Endpoints[0].Name + ".ok"
		if _, err := prepareSweep(build, 0, []string{ex}, measure, "", []uint64{1}); err != nil {
			t.Errorf("%s: its example --vary %s is refused: %v", name, ex, err)
		}
	}
}
