package sandbox

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// typedJump is m after a jump to at typed at the time prompt (t), as a
// user makes it, its work played.
func typedJump(t *testing.T, m Model, at time.Duration) Model {
	t.Helper()
	m = drainWork(t, send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("t" + at.String())}, keyMsg("enter")))
	if m.Now() != at {
		t.Fatalf("the jump reached %v, want %v", m.Now(), at)
	}
	return m
}

// resized is m after the window changed to w by h, its work played.
func resized(t *testing.T, m Model, w, h int) Model {
	t.Helper()
	return drainWork(t, send(m, tea.WindowSizeMsg{Width: w, Height: h}))
}

// A sandbox resized to a size draws what one made at that size draws,
// and resized back what it drew before: the screen is the run's state at
// that size, whatever sizes the window had before. A 24-hour run's
// profile is work played after its first screen (work.go), and the
// layout made before it stayed until the size changed: made at 200x60,
// the breaker pane kept two lines of log ("61 earlier not shown"); made
// at 80x24 and resized, it had room for fourteen.
func TestResizedScreenIsTheOneMadeAtItsSize(t *testing.T) {
	racefree.Only(t) // the seeks' and profiles' work is played here, a slice a message
	t.Parallel()     // parallel_test.go says which tests may
	// The first made, at 200x60, is the run's first opening: its layout
	// is made before the profile's work, the case that kept two lines of
	// log. The one made at 80x24 finds the profile kept (profiles.go) and
	// is resized, its layout made anew, so it need not play the day again.
	dayName := "cascade made at each size"
	unprofiled(dayScenario(t), dayName)
	day := func(w, h int) Model {
		sc := dayScenario(t)
		sc.Name = dayName
		return dayAtOn(t, sc, w, h)
	}
	cascade := func(w, h int) Model {
		return typedJump(t, drainWork(t, newModel(t, w, h, Options{Variant: 2})), 26*time.Second)
	}
	for _, c := range []struct {
		name string
		made func(w, h int) Model
	}{{"the 24-hour cascade at 12h 10m", day}, {"the cascade at 26 s", cascade}} {
		small, large := [2]int{80, 24}, [2]int{200, 60}
		direct := ansi.Strip(c.made(large[0], large[1]).View())
		m := c.made(small[0], small[1])
		before := ansi.Strip(m.View())
		m = resized(t, m, large[0], large[1])
		if got := ansi.Strip(m.View()); got != direct {
			t.Errorf("%s: made at %v and resized to %v, the screen is not the one made at %v:\n%s\nmade at %v:\n%s",
				c.name, small, large, large, got, large, direct)
		}
		m = resized(t, m, small[0], small[1])
		if got := ansi.Strip(m.View()); got != before {
			t.Errorf("%s: resized to %v and back, the screen is not the one it drew at %v:\n%s\nbefore:\n%s",
				c.name, large, small, got, before)
		}
	}
}

// Every built-in's every variant, at the sizes the tests draw, draws the
// same screen before and after its window went to another size and back,
// early in the run and at its end. A pane whose height depends on the
// moment breaks it: the layout is made when the size changes and kept
// while the run plays (arrange), so such a pane's height is that of the
// moment the layout was made. The tenants' note grew a line as the
// measurement window began, and the fleet's footer as its breakers moved.
func TestEveryBuiltInDrawsAResizedScreenAsBefore(t *testing.T) {
	racefree.Only(t) // no goroutine: the models' messages are sent here
	t.Parallel()     // parallel_test.go says which tests may
	for _, name := range scenarios.Names() {
		for v := range tuitest.Scenario(t, name).Variants {
			for _, size := range [][2]int{{80, 24}, {100, 30}, {200, 60}} {
				m := drainWork(t, newModel(t, size[0], size[1], Options{Scenario: tuitest.Scenario(t, name), Variant: v}))
				for _, tenths := range []time.Duration{3, 10} {
					at := (m.end() * tenths / 10).Truncate(time.Millisecond)
					m = typedJump(t, m, at)
					before := ansi.Strip(m.View())
					m = resized(t, m, 150, 45)
					m = resized(t, m, size[0], size[1])
					if got := ansi.Strip(m.View()); got != before {
						t.Errorf("%s, variant %d, %dx%d at %v: resized to 150x45 and back, the screen changed:\n%s\nbefore:\n%s",
							name, v+1, size[0], size[1], at, got, before)
					}
				}
			}
		}
	}
}
