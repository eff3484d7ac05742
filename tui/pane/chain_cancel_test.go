package pane_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// The chain's footer counts every call a cancellation stopped, a
// database's queries included: in multi-hop's third variant cancellation
// reaches the database and stops the queries inventory gives up on, while
// no call between services is cancelled, so a footer that summed only the
// services' read "cancelled 0" beside a database that had stopped
// hundreds. The count is what `breakerlab run --format json` reports.
func TestChainCancelledCountsADatabasesQueries(t *testing.T) {
	sc := scenarios.MultiHop()
	snaps, err := engine.RunAll(sc, tuitest.Seed)
	if err != nil {
		t.Fatal(err)
	}
	const v = 2
	rv := report.Build(sc, tuitest.Seed, snaps).Variants[v]
	var services, leaves uint64
	for _, d := range rv.Dependencies {
		leaves += d.Cancelled
	}
	for _, sv := range rv.Services {
		services += sv.Cancelled
		for _, d := range sv.Dependencies {
			leaves += d.Cancelled
		}
	}
	if leaves == 0 {
		t.Fatalf("run reports no database query cancelled in %q", rv.Name)
	}
	label := fmt.Sprintf("cancelled %s", pane.Count(services+leaves))
	for _, w := range []int{30, 40, 60, 80, 130} {
		ch := pane.NewChain(tuitest.Plain())
		ch.SetData(pane.Data{Snap: &snaps[v], Gen: 1})
		ch.SetSize(w, ch.Needs(w))
		view := ansi.Strip(ch.View())
		flat := strings.Join(strings.Fields(strings.ReplaceAll(view, "│", " ")), " ")
		if !strings.Contains(flat, label) {
			t.Errorf("width %d: the footer lacks %q (run: %d at services, %d at leaves):\n%s", w, label, services, leaves, view)
		}
	}
}
