package sandbox

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// goTo moves the model to a time through the : prompt.
func goTo(m Model, at string) Model {
	m = press(m, ":")
	m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(at), Paste: true})
	return press(m, "enter")
}

// injectFromMenu opens the chaos menu, picks the part and the kind by
// their rows, and takes the prompt's spec as it stands.
func injectFromMenu(t *testing.T, m Model, target string, kind chaos.Kind) Model {
	t.Helper()
	m = press(m, "f")
	if m.chaos == nil {
		t.Fatal("f opens no chaos menu")
	}
	for m.chaos.cursor < len(m.sim.injected) || m.chaos.targets[m.chaos.cursor-len(m.sim.injected)].Name != target {
		before := m.chaos.cursor
		m = press(m, "down")
		if m.chaos.cursor == before {
			t.Fatalf("no part %q in the menu", target)
		}
	}
	m = press(m, "enter")
	for m.chaos.target.Kinds[m.chaos.cursor] != kind {
		m = press(m, "down")
	}
	return press(m, "enter")
}

func mustSpec(t *testing.T, s string) chaos.Spec {
	t.Helper()
	sp, err := chaos.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

func reportJSON(t *testing.T, sc *engine.Scenario, seed uint64) string {
	t.Helper()
	snaps, err := engine.RunAll(sc, seed)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := report.WriteJSON(&b, report.Build(sc, seed, snaps)); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestChaosInjectKeepAndWrite is the sandbox's promise: a fault injected
// from the menu at 25 s is the run's from then on, every way of re-running
// keeps it, and w writes a file whose run is `run multi-hop --fault`'s.
func TestChaosInjectKeepAndWrite(t *testing.T) {
	racefree.Only(t)
	plain := tuitest.Scenario(t, "multi-hop")
	m := newModel(t, 100, 30, Options{Scenario: plain})
	m = goTo(m, "25")
	m = injectFromMenu(t, m, "inventory", chaos.Hang)
	if m.prompt == nil || m.prompt.Input != "25s inventory hang for 10s" {
		t.Fatalf("the prompt offers %+v, want the spec at 25s", m.prompt)
	}
	m = press(m, "enter")
	spec := mustSpec(t, "25s inventory hang for 10s")
	if got := m.Injected(); !reflect.DeepEqual(got, []chaos.Spec{spec}) {
		t.Fatalf("injected = %v", got)
	}
	view := ansi.Strip(m.View())
	if !strings.Contains(view, "Injected") || !strings.Contains(view, "25s inventory hang for 10s") {
		t.Errorf("the menu lists what was injected:\n%s", view)
	}
	m = press(m, "esc")
	want, err := chaos.Apply(plain, []chaos.Spec{spec})
	if err != nil {
		t.Fatal(err)
	}

	// ] and [ reach its start and end.
	m = press(m, "g", "]", "]", "]")
	evs := timeline{&m}.Events()
	var marks []string
	for _, e := range evs {
		marks = append(marks, playback.MomentIn(e.At, m.end())+" "+e.What)
	}
	for _, w := range []string{"25 s inventory: hangs starts", "35 s inventory: hangs ends", "20 s inventory/database: slow starts"} {
		if !strings.Contains(strings.Join(marks, "\n"), w) {
			t.Errorf("events lack %q: %q", w, marks)
		}
	}

	// Rewound and played again, variant 3, another seed and back: the run
	// is the faulted scenario's.
	m = goTo(m, "30")
	m = press(m, "3")
	if got := freshSnapshotSeed(t, want, 2, 30*time.Second, m.sim.seed); !reflect.DeepEqual(m.sim.snap, got) {
		t.Error("variant 3 at 30s is not the faulted run's")
	}
	m = press(m, "S")
	m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("7"), Paste: true})
	m = press(m, "enter")
	if got := freshSnapshotSeed(t, want, 2, 30*time.Second, 7); m.sim.seed != 7 || !reflect.DeepEqual(m.sim.snap, got) {
		t.Error("seed 7 at 30s is not the faulted run's")
	}
	m = press(m, "c")
	if m.cmp == nil {
		t.Fatal("c opens no compare")
	}
	for i, s := range m.cmp.sides {
		if !reflect.DeepEqual(s.sim.sc.Variants[s.variant].System.Services, want.Variants[s.variant].System.Services) {
			t.Errorf("compare side %d runs without the fault", i)
		}
	}
	m = press(m, "c")

	// w: the file runs to exactly what `run multi-hop --fault` prints.
	path := filepath.Join(t.TempDir(), "chaos.toml")
	m = press(m, "w", "ctrl+u")
	m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(path), Paste: true})
	_, cmd := m.Update(keyMsg("enter"))
	m = send(m, cmd())
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "--fault '25s inventory hang for 10s'") {
		t.Errorf("the file does not say what was injected:\n%s", data)
	}
	fileSc, err := scenariofile.Parse(path, data)
	if err != nil {
		t.Fatal(err)
	}
	// (cmd/breakerlab's TestRunFaultChangesTheRunFromItsMoment shows the
	// fault changes what run prints.)
	if got, wantOut := reportJSON(t, fileSc, 7), reportJSON(t, want, 7); got != wantOut {
		t.Errorf("run FILE --seed 7 differs from run multi-hop --fault --seed 7:\n%s\n%s", got, wantOut)
	}

	// The knob form keeps it.
	edited := cloneScenario(m.sim.knobs())
	edited.Variants[0].System.Workers++
	if err := m.sim.setScenario(edited, []change{{words: "workers"}}); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(m.sim.sc.Variants[0].System.Services, want.Variants[0].System.Services) {
		t.Error("a knob change dropped the injected fault")
	}
}

