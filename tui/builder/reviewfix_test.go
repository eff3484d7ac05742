package builder

import (
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// fromStart is the builder on a copy of the built-in named name.
func fromStart(t *testing.T, w, h int, name string) Model {
	t.Helper()
	m := newBuilder(w, h)
	for range len(m.starts) + 1 {
		if m.pick > 0 && m.starts[m.pick-1].Name == name {
			m = tuitest.Press(m, "enter")
			if m.stage != building {
				t.Fatalf("%s should open: %s", name, m.msg)
			}
			return m
		}
		m = tuitest.Press(m, "down")
	}
	t.Fatalf("no start %q", name)
	return m
}

// selectKind moves the cursor to the part of kind named name (and called
// by caller, when caller is not "-").
func selectKind(t *testing.T, m Model, kind partKind, name, caller string) Model {
	t.Helper()
	for range m.parts {
		if p := m.cur(); p.kind == kind && p.name == name && (caller == "-" || p.caller == caller) {
			return m
		}
		m = tuitest.Press(m, "down")
	}
	t.Fatalf("no part %q of kind %d called by %q among %v", name, kind, caller, m.parts)
	return m
}

// An edit keeps the cursor on the part it was made on, though another part
// shares its name: in cascade the endpoint recommendations and the
// dependency recommendations; after c, two leaves called database.
func TestAnEditKeepsTheSelectedPart(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	m := fromStart(t, 120, 40, "cascade")
	m = selectKind(t, m, partLeaf, "recommendations", "-")
	want := m.cur()
	m = tuitest.Press(m, "b")
	if m.msgErr || m.cur() != want {
		t.Fatalf("b on %+v should keep it selected, not %+v (%s)", want, m.cur(), m.msg)
	}
	m = tuitest.Press(m, "b")
	if m.msgErr {
		t.Fatalf("b again should take the breaker off: %s", m.msg)
	}
	m = tuitest.Press(m, "u")
	if m.cur() != want {
		t.Errorf("u should select %+v again, not %+v", want, m.cur())
	}

	m = fromStart(t, 120, 40, "multi-hop")
	m = selectKind(t, m, partEndpoint, "home", "-")
	m = tuitest.Press(m, "c")
	m = selectKind(t, m, partLeaf, "database", "-")
	m = tuitest.Press(m, "enter")
	if m.msgErr {
		t.Fatalf("home should call database: %s", m.msg)
	}
	m = selectKind(t, m, partLeaf, "database", "")
	want = m.cur()
	m = tuitest.Press(m, "i", "ctrl+u", "20s hang for 10s", "enter")
	if m.msgErr || m.cur() != want {
		t.Errorf("a fault on %+v should keep it selected, not %+v (%s)", want, m.cur(), m.msg)
	}
}

// s, d and f in a copy of a system whose variants call different parts
// (event-loop-stall's second variant has report call report-db) add the
// part in every variant alike, so the system stays one a file can hold.
func TestAddingKeepsTheVariantsAlike(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	for _, sel := range []string{"front", "report"} {
		for _, k := range []string{"s", "d", "f"} {
			m := fromStart(t, 120, 40, "event-loop-stall")
			m = selectPart(t, m, sel)
			m = tuitest.Press(m, k)
			if m.msgErr {
				t.Errorf("%s on %s: %s", k, sel, m.msg)
				continue
			}
			var want []string
			for i, v := range m.sc.Variants {
				var got []string
				for _, e := range v.System.Endpoints {
					got = append(got, e.Name)
				}
				if i == 0 {
					want = got
				} else if !slices.Equal(got, want) {
					t.Errorf("%s on %s: variant %q has endpoints %v, the first %v", k, sel, v.Name, got, want)
				}
			}
		}
	}
}

// c from a service to a dependency of the front does not take the front's
// connection pool along: a service's call takes none.
func TestACallFromAServiceTakesNoPool(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	m := fromStart(t, 120, 40, "go-inventory")
	m = selectKind(t, m, partService, "inventory", "-")
	m = tuitest.Press(m, "c")
	m = selectKind(t, m, partLeaf, "search-index", "")
	m = tuitest.Press(m, "enter")
	if m.msgErr {
		t.Fatalf("inventory should call search-index: %s", m.msg)
	}
	for _, v := range m.sc.Variants {
		for _, s := range v.System.Services {
			for _, d := range s.Dependencies {
				if d.Pool != "" {
					t.Errorf("variant %q: %s's call to %s takes the pool %q", v.Name, s.Name, d.Name, d.Pool)
				}
			}
		}
	}
}

// s on an endpoint that calls something already says that a new endpoint,
// with traffic of its own, calls the service, and how to have the
// selected one call it instead.
func TestAddingFromABusyEndpointSaysWhoCallsIt(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	m := fromStart(t, 120, 40, "api-gateway")
	m = selectKind(t, m, partEndpoint, "search", "-")
	m = tuitest.Press(m, "s")
	want := "search already calls search-api (a request makes one call), so a new endpoint /inventory (20/s) calls it; c on search makes it call inventory instead"
	if m.msgErr || !strings.Contains(m.msg, want) {
		t.Errorf("s on search should say %q, not %q", want, m.msg)
	}
}

// The title line says which moment of the preview run the map shows: the
// run's end, or, for traffic too heavy to preview whole, where it stops.
func TestTheTitleSaysWhenTheMapIs(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	m := built(t, 120, 40)
	if got := ansi.Strip(m.titleLine()); !strings.Contains(got, "the map shows the run at 60.0 s, its end") {
		t.Errorf("the title should say the map is at the run's end: %q", got)
	}
	m.edit(func(sc *engine.Scenario) (string, error) {
		sc.Variants[0].System.Endpoints[0].Rate = 500_000
		return "", nil
	}, "")
	if m.msgErr {
		t.Fatal(m.msg)
	}
	if got := ansi.Strip(m.titleLine()); !strings.Contains(got, "the map shows the run at 1.0 s of 60.0 s") {
		t.Errorf("the title should say the map is where a heavy preview stops: %q", got)
	}
	m.SetSize(80, 24)
	if got := ansi.Strip(m.titleLine()); !strings.Contains(got, "map at 1.0 s") {
		t.Errorf("at 80 columns the title should still say when the map is: %q", got)
	}
}

// Refusals of a system with one design say what to do, and name no
// variant the learner never made.
func TestRefusalsSayWhatToDo(t *testing.T) {
	m := tuitest.Press(newBuilder(120, 40), "enter", "s") // /checkout → orders
	m = selectPart(t, m, "front")
	m = tuitest.Press(m, "s") // /inventory → inventory
	m = selectKind(t, m, partEndpoint, "/inventory", "-")
	m = tuitest.Press(m, "c")
	m = selectKind(t, m, partService, "orders", "-")
	m = tuitest.Press(m, "enter")
	if want := `nothing would call service "inventory" any more: remove it first`; !m.msgErr || !strings.Contains(m.msg, want) {
		t.Errorf("c away from inventory's only caller should say %q, not %q", want, m.msg)
	}

	m = tuitest.Press(newBuilder(120, 40), "enter")
	m = selectKind(t, m, partEndpoint, "/checkout", "-")
	m = tuitest.Press(m, "x")
	if want := "add another (a) before removing it"; !m.msgErr || !strings.Contains(m.msg, want) || strings.Contains(m.msg, "variant") {
		t.Errorf("x on the only endpoint should say %q and name no variant, not %q", want, m.msg)
	}

	m = tuitest.Press(newBuilder(120, 40), "enter", "s") // /checkout → orders
	m = tuitest.Press(m, "c")
	m = selectKind(t, m, partService, "orders", "-")
	m = tuitest.Press(m, "enter") // orders calls itself
	if !m.msgErr || !strings.Contains(m.msg, "loop") || strings.Contains(m.msg, "variant") {
		t.Errorf("a loop should be refused naming no variant: %q", m.msg)
	}
}

// The fault prompt's note gives an example the selected part takes: a
// tenant takes a surge, not errors.
func TestTheFaultNotesExampleIsOneThePartTakes(t *testing.T) {
	m := built(t, 120, 40)
	m = selectKind(t, m, partTenant, "acme", "-")
	m = tuitest.Press(m, "i")
	if m.prompt == nil {
		t.Fatalf("i should open the fault prompt: %s", m.msg)
	}
	if strings.Contains(m.msg, "errors 50%") || !strings.Contains(m.msg, "(20s surge x3 for 10s)") {
		t.Errorf("a tenant's note should give a surge as its example: %q", m.msg)
	}
	m = tuitest.Press(m, "ctrl+u", "20s surge x3 for 10s", "enter")
	if m.msgErr {
		t.Errorf("the example should be taken: %s", m.msg)
	}
}

// The list of starts n opens over a system says that esc goes back to
// it: it said "esc home", and went back to the system.
func TestTheStartsSayEscGoesBackToTheSystem(t *testing.T) {
	m := tuitest.Press(built(t, 120, 40), "n", "y")
	if m.stage != choosing {
		t.Fatalf("n, y should open the list of starts: %s", m.msg)
	}
	if line := ansi.Strip(m.keyLine()); !strings.Contains(line, "esc/q back to my-system") || strings.Contains(line, "esc home") {
		t.Errorf("the key line should say esc goes back to the system: %q", line)
	}
	if m = tuitest.Press(m, "esc"); m.stage != building {
		t.Errorf("esc should go back to the system")
	}
}

// A tenant's surge is said at the tenant's own rate, the endpoint's total
// beside it: it read "/checkout 100/s", the endpoint's, as the tenant's.
func TestATenantsSurgeIsItsOwnRate(t *testing.T) {
	m := tuitest.Press(newBuilder(120, 40), "enter", "t", "t") // acme and globex, 25/s each of /checkout's 50/s
	m = selectKind(t, m, partTenant, "globex", "-")
	m = tuitest.Press(m, "i", "ctrl+u", "20s surge x3 for 10s", "enter")
	if m.msgErr {
		t.Fatal(m.msg)
	}
	if got, want := describe(m.sc, m.cur()), "/checkout 75/s (100/s in all) 20s–30s"; !strings.Contains(got, want) {
		t.Errorf("globex's line should say %q: %q", want, got)
	}
}

// In a system of several variants, b says that it changed the first only,
// and a narrow title line still says which variant the map shows.
func TestOneVariantsEditsSaySo(t *testing.T) {
	m := fromStart(t, 80, 24, "cascade")
	m = selectKind(t, m, partLeaf, "recommendations", "-")
	m = tuitest.Press(m, "b")
	if want := ", in variant 1 of 3 only (" + m.sc.Variants[0].Name + ")"; m.msgErr || !strings.Contains(m.msg, want) {
		t.Errorf("b should say %q: %q", want, m.msg)
	}
	if got := ansi.Strip(m.titleLine()); !strings.Contains(got, "variant 1 of 3") {
		t.Errorf("at 80 columns the title should say which variant the map shows: %q", got)
	}
}

// A parts list longer than its pane says how many parts are cut off, on
// each side: at 80×24 api-gateway's last part was missing unsaid.
func TestCutPartsAreCounted(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	m := fromStart(t, 80, 24, "api-gateway")
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "↓ ") || !strings.Contains(v, " more") {
		t.Fatalf("the parts below the pane should be counted:\n%s", v)
	}
	m = tuitest.Press(m, "up") // the last part
	m.SetSize(80, 22)          // two rows fewer: the parts do not fit
	v = ansi.Strip(m.View())
	if !strings.Contains(v, "↑ ") || !strings.Contains(v, m.cur().name) {
		t.Errorf("the parts above the pane should be counted, the selected one shown:\n%s", v)
	}
	tuitest.CheckBlock(t, v, 80, 22)
}
