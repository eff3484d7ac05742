package sandbox

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// On the "window too small" screen no key but q reaches the sandbox it
// hides: space used to start it playing unseen.
func TestTooSmallTakesNoKey(t *testing.T) {
	m := newModel(t, 60, 20, Options{CanGoHome: true})
	for _, k := range []string{"space", "e", "right", "G", ":", "?", "esc", "tab"} {
		next, cmd := m.Update(tuitest.Key(k))
		after := next.(Model)
		if cmd != nil || after.Playing() || after.form != nil || after.prompt != nil || after.showHelp || after.Now() != m.Now() || after.sim.variant != m.sim.variant {
			t.Errorf("%s on the too-small screen reached the sandbox", k)
		}
	}
	// Opened from home, q goes back, as on the screen it hides; on its
	// own, q quits.
	if _, cmd := m.Update(tuitest.Key("q")); cmd == nil {
		t.Fatal("q should go back on the too-small screen of a sandbox opened from home")
	} else if _, ok := cmd().(BackMsg); !ok {
		t.Error("q should go back on the too-small screen of a sandbox opened from home")
	}
	if !strings.Contains(ansi.Strip(m.View()), "press q to go back") {
		t.Errorf("the too-small screen should say q goes back:\n%s", m.View())
	}
	alone := newModel(t, 60, 20, Options{})
	if _, cmd := alone.Update(tuitest.Key("q")); cmd == nil {
		t.Fatal("q should quit on the too-small screen of a sandbox on its own")
	} else if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Error("q should quit on the too-small screen of a sandbox on its own")
	}
	// Made large enough, the keys work again.
	m = send(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	if m = press(m, "space"); !m.Playing() {
		t.Error("space should play once the window is large enough")
	}
}

// The sandbox says where esc leads, in its key help and in its title's
// breadcrumb, when its caller says. (At 120 columns the key line holds
// every word of it, with q, which goes where esc does: "esc/q back to the
// challenge"; narrower, its words shorten to "esc/q back":
// playback.KeyLine.)
func TestBreadcrumbSaysWhereEscLeads(t *testing.T) {
	m := newModel(t, 120, 30, Options{CanGoHome: true, BackTo: "back to the challenge", Crumbs: []string{"challenge 3"}})
	v := m.View()
	for _, want := range []string{"breakerlab › challenge 3 › cascade", "esc/q back to the challenge"} {
		if !strings.Contains(ansi.Strip(v), want) {
			t.Errorf("the sandbox should show %q:\n%s", want, v)
		}
	}
	if v := newModel(t, 120, 30, Options{CanGoHome: true}).View(); !strings.Contains(ansi.Strip(v), "breakerlab › sandbox › cascade") || !strings.Contains(ansi.Strip(v), "esc/q home") {
		t.Errorf("without a caller the sandbox is the sandbox, and esc goes home:\n%s", v)
	}
}

// At 80 columns the current variant's name is in the tab bar for every
// built-in scenario, many variants or not, and a click on a tab shown
// picks that variant.
func TestCurrentVariantNamedAt80(t *testing.T) {
	racefree.Only(t)
	for _, b := range scenarios.All() {
		sc := b.Build()
		for v := range sc.Variants {
			m := newModel(t, 80, 24, Options{Scenario: sc, Variant: v})
			title := ansi.Strip(m.titleLine())
			if !strings.Contains(title, currentTab(sc.Variants, v)) {
				t.Errorf("%s variant %d at 80: the current variant's name is missing: %q", b.Name, v+1, title)
			}
			for i := range sc.Variants {
				label := fmt.Sprintf(" %d ", i+1)
				x := strings.Index(title, label)
				if i == v || x < 0 || strings.Index(title, sc.Name) > x {
					continue
				}
				if got, ok := m.tabAt(ansi.StringWidth(title[:x]) + 1); !ok || got != i {
					t.Errorf("%s variant %d: a click on tab %d picks %d, %v", b.Name, v+1, i+1, got+1, ok)
				}
			}
		}
	}
}

