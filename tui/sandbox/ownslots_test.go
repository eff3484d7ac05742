package sandbox

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// noisyOwn is noisy-tenant with own slots given in its per-tenant
// bulkhead on database (variant 2) directly, as a scenario file gives them.
func noisyOwn(own ...engine.TenantSlots) *engine.Scenario {
	sc := scenarios.NoisyTenant()
	sc.Variants[1].System.Dependencies[0].Policy.TenantBulkhead.Own = own
	return sc
}

// endOf is variant v of sc run to its end on the tests' seed.
func endOf(t *testing.T, sc *engine.Scenario, v int) engine.Snapshot {
	t.Helper()
	r, err := engine.New(sc, v, tuitest.Seed)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	return r.Snapshot()
}

// sameJSON fails unless a and b write the same JSON: bit for bit.
func sameJSON(t *testing.T, what string, a, b any) {
	t.Helper()
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	if errA != nil || errB != nil {
		t.Fatalf("%s: %v %v", what, errA, errB)
	}
	if !bytes.Equal(ja, jb) {
		t.Errorf("%s differ:\n%s\n%s", what, ja, jb)
	}
}

// The knob form has a field for each tenant's own slots under a per-tenant
// bulkhead, empty for the default's: acme given 10 there runs as the
// scenario with acme's 10 written in it, its lane 10 slots beside the
// others' 20; w writes a file that keeps them and `run FILE` reproduces;
// emptied again, acme is off the list and the run is noisy-tenant's own.
func TestOwnSlotsFromTheForm(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one, the runs are done by hand
	m := newModel(t, 120, 40, Options{Scenario: scenarios.NoisyTenant(), Variant: 1})
	m = press(m, "e")
	for _, tenant := range []string{"acme", "globex", "initech"} {
		k := m.form.knobs[focusLabel(t, m, "own slots: "+tenant, 1).form.focus]
		if k.input.Value() != "" || k.hint != "empty: default slots; 0 to 100,000" {
			t.Errorf("%s's own slots open at %q, hint %q: want empty, the default's", tenant, k.input.Value(), k.hint)
		}
	}
	m = focusLabel(t, m, "own slots: acme", 1)
	m = press(m, "1", "0", "enter")
	if m.form != nil {
		t.Fatalf("acme's 10 own slots were refused: %s", m.form.err)
	}
	want := noisyOwn(engine.TenantSlots{Tenant: "acme", Slots: 10})
	if !reflect.DeepEqual(m.sim.sc.Variants[1].System, want.Variants[1].System) {
		t.Fatalf("the form's system differs from the one with acme's 10 written in:\n%+v\n%+v", m.sim.sc.Variants[1].System, want.Variants[1].System)
	}
	m = press(m, "G")
	end, direct := *m.sim.final, endOf(t, want, 1)
	// The sandbox names the variant with its edit; the run is the same.
	if wantName := direct.Variant + " (edited: database's own slots: acme 10)"; end.Variant != wantName {
		t.Errorf("the sandbox's variant is %q, want %q", end.Variant, wantName)
	}
	named := end
	named.Variant = direct.Variant
	sameJSON(t, "the sandbox's end and the run of the scenario with acme's 10", named, direct)
	var lanes []engine.TenantLane
	for _, d := range end.Dependencies {
		if d.Name == "database" && d.TenantBulkhead != nil {
			lanes = d.TenantBulkhead.Lanes
		}
	}
	caps := map[string]int{}
	for _, l := range lanes {
		caps[l.Tenant] = l.Cap
	}
	if wantCaps := map[string]int{"acme": 10, "globex": 20, "initech": 20}; !reflect.DeepEqual(caps, wantCaps) {
		t.Errorf("database's lanes hold %v, want %v", caps, wantCaps)
	}
	if v := m.View(); !strings.Contains(v, "acme 10") {
		t.Errorf("the screen does not show acme's 10 own slots:\n%s", v)
	}

	// w's file keeps them, and runs as the sandbox did.
	data, err := m.dump()
	if err != nil {
		t.Fatal(err)
	}
	fileSc, err := scenariofile.Parse("own.toml", data)
	if err != nil {
		t.Fatalf("the written file does not parse: %v\n%s", err, data)
	}
	if !reflect.DeepEqual(fileSc.Variants[1].System, m.sim.sc.Variants[1].System) {
		t.Errorf("the file's system differs from the sandbox's:\n%+v\n%+v", fileSc.Variants[1].System, m.sim.sc.Variants[1].System)
	}
	fileRuns, err := engine.RunAll(fileSc, tuitest.Seed)
	if err != nil {
		t.Fatal(err)
	}
	var mine []engine.Snapshot
	for v := range m.sim.sc.Variants {
		m = press(m, string(rune('1'+v)), "G")
		mine = append(mine, *m.sim.final)
	}
	var a, z bytes.Buffer
	report.WriteJSON(&a, report.Build(fileSc, tuitest.Seed, fileRuns))
	report.WriteJSON(&z, report.Build(fileSc, tuitest.Seed, mine))
	if a.String() != z.String() {
		t.Errorf("run FILE differs from the sandbox:\n%s\n%s", a.String(), z.String())
	}
	sameJSON(t, "run FILE's variant 2 and the sandbox's", fileRuns[1], mine[1])

	// Emptied, acme has the default's slots again: noisy-tenant as built.
	m = press(m, "2", "e")
	m = focusLabel(t, m, "own slots: acme", 1)
	if got := m.form.knobs[m.form.focus].input.Value(); got != "10" {
		t.Fatalf("acme's own slots reopen at %q, want 10", got)
	}
	m = press(m, "ctrl+u", "enter")
	if m.form != nil {
		t.Fatalf("acme's own slots emptied were refused: %s", m.form.err)
	}
	if !reflect.DeepEqual(m.sim.sc.Variants[1].System, scenarios.NoisyTenant().Variants[1].System) {
		t.Errorf("acme's own slots emptied, the system is not noisy-tenant's:\n%+v", m.sim.sc.Variants[1].System.Dependencies[0].Policy.TenantBulkhead)
	}
}

// A tenant's own slots are a whole number, 0 to 100,000, as the engine takes
// them, or empty for the default's: anything else is refused in those
// words, the text kept to mend.
func TestOwnSlotsRefusals(t *testing.T) {
	racefree.Only(t) // no goroutine: the form takes its keys on this one
	for _, c := range []struct{ typed, want, why string }{
		{"-5", "0 to 100,000, or empty for the default", "0 to 100,000, or empty for the default"},
		{"x", "a whole number, 0 to 100,000, or empty for the default", `"x" is not a whole number: type digits only`},
		{"1e1", "a whole number, 0 to 100,000, or empty for the default", `"1e1" is not a whole number: type 10`},
	} {
		f := newForm(tuitest.Plain(), scenarios.NoisyTenant(), 1)
		for range f.knobs {
			if f.knobs[f.focus].label == "own slots: globex" {
				break
			}
			f.move(1)
		}
		if f.knobs[f.focus].label != "own slots: globex" {
			t.Fatal("the form has no field for globex's own slots")
		}
		f.knobs[f.focus].input.SetValue(c.typed)
		if f.build(scenarios.NoisyTenant()) != nil {
			t.Errorf("own slots %q were taken", c.typed)
			continue
		}
		if got := f.knobs[f.focus].err; got != c.want {
			t.Errorf("own slots %q are refused with %q, want %q", c.typed, got, c.want)
		}
		if want := "database own slots: globex refused: " + c.why + "; the run on screen is unchanged"; f.err != want {
			t.Errorf("own slots %q: the form says %q, want %q", c.typed, f.err, want)
		}
	}
}
