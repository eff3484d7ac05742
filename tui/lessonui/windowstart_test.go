package lessonui

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// At the measurement window's first instant none of its arrivals are in,
// and the outcome table counted them: lesson 11 paused at 20.0 s read "-"
// in every cell and "none arrived yet" of a run 4,005 requests old. Until
// the window has begun the table counts the run so far, as the tenants
// pane does (pane.WindowBegun, their one rule), and from the next instant
// the window's arrivals.
func TestOutcomesAtTheWindowsFirstInstant(t *testing.T) {
	snap := func(now time.Duration) *engine.Snapshot {
		return &engine.Snapshot{Now: now, MeasureFrom: 10 * time.Second, MeasureTo: 30 * time.Second,
			Endpoints: []engine.EndpointSnapshot{{Name: "search", Arrived: 400, Total: engine.Counts{300, 0, 100, 0},
				WindowArrived: 20, Window: engine.Counts{20, 0, 0, 0}}},
			Tenants: []engine.TenantSnapshot{{Name: "acme", Arrived: 400, Total: engine.Counts{300, 0, 100, 0},
				WindowArrived: 20, Window: engine.Counts{20, 0, 0, 0}}}}
	}
	for _, c := range []struct {
		now          time.Duration
		arrived, ok  string
		title, other string
	}{
		{10 * time.Second, "400", "75.0%", "every arrival so far", "of arrivals"},
		{10*time.Second + time.Millisecond, "20", "100.0%", "of arrivals 10 s–30 s", "so far"},
	} {
		s := snap(c.now)
		p := &endpointsPane{th: tuitest.Plain()}
		p.SetSize(60, 6)
		p.SetData(pane.Data{Snap: s, Gen: 1})
		v := ansi.Strip(p.View())
		rows, counts := tableRowsCounts(t, v, 1)
		if len(rows) != 1 || len(counts) != 1 || counts[0] != c.arrived || rows[0][0] != c.ok {
			t.Errorf("at %v: want %s arrived, %s ok; got %q %q\n%s", c.now, c.arrived, c.ok, rows, counts, v)
		}
		if !strings.Contains(v, c.title) || strings.Contains(v, c.other) {
			t.Errorf("at %v: the title should say %q, not %q:\n%s", c.now, c.title, c.other, v)
		}
		// The tenants pane beside it counts the same span.
		tp := pane.NewTenants(tuitest.Plain())
		tp.SetData(pane.Data{Snap: s, Gen: 1})
		tp.SetSize(110, 8)
		if tv := ansi.Strip(tp.View()); !strings.Contains(tv, "acme") || !strings.Contains(strings.Fields(tv[strings.Index(tv, "acme"):])[1], c.arrived) {
			t.Errorf("at %v: the tenants pane counts another span than the table's %s arrivals:\n%s", c.now, c.arrived, tv)
		}
	}
}
