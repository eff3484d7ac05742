package sandbox

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

func newModel(t testing.TB, w, h int, o Options) Model {
	t.Helper()
	if o.Theme == nil {
		o.Theme = tuitest.Plain()
	}
	if o.Scenario == nil {
		o.Scenario = tuitest.Scenario(t, "cascade")
	}
	if o.Seed == 0 {
		o.Seed = tuitest.Seed
	}
	m, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return send(m, tea.WindowSizeMsg{Width: w, Height: h})
}

// The screen's drivers, from tuitest.
var (
	send   = tuitest.Send[Model]
	press  = tuitest.Press[Model]
	keyMsg = tuitest.Key
	seekTo = tuitest.SeekTo[Model]
)

// freshSnapshot is what a run that never rewound shows at t.
func freshSnapshot(t testing.TB, sc *engine.Scenario, v int, at time.Duration) engine.Snapshot {
	t.Helper()
	r, err := engine.New(sc, v, tuitest.Seed)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(at)
	return r.Snapshot()
}

func TestScreenGolden(t *testing.T) {
	racefree.Only(t)
	for _, sz := range [][2]int{{80, 24}, {100, 30}, {160, 48}} {
		m := newModel(t, sz[0], sz[1], Options{})
		m = seekTo(t, m, 12*time.Second)
		v := m.View()
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		golden.Check(t, fmt.Sprintf("screen-shared-12s-%dx%d", sz[0], sz[1]), v)

		m = press(m, "3")
		m = seekTo(t, m, 26*time.Second)
		v = m.View()
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		golden.Check(t, fmt.Sprintf("screen-breaker-26s-%dx%d", sz[0], sz[1]), v)
	}
}

func TestSmallWindowAsksForMore(t *testing.T) {
	m := newModel(t, 79, 24, Options{})
	v := m.View()
	tuitest.CheckBlock(t, v, 79, 24)
	golden.Check(t, "screen-too-small-79x24", v)
	if !strings.Contains(strings.ReplaceAll(v, "\n", " "), "at least 80×24") {
		t.Errorf("a small window should ask for 80×24:\n%s", v)
	}
}