func freshSnapshotSeed(t *testing.T, sc *engine.Scenario, v int, at time.Duration, seed uint64) engine.Snapshot {
	t.Helper()
	r, err := engine.New(sc, v, seed)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(at)
	return r.Snapshot()
}

func TestChaosRemoveMoveAndEdit(t *testing.T) {
	racefree.Only(t)
	plain := tuitest.Scenario(t, "multi-hop")
	m := newModel(t, 80, 24, Options{Scenario: plain, Faults: []chaos.Spec{mustSpec(t, "25s inventory hang for 10s")}})
	m = goTo(m, "28")
	m = press(m, "f", "right")
	if got := m.Injected()[0].String(); got != "26s inventory hang for 10s" {
		t.Errorf("→ moves the fault 1 s later: %q", got)
	}
	m = press(m, "left", "left")
	if got := m.Injected()[0].String(); got != "24s inventory hang for 10s" {
		t.Errorf("← moves it back: %q", got)
	}
	m = press(m, "enter", "ctrl+u")
	m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("24s inventory teapot"), Paste: true})
	m = press(m, "enter")
	if m.prompt == nil || m.prompt.Err == "" || !strings.Contains(ansi.Strip(m.View()), "unknown kind \"teapot\"") {
		t.Fatalf("a bad spec keeps the prompt open and the menu says why: %+v\n%s", m.prompt, ansi.Strip(m.View()))
	}
	m = press(m, "ctrl+u")
	m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("24s inventory down for 3s"), Paste: true})
	m = press(m, "enter")
	if got := m.Injected(); len(got) != 1 || got[0].String() != "24s inventory down for 3s" {
		t.Errorf("enter edits the fault in place: %v", got)
	}
	m = press(m, "d")
	if len(m.Injected()) != 0 {
		t.Fatalf("d removes it: %v", m.Injected())
	}
	if !reflect.DeepEqual(m.sim.sc, plain) {
		t.Error("with nothing injected, the scenario is the script again")
	}
	if got := freshSnapshotSeed(t, plain, 0, 28*time.Second, m.sim.seed); !reflect.DeepEqual(m.sim.snap, got) {
		t.Error("with the fault removed, 28s is the plain run's")
	}
}

