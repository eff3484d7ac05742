package mappane

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// noisy-tenant's first sample: globex and initech have sent requests and
// none is answered yet (they wait for the pool's workers). A tenant's
// failed cell follows the edges' rule (pane.EdgeCalls.NoneAnswered): no
// share, "–", where it read "0%", as if their requests did well.
func TestATenantWithNoneAnsweredHasNoFailedShare(t *testing.T) {
	probe := snapAt(t, "noisy-tenant", 0, 0)
	s := snapAt(t, "noisy-tenant", 0, probe.SampleEvery)
	m := newMap(s, 200, 40)
	view := ansi.Strip(m.View())
	unanswered := 0
	for i := range s.Tenants {
		tn := &s.Tenants[i]
		live, ok := pane.TenantLive(tn, s.SampleEvery)
		if !ok {
			t.Fatalf("%s: no live figures at the first sample", tn.Name)
		}
		row := lineOf(view, "◇ "+tn.Name+" ")
		cell := pane.Rate(live.Rate(s.SampleEvery))
		at := strings.Index(row, " "+cell+" ")
		if at < 0 {
			t.Fatalf("%s: row %q does not show its rate %s", tn.Name, row, cell)
		}
		failed := strings.Fields(row[at+len(cell)+1:])
		want := pane.Percent(live.FailedShare())
		if live.NoneAnswered() {
			want = noneAnswered
			unanswered++
		}
		if len(failed) == 0 || failed[0] != want {
			t.Errorf("%s: %d arrived, %d answered: row %q, want failed %q", tn.Name, live.Made, live.Answered, row, want)
		}
	}
	if unanswered == 0 {
		t.Fatal("no tenant with requests and none answered: the fixture does not show what this test is about")
	}
}
