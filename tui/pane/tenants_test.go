package pane_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// The sizes the tenants pane gets in the right column at 80×24, 120×40
// and 200×60.
var tenantSizes = [][2]int{{44, 7}, {66, 7}, {110, 7}}

// tenantSnap: acme sends most, globex bursts into its per-tenant limit,
// initech is quiet; a few of acme's requests still wait.
func tenantSnap() *engine.Snapshot {
	return &engine.Snapshot{Scenario: "tenants", Tenants: []engine.TenantSnapshot{
		{Name: "acme", Arrived: 7000, Total: engine.Counts{6500, 0, 300, 100}},
		{Name: "globex", Arrived: 2000, Total: engine.Counts{900, 50, 1000, 50}, Limited: 950},
		{Name: "initech", Arrived: 1000, Total: engine.Counts{990, 0, 0, 10}},
	}}
}

func TestTenantsGolden(t *testing.T) {
	d := pane.Data{Snap: tenantSnap(), Gen: 1}
	for _, sz := range tenantSizes {
		p := pane.NewTenants(tuitest.Plain())
		p.SetData(d)
		p.SetSize(sz[0], p.Needs(sz[0]))
		v := p.View()
		tuitest.CheckBlock(t, v, sz[0], p.Needs(sz[0]))
		checkNoCut(t, fmt.Sprintf("tenants %d", sz[0]), v)
		golden.Check(t, fmt.Sprintf("tenants-%dx%d", sz[0], p.Needs(sz[0])), v)
	}
}

// The shares are report.Tally's: the same computation as `run`'s table.
func TestTenantsSharesAreTallyShares(t *testing.T) {
	s := tenantSnap()
	p := pane.NewTenants(tuitest.Plain())
	p.SetData(pane.Data{Snap: s, Gen: 1})
	p.SetSize(110, 8)
	v := ansi.Strip(p.View())
	for i := range s.Tenants {
		tn := &s.Tenants[i]
		tl := report.Tally{Arrived: tn.Arrived, Outcomes: tn.Total}
		if got := pane.TenantTally(tn); got != tl {
			t.Errorf("TenantTally(%s) = %+v, want %+v", tn.Name, got, tl)
		}
		var line string
		for _, l := range strings.Split(v, "\n") {
			if strings.HasPrefix(strings.TrimPrefix(l, "│"), tn.Name) {
				line = l
			}
		}
		// (The snapshot has no series: no rate now, "–".)
		want := []string{pane.Count(tn.Arrived), "–", pane.Percent(tl.Share(engine.OK)), pane.Percent(tl.Share(engine.Rejected)),
			pane.Count(tn.Limited), pane.Percent(tl.Share(engine.Failed))}
		f := strings.Fields(strings.Trim(line, "│"))
		if len(f) < 7 || strings.Join(f[1:7], " ") != strings.Join(want, " ") {
			t.Errorf("%s: row %q, want %v", tn.Name, line, want)
		}
	}
	// acme's 100 waiting requests count in its shares: 6,500 of 7,000 is 93%.
	if !strings.Contains(v, "93%") {
		t.Errorf("acme's ok share should be of its arrivals, those waiting included:\n%s", v)
	}
	// At the end the shares are the run played out's.
	fin := tenantSnap()
	fin.Tenants[0].Total = engine.Counts{6600, 0, 300, 100}
	p.SetData(pane.Data{Snap: s, Final: fin, Gen: 1})
	if v := ansi.Strip(p.View()); !strings.Contains(v, "94%") || !strings.Contains(strings.ToLower(v), "played out") {
		t.Errorf("at the end the shares should be the final run's:\n%s", v)
	}
}

// A narrow pane leaves out whole columns and names them.
func TestTenantsDropWholeColumns(t *testing.T) {
	p := pane.NewTenants(tuitest.Plain())
	p.SetData(pane.Data{Snap: tenantSnap(), Gen: 1})
	p.SetSize(36, 7)
	v := ansi.Strip(p.View())
	if !strings.Contains(v, "hidden") || strings.Contains(v, "wider shows") {
		t.Errorf("a narrow tenants pane should name what it leaves out:\n%s", v)
	}
	if !strings.Contains(v, "rejected") || !strings.Contains(v, "ok") {
		t.Errorf("ok and rejected shares are the last to go:\n%s", v)
	}
}
