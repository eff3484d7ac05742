package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// namesFile is what the builder lets a learner make: a dependency renamed
// my.db/x, an endpoint "/check out", and two parts whose knobs would make
// the same path (the front's dependency orders/db, the service orders's
// dependency db).
const namesFile = `
duration = "6s"
[system]
workers = 20

[[system.endpoints]]
name = "/check out"
rate = 20
calls = "my.db/x"

[[system.endpoints]]
name = "/orders"
rate = 10
calls = "orders"

[[system.endpoints]]
name = "/legacy"
rate = 5
calls = "orders/db"

[[system.dependencies]]
name = "my.db/x"
latency = { kind = "lognormal", p50 = "20ms", p99 = "100ms" }

[[system.dependencies]]
name = "orders"
service = "orders"

[[system.dependencies]]
name = "orders/db"
latency = { kind = "constant", value = "5ms" }

[[system.services]]
name = "orders"
workers = 8
calls = "db"

[[system.services.dependencies]]
name = "db"
latency = { kind = "constant", value = "3ms" }
`

// Every name a scenario file takes can be swept: a dotted, slashed name by
// its whole name, one whose path would read two ways in quotes, which the
// refusal and the knob list both show.
func TestSweepReachesEveryName(t *testing.T) {
	racefree.Only(t) // its sweep's workers and progress are TestSweepCSVMatchesRuns's, which runs under -race
	path := filepath.Join(t.TempDir(), "names.toml")
	if err := os.WriteFile(path, []byte(namesFile), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := run(t, "run", path); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	for _, vary := range []string{"my.db/x.timeout=50ms..200ms:2", `"my.db/x".timeout=50ms..200ms:2`, `"orders/db".timeout=1s..2s:2`, `"orders"/"db".timeout=1s..2s:2`} {
		if _, stderr, code := run(t, "sweep", path, "--vary", vary, "--measure", "/check out.ok", "--seeds", "1"); code != 0 {
			t.Errorf("sweep --vary %s: exit %d: %s", vary, code, stderr)
		}
	}
	_, stderr, code := run(t, "sweep", path, "--vary", "orders/db.timeout=1s..2s:2", "--measure", "/check out.ok")
	if code != 2 || !strings.Contains(stderr, `write the name in double quotes to say which: "orders"/"db".timeout or "orders/db".timeout`) {
		t.Errorf("a path that reads two ways: exit %d, %s", code, stderr)
	}
	_, stderr, _ = run(t, "sweep", path, "--measure", "/check out.ok")
	// The two db's have the same knobs (no deadline_margin: neither
	// propagates a deadline), so they share a line.
	for _, want := range []string{"my.db/x: timeout", `"orders/db", "orders"/"db": timeout`} {
		if !strings.Contains(stderr, want) {
			t.Errorf("the knob list lacks %q:\n%s", want, stderr)
		}
	}
}
