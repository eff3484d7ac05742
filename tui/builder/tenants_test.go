package builder

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// threeTenants is the built system with acme, globex and initech, their
// shares set with % to 60, 30 and 10 %.
func threeTenants(t *testing.T) Model {
	t.Helper()
	m := typeShares(t, tuitest.Press(twoTenants(t), "t"), "acme = 60%, globex = 30%, initech = 10%")
	if m.msgErr || m.prompt != nil {
		t.Fatalf("the shares should be set: %q", m.msg)
	}
	return m
}

// runTenants runs variant v of sc to its end on the engine and gives each
// tenant's share of the arrivals.
func runTenants(t *testing.T, sc *engine.Scenario, v int) map[string]float64 {
	t.Helper()
	r, err := engine.New(sc, v, 11)
	if err != nil {
		t.Fatalf("the engine refused the edited system: %v", err)
	}
	r.AdvanceTo(sc.Duration)
	arrived := map[string]float64{}
	var all float64
	for _, ts := range r.Snapshot().Tenants {
		arrived[ts.Name] = float64(ts.Arrived)
		all += float64(ts.Arrived)
	}
	if all < 1000 {
		t.Fatalf("too few arrivals to judge: %v", arrived)
	}
	for name := range arrived {
		arrived[name] /= all
	}
	return arrived
}

// wholeTenths checks that every endpoint's shares are whole tenths of a
// percent adding up to exactly 100 %, as the list and the file show them.
func wholeTenths(t *testing.T, sc *engine.Scenario) {
	t.Helper()
	for _, v := range sc.Variants {
		for _, e := range v.System.Endpoints {
			units := 0
			for _, ts := range e.Tenants {
				u := math.Round(ts.Share * shareUnits)
				if math.Abs(ts.Share*shareUnits-u) > 1e-9 {
					t.Errorf("endpoint %s of %q: %s's share %v is not a whole tenth of a percent", e.Name, v.Name, ts.Tenant, ts.Share)
				}
				units += int(u)
			}
			if len(e.Tenants) > 0 && units != shareUnits {
				t.Errorf("endpoint %s of %q: shares %v add up to %d tenths of a percent, not %d", e.Name, v.Name, e.Tenants, units, shareUnits)
			}
		}
	}
}

// x on a tenant gives its share to the others in proportion to theirs:
// 60/30/10 without globex is 60:10 of the whole, 85.7 % and 14.3 %. It
// used to split the traffic evenly again, 50/50, and the 60:10 the
// learner set was lost. One edit, which u undoes exactly; the engine
// runs the result with the arrivals in those shares.
func TestRemovingATenantGivesItsShareInProportion(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	m := threeTenants(t)
	undos := len(m.undo)
	m = tuitest.Press(selectKind(t, m, partTenant, "globex", "-"), "x")
	if m.msgErr {
		t.Fatalf("x should remove globex: %q", m.msg)
	}
	wantShares(t, m.sc, map[string]float64{"acme": 0.857, "initech": 0.143})
	wholeTenths(t, m.sc)
	if want := "removed tenant globex: its 30% went to the others in proportion to theirs: acme 85.7%, initech 14.3%"; !strings.HasPrefix(m.msg, want) {
		t.Errorf("the message should say where globex's share went, %q: %q", want, m.msg)
	}
	if view := ansi.Strip(m.View()); !strings.Contains(view, "tenant acme · 85.7% of the traffic") || !strings.Contains(view, "tenant initech · 14.3% of the traffic") {
		t.Errorf("the parts list should show the shares kept in proportion:\n%s", view)
	}
	if len(m.undo) != undos+1 {
		t.Errorf("removing a tenant should be one edit: %d undo steps, want %d", len(m.undo), undos+1)
	}
	arrived := runTenants(t, m.sc, 0)
	if math.Abs(arrived["acme"]-0.857) > 0.03 || arrived["globex"] != 0 {
		t.Errorf("the engine should send acme about 85.7%% of the arrivals and globex none: %v", arrived)
	}
	m = tuitest.Press(m, "u")
	wantShares(t, m.sc, map[string]float64{"acme": 0.6, "globex": 0.3, "initech": 0.1})
}

