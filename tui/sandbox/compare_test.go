package sandbox

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// comparing fails unless compare mode shows variants a and b (from 0)
// with the presets, each exactly as a fresh run of it shows at the same
// time.
func comparing(t *testing.T, m Model, a, b int, pa, pb string) {
	t.Helper()
	on, vs, ps := m.Comparing()
	if !on || vs != [2]int{a, b} || ps != [2]string{pa, pb} {
		t.Fatalf("compare: on %v, variants %v, presets %q; want %d and %d, %q and %q", on, vs, ps, a, b, pa, pb)
	}
	for i, v := range vs {
		sc, err := withPreset(m.sim.sc, v, ps[i])
		if err != nil {
			t.Fatal(err)
		}
		want := freshSnapshot(t, sc, v, m.Now())
		got := m.CompareSnapshots()[i]
		if !slices.Equal(got.WorkerOwner, want.WorkerOwner) || got.Endpoints[0].Total != want.Endpoints[0].Total {
			t.Fatalf("side %d (variant %d, %q) differs from a fresh run at %v", i, v+1, ps[i], m.Now())
		}
	}
}

func TestCompareGolden(t *testing.T) {
	racefree.Only(t)
	for _, sz := range [][2]int{{80, 24}, {100, 30}, {160, 48}} {
		m := newModel(t, sz[0], sz[1], Options{})
		m = seekTo(t, m, 18*time.Second)
		m = press(m, "c")
		v := m.View()
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		golden.Check(t, fmt.Sprintf("compare-1-vs-3-18s-%dx%d", sz[0], sz[1]), v)

		m = press(m, "C")
		m = seekTo(t, m, 27*time.Second)
		v = m.View()
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		golden.Check(t, fmt.Sprintf("compare-presets-27s-%dx%d", sz[0], sz[1]), v)
	}
}

