package mappane

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/x/ansi"
)

// A tenant's rate on the map is its traffic now, not its average since
// the start: the arrivals the engine counted in the last 5 s, a second.
// The tenants pane's "now" is the same number from the same computation
// (pane.TenantLive), so the two panes agree at every moment.
func TestTenantRatesAreLiveAndAgreeWithTheTenantsPane(t *testing.T) {
	// noisy-tenant's acme bursts from 15 s: at 20 s its rate now is far
	// above its average since 0.
	const at, window = 20 * time.Second, pane.LiveWindow
	now := snapAt(t, "noisy-tenant", 1, at)
	then := snapAt(t, "noisy-tenant", 1, at-window)
	mv := ansi.Strip(newMap(now, 120, 40).View())
	tp := pane.NewTenants(tuitest.Plain())
	tp.SetData(pane.Data{Snap: now, Gen: 1})
	tp.SetSize(120, 8)
	tv := ansi.Strip(tp.View())
	for i := range now.Tenants {
		tn := &now.Tenants[i]
		want := float64(tn.Arrived-then.Tenants[i].Arrived) / window.Seconds()
		live, ok := pane.TenantLive(tn, now.SampleEvery)
		rate := live.Rate(now.SampleEvery)
		if !ok || rate != want {
			t.Errorf("%s: live rate %v, want the %d arrivals of the last 5 s a second: %v", tn.Name, rate, tn.Arrived-then.Tenants[i].Arrived, want)
		}
		cell := pane.Rate(want)
		if avg := pane.Rate(float64(tn.Arrived) / at.Seconds()); tn.Name == "acme" && avg == cell {
			t.Errorf("acme's burst does not show: its rate now is its average, %s", avg)
		}
		if line := lineOf(mv, "◇ "+tn.Name+" "); !strings.Contains(line, " "+cell+" ") {
			t.Errorf("%s: the map's row %q does not show %s", tn.Name, line, cell)
		}
		if line := lineOf(tv, "│"+tn.Name+" "); !strings.Contains(line, " "+cell+" ") {
			t.Errorf("%s: the tenants pane's row %q does not show %s", tn.Name, line, cell)
		}
	}
}

func lineOf(view, has string) string {
	for _, l := range strings.Split(view, "\n") {
		if strings.Contains(l, has) {
			return l
		}
	}
	return ""
}

// A map too narrow for the column of the fault in force marks the faulted
// node's name with ⚠ instead, so an injected fault is seen at any width;
// wide enough, the column says it and the name stays plain.
func TestNarrowMapMarksTheFaultedNode(t *testing.T) {
	s := snapAt(t, "multi-hop", 0, 25*time.Second) // the database slow since 20 s
	narrow := ansi.Strip(newMap(s, 80, 24).View())
	if line := lineOf(narrow, "◆ database"); !strings.Contains(line, "database ⚠") || strings.Contains(lineOf(narrow, " node "), "now") {
		t.Errorf("at 80 columns the database's row is %q, want ⚠ after its name and no now column:\n%s", line, narrow)
	}
	if line := lineOf(narrow, "▣ orders"); strings.Contains(line, "⚠") {
		t.Errorf("orders has no fault, yet its row is %q", line)
	}
	wide := ansi.Strip(newMap(s, 200, 24).View())
	if line := lineOf(wide, "◆ database"); strings.Contains(line, "database ⚠") || !strings.Contains(line, "⚠ slow") {
		t.Errorf("at 200 columns the database's row is %q, want the fault in its column", line)
	}
}

// A tenant's burst in force is its node's fault now: the map has it from
// the run's fault spans, as every time axis does.
func TestTenantBurstIsTheFaultNow(t *testing.T) {
	m := New(theme.New(theme.Plain()))
	m.SetData(tuitest.At(t, "noisy-tenant", 0, 20))
	m.SetSize(200, 30)
	v := ansi.Strip(m.View())
	if line := lineOf(v, "◇ acme "); !strings.Contains(line, "⚠ surge on search") {
		t.Errorf("acme bursts on search from 10 s to 30 s, yet its row at 20 s is %q", line)
	}
	if line := lineOf(v, "◇ globex "); strings.Contains(line, "⚠") {
		t.Errorf("globex sends its share, yet its row is %q", line)
	}
	m.SetData(tuitest.At(t, "noisy-tenant", 0, 35))
	if line := lineOf(ansi.Strip(m.View()), "◇ acme "); strings.Contains(line, "⚠") {
		t.Errorf("after its burst acme's row is %q", line)
	}
}

// A per-tenant bulkhead has no one cap: noisy-tenant's map read
// "database 19/60 held", its lanes of 20 summed, beside acme's full lane.
// The map says the calls held and no cap, as the chart draws none.
func TestPerTenantBulkheadHasNoOneCap(t *testing.T) {
	m := New(theme.New(theme.Plain()))
	m.SetData(tuitest.At(t, "noisy-tenant", 1, 20))
	for _, w := range []int{80, 200} {
		m.SetSize(w, 30)
		v := ansi.Strip(m.View())
		if line := lineOf(v, "database"); line == "" || strings.Contains(line, "/60") {
			t.Errorf("at %d columns the database's row is %q: no one cap of 60 for lanes of 20 a tenant", w, line)
		}
	}
}
