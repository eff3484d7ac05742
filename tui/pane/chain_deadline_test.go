package pane_test

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// wideMargin is multi-hop's third variant with a margin so wide on every
// edge that inventory never has deadline left to call the database with:
// the engine counts those attempts not sent (DeadlineExceeded) on an edge
// of a service, not the front's, which multi-hop itself never does.
func wideMargin() *engine.Scenario {
	sc := scenarios.MultiHop()
	sys := &sc.Variants[2].System
	set := func(deps []engine.Dependency) {
		for i := range deps {
			deps[i].Policy.DeadlineMargin = 900 * time.Millisecond
		}
	}
	set(sys.Dependencies)
	for i := range sys.Services {
		set(sys.Services[i].Dependencies)
	}
	return sc
}

// notSentRun is what `breakerlab run` reports of attempts not sent for
// lack of deadline in variant v: the sum of the table's "N not sent: the
// deadline had run out", checked against the JSON's deadline_exceeded.
func notSentRun(t *testing.T, sc *engine.Scenario, v int) (uint64, *engine.Snapshot) {
	t.Helper()
	snaps, err := engine.RunAll(sc, tuitest.Seed)
	if err != nil {
		t.Fatal(err)
	}
	var table strings.Builder
	if err := report.WriteTableWidth(&table, sc, tuitest.Seed, snaps, 0); err != nil {
		t.Fatal(err)
	}
	section := table.String()
	section = section[strings.Index(section, "\n"+snaps[v].Variant+":\n"):]
	if v+1 < len(snaps) {
		section = section[:strings.Index(section, "\n"+snaps[v+1].Variant+":\n")]
	}
	var fromTable uint64
	for _, m := range regexp.MustCompile(`([\d,]+) not sent: the deadline had run out`).FindAllStringSubmatch(section, -1) {
		n, err := strconv.ParseUint(strings.ReplaceAll(m[1], ",", ""), 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		fromTable += n
	}
	rv := report.Build(sc, tuitest.Seed, snaps).Variants[v]
	var fromJSON uint64
	for _, d := range rv.Dependencies {
		fromJSON += d.DeadlineExceeded
	}
	for _, sv := range rv.Services {
		for _, d := range sv.Dependencies {
			fromJSON += d.DeadlineExceeded
		}
	}
	if fromTable != fromJSON {
		t.Fatalf("run's table says %d not sent, its JSON %d", fromTable, fromJSON)
	}
	return fromTable, &snaps[v]
}

// The chain's footer shows the count of attempts not sent for lack of
// deadline that `breakerlab run` reports, under one name at every width
// (it read "deadline exceeded" wide and "past deadline" narrow, and
// "deadline exceeded 0" while 94 % of multi-hop's order pages failed on a
// deadline: those are timeouts, and no attempt went unsent).
func TestChainNotSentMatchesRun(t *testing.T) {
	for _, c := range []struct {
		what string
		sc   *engine.Scenario
		v    int
		some bool // the run has attempts not sent
	}{
		{"multi-hop variant 3", scenarios.MultiHop(), 2, false},
		{"multi-hop variant 3, 900 ms margin", wideMargin(), 2, true},
	} {
		want, snap := notSentRun(t, c.sc, c.v)
		if c.some != (want > 0) {
			t.Fatalf("%s: run reports %d not sent; the case needs some: %v", c.what, want, c.some)
		}
		label := fmt.Sprintf("unsent past deadline %s", pane.Count(want))
		for w := 30; w <= 130; w++ {
			ch := pane.NewChain(tuitest.Plain())
			ch.SetData(pane.Data{Snap: snap, Gen: 1})
			ch.SetSize(w, ch.Needs(w))
			v := ansi.Strip(ch.View())
			flat := strings.Join(strings.Fields(strings.ReplaceAll(v, "│", " ")), " ")
			if !strings.Contains(flat, label) {
				t.Errorf("%s at width %d: the footer lacks %q:\n%s", c.what, w, label, v)
			}
			// "deadline" twice: this count's label, and the timeouts at the
			// deadline beside it (TestChainDeadlineTimeoutsMatchRun).
			if strings.Contains(flat, "deadline exceeded") || strings.Count(flat, "deadline") != 2 {
				t.Errorf("%s at width %d: the count has another name:\n%s", c.what, w, v)
			}
		}
	}
}

// deadlineTimeoutsRun is what `breakerlab run` reports of attempts that
// timed out at the propagated deadline in variant v: the sum of the
// table's "N timed out at the propagated deadline", checked against the
// JSON's deadline_timeouts.
func deadlineTimeoutsRun(t *testing.T, sc *engine.Scenario, v int) (uint64, []engine.Snapshot) {
	t.Helper()
	snaps, err := engine.RunAll(sc, tuitest.Seed)
	if err != nil {
		t.Fatal(err)
	}
	var table strings.Builder
	if err := report.WriteTableWidth(&table, sc, tuitest.Seed, snaps, 0); err != nil {
		t.Fatal(err)
	}
	section := table.String()
	section = section[strings.Index(section, "\n"+snaps[v].Variant+":\n"):]
	if v+1 < len(snaps) {
		section = section[:strings.Index(section, "\n"+snaps[v+1].Variant+":\n")]
	}
	var fromTable uint64
	for _, m := range regexp.MustCompile(`([\d,]+) timed out at the propagated deadline`).FindAllStringSubmatch(section, -1) {
		n, err := strconv.ParseUint(strings.ReplaceAll(m[1], ",", ""), 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		fromTable += n
	}
	rv := report.Build(sc, tuitest.Seed, snaps).Variants[v]
	var fromJSON uint64
	for _, d := range rv.Dependencies {
		fromJSON += d.DeadlineTimeouts
	}
	for _, sv := range rv.Services {
		for _, d := range sv.Dependencies {
			fromJSON += d.DeadlineTimeouts
		}
	}
	if fromTable != fromJSON {
		t.Fatalf("run's table says %d timed out at the deadline, its JSON %d", fromTable, fromJSON)
	}
	return fromJSON, snaps
}

// In multi-hop's third variant 94.5 % of order pages fail, on a deadline:
// a hop's timeout, cut to what was left of it, fires. The chain's footer
// counts those timeouts, as run reports them (they are not the attempts
// never sent, which stay 0 there), and they are the bulk of the order
// pages' failures. Without propagated deadlines (the second variant) there
// are none.
func TestChainDeadlineTimeoutsMatchRun(t *testing.T) {
	for _, c := range []struct {
		what string
		v    int
		bulk bool
	}{
		{"multi-hop variant 3", 2, true},
		{"multi-hop variant 2", 1, false},
	} {
		want, snaps := deadlineTimeoutsRun(t, scenarios.MultiHop(), c.v)
		snap := &snaps[c.v]
		var orderPage *engine.EndpointSnapshot
		for i := range snap.Endpoints {
			if snap.Endpoints[i].Name == "order-page" {
				orderPage = &snap.Endpoints[i]
			}
		}
		failed := orderPage.Window[engine.Failed]
		if c.bulk && (failed == 0 || float64(want) < 0.8*float64(failed)) || !c.bulk && want != 0 {
			t.Errorf("%s: run reports %d timed out at the deadline against %d order pages failed", c.what, want, failed)
		}
		label := fmt.Sprintf("%s %s", "timed out at deadline", pane.Count(want))
		for w := 30; w <= 130; w += 7 {
			ch := pane.NewChain(tuitest.Plain())
			ch.SetData(pane.Data{Snap: snap, Gen: 1})
			ch.SetSize(w, ch.Needs(w))
			v := ansi.Strip(ch.View())
			flat := strings.Join(strings.Fields(strings.ReplaceAll(v, "│", " ")), " ")
			if !strings.Contains(flat, label) {
				t.Errorf("%s at width %d: the footer lacks %q:\n%s", c.what, w, label, v)
			}
		}
	}
}