// The difference line is computed from the engine's snapshots, and at the
// end it says what `breakerlab run cascade` says: the shared pool answers
// 39.0% of searches from 10 s on, the bulkhead and breaker 100.0%.
func TestCompareDifferenceIsTheReportsShares(t *testing.T) {
	racefree.Only(t)
	m := newModel(t, 160, 48, Options{})
	m = press(m, "c")
	m = seekTo(t, m, 30*time.Second)
	v := m.View()
	for _, want := range []string{
		"Requests arriving from 10 s on: the share answered ok, left → right · final, as `breakerlab run` counts",
		"search ok: 39.0% → 100.0% (+61.0 points)",
		"profile ok: 38.1% → 100.0% (+61.9 points)",
		"recommendations ok: 0.0% → 0.0% (no change); fallback 0.0% → 74.3%",
	} {
		if !strings.Contains(v, want) {
			t.Errorf("the comparison lacks %q:\n%s", want, v)
		}
	}
	// The same numbers straight from the engine.
	snaps, err := engine.RunAll(m.sim.sc, tuitest.Seed)
	if err != nil {
		t.Fatal(err)
	}
	_, lines := Difference(&snaps[0], &snaps[2])
	if lines[0] != "search ok: 39.0% → 100.0% (+61.0 points)" {
		t.Errorf("Difference of the final snapshots: %q", lines[0])
	}
	// At 80×24 the difference is one line.
	small := send(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	// The outcome that changed most comes first: the fallback that rose
	// from none to three quarters, not ok at 0 % on both sides. The line
	// is marked final, as `breakerlab run` counts, in the room "changed
	// most" took.
	if v := small.View(); !strings.Contains(v, "final: recommendations fallback 0%→74% · profile ok 38%→100%") || strings.Contains(v, "…") {
		t.Errorf("the small layout should keep the difference in one line:\n%s", small.View())
	}
	// Before the window opens, the shares count every request so far.
	m = press(m, "r")
	m = seekTo(t, m, 5*time.Second)
	// They are of every arrival, the ones still in flight included, and
	// the line says how many those are.
	r, err := engine.New(m.sim.sc, 0, tuitest.Seed)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(5 * time.Second)
	at5 := r.Snapshot()
	tally := report.RunTally(&at5.Endpoints[0])
	ok, waiting := pct(tally.Share(engine.OK)), pct(tally.WaitingShare())
	want := fmt.Sprintf("search ok: %s → %s (no change); waiting %s → %s", ok, ok, waiting, waiting)
	if v := m.View(); !strings.Contains(v, "Requests so far: the share answered ok") || !strings.Contains(v, want) {
		t.Errorf("before 10 s the shares are of the requests so far, %q:\n%s", want, v)
	}
}

func TestCompareKeys(t *testing.T) {
	racefree.Only(t)
	m := newModel(t, 100, 30, Options{})
	m = seekTo(t, m, 12*time.Second)
	m = press(m, "c")
	comparing(t, m, 0, 2, "", "")
	for _, c := range []struct {
		key  string
		a, b int
	}{{"tab", 0, 0}, {"tab", 0, 1}, {"shift+tab", 0, 0}, {"2", 0, 1}, {"}", 1, 1}, {"}", 2, 1}, {"{", 1, 1}, {"x", 1, 1}, {"3", 1, 2}, {"x", 2, 1}} {
		m = press(m, c.key)
		comparing(t, m, c.a, c.b, "", "")
		if m.Now() != 12*time.Second {
			t.Fatalf("%s moved the clock to %v", c.key, m.Now())
		}
	}
	m = press(m, "9")
	if !strings.Contains(m.View(), "cascade has 3 variants") {
		t.Error("9 should be refused with a note")
	}
	// Steps move both sides, exactly.
	m = press(m, "right", "right", "left")
	comparing(t, m, 2, 1, "", "")
	if m.Now() != 12100*time.Millisecond {
		t.Fatalf("steps in compare: %v", m.Now())
	}
	// Presets: the right side (variant 2, a bulkhead, no breaker) has none
	// to replace; the left (variant 3) steps through the libraries.
	m = press(m, "p")
	if !strings.Contains(m.note, "has no breaker to replace; variants with one: 3") {
		t.Errorf("p on a variant without a breaker: %q", m.note)
	}
	names := presetNames()
	for _, n := range append(names[1:], "") {
		m = press(m, "P")
		comparing(t, m, 2, 1, n, "")
	}
	// C: one variant under Resilience4j's defaults and Polly's.
	m = press(m, "C")
	comparing(t, m, 2, 2, "resilience4j", "polly")
	if v := m.View(); !strings.Contains(v, "3 · Resilience4j 2.x defaults") || !strings.Contains(v, "3 · Polly v8 defaults") {
		t.Errorf("the side headers should name the libraries:\n%s", v)
	}
	// A variant without a breaker drops the preset.
	m = press(m, "1")
	comparing(t, m, 2, 0, "resilience4j", "")
	// c leaves on the left side's variant, at the same time.
	m = press(m, "c")
	if on, _, _ := m.Comparing(); on || m.Variant() != 2 || m.Now() != 12100*time.Millisecond {
		t.Errorf("c should leave compare on variant 3 at 12.1 s: on %v, variant %d, %v", on, m.Variant()+1, m.Now())
	}
	// esc leaves compare mode, not the sandbox.
	m = newModel(t, 100, 30, Options{CanGoHome: true})
	m = press(m, "c")
	next, cmd := m.Update(keyMsg("esc"))
	m = next.(Model)
	if on, _, _ := m.Comparing(); on || cmd != nil {
		t.Error("esc should close compare mode and stay in the sandbox")
	}
}

func TestComparePlaysBothSides(t *testing.T) {
	m := newModel(t, 100, 30, Options{})
	m = press(m, "c", "space")
	start := time.Unix(0, 0)
	for i := range 10 {
		m = send(m, m.clock.FrameAt(start.Add(time.Duration(i)*100*time.Millisecond)))
	}
	if m.Now() <= 0 {
		t.Fatal("compare mode should play")
	}
	comparing(t, m, 0, 2, "", "")
	m = press(m, "r")
	comparing(t, m, 0, 2, "", "")
	if m.Now() != 0 {
		t.Errorf("r in compare: %v", m.Now())
	}
}

func TestCompareOnCheckout(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	m := newModel(t, 100, 30, Options{Scenario: tuitest.Scenario(t, "checkout"), Variant: 1})
	m = press(m, "c", "4") // the protected variant, whatever comes after it
	comparing(t, m, 1, 3, "", "")
	m = seekTo(t, m, 6*time.Second)
	v := m.View()
	if !strings.Contains(v, "timeout 500 ms") || !strings.Contains(v, "protected") {
		t.Errorf("checkout's timeout against protected:\n%s", v)
	}
	// No checkout is answered either way; what changes is how they fail,
	// as `breakerlab run checkout` says: fast, not after the timeout.
	if !strings.Contains(v, "checkout ok: 0.0% → 0.0% (no change); rejected 0.0% → 83.8%; failed 100.0% → 16.2%") {
		t.Errorf("the difference should say how checkout's requests ended instead:\n%s", v)
	}
}

func TestKnobsInCompareReRunBothSides(t *testing.T) {
	racefree.Only(t)
	m := newModel(t, 100, 30, Options{})
	m = seekTo(t, m, 22*time.Second)
	m = press(m, "c", "}") // variant 2 (bulkhead) against 3
	m = press(m, "e")
	for m.form.knobs[m.form.focus].label != "bulkhead" {
		m = press(m, "down")
	}
	m = press(m, "ctrl+u", "5", "enter")
	if m.form != nil {
		t.Fatalf("the form should close: %s", m.form.err)
	}
	comparing(t, m, 1, 2, "", "")
	dep, _ := m.CompareSnapshots()[0].Dependency("recommendations")
	if dep.BulkheadCap != 5 || m.Now() != 22*time.Second || !strings.Contains(m.note, "both sides re-run") {
		t.Errorf("the bulkhead of the left side should be 5 at 22 s: cap %d at %v, note %q", dep.BulkheadCap, m.Now(), m.note)
	}
}

func TestWithPreset(t *testing.T) {
	sc := tuitest.Scenario(t, "cascade")
	c, err := withPreset(sc, 2, "polly")
	if err != nil {
		t.Fatal(err)
	}
	p, _ := breaker.PresetNamed("polly")
	got := c.Variants[2].System.Dependencies
	for _, d := range got {
		if d.Policy.Breaker != nil && *d.Policy.Breaker != p.Config {
			t.Errorf("%s keeps its own breaker", d.Name)
		}
	}
	if sc.Variants[2].System.Dependencies[2].Policy.Breaker.WindowSize != 20 {
		t.Error("withPreset changed the original scenario")
	}
	if _, err := withPreset(sc, 0, "polly"); err == nil || !strings.Contains(err.Error(), "variants with one: 3") {
		t.Errorf("variant 1 has no breaker: %v", err)
	}
	if _, err := withPreset(sc, 2, "nope"); err == nil {
		t.Error("an unknown preset should be refused")
	}
}

// p and P step through every preset, opossum included, and a scenario
// whose breakers are opossum's runs to its end.
func TestComparePresetsIncludeOpossum(t *testing.T) {
	if !slices.Contains(presetNames(), "opossum") {
		t.Fatalf("p and P step through %v: no opossum", presetNames())
	}
	c, err := withPreset(tuitest.Scenario(t, "cascade"), 2, "opossum")
	if err != nil {
		t.Fatal(err)
	}
	r, err := engine.New(c, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
}

// c on a scenario of one variant does not compare it with itself (two
// identical halves, "+0.0" everywhere): it says there is only one and
// points to C, which compares the breaker under two libraries' defaults.
func TestCompareOnOneVariantPointsToPresets(t *testing.T) {
	m := newModel(t, 100, 30, Options{Scenario: tuitest.Scenario(t, "breaker-timeline")})
	if n := len(m.sim.sc.Variants); n != 1 {
		t.Fatalf("breaker-timeline has %d variants; the test wants one", n)
	}
	m = press(m, "c")
	if m.cmp != nil {
		t.Fatal("c should not open a compare of the variant with itself")
	}
	if !strings.Contains(m.note, "only one variant") || !strings.Contains(m.note, "C compares") {
		t.Errorf("the note should say so and point to C: %q", m.note)
	}
	// And it names the way to a second design, which nothing on screen
	// makes: a file's [[variants]], the file w writes.
	if !strings.Contains(m.note, "w writes it as a file: add [[variants]] there") {
		t.Errorf("the note names no way to a second design: %q", m.note)
	}
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		small := press(newModel(t, size[0], size[1], Options{Scenario: tuitest.Scenario(t, "breaker-timeline")}), "c")
		if view := ansi.Strip(small.View()); !strings.Contains(view, "[[variants]]") {
			t.Errorf("at %dx%d the status line names no way to a second design:\n%s", size[0], size[1], view)
		}
	}
	elsewhere := press(newModel(t, 100, 30, Options{Scenario: tuitest.Scenario(t, "breaker-timeline"), WriteElsewhere: "w is off here"}), "c")
	if strings.Contains(elsewhere.note, "w writes") || !strings.Contains(elsewhere.note, "[[variants]]") {
		t.Errorf("with w off, the note should name [[variants]] and not w: %q", elsewhere.note)
	}
	if m = press(m, "C"); m.cmp == nil {
		t.Error("C should still compare presets")
	}
}