// Nothing panics and the view always fills the window, whatever its size,
// in every mode of the screen.
func TestAnySizeFillsTheWindow(t *testing.T) {
	racefree.Only(t)
	base := newModel(t, 100, 30, Options{})
	base = seekTo(t, base, 12*time.Second)
	modes := map[string]Model{
		"panes":           base,
		"help":            press(base, "?"),
		"form":            press(base, "e"),
		"compare":         press(base, "c"),
		"compare-presets": press(base, "C"),
		"compare-help":    press(base, "c", "?"),
		"compare-form":    press(base, "c", "e"),
	}
	sizes := [][2]int{{1, 1}, {2, 1}, {1, 2}, {3, 3}, {200, 60}, {80, 23}, {79, 24}, {80, 24}}
	for w := 1; w <= 200; w += 13 {
		for h := 1; h <= 60; h += 7 {
			sizes = append(sizes, [2]int{w, h})
		}
	}
	for name, m := range modes {
		for _, sz := range sizes {
			mm := send(m, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
			v := mm.View()
			lines := strings.Split(v, "\n")
			if len(lines) != sz[1] {
				t.Fatalf("%s at %dx%d: %d lines", name, sz[0], sz[1], len(lines))
			}
			for i, l := range lines {
				if ansi.StringWidth(l) > sz[0] {
					t.Fatalf("%s at %dx%d: line %d is %d wide", name, sz[0], sz[1], i, ansi.StringWidth(l))
				}
			}
		}
	}
}

// The clock's own rules (frames, stale chains, speeds) are tested in
// tui/internal/playback; here, that the sandbox plays by them.
func TestPlayPauseAndTicks(t *testing.T) {
	m := newModel(t, 100, 30, Options{})
	if m.Init() != nil {
		t.Fatal("a paused sandbox must not tick")
	}
	next, cmd := m.Update(keyMsg("space"))
	m = next.(Model)
	if !m.Playing() || cmd == nil {
		t.Fatal("space should start playing and arm a tick")
	}
	start := time.Unix(100, 0)
	next, cmd = m.Update(m.clock.FrameAt(start))
	m = next.(Model)
	if m.Now() != playback.Frame || cmd == nil || !strings.Contains(m.View(), "▶ playing") {
		t.Errorf("a frame should move the sandbox one frame on and arm the next: %v (cmd %v)", m.Now(), cmd != nil)
	}
	// A stale chain (from before a pause) moves nothing and re-arms nothing.
	stale := m.clock.FrameAt(start.Add(time.Second))
	m = press(m, "space", "space")
	before := m.Now()
	if next, cmd = m.Update(stale); next.(Model).Now() != before || cmd != nil {
		t.Error("a stale tick changed the run")
	}
	next, cmd = m.Update(keyMsg("space"))
	m = next.(Model)
	if m.Playing() || cmd != nil {
		t.Error("space should pause without arming a tick")
	}
}

func TestPlayingStopsAtTheEndAndSpaceRestarts(t *testing.T) {
	m := newModel(t, 100, 30, Options{})
	m = press(m, "+", "+", "+", "+", "+", "+") // ×100
	m = press(m, "space")
	at := time.Unix(0, 0)
	for i := 0; m.Playing() && i < 1000; i++ {
		at = at.Add(playback.Frame)
		m = send(m, m.clock.FrameAt(at))
	}
	if m.Playing() || m.Now() != 30*time.Second {
		t.Fatalf("at ×100 the run should stop at 30 s, paused; got %v, playing %v", m.Now(), m.Playing())
	}
	if !strings.Contains(m.View(), "■ finished") {
		t.Error("the status line should say finished")
	}
	m = press(m, "space")
	if !m.Playing() || m.Now() != 0 {
		t.Errorf("space at the end should restart and play; got %v, playing %v", m.Now(), m.Playing())
	}
}

func TestStepAndRewindAreExact(t *testing.T) {
	m := newModel(t, 100, 30, Options{})
	m = press(m, "right", ".", "right")
	if m.Now() != 300*time.Millisecond {
		t.Fatalf("three steps: %v, want 300ms", m.Now())
	}
	m = seekTo(t, m, 12300*time.Millisecond)
	m = press(m, "left", ",")
	if m.Now() != 12100*time.Millisecond {
		t.Fatalf("two steps back from 12.3 s: %v", m.Now())
	}
	want := freshSnapshot(t, m.sim.sc, 0, 12100*time.Millisecond)
	got := m.Snapshot()
	if !slices.Equal(got.WorkerOwner, want.WorkerOwner) || got.Busy != want.Busy ||
		got.Endpoints[0].Total != want.Endpoints[0].Total || len(got.Endpoints[0].Series) != len(want.Endpoints[0].Series) {
		t.Error("stepping back does not show exactly what a fresh run shows at 12.1 s")
	}
	// Stepping back from a time off the 100 ms grid lands on the grid.
	m.sim.seek(12150 * time.Millisecond)
	m = press(m, "left")
	if m.Now() != 12100*time.Millisecond {
		t.Errorf("back from 12.15 s: %v, want 12.1 s", m.Now())
	}
	// Steps stop at the ends.
	m = press(m, "r", "left")
	if m.Now() != 0 {
		t.Errorf("back from 0: %v", m.Now())
	}
	// A step pauses playing.
	m = press(m, "space", "right")
	if m.Playing() {
		t.Error("a step should pause")
	}
}

func TestKeysThatArriveTogether(t *testing.T) {
	m := newModel(t, 100, 30, Options{})
	m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("...+")})
	if m.Now() != 300*time.Millisecond || m.Speed() != 2 {
		t.Errorf("\"...+\" in one message: at %v, speed %v; want 300ms and ×2", m.Now(), m.Speed())
	}
}

