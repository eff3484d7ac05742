package builder

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// selectLeaf moves the cursor to caller's leaf named name.
func selectLeaf(t *testing.T, m Model, caller, name string) Model {
	t.Helper()
	for range m.parts {
		if p := m.cur(); p.kind == partLeaf && p.caller == caller && p.name == name {
			return m
		}
		m = tuitest.Press(m, "down")
	}
	t.Fatalf("no leaf %q of %q among %v", name, caller, m.parts)
	return m
}

// Pointing a second service at a leaf another service calls gives it a db
// of its own (a service's dependencies are its own in the engine: no load,
// capacity or fault is shared). The moment c does it, the note says so and
// what would be one database instead; the map and the list name the two
// apart as the file's paths do (orders/db, inventory/db); and the file
// opens again to the same bytes and the same names. It said "inventory now
// calls db", and the map drew two nodes named db that the learner read as
// one database.
func TestASecondCallerOfALeafGetsItsOwnAndIsToldSo(t *testing.T) {
	racefree.Only(t)                                             // no goroutine: the model driven by hand
	m := tuitest.Press(newBuilder(100, 30), "enter", "s", "d")   // /checkout → orders → db
	m = tuitest.Press(selectPart(t, m, "front"), "a", "s")       // /search → inventory
	m = tuitest.Press(selectPart(t, m, "inventory"), "c")        // inventory calls ...
	m = tuitest.Press(selectLeaf(t, m, "orders", "db"), "enter") // ... orders' db
	if m.msgErr {
		t.Fatalf("c was refused: %s", m.msg)
	}
	want := "inventory now calls inventory/db, a db of its own, not orders/db: a caller's dependencies are its alone, sharing no load, capacity or faults (c copied orders/db's latency and faults). One db both load is a service both call (s adds one, c points at it; its workers are its capacity)"
	if m.msg != want {
		t.Errorf("the note is\n%q, want\n%q", m.msg, want)
	}
	names := m.mp.Names()
	for _, n := range []string{"orders/db", "inventory/db"} {
		if !slices.Contains(names, n) {
			t.Errorf("the map should name %s: %v", n, names)
		}
	}
	if slices.Contains(names, "db") {
		t.Errorf("a node named db alone reads as one database for both: %v", names)
	}
	list := ansi.Strip(m.View())
	for _, n := range []string{"orders/db · p50", "inventory/db · p50"} {
		if !strings.Contains(list, n) {
			t.Errorf("the parts list should say %q:\n%s", n, list)
		}
	}

	if strings.Contains(list, "via db") {
		t.Errorf("inventory/db is inventory's call db, not a call via another name:\n%s", list)
	}

	if i := tuitest.Press(selectLeaf(t, m, "inventory", "db"), "i"); i.prompt == nil || i.prompt.Label != "fault of inventory/db" || !strings.HasPrefix(i.msg, "inventory/db takes ") {
		t.Errorf("i on inventory's db should name it as the map does: %q", i.msg)
	}

	// The names are the file's: each is a fault target of the saved
	// scenario, as --fault and the knob paths write them.
	path := filepath.Join(t.TempDir(), "two-dbs.toml")
	m = save(t, m, path)
	if m.Unsaved() {
		t.Fatalf("not saved: %s", m.msg)
	}
	sc := parsed(t, path)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var targets []string
	for _, tg := range chaos.TargetsOf(sc) {
		targets = append(targets, tg.Name)
	}
	for _, n := range names {
		if strings.Contains(n, "/") && !slices.Contains(targets, n) {
			t.Errorf("the map's %s is no part of the saved file (its parts: %v)", n, targets)
		}
	}

	// builder → file → builder: the same bytes, the same names.
	o := open(t, newBuilder(100, 30), path)
	if o.stage != building || o.msgErr {
		t.Fatalf("the file did not open: %s", o.msg)
	}
	again := filepath.Join(t.TempDir(), "two-dbs.toml") // the system takes its name from the file's
	o = save(t, o, again)
	got, err := os.ReadFile(again)
	if err != nil {
		t.Fatal(err)
	}
	// The header names the file it is in.
	if got = bytes.ReplaceAll(got, []byte(again), []byte(path)); !bytes.Equal(got, data) {
		t.Errorf("opened and saved again, the file is\n%s\nsaved, it was\n%s", got, data)
	}
	if got := o.mp.Names(); !slices.Equal(got, names) {
		t.Errorf("opened, the map names %v; built, it named %v", got, names)
	}

	// The front's endpoints share the front's dependencies: the first
	// pointed at orders/db gets the front a copy, the next calls that
	// one, and one pointed at the front's own db is told of no copy.
	m = tuitest.Press(selectPart(t, m, "front"), "a", "c") // /login
	m = tuitest.Press(selectLeaf(t, m, "orders", "db"), "enter")
	if want := "/login now calls db, a db of its own, not orders/db: a caller's dependencies are its alone, sharing no load, capacity or faults (c copied orders/db's latency and faults)."; !strings.HasPrefix(m.msg, want) {
		t.Errorf("the note is\n%q, want it to begin\n%q", m.msg, want)
	}
	m = tuitest.Press(selectPart(t, m, "front"), "a", "c") // /browse
	m = tuitest.Press(selectLeaf(t, m, "inventory", "db"), "enter")
	if !strings.Contains(m.msg, "/browse now calls db, a db of its own, not inventory/db") || !strings.Contains(m.msg, "(the front had one already)") {
		t.Errorf("calling inventory/db from the front, which has a db: %q", m.msg)
	}
	m = tuitest.Press(selectPart(t, m, "front"), "a", "c") // /cart
	m = tuitest.Press(selectLeaf(t, m, "", "db"), "enter")
	if m.msg != "/cart now calls db" {
		t.Errorf("a call to the caller's own db is no copy: %q", m.msg)
	}
	// c to what the caller calls already changes nothing, and says so.
	m = tuitest.Press(selectPart(t, m, "inventory"), "c")
	m = tuitest.Press(selectLeaf(t, m, "orders", "db"), "enter")
	if m.msg != "nothing changed" {
		t.Errorf("inventory calls a db already: %q", m.msg)
	}
}
