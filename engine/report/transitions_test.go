package report

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// transitionLine matches a line of a design's transition list.
var transitionLine = regexp.MustCompile(`^ +[0-9.]+ s  \S+ +[a-z-]+ -> [a-z-]+`)

// designSections cuts a table into its designs' parts, by their headings.
func designSections(t *testing.T, table string, snaps []engine.Snapshot) []string {
	t.Helper()
	var out []string
	for i, s := range snaps {
		start := strings.Index(table, "\n"+s.Variant+":\n")
		if start < 0 {
			t.Fatalf("no part for %q in\n%s", s.Variant, table)
		}
		end := len(table)
		if i+1 < len(snaps) {
			end = start + 1 + strings.Index(table[start+1:], "\n"+snaps[i+1].Variant+":\n")
		}
		out = append(out, table[start:end])
	}
	return out
}

// fleet-probes' twenty breakers made over a thousand transitions, which
// buried each design's lines (the table ran to 1,174 lines): each design
// now sums its breakers up in one line, lists a bounded head of its
// transitions and counts the rest, which the JSON still carries whole.
func TestLongTransitionListIsSummed(t *testing.T) {
	sc := scenarios.FleetProbes()
	snaps, text := tableOf(t, sc)
	if n := strings.Count(text, "\n"); n > 120 {
		t.Errorf("fleet-probes' table is %d lines long", n)
	}
	rep := Build(sc, 5, snaps)
	for i, part := range designSections(t, text, snaps) {
		all := rep.Variants[i].Transitions
		if len(all) != len(snaps[i].Transitions) || len(all) <= transitionsInFull {
			t.Fatalf("%s: the JSON has %d transitions of %d, want all of more than %d", snaps[i].Variant, len(all), len(snaps[i].Transitions), transitionsInFull)
		}
		listed := 0
		for _, l := range strings.Split(part, "\n") {
			if transitionLine.MatchString(l) {
				listed++
			}
		}
		if listed == 0 || listed > transitionsListed {
			t.Errorf("%s: %d transitions listed, want 1 to %d", snaps[i].Variant, listed, transitionsListed)
		}
		more := fmt.Sprintf("… %s more transitions (--format json lists them all)", thousands(uint64(len(all)-listed)))
		if !strings.Contains(part, more) {
			t.Errorf("%s: no %q in\n%s", snaps[i].Variant, more, part)
		}
		openings, reopened, breakers := 0, 0, map[string]bool{}
		for _, tr := range all {
			breakers[fmt.Sprint(*tr.Instance)] = true
			if tr.To == "open" {
				openings++
				if tr.From == "half-open" {
					reopened++
				}
			}
		}
		summary := fmt.Sprintf("api#*/provider     %d breakers: %d openings", len(breakers), openings)
		if reopened > 0 {
			summary += fmt.Sprintf(" (%d after a failed trial)", reopened)
		}
		summary += ", the first at " + Seconds(time.Duration(all[0].AtMS*float64(time.Millisecond)))
		if !strings.Contains(part, summary) {
			t.Errorf("%s: no %q in\n%s", snaps[i].Variant, summary, part)
		}
	}
}

// A design with transitionsInFull transitions keeps its whole list; one
// more, and the list is summed up and cut.
func TestTransitionListCutPastItsBound(t *testing.T) {
	flips := func(n int) engine.Snapshot {
		s := engine.Snapshot{Variant: "flapping", Endpoints: []engine.EndpointSnapshot{{Name: "page"}}}
		state := breaker.Closed
		for i := range n {
			to := breaker.Open
			if state == breaker.Open {
				to = breaker.Closed
			}
			s.Transitions = append(s.Transitions, engine.Transition{Dependency: "db",
				Transition: breaker.Transition{At: time.Duration(i+1) * time.Second, From: state, To: to}})
			state = to
		}
		return s
	}
	sc := &engine.Scenario{Name: "flaps", MeasureTo: time.Minute}
	for _, tc := range []struct {
		n      int
		listed int
		tail   string
	}{
		{transitionsInFull, transitionsInFull, ""},
		{transitionsInFull + 1, transitionsListed, fmt.Sprintf("… %d more transitions", transitionsInFull+1-transitionsListed)},
	} {
		var buf bytes.Buffer
		if err := WriteTable(&buf, sc, 1, []engine.Snapshot{flips(tc.n)}); err != nil {
			t.Fatal(err)
		}
		listed := 0
		for _, l := range strings.Split(buf.String(), "\n") {
			if transitionLine.MatchString(l) {
				listed++
			}
		}
		cut := tc.tail != ""
		summed := strings.Contains(buf.String(), "1 breaker: ")
		if listed != tc.listed || summed != cut || cut != strings.Contains(buf.String(), "more transition") || !strings.Contains(buf.String(), tc.tail) {
			t.Errorf("%d transitions: %d listed, summed up %v, want %d listed and %q:\n%s", tc.n, listed, summed, tc.listed, tc.tail, buf.String())
		}
	}
}

// checkout's list read "4.173 s" above " 4.44 s", the decimal points out
// of line: a list's times share the decimals its most precise time needs,
// and a list of whole seconds stays whole.
func TestTransitionTimesLineUp(t *testing.T) {
	at := func(ms ...int64) []engine.Transition {
		var ts []engine.Transition
		for _, m := range ms {
			ts = append(ts, engine.Transition{Dependency: "payment",
				Transition: breaker.Transition{At: time.Duration(m) * time.Millisecond, From: breaker.Closed, To: breaker.Open}})
		}
		return ts
	}
	for _, tc := range []struct {
		ts   []engine.Transition
		want []string
	}{
		{at(1575, 4173, 4440, 30300), []string{"    1.575 s", "    4.173 s", "    4.440 s", "   30.300 s"}},
		{at(24000, 39000, 85000), []string{"       24 s", "       39 s", "       85 s"}},
		{at(10530, 43090), []string{"    10.53 s", "    43.09 s"}},
	} {
		var b strings.Builder
		writeTransitions(func(_ int, text string) { b.WriteString(text + "\n") }, tc.ts, 0, time.Minute) // a run its axes read in seconds
		lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
		for i, l := range lines {
			if !strings.HasPrefix(l, tc.want[i]+"  payment") {
				t.Errorf("line %d %q, want it to start %q", i, l, tc.want[i])
			}
		}
	}
}