func TestSpeed(t *testing.T) {
	m := newModel(t, 100, 30, Options{})
	if m.Speed() != 1 {
		t.Fatalf("default speed %v", m.Speed())
	}
	m = press(m, "+")
	if m.Speed() != 2 {
		t.Errorf("+ gives %v", m.Speed())
	}
	m = press(m, "=", "+", "+", "+", "+", "+", "+", "+", "+")
	if m.Speed() != 100 {
		t.Errorf("the top speed is %v, want 100", m.Speed())
	}
	m = press(m, "-", "_")
	if m.Speed() != 20 {
		t.Errorf("two steps down from 100: %v", m.Speed())
	}
	for range 20 {
		m = press(m, "-")
	}
	if m.Speed() != 0.1 {
		t.Errorf("the bottom speed is %v, want 0.1", m.Speed())
	}
	if !strings.Contains(m.View(), "×0.1") {
		t.Error("the status line should show ×0.1")
	}
	if m := newModel(t, 100, 30, Options{Speed: 5}); m.Speed() != 5 {
		t.Errorf("Options.Speed 5 gives %v", m.Speed())
	}
}

func TestRestart(t *testing.T) {
	m := newModel(t, 100, 30, Options{})
	m = seekTo(t, m, 5*time.Second)
	m = press(m, "r")
	if m.Now() != 0 {
		t.Errorf("r: %v", m.Now())
	}
}

func TestVariantsKeepSeedAndTime(t *testing.T) {
	racefree.Only(t)
	m := newModel(t, 100, 30, Options{})
	m = seekTo(t, m, 12*time.Second)
	sc := m.sim.sc
	for _, c := range []struct {
		key  string
		want int
	}{{"tab", 1}, {"tab", 2}, {"tab", 0}, {"shift+tab", 2}, {"1", 0}, {"2", 1}, {"3", 2}} {
		m = press(m, c.key)
		if m.Variant() != c.want || m.Now() != 12*time.Second {
			t.Fatalf("%s: variant %d at %v, want %d at 12s", c.key, m.Variant(), m.Now(), c.want)
		}
		want := freshSnapshot(t, sc, c.want, 12*time.Second)
		if !slices.Equal(m.Snapshot().WorkerOwner, want.WorkerOwner) {
			t.Fatalf("%s: variant %d differs from a fresh run on the same seed", c.key, c.want)
		}
	}
	m = press(m, "9")
	if m.Variant() != 2 || !strings.Contains(m.View(), "cascade has 3 variants") {
		t.Error("9 should be refused with a note")
	}
}

func TestKnobFormAppliesOnTheSameSeed(t *testing.T) {
	racefree.Only(t)
	m := newModel(t, 100, 30, Options{})
	m = press(m, "2")
	m = seekTo(t, m, 22*time.Second)
	m = press(m, "e")
	if m.form == nil {
		t.Fatal("e should open the form")
	}
	v := m.View()
	for _, want := range []string{"workers", "search rate", "recommendations hangs from", "timeout", "bulkhead"} {
		if !strings.Contains(v, want) {
			t.Errorf("the form lacks %q:\n%s", want, v)
		}
	}
	// Move to the bulkhead field and set it to 5.
	for m.form.knobs[m.form.focus].label != "bulkhead" {
		m = press(m, "down")
	}
	m = press(m, "backspace", "backspace", "5", "enter")
	if m.form != nil {
		t.Fatalf("a valid value should close the form: %s", m.form.err)
	}
	dep, _ := m.Snapshot().Dependency("recommendations")
	if dep.BulkheadCap != 5 || dep.Bulkhead > 5 || m.Now() != 22*time.Second || m.Variant() != 1 {
		t.Errorf("bulkhead 5 not applied: cap %d, in %d, at %v, variant %d", dep.BulkheadCap, dep.Bulkhead, m.Now(), m.Variant())
	}
	if !strings.Contains(m.View(), "knobs applied") {
		t.Error("the status line should confirm the change")
	}
	if !strings.Contains(press(m, "+", "-").View(), "(edited)") {
		t.Error("the status line should mark the run as edited")
	}
	// And back to 20: the same run as the built-in one.
	m = press(m, "e")
	for m.form.knobs[m.form.focus].label != "bulkhead" {
		m = press(m, "tab")
	}
	m = press(m, "ctrl+u", "2", "0", "enter")
	want := freshSnapshot(t, tuitest.Scenario(t, "cascade"), 1, 22*time.Second)
	if !slices.Equal(m.Snapshot().WorkerOwner, want.WorkerOwner) {
		t.Error("setting the bulkhead back to 20 should give the built-in run again")
	}
}