func TestChaosForPreselectsAPart(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	m := newModel(t, 100, 30, Options{Scenario: tuitest.Scenario(t, "noisy-tenant")})
	m, err := m.ChaosFor("acme")
	if err != nil {
		t.Fatal(err)
	}
	if m.chaos == nil || !m.chaos.kinds || m.chaos.target.Name != "acme" {
		t.Fatalf("ChaosFor opens the faults of acme: %+v", m.chaos)
	}
	// Keys that arrive together (a fast typist, a paste) count one by one.
	m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("jj")})
	if m.chaos.cursor != 1 {
		t.Errorf("jj moves down to the last row (recover), not to %d", m.chaos.cursor)
	}
	if !strings.Contains(ansi.Strip(m.View()), "tenant acme") {
		t.Errorf("the menu names the part:\n%s", ansi.Strip(m.View()))
	}
	if _, err := m.ChaosFor("nope"); err == nil || !strings.Contains(err.Error(), "tenants acme, globex, initech") {
		t.Errorf("an unknown part's error lists the parts: %v", err)
	}
	// Injected in compare mode, both sides re-run with it.
	m = press(m, "esc", "esc", "c")
	m, err = m.Inject(mustSpec(t, "32s globex surge x2 for 3s"))
	if err != nil || m.cmp == nil {
		t.Fatalf("inject in compare mode: %v, compare open %v", err, m.cmp != nil)
	}
	for i, side := range m.cmp.sides {
		bursts := side.sim.sc.Variants[side.variant].System.Endpoints[0].Bursts
		if len(bursts) == 0 || bursts[len(bursts)-1].Tenant != "globex" {
			t.Errorf("compare side %d runs without the surge: %+v", i, bursts)
		}
	}
}

// TestServiceFaultsAreEvents: a scenario whose only faults are inside
// services or are bursts still has events for ] and [.
func TestServiceFaultsAreEvents(t *testing.T) {
	racefree.Only(t) // no goroutine: Update and View on this one, their commands dropped
	if spans := pane.FaultSpans(tuitest.Scenario(t, "rate-limit-vs-bulkhead"), 0); len(spans) == 0 {
		t.Error("rate-limit-vs-bulkhead's burst marks no span")
	}
	for _, name := range []string{"multi-hop", "noisy-tenant"} {
		m := newModel(t, 100, 30, Options{Scenario: tuitest.Scenario(t, name)})
		if !strings.Contains(ansi.Strip(m.View()), "━ ") {
			t.Errorf("%s: no fault marked on a time axis:\n%s", name, ansi.Strip(m.View()))
		}
		m = press(m, "]")
		if m.Now() == 0 || strings.Contains(statusLine(m), "no events") {
			t.Errorf("%s: ] from 0 lands nowhere: %q", name, statusLine(m))
		}
	}
}

// f acts on what the map has selected: a fleet's instance picked with n and
// > opens the faults of that instance; with the front selected (the
// map's start) the menu opens on the list of parts.
func TestChaosKeyActsOnTheMapsSelection(t *testing.T) {
	m := newModel(t, 200, 60, Options{Scenario: tuitest.Scenario(t, "noisy-tenant")})
	m = press(m, "f")
	if m.chaos == nil || m.chaos.kinds {
		t.Fatalf("with the front selected, f opens the list of parts: %+v", m.chaos)
	}
	m = press(m, "esc")
	if !m.xp.mapv.Select("globex") {
		t.Fatal("the map has no node globex")
	}
	m = press(m, "f")
	if m.chaos == nil || !m.chaos.kinds || m.chaos.target.Name != "globex" {
		t.Fatalf("with globex selected on the map, f opens globex's faults: %+v", m.chaos)
	}
}

// At 80×24 the chaos menu's intro wraps rather than losing "rewind," to
// an ellipsis, and a part whose name is its kind's word reads once:
// breaker-timeline's node "dependency" read "dependency dependency".
func TestChaosMenuWrapsItsIntroAndNamesAPartOnce(t *testing.T) {
	m := newModel(t, 80, 24, Options{Scenario: tuitest.Scenario(t, "breaker-timeline")})
	m = press(m, "g", "f")
	view := ansi.Strip(m.View())
	if strings.Contains(view, "rewin…") || !strings.Contains(view, "rewind,") || !strings.Contains(view, "the file w writes.") {
		t.Errorf("the intro should wrap whole at 80 columns:\n%s", view)
	}
	for m.chaos.targets[m.chaos.cursor-len(m.sim.injected)].Name != "dependency" {
		before := m.chaos.cursor
		m = press(m, "down")
		if m.chaos.cursor == before {
			t.Fatal("no part named dependency in breaker-timeline")
		}
	}
	view = ansi.Strip(press(m, "enter").View())
	if strings.Contains(view, "dependency dependency") || !strings.Contains(view, "dependency: what happens at") {
		t.Errorf("the part should be named once:\n%s", view)
	}
}