// At 80 columns the key line keeps the way out: esc back to the scenarios
// and q (back from home, quit on its own) go last, after ? keys and the rest, in one word if need be.
func TestTheKeyLineKeepsTheWayOutAt80Columns(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	for _, o := range []Options{{CanGoHome: true, Scenario: tuitest.Scenario(t, "multi-hop")}, {Scenario: tuitest.Scenario(t, "multi-hop")}} {
		lines := strings.Split(ansi.Strip(newModel(t, 80, 24, o).View()), "\n")
		bar := lines[len(lines)-1]
		way := "q quit"
		if o.CanGoHome {
			way = "esc/q home" // opened from home, q goes back to it as esc does: one entry
		}
		if !strings.Contains(bar, way) {
			t.Errorf("home %v: the key line should end with the way out: %q", o.CanGoHome, bar)
		}
		if !strings.Contains(bar, "space play") {
			t.Errorf("the key line still starts with play: %q", bar)
		}
	}
}

// Space says what it does now: pause while the run plays, play while it
// is paused (it said play while playing).
func TestTheKeyLineSaysPauseWhilePlaying(t *testing.T) {
	m := newModel(t, 100, 30, Options{})
	bar := func() string {
		lines := strings.Split(ansi.Strip(m.View()), "\n")
		return lines[len(lines)-1]
	}
	if !strings.Contains(bar(), "space play") {
		t.Fatalf("paused: %q", bar())
	}
	m = press(m, "space")
	if !m.Playing() || !strings.Contains(bar(), "space pause") {
		t.Errorf("playing %v: %q; want space pause", m.Playing(), bar())
	}
	m = press(m, "space")
	if m.Playing() || !strings.Contains(bar(), "space play") {
		t.Errorf("paused again %v: %q; want space play", m.Playing(), bar())
	}
}

// A run playing when the window becomes too small to draw it pauses (it
// reached its end unseen behind the "needs a larger window" message), and
// plays on from the same moment once the window is large enough again.
// A run paused before stays paused.
func TestTooSmallPausesThePlayAndResumesIt(t *testing.T) {
	m := newModel(t, 80, 24, Options{})
	m = press(m, "space")
	if !m.Playing() {
		t.Fatal("space should play")
	}
	next, _ := m.Update(tea.WindowSizeMsg{Width: 20, Height: 8})
	m = next.(Model)
	at := m.Now()
	if m.Playing() {
		t.Fatal("the play should pause while the window is too small")
	}
	for i := range 50 {
		m = send(m, m.FrameAt(time.Unix(int64(i), 0)))
	}
	if m.Now() != at {
		t.Fatalf("the run moved from %v to %v behind the too-small screen", at, m.Now())
	}
	next, cmd := m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m = next.(Model)
	if !m.Playing() || cmd == nil || m.Now() != at {
		t.Errorf("the play should go on from %v once the window is back: playing %v at %v, tick %v", at, m.Playing(), m.Now(), cmd != nil)
	}
	// Paused by the learner, it stays paused through a resize.
	m = press(m, "space")
	m = send(m, tea.WindowSizeMsg{Width: 20, Height: 8}, tea.WindowSizeMsg{Width: 80, Height: 24})
	if m.Playing() {
		t.Error("a run the learner paused should stay paused")
	}
}

// A window too small for the sandbox still says which scenario and
// design it hides, above how big a window it needs and how to leave,
// where they fit: below 80 columns the screen said only the size, and the
// design line went with the rest.
func TestTooSmallKeepsTheDesignLine(t *testing.T) {
	sc := tuitest.Scenario(t, "cascade")
	for _, tc := range []struct {
		w, h    int
		variant int
		want    []string // the screen's first lines, in order
	}{
		{60, 20, 0, []string{"breakerlab sandbox › cascade", "variant 1/3: one shared pool of 200 threads", "breakerlab needs a window of at least 80×24; this one is"}},
		{71, 24, 0, []string{"breakerlab sandbox › cascade", "variant 1/3: one shared pool of 200 threads", "breakerlab needs a window of at least 80×24; this one is 71×24. Make"}},
		{79, 23, 2, []string{"breakerlab sandbox › cascade", "variant 3/3: " + sc.Variants[2].Name}},
		// Too small for the context: the size and the way out stay.
		{20, 4, 0, []string{"Needs 80×24, this is", "20×4.", "Press q to quit."}},
	} {
		m := newModel(t, tc.w, tc.h, Options{Scenario: sc, Variant: tc.variant})
		tuitest.CheckFirstLines(t, m.View(), tc.w, tc.h, tc.want...)
	}
}
