package builder

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// save types path at w's prompt and runs the write, answering y if it
// asks to overwrite: the model after the write's answer.
func save(t *testing.T, m Model, path string) Model {
	t.Helper()
	next, _ := m.Update(tuitest.Key("w"))
	m = tuitest.Press(next.(Model), "ctrl+u", path)
	next, cmd := m.Update(tuitest.Key("enter"))
	m = next.(Model)
	if cmd == nil {
		t.Fatalf("w %s wrote nothing: %s", path, ansi.Strip(m.View()))
	}
	m = tuitest.Send(m, cmd())
	if m.ask == askOverwrite {
		next, cmd = m.Update(tuitest.Key("y"))
		m = tuitest.Send(next.(Model), cmd())
	}
	return m
}

// parsed is the file at path as `run` reads it.
func parsed(t *testing.T, path string) *engine.Scenario {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scenariofile.Parse(path, data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	return sc
}

// focusField moves the knob form's cursor to the field labelled label.
func focusField(t *testing.T, m Model, label string) Model {
	t.Helper()
	for range 300 {
		if strings.Contains(ansi.Strip(m.View()), "▸ "+label+" ") {
			return m
		}
		m = tuitest.Press(m, "tab")
	}
	t.Fatalf("the form has no field %q:\n%s", label, ansi.Strip(m.View()))
	return m
}

// A part renamed to anything the builder takes, dots and slashes
// included, keeps knobs that sweep, a lesson's [set] and the builder's own
// form reach by its whole name.
func TestRenamedPartsKeepTheirKnobs(t *testing.T) {
	racefree.Only(t)                                      // no goroutine: the model driven by hand
	m := tuitest.Press(newBuilder(120, 40), "enter", "d") // /checkout → db
	m = tuitest.Press(selectPart(t, m, "db"), "r", "ctrl+u", "my.db/x", "enter")
	if m.msgErr || m.sc.Variants[0].System.Dependencies[0].Name != "my.db/x" {
		t.Fatalf("rename: %s", m.msg)
	}
	// The form's leaf latency goes through the knob path my.db/x.latency.p99.
	m = focusField(t, tuitest.Press(m, "e"), "latency p99")
	m = tuitest.Press(m, "ctrl+u", "250ms", "enter")
	if got := m.sc.Variants[0].System.Dependencies[0].Latency.P99; m.form != nil || got != 250*time.Millisecond {
		t.Fatalf("the form should set my.db/x's p99: %v (%s)", got, m.msg)
	}
	path := filepath.Join(t.TempDir(), "dotted.toml")
	m = save(t, m, path)
	sc := parsed(t, path)
	if !slices.Contains(lessons.NumberKnobs(sc, 0), "my.db/x.timeout") {
		t.Errorf("the knob list lacks my.db/x.timeout: %v", lessons.NumberKnobs(sc, 0))
	}
	if err := lessons.SetKnob(sc, 0, "my.db/x.timeout", "50ms"); err != nil {
		t.Fatalf("sweep's setter: %v", err)
	}
	if got := sc.Variants[0].System.Dependencies[0].Policy.Timeout; got != 50*time.Millisecond {
		t.Errorf("my.db/x's timeout %v, want 50ms", got)
	}
}

// A service's own time per request shows every number it has, so that a
// refusal names fields on the screen; above the old p99 with the p99
// raised too it is taken, and 0 means no work (as a file's work = {}),
// which the form then offers to set again.
func TestWorkTimeCanGoAnywhere(t *testing.T) {
	racefree.Only(t)                                                // no goroutine: the model driven by hand
	m := tuitest.Press(newBuilder(120, 40), "enter", "s", "s", "d") // /checkout → orders → inventory → db
	before := clone(m.sc)
	m = focusField(t, tuitest.Press(m, "e"), "work p50")
	m = tuitest.Press(m, "ctrl+u", "50ms", "enter")
	v := ansi.Strip(m.View())
	if m.form == nil || !strings.Contains(m.form.Err(), "p50 50ms and p99 40ms") || !strings.Contains(v, "work p99") || !reflect.DeepEqual(m.sc, before) {
		t.Fatalf("a p50 above the p99 should be refused, naming the p99 the form shows:\n%s", v)
	}
	m = tuitest.Press(m, "tab", "ctrl+u", "200ms", "enter")
	orders := service(&m.sc.Variants[0].System, "orders")
	if m.form != nil || orders.Work.P50 != 50*time.Millisecond || orders.Work.P99 != 200*time.Millisecond {
		t.Fatalf("work p50 50ms, p99 200ms should be set: %+v (%s)", orders.Work, m.msg)
	}
	m = focusField(t, tuitest.Press(m, "e"), "work p50")
	m = tuitest.Press(m, "ctrl+u", "0", "enter")
	if orders := service(&m.sc.Variants[0].System, "orders"); m.form != nil || orders.Work != (engine.Latency{}) {
		t.Fatalf("0 should mean no work: %+v (%s)", orders.Work, m.msg)
	}
	m = focusField(t, tuitest.Press(m, "e"), "work")
	m = tuitest.Press(m, "ctrl+u", "15ms", "enter")
	if orders := service(&m.sc.Variants[0].System, "orders"); m.form != nil || orders.Work != (engine.Latency{Kind: engine.Constant, Value: 15 * time.Millisecond}) {
		t.Fatalf("work set again: %+v (%s)", orders.Work, m.msg)
	}
}

// i adds a fault to the selected part, as a scenario file has it, in every
// variant: a leaf's hang, errors and slowdown, a fleet's instance down; the
// list and the file show it, u takes it back, none clears a part's, and a
// kind the part does not take is refused with the ones it does.
func TestFaultsAddedInTheBuilder(t *testing.T) {
	racefree.Only(t)                                                       // no goroutine: the model driven by hand
	m := tuitest.Press(newBuilder(120, 40), "enter", "d", "up", "up", "f") // /checkout → db; /orders → orders ×3
	m = tuitest.Press(selectPart(t, m, "db"), "i")
	if m.prompt == nil || !strings.Contains(m.prompt.Input, "hang for 10s") || !strings.Contains(m.msg, "db takes slow LATENCY, hang, errors PERCENT, down, unreachable, at a time from 0 to 60.0 s, for a span") {
		t.Fatalf("i should ask for a fault of db: %+v", m.prompt)
	}
	m = tuitest.Press(m, "enter")
	db := m.sc.Variants[0].System.Dependencies[0]
	if len(db.Faults) != 1 || db.Faults[0] != (engine.Fault{Kind: engine.Hang, From: 20 * time.Second, To: 30 * time.Second}) {
		t.Fatalf("db should hang from 20s to 30s: %+v (%s)", db.Faults, m.msg)
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "db · p50 20ms p99 100ms · ⚠ hang 20s–30s") || !strings.Contains(v, "added the fault 20s db hang for 10s") {
		t.Errorf("the list should show db's fault:\n%s", v)
	}
	m = tuitest.Press(m, "i", "ctrl+u", "40s errors 50% for 5s", "enter")
	m = tuitest.Press(m, "i", "ctrl+u", "50s slow 2s", "enter")
	m = tuitest.Press(m, "i", "ctrl+u", "10s restart", "enter")
	if m.prompt == nil || !m.msgErr || !strings.Contains(m.msg, "takes slow LATENCY, hang, errors PERCENT, down, unreachable, recover, not restart") {
		t.Fatalf("a restart of a dependency should be refused with what it takes: %q %+v", m.msg, m.prompt)
	}
	// Its words read across the lines it wraps to: "not" may end one.
	if v := strings.Join(strings.Fields(ansi.Strip(m.View())), " "); !strings.Contains(v, "not added: why is above") || !strings.Contains(v, "not restart") {
		t.Errorf("the refusal should show whole above the prompt:\n%s", v)
	}
	m = tuitest.Press(m, "esc")
	// A kind the parser does not know is refused with the part's kinds,
	// not every kind: a service takes no surge.
	m = tuitest.Press(selectPart(t, m, "orders"), "i", "ctrl+u", "15s hnag for 5s", "enter")
	if !m.msgErr || !strings.Contains(m.msg, `unknown kind "hnag" (orders takes `) || strings.Contains(m.msg, "surge") || !strings.Contains(m.msg, "15s orders hnag") {
		t.Errorf("a mistyped kind of orders should be refused with orders' kinds: %q", m.msg)
	}
	m = tuitest.Press(m, "esc")
	m = tuitest.Press(selectPart(t, m, "orders"), "i", "ctrl+u", "15s #2 down for 5s", "enter")
	inv := service(&m.sc.Variants[0].System, "orders")
	if len(inv.Faults) != 1 || inv.Faults[0].Instance != 2 || inv.Faults[0].Kind != engine.InstanceDown {
		t.Fatalf("orders#2 should be down: %+v (%s)", inv.Faults, m.msg)
	}
	path := filepath.Join(t.TempDir(), "faults.toml")
	m = save(t, m, path)
	sc := parsed(t, path)
	want := []engine.Fault{
		{Kind: engine.Hang, From: 20 * time.Second, To: 30 * time.Second},
		{Kind: engine.Error, From: 40 * time.Second, To: 45 * time.Second, Probability: 0.5},
		{Kind: engine.Slow, From: 50 * time.Second, Latency: 2 * time.Second},
	}
	if got := sc.Variants[0].System.Dependencies[0].Faults; !reflect.DeepEqual(got, want) {
		t.Errorf("the file's faults of db: %+v, want %+v", got, want)
	}
	if got := service(&sc.Variants[0].System, "orders").Faults; len(got) != 1 || got[0].Instance != 2 {
		t.Errorf("the file's faults of orders: %+v", got)
	}
	m = tuitest.Press(m, "u")
	if len(service(&m.sc.Variants[0].System, "orders").Faults) != 0 {
		t.Error("u should take the last fault back")
	}
	m = tuitest.Press(selectPart(t, m, "db"), "i", "ctrl+u", "none", "enter")
	if f := m.sc.Variants[0].System.Dependencies[0].Faults; len(f) != 0 || m.msgErr {
		t.Errorf("none should clear db's faults: %+v (%s)", f, m.msg)
	}
	m = tuitest.Press(selectPart(t, m, "/checkout"), "i", "ctrl+u", "40s surge x2 for 5s", "enter")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "/checkout 50/s → db · ⚠ 100/s 40s–45s") {
		t.Errorf("a surge of /checkout should show on its line:\n%s", v)
	}
	if m = tuitest.Press(selectPart(t, m, "front"), "i"); !m.msgErr || m.prompt != nil {
		t.Errorf("the front takes no fault: %s", m.msg)
	}
}

