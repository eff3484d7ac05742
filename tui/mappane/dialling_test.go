package mappane

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// go-server at 35 s, payments unreachable (tuitest.UnreachableGoServer):
// its calls in flight are a few dozen and the transport's dials to it
// thousands. Where the width allows, the
// payments node says both, so that its few calls are not read as all the
// goroutines the process holds; where the dials would cost the map a
// column, the node keeps its calls alone (the limits pane says the dials)
// and the columns stay. The database's node, whose pool holds every
// query's connections, never speaks of dials.
func TestPaymentsNodeSaysItsDials(t *testing.T) {
	s := snapAt(t, tuitest.UnreachableGoServer, 0, 35*time.Second)
	var host engine.PoolHostSnapshot
	for _, h := range s.Pools[0].Hosts {
		if h.Dependency == "payments" {
			host = h
		}
	}
	var pay *engine.DependencySnapshot
	for i := range s.Dependencies {
		if s.Dependencies[i].Name == "payments" {
			pay = &s.Dependencies[i]
		}
	}
	if pay == nil || !pane.DiallingShown(host.Dialling, host.InUse) {
		t.Fatalf("go-server at 35 s: payments has %d of %d connections dialling, want most", host.Dialling, host.InUse)
	}
	calls := pane.Count(pay.InFlight-pay.Abandoned) + " in flight"
	want := calls + " · " + pane.Count(host.Dialling) + " dialling"

	// 96 wide: the fault's word, "unreachable", takes 7 columns more
	// than the hang's this test ran with at 88.
	wide := ansi.Strip(newMap(s, 96, 14).View())
	if row := lineOf(wide, "◆ payments"); !strings.Contains(row, want) {
		t.Errorf("map 96 wide: payments row %q, want %q:\n%s", row, want, wide)
	}
	if row := lineOf(wide, "◆ orders-db"); strings.Contains(row, "dialling") {
		t.Errorf("map 96 wide: the database's row %q speaks of dials", row)
	}

	// The sandbox's map at 100x30: the dials would push out calls/s and
	// failed.
	narrow := ansi.Strip(newMap(s, 55, 10).View())
	row := lineOf(narrow, "◆ payments")
	if strings.Contains(row, "dialling") || !strings.Contains(row, calls) {
		t.Errorf("map 55 wide: payments row %q, want %q without the dials", row, calls)
	}
	if head := lineOf(narrow, "node"); !strings.Contains(head, "calls/s") || !strings.Contains(head, "failed") {
		t.Errorf("map 55 wide: the dials cost a column: %q\n%s", head, narrow)
	}

	before := ansi.Strip(newMap(snapAt(t, tuitest.UnreachableGoServer, 0, 15*time.Second), 88, 14).View())
	if strings.Contains(before, "dialling") {
		t.Errorf("before the fault the pool's few dials are news to no one:\n%s", before)
	}
}