func TestKnobFormRefusesBadValuesInline(t *testing.T) {
	m := newModel(t, 100, 30, Options{})
	m = seekTo(t, m, 5*time.Second)
	before := m.Snapshot()
	m = press(m, "e")
	// workers: not a number.
	m = press(m, "ctrl+u", "x", "enter")
	if m.form == nil || m.form.knobs[0].err == "" {
		t.Fatal("a non-number should be refused and keep the form open")
	}
	if !strings.Contains(m.View(), "✗ want 1 to 100,000") || !strings.Contains(m.form.err, `"x" is not a whole number`) {
		t.Errorf("the refusal should show next to the field, and why on the message line:\n%s", m.View())
	}
	// workers: a number outside the range the hint states, refused in the
	// hint's own words (the engine's limit, engine.MaxWorkers).
	m = press(m, "ctrl+u", "0", "enter")
	if m.form == nil || m.form.knobs[0].err != "want 1 to 100,000" || !strings.HasSuffix(m.form.knobs[0].hint, "; 1 to 100,000") {
		t.Fatalf("0 workers should be refused with the hint's range, got %q (hint %q)", m.form.knobs[0].err, m.form.knobs[0].hint)
	}
	if !strings.Contains(m.View(), "refused") {
		t.Error("the field should be marked as refused")
	}
	// esc keeps the old run.
	m = press(m, "esc")
	if m.form != nil || m.Now() != before.Now || !slices.Equal(m.Snapshot().WorkerOwner, before.WorkerOwner) || m.sim.edited {
		t.Error("esc should close the form and keep the run")
	}
	// ctrl+r puts the scenario's values back.
	m = press(m, "e", "ctrl+u", "7", "ctrl+r")
	if got := m.form.knobs[0].input.Value(); got != "200" {
		t.Errorf("ctrl+r should restore 200 workers, field says %q", got)
	}
	m = press(m, "esc")
}