// What was injected while the system played comes back with it: one edit,
// unsaved until w, which saves it; u takes it back.
func TestPlayedFaultsComeBack(t *testing.T) {
	m := tuitest.Press(newBuilder(120, 40), "enter", "s", "d") // /checkout → orders → db
	path := filepath.Join(t.TempDir(), "played.toml")
	m = save(t, m, path)
	if m.Unsaved() {
		t.Fatal("the system should be saved")
	}
	sp, err := chaos.Parse("20s orders hang for 10s")
	if err != nil {
		t.Fatal(err)
	}
	db, err := chaos.Parse("30s db errors 50%")
	if err != nil {
		t.Fatal(err)
	}
	m.Played([]chaos.Spec{sp, db})
	orders := service(&m.sc.Variants[0].System, "orders")
	if len(orders.Faults) != 1 || orders.Faults[0].Kind != engine.InstanceHang || len(orders.Dependencies[0].Faults) != 1 {
		t.Fatalf("the faults played should be the system's: %+v (%s)", orders, m.msg)
	}
	if !m.Unsaved() || !strings.Contains(m.msg, "kept what you injected while playing: 20s orders hang for 10s; 30s db errors 50%") {
		t.Errorf("the note should say what was kept, and the system be unsaved: %q", m.msg)
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "orders · 16 workers → db · ⚠ hang") || !strings.Contains(v, "unsaved") {
		t.Errorf("the list should show the fault:\n%s", v)
	}
	m = save(t, m, path)
	if got := service(&parsed(t, path).Variants[0].System, "orders").Faults; len(got) != 1 || got[0].From != 20*time.Second {
		t.Errorf("w should save the played fault: %+v", got)
	}
	m.Played(nil)
	if m.Unsaved() {
		t.Error("a play with nothing injected changes nothing")
	}
	m = tuitest.Press(m, "u")
	if len(service(&m.sc.Variants[0].System, "orders").Faults) != 0 {
		t.Error("u should take the played faults back")
	}
	// A fault whose part is gone meanwhile is named, and nothing changes.
	before := clone(m.sc)
	gone, _ := chaos.Parse("20s nosuch hang")
	m.Played([]chaos.Spec{gone})
	if !m.msgErr || !strings.Contains(m.msg, "were not kept") || !reflect.DeepEqual(m.sc, before) {
		t.Errorf("a fault that does not apply: %q", m.msg)
	}
}