// The chaos menu names a part as a learner reads it: cascade's endpoint
// recommendations, which shares its name with the dependency it calls, is
// "recommendations" in the endpoint row, not the spec's
// "endpoint:recommendations".
func TestChaosMenuNamesASharedNameInWords(t *testing.T) {
	m := press(newModel(t, 100, 30, Options{}), "f")
	v := ansi.Strip(m.View())
	if strings.Contains(v, "endpoint:") {
		t.Errorf("the menu writes a name in spec syntax:\n%s", v)
	}
	for m.chaos.targets[m.chaos.cursor].Name != "endpoint:recommendations" { // nothing injected: row i is target i
		before := m.chaos.cursor
		if m = press(m, "down"); m.chaos.cursor == before {
			t.Fatal("no endpoint recommendations in the menu")
		}
	}
	m = press(m, "enter")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "endpoint recommendations: what happens at") {
		t.Errorf("the kinds of the endpoint are not asked in words:\n%s", v)
	}
}

// A moment between tenths of a second is one moment on the status line,
// in the chaos menu's title and in the fault it fills in: the title
// rounded 2.974 s up to "3.0 s", the status line cut it to "2.9 s" and the
// fault began at "2.974s".
func TestChaosMomentIsTheStatusLinesMoment(t *testing.T) {
	m := newModel(t, 100, 30, Options{})
	if err := m.sim.seek(2974 * time.Millisecond); err != nil {
		t.Fatal(err)
	}
	m = press(m, "f")
	v := ansi.Strip(m.View())
	status := lastLines(m.View(), 2)[0]
	if !strings.Contains(ansi.Strip(status), "2.9 s") || !strings.Contains(v, "Chaos · cascade at 2.9 s") {
		t.Fatalf("the status line and the menu's title disagree:\n%s", v)
	}
	m = press(m, "enter", "enter") // search-index, slow
	if m.prompt == nil || !strings.HasPrefix(m.prompt.Input, "2.9s search-index slow") {
		t.Errorf("the fault filled in at the moment shown as 2.9 s reads %+v", m.prompt)
	}
}

// Every note that confirms a fault (injected at the prompt, moved with
// ←/→, removed with d) quotes it in one form, Told's: a fault that
// outlasts the run reads "from AT to the end". A move said "13s ... for
// 25s" of a 30 s run, where the prompt's "injected" said "from 12s to the
// end" of the same fault.
func TestChaosNotesQuoteAFaultInOneForm(t *testing.T) {
	racefree.Only(t)
	sc := tuitest.Scenario(t, "cascade") // 30 s long
	for _, tc := range []struct {
		fault string
		keys  []string
		want  string
	}{
		{"12s profile-db slow 2s for 25s", []string{"f", "right"}, "moved to profile-db slow 2s from 13s to the end"},
		{"12s profile-db slow 2s for 25s", []string{"f", "left"}, "moved to profile-db slow 2s from 11s to the end"},
		{"12s profile-db slow 2s for 10s", []string{"f", "right"}, "moved to 13s profile-db slow 2s for 10s"},
		{"12s profile-db hang", []string{"f", "right"}, "moved to 13s profile-db hang"},
		{"12s profile-db slow 2s for 25s", []string{"f", "d"}, "removed profile-db slow 2s from 12s to the end"},
	} {
		m := newModel(t, 100, 30, Options{Scenario: sc, Faults: []chaos.Spec{mustSpec(t, tc.fault)}})
		m = press(m, tc.keys...)
		if m.note != tc.want {
			t.Errorf("%q, keys %v: the note reads %q, want %q", tc.fault, tc.keys, m.note, tc.want)
		}
	}
}
