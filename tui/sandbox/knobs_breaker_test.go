package sandbox

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// The slow-call duration's hint says which side of the threshold a call
// exactly at it falls on, as the engine counts it: only a call strictly
// longer is slow (Resilience4j's rule, and the presets'), so "this slow
// or slower" told the learner the wrong side.
func TestSlowCallHintSaysTheEnginesSide(t *testing.T) {
	m := newModel(t, 80, 24, Options{Scenario: tuitest.Scenario(t, "checkout"), Variant: 3})
	m = press(m, "e")
	m = focusLabel(t, m, "slow-call duration", 1)
	hint := m.form.knobs[m.form.focus].hint
	cfg := *m.sim.sc.Variants[3].System.Dependencies[0].Policy.Breaker
	if cfg.SlowCallDuration <= 0 {
		t.Fatal("checkout's breaker counts no slow calls")
	}
	// slow says whether the engine counts a call lasting d as slow.
	slow := func(d time.Duration) bool {
		b, err := breaker.New(cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		p, err := b.Allow(0)
		if err != nil {
			t.Fatal(err)
		}
		b.Record(d, p, breaker.Success)
		return b.Counts().Slow == 1
	}
	if !slow(cfg.SlowCallDuration + time.Millisecond) {
		t.Fatal("a call past the slow-call duration is not slow")
	}
	// Each wording, and whether it counts a call at the threshold slow.
	wordings := map[string]bool{"slower than this": false, "this slow or slower": true}
	said := false
	for words, atThreshold := range wordings {
		if !strings.Contains(hint, words) {
			continue
		}
		said = true
		if got := slow(cfg.SlowCallDuration); got != atThreshold {
			t.Errorf("the hint %q says a call of exactly %v is slow: %v; the engine: %v", hint, cfg.SlowCallDuration, atThreshold, got)
		}
	}
	if !said {
		t.Errorf("the hint %q does not say which side a call at the threshold is on", hint)
	}
}

// A breaker's minimum calls above its window is refused by the form, in
// its own words and naming the field, as any value out of range is, not
// with the engine's message; the window is the one the same edit applies.
func TestMinimumCallsAboveTheWindowIsRefusedByTheForm(t *testing.T) {
	m := newModel(t, 80, 24, Options{Scenario: tuitest.Scenario(t, "checkout"), Variant: 3})
	m = press(m, "e")
	m = focusLabel(t, m, "minimum calls", 1)
	if hint := m.form.knobs[m.form.focus].hint; !strings.HasSuffix(hint, "; at most the window") {
		t.Errorf("minimum calls' hint is %q, want it to end \"; at most the window\"", hint)
	}
	b := m.sim.sc.Variants[3].System.Dependencies[0].Policy.Breaker
	window := b.WindowSize
	if window != 10 {
		t.Fatalf("checkout's variant 4 has a window of %d; the test types 20 as above it", window)
	}
	m = press(m, "ctrl+u", "2", "0", "enter")
	if m.form == nil {
		t.Fatal("minimum calls 20 in a window of 10 were taken")
	}
	want := "payment minimum calls refused: 20 is above the window (10), the most it takes; the run on screen is unchanged"
	if m.form.err != want {
		t.Errorf("the form says %q, want %q", m.form.err, want)
	}
	// The window raised in the same edit takes the minimum.
	m = focusLabel(t, m, "breaker window", 1)
	m = press(m, "ctrl+u", "2", "0", "enter")
	if m.form != nil {
		t.Fatalf("window 20 and minimum calls 20 were refused: %s", m.form.err)
	}
	if b := m.sim.sc.Variants[3].System.Dependencies[0].Policy.Breaker; b.WindowSize != 20 || b.MinimumCalls != 20 {
		t.Errorf("the breaker runs with window %d and minimum %d, want 20 and 20", b.WindowSize, b.MinimumCalls)
	}
	// And the window lowered in the same edit refuses it, naming the new one.
	m = press(m, "e")
	m = focusLabel(t, m, "breaker window", 1)
	m = press(m, "ctrl+u", "8")
	m = focusLabel(t, m, "minimum calls", 1)
	m = press(m, "ctrl+u", "9", "enter")
	if m.form == nil {
		t.Fatal("window 8 with minimum calls 9 were taken")
	}
	if want := "payment minimum calls refused: 9 is above the window (8), the most it takes; the run on screen is unchanged"; m.form.err != want {
		t.Errorf("window 8 with minimum calls 9: the form says %q, want %q", m.form.err, want)
	}
}

// A minimum of 0 is the whole window to the engine, and the breaker pane
// says so in the number it shows ("min 20"); the form's hint said "0 to
// the window", which a learner read as "judged from the first call". The
// hint as drawn says what 0 is and the window's size, the number the pane
// shows, and follows the window edited in the same form.
func TestMinimumCallsHintSaysZeroIsTheWholeWindow(t *testing.T) {
	m := newModel(t, 80, 24, Options{Variant: 2}) // cascade: a window of 20, minimum 0
	b := m.sim.sc.Variants[2].System.Dependencies[2].Policy.Breaker
	if b == nil || b.MinimumCalls != 0 || b.WindowSize != 20 {
		t.Fatalf("cascade's variant 3 should have a breaker with a window of 20 and minimum calls 0, got %+v", b)
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "(min 20)") {
		t.Fatalf("the breaker pane does not say \"(min 20)\":\n%s", v)
	}
	m = press(m, "e")
	m = focusLabel(t, m, "minimum calls", 1)
	drawn := func(m Model) string {
		lines, _ := m.form.layout(m.w-2, m.h-5)
		return strings.Join(lines, " ")
	}
	hint := m.form.knobs[m.form.focus].hintNow()
	if !strings.Contains(hint, "0: the whole window") || !strings.HasSuffix(hint, "at most the window (20)") {
		t.Errorf("minimum calls' hint is %q, want it to say 0 is the whole window, of 20 calls", hint)
	}
	// At 80 columns the range goes on the line above the footer, named by
	// the field, where beside it "at most the window (20)" wrapped.
	if v := strings.Join(strings.Fields(ansi.Strip(drawn(m))), " "); !strings.Contains(v, "0: the whole window; at most the window (20)") &&
		(!strings.Contains(v, "0: the whole window") || !strings.Contains(v, "minimum calls takes at most the window (20)")) {
		t.Errorf("the form does not draw the hint:\n%s", v)
	}
	m = focusLabel(t, m, "breaker window", 1)
	m = press(m, "ctrl+u", "3", "0")
	if hint := m.form.knobs[m.form.focus+1].hintNow(); !strings.HasSuffix(hint, "at most the window (30)") {
		t.Errorf("with the window typed as 30 the hint is %q, want it to end \"at most the window (30)\"", hint)
	}
}