// t gives the new tenant an even share, 1/n, taken from the others in
// proportion to theirs: 70/30 with a third tenant is 46.7/20/33.3. It
// used to be 33.3 each, the learner's 70:30 thrown away.
func TestAddingATenantTakesAnEvenShareInProportion(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	m := typeShares(t, twoTenants(t), "acme = 70%, globex = 30%")
	undos := len(m.undo)
	m = tuitest.Press(m, "t")
	if m.msgErr {
		t.Fatalf("t should add initech: %q", m.msg)
	}
	wantShares(t, m.sc, map[string]float64{"acme": 0.467, "globex": 0.2, "initech": 0.333})
	wholeTenths(t, m.sc)
	if want := "added tenant initech with an even share, taken from the others in proportion to theirs: acme 46.7%, globex 20%, initech 33.3%"; !strings.HasPrefix(m.msg, want) {
		t.Errorf("the message should say the shares now, %q: %q", want, m.msg)
	}
	if len(m.undo) != undos+1 {
		t.Errorf("adding a tenant should be one edit: %d undo steps, want %d", len(m.undo), undos+1)
	}
	arrived := runTenants(t, m.sc, 0)
	for name, want := range map[string]float64{"acme": 0.467, "globex": 0.2, "initech": 0.333} {
		if math.Abs(arrived[name]-want) > 0.03 {
			t.Errorf("the engine should send %s about %.1f%% of the arrivals: %v", name, want*100, arrived)
		}
	}
	m = tuitest.Press(m, "u")
	wantShares(t, m.sc, map[string]float64{"acme": 0.7, "globex": 0.3})
}

// A built-in's endpoints each keep their own proportions, in every
// variant: noisy-tenant without acme splits each endpoint between globex
// and initech, drops acme's burst, and every design runs on the engine.
func TestRemovingATenantFromABuiltInKeepsEachEndpoints(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	m := New(Options{Theme: tuitest.Plain(), Seed: tuitest.Seed, Starts: []Start{{Name: "noisy-tenant", Build: scenarios.NoisyTenant}}})
	m = tuitest.Press(tuitest.Send(m, tea.WindowSizeMsg{Width: 100, Height: 30}), "down", "enter")
	if m.sc == nil || len(m.sc.Variants[0].System.Tenants) != 3 {
		t.Fatalf("the copy of noisy-tenant should have three tenants: %q", m.msg)
	}
	// Each endpoint a split of its own, so that one proportion for all
	// would show.
	for i := range m.sc.Variants {
		eps := m.sc.Variants[i].System.Endpoints
		eps[0].Tenants = []engine.TenantShare{{Tenant: "acme", Share: 0.5}, {Tenant: "globex", Share: 0.4}, {Tenant: "initech", Share: 0.1}}
		eps[1].Tenants = []engine.TenantShare{{Tenant: "acme", Share: 0.2}, {Tenant: "globex", Share: 0.2}, {Tenant: "initech", Share: 0.6}}
	}
	m = tuitest.Press(selectKind(t, m, partTenant, "acme", "-"), "x")
	if m.msgErr {
		t.Fatalf("x should remove acme: %q", m.msg)
	}
	for _, v := range m.sc.Variants {
		eps := v.System.Endpoints
		for i, want := range []map[string]float64{{"globex": 0.8, "initech": 0.2}, {"globex": 0.25, "initech": 0.75}, {"globex": 0.5, "initech": 0.5}} {
			for _, ts := range eps[i].Tenants {
				if math.Abs(ts.Share-want[ts.Tenant]) > 1e-12 {
					t.Errorf("endpoint %s of %q: %s's share %v, want %v", eps[i].Name, v.Name, ts.Tenant, ts.Share, want[ts.Tenant])
				}
			}
			for _, b := range eps[i].Bursts {
				if b.Tenant == "acme" {
					t.Errorf("endpoint %s of %q keeps acme's burst", eps[i].Name, v.Name)
				}
			}
		}
	}
	wholeTenths(t, m.sc)
	if !strings.Contains(m.msg, "on checkout (each endpoint keeps its own proportions)") {
		t.Errorf("the message should say whose shares it shows: %q", m.msg)
	}
	for v := range m.sc.Variants {
		if got := runTenants(t, m.sc, v); got["acme"] != 0 || got["globex"] == 0 || got["initech"] == 0 {
			t.Errorf("variant %d: acme should send nothing, globex and initech some: %v", v, got)
		}
	}
}

