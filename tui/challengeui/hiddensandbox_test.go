package challengeui

import (
	"reflect"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// sandboxPlays fails t unless m's sandbox plays m's own design on the seed
// its grading falls short on, as a sandbox built on the key would.
func sandboxPlays(t *testing.T, m Model, where string) {
	t.Helper()
	if m.pending != nil {
		t.Fatalf("%s: the sandbox's build still waits", where)
	}
	want, err := m.c.ScenarioFor(m.setting)
	if err != nil {
		t.Fatal(err)
	}
	st := m.sb.State()
	if !reflect.DeepEqual(st.Scenario, want) {
		t.Errorf("%s: the sandbox plays another design than the knobs'", where)
	}
	if seed, _ := playSeed(m.c, m.Result()); st.Seed != seed || m.seed != seed {
		t.Errorf("%s: the sandbox plays seed %d (the panel says %d), want %d", where, st.Seed, m.seed, seed)
	}
}

// A knob set in a narrow window, where the panel hides the sandbox,
// runs no sandbox (its build plays the whole run, on every key): the
// build waits until v, space or a wider window shows it, and then plays
// the design the knobs make on the seed it falls short on. Beside the
// panel it is built on the key. Its presses grade, as the program does,
// so it runs under -race with its neighbours.
func TestAHiddenSandboxIsBuiltWhenShown(t *testing.T) {
	// 21 pools fall short on seed 3 alone (TestWatchPlaysTheSeedThatFallsShort):
	// the build waits on a seed other than the sandbox's on hand.
	narrow := press(t, sized(t, open(t, "bulkhead-20", Options{}), 80, 24), "enter", "2", "1", "enter")
	if narrow.pending == nil {
		t.Fatal("a knob set behind the panel built the sandbox")
	}
	if st := narrow.sb.State(); reflect.DeepEqual(st.Scenario, narrow.pending.sc) || st.Seed == narrow.pending.seed {
		t.Fatal("the case wanted is a sandbox on hand that plays another design on another seed")
	}
	sandboxPlays(t, press(t, narrow, "v"), "v after 21 typed")
	// Space's ticks are left unrun: the run would play out to its end.
	next, _ := narrow.Update(tuitest.Key(" "))
	played := next.(Model)
	sandboxPlays(t, played, "space after 21 typed")
	if !played.sb.Playing() {
		t.Error("space after 21 typed should play the sandbox")
	}
	sandboxPlays(t, sized(t, narrow, 200, 60), "200×60 after 21 typed at 80×24")
	if still := sized(t, narrow, 100, 30); still.pending == nil {
		t.Error("a window still too narrow for the sandbox built it")
	}
	sandboxPlays(t, press(t, sized(t, open(t, "bulkhead-20", Options{}), 200, 60), "right", "right"), "→ → at 200×60")
}
