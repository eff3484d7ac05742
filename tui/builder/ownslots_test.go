package builder

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// perTenantFirst is noisy-tenant's "a bulkhead per tenant" alone, the
// variant the builder's knob form edits, with own slots as given.
func perTenantFirst(own ...engine.TenantSlots) *engine.Scenario {
	sc := scenarios.NoisyTenant()
	sc.Variants = sc.Variants[1:2]
	sc.Variants[0].System.Dependencies[0].Policy.TenantBulkhead.Own = own
	return sc
}

// The builder's knob form has the sandbox's field for a tenant's own slots
// under a per-tenant bulkhead: acme given 10 there is one edit, saved in
// the file, which parses back to the system with acme's 10 written in and
// runs as it does, bit for bit.
func TestKnobsGiveATenantOwnSlots(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, the runs done by hand
	m := New(Options{Theme: tuitest.Plain(), Seed: tuitest.Seed, Starts: []Start{{Name: "noisy-tenant", Build: func() *engine.Scenario { return perTenantFirst() }}}})
	m = tuitest.Press(tuitest.Send(m, tea.WindowSizeMsg{Width: 100, Height: 30}), "down", "enter", "e")
	if m.form == nil {
		t.Fatal("e opened no form")
	}
	for i := 0; !strings.Contains(ansi.Strip(m.View()), "▸ own slots: acme"); i++ {
		if i > 60 {
			t.Fatalf("the form has no field for acme's own slots:\n%s", ansi.Strip(m.View()))
		}
		m = tuitest.Press(m, "down")
	}
	m = tuitest.Press(m, "1", "0", "enter")
	if m.form != nil || m.msgErr {
		t.Fatalf("acme's 10 own slots were refused: %v %q", m.form != nil, m.msg)
	}
	if want := "set database's own slots: acme 10"; m.msg != want {
		t.Errorf("the message line says %q, want %q", m.msg, want)
	}
	want := perTenantFirst(engine.TenantSlots{Tenant: "acme", Slots: 10})
	if !reflect.DeepEqual(m.sc.Variants[0].System, want.Variants[0].System) {
		t.Fatalf("the built system differs from the one with acme's 10 written in:\n%+v\n%+v", m.sc.Variants[0].System, want.Variants[0].System)
	}
	data, err := m.fileBytes("own.toml")
	if err != nil {
		t.Fatal(err)
	}
	fileSc, err := scenariofile.Parse("own.toml", data)
	if err != nil {
		t.Fatalf("the saved file does not parse: %v\n%s", err, data)
	}
	if !reflect.DeepEqual(fileSc.Variants[0].System, want.Variants[0].System) {
		t.Errorf("the file's system differs from the one with acme's 10 written in:\n%+v\n%+v", fileSc.Variants[0].System, want.Variants[0].System)
	}
	ends := make([][]byte, 2)
	for i, sc := range []*engine.Scenario{fileSc, want} {
		// The builder names the variant it edited "(edited)"; the
		// system is what runs.
		sc.Name, sc.Variants[0].Name = "own", "a bulkhead per tenant"
		r, err := engine.New(sc, 0, tuitest.Seed)
		if err != nil {
			t.Fatal(err)
		}
		r.Run()
		if ends[i], err = json.Marshal(r.Snapshot()); err != nil {
			t.Fatal(err)
		}
	}
	if string(ends[0]) != string(ends[1]) {
		var a, b map[string]json.RawMessage
		_ = json.Unmarshal(ends[0], &a)
		_ = json.Unmarshal(ends[1], &b)
		for k := range a {
			if string(a[k]) != string(b[k]) {
				t.Errorf("the saved file runs otherwise than the system with acme's 10 written in: its %s is %.200s, not %.200s", k, a[k], b[k])
			}
		}
	}
	if !strings.Contains(string(ends[0]), `{"Tenant":"acme","In":0,"Cap":10`) {
		t.Errorf("the run's per-tenant bulkhead does not give acme 10 slots:\n%.2000s", ends[0])
	}
}