// The rounding: whole tenths adding up to exactly 100 %, each within a
// tenth of its exact share, the same every time, and no tenant that had
// traffic rounded to none.
func TestRoundSharesAddsUpExactly(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 2000 {
		n := 1 + rng.IntN(8)
		names := make([]string, n)
		targets := make([]float64, n)
		sum := 0.0
		for i := range targets {
			names[i] = fmt.Sprint("t", i)
			targets[i] = rng.Float64() * rng.Float64()
			sum += targets[i]
		}
		for i := range targets {
			targets[i] /= sum
		}
		// A tenant below a tenth may be given one, from the largest
		// share, which may then be up to two tenths off.
		off := 1.0
		for _, x := range targets {
			if x*shareUnits < 1 {
				off = 2
			}
		}
		got := roundShares(names, targets)
		units := 0
		for i, ts := range got {
			u := int(math.Round(ts.Share * shareUnits))
			units += u
			if math.Abs(ts.Share-targets[i]) > off/shareUnits+1e-12 {
				t.Fatalf("trial %d: %s's share %v is more than %v tenths from %v", trial, ts.Tenant, ts.Share, off, targets[i])
			}
			if targets[i] > 0 && u == 0 {
				t.Fatalf("trial %d: %s had %v of the traffic and rounded to none", trial, ts.Tenant, targets[i])
			}
		}
		if units != shareUnits {
			t.Fatalf("trial %d: %v adds up to %d tenths", trial, got, units)
		}
		if again := roundShares(names, targets); fmt.Sprint(again) != fmt.Sprint(got) {
			t.Fatalf("trial %d: rounded %v, then %v", trial, got, again)
		}
	}
	// A tie goes to the earlier tenant: thirds are 33.4, 33.3, 33.3.
	if got := fmt.Sprint(roundShares([]string{"a", "b", "c"}, []float64{0.5 * 2 / 3, 0.5 * 2 / 3, 1.0 / 3})); got != "[{a 0.334} {b 0.333} {c 0.333}]" {
		t.Errorf("thirds rounded to %s", got)
	}
}

// With one other tenant the message names it, not "the others"; the
// last tenant removed leaves traffic with no tenant, which the engine
// runs.
func TestTenantNotesNameTheOneOther(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	m := twoTenants(t)
	if want := "added tenant globex with an even share, taken from acme: acme 50%, globex 50%"; !strings.HasPrefix(m.msg, want) {
		t.Errorf("adding the second tenant should say %q: %q", want, m.msg)
	}
	m = typeShares(t, m, "acme = 80%, globex = 20%")
	m = tuitest.Press(selectKind(t, m, partTenant, "acme", "-"), "x")
	if want := "removed tenant acme: its 80% went to globex, the one tenant left: globex 100%"; !strings.HasPrefix(m.msg, want) {
		t.Errorf("removing down to one tenant should say %q: %q", want, m.msg)
	}
	m = tuitest.Press(selectKind(t, m, partTenant, "globex", "-"), "x")
	if m.msgErr || !strings.HasPrefix(m.msg, "removed tenant globex: the traffic has no tenant now") {
		t.Fatalf("removing the last tenant should say the traffic has none: %q", m.msg)
	}
	for _, e := range m.sc.Variants[0].System.Endpoints {
		if e.Tenants != nil {
			t.Errorf("endpoint %s keeps shares %v of no tenant", e.Name, e.Tenants)
		}
	}
	if _, err := engine.New(m.sc, 0, 1); err != nil {
		t.Errorf("the engine should run the system with no tenant: %v", err)
	}
}
