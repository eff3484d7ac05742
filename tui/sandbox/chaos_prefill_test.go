package sandbox

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// TestChaosPrefillIsAccepted: for every built-in scenario and variant, at
// moments from the start to past the end of the traffic, every fault the
// chaos menu's prompt is filled in with is one the engine takes as it
// stands; a kind the prompt is not opened for is a recover with nothing
// ever in force, or a surge with no free second.
func TestChaosPrefillIsAccepted(t *testing.T) {
	racefree.Only(t) // no goroutine: the scenario's and the chaos specs' work alone
	t.Parallel()     // parallel_test.go says which tests may
	for _, b := range scenarios.All() {
		sc := b.Build()
		moments := []time.Duration{0, time.Second, sc.Duration / 4, sc.MeasureFrom, sc.Duration / 2,
			sc.MeasureTo - time.Millisecond, sc.MeasureTo, sc.Duration - 500*time.Millisecond, sc.Duration, sc.Duration + 2*time.Second}
		targets := chaos.TargetsOf(sc)
		for v := range sc.Variants {
			for _, at := range moments {
				for _, tg := range targets {
					for _, k := range tg.Kinds {
						sp, _, err := prefillFault(sc, nil, v, at, tg, k)
						var none nothingToOffer
						switch {
						case errors.As(err, &none):
							if k == chaos.Recover && len(chaos.InForce(sc, tg)) > 0 || k == chaos.Surge && len(chaos.SurgeBlocked(sc, tg)) == 0 || k != chaos.Recover && k != chaos.Surge {
								t.Errorf("%s variant %d at %v: %s %s offers nothing: %v", sc.Name, v+1, at, tg.Name, k, err)
							}
							continue
						case err != nil:
							t.Errorf("%s variant %d at %v: %s %s: prefilled %q, refused: %v", sc.Name, v+1, at, tg.Name, k, sp, err)
							continue
						}
						typed, err := chaos.Parse(sp.String())
						if err != nil {
							t.Fatalf("%s: the prompt's %q does not parse: %v", sc.Name, sp, err)
						}
						if _, err := chaos.ApplyFor(sc, []chaos.Spec{typed}, v); err != nil {
							t.Errorf("%s variant %d at %v: the prompt's %q is refused: %v", sc.Name, v+1, at, sp, err)
						}
					}
				}
			}
		}
	}
}

// The reviewer's case: in noisy-tenant acme bursts on search from 10 s to
// 30 s, so a surge of globex or search at 20 s is refused. The menu says
// so before the learner picks it, and the prompt starts from a surge the
// engine takes, one that enter injects; one typed inside the burst is
// refused naming the burst's own span and the variant shown.
func TestChaosSurgePrefillAvoidsAnotherTenantsBurst(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	sc := tuitest.Scenario(t, "noisy-tenant")
	for _, target := range []string{"globex", "search"} {
		m := newModel(t, 100, 30, Options{Scenario: sc, Variant: 1})
		m = goTo(m, "20s")
		m = press(m, "f")
		if parts := strings.Join(m.chaosView(30), "\n"); !strings.Contains(parts, "surge outside 10–30 s") {
			t.Errorf("%s: the parts list does not say when a surge is blocked:\n%s", target, parts)
		}
		m = press(m, "esc")
		m = injectFromMenu(t, m, target, chaos.Surge)
		if m.prompt == nil {
			t.Fatalf("%s: no prompt; note %q", target, m.note)
		}
		if want := "30s " + target + " surge x3 for 10s"; m.prompt.Input != want {
			t.Errorf("%s at 20 s: the prompt starts from %q, want %q (after acme's burst)", target, m.prompt.Input, want)
		}
		view := strings.Join(m.chaosView(30), "\n")
		if !strings.Contains(view, "Not at 20.0 s: a surge may not meet 10–30 s (tenant acme's burst on search).") {
			t.Errorf("%s: the menu does not say why the moment moved:\n%s", target, view)
		}
		m = press(m, "enter")
		if m.prompt != nil || len(m.Injected()) != 1 {
			t.Fatalf("%s: enter on the prefilled spec: prompt %+v, err %q, injected %v", target, m.prompt, m.chaos.err, m.Injected())
		}
		// Typed into the burst: refused, with the burst's span and variant 2.
		m = press(m, "enter") // the injected row: edit it
		m = send(m, keyMsg("ctrl+u"))
		m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("20s " + target + " surge x2 for 5s"), Paste: true})
		m = press(m, "enter")
		for _, want := range []string{`variant "a bulkhead per tenant" and every other`, "tenant acme's burst from 10s to 30s"} {
			if m.chaos == nil || !strings.Contains(m.chaos.err, want) {
				t.Errorf("%s typed during the burst: %q, want it to say %q", target, m.chaos.err, want)
			}
		}
	}
}

