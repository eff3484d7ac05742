package mappane

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// go-server's semaphores at 45 s, the payment provider unreachable
// (tuitest.UnreachableGoServer): every one of payments' 60 permits is held
// by a call still dialling it, none yet in
// flight at the provider, while the bulkhead turns checkouts away. The
// limits pane, the map and the in-flight chart all say the bulkhead full,
// from the engine's one count of the permits held: the map read "0/60 held
// · 60 dialling" and the chart drew payments at 0 under its cap of 60
// beside the limits pane's "permits 60/60".
func TestPanesAgreeOnPermitsHeld(t *testing.T) {
	d := tuitest.At(t, tuitest.UnreachableGoServer, 1, 45)
	var held, size, atProvider int
	for _, dep := range d.Snap.Dependencies {
		if dep.Name == "payments" {
			held, size, atProvider = dep.Bulkhead, dep.BulkheadCap, dep.InFlight-dep.Abandoned
		}
	}
	if size == 0 || held != size || atProvider >= held {
		t.Fatalf("go-server/2 at 45 s: payments holds %d of %d permits, %d calls at the provider; want it full with fewer at the provider", held, size, atProvider)
	}
	permits := pane.Count(held) + "/" + pane.Count(size)

	limits := pane.NewLimits(tuitest.Plain())
	limits.SetData(d)
	limits.SetSize(90, 10)
	lv := ansi.Strip(limits.View())
	if row := lineOf(lv, "payments"); !strings.Contains(row, "permits "+permits) {
		t.Fatalf("limits pane: payments row %q, want %q:\n%s", row, "permits "+permits, lv)
	}

	mv := ansi.Strip(newMap(d.Snap, 110, 12).View())
	if row, want := lineOf(mv, "◆ payments"), permits+" held ("; !strings.Contains(row, want) {
		t.Errorf("map: payments row %q, want %q and its dials counted among them:\n%s", row, want, mv)
	}

	// The chart: payments' line (p) ends on the row of its cap of 60, the
	// higher of the two caps drawn (orders-db's is 14).
	f := chart.NewInFlight(tuitest.Plain())
	f.SetData(d)
	f.SetSize(88, 31)
	cv := ansi.Strip(f.View())
	capRow, lineRow, lineEnd := -1, -1, -1
	for k, l := range strings.Split(cv, "\n")[1:] {
		_, row, ok := strings.Cut(strings.TrimPrefix(l, "│"), "│")
		if !ok || strings.Contains(l, "└") {
			break
		}
		cells := []rune(row)
		if capRow < 0 && strings.ContainsRune(row, '┄') {
			capRow = k
		}
		for c := len(cells) - 1; c > lineEnd; c-- {
			if cells[c] == 'p' {
				lineRow, lineEnd = k, c
				break
			}
		}
	}
	if capRow < 0 || lineRow != capRow {
		t.Errorf("in-flight chart: payments' line ends on plot row %d, its cap of %d on row %d:\n%s", lineRow, size, capRow, cv)
	}
}
