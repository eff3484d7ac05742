package sandbox

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// noisy-tenant's measurement window starts at 10 s, and at 10 s the
// tenants table counted its arrivals, none yet: "arrived 0 … 0%" for every
// tenant read as if nothing had happened. It counts the run so far, and
// says when the window opens.
func TestNoisyTenantTenantsBeforeTheWindow(t *testing.T) {
	m := jumpTo(t, newModel(t, 80, 24, Options{Scenario: tuitest.Scenario(t, "noisy-tenant")}), 10*time.Second)
	v := m.View()
	golden.Check(t, "noisy-tenant-tenants-10s-80x24", v)
	plain := ansi.Strip(v)
	for _, l := range strings.Split(plain, "\n") {
		if f := strings.Fields(strings.Trim(l, "│ ")); len(f) > 2 && (f[0] == "acme" || f[0] == "globex" || f[0] == "initech") && f[1] == "0" {
			t.Errorf("tenant %s shows 0 arrived at 10 s, when its requests have been arriving since 0 s:\n%s", f[0], plain)
		}
	}
}
