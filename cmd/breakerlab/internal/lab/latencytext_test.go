package lab

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// One latency reads alike wherever the lab shows it: /health answered
// just in time shows p50 and p95 at the give-up time the note under the
// table names, and at ×0.25 the column read "500ms" and the note "after
// 0.5 s". Both tables, and the rule is the sandbox's (pane.SecondsShort),
// which the live screen's panes write with. (A percentile that fell on a
// client that gave up is not written as a time: the test below.)
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

// A percentile that falls on a client that gave up is its patience, not a
// latency the server had: no timeout's /health p50 read "2 s" in the table,
// the load's give-up time, as if the server had answered in it. The table
// marks it as a bound, "≥ 2 s", and says what that means, the JSON keeps the
// figure and names the percentile in latency_gave_up; percentiles that
// fell on answers are written as times, on both servers' tables.
func TestAGaveUpPercentileSaysSo(t *testing.T) {
	racefree.Only(t) // no goroutine: it writes tables of results made here
	for _, server := range []Server{Threads, Go} {
		c := DefaultConfig(None)
		c.Server = server
		giveUp := c.Scaled(DefaultHealthGiveUp)
		from, to := 500*time.Millisecond, 3500*time.Millisecond
		// 12 /health requests: 5 answered in 1 ms, 7 given up, so the p50
		// (the 6th) and the p95 fall on give-ups.
		var samples []Sample
		for i := range 12 {
			s := Sample{Endpoint: EndpointHealth, At: from + time.Duration(i)*250*time.Millisecond, Latency: time.Millisecond, Status: 200}
			if i >= 5 {
				s.GaveUp, s.Latency, s.Status = true, giveUp, 0
			}
			samples = append(samples, s)
		}
		h := count(samples, EndpointHealth, from, to)
		if !h.P50GaveUp || !h.P95GaveUp || !h.P99GaveUp || h.P50 != giveUp {
			t.Fatalf("%s server: 7 of 12 gave up, yet the counts are %+v", server, h)
		}
		r := Result{Config: c, Variant: "no timeout", From: from, To: to, Health: h, Samples: samples}
		var b strings.Builder
		if err := WriteTable(&b, []Result{r}); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		row := regexp.MustCompile(`(?m)^no timeout .*$`).FindString(out)
		if strings.Count(row, "≥ 2 s") != 2 {
			t.Errorf("%s server: the row %q writes a give-up as a latency", server, row)
		}
		if !strings.Contains(strings.Join(strings.Fields(out), " "), `p50 or p95 ≥ 2 s: that percentile's client gave up after 2 s`) {
			t.Errorf("%s server: the table does not say what \"gave up\" means:\n%s", server, out)
		}
		var rep Report
		var j strings.Builder
		if err := WriteJSON(&j, []Result{r}); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(j.String()), &rep); err != nil {
			t.Fatal(err)
		}
		if got := rep.Variants[0].Endpoints[EndpointHealth].LatencyGaveUp; !slices.Equal(got, []string{"p50", "p95", "p99"}) {
			t.Errorf("%s server: latency_gave_up is %v, want p50, p95, p99", server, got)
		}

		// 4 given up of 12: the p50 is an answer, written as a time.
		for i := range samples {
			if i < 8 {
				samples[i].GaveUp, samples[i].Latency, samples[i].Status = false, time.Millisecond, 200
			}
		}
		r.Health = count(samples, EndpointHealth, from, to)
		b.Reset()
		if err := WriteTable(&b, []Result{r}); err != nil {
			t.Fatal(err)
		}
		row = regexp.MustCompile(`(?m)^no timeout .*$`).FindString(b.String())
		if strings.Count(row, "≥ 2 s") != 1 || !strings.Contains(row, "1 ms") {
			t.Errorf("%s server: with 4 of 12 given up the row %q should show the p50 as 1 ms and the p95 as ≥ 2 s", server, row)
		}

		// None given up: no cell marked, and no legend for one.
		for i := range samples {
			samples[i].GaveUp, samples[i].Latency, samples[i].Status = false, time.Millisecond, 200
		}
		r.Health = count(samples, EndpointHealth, from, to)
		b.Reset()
		if err := WriteTable(&b, []Result{r}); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(b.String(), "≥") || strings.Contains(b.String(), "that percentile's client gave up") {
			t.Errorf("%s server: no client gave up, yet the table marks a bound:\n%s", server, b.String())
		}
	}
}