// Starting over starts unsaved, with no file: the header says nothing is
// changed yet, and w offers the new system's name, not the last file.
func TestStartOverForgetsTheFile(t *testing.T) {
	m := tuitest.Press(newBuilder(120, 40), "enter", "s")
	path := filepath.Join(t.TempDir(), "fleet.toml")
	m = save(t, m, path)
	if v := ansi.Strip(m.View()); !strings.Contains(v, "new system › fleet  saved as "+path) {
		t.Fatalf("the header should name the file and the system after it:\n%s", v)
	}
	for m.pick == 0 || m.starts[m.pick-1].Name != "cascade" {
		m = tuitest.Press(m, "n", "down")
		m.stage = choosing
	}
	m = tuitest.Press(m, "enter")
	if head := strings.Split(ansi.Strip(m.View()), "\n")[0]; !strings.Contains(head, "new system › cascade  nothing changed yet") || strings.Contains(head, "fleet") {
		t.Errorf("a fresh start should not name the last file:\n%s", head)
	}
	m = tuitest.Press(m, "w")
	if m.prompt == nil || m.prompt.Input != "cascade.toml" {
		t.Errorf("w should offer cascade.toml: %+v", m.prompt)
	}
}

// The save prompt takes a .toml file, adds .toml to a name without an
// extension (saying so), and refuses another extension, naming the file
// to type.
func TestSavePromptTakesOnlyToml(t *testing.T) {
	dir := t.TempDir()
	m := tuitest.Press(newBuilder(120, 40), "enter", "s")
	m = tuitest.Press(m, "w", "ctrl+u", filepath.Join(dir, "three.txt"), "enter")
	if m.prompt == nil || !strings.Contains(m.prompt.Err, "a scenario file ends in .toml, not .txt") || !strings.Contains(m.prompt.Err, "type "+filepath.Join(dir, "three.toml")) {
		t.Fatalf(".txt should be refused: %+v", m.prompt)
	}
	if _, err := os.Stat(filepath.Join(dir, "three.txt")); err == nil {
		t.Error("three.txt was written")
	}
	m = tuitest.Press(m, "esc")
	m = save(t, m, filepath.Join(dir, "three"))
	if _, err := os.Stat(filepath.Join(dir, "three.toml")); err != nil || m.msgErr || !strings.Contains(m.msg, ".toml added") {
		t.Errorf("three should be saved as three.toml, saying so: %v, %q", err, m.msg)
	}
	if sc := parsed(t, filepath.Join(dir, "three.toml")); sc.Name != "three" {
		t.Errorf("the file's name is %q, want three", sc.Name)
	}
}

