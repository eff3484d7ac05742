package main

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/x/ansi"
)

// tenantLine is a tenant's line in run's table: its name, its ok share and
// its rejected share.
var tenantLine = regexp.MustCompile(`^\s+tenant (\S+)\s+[\d,]+ requests, (\S+) ok, (\S+) rejected`)

// One truth: for every built-in scenario with tenants, the ok and rejected
// shares run's table gives each tenant are the strings the tenants pane
// shows for it at the run's end ("63%" in both, not "62.9%" beside "63%"),
// the pane's read from its own render.
func TestRunTenantSharesAreThePanes(t *testing.T) {
	racefree.Only(t) // runs main in-process and renders a pane: no goroutine
	const seed = 5
	compared := 0
	for _, b := range scenarios.All() {
		// A run's snapshots have tenants when its system names some
		// (engine/limits.go): a scenario with none is not run twice to
		// find that out.
		sc := b.Build()
		if !slices.ContainsFunc(sc.Variants, func(v engine.Variant) bool { return len(v.System.Tenants) > 0 }) {
			continue
		}
		snaps, err := engine.RunAll(sc, seed)
		if err != nil {
			t.Fatalf("%s: %v", b.Name, err)
		}
		if len(snaps) == 0 || len(snaps[0].Tenants) == 0 {
			continue
		}
		out, errOut, code := runOnce(t, "run", b.Name, "--seed", "5")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", b.Name, code, errOut)
		}
		// table[variant][tenant] is the tenant's ok and rejected shares.
		table := map[string]map[string][2]string{}
		variant := ""
		for _, l := range strings.Split(out, "\n") {
			if l != "" && l[0] != ' ' && strings.HasSuffix(l, ":") {
				variant = strings.TrimSuffix(l, ":")
			}
			if m := tenantLine.FindStringSubmatch(l); m != nil {
				if table[variant] == nil {
					table[variant] = map[string][2]string{}
				}
				table[variant][m[1]] = [2]string{m[2], m[3]}
			}
		}
		for i := range snaps {
			s := &snaps[i]
			p := pane.NewTenants(theme.New(nil))
			p.SetSize(160, 20)
			p.SetData(pane.Data{Snap: s, Final: s})
			shown := 0
			for _, l := range strings.Split(ansi.Strip(p.View()), "\n") {
				f := strings.Fields(strings.Trim(l, "│ "))
				// tenant, arrived, now, ok, rejected, limited, failed, fallback
				if len(f) != 8 {
					continue
				}
				want, ok := table[s.Variant][f[0]]
				if !ok {
					continue
				}
				shown++
				if f[3] != want[0] || f[4] != want[1] {
					t.Errorf("%s / %s / %s: run's table says %s ok, %s rejected; the pane %s ok, %s rejected", b.Name, s.Variant, f[0], want[0], want[1], f[3], f[4])
				}
			}
			if shown != len(s.Tenants) || len(table[s.Variant]) != len(s.Tenants) {
				t.Errorf("%s / %s: %d tenants, %d in the table, %d of them in the pane:\n%s\n%s", b.Name, s.Variant, len(s.Tenants), len(table[s.Variant]), shown, out, p.View())
			}
			compared += shown
		}
	}
	if compared == 0 {
		t.Error("no built-in scenario has tenants: the test compares nothing")
	}
}
