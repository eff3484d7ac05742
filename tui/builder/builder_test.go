package builder

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest"
)

// newBuilder is the builder at w×h on its list of starts.
func newBuilder(w, h int) Model {
	m := New(Options{Theme: tuitest.Plain(), Seed: tuitest.Seed, CanGoHome: true})
	return tuitest.Send(m, tea.WindowSizeMsg{Width: w, Height: h})
}

// selectPart moves the cursor to the part named name.
func selectPart(t *testing.T, m Model, name string) Model {
	t.Helper()
	for range m.parts {
		if m.cur().name == name {
			return m
		}
		m = tuitest.Press(m, "down")
	}
	t.Fatalf("no part %q among %v", name, m.parts)
	return m
}

// built is a system made by keys from the empty server: a service the
// front calls (orders), which calls a dependency (db); a dependency of
// the front (cache, through an endpoint of its own); a fleet (inventory,
// three instances); a tenant (acme).
func built(t *testing.T, w, h int) Model {
	t.Helper()
	m := tuitest.Press(newBuilder(w, h), "enter", "s") // /checkout → orders
	if m.cur().name != "orders" {
		t.Fatalf("s should select the service it added, not %q", m.cur().name)
	}
	m = tuitest.Press(m, "d") // orders → db
	m = selectPart(t, m, "front")
	m = tuitest.Press(m, "d", "f", "t") // /cache → cache, /inventory → inventory ×3, acme
	if m.msgErr {
		t.Fatalf("an edit was refused: %s", m.msg)
	}
	return m
}

