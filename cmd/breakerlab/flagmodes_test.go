package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A flag that does nothing in the mode chosen is refused, exit 2, naming
// the flag that chose the mode or the flag it needs, where it was dropped
// without a word (interview --history --minutes -1 listed the history;
// lab --serve took a --rate it sends none of, --mode timeout a
// --bulkhead-wait it has no bulkhead for; challenge --start a --format,
// lesson --check a --present, sweep --format csv a --width);
// and serve's --bench-for out of range is refused whatever else is given
// (--bench-for -1s without --bench-clients started the server). Without
// the refusals these cases serve, measure or print: the servers listen on
// loopback alone and stop within seconds, so that a case that is not
// refused fails instead of hanging.
func TestFlagsTheModeLeavesUnusedAreRefused(t *testing.T) {
	racefree.Only(t) // no goroutine once refused: each case stops before anything starts
	dir := tempConfig(t)
	bounded := func() (context.Context, context.CancelFunc) {
		return context.WithTimeout(context.Background(), 2*time.Second)
	}
	savedServe, savedLab := serveContext, labContext
	serveContext, labContext = bounded, bounded
	t.Cleanup(func() { serveContext, labContext = savedServe, savedLab })
	// A server a case would start without its refusal: loopback, a free
	// port, its key and progress in the test's folder.
	server := []string{"serve", "--listen", "127.0.0.1:0", "--data-dir", filepath.Join(dir, "serve")}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"interview", "--history", "--minutes", "-1"}, "--minutes sets a new interview's clock; --history lists past ones, and starts none: leave out --minutes"},
		{[]string{"interview", "--history", "2", "--minutes", "5"}, "--minutes sets a new interview's clock; --history lists past ones"},
		{[]string{"interview", "--list", "--minutes", "5"}, "--minutes sets a new interview's clock; --list prints the prompts, and starts none"},
		{[]string{"interview", "--rubric", "api-gateway", "--minutes", "5"}, "--minutes sets a new interview's clock; --rubric prints a prompt's rubric, and starts none"},
		{[]string{"interview", "--check", "--minutes", "5"}, "--minutes sets a new interview's clock; --check checks the prompts, and starts none"},
		{append(server, "--bench-for", "-1s"), "breakerlab serve: --bench-for -1s: allowed are 1s to 50s"},
		{append(server, "--bench-for", "0s"), "breakerlab serve: --bench-for 0s: allowed are 1s to 50s"},
		{append(server, "--bench-for", "5s"), "breakerlab serve: --bench-for is how long --bench-clients measures: add --bench-clients N (1 to 500)"},
		{append(server, "--bench-clients", "0"), "breakerlab serve: --bench-clients 0: allowed are 1 to 500 (leave it out to serve)"},
		{[]string{"serve", "--bench-clients", "2", "--teacher"}, "breakerlab serve: --teacher sets up the server; --bench-clients measures sessions in this process instead of serving, and starts none: leave out --teacher"},
		{[]string{"serve", "--bench-clients", "2", "--bench-for", "1s", "--listen", "127.0.0.1:0"}, "breakerlab serve: --listen sets up the server; --bench-clients measures"},
		{append(server, "--present"), "breakerlab serve: --present starts the teacher's screen in presentation mode: add --teacher (this terminal) or --teacher-key FILE"},
		{[]string{"lab", "checkout", "--serve", "--rate", "3"}, "breakerlab lab: --rate sets the load a measured run or --tui sends; --serve sends none"},
		{[]string{"lab", "checkout", "--mode", "timeout", "--bulkhead-wait", "1s", "--scale", "0.25"}, "breakerlab lab: --bulkhead-wait is the protected mode's bulkhead; --mode timeout has no bulkhead: add --mode protected"},
		{[]string{"lab", "checkout", "--server", "go", "--mode", "none", "--bulkhead-wait", "1s", "--scale", "0.25"}, "--mode none has no bulkhead"},
		{[]string{"challenge", "1", "--start", "--format", "json"}, "breakerlab challenge: --format json goes with --check, which grades a design"},
		{[]string{"challenge", "1", "--format", "text"}, "breakerlab challenge: --format text goes with --check"},
		{[]string{"lesson", "1", "--check", "--present"}, "breakerlab lesson: --present opens the lesson player in presentation mode; --check prints the steps and opens none: leave out --present"},
		{[]string{"sweep", "cascade", "--vary", "recommendations.bulkhead=5..10:2", "--measure", "search.ok", "--seeds", "1", "--format", "csv", "--width", "100"}, "breakerlab sweep: --width is the widest line of the heatmap; csv output draws none"},
		{[]string{"sweep", "cascade", "--vary", "recommendations.bulkhead=5..10:2", "--measure", "search.ok", "--seeds", "1", "-o", filepath.Join(dir, "map.svg"), "--width", "100"}, "breakerlab sweep: --width is the widest line of the heatmap; svg output draws none"},
	} {
		out, errOut, code := run(t, c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
}
