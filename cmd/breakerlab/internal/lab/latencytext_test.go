package lab

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// One latency reads alike wherever the lab shows it: /health answered
// just in time shows p50 and p95 at the give-up time the note under the
// table names, and at ×0.25 the column read "500ms" and the note "after
// 0.5 s". (A percentile that fell on a client that gave up is not written
// as a time: gaveup_test.go.) Both tables, and the rule is the sandbox's (pane.SecondsShort),
// which the live screen's panes write with.
func TestTheTableWritesOneLatencyOneWay(t *testing.T) {
	racefree.Only(t) // no goroutine: it writes tables of results made here
	for _, server := range []Server{Threads, Go} {
		c := DefaultConfig(None)
		c.Server, c.Scale = server, 0.25
		giveUp := c.Scaled(DefaultHealthGiveUp)
		r := Result{Config: c, Variant: "no timeout", From: 125 * time.Millisecond, To: 875 * time.Millisecond,
			Health: Counts{Total: 12, OK: 12, P50: giveUp, P95: giveUp}}
		var b strings.Builder
		if err := WriteTable(&b, []Result{r}); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		want := pane.SecondsShort(giveUp)
		if want != "500 ms" {
			t.Fatalf("the sandbox writes %v as %q; the test expects 500 ms", giveUp, want)
		}
		row := regexp.MustCompile(`(?m)^no timeout .*$`).FindString(out)
		if strings.Count(row, want) != 2 {
			t.Errorf("%s server: the row %q does not show p50 and p95 as %q", server, row, want)
		}
		if !strings.Contains(out, "(/health after "+want) && !strings.Contains(out, "client waits "+want) {
			t.Errorf("%s server: the note does not name /health's give-up as %q:\n%s", server, want, out)
		}
		// The faults' spec ("slow:10s@500ms-3.5s") is written as it is typed.
		if old := regexp.MustCompile(`(?m)^[^@\n]*?(\d(ms|µs)\b|0\.5 s)`).FindString(out); old != "" {
			t.Errorf("%s server: the table writes %q, not as the sandbox writes a latency:\n%s", server, old, out)
		}
		for _, l := range strings.Split(out, "\n") {
			if n := len([]rune(l)); n > 80 {
				t.Errorf("%s server: a line of %d characters, past the table's 80: %q", server, n, l)
			}
		}
	}
}