func TestKnobFormParses(t *testing.T) {
	for _, c := range []struct {
		kind valueKind
		in   string
		want value
		bad  bool
	}{
		{kindInt, "20", value{n: 20}, false},
		{kindInt, "-1", value{}, true},
		{kindInt, "2.5", value{}, true},
		{kindRate, "12.5", value{f: 12.5}, false},
		{kindRate, "-3", value{}, true},
		{kindDuration, "5s", value{d: 5 * time.Second}, false},
		{kindDuration, "250ms", value{d: 250 * time.Millisecond}, false},
		// A bare number is refused, as a challenge refuses it: 200 for a
		// timeout meant as 200 ms would run with 200 s. 0 needs no unit.
		{kindDuration, "2.5", value{}, true},
		{kindDuration, "200", value{}, true},
		{kindDuration, "0", value{}, false},
		{kindDuration, "0s", value{}, false},
		{kindDuration, "-5", value{}, true},
		{kindUntil, "20", value{}, true},
		{kindDuration, "soon", value{}, true},
		{kindDuration, "", value{}, true},
		{kindUntil, "", value{}, false},
		{kindUntil, "end", value{}, false},
		{kindUntil, "20s", value{d: 20 * time.Second}, false},
		{kindPercent, "50%", value{f: 0.5}, false},
		{kindPercent, "50", value{f: 0.5}, false},
		{kindPercent, "0.25", value{f: 0.25}, false},
		// 0 is the rate's rule switched off, as a scenario file takes it.
		{kindPercent, "0", value{}, false},
		{kindPercent, "0%", value{}, false},
		// "1" would be a share of 1, where "2" is 2 %: it is asked.
		{kindPercent, "1", value{}, true},
		{kindPercent, "1%", value{f: 0.01}, false},
		{kindPercent, "100%", value{f: 1}, false},
		{kindPercent, "1.0", value{}, true},
		{kindPercent, "150%", value{}, true},
		{kindQueue, "-1", value{n: engine.QueueUnbounded}, false},
		{kindQueue, "unbounded", value{n: engine.QueueUnbounded}, false},
		{kindQueue, "50", value{n: 50}, false},
		{kindQueue, "-2", value{}, true},
	} {
		got, err := parse(c.kind, c.in)
		if (err != nil) != c.bad || (!c.bad && got != c.want) {
			t.Errorf("parse(%d, %q) = %+v, %v", c.kind, c.in, got, err)
		}
	}
}

// A timeout typed without its unit is refused next to the field, in the
// words a challenge's typed field uses, and the run stays as it was; 0
// (the hint's "wait for ever") is taken.
func TestKnobFormRefusesADurationWithoutItsUnit(t *testing.T) {
	m := newModel(t, 100, 30, Options{})
	m = press(m, "3", "e")
	for m.form.knobs[m.form.focus].label != "timeout" {
		m = press(m, "down")
	}
	m = press(m, "ctrl+u", "2", "0", "0", "enter")
	if m.form == nil {
		t.Fatal("timeout 200 without a unit should be refused and keep the form open")
	}
	k := m.form.knobs[m.form.focus]
	if want := "a duration with its unit"; k.err != want {
		t.Errorf("the field says %q, want %q", k.err, want)
	}
	if want := `timeout refused: "200" is not a number followed by its unit, as a scenario file writes it: 200s or 200ms, not 200 alone`; !strings.Contains(m.form.err, want) {
		t.Errorf("the message line says %q, want %q", m.form.err, want)
	}
	if !strings.Contains(m.View(), "✗") || m.sim.edited {
		t.Errorf("the refusal should show and the run stay unedited:\n%s", m.View())
	}
	m = press(m, "ctrl+u", "0", "enter")
	if m.form != nil {
		t.Fatalf("timeout 0 (wait for ever) should be taken: %q", m.form.knobs[m.form.focus].err)
	}
}

// At 80×24 the help does not fit: it scrolls, says which lines it shows,
// and its last paragraph can be reached.
func TestHelpScrollsWhenItDoesNotFit(t *testing.T) {
	m := press(newModel(t, 80, 24, Options{}), "?")
	v := m.View()
	golden.Check(t, "help-80x24", v)
	if !strings.Contains(v, "lines 1–") || !strings.Contains(v, "↓ more") || !strings.Contains(v, "↑/↓ scroll") {
		t.Fatalf("an overflowing help should say it scrolls:\n%s", v)
	}
	last := "what was there"
	if strings.Contains(v, last) {
		t.Fatalf("the fixture should not show the last paragraph before scrolling:\n%s", v)
	}
	end := press(m, "G")
	golden.Check(t, "help-80x24-end", end.View())
	if v := end.View(); !strings.Contains(v, last) || !strings.Contains(v, "· the end") {
		t.Errorf("G should scroll to the last paragraph:\n%s", v)
	}
	// Down and up move a line; past either end they stop.
	down := press(m, "down", "j")
	if !strings.Contains(down.View(), "lines 3–") {
		t.Errorf("two lines down should start at line 3:\n%s", down.View())
	}
	if v := press(down, "up", "k", "k", "up").View(); !strings.Contains(v, "lines 1–") {
		t.Errorf("scrolling up past the top should stop at line 1:\n%s", v)
	}
	if v := press(end, "j", "j", "k").View(); strings.Contains(v, "· the end") {
		t.Errorf("one line up from the end should leave the end, whatever was pressed before:\n%s", v)
	}
	// Space pages down in the help rather than playing.
	if pg := press(m, "space"); pg.Playing() || strings.Contains(pg.View(), "lines 1–") {
		t.Errorf("space in the help should page down, not play:\n%s", pg.View())
	}
	// A bigger window shows it all, without the scrolling words. 49
	// lines: the knob form's paragraph has a second line, what typing
	// on a field just entered does (formHelp).
	big := send(m, tea.WindowSizeMsg{Width: 160, Height: 49})
	if v := big.View(); strings.Contains(v, "lines 1–") || strings.Contains(v, "scroll") || !strings.Contains(v, last) {
		t.Errorf("a help that fits should not scroll:\n%s", v)
	}
}

