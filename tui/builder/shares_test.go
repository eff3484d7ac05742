package builder

import (
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// twoTenants is the built system with a second tenant, globex: the
// traffic split 50/50.
func twoTenants(t *testing.T) Model {
	t.Helper()
	m := tuitest.Press(built(t, 100, 30), "t")
	if m.msgErr || len(m.sc.Variants[0].System.Tenants) != 2 {
		t.Fatalf("t should add a second tenant: %s", m.msg)
	}
	return m
}

// typeShares opens % and answers it with text.
func typeShares(t *testing.T, m Model, text string) Model {
	t.Helper()
	m = tuitest.Press(m, "%")
	if m.prompt == nil || !m.sharing {
		t.Fatalf("%% should open the shares prompt: %q", m.msg)
	}
	return tuitest.Press(m, "ctrl+u", text, "enter")
}

// wantShares checks every endpoint of every variant splits its traffic as
// want (tenant → share).
func wantShares(t *testing.T, sc *engine.Scenario, want map[string]float64) {
	t.Helper()
	for _, v := range sc.Variants {
		for _, e := range v.System.Endpoints {
			if len(e.Tenants) != len(want) {
				t.Fatalf("endpoint %s of %q: shares %v, want %v", e.Name, v.Name, e.Tenants, want)
			}
			for _, ts := range e.Tenants {
				if math.Abs(ts.Share-want[ts.Tenant]) > 1e-12 {
					t.Errorf("endpoint %s of %q: %s's share %v, want %v", e.Name, v.Name, ts.Tenant, ts.Share, want[ts.Tenant])
				}
			}
		}
	}
}

// % sets each tenant's share, each typed as a form's share is ("70%",
// "0.2", "10"), on every endpoint; the list says each tenant's share.
// Before, the builder split the traffic evenly and no key changed it.
func TestSharesPromptSetsEachTenantsShare(t *testing.T) {
	m := tuitest.Press(twoTenants(t), "t") // acme, globex, initech
	if got := m.prompt; got != nil {
		t.Fatalf("no prompt should be open: %+v", got)
	}
	m = tuitest.Press(m, "%")
	// initech's even third is taken from acme's and globex's halves
	// alike, in tenths of a percent (tenants.go).
	if want := "acme = 33.4%, globex = 33.3%, initech = 33.3%"; m.prompt == nil || m.prompt.Input != want {
		t.Fatalf("the prompt should hold the shares now, %q: %+v", want, m.prompt)
	}
	m = tuitest.Press(m, "ctrl+u", "acme = 70%, globex = 0.2, initech = 10", "enter")
	if m.msgErr || m.prompt != nil {
		t.Fatalf("the shares should be set: %q", m.msg)
	}
	wantShares(t, m.sc, map[string]float64{"acme": 0.7, "globex": 0.2, "initech": 0.1})
	for name, share := range map[string]string{"acme": "70%", "globex": "20%", "initech": "10%"} {
		line := describe(m.sc, selectPart(t, m, name).cur())
		if !strings.Contains(line, "· "+share+" of the traffic") {
			t.Errorf("%s's line should say its share %s: %q", name, share, line)
		}
	}
	if view := ansi.Strip(m.View()); !strings.Contains(view, "tenant acme · 70% of the traffic") {
		t.Errorf("the parts list should show acme's share:\n%s", view)
	}
	// Enter on the shares as shown changes nothing: the text read back is
	// the number shown.
	m = tuitest.Press(m, "%", "enter")
	if m.msg != "nothing changed" {
		t.Errorf("enter on the shares shown should change nothing: %q", m.msg)
	}
}

// Shares that do not add up to 100 % are refused in the scenario file's
// rule, with the sum; the prompt keeps what was typed and the system is
// as it was.
func TestSharesNotAddingUpAreRefused(t *testing.T) {
	m := twoTenants(t)
	id, undos := m.id, len(m.undo)
	typed := "acme = 70%, globex = 50%"
	m = typeShares(t, m, typed)
	if !m.msgErr || !strings.Contains(m.msg, "must add up to 100%, got 120%") {
		t.Fatalf("the refusal should name the rule and the sum: %q", m.msg)
	}
	if m.prompt == nil || m.prompt.Input != typed {
		t.Fatalf("the prompt should stay open with what was typed: %+v", m.prompt)
	}
	wantShares(t, m.sc, map[string]float64{"acme": 0.5, "globex": 0.5})
	if m.id != id || len(m.undo) != undos {
		t.Errorf("a refused edit should leave the system and its history as they were")
	}
	for _, bad := range []struct{ typed, says string }{
		{"acme = 70%", "globex has no share"},
		{"acme = 70%, umbrella = 30%", `"umbrella" is not one of the system's tenants`},
		{"acme = 1, globex = 0", "1 reads as 100% or as 1%"},
		{"acme = lots, globex = 30%", "acme's share"},
		// A share of 0 is in the range the parse takes, and leaves the
		// tenant idle: the refusal says what would do.
		{"acme = 0, globex = 100%", `tenant "acme" sends no traffic: no endpoint gives it a share; give it one above 0% (% sets the shares), or remove it (select it, x)`},
	} {
		m = tuitest.Press(m, "ctrl+u", bad.typed, "enter")
		if !m.msgErr || !strings.Contains(m.msg, bad.says) {
			t.Errorf("%q should be refused saying %q: %q", bad.typed, bad.says, m.msg)
		}
	}
	m = tuitest.Press(m, "esc")
	if m.prompt != nil || m.msg != "" {
		t.Errorf("esc should close the prompt and its refusal: %+v %q", m.prompt, m.msg)
	}
}

// The shares go into the file w writes, which scenariofile reads back as
// set, and the engine runs it with each tenant's arrivals in its share.
func TestSharesAreSavedAndRun(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	m := typeShares(t, twoTenants(t), "acme = 80%, globex = 20%")
	path := filepath.Join(t.TempDir(), "shares.toml")
	m = save(t, m, path)
	if m.Unsaved() {
		t.Fatalf("the system should be saved: %q", m.msg)
	}
	sc := parsed(t, path)
	wantShares(t, sc, map[string]float64{"acme": 0.8, "globex": 0.2})
	// 80 % of some thousands of draws: far from 50 %, near 80 %.
	if got := runTenants(t, sc, 0)["acme"]; math.Abs(got-0.8) > 0.03 {
		t.Errorf("acme had %.3f of the arrivals, want about 0.8", got)
	}
}

// Setting the shares is one edit: u gives back the even split.
func TestSharesAreUndone(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	m := typeShares(t, twoTenants(t), "acme = 90%, globex = 10%")
	wantShares(t, m.sc, map[string]float64{"acme": 0.9, "globex": 0.1})
	m = tuitest.Press(m, "u")
	wantShares(t, m.sc, map[string]float64{"acme": 0.5, "globex": 0.5})
	if line := describe(m.sc, selectPart(t, m, "acme").cur()); !strings.Contains(line, "50% of the traffic") {
		t.Errorf("after u acme's line should say 50%%: %q", line)
	}
}

// An endpoint added after the shares were set splits its traffic as the
// others do: it was split evenly, so a noisy tenant was quiet on it.
func TestANewEndpointTakesTheShares(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	m := typeShares(t, twoTenants(t), "acme = 90%, globex = 10%")
	m = tuitest.Press(m, "a")
	if m.msgErr {
		t.Fatalf("a should add an endpoint: %q", m.msg)
	}
	wantShares(t, m.sc, map[string]float64{"acme": 0.9, "globex": 0.1})
}

// % without tenants says how to get one, and opens nothing.
func TestSharesWithoutTenants(t *testing.T) {
	m := tuitest.Press(newBuilder(100, 30), "enter", "%")
	if m.prompt != nil || !m.msgErr || !strings.Contains(m.msg, "t adds one") {
		t.Errorf("%% with no tenant should say t adds one: %+v %q", m.prompt, m.msg)
	}
}