// A failure rate typed as a bare 1 is asked about: the form reads a bare
// number up to 1 as a share and one above it as a percentage, so "2" is
// 2 % but "1" would be 100 %. The builder's form is the sandbox's, with
// the one rule (sandbox's parse), on the front's calls and a service's.
func TestFailureRateReadsOneAndTwoAlike(t *testing.T) {
	racefree.Only(t)                                                // no goroutine: the model driven by hand
	m := tuitest.Press(newBuilder(120, 40), "enter", "d", "s", "d") // /checkout → db; /orders → orders → cache
	m = tuitest.Press(selectPart(t, m, "db"), "b")
	m = tuitest.Press(selectPart(t, m, "cache"), "b")
	breaker := func(m Model) (front, edge float64) {
		sys := &m.sc.Variants[0].System
		return sys.Dependencies[0].Policy.Breaker.FailureRate, service(sys, "orders").Dependencies[0].Policy.Breaker.FailureRate
	}
	before := clone(m.sc)
	m = selectPart(t, m, "db") // e opens at the selected part's knobs
	m = focusField(t, tuitest.Press(m, "e"), "failure rate")
	m = tuitest.Press(m, "ctrl+u", "1", "enter")
	if m.form == nil || !strings.Contains(strings.Join(m.form.Lines("", 120, 40), "\n"), "1 reads as 100% or as 1%") || !reflect.DeepEqual(m.sc, before) {
		t.Fatalf("a bare 1 should be asked about, the system unchanged")
	}
	m = tuitest.Press(m, "esc")
	for typed, want := range map[string]float64{"2": 0.02, "2%": 0.02, "0.5": 0.5, "1%": 0.01, "100%": 1} {
		m = focusField(t, tuitest.Press(m, "e"), "failure rate")
		m = tuitest.Press(m, "ctrl+u", typed, "enter")
		if front, _ := breaker(m); m.form != nil || front != want {
			t.Errorf("%s: failure rate %v, want %v (%s)", typed, front, want, m.msg)
		}
	}
	// The call from a service into its dependency, by the same rule.
	m = focusField(t, tuitest.Press(selectPart(t, m, "cache"), "e"), "failure rate")
	m = tuitest.Press(m, "ctrl+u", "1", "enter")
	if _, edge := breaker(m); m.form == nil || edge == 1 {
		t.Errorf("a service's call should be asked the same: failure rate %v", edge)
	}
}