// The kinds list says it too, and a surge asked for just before the burst
// is kept at its moment, cut to end where the burst starts.
func TestChaosSurgeKindsSayWhenAndCutToFit(t *testing.T) {
	racefree.Only(t) // no goroutine: Update and View on this one, their commands dropped
	sc := tuitest.Scenario(t, "noisy-tenant")
	m := newModel(t, 100, 30, Options{Scenario: sc})
	m = goTo(m, "5s")
	m = injectFromMenu(t, m, "globex", chaos.Surge)
	if m.prompt == nil || m.prompt.Input != "5s globex surge x3 for 5s" {
		t.Fatalf("at 5 s: prompt %+v, want 5s globex surge x3 for 5s", m.prompt)
	}
	m = press(m, "esc")
	view := strings.Join(m.chaosView(30), "\n")
	for _, want := range []string{"not 10–30 s", "A surge of globex may not meet 10–30 s"} {
		if !strings.Contains(view, want) {
			t.Errorf("kinds list: no %q:\n%s", want, view)
		}
	}
}

// A recover is offered where something is in force: at a moment with
// nothing, the prompt moves to the next fault's middle.
func TestChaosRecoverPrefillFindsAFault(t *testing.T) {
	racefree.Only(t) // no goroutine: Update and View on this one, their commands dropped
	sc := tuitest.Scenario(t, "noisy-tenant")
	m := newModel(t, 100, 30, Options{Scenario: sc})
	m = goTo(m, "2s")
	m = injectFromMenu(t, m, "acme", chaos.Recover)
	if m.prompt == nil || m.prompt.Input != "20s acme recover" {
		t.Fatalf("acme recover at 2 s: prompt %+v, want 20s acme recover (inside its burst)", m.prompt)
	}
	m = press(m, "enter")
	if len(m.Injected()) != 1 {
		t.Errorf("the prefilled recover was not injected: %q", m.chaos.err)
	}
}

// A surge of a third tenant must keep out of a surge injected before it,
// which is a burst of another tenant too; moved past it, it ends by the
// traffic's end at 40 s (engine.LatestSurgeMoment), 3 s of the 10 asked.
func TestChaosSurgePrefillKeepsOutOfInjectedSurges(t *testing.T) {
	sc := tuitest.Scenario(t, "noisy-tenant")
	injected := []chaos.Spec{{At: 32 * time.Second, Target: "globex", Kind: chaos.Surge, Factor: 4, For: 5 * time.Second}}
	tg, _ := chaos.Find(chaos.TargetsOf(sc), "initech")
	sp, moved, err := prefillFault(sc, injected, 0, 34*time.Second, tg, chaos.Surge)
	if err != nil || sp.String() != "37s initech surge x3 for 3s" || !strings.Contains(moved, "10–30 s, 32–37 s") {
		t.Errorf("initech at 34 s beside globex's injected 32–37 s: %q, %q, %v", sp, moved, err)
	}
}

// A surge asked for near the traffic's end is cut to end by it, the top
// of a surge's 'for' (engine.LatestSurgeMoment), or moved back when less
// than a second is left, and says why: the prompt once offered 'for 10s'
// at 59.5 s of a minute's run, which the engine now refuses.
func TestChaosSurgePrefillEndsByTheTraffic(t *testing.T) {
	sc := tuitest.Scenario(t, "noisy-tenant") // traffic 40s; acme's burst 10–30 s
	tg, _ := chaos.Find(chaos.TargetsOf(sc), "search")
	for _, tc := range []struct {
		now  time.Duration
		want string
	}{
		{35 * time.Second, "35s search surge x3 for 5s"},
		{39500 * time.Millisecond, "30s search surge x3 for 10s"},
	} {
		sp, moved, err := prefillFault(sc, nil, 0, tc.now, tg, chaos.Surge)
		if err != nil || sp.String() != tc.want || !strings.Contains(moved, "a surge ends by the traffic's end at 40") {
			t.Errorf("search at %v: %q, %q, %v; want %q, moved by the traffic's end", tc.now, sp, moved, err, tc.want)
		}
	}
}
