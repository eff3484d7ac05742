package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A value out of range names the flag it was given to, the value as typed
// (a duration as the program writes one: 1h, not 1h0m0s) and what is
// allowed, exit 2, before anything listens, runs or is written: messages
// that spoke of a field ("the frame rate must ...", "rate must ..."), or of
// three flags at once, left the user to find which flag was wrong. (lab's
// other flags are in TestLabBadInput.)
func TestOutOfRangeValuesNameTheirFlag(t *testing.T) {
	racefree.Only(t) // no goroutine: every case is refused before anything starts
	dir := tempConfig(t)
	cast := filepath.Join(dir, "out.cast")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", "--idle-timeout", "-1s"}, "breakerlab serve: --idle-timeout -1s: allowed is 0 (never) or more"},
		{[]string{"serve", "--max-session", "-5m"}, "breakerlab serve: --max-session -5m: allowed is 0 (never) or more"},
		{[]string{"serve", "--rate-per-ip", "-1"}, "breakerlab serve: --rate-per-ip -1: allowed is 0 (no limit) or more"},
		{[]string{"serve", "--sign-in-timeout", "1h"}, "breakerlab serve: --sign-in-timeout 1h: allowed are 1s to 10m"},
		{[]string{"serve", "--bench-clients", "2", "--bench-for", "1h"}, "breakerlab serve: --bench-for 1h: allowed are 1s to 50s"},
		{[]string{"serve", "--authorized-keys", filepath.Join(dir, "none")}, "breakerlab serve: --authorized-keys: the keys file " + filepath.Join(dir, "none") + " does not exist"},
		{[]string{"serve", "--teacher-key", filepath.Join(dir, "none")}, "breakerlab serve: --teacher-key: the keys file " + filepath.Join(dir, "none") + " does not exist"},
		{[]string{"serve", "--authorized-keys", dir}, "breakerlab serve: --authorized-keys: " + dir + " is a folder, not a keys file: give the path of the file itself"},
		{[]string{"lab", "checkout", "--rate", "0"}, "breakerlab lab: --rate 0: allowed is 0.286 or more, up to 1000 requests a second"},
		{[]string{"lab", "checkout", "--rate", "900", "--scale", "0.1"}, "breakerlab lab: --rate 900 at --scale 0.1 asks for 9000 requests a second: keep --rate divided by --scale at most 4000"},
		{[]string{"lab", "checkout", "--provider-port", "-1"}, "breakerlab lab: --provider-port -1: allowed are 0 (a free one) to 65535"},
		{[]string{"lab", "checkout", "--bulkhead-wait", "-1s"}, "breakerlab lab: --bulkhead-wait -1s: allowed is 0 (refused at once) or more"},
		{[]string{"record", "cascade", "-o", cast, "--size", "10x10"}, "breakerlab record: --size 10x10: allowed are 80x24 to 500x200"},
		{[]string{"record", "cascade", "-o", cast, "--fps", "0"}, "breakerlab record: --fps 0: allowed are 1 to 60"},
		{[]string{"record", "cascade", "-o", cast, "--max", "-1s"}, "breakerlab record: --max -1s: allowed is 0 (to the run's end) or more"},
		{[]string{"sweep", "cascade", "--vary", "workers=10..20", "--measure", "search.ok", "--variant", "0"}, "breakerlab sweep: --variant must be between 1 and 3 for cascade (1 one shared pool of 200 threads, 2 bulkhead: recommendations <= 20, 3 bulkhead and circuit breaker), got 0"},
		// A negative number is refused as a value, naming the flag, by
		// every flag that takes a number: --history, a switch that takes
		// an optional one, read "-1" as a flag of its own ("unknown flag
		// -1").
		{[]string{"interview", "--history", "-1"}, "breakerlab interview: --history must be 1 or more, got -1"},
		{[]string{"interview", "--history=-1"}, "breakerlab interview: --history must be 1 or more, got -1"},
		{[]string{"interview", "-history", "-3"}, "breakerlab interview: --history must be 1 or more, got -3"},
		{[]string{"interview", "--history", "0"}, "breakerlab interview: --history must be 1 or more, got 0"},
		{[]string{"interview", "--history", "-1", "--list"}, "breakerlab interview: --history lists the saved interviews: it takes no --list or --rubric"},
		{[]string{"interview", "--minutes", "-1"}, "breakerlab interview: --minutes -1: allowed are 1 to 120"},
		{[]string{"drill", "--generate", "-1"}, "breakerlab drill: --generate -1: allowed are 1 to 1000"},
		{[]string{"drill", "--new", "-1"}, "breakerlab drill: --new wants 0 or more cards, got -1"},
		{[]string{"drill", "--seed", "-1"}, `breakerlab drill: --seed takes a whole number, 0 or more`},
		{[]string{"lesson", "1", "--step", "-1"}, "breakerlab lesson: --step must be between 1 and 10 (the lesson's steps), got -1"},
		{[]string{"run", "cascade", "--variant", "-1"}, "breakerlab run: --variant must be between 1 and 3 for cascade"},
		{[]string{"run", "cascade", "--width", "-1"}, "breakerlab run: --width must be at least 40 columns, got -1"},
		{[]string{"run", "cascade", "--budget", "-1"}, `breakerlab run: --budget: a budget must be between 1 and 1e15 simulated requests, got "-1"`},
		{[]string{"sandbox", "cascade", "--variant", "-1"}, "breakerlab sandbox: --variant must be between 1 and 3 for cascade (1 one shared pool of 200 threads, 2 bulkhead: recommendations <= 20, 3 bulkhead and circuit breaker), got -1"},
		{[]string{"sweep", "cascade", "--vary", "workers=10..20", "--measure", "search.ok", "--seeds", "-1"}, "breakerlab sweep: --seeds -1: allowed are 1 to 1000"},
		{[]string{"serve", "--max-sessions", "-1"}, "breakerlab serve: --max-sessions -1: allowed are 1 to 10000"},
		{[]string{"lab", "checkout", "--api-port", "-1"}, "breakerlab lab: --api-port -1: allowed are 0 (a free one) to 65535"},
		{[]string{"completion", "bash", "zsh"}, "breakerlab completion: completion takes one shell, one of bash, zsh, fish, powershell; got 2: bash zsh"},
	} {
		out, errOut, code := run(t, c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
	if _, err := os.Stat(cast); err == nil {
		t.Errorf("a refused record wrote %s", cast)
	}
}
