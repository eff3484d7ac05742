package pane_test

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// Once a scenario's measurement window has begun, the tenants pane counts
// the window's arrivals, as `breakerlab run` prints them beside "tenant
// NAME" and as the outcome tables do: a lesson quoting a tenant's share
// (lessons' tenant-share) and the pane beside it then show one number.
// Before the fix the pane showed the whole run's: 900 of 1,000 (90%)
// instead of the window's 300 of 500 (60%).
func TestTenantsCountTheMeasurementWindow(t *testing.T) {
	s := &engine.Snapshot{Scenario: "tenants", Now: 40 * time.Second, MeasureFrom: 10 * time.Second, MeasureTo: 30 * time.Second,
		Tenants: []engine.TenantSnapshot{{Name: "globex", Arrived: 1000, Total: engine.Counts{900, 0, 100, 0},
			WindowArrived: 500, Window: engine.Counts{300, 0, 200, 0}}}}
	p := pane.NewTenants(tuitest.Plain())
	p.SetData(pane.Data{Snap: s, Final: s, Gen: 1})
	p.SetSize(110, 8)
	v := ansi.Strip(p.View())
	row, f := tenantFields(v, "globex")
	if len(f) < 5 || f[1] != "500" || f[3] != "60%" || f[4] != "40%" {
		t.Errorf("want the window's 500 arrivals, 60%% ok, 40%% rejected; got row %q\n%s", row, v)
	}
	if !strings.Contains(v, "measurement window") {
		t.Errorf("the note should say the shares are of the measurement window:\n%s", v)
	}
}

// At the measurement window's first instant none of its arrivals are in,
// and the pane counted them: noisy-tenant's sandbox at 10 s read
// "arrived 0 … 0%" for every tenant, as if nothing had happened. Until the
// window opens the pane counts the run so far and says when it opens.
func TestTenantsBeforeTheWindowOpens(t *testing.T) {
	s := &engine.Snapshot{Scenario: "tenants", Now: 10 * time.Second, MeasureFrom: 10 * time.Second, MeasureTo: 30 * time.Second,
		Tenants: []engine.TenantSnapshot{{Name: "globex", Arrived: 400, Total: engine.Counts{300, 0, 100, 0}}}}
	p := pane.NewTenants(tuitest.Plain())
	p.SetData(pane.Data{Snap: s, Gen: 1})
	p.SetSize(110, 8)
	v := ansi.Strip(p.View())
	row, f := tenantFields(v, "globex")
	if len(f) < 5 || f[1] != "400" || f[3] != "75%" || f[4] != "25%" {
		t.Errorf("want the run so far, 400 arrivals, 75%% ok, 25%% rejected; got row %q\n%s", row, v)
	}
	if !strings.Contains(v, "opens at 10 s") {
		t.Errorf("the note should say the measurement window opens at 10 s:\n%s", v)
	}
}

// tenantFields is the line of view whose row is tenant's, and its fields.
func tenantFields(view, tenant string) (row string, fields []string) {
	for _, l := range strings.Split(view, "\n") {
		if strings.HasPrefix(strings.TrimPrefix(l, "│"), tenant) {
			row = l
		}
	}
	return row, strings.Fields(strings.Trim(row, "│"))
}
