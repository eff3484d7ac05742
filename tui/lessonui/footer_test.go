package lessonui

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// The outcomes table's footer says whether anyone is still waiting, never
// "answered": the lessons use that word for success, and the table above
// may be mostly failures (lesson 11's order pages: 94.5 % failed, under
// "3,887 requests, all answered").
func TestOutcomesFooterDoesNotSayAnswered(t *testing.T) {
	p := &endpointsPane{}
	for _, c := range []struct {
		arrived, waiting uint64
		want             string
	}{
		{0, 0, "none arrived yet"},
		{1, 0, "1 request, no longer waiting"},
		{3887, 0, "3,887 requests in all, none still waiting"},
		{3887, 10, "3,887 requests in all, 10 still waiting for an answer"},
	} {
		got := p.footers(c.arrived, c.waiting, nil)
		if got[0] != c.want {
			t.Errorf("%d arrived, %d waiting: %q, want %q", c.arrived, c.waiting, got[0], c.want)
		}
		for _, f := range got {
			if strings.Contains(f, "answered") {
				t.Errorf("%d arrived, %d waiting: %q says answered", c.arrived, c.waiting, f)
			}
		}
	}
}

// The table's total is every endpoint's ("in all"), under rows whose
// shares are each of its own endpoint (lesson 3's "checkout 8.8%" over
// "80 requests" of health probes and checkouts together), and a request
// still without an answer when the traffic ended is "still waiting" then,
// or one that "ended after" it, never "open", a breaker's word ("59 open
// at 30 s, now counted" at 80 columns).
func TestOutcomesFooterSaysItsTotalIsOfEveryEndpoint(t *testing.T) {
	p := &endpointsPane{}
	for _, f := range p.footers(80, 0, nil)[:2] {
		if !strings.Contains(f, "80 requests in all") {
			t.Errorf("%q: say the 80 are every endpoint's requests", f)
		}
	}
	final := &endpointsPane{final: true, waitingAtEnd: 59}
	for _, f := range final.footers(11894, 0, &engine.Snapshot{Duration: 30 * time.Second}) {
		if strings.Contains(f, "open") || !strings.Contains(f, "59 still waiting") && !strings.Contains(f, "59 ended after") {
			t.Errorf("%q: the 59 still without an answer at 30 s are waiting", f)
		}
	}
}

// Each row of the outcome table gives its count where the pane has room,
// so a share reads as a count: lesson 3's "checkout 91.2% 8.8%" at 80×24
// sits beside its 68 arrivals (8.8% of them are the 6 its reveal names),
// not only above a total of 80 that counts the health probes too.
func TestOutcomeRowsShowTheirCounts(t *testing.T) {
	p := lessonID(t, "03-bulkheads")
	step := -1
	for i, st := range p.Steps {
		if st.Title == "The checkout's cap of 4" {
			step = i
		}
	}
	if step < 0 {
		t.Fatal("lesson 3 has no step \"The checkout's cap of 4\"")
	}
	m := play(t, open(t, p, step, 80, 24, Options{}))
	ep := endpointsOf(t, m)
	_, counts := tableRowsCounts(t, ep.View(), len(ep.snap.Endpoints))
	if counts == nil {
		t.Fatalf("no arrived column at 80×24:\n%s", ep.View())
	}
	for i, e := range ep.snap.Endpoints {
		if want := pane.Count(report.WindowTally(&e).Arrived); counts[i] != want {
			t.Errorf("%s's count is %s, want %s", e.Name, counts[i], want)
		}
	}
}