func TestHelpAndQuit(t *testing.T) {
	m := newModel(t, 100, 30, Options{})
	m = press(m, "?")
	if !m.showHelp || !strings.Contains(m.View(), "What the panes show") {
		t.Fatal("? should show the full help")
	}
	m = press(m, "?")
	if m.showHelp {
		t.Fatal("? again should close it")
	}
	m = press(m, "?", "esc")
	if m.showHelp {
		t.Fatal("esc should close the help")
	}
	for _, k := range []string{"q", "ctrl+c"} {
		_, cmd := m.Update(keyMsg(k))
		if cmd == nil {
			t.Fatalf("%s returned no command", k)
		}
		if _, ok := cmd().(tea.QuitMsg); !ok {
			t.Errorf("%s should quit", k)
		}
	}
}

func TestEscGoesHomeOnlyWhenThereIsOne(t *testing.T) {
	m := newModel(t, 100, 30, Options{})
	if _, cmd := m.Update(keyMsg("esc")); cmd != nil {
		t.Error("esc without a home screen should do nothing")
	}
	m = newModel(t, 100, 30, Options{CanGoHome: true})
	_, cmd := m.Update(keyMsg("esc"))
	if cmd == nil {
		t.Fatal("esc should go home")
	}
	if _, ok := cmd().(BackMsg); !ok {
		t.Error("esc should send BackMsg")
	}
}

// b with a single breaker changes no pane, and the status line says why
// (it used to say nothing: TestNextBreakerSaysWhyItCannot).
func TestBreakerKeyWithOneBreaker(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	m := newModel(t, 100, 30, Options{Variant: 2})
	m = seekTo(t, m, 16*time.Second)
	before := strings.Split(m.View(), "\n")
	m = press(m, "b")
	after := strings.Split(m.View(), "\n")
	panes := len(before) - 2 // above the status line and the keys
	if strings.Join(after[:panes], "\n") != strings.Join(before[:panes], "\n") {
		t.Error("b with a single breaker should change no pane")
	}
	if !strings.Contains(after[panes], "only one breaker in this run") {
		t.Errorf("b with a single breaker should say why on the status line, which reads %q", after[panes])
	}
}

func TestNoColorKeepsMeaning(t *testing.T) {
	m := newModel(t, 100, 30, Options{Variant: 2})
	m = seekTo(t, m, 16*time.Second)
	v := m.View()
	if v != ansi.Strip(v) {
		t.Fatal("the plain theme should emit no escape codes")
	}
	for _, want := range []string{"● OPEN", "○ closed", "⏸ paused", "[3 bulkhead and circuit breaker]", "✗", "✓"} {
		if !strings.Contains(v, want) {
			t.Errorf("without colour the screen still needs %q", want)
		}
	}
}