// The whole program: build by keys, save to a file, quit; the file is a
// scenario file the engine runs, holding what was built.
func TestProgramBuildSaveAndRunTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "shop.toml")
	tm := teatest.NewTestModel(t, newBuilder(120, 40), teatest.WithInitialTermSize(120, 40))
	out := tm.Output()
	tuitest.WaitFor(t, out, "Start from")
	for _, k := range []string{"enter", "s", "d", "up", "up", "up", "d", "f", "t"} {
		tm.Send(tuitest.Key(k))
	}
	tuitest.WaitFor(t, out, "added tenant acme")
	tm.Send(tuitest.Key("w"))
	tm.Send(tuitest.Key("ctrl+u"))
	tm.Send(tuitest.Key(path))
	tm.Send(tuitest.Key("enter"))
	tuitest.WaitFor(t, out, "saved as")
	tm.Send(tuitest.Key("ctrl+c"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
	final := tm.FinalModel(t).(Model)
	if final.Unsaved() {
		t.Error("the system should be saved")
	}

	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scenariofile.Parse(path, data)
	if err != nil {
		t.Fatalf("the saved file does not parse: %v\n%s", err, data)
	}
	sys := &sc.Variants[0].System
	if sc.Name != "shop" || len(sys.Tenants) != 1 || sys.Tenants[0] != "acme" {
		t.Errorf("name %q, tenants %v: want shop and [acme]", sc.Name, sys.Tenants)
	}
	orders, inventory := service(sys, "orders"), service(sys, "inventory")
	if orders == nil || orders.Calls != "db" || len(orders.Dependencies) != 1 || orders.Dependencies[0].Service != "" {
		t.Errorf("orders should call the dependency db: %+v", orders)
	}
	if inventory == nil || inventory.Instances != fleetInstances {
		t.Errorf("inventory should be a fleet of %d: %+v", fleetInstances, inventory)
	}
	calls := map[string]string{}
	for _, e := range sys.Endpoints {
		calls[e.Name] = e.Calls
	}
	if want := map[string]string{"/checkout": "orders", "/cache": "cache", "/inventory": "inventory"}; !reflect.DeepEqual(calls, want) {
		t.Errorf("the endpoints call %v, want %v", calls, want)
	}
	// The engine runs it, and every part built gets traffic.
	r, err := engine.New(sc, 0, tuitest.Seed)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	s := r.Snapshot()
	for _, e := range s.Endpoints {
		var n uint64
		for _, c := range e.Total {
			n += c
		}
		if n == 0 {
			t.Errorf("endpoint %s answered nothing", e.Name)
		}
	}
	if len(s.Tenants) != 1 || s.Tenants[0].Total[engine.OK] == 0 {
		t.Errorf("tenant acme's requests should be answered: %+v", s.Tenants)
	}
}

// A refused edit shows the engine's own words (without the name of the
// one variant the learner never made) and changes nothing: a loop of
// calls, a service left with no caller, a pool of 0 workers.
func TestRefusedEditsChangeNothing(t *testing.T) {
	m := tuitest.Press(newBuilder(120, 40), "enter", "s", "s") // /checkout → orders → inventory
	before := clone(m.sc)
	undo := len(m.undo)

	// inventory calls orders: a loop.
	want := func() string {
		c := clone(m.sc)
		inv, ord := part{kind: partService, name: "inventory", caller: "orders", edge: "inventory"}, part{kind: partService, name: "orders", edge: "orders"}
		if err := connect(c, inv, ord); err != nil {
			t.Fatal(err)
		}
		err := c.Validate()
		if err == nil {
			t.Fatal("the engine should refuse a loop")
		}
		return strings.TrimPrefix(err.Error(), `variant "default": `)
	}()
	m = selectPart(t, m, "inventory")
	m = tuitest.Press(m, "c")
	m = selectPart(t, m, "orders")
	m = tuitest.Press(m, "enter")
	if !m.msgErr || m.msg != "refused: "+want || !strings.Contains(want, "loop: front → orders → inventory → orders") {
		t.Errorf("the loop's refusal should be the engine's %q, got %q", want, m.msg)
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "✗ refused: services") || !strings.Contains(v, "form a loop") {
		t.Errorf("the screen should show the refusal:\n%s", v)
	}

	// The choice stays open on the refused part; esc gives it up, back
	// on the part c started from.
	if !m.connecting || m.cur().name != "orders" {
		t.Errorf("a refused choice should stay open, on the part refused: choosing %v, on %s", m.connecting, m.cur().name)
	}
	if m = tuitest.Press(m, "esc"); m.connecting || m.cur().name != "inventory" {
		t.Errorf("esc should end the choice on inventory: choosing %v, on %s", m.connecting, m.cur().name)
	}

	// Removing orders leaves inventory with no caller: the refusal says
	// what to do instead.
	m = tuitest.Press(selectPart(t, m, "orders"), "x")
	if !m.msgErr || !strings.Contains(m.msg, `nothing would call service "inventory" any more: remove it first`) {
		t.Errorf("removing the middle of a chain should be refused, got %q", m.msg)
	}

	// A pool of 0 workers, typed in the sandbox's form.
	m = tuitest.Press(m, "e", "ctrl+u", "0", "enter")
	if m.form == nil || !strings.Contains(ansi.Strip(m.View()), "want 1 to 100,000") {
		t.Errorf("the form should refuse 0 workers and say what is allowed:\n%s", ansi.Strip(m.View()))
	}
	m = tuitest.Press(m, "esc")

	if !reflect.DeepEqual(m.sc, before) || len(m.undo) != undo {
		t.Error("a refused edit changed the system")
	}
}

// The checks the engine lacks: what no request reaches is refused, and
// every built-in start passes them (so any can be built on).
func TestUnreachedParts(t *testing.T) {
	sc := emptySystem()
	sc.Variants[0].System.Dependencies = []engine.Dependency{{Name: "db", Latency: leafLatency}}
	if err := sc.Validate(); err != nil {
		t.Fatalf("the engine takes a dependency nobody calls: %v", err)
	}
	if err := check(sc); err == nil || !strings.Contains(err.Error(), `no endpoint calls "db"`) {
		t.Errorf("a dependency nobody calls: %v", err)
	}
	sc = emptySystem()
	sc.Variants[0].System.Tenants = []string{"acme"}
	if err := check(sc); err == nil || !strings.Contains(err.Error(), `tenant "acme" sends no traffic`) {
		t.Errorf("a tenant with no traffic: %v", err)
	}
	for _, b := range scenarios.All() {
		if err := check(b.Build()); err != nil {
			t.Errorf("%s: %v", b.Name, err)
		}
	}
}

// u undoes edits one by one, each back to exactly the system before it
// (the knob form's edit is one step too); with nothing left it says so.
func TestUndoRestoresEachSystemExactly(t *testing.T) {
	m := tuitest.Press(newBuilder(120, 40), "enter")
	var before []*engine.Scenario
	step := func(keys ...string) {
		t.Helper()
		was := clone(m.sc)
		m = tuitest.Press(m, keys...)
		if m.msgErr || reflect.DeepEqual(m.sc, was) {
			t.Fatalf("%v made no edit: %s", keys, m.msg)
		}
		before = append(before, was)
	}
	step("s")
	step("d")
	m = selectPart(t, m, "front")
	step("f")
	step("t")
	step("a")
	m = selectPart(t, m, "orders")
	step("b")
	m = selectPart(t, m, "front") // e opens at the selected part's knobs: the server's workers
	step("e", "ctrl+u", "64", "enter")
	if m.sc.Variants[0].System.Workers != 64 || m.sc.Variants[0].System.Dependencies[0].Policy.Breaker == nil {
		t.Fatalf("the form should set 64 workers and b a breaker on the call to orders: %s", m.msg)
	}
	for i := len(before) - 1; i >= 0; i-- {
		m = tuitest.Press(m, "u")
		if !reflect.DeepEqual(m.sc, before[i]) {
			t.Fatalf("undo %d: the system differs from the one before that edit", len(before)-i)
		}
	}
	if m.Unsaved() {
		t.Error("undone to the start, nothing is unsaved")
	}
	if m = tuitest.Press(m, "u"); m.msg != "nothing to undo" {
		t.Errorf("u with nothing to undo: %q", m.msg)
	}
}

// Leaving with unsaved changes asks; n stays, y leaves (the parent keeps
// the model: the draft).
func TestLeavingUnsavedAsks(t *testing.T) {
	m := tuitest.Press(newBuilder(80, 24), "enter")
	if _, cmd := m.Update(tuitest.Key("esc")); cmd == nil || cmd() != (BackMsg{}) {
		t.Fatal("esc with nothing changed should leave at once")
	}
	m = tuitest.Press(m, "s")
	next, cmd := m.Update(tuitest.Key("esc"))
	m = next.(Model)
	if cmd != nil || m.ask != askLeave || !strings.Contains(ansi.Strip(m.View()), "Leave unsaved?") {
		t.Fatalf("esc with unsaved changes should ask:\n%s", ansi.Strip(m.View()))
	}
	m = tuitest.Press(m, "n")
	if m.ask != noQuestion || m.sc == nil || len(m.undo) != 1 {
		t.Fatal("n should stay with the system as it was")
	}
	m = tuitest.Press(m, "esc")
	if _, cmd := m.Update(tuitest.Key("y")); cmd == nil || cmd() != (BackMsg{}) {
		t.Error("y should leave")
	}
	if _, cmd := tuitest.Press(m, "esc").Update(tuitest.Key("ctrl+c")); cmd != nil {
		t.Error("ctrl+c while asked to leave should ask to quit, not quit")
	}
}

// The knob form sets a dependency's healthy latency, a service's own's
// too, through the sandbox's fields; a p99 under the p50 is refused with
// the engine's words, and changes nothing.
func TestKnobsSetALeafsLatency(t *testing.T) {
	m := tuitest.Press(newBuilder(120, 40), "enter", "d", "s", "d") // /checkout → db; /orders → orders → cache
	before := clone(m.sc)
	m = tuitest.Press(selectPart(t, m, "front"), "e", "shift+tab") // from the first field to the last: orders/cache's p99
	if v := ansi.Strip(m.View()); !strings.Contains(v, "Dependency orders/cache, healthy") || !strings.Contains(v, "Dependency db, healthy") {
		t.Fatalf("the form should end with the leaves' latencies:\n%s", v)
	}
	m = tuitest.Press(m, "ctrl+u", "5ms", "enter")
	if m.form == nil || !strings.Contains(m.form.Err(), "p99") || !reflect.DeepEqual(m.sc, before) {
		t.Fatalf("a p99 under the p50 should be refused, the form open: %v", m.form != nil)
	}
	m = tuitest.Press(m, "ctrl+u", "300ms", "shift+tab", "ctrl+u", "30ms", "enter")
	if m.form != nil || m.msgErr {
		t.Fatalf("the latency should be set: %s", m.msg)
	}
	got := service(&m.sc.Variants[0].System, "orders").Dependencies[0].Latency
	if got.P50 != 30*time.Millisecond || got.P99 != 300*time.Millisecond || m.msg != "set cache's latency p50 30 ms, cache's latency p99 300 ms" {
		t.Errorf("cache's latency %v/%v, note %q", got.P50, got.P99, m.msg)
	}
}

// r renames a part and every call into it; a name another part has is
// refused; the front's r names the system.
func TestRenameFollowsTheCalls(t *testing.T) {
	m := tuitest.Press(newBuilder(120, 40), "enter", "s", "d", "up", "up", "up", "t") // /checkout → orders → db; acme
	m = tuitest.Press(selectPart(t, m, "orders"), "r", "ctrl+u", "payments", "enter")
	sys := &m.sc.Variants[0].System
	if s := service(sys, "payments"); s == nil || s.Calls != "db" || sys.Endpoints[0].Calls != "payments" || sys.Dependencies[0].Service != "payments" {
		t.Fatalf("the service and the calls into it should be renamed: %s", m.msg)
	}
	m = tuitest.Press(selectPart(t, m, "db"), "r", "ctrl+u", "ledger", "enter")
	if s := service(&m.sc.Variants[0].System, "payments"); s.Calls != "ledger" || s.Dependencies[0].Name != "ledger" {
		t.Fatalf("the leaf and its caller's call should be renamed: %s", m.msg)
	}
	m = tuitest.Press(selectPart(t, m, "acme"), "r", "ctrl+u", "globex", "enter")
	if e := m.sc.Variants[0].System.Endpoints[0]; m.sc.Variants[0].System.Tenants[0] != "globex" || e.Tenants[0].Tenant != "globex" {
		t.Fatalf("the tenant and its shares should be renamed: %s", m.msg)
	}
	before := clone(m.sc)
	m = tuitest.Press(selectPart(t, m, "ledger"), "r", "ctrl+u", "payments", "enter")
	if !m.msgErr || !strings.Contains(m.msg, `"payments" already names a part`) || !reflect.DeepEqual(m.sc, before) {
		t.Errorf("a name in use should be refused: %q", m.msg)
	}
	m = tuitest.Press(m, "esc") // the refused name's prompt stays open
	m = tuitest.Press(selectPart(t, m, "front"), "r", "ctrl+u", "shop", "enter")
	if m.sc.Name != "shop" || !strings.Contains(ansi.Strip(m.View()), "new system › shop") {
		t.Errorf("r on the front should name the system: %q", m.sc.Name)
	}
}

// A built-in copied and saved unchanged runs to exactly the built-in's
// results: the builder writes what it was given.
func TestACopySavedUnchangedRunsAsTheBuiltin(t *testing.T) {
	m := newBuilder(120, 40)
	for m.pick == 0 || m.starts[m.pick-1].Name != "checkout" {
		m = tuitest.Press(m, "down")
	}
	m = tuitest.Press(m, "enter")
	path := filepath.Join(t.TempDir(), "checkout.toml") // the name a run reports is the file's
	next, _ := m.Update(tuitest.Key("w"))
	m = tuitest.Press(next.(Model), "ctrl+u", path)
	_, cmd := m.Update(tuitest.Key("enter"))
	if w, ok := cmd().(writtenMsg); !ok || w.err != nil || w.exists {
		t.Fatalf("the write: %+v", w)
	}
	sc := parsed(t, path)
	got, err := engine.RunAll(sc, tuitest.Seed)
	if err != nil {
		t.Fatal(err)
	}
	want, err := engine.RunAll(tuitest.Scenario(t, "checkout"), tuitest.Seed)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Error("the saved copy runs to other results than the built-in")
	}
}
